"""Fevga, the running game of Greek Tavli.

Fifteen men each start on pos 1; the starting points stand at diagonally
opposite corners and both sides run the same way round (see
:mod:`game.rules.variants._nard_common`). No hitting: one man holds a point.
Two dice, doubles played four times, as many dice as possible and then the
higher die.

- **The first runner**: until one man of a side has reached its pos 13 (the
  opponent's starting point), no second man of the side may leave pos 1. It
  is checked before each step, so the runner may arrive with one die and a
  second man leave with the other. Option: the runner must pass the
  opponent's start (pos 14).
- A side may never hold all six of its pos 1-6, and may not hold six points in
  a row (counted along the opponent's track) with no opponent man past them;
  both are checked after every step. Option: primes allowed (the second rule
  only; the first stays).
- Bearing off from pos 19-24. Single 1; gammon 2 when the loser bore off none.

The module's leading underscore keeps it out of the registry until its board,
text and opponents exist.
"""

from __future__ import annotations

from typing import ClassVar

from game.rules.errors import PositionError
from game.rules.outcome import Kind
from game.rules.position import Position
from game.rules.search import Board
from game.rules.variants._nard_common import HEAD, OFF, SameWay
from game.rules.variants.base import OptionSpec, Source

START_TABLE = range(1, 7)  # pos 1-6: a side may never hold all six
RUNNER_REACHES = 13  # the opponent's starting point
RUNNER_PASSES = 14  # the point after it (the option)


class Fevga(SameWay):
    id: ClassVar[str] = "fevga"
    name: ClassVar[str] = "Fevga"
    order: ClassVar[int] = 62
    result_kinds: ClassVar[frozenset[Kind]] = frozenset({Kind.SINGLE, Kind.GAMMON, Kind.TIE})
    sources: ClassVar[tuple[Source, ...]] = (
        Source("iTavli", "Fevga", note="the first man runs into the opponent's starting quarter"),
        Source("BrainKing", "Fevga rules", note="the first man passes the opponent's start"),
    )
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "runner_passes_start",
            False,
            (True, False),
            "Runner passes the start",
            "The first man must pass the opponent's starting point, not only reach it, "
            "before a second man may leave the start.",
            "BrainKing",
        ),
        OptionSpec(
            "primes_allowed",
            False,
            (True, False),
            "Primes allowed",
            "Six points in a row may be held even with no opponent man past them "
            "(one's own first six points still may never all be held).",
            "BrainKing",
        ),
    )

    @property
    def runner_goal(self) -> int:
        """The pos the first runner must reach before a second man leaves pos 1."""
        return RUNNER_PASSES if self.options["runner_passes_start"] else RUNNER_REACHES

    @property
    def blocks_banned(self) -> bool:
        return not self.options["primes_allowed"]

    def may_leave(self, board: Board, src: int) -> bool:
        """A man leaves pos 1 only as the first runner, or once the runner has arrived."""
        if src != HEAD:
            return True
        mine = board.mine
        return mine[HEAD] == self.men or any(mine[self.runner_goal : OFF + 1])

    def breaks_rule(self, mine: list[int], theirs: list[int], dst: int) -> bool:
        if dst in START_TABLE and all(mine[p] for p in START_TABLE):
            return True
        return super().breaks_rule(mine, theirs, dst)

    def validate_side(self, position: Position, side: int) -> None:
        super().validate_side(position, side)
        row = position.board[side]
        if all(row[p] for p in START_TABLE):
            raise PositionError(f"side {side} holds all six of its pos 1-6, which no play leaves")
        left = self.men - row[HEAD]
        if left >= 2 and not any(row[self.runner_goal : OFF + 1]):
            raise PositionError(
                f"side {side} has {left} men off its pos 1 and none on pos {self.runner_goal} "
                "or beyond: a second man leaves only after the first runner arrives"
            )
