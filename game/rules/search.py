"""The general search for legal plays, shared by every variant.

Every order of the dice is tried step by step on a mutable copy of the
board, asking the variant's hooks what one step may do; every sequence that
cannot go on is a candidate, and the variant's rule for using the dice
filters them. Two hooks see more than one die: ``Variant.begin_roll`` sees the
whole roll before the search (and may note on the board what it allows, e.g.
two men off the head on a first 6-6), and ``Variant.allows_result`` judges each
candidate's whole resulting position before the dice rule (a play it refuses is
no candidate; a shorter sequence that cannot go on to an allowed one then is).
The rules for the dice:

- ``DiceRule.FREE``: any sequence that ends only because no remaining die
  can be moved (Lombardorum's default);
- ``DiceRule.MOST``: the sequences that use the most dice (the shared rule);
- ``DiceRule.MOST_THEN_HIGHER``: then those whose dice, sorted high to low,
  are greatest (backgammon; the fine points of RULES.md for three dice).

Two plays that leave the same position are one. Backgammon has a faster
search of its own (:mod:`game.rules.movegen`); a test checks both agree.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from game.rules.play import Play, Step
from game.rules.position import Position

if TYPE_CHECKING:
    from game.rules.variants.base import Variant


class DiceRule(enum.Enum):
    FREE = "free"
    MOST = "most"
    MOST_THEN_HIGHER = "most_then_higher"


class Board:
    """A mutable working copy of a position, seen by the side that moves."""

    __slots__ = ("facing", "flags", "hand", "moved", "rows", "side", "turn", "variant")

    def __init__(self, variant: Variant, position: Position) -> None:
        self.variant = variant
        self.facing = _facing(variant)
        self.rows = [list(row) for row in position.board]
        self.hand = list(position.hand)
        self.flags = list(position.flags)
        self.side = position.to_act
        # What ``Variant.begin_roll`` noted about the whole roll, for the steps of the
        # search to read (not part of the position; unchanged while the search runs).
        self.turn: Mapping[str, int] = _NO_TURN
        # Where a variant moves each man at most once a turn (``Variant.moves_each_man_once``):
        # how many of the mover's men on each pos have moved this turn, kept by ``apply``
        # and ``undo`` once ``start_turn`` begins it; None where men may move again (or
        # where no turn is being searched: a first step is always fresh).
        self.moved: list[int] | None = None

    def start_turn(self, steps: Sequence[Step] = ()) -> None:
        """Begin counting moved men, ``steps`` of this turn already made, where the
        variant moves each man once a turn (a man moved stands on its step's dst)."""
        if self.variant.moves_each_man_once:
            moved = [0] * len(self.rows[self.side])
            for step in steps:
                moved[step.dst] += 1
            self.moved = moved

    def fresh(self, pos: int) -> int:
        """The mover's men on ``pos`` that may still move this turn."""
        here = self.rows[self.side][pos]
        return here - self.moved[pos] if self.moved is not None else here

    @property
    def mine(self) -> list[int]:
        return self.rows[self.side]

    def waiting(self) -> int:
        """Men of the mover off the board that must enter (bar and hand)."""
        return self.rows[self.side][0] + self.hand[self.side]

    def others_at(self, pos: int) -> tuple[int, int]:
        """(side, count) of the other men on the mover's ``pos``; (-1, 0) if none."""
        rows = self.rows
        for other, where in self.facing[self.side][pos]:
            if rows[other][where]:
                return other, rows[other][where]
        return -1, 0

    def apply(self, step: Step) -> tuple[int, int]:
        """Make ``step``; return what ``undo`` needs (the side hit and its pos)."""
        mine = self.rows[self.side]
        if step.src == 0 and not mine[0]:
            self.hand[self.side] -= 1
            from_hand = 1
        else:
            mine[step.src] -= 1
            from_hand = 0
        mine[step.dst] += 1
        if self.moved is not None:  # the man stands on dst, moved this turn
            self.moved[step.dst] += 1
        hit_side, hit_pos = -1, 0
        if step.hit:
            hit_side, _ = self.others_at(step.dst)
            where = self.variant.facing_pos(self.side, step.dst, hit_side)
            assert where is not None
            hit_pos = where
            self.rows[hit_side][hit_pos] -= 1
            self.rows[hit_side][0] += 1
        return from_hand, (hit_side + 1) * 1000 + hit_pos

    def undo(self, step: Step, token: tuple[int, int]) -> None:
        from_hand, hit = token
        mine = self.rows[self.side]
        mine[step.dst] -= 1
        if self.moved is not None:
            self.moved[step.dst] -= 1
        if from_hand:
            self.hand[self.side] += 1
        else:
            mine[step.src] += 1
        if hit >= 1000:
            hit_side, hit_pos = hit // 1000 - 1, hit % 1000
            self.rows[hit_side][0] -= 1
            self.rows[hit_side][hit_pos] += 1

    def key(self) -> tuple[object, ...]:
        # bytes() of the rows is the cheapest exact key (no count exceeds 255).
        return (b"".join(map(bytes, self.rows)), tuple(self.hand), tuple(self.flags))


# No roll noted (read-only: ``begin_roll`` sets a mapping of its own).
_NO_TURN: Mapping[str, int] = MappingProxyType({})

_FACING: dict[Variant, tuple[tuple[tuple[tuple[int, int], ...], ...], ...]] = {}


def _facing(variant: Variant) -> tuple[tuple[tuple[tuple[int, int], ...], ...], ...]:
    """For each side and pos of its track: the (other side, its pos) on the same cell."""
    table = _FACING.get(variant)
    if table is None:
        length = variant.track_length
        table = tuple(
            tuple(
                tuple(
                    (other, where)
                    for other in range(variant.players)
                    if other != side
                    and 1 <= pos <= length
                    and (where := variant.facing_pos(side, pos, other)) is not None
                )
                for pos in range(length + 2)
            )
            for side in range(variant.players)
        )
        _FACING[variant] = table
    return table


def search_plays(variant: Variant, position: Position, dice: Sequence[int]) -> list[Play]:
    """Every distinct legal play of ``dice`` for ``position.to_act``."""
    board = Board(variant, position)
    dice = tuple(dice)
    if variant.doubles_repeat and len(dice) == 2 and dice[0] == dice[1]:
        dice = dice * 2
    found: dict[tuple[object, ...], tuple[Score, tuple[Step, ...]]] = {}
    steps: list[Step] = []
    keep_left = variant.passes_dice
    # The dice a sequence has used are the roll's but those ``left`` (each step spends
    # the dice ``dice_units`` gives it): its score, worked out once for each ``left``.
    scores: dict[tuple[int, ...], Score] = {}
    full = _left_score(dice, ())

    # What each board with the dice left led to: whether an allowed play was found
    # there or further on (always, for a variant that judges no result).
    seen: dict[tuple[object, ...], bool] = {}
    # Variants that keep no flags skip the after-step hook and its undo; those that
    # note nothing about the roll and judge no result skip those hooks (no cost).
    after_step = variant.after_step if variant.tracks_flags else None
    if variant.begins_roll:
        variant.begin_roll(board, dice)
    board.start_turn()
    moved = board.moved
    allows = variant.allows_result if variant.judges_results else None

    def visit(left: tuple[int, ...]) -> bool:
        # The same board with the same dice left (men moved in another
        # order) leads to the same plays: search it once (the first way there
        # keeps its plays: a later way to the same plays uses the same dice).
        here: tuple[object, ...] = ()
        if left:
            here = (board.key(), tuple(sorted(left)))
            if moved is not None:  # which men may still move is part of where we are
                here = (*here, bytes(moved))
            known = seen.get(here)
            if known is not None:
                return known
        further = False  # an allowed play was found further on
        for value, used, rest in variant.dice_units(left):
            for step in variant.legal_steps(board, value):
                if used:
                    step = step._replace(dice=used)
                token = board.apply(step)
                if after_step is not None:
                    flags = list(board.flags)
                    after_step(board, step)
                steps.append(step)
                if rest or allows is not None:
                    further |= visit(rest)
                else:  # every die used: what ``visit(())`` would do, without the call
                    _keep(found, board, rest, steps, keep_left, full)
                    further = True
                steps.pop()
                if after_step is not None:
                    board.flags[:] = flags
                board.undo(step, token)
        if further:
            result = True
        elif allows is None or allows(position, board, tuple(steps)):
            score = scores.get(left)
            if score is None:
                score = scores[left] = _left_score(dice, left)
            _keep(found, board, left, steps, keep_left, score)
            result = True
        else:
            result = False  # refused, and nothing allowed further on
        if here:
            seen[here] = result
        return result

    visit(dice)
    plays = [steps for _, steps in found.values()]
    rule = variant.dice_rule
    if rule is not DiceRule.FREE and plays:
        # A summed jump counts every die in it.
        most = max(sum(len(s.dice_used) for s in p) for p in plays)
        plays = [p for p in plays if sum(len(s.dice_used) for s in p) == most]
        if rule is DiceRule.MOST_THEN_HIGHER:
            best = max(_used_high_first(p) for p in plays)
            plays = [p for p in plays if _used_high_first(p) == best]
    return variant.filter_plays(position, [Play(p) for p in plays])


Score = tuple[int, list[int]]  # dice used: how many, and their values high to low


def _keep(
    found: dict[tuple[object, ...], tuple[Score, tuple[Step, ...]]],
    board: Board,
    left: tuple[int, ...],
    steps: list[Step],
    keep_left: bool,
    score: Score,
) -> None:
    """Keep the sequence ``steps`` that cannot go on as a candidate play (``score``:
    its ``_dice_score``)."""
    key = board.key()
    if keep_left:
        key = (*key, tuple(sorted(left)))
    # Several sequences may leave one board (a 3, or a 1 then a 2): keep
    # the one that uses the most dice, then the highest, so the dice rule
    # judges the play by its best way of being made.
    old = found.get(key)
    if old is None or score > old[0]:
        found[key] = (score, tuple(steps))


def _dice_score(play: Sequence[Step]) -> Score:
    dice = sorted((d for s in play for d in s.dice_used), reverse=True)
    return len(dice), dice


def _left_score(dice: tuple[int, ...], left: tuple[int, ...]) -> Score:
    """``_dice_score`` of any sequence that leaves ``left`` of the roll ``dice`` unused."""
    used = list(dice)
    for die in left:
        used.remove(die)
    used.sort(reverse=True)
    return len(used), used


def _used_high_first(play: tuple[Step, ...]) -> list[int]:
    return sorted((d for s in play for d in s.dice_used), reverse=True)


def single_dice(left: tuple[int, ...]) -> Iterator[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """Each distinct die of ``left`` on its own: (value, (), the dice left after it)."""
    tried: set[int] = set()
    for i, die in enumerate(left):
        if die not in tried:
            tried.add(die)
            yield die, (), left[:i] + left[i + 1 :]


def summed_dice(left: tuple[int, ...]) -> Iterator[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """Every distinct non-empty group of ``left``, summed into one jump.

    A single die yields ``(value, (), rest)``; a group of several yields
    ``(sum, the dice, rest)`` so the step records what it used.
    """
    seen: set[tuple[int, ...]] = set()
    n = len(left)
    for mask in range(1, 1 << n):
        group = tuple(sorted((left[i] for i in range(n) if mask >> i & 1), reverse=True))
        if group in seen:
            continue
        seen.add(group)
        rest = tuple(left[i] for i in range(n) if not mask >> i & 1)
        yield sum(group), (group if len(group) > 1 else ()), rest
