"""Legal plays, found by search.

Every order of the dice is searched, step by step, and then filtered the way
the rules say: the most dice possible, then (where the variant names it) the
higher die; two plays that leave the same position are one.

This module holds the search for backgammon. ``backgammon_plays`` tries every
order of the dice step by step; in positions where no step's legality can
change during the play (a man on the bar, or contact with no bear-off
possible) shortcuts find the same plays with far less work, and a roll of two
different dice where bearing off may begin is searched by two written-out
loops. The tests check that both ways agree, on the reference data, on seeded
random games and on any position hypothesis draws.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.rules.play import Play, Step
from game.rules.position import Position

# Keys that identify the position a play leaves: a byte per pos for the
# mover's men, then one bit per pos where an opposing blot was hit.
_W = tuple(1 << (8 * p) for p in range(26))
_new = tuple.__new__
_HIT = tuple(1 << (208 + p) for p in range(26))
# Tables for bytes.translate: a count of the opponent's men on a point to 1 where they
# block it (two or more) or stand there as a blot (exactly one), else 0.
_BLOCK = bytes(1 if c >= 2 else 0 for c in range(256))
_BLOT = bytes(1 if c == 1 else 0 for c in range(256))


def backgammon_plays(
    position: Position, dice: Iterable[int], *, shortcuts: bool = True
) -> list[Play]:
    """All distinct legal plays of ``dice`` for ``position.to_act`` in backgammon.

    The mover's pos 1 is its 24-point; it bears off from pos 19-24 to pos 25.
    Doubles are played four times.
    """
    dice = tuple(dice)
    side = position.to_act
    mine = position.board[side]
    # The opponent seen from the mover's side: its pos 25 - p is our pos p.
    # block[p] and blot[p]: 1 where two or more of its men, or exactly one, stand on p.
    facing = bytes(position.board[1 - side][::-1])
    block = facing.translate(_BLOCK)
    blot = facing.translate(_BLOT)

    if shortcuts and len(dice) == 2:
        a, b = dice
        if mine[0]:
            # A play that starts with a man on the bar never bears off: the man
            # enters on pos 1-6 and cannot reach home with the dice left.
            if a != b:
                return _bar_plays(mine, block, blot, a, b)
            return _bar_doubles(mine, block, blot, a)
        outside = sum(mine[0:19])
        # Contact play: no man on the bar and no bear-off possible this turn,
        # so whether a step is legal never changes during the play.
        if a != b:
            if outside >= 2:
                return _contact_plays(mine, block, blot, a, b)
            return _home_plays(list(mine), block, blot, a, b, outside)
        if outside >= 4:
            return _contact_doubles(list(mine), block, blot, a)

    me = list(mine)
    outside = sum(me[0:19])
    doubles = len(dice) == 2 and dice[0] == dice[1]
    plays, best = _search_steps(me, block, blot, dice, outside, doubles)
    if best == 1 and len(dice) == 2 and not doubles:
        high = max(dice)
        if any(s[0][2] == high for s in plays):
            plays = [s for s in plays if s[0][2] == high]
    return [_new(Play, p) for p in plays]


def _search_steps(
    me: list[int],
    block: bytes,
    blot: bytes,
    dice: tuple[int, ...],
    outside: int,
    doubles: bool,
) -> tuple[list[tuple[Step, ...]], int]:
    """The general search of ``backgammon_plays``: every sequence of steps that uses the
    most dice, one per resulting board (its key: the men, and the blots hit on the
    way), and how many dice they use. ``me`` is changed and restored."""
    found: dict[int, tuple[Step, ...]] = {}
    best = 0
    steps: list[Step] = []

    def search(todo: tuple[int, ...], min_src: int, key: int, hits: int, outside: int) -> None:
        """Try every legal step with ``todo[0]``, then recurse on the rest."""
        nonlocal best
        die = todo[0]
        rest = todo[1:]
        depth1 = len(steps) + 1
        moved = False
        if me[0]:
            sources: Iterable[int] = (0,) if min_src == 0 else ()
        else:
            sources = range(max(min_src, rear), 25)
        for src in sources:
            if not me[src]:
                continue
            dst = src + die
            if dst <= 24:
                if block[dst]:
                    continue
                hit = bool(blot[dst]) and not (hits & _HIT[dst])
            else:
                if outside or (dst > 25 and any(me[19:src])):
                    continue  # bearing off: all home, and a high die only from the rearmost
                dst = 25
                hit = False
            moved = True
            k = key - _W[src] + _W[dst]
            h = hits | _HIT[dst] if hit else hits
            if not rest:
                # Last die: no need to apply the step, only to name its result.
                if depth1 >= best:
                    if depth1 > best:
                        best = depth1
                        found.clear()
                    k |= h
                    if k not in found:
                        found[k] = (*steps, _new(Step, (src, dst, die, hit, ())))
                continue
            me[src] -= 1
            me[dst] += 1
            steps.append(_new(Step, (src, dst, die, hit, ())))
            out = outside - 1 if src <= 18 < dst else outside
            search(rest, src if doubles else 0, k, h, out)
            steps.pop()
            me[src] += 1
            me[dst] -= 1
        if not moved and depth1 - 1 >= best:
            if depth1 - 1 > best:
                best = depth1 - 1
                found.clear()
            found.setdefault(key | hits, tuple(steps))

    # Men only move forward: no step starts behind the rearmost man off the bar.
    rear = 1 if me[0] else next((p for p in range(1, 25) if me[p]), 25)
    key0 = int.from_bytes(bytes(me), "little")
    if doubles:
        search((dice[0],) * 4, 0, key0, 0, outside)
    else:
        search(dice, 0, key0, 0, outside)
        if len(dice) == 2:
            search((dice[1], dice[0]), 0, key0, 0, outside)
    return list(found.values()), best


def _home_plays(
    me: list[int], block: bytes, blot: bytes, a: int, b: int, outside: int
) -> list[Play]:
    """``_search_steps`` for two different dice, written out as two loops: the plays of a
    position where a man may bear off this turn (no man on the bar). ``me`` is changed
    and restored."""
    found: dict[int, Play] = {}
    singles: list[Step] = []
    rear = next((p for p in range(1, 25) if me[p]), 25)
    key0 = int.from_bytes(bytes(me), "little")
    for x, y in ((a, b), (b, a)):
        for src in range(rear, 25):
            if not me[src]:
                continue
            dst = src + x
            if dst <= 24:
                if block[dst]:
                    continue
                step = _STEPS[blot[dst]][x][src]
            elif outside or (dst > 25 and any(me[19:src])):
                continue  # bearing off: all home, and a high die only from the rearmost
            else:
                dst = 25
                step = _STEPS[0][x][src]
            me[src] -= 1
            me[dst] += 1
            out = outside - 1 if src <= 18 < dst else outside
            key = key0 - _W[src] + _W[dst]
            if step[3]:
                key |= _HIT[dst]
            second = False
            for src2 in range(rear, 25):
                if not me[src2]:
                    continue
                dst2 = src2 + y
                if dst2 <= 24:
                    if block[dst2]:
                        continue
                    # A blot the first man hit is gone: the second lands there plainly.
                    hit2 = blot[dst2] and not (step[3] and dst2 == dst)
                    step2 = _STEPS[hit2][y][src2]
                elif out or (dst2 > 25 and any(me[19:src2])):
                    continue
                else:
                    dst2 = 25
                    step2 = _STEPS[0][y][src2]
                    hit2 = 0
                second = True
                k = key - _W[src2] + _W[dst2]
                if hit2:
                    k |= _HIT[dst2]
                if k not in found:
                    found[k] = _new(Play, (step, step2))
            me[src] += 1
            me[dst] -= 1
            if not second and not found:
                singles.append(step)
    if found:
        return list(found.values())
    high = max(a, b)
    ones = [s for s in singles if s[2] == high] or singles
    return [_new(Play, (s,)) for s in ones] or [_new(Play, ())]


# Difference keys for contact plays: a signed base-8 digit per pos (a play of
# four steps changes a pos by at most 4, so every net change has one key),
# and a bit per pos where a man hit a blot on its way and moved on.
_D = tuple(8**p for p in range(26))
_MID = tuple(1 << (90 + p) for p in range(26))


# Every step a backgammon man can take, made once: _STEPS[hit][die][src] (no dice list).
_STEPS = tuple(
    tuple(tuple(Step(src, min(src + die, 25), die, hit) for src in range(26)) for die in range(7))
    for hit in (False, True)
)


# Two-step plays of two different men, made once and kept: _PAIRS[(a * 7 + b) * 52 +
# 2 * src1 + hit1][2 * src2 + hit2] is the play of the man on src1 moving a (hitting or
# not), then the man on src2 moving b. At most 30 * 24 * 2 rows of 52 plays (a few MB).
_PAIRS: dict[int, list[Play]] = {}


def _pair_row(key: int, a: int, b: int, src1: int, hit1: int) -> list[Play]:
    """The row of ``_PAIRS`` at ``key``, for the first step (a, src1, hit1), made and kept."""
    first = _STEPS[hit1][a][src1]
    meet = src1 + a - b  # a man from here lands on the first man's point: no second hit
    row = [
        _new(Play, (first, _STEPS[j & 1 and not (hit1 and j >> 1 == meet)][b][j >> 1]))
        for j in range(52)
    ]
    _PAIRS[key] = row
    return row


def _contact_plays(
    me: Sequence[int], block: bytes, blot: bytes, a: int, b: int
) -> list[Play]:
    """Non-double plays when no man is on the bar and no man can bear off.

    A two-step play is either two men each moving one die (any step legal
    from the start, in either order) or one man moving both dice in turn.
    Two different men moving one die each always leave different boards
    unless one lands where the other starts: then the board is the one man's
    play across both dice, which the second loop lists (its middle point
    holds the mover's own man, so it is open and nothing is hit there). A
    man taking both dice leaves one board by either route unless a route
    hits on its middle point, which sends a different man to the bar.
    """
    men = [p for p in range(1, 25) if me[p]]
    first = [(src, blot[src + a]) for src in men if src + a < 25 and not block[src + a]]
    second = [(src, 2 * src + blot[src + b]) for src in men if src + b < 25 and not block[src + b]]
    pair = (a * 7 + b) * 52
    rows = []
    for src1, hit1 in first:
        key = pair + 2 * src1 + hit1
        row = _PAIRS.get(key) or _pair_row(key, a, b, src1, hit1)
        rows.append((src1, src1 + a, src1 - b, me[src1] < 2, row))
    # The second man starts neither where the first landed (that is one man's play) nor
    # where it lands on the first man's start (the same board), nor from the first
    # man's point when he was alone there.
    plays = [
        row[j]
        for src1, dst1, back, alone, row in rows
        for src2, j in second
        if src2 != dst1 and src2 != back and not (alone and src2 == src1)
    ]
    add = plays.append
    # One man taking both dice: a first (through src + a), or b first (through src + b).
    far = a + b
    for src in men:
        if src + far > 24 or block[src + far]:
            continue
        end_hit = blot[src + far]
        via_a = not block[src + a]
        via_b = not block[src + b]
        if via_a:
            add(_new(Play, (_STEPS[blot[src + a]][a][src], _STEPS[end_hit][b][src + a])))
        if via_b and (not via_a or blot[src + a] or blot[src + b]):
            add(_new(Play, (_STEPS[blot[src + b]][b][src], _STEPS[end_hit][a][src + b])))
    if plays:
        return plays
    # One die only: the higher where it can be played.
    ones = [_STEPS[blot[src + a]][a][src] for src, _ in first]
    others = [_STEPS[j & 1][b][src] for src, j in second]
    if a < b:
        ones, others = others, ones
    return [_new(Play, (step,)) for step in ones or others] or [_new(Play, ())]


def _contact_doubles(
    me: list[int],
    block: bytes,
    blot: bytes,
    die: int,
    todo: int = 4,
    prefix: tuple[Step, ...] = (),
    hits0: int = 0,
) -> list[Play]:
    """Doubles when no man is on the bar and none can bear off this turn.

    Steps are taken in order of their source (never behind the last one),
    so each play is a multiset of sources; with no bear-off its net change
    (the sources shifted by the die) is different for every multiset, so each
    result is reached exactly once and needs no de-duplication. The points a
    man may step from are fixed for the turn (the landing point open); which
    of them hold a man changes as men arrive, and ``me`` says.
    """
    # Only a point that holds a man, or that a man can reach with this die, can start a
    # step: the others would be tried and found empty at every level of the search.
    movable = []
    reach = 0
    for p in range(1, 25 - die):
        if not block[p + die] and (me[p] or (reach >> p) & 1):
            movable.append(p)
            reach |= 1 << (p + die)
    plain, hitting = _STEPS[0][die], _STEPS[1][die]
    if todo == 4 and not prefix:
        found = _four_steps(me, blot, die, movable)
        if found:
            return found
    n = len(movable)
    full: list[Play] = []
    partial: list[list[tuple[Step, ...]]] = [[], [], [], [], []]
    steps: list[Step] = list(prefix)

    def search(left: int, start: int, hits: int) -> None:
        moved = False
        for i in range(start, n):
            src = movable[i]
            if not me[src]:
                continue
            moved = True
            dst = src + die
            if blot[dst] and not (hits >> dst) & 1:
                step, now = hitting[src], hits | (1 << dst)
            else:
                step, now = plain[src], hits
            if left == 1:
                full.append(_new(Play, (*steps, step)))
                continue
            me[src] -= 1
            me[dst] += 1
            steps.append(step)
            search(left - 1, i, now)
            steps.pop()
            me[src] += 1
            me[dst] -= 1
        if not moved and not full:
            partial[len(steps)].append(tuple(steps))

    search(todo, 0, hits0)
    if full:
        return full
    for depth in (3, 2, 1, 0):
        if partial[depth]:
            return [_new(Play, p) for p in partial[depth]]
    return [_new(Play, ())]  # pragma: no cover - depth 0 is always recorded


def _four_steps(me: list[int], blot: bytes, die: int, movable: list[int]) -> list[Play]:
    """``_contact_doubles``' plays of all four steps (none if no four fit), its search
    written out as four loops: the usual roll of doubles, searched without a call per
    step. ``me`` is changed and restored.

    A point is reached with this die from one point only, and sources never go back,
    so a step lands where an earlier one did only when it starts where the step just
    before it started: then the blot there, if any, was hit already."""
    plain, hitting = _STEPS[0][die], _STEPS[1][die]
    # Per source: the point, where it lands, its step as the first from there, and as
    # a second man from there.
    rows = [(s, s + die, hitting[s] if blot[s + die] else plain[s], plain[s]) for s in movable]
    n = len(rows)
    full: list[Play] = []
    add = full.append
    for i1 in range(n):
        s1, d1, st1, _ = rows[i1]
        if not me[s1]:
            continue
        me[s1] -= 1
        me[d1] += 1
        for i2 in range(i1, n):
            s2, d2, f2, p2 = rows[i2]
            if not me[s2]:
                continue
            st2 = p2 if i2 == i1 else f2
            me[s2] -= 1
            me[d2] += 1
            for i3 in range(i2, n):
                s3, d3, f3, p3 = rows[i3]
                if not me[s3]:
                    continue
                st3 = p3 if i3 == i2 else f3
                me[s3] -= 1
                me[d3] += 1
                for i4 in range(i3, n):
                    s4, _, f4, p4 = rows[i4]
                    if me[s4]:
                        add(_new(Play, (st1, st2, st3, p4 if i4 == i3 else f4)))
                me[s3] += 1
                me[d3] -= 1
            me[s2] += 1
            me[d2] -= 1
        me[s1] += 1
        me[d1] -= 1
    return full


def _bar_plays(me: Sequence[int], block: bytes, blot: bytes, a: int, b: int) -> list[Play]:
    """Non-double plays with men on the bar (no bear-off is possible)."""
    enter = {d: _new(Step, (0, d, d, bool(blot[d]), ())) for d in (a, b) if not block[d]}
    if not enter:
        return [_new(Play, ())]
    if me[0] >= 2:
        if len(enter) == 2:
            return [_new(Play, (enter[a], enter[b]))]
        return [_new(Play, (step,)) for step in enter.values()]
    # One man on the bar: it enters with one die, then any man may take the other.
    found: dict[int, tuple[Step, ...]] = {}
    for first, second in ((a, b), (b, a)):
        entry = enter.get(first)
        if entry is None:
            continue
        for src in range(1, 25 - second):
            if src == first:
                pass  # the entered man (or another on its point) moves on
            elif not me[src]:
                continue
            dst = src + second
            if block[dst]:
                continue
            hit = bool(blot[dst]) and not (dst == first and entry.hit)
            k = _D[dst] - _D[src] + _D[first]
            if entry.hit and src == first:
                k += _MID[first]  # the hit on the entry point is not visible at the end
            if k not in found:
                found[k] = (entry, _new(Step, (src, dst, second, hit, ())))
    if found:
        return [_new(Play, p) for p in found.values()]
    high = max(enter)
    return [_new(Play, (enter[high],))]


def _bar_doubles(me: Sequence[int], block: bytes, blot: bytes, die: int) -> list[Play]:
    """Doubles with men on the bar: enter as many as possible, then move on."""
    if block[die]:
        return [_new(Play, ())]
    entering = min(me[0], 4)
    hit = bool(blot[die])
    steps = [_new(Step, (0, die, die, hit and i == 0, ())) for i in range(entering)]
    if entering == 4:
        return [_new(Play, tuple(steps))]
    # Fewer than four entered, so the bar is empty now: the other men move on.
    board = list(me)
    board[0] -= entering
    board[die] += entering
    return _contact_doubles(
        board, block, blot, die, 4 - entering, tuple(steps), 1 << die if hit else 0
    )
