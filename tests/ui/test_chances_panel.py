"""C at the board: the side on roll's chances and the cube's advice, worked out in the
table's worker; a game without a trained evaluation of two sides says why not."""

from __future__ import annotations

import time

import pygame
from test_board_trail import after_the_computers_play  # tests/ui on the path

from game.play.session import GameSetup, Seat
from game.ui.chances_panel import UNAVAILABLE
from game.ui.scenes.board import BoardScene


def key(app, name: int) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=name, mod=0, unicode=""))


def test_c_shows_the_chances_of_the_position(app):
    scene = after_the_computers_play(app)
    without = pygame.Surface(app.screen.get_size())
    scene.draw(without)
    key(app, pygame.K_c)
    assert scene.chances.shown
    deadline = time.monotonic() + 60
    while scene.chances.chances is None:
        scene.update(1 / 60)
        assert time.monotonic() < deadline
    assert scene.chances.state is scene.state
    assert scene.chances.chances.lines()[0].startswith("Wins ")
    shown = pygame.Surface(app.screen.get_size())
    scene.draw(shown)
    assert pygame.image.tobytes(shown, "RGB") != pygame.image.tobytes(without, "RGB")
    key(app, pygame.K_c)
    assert not scene.chances.shown


def test_four_sides_say_why_there_are_no_chances(app):
    scene = BoardScene(app)
    app.replace(scene, GameSetup("el_mundo", {}, (Seat(),) * 4, seed=5))
    for _ in range(3):
        scene.update(1 / 60)
    key(app, pygame.K_c)
    assert not scene.chances.shown
    assert scene.message == UNAVAILABLE
