"""The general search for legal plays, shared by every variant.

Every order of the dice is tried step by step on a mutable copy of the
board, asking the variant's hooks what one step may do; every sequence that
cannot go on is a candidate, and the variant's rule for using the dice
filters them:

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
from collections.abc import Sequence
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

    __slots__ = ("flags", "hand", "rows", "side", "variant")

    def __init__(self, variant: Variant, position: Position) -> None:
        self.variant = variant
        self.rows = [list(row) for row in position.board]
        self.hand = list(position.hand)
        self.flags = list(position.flags)
        self.side = position.to_act

    @property
    def mine(self) -> list[int]:
        return self.rows[self.side]

    def waiting(self) -> int:
        """Men of the mover off the board that must enter (bar and hand)."""
        return self.rows[self.side][0] + self.hand[self.side]

    def others_at(self, pos: int) -> tuple[int, int]:
        """(side, count) of the other men on the mover's ``pos``; (-1, 0) if none."""
        variant = self.variant
        for other in range(len(self.rows)):
            if other == self.side:
                continue
            where = variant.facing_pos(self.side, pos, other)
            if where is not None and self.rows[other][where]:
                return other, self.rows[other][where]
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
        if from_hand:
            self.hand[self.side] += 1
        else:
            mine[step.src] += 1
        if hit >= 1000:
            hit_side, hit_pos = hit // 1000 - 1, hit % 1000
            self.rows[hit_side][0] -= 1
            self.rows[hit_side][hit_pos] += 1

    def key(self) -> tuple[object, ...]:
        return (tuple(map(tuple, self.rows)), tuple(self.hand), tuple(self.flags))


def search_plays(variant: Variant, position: Position, dice: Sequence[int]) -> list[Play]:
    """Every distinct legal play of ``dice`` for ``position.to_act``."""
    board = Board(variant, position)
    dice = tuple(dice)
    if variant.doubles_repeat and len(dice) == 2 and dice[0] == dice[1]:
        dice = dice * 2
    found: dict[tuple[object, ...], tuple[Step, ...]] = {}
    steps: list[Step] = []

    def visit(left: tuple[int, ...]) -> None:
        moved = False
        tried: set[int] = set()
        for i, die in enumerate(left):
            if die in tried:
                continue
            tried.add(die)
            rest = left[:i] + left[i + 1 :]
            for step in variant.legal_steps(board, die):
                moved = True
                flags = list(board.flags)
                token = board.apply(step)
                variant.after_step(board, step)
                steps.append(step)
                visit(rest)
                steps.pop()
                board.flags[:] = flags
                board.undo(step, token)
        if not moved:
            key = board.key()
            if key not in found:
                found[key] = tuple(steps)

    visit(dice)
    plays = list(found.values())
    rule = variant.dice_rule
    if rule is not DiceRule.FREE and plays:
        most = max(len(p) for p in plays)
        plays = [p for p in plays if len(p) == most]
        if rule is DiceRule.MOST_THEN_HIGHER:
            best = max(sorted((s.die for s in p), reverse=True) for p in plays)
            plays = [p for p in plays if sorted((s.die for s in p), reverse=True) == best]
    return [Play(p) for p in plays]
