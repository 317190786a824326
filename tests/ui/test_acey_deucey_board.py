"""Acey-Deucey in the window: a seeded game between computers plays to its end on the
board; a person after the 1-2 sees the six doubles to name (no dice shown), names one
with a key, plays it and is asked to roll again."""

from __future__ import annotations

import random
import re

import pygame
from stepping import run_until, step  # tests/ui on the path

from game.play.record import record_lines
from game.play.session import GameSetup, Seat
from game.rules import actions as a
from game.rules import match as m
from game.ui.render import board_words
from game.ui.scenes.board import BoardScene
from game.ui.theme import side_colours

DOUBLES = [(f"choose{v}", f"{v}-{v}") for v in range(1, 7)]


def test_a_seeded_computer_game_plays_to_its_end_on_the_board(app):
    scene = BoardScene(app)
    app.push(scene, GameSetup("acey_deucey", seats=(Seat(human=False),) * 2, seed=7))
    assert run_until(app, lambda: scene.table.finished, 600)
    assert scene.state.is_over
    assert any(entry.get("action") == a.NameDie.name for entry in scene.log)
    names = [side_colours(scene.theme, side).name for side in range(2)]
    assert any(re.search(r" names ([1-6])-\1$", line) for line in record_lines(scene.log, names))


def test_a_person_names_the_double_after_the_1_2_with_a_key(app):
    scene = BoardScene(app)
    app.push(scene, GameSetup("acey_deucey", seats=(Seat(), Seat()), seed=4))
    pick = random.Random(4)

    def naming() -> bool:
        state = scene.state
        if scene.busy or state.is_over:
            return False
        if state.phase is m.Phase.CHOOSE:
            return True
        for name in ("roll", "done"):
            if name in scene.buttons:
                scene.press(name)
                return False
        if state.phase is m.Phase.MOVE:
            scene.apply(a.Move(pick.choice(m.legal_plays(state))))
        return False

    assert run_until(app, naming, 120)
    step(app, 300)  # the last message gives way to the prompt
    state = scene.state
    assert state.again and state.dice == ()
    assert scene.wanted_buttons() == DOUBLES
    assert set(scene.buttons) == {name for name, _ in DOUBLES}
    assert scene.shown_dice == () and scene.dice_anim is None
    assert board_words.message_text(scene).endswith(": name a double to play four times")
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)  # the six buttons and the board draw without dice
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_3, mod=0, unicode="3"))
    step(app, 3)
    state = scene.state
    assert (state.phase, state.dice, state.again) == (m.Phase.MOVE, (3, 3), True)
    assert scene.shown_dice == (3, 3)
    assert "double" not in dict(scene.wanted_buttons())

    def rolling_again() -> bool:
        if scene.busy:
            return False
        if scene.state.phase is m.Phase.ROLL:
            return True
        if "done" in scene.buttons:
            scene.press("done")
        elif scene.state.phase is m.Phase.MOVE and scene.turn is not None:
            scene.apply(a.Move(pick.choice(m.legal_plays(scene.state))))
        return False

    assert run_until(app, rolling_again, 30)
    step(app, 300)
    assert scene.state.again and scene.state.to_act == state.to_act
    assert board_words.message_text(scene).endswith(": roll again (Space)")
    assert scene.wanted_buttons() == [("roll", "Roll")]
