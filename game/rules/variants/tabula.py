"""Tabula, the game of the emperor Zeno (Byzantium, c. 480).

Agathias' epigram (Greek Anthology IX 482) describes one position of it: Zeno
threw 2, 5 and 6 and had to break his men into eight blots. R. G. Austin
(1934) read the board from it: twenty-four points, three dice, fifteen men a
side that all start off the board, and both sides moving the same way round
one track.

By default both sides share that track: they enter on pos 1-6 and bear off
from pos 19-24, so my pos p is the opponent's pos p (one cell). With the
option ``contrary`` they move in opposite directions as in the later tables
games: my pos p is the opponent's pos 25 - p.

Every roll must use as many of the three dice as it can; there is no
higher-die rule and doubles and triples give no extra moves. A lone man is
hit and goes back off the board. The men off the board are of two kinds,
kept apart in the position: men hit (``board[side][0]``, the bar) enter
before any other man moves, while men never yet entered (``hand[side]``)
may wait. Both enter with die d on pos d. Bearing off starts once all
fifteen are in pos 19-24 and none is off the board: an exact throw, or a
higher one for the rearmost man; with ``exact_bear_off``, exact throws only.
Bearing off all fifteen wins a single game (1 point).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from game.rules.outcome import Kind, Outcome
from game.rules.play import Play
from game.rules.position import Position
from game.rules.search import Board, DiceRule
from game.rules.variants._hand_search import CONTRARY, SHARED, EntersFromHand, hand_search
from game.rules.variants.base import OptionSpec, Source

# The opponent's pos on the cell of each pos of the mover (0 for the bar and off).


class Tabula(EntersFromHand):
    id: ClassVar[str] = "tabula"
    name: ClassVar[str] = "Tabula"
    order: ClassVar[int] = 15  # c. 480: after Rome's Duodecim, before Alfonso's games
    uses_hand: ClassVar[bool] = True
    default_dice_rule: ClassVar[DiceRule] = DiceRule.MOST  # no higher-die rule
    result_kinds: ClassVar[frozenset[Kind]] = frozenset({Kind.SINGLE, Kind.TIE})
    sources: ClassVar[tuple[Source, ...]] = (
        Source(
            "Agathias",
            "Greek Anthology IX 482",
            "6th century",
            "the epigram on Zeno's throw of 2-5-6",
        ),
        Source(
            "R. G. Austin",
            "Zeno's Game of τάβλη (Journal of Hellenic Studies 54)",
            "1934",
            "the board read from the epigram: both sides move the same way",
        ),
        Source("H. J. R. Murray", "A History of Board-Games Other Than Chess", "1951"),
    )
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "contrary",
            False,
            (True, False),
            "Contrary directions",
            "The two sides move round the board in opposite directions, as in the later "
            "tables games, instead of both the same way on one track.",
            "decided here: the movement of the later tables games, against Austin's reading",
        ),
        OptionSpec(
            "exact_bear_off",
            False,
            (True, False),
            "Exact bear-off",
            "A man bears off only with the exact number; a higher die never bears off "
            "the rearmost man.",
            "decided here (as the reconstruction of Duodecim Scriptorum)",
        ),
    )

    @property
    def dice_count(self) -> int:
        return 3

    # -- geometry -------------------------------------------------------------

    def cell(self, side: int, pos: int) -> int:
        """Board cell of ``side``'s ``pos``: one track for both (pos p is cell p - 1),
        or with ``contrary`` the shared default (side 0's pos p is cell 24 - p)."""
        if self.options["contrary"]:
            return super().cell(side, pos)
        if not 1 <= pos <= self.track_length:
            raise ValueError(f"pos {pos} is not on the track")
        return pos - 1

    def facing_pos(self, side: int, pos: int, other: int) -> int | None:
        """The same cell on ``other``'s track: pos p itself, or 25 - p with ``contrary``."""
        if self.options["contrary"]:
            return super().facing_pos(side, pos, other)
        return pos

    # -- the game ---------------------------------------------------------------

    def start_position(self) -> Position:
        """Every man in hand, the board empty."""
        row = (0,) * (self.track_length + 2)
        return Position((row, row), 0, (self.men, self.men), (0, 0))

    def generate_plays(self, position: Position, dice: Sequence[int]) -> list[Play]:
        """Every distinct legal play of ``dice`` for ``position.to_act``.

        The rules are those of the hooks (``legal_steps``, the shared landing,
        ``may_bear_off``), written out for this board: three dice and men in
        hand beside men on the track make the general search too slow for whole
        games (a test checks that both find the same plays). A board reached
        again with the same dice left is searched once; where several sequences
        leave one position, the one that uses the most dice stands for it.
        """
        facing = CONTRARY if self.options["contrary"] else SHARED
        throw = tuple(sorted(dice, reverse=True))
        exact = bool(self.options["exact_bear_off"])
        found = hand_search(position, throw, facing, exact=exact)
        most = max(used for (used, _), _ in found.values())
        return [Play(steps) for (used, _), steps in found.values() if used == most]

    def may_bear_off(self, board: Board, src: int, die: int) -> bool:
        """All fifteen in pos 19-24, none off the board; exact only with ``exact_bear_off``."""
        if self.options["exact_bear_off"]:
            mine = board.mine
            if board.hand[board.side] or any(mine[0 : self.bear_from]):
                return False
            return die == self.off_pos - src
        return super().may_bear_off(board, src, die)

    def outcome(self, position: Position, mover: int) -> Outcome | None:
        """A single game (1 point) to the side that has borne off all fifteen."""
        if position.off(mover) < self.men:
            return None
        return Outcome(mover, Kind.SINGLE, 1)
