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
    facing = position.board[1 - side][::-1]
    block = [c >= 2 for c in facing]
    blot = [c == 1 for c in facing]
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
    block: list[bool],
    blot: list[bool],
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
            sources = range(max(min_src, 1), 25)
        for src in sources:
            if not me[src]:
                continue
            dst = src + die
            if dst <= 24:
                if block[dst]:
                    continue
                hit = blot[dst] and not (hits & _HIT[dst])
            else:
                if outside or (dst > 25 and any(me[q] for q in range(19, src))):
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


def _contact_plays(
    me: list[int], block: list[bool], blot: list[bool], a: int, b: int
) -> list[Play]:
    """Non-double plays when no man is on the bar and no man can bear off.

    A two-step play is either two men each moving one die (any step legal
    from the start, in either order) or one man moving both dice in turn.
    Two men moving one die each hit exactly the blots where they end, so the
    net change of the board names the result; one man taking both dice may
    also hit on its middle point, which the key then records.
    """
    singles: list[list[tuple[int, int, int, Step]]] = [[], []]
    for which, die in enumerate((a, b)):
        out = singles[which]
        for src in range(1, 25 - die):
            if me[src] and not block[src + die]:
                dst = src + die
                out.append(
                    (src, dst, _D[dst] - _D[src], _new(Step, (src, dst, die, blot[dst], ())))
                )
    first, second = singles
    found: dict[int, tuple[Step, ...]] = {}
    for src1, dst1, delta1, step1 in first:
        crowded = me[src1] >= 2
        for src2, dst2, delta2, step2 in second:
            if src1 == src2 and not crowded:
                continue
            k = delta1 + delta2
            if k not in found:
                if dst1 == dst2 and step2.hit:  # the first man already hit there
                    step2 = step2._replace(hit=False)
                found[k] = (step1, step2)
    # One man taking both dice, either die first: the middle point must be open.
    for die2, starts in ((b, first), (a, second)):
        for src, dst1, _delta, step1 in starts:
            dst2 = dst1 + die2
            if dst2 > 24 or block[dst2]:
                continue
            k = _D[dst2] - _D[src]
            if step1.hit:
                k += _MID[dst1]
            if k not in found:
                found[k] = (step1, _new(Step, (dst1, dst2, die2, blot[dst2], ())))
    if found:
        return [_new(Play, p) for p in found.values()]
    high = first if a > b else second
    low = second if a > b else first
    ones = high or low
    if not ones:
        return [_new(Play, ())]
    return [_new(Play, (step,)) for *_, step in ones]


def _contact_doubles(
    me: list[int],
    block: list[bool],
    blot: list[bool],
    die: int,
    todo: int = 4,
    prefix: tuple[Step, ...] = (),
    hits0: int = 0,
) -> list[Play]:
    """Doubles when no man is on the bar and none can bear off this turn.

    Steps are taken in order of their source (never behind the last one),
    so each play is a multiset of sources; with no bear-off its net change
    (the sources shifted by the die) is different for every multiset, so each
    result is reached exactly once and needs no de-duplication.
    """
    can = [p + die <= 24 and not block[p + die] for p in range(25)]
    plain = [_new(Step, (p, p + die, die, False, ())) if can[p] else None for p in range(25)]
    hitting = [
        _new(Step, (p, p + die, die, True, ())) if can[p] and blot[p + die] else None
        for p in range(25)
    ]
    full: list[Play] = []
    partial: list[list[tuple[Step, ...]]] = [[], [], [], [], []]
    steps: list[Step] = list(prefix)

    def search(left: int, cands: list[int], hits: int) -> None:
        # cands: the pos, in order, of men that may still move.
        moved = False
        for i, src in enumerate(cands):
            if not me[src]:
                continue
            moved = True
            dst = src + die
            hit = hitting[src] is not None and not (hits >> dst) & 1
            step = hitting[src] if hit else plain[src]
            if left == 1:
                full.append(_new(Play, (*steps, step)))
                continue
            me[src] -= 1
            me[dst] += 1
            steps.append(step)  # type: ignore[arg-type]
            rest = cands[i:]
            if can[dst] and me[dst] == 1:
                # dst was empty: a man that can move on stands there now.
                j = 0
                while j < len(rest) and rest[j] < dst:
                    j += 1
                rest.insert(j, dst)
            search(left - 1, rest, hits | (1 << dst) if hit else hits)
            steps.pop()
            me[src] += 1
            me[dst] -= 1
        if not moved and not full:
            partial[len(steps)].append(tuple(steps))

    search(todo, [p for p in range(1, 25 - die) if me[p] and can[p]], hits0)
    if full:
        return full
    for depth in (3, 2, 1, 0):
        if partial[depth]:
            return [_new(Play, p) for p in partial[depth]]
    return [_new(Play, ())]  # pragma: no cover - depth 0 is always recorded


def _bar_plays(me: list[int], block: list[bool], blot: list[bool], a: int, b: int) -> list[Play]:
    """Non-double plays with men on the bar (no bear-off is possible)."""
    enter = {d: _new(Step, (0, d, d, blot[d], ())) for d in (a, b) if not block[d]}
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
            hit = blot[dst] and not (dst == first and entry.hit)
            k = _D[dst] - _D[src] + _D[first]
            if entry.hit and src == first:
                k += _MID[first]  # the hit on the entry point is not visible at the end
            if k not in found:
                found[k] = (entry, _new(Step, (src, dst, second, hit, ())))
    if found:
        return [_new(Play, p) for p in found.values()]
    high = max(enter)
    return [_new(Play, (enter[high],))]


def _bar_doubles(me: list[int], block: list[bool], blot: list[bool], die: int) -> list[Play]:
    """Doubles with men on the bar: enter as many as possible, then move on."""
    if block[die]:
        return [_new(Play, ())]
    entering = min(me[0], 4)
    hit = blot[die]
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
