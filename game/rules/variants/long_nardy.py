"""Long Nardy, the modern Nard of Russia and the Caucasus.

Fifteen men each start on the side's head (pos 1); the heads stand at
diagonally opposite corners and both sides run the same way round (see
:mod:`game.rules.variants._nard_common`). No hitting: one man holds a point.
Two dice, doubles played four times, as many dice as possible and then the
higher die.

- **The head**: at most one man leaves pos 1 a turn. On a side's first turn
  (all fifteen still on the head) a 6-6, 4-4 or 3-3 lets two leave; the
  most-dice rule makes the second leave where that plays more dice (the
  opponent's head blocks the one man's way on).
- **No block of six** points in a row with no opponent man past it, counted
  along the opponent's track (so across the mover's own 24/1 seam), checked
  after every step.
- Bearing off from pos 19-24. Oin (the single game) 1; mars 2 when the loser
  bore off none.

The module's leading underscore keeps it out of the registry until its board,
text and opponents exist.
"""

from __future__ import annotations

from typing import ClassVar

from game.rules.outcome import Kind
from game.rules.search import Board
from game.rules.variants._nard_common import HEAD, SameWay
from game.rules.variants.base import Source

FIRST_TURN_DOUBLES = frozenset({3, 4, 6})  # a first 3-3, 4-4 or 6-6 takes two men off the head


class LongNardy(SameWay):
    id: ClassVar[str] = "nard"
    name: ClassVar[str] = "Long Nardy"
    order: ClassVar[int] = 66
    double_kind: ClassVar[Kind] = Kind.MARS
    result_kinds: ClassVar[frozenset[Kind]] = frozenset({Kind.SINGLE, Kind.MARS, Kind.TIE})
    sources: ClassVar[tuple[Source, ...]] = (
        Source("Wikipedia", "Long Nardy", note="the Russian rules: the head, the block of six"),
        Source("Georgian Sport Nardi Federation", "Rules of the long backgammon game"),
    )

    def begin_roll(self, board: Board, dice: tuple[int, ...]) -> None:
        """Note how many men stand on the head and how many may leave it this turn."""
        head = board.mine[HEAD]
        first_turn = head == self.men
        first_double = len(dice) == 4 and dice[0] in FIRST_TURN_DOUBLES
        board.turn = {"head": head, "may_leave": 2 if first_turn and first_double else 1}

    def may_leave(self, board: Board, src: int) -> bool:
        """One man a turn from the head (two on a first 6-6, 4-4, 3-3). Where no roll
        began (a play replayed, or asking whether any die could move) the head is open."""
        turn = board.turn
        if src != HEAD or not turn:
            return True
        return turn["head"] - board.mine[HEAD] < turn["may_leave"]
