"""Ludus Anglicorum, the English game of the fourteenth century.

A full board of 24 points and contrary movement: both sides start with all
fifteen men on their pos 1, and the two starting points face each other at
the same end of the board (my pos p is the opponent's pos 25 - p). A side's
pos 1-6 is its start table, the quarter it starts in; its pos 19-24, the
quarter the opponent starts in, is its bearing table.

Three dice are thrown; as options the third is a constant 6, or named by the
player or by the opponent (the throwing and naming belong to the match, which
reads ``thrown_dice``, ``fixed_dice`` and ``die_chooser``). Men pile freely,
except that a man entering from the bar may not come onto a point that already
holds one of its own men; the strict option (Ludii) extends that to every
landing in one's own start table. With the blockade option (Murray), a side
wins at once when the opponent can no longer move: by *lympolding* when a man
of the opponent's waits on the bar and no die could enter it, otherwise by
*lurching*.
"""

from __future__ import annotations

from typing import ClassVar

from game.rules.outcome import Kind, Outcome, Termination
from game.rules.position import Position
from game.rules.search import Board
from game.rules.variants.base import OptionSpec, Source, Variant

START_TABLE = range(1, 7)  # the pos of a side's start table


class Anglicorum(Variant):
    id: ClassVar[str] = "anglicorum"
    name: ClassVar[str] = "Ludus Anglicorum"
    order: ClassVar[int] = 50
    bear_from: ClassVar[int] = 19
    # Lympolding and lurching come only with ``blockade_wins``; a tie only
    # without it (with it, a side that cannot move has already lost).
    result_kinds: ClassVar[frozenset[Kind]] = frozenset(
        {Kind.SINGLE, Kind.TIE, Kind.LYMPOLDING, Kind.LURCHING}
    )
    sources: ClassVar[tuple[Source, ...]] = (
        Source("Anonymous", "MS Royal 13 A XVIII (British Library)", "c. 1330", "the rules"),
        Source("H. J. R. Murray", "The Mediaeval Games of Tables (Medium Aevum 10)", "1941"),
        Source("Shelagh Lewins", "Tabula at Rumwoldstow", "2021"),
        Source("Wikipedia", "Ludus Anglicorum", "2021"),
        Source("Ludii Portal", "Ludus Anglicorum"),
    )
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "third_die",
            "thrown",
            ("thrown", "six", "player", "opponent"),
            "Third die",
            "Throw all three dice, or throw two and count the third as a 6, "
            "or let the player or the opponent name the third from 1 to 6.",
            "Wikipedia (a constant 6); Murray (named by either player)",
        ),
        OptionSpec(
            "strict_start_table",
            False,
            (True, False),
            "Strict start table",
            "A man may come onto a point of its own start table only while no own man is there.",
            "Ludii",
        ),
        OptionSpec(
            "blockade_wins",
            False,
            (True, False),
            "Blockade wins",
            "Leaving the opponent unable to enter (lympolding) or to move at all (lurching) "
            "wins the game, instead of only costing the opponent the turn.",
            "Murray; Wikipedia",
        ),
    )

    # -- the dice -------------------------------------------------------------

    @property
    def dice_count(self) -> int:
        return 3

    @property
    def thrown_dice(self) -> int:
        return 3 if self.options["third_die"] == "thrown" else 2

    @property
    def fixed_dice(self) -> tuple[int, ...]:
        return (6,) if self.options["third_die"] == "six" else ()

    @property
    def die_chooser(self) -> str | None:
        chooser = self.options["third_die"]
        return chooser if chooser in ("player", "opponent") else None

    # -- the board ------------------------------------------------------------

    def start_position(self) -> Position:
        row = tuple(self.men if p == 1 else 0 for p in range(self.track_length + 2))
        return Position((row, row), 0, (0, 0), (0, 0))

    def landing(self, board: Board, pos: int, entering: bool) -> tuple[bool, bool]:
        """Shared landing rule, plus: never onto an own man when entering.

        The manuscript's one exception to free piling; the strict option
        extends it to every landing in the start table. Either limits one's
        own men only: a lone opponent there is still hit.
        """
        ok, hit = super().landing(board, pos, entering)
        restricted = entering or (self.options["strict_start_table"] and pos in START_TABLE)
        if ok and restricted and board.mine[pos]:
            return False, False
        return ok, hit

    # -- the end ----------------------------------------------------------------

    def outcome(self, position: Position, mover: int) -> Outcome | None:
        """Bearing off all fifteen wins; with ``blockade_wins`` so does a blockade.

        The blockade is judged right after ``mover``'s play, for the side
        about to act: lympolding first (a man on the bar that no die can
        enter), then lurching (no move for any die value).
        """
        if position.off(mover) >= self.men:
            return Outcome(mover, Kind.SINGLE, 1)
        side = position.to_act
        if not self.options["blockade_wins"] or side == mover:
            return None
        if not self.is_stuck(position, side):
            return None
        # While a man waits on the bar only entering steps are legal, so a
        # stuck side with a man there is one that no die can bring in.
        kind = Kind.LYMPOLDING if position.bar(side) else Kind.LURCHING
        return Outcome(mover, kind, 1, Termination.BLOCKADE)
