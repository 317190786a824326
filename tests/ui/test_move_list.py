"""The move list (L): the game's record in notation over the board, scrolled with the
wheel or Up/Down, closed with L or Escape (which then does not pause the game)."""

from __future__ import annotations

import pygame
from test_board_trail import after_the_computers_play  # tests/ui on the path

from game.play.record import record_lines
from game.ui.move_list import MoveList, visible_lines


def key(app, name: int) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=name, mod=0, unicode=""))


def test_l_opens_the_list_and_it_shows_the_record(app):
    scene = after_the_computers_play(app)
    key(app, pygame.K_l)
    assert scene.move_list.open
    lines = record_lines(scene.log, ["Ivory", "Crimson"])
    assert lines and lines[-1].startswith("Crimson")
    shown = pygame.Surface(app.screen.get_size())
    scene.draw(shown)
    key(app, pygame.K_l)
    assert not scene.move_list.open
    hidden = pygame.Surface(app.screen.get_size())
    scene.draw(hidden)
    assert pygame.image.tobytes(shown, "RGB") != pygame.image.tobytes(hidden, "RGB")


def test_escape_closes_the_list_without_pausing(app):
    scene = after_the_computers_play(app)
    key(app, pygame.K_l)
    key(app, pygame.K_ESCAPE)
    assert not scene.move_list.open
    assert app.stack.top is scene


def test_scrolling_stays_within_the_record():
    moves = MoveList()
    moves.scroll(5, total=3)
    assert moves.back == 2
    moves.scroll(-10, total=3)
    assert moves.back == 0
    lines = [f"line {i}" for i in range(10)]
    assert visible_lines(lines, 0, 4) == lines[6:]
    assert visible_lines(lines, 3, 4) == lines[3:7]
    assert visible_lines(lines, 9, 4) == lines[:1]
