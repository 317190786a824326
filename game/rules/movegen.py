"""Legal plays, found by search.

Every order of the dice is searched, step by step, and then filtered the way
the rules say: the most dice possible, then (where the variant names it) the
higher die; two plays that leave the same position are one.

This module holds the search for backgammon. ``backgammon_plays`` tries every
order of the dice step by step; in positions where no step's legality can
change during the play (a man on the bar, or contact with no bear-off
possible) shortcuts find the same plays with far less work. The tests check
that both ways agree, on the reference data and on seeded random games.
"""

from __future__ import annotations

from collections.abc import Iterable

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
    me = list(position.board[side])
    # The opponent seen from the mover's side: its pos 25 - p is our pos p.
    # block[p] and blot[p]: 1 where two or more of its men, or exactly one, stand on p.
    facing = bytes(position.board[1 - side][::-1])
    block = facing.translate(_BLOCK)
    blot = facing.translate(_BLOT)
    outside = sum(me[0:19])

    if shortcuts and me[0] and len(dice) == 2:
        # A play that starts with a man on the bar never bears off: the man
        # enters on pos 1-6 and cannot reach home with the dice left.
        if dice[0] != dice[1]:
            return _bar_plays(me, block, blot, dice[0], dice[1])
        return _bar_doubles(me, block, blot, dice[0])
    if shortcuts and not me[0] and len(dice) == 2:
        # Contact play: no man on the bar and no bear-off possible this turn,
        # so whether a step is legal never changes during the play.
        if dice[0] != dice[1] and outside >= 2:
            return _contact_plays(me, block, blot, dice[0], dice[1])
        if dice[0] == dice[1] and outside >= 4:
            return _contact_doubles(me, block, blot, dice[0])

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


def _contact_plays(
    me: list[int], block: bytes, blot: bytes, a: int, b: int
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
    steps_a, steps_b = _STEPS[0][a], _STEPS[0][b]
    hits_a, hits_b = _STEPS[1][a], _STEPS[1][b]
    first = [
        (src, (hits_a if blot[src + a] else steps_a)[src])
        for src in range(1, 25 - a)
        if me[src] and not block[src + a]
    ]
    second = [
        (src, (hits_b if blot[src + b] else steps_b)[src])
        for src in range(1, 25 - b)
        if me[src] and not block[src + b]
    ]
    plays: list[Play] = []
    for src1, step1 in first:
        dst1 = src1 + a
        alone = me[src1] < 2
        plays += [
            # Both landing on one blot: the first man hit it.
            _new(Play, (step1, steps_b[src2] if src2 + b == dst1 else step2))
            for src2, step2 in second
            if src2 != dst1 and src2 + b != src1 and not (alone and src2 == src1)
        ]
    add = plays.append
    # One man taking both dice: a first (through src + a), or b first (through src + b).
    far = a + b
    for src in range(1, 25 - far):
        if not me[src] or block[src + far]:
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
    high = first if a > b else second
    low = second if a > b else first
    ones = high or low
    if not ones:
        return [_new(Play, ())]
    return [_new(Play, (step,)) for _, step in ones]


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
    movable = [p for p in range(1, 25 - die) if not block[p + die]]
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
    step. ``me`` is changed and restored."""
    plain, hitting = _STEPS[0][die], _STEPS[1][die]
    n = len(movable)
    full: list[Play] = []
    add = full.append
    for i1 in range(n):
        s1 = movable[i1]
        if not me[s1]:
            continue
        d1 = s1 + die
        hit1 = 1 << d1 if blot[d1] else 0
        st1 = hitting[s1] if hit1 else plain[s1]
        me[s1] -= 1
        me[d1] += 1
        for i2 in range(i1, n):
            s2 = movable[i2]
            if not me[s2]:
                continue
            d2 = s2 + die
            hit2 = 1 << d2 if blot[d2] and not (hit1 >> d2) & 1 else 0
            st2 = hitting[s2] if hit2 else plain[s2]
            hits2 = hit1 | hit2
            me[s2] -= 1
            me[d2] += 1
            for i3 in range(i2, n):
                s3 = movable[i3]
                if not me[s3]:
                    continue
                d3 = s3 + die
                hit3 = 1 << d3 if blot[d3] and not (hits2 >> d3) & 1 else 0
                st3 = hitting[s3] if hit3 else plain[s3]
                hits3 = hits2 | hit3
                me[s3] -= 1
                me[d3] += 1
                for i4 in range(i3, n):
                    s4 = movable[i4]
                    if me[s4]:
                        d4 = s4 + die
                        hit4 = blot[d4] and not (hits3 >> d4) & 1
                        add(_new(Play, (st1, st2, st3, hitting[s4] if hit4 else plain[s4])))
                me[s3] += 1
                me[d3] -= 1
            me[s2] += 1
            me[d2] -= 1
        me[s1] += 1
        me[d1] -= 1
    return full


def _bar_plays(me: list[int], block: bytes, blot: bytes, a: int, b: int) -> list[Play]:
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


def _bar_doubles(me: list[int], block: bytes, blot: bytes, die: int) -> list[Play]:
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
