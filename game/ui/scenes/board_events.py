"""The table's events shown on the board: the dice thrown, the men slid, the sounds,
the words, the cards (``game.play.events`` -> the scene's timeline and widgets)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import _
from game.play import events as ev
from game.ui.anim.tween import Call, Delay
from game.ui.dice_entry import DiceEntry
from game.ui.dice_seal import ThrowPrompt, auto_contribution, mixed_words
from game.ui.saving import resumed_words
from game.ui.theme import side_colours
from game.ui.tutor_card import TutorCard, Verdict

if TYPE_CHECKING:
    from game.ui.scenes.board import BoardScene

END_PAUSE = 1.2  # the last position stays on screen before the results
THINK_PAUSE = 0.35  # a computer seat's pause before it rolls or moves
REPLAY_PAUSE = 0.7  # between decisions when a replay plays on by itself
PACE = {"think": THINK_PAUSE, "forced": 0.9, "replay": REPLAY_PAUSE, "now": 0.0}


def named_play(name: str, play: object, notation: str) -> str:
    """A side's last play in words ("Crimson played 13/10 13/8"; "" for none to name)."""
    if not play:  # a pass ("pass" in the notation)
        return _("{name} could not move").format(name=name)
    if notation:
        return _("{name} played {play}").format(name=name, play=notation)
    return ""


def show_event(scene: BoardScene, event: ev.Event) -> None:
    """What the board does to show ``event``."""
    match event:
        case ev.Said(text=text, brief=brief):
            scene.say(text, brief=brief)
        case ev.Resumed(saved=saved, lost_dice=lost_dice):
            scene.say(resumed_words(saved, lost_dice))
        case ev.Opened(state=state):
            scene.shown = state.position
            if state.dice:  # backgammon: the starter plays the opening throw
                scene.throw_dice(state.dice)
        case ev.Rolled(dice=dice):
            scene.throw_dice(dice)
        case ev.Played(side=side, play=play, animate=animate, before=before):
            if before is not None:
                scene.last_plays.pop(side, None)  # the latest play comes last
                scene.last_plays[side] = (before, play)  # left on the board (board_trail)
                scene.last_named.pop(side, None)  # the latest play comes last
                scene.last_notation[side] = event.notation if play else ""
                named = named_play(side_colours(scene.theme, side).name, play, event.notation)
                if named:
                    scene.last_named[side] = named
            if animate:
                scene.animate_steps(side, play)
            scene.selected = None
            scene.close_hint()
            scene.tutor_card = None
        case ev.MadeForYou(side=side, play=play, before=before):
            scene.selected = None
            scene.close_hint()
            scene.shown = before.with_to_act(side)
            scene.animate_steps(side, play)
        case ev.DiceShown(dice=dice):
            scene.shown_dice = dice
        case ev.Doubled():
            scene.app.audio.play("double")
        case ev.DiceAsked(title=title, count=count, faces=faces, names=names):
            scene.dice_entry = DiceEntry(title, count, faces, names, opening=event.opening)
        case ev.ThrowAsked(seal=seal):
            if getattr(scene.app.settings, "throw_card", True):
                scene.throw_prompt = ThrowPrompt(seal)
            else:  # the card is off (Settings): the throw is the moment the game begins
                scene.table.throw_in(auto_contribution())
        case ev.Thrown(contribution=contribution, opening=opening):
            mixed = mixed_words(contribution)
            if opening:
                scene.say(f"{scene.message}  ·  {mixed}", brief=scene.message_brief)
            else:
                scene.say(mixed)
        case ev.TurnStarted() | ev.TurnReset() | ev.ReviewAsked():
            scene.selected = None
            scene.close_hint()
            if isinstance(event, ev.TurnReset):
                scene.shown = scene.resting()
            if isinstance(event, ev.ReviewAsked):
                scene.say("")  # the prompt says the tutor is checking the play
        case ev.ReviewReady(judgement=j):
            verdict = Verdict(j.state, j.play, j.loss, j.best, j.grade, j.ranked)
            scene.tutor_card = TutorCard(verdict)
            scene.fit_board()  # the card has a strip of its own
            scene.place_cards()
        case ev.Praised(word=word):
            scene.good = (scene.t, word)
        case ev.HintReady(state=state, ranked=ranked, deep=deep):
            scene.hint_ready(state, ranked, deep)
        case ev.Rewound(state=state):
            scene.last_plays.clear()
            scene.last_named.clear()
            scene.last_notation.clear()
            scene.shown = state.position
            scene.shown_dice = state.dice
        case ev.Wait(reason=reason):
            scene.wait = PACE[reason]
        case ev.GameOver(state=state):
            if state.winner is not None:
                scene.app.audio.play("win")
            scene.say(scene.result_words(state))
            scene.timeline.add(Delay(END_PAUSE), Call(scene.show_results))


__all__ = ["END_PAUSE", "PACE", "REPLAY_PAUSE", "THINK_PAUSE", "named_play", "show_event"]
