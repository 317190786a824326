"""Looking back over the game from the board (Left and Right while a person is to act
and has not moved a man yet): the position before and after each play since the start,
with the play named; any other key or a click comes back to the present, and the input
that brought it back does nothing else."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import N_, _
from game.play.record import record_lines
from game.rules.notation import parse_play
from game.rules.play import Play
from game.rules.position import Position
from game.ui.theme import side_colours

if TYPE_CHECKING:
    from game.ui.scenes.board import BoardScene

# TRANSLATORS: Left and Right are the keys
HELP = N_("Left: further back  ·  Right: forward  ·  any other key: back to the game")


def may_look_back(scene: BoardScene) -> bool:
    """Whether Left starts looking back now."""
    return (
        scene.replaying is None
        and scene.human_to_act()
        and not scene.busy
        and (scene.turn is None or not scene.turn.moves)
    )


def moves_made(scene: BoardScene) -> list[int]:
    """The indices of the game's states that a play led to (where the men changed)."""
    states = scene.game.states
    return [i for i in range(1, len(states)) if states[i].position != states[i - 1].position]


def look(scene: BoardScene, step: int) -> bool:
    """Go ``step`` plays back (negative) or forward from where the look stands, showing
    the position each play was made from, its dice, and the play in words; forward past
    the last play, the look ends. Returns whether the key was used."""
    marks = moves_made(scene)
    if not marks:
        return False
    if scene.looking is None:
        if step > 0 or not may_look_back(scene):
            return False
        at = len(marks)  # the present, after the last play
    else:
        at = scene.looking
    at = max(0, at + step)
    if at >= len(marks):
        end(scene)
        return True
    scene.looking = at
    index = marks[at]
    scene.looked = play_at(scene, index)
    before = scene.game.states[index - 1]
    scene.shown = before.position
    scene.shown_dice = before.dice
    names = [side_colours(scene.theme, s).name for s in range(scene.variant.players)]
    line = record_lines([scene.log[index - 1]], names)
    said = line[0] if line else ""
    # TRANSLATORS: looking back: the play shown, how many there were, and the play in words
    where = _("Play {n} of {total} ({play}) from here").format(
        n=at + 1, total=len(marks), play=said
    )
    scene.say(f"{where}  ·  {_(HELP)}")
    return True


def play_at(scene: BoardScene, index: int) -> tuple[int, Position, Play] | None:
    """The play that led to the game's state ``index``: its side, the position it was
    made from, the play (None for a decision that moved no man)."""
    before = scene.game.states[index - 1]
    entry = scene.log[index - 1]
    if entry.get("action") != "play":
        return None
    play = parse_play(scene.variant, before.position, before.dice, str(entry.get("play", "")))
    return before.position.to_act, before.position, play


def end(scene: BoardScene) -> None:
    """Back to the present."""
    if scene.looking is None:
        return
    scene.looking = None
    scene.looked = None
    scene.shown = scene.resting()
    scene.shown_dice = scene.state.dice
    scene.say(_("Back to the game"))


__all__ = ["end", "look", "may_look_back", "moves_made", "play_at"]
