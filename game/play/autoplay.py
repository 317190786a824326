"""The setting "Bear off automatically": a person's play made for them where nothing
can go wrong (``game.rules.race.sure_play``: contact over, every man home, and a play
nobody could better).

The play is made as the person's own steps (``TurnInput.make``), so it is shown
sliding, and the turn ends as theirs does: when they pick up the dice (undo until
then), or at once with "End the turn when the dice are used". It is made once, when
the person's turn begins: taken back, the person plays the roll by hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import N_, _
from game.play import events as ev
from game.play.turn import Move
from game.rules.notation import format_turn
from game.rules.race import sure_play

if TYPE_CHECKING:
    from game.play.table import Table

SETTING_HELP = N_(
    "On: once no man of yours can be hit or blocked again and all are home, a play no other "
    "could better is made for you: the last men off, or one sure to be home in one or two "
    "turns when no other could be as soon. Undo until you pick up the dice."
)


def make_sure_play(table: Table) -> bool:
    """At the start of a person's turn (no step made, nothing asked of them): make the
    sure play for them, if there is one. True when it was made."""
    state, turn = table.state, table.turn
    if turn is None or turn.state is not state or turn.moves:
        return False
    if table.review is not None or table.judgement is not None or not table.human_to_act():
        return False
    play = sure_play(state, turn.plays)
    if play is None or not play:
        return False
    for step in play:
        turn.make(Move(step.src, step.dst, (step,)))
    side = state.to_act
    table._tell(ev.MadeForYou(side, play, state.position))
    words = format_turn(state.variant, state.dice, play)
    table.say(
        _("Played for {name}: {play} (no play does better)").format(
            name=table.name(side), play=words
        )
    )
    table._tell(ev.Wait("forced"))
    return True
