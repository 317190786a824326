"""Ludus Lombardorum, El Medio Emperador: the Lombards' game on half a board.

Twelve points in two rows of six. Both sides start with all fifteen men on
their pos 1, and the two starting points face each other (my pos k is the
opponent's pos 13 - k). A side's pos 1-6, its start table, lies on the
opponent's home side; its pos 7-12 is its bearing table. In its own start
table a side may pile men only on pos 2 and 6: pos 3, 4 and 5 hold at most
one of its men, and pos 1 none until it has been emptied, then one.

Pos 1 is emptied once it holds no man of its side, whether the last one moved
away or was hit. So a side may land on its pos 1 exactly when no man of its
own stands there: before it has been emptied pos 1 holds men (the fifteen start
there), and after, it takes one. The flag ``START_EMPTIED`` records that the
point has been emptied (for the AI's inputs and for anyone reading a state);
the rule itself asks the board, so a state saved before a hit set the flag
(earlier versions set it only for the side that moved its last man away)
plays by the rule too.
"""

from __future__ import annotations

from typing import ClassVar

from game.rules.outcome import Kind, Outcome
from game.rules.play import Step
from game.rules.position import Position
from game.rules.search import Board, DiceRule
from game.rules.variants.base import OptionSpec, Source, Variant

START_EMPTIED = 1  # flag bit: this side's pos 1 has been emptied (moved away or hit)


def emptied(flags: int, on_pos_1: int) -> bool:
    """Has a side's pos 1 been emptied? Its flag says so, or it is empty now."""
    return bool(flags & START_EMPTIED) or not on_pos_1


class Lombardorum(Variant):
    id: ClassVar[str] = "lombardorum"
    name: ClassVar[str] = "Ludus Lombardorum"
    order: ClassVar[int] = 30
    track_length: ClassVar[int] = 12
    cells: ClassVar[int] = 12
    bear_from: ClassVar[int] = 7
    result_kinds: ClassVar[frozenset[Kind]] = frozenset({Kind.SINGLE, Kind.SHUTOUT, Kind.TIE})
    sources: ClassVar[tuple[Source, ...]] = (
        Source("Robert Reid", "Ludus Lumbardorum, after Fiske 1905"),
        Source("Ludus Lombardorum", "a German retelling"),
    )
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "dice",
            2,
            (2, 3),
            "Dice",
            "Two dice, or three as Murray reads Alfonso's 'two or three'.",
            "Murray",
        ),
        OptionSpec(
            "strict",
            False,
            (True, False),
            "Strict start table",
            "Every point of one's start table holds at most one of one's own men.",
            "Ludii",
        ),
        OptionSpec(
            "modern",
            False,
            (True, False),
            "Modern use of the dice",
            "Use as many dice as possible, and the higher die if only one can be used.",
            "backgammon's rule",
        ),
        OptionSpec(
            "shutout_double",
            False,
            (True, False),
            "Double for a shut-out",
            "Bearing off all men before the opponent bears off any scores two points.",
            "Reid",
        ),
    )

    @property
    def dice_count(self) -> int:
        return int(self.options["dice"])

    @property
    def dice_rule(self) -> DiceRule:
        # The seed's note: no duty to play the higher number, nor to play so
        # that every die can be used; a die that can be played when its turn
        # comes must be played.
        return DiceRule.MOST_THEN_HIGHER if self.options["modern"] else DiceRule.FREE

    def start_position(self) -> Position:
        row = tuple(15 if p == 1 else 0 for p in range(14))
        return Position((row, row), 0, (0, 0), (0, 0))

    def own_limit(self, board: Board, pos: int) -> int | None:
        """How many of the mover's own men ``pos`` may hold (None: any number)."""
        if pos > 6:
            return None
        if pos == 1:
            return 1 if emptied(board.flags[board.side], board.mine[1]) else 0
        if self.options["strict"] or pos in (3, 4, 5):
            return 1
        return None

    def landing(self, board: Board, pos: int, entering: bool) -> tuple[bool, bool]:
        ok, hit = super().landing(board, pos, entering)
        limit = self.own_limit(board, pos)
        if ok and limit is not None and board.mine[pos] >= limit:
            return False, False
        return ok, hit

    def after_step(self, board: Board, step: Step) -> None:
        """A side's pos 1 is emptied when its last man leaves it, or is hit there."""
        for side, row in enumerate(board.rows):
            if not row[1]:
                board.flags[side] |= START_EMPTIED

    def outcome(self, position: Position, mover: int) -> Outcome | None:
        if position.off(mover) < self.men:
            return None
        if self.options["shutout_double"] and position.off(1 - mover) == 0:
            return Outcome(mover, Kind.SHUTOUT, 2)
        return Outcome(mover, Kind.SINGLE, 1)
