"""Acey-Deucey, the United States Navy's backgammon.

Backgammon's board, contrary movement, hitting and dice (doubles are played
four times; as many dice as possible, then the higher die), with three
differences:

- All fifteen men start off the board and enter by die on pos 1-6, the
  opponent's home table (die d to pos d). Men may move before all have
  entered. The men off the board are of two kinds, kept apart in the
  position as in Tabula: men hit (``board[side][0]``, the bar) enter before
  any other man moves; men never yet entered (``hand[side]``) may wait.
- **The 1-2** (acey-deucey): a throw of 1 and 2, once played, lets the side
  name any double, play it four times and throw again; a 1-2 thrown again
  repeats the chain. If the 1-2 cannot be played at all, or the double named
  cannot, the turn ends there. The game flow runs the chain
  (``match.GameState.again``): after the 1-2 the side names the double
  (``actions.NameDie``, phase ``choose``), plays it (``move``) and throws again
  (``roll``), all one turn. Decided here: any double 1-1 to 6-6 may be named,
  even one that cannot be played at all, which is how a side ends the chain; a
  1-2 or a double played only in part still goes on with the chain (only one
  that "cannot be played at all" ends it); no double of the cube is offered
  before a throw again (the cube is offered as a turn begins).
- Bearing off as shared, once all fifteen are in pos 19-24 and none is off
  the board. A single game scores 1, a gammon 2 (the loser has borne off
  none), a backgammon 3 (the loser also has a man on the bar, in hand, or in
  the winner's home table: its own pos 1-6); with ``single_wins_only`` every
  win is a single game. With ``cube``, the doubling cube of money play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from game.rules.outcome import Kind, Outcome
from game.rules.play import Play
from game.rules.position import Position
from game.rules.search import DiceRule
from game.rules.variants._hand_search import CONTRARY, EntersFromHand, hand_search
from game.rules.variants.base import OptionSpec, Source

# The opponent's pos on the cell of each pos of the mover (0 for the bar and off).


class AceyDeucey(EntersFromHand):
    id: ClassVar[str] = "acey_deucey"
    name: ClassVar[str] = "Acey-Deucey"
    order: ClassVar[int] = 70  # the later family, after the Greek games
    uses_hand: ClassVar[bool] = True
    default_dice_rule: ClassVar[DiceRule] = DiceRule.MOST_THEN_HIGHER
    names_double_after: ClassVar[tuple[int, ...]] = (2, 1)
    result_kinds: ClassVar[frozenset[Kind]] = frozenset(
        {Kind.SINGLE, Kind.GAMMON, Kind.BACKGAMMON, Kind.TIE}
    )
    sources: ClassVar[tuple[Source, ...]] = (
        Source(
            "Wikipedia",
            "Acey-deucey",
            note="the start off the board, the 1-2 and its named doubles, the throw again",
        ),
        Source("Ludii Portal", "Acey Deucey"),
    )
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "single_wins_only",
            False,
            (True, False),
            "Single wins only",
            "Every win scores one point: no gammons or backgammons.",
            "decided here (a common house rule)",
        ),
        OptionSpec(
            "cube",
            False,
            (True, False),
            "Doubling cube",
            "Players may offer to double the stakes before they roll, as in backgammon.",
            "backgammon's rule",
        ),
    )

    @property
    def has_cube(self) -> bool:  # type: ignore[override]
        """The cube is in play only with the option ``cube``."""
        return bool(self.options["cube"])

    @property
    def doubles_repeat(self) -> bool:
        return True

    # -- the game ---------------------------------------------------------------

    def start_position(self) -> Position:
        """Every man in hand, the board empty."""
        row = (0,) * (self.track_length + 2)
        return Position((row, row), 0, (self.men, self.men), (0, 0))

    def generate_plays(self, position: Position, dice: Sequence[int]) -> list[Play]:
        """Every distinct legal play of ``dice`` for ``position.to_act``.

        The rules are those of the hooks (``legal_steps``, the shared landing and
        bearing off), written out for this board: men in hand beside men on the
        track make the general search too slow for whole games (a test checks that
        both find the same plays). Doubles are played four times; the plays that use
        the most dice stand, and of those, when only one die of two can be played,
        the ones that play the higher.
        """
        throw = tuple(sorted(dice, reverse=True))
        if len(throw) == 2 and throw[0] == throw[1]:
            throw *= 2
        found = hand_search(position, throw, CONTRARY, higher=True, ordered_doubles=True)
        best = max(score for score, _ in found.values())
        return [Play(steps) for score, steps in found.values() if score == best]

    def outcome(self, position: Position, mover: int) -> Outcome | None:
        """Bearing off all fifteen wins: a single game, a gammon (the loser has borne
        off none) or a backgammon (and has a man on the bar, in hand or in the winner's
        home table); every win is single with ``single_wins_only``."""
        if position.off(mover) < self.men:
            return None
        loser = 1 - mover
        row = position.board[loser]
        if row[self.off_pos] or self.options["single_wins_only"]:
            return Outcome(mover, Kind.SINGLE, 1)
        # The winner's home table is the loser's pos 1-6, where the loser enters.
        if row[0] or position.hand[loser] or any(row[1:7]):
            return Outcome(mover, Kind.BACKGAMMON, 3)
        return Outcome(mover, Kind.GAMMON, 2)
