"""Portes ("doors"), the Greek backgammon: the first game of a Tavli match.

Backgammon's start, moves and hitting (the board, movement generation and
notation are backgammon's), with three differences: no doubling cube; the
side that wins the opening throw throws afresh for its first play instead of
playing the opening dice; and a backgammon scores 2, as a gammon does (tavli
has no triple win), unless the option ``backgammon_counts_3`` is on. The
kind of the result still says which it was: ``single`` 1, ``gammon`` 2,
``backgammon`` 2 (or 3).
"""

from __future__ import annotations

from typing import ClassVar

from game.rules.outcome import Kind, Outcome
from game.rules.position import Position
from game.rules.variants.backgammon import Backgammon
from game.rules.variants.base import OptionSpec, Source


class Portes(Backgammon):
    id: ClassVar[str] = "portes"
    name: ClassVar[str] = "Portes"
    order: ClassVar[int] = 60  # the later family, after the medieval games
    has_cube: ClassVar[bool] = False
    # The winner of the opening throw throws again for the first play.
    has_opening_roll_play: ClassVar[bool] = False
    # Backgammon's trained network plays it (the same board, men and moves; it judges
    # cubeless chances, and a backgammon's third point is counted as the options say).
    network_of: ClassVar[str] = "backgammon"
    sources: ClassVar[tuple[Source, ...]] = (
        Source("Ludii Portal", "Portes", note="the start, the moves, the opening throw"),
        Source("kafenio.eu", "Tavli: Portes", note="no cube; the opening winner throws again"),
    )
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "backgammon_counts_3",
            False,
            (True, False),
            "Backgammon counts 3",
            "A win while the loser has borne off none and still has a man on the bar or in "
            "the winner's home table scores 3, as in backgammon, instead of 2 like a gammon.",
            "backgammon's rule",
        ),
    )

    @property
    def backgammon_points(self) -> int:
        return 3 if self.options["backgammon_counts_3"] else 2

    def outcome(self, position: Position, mover: int) -> Outcome | None:
        result = super().outcome(position, mover)
        if result is None or result.kind is not Kind.BACKGAMMON:
            return result
        return Outcome(mover, Kind.BACKGAMMON, self.backgammon_points)
