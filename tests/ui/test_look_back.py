"""Looking back over the plays from the board (Left, Right; anything else returns)."""

from __future__ import annotations

import pygame
from test_board_trail import after_the_computers_play  # tests/ui on the path

from game.ui.scenes import board_lookback


def key(app, name: int) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=name, mod=0, unicode=""))


def test_left_shows_the_position_the_last_play_was_made_from(app):
    scene = after_the_computers_play(app)
    marks = board_lookback.moves_made(scene)
    present = scene.shown
    key(app, pygame.K_LEFT)
    assert scene.looking == len(marks) - 1
    before = scene.game.states[marks[-1] - 1]
    assert scene.shown == before.position and scene.shown_dice == before.dice
    for _ in range(5):
        scene.update(1 / 60)  # the frames that follow keep showing it
    assert scene.shown == before.position
    assert "/" in scene.message  # the play, in notation
    key(app, pygame.K_RIGHT)  # forward past the last play: the present
    assert scene.looking is None and scene.shown == present


def test_any_other_key_comes_back_and_does_nothing_else(app):
    scene = after_the_computers_play(app)
    state = scene.state
    key(app, pygame.K_LEFT)
    key(app, pygame.K_SPACE)  # would roll: here it only ends the look
    assert scene.looking is None
    assert scene.state is state


def test_the_start_is_as_far_back_as_it_goes(app):
    scene = after_the_computers_play(app)
    for _ in range(10):
        key(app, pygame.K_LEFT)
    assert scene.looking == 0
    assert scene.shown == scene.game.states[board_lookback.moves_made(scene)[0] - 1].position
