"""The game in progress is kept after every play: a killed game resumes at the same play,
with the same dice to come; a saved game that cannot be read is dropped, not a crash."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.store.records import Records
from game.store.settings import Settings
from game.ui.app import App
from game.ui.progress import load_in_progress
from game.ui.scenes.board import BoardScene
from game.ui.scenes.menu import MenuScene
from game.ui.session import GameSetup, Seat

SETUP = GameSetup("lombardorum", seats=(Seat(human=False), Seat(human=False)), seed=8)


def open_app(path):
    app = App(replace(Settings(), animation="instant", muted=True), persist=False)
    app._records = Records.open(path)  # a real file, as a player's would be
    app.start((1280, 800))
    app.running = True
    return app


def run_plays(app, board, plays):
    """Step until ``plays`` more entries are in the board's record of the game."""
    goal = len(board.log) + plays
    for _ in range(60 * 120):
        app.step(1 / 60)
        if len(board.log) >= goal:
            return
    raise AssertionError("the game did not go on")


@pytest.fixture
def path(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    return tmp_path / "records.sqlite"


def test_a_killed_game_resumes_at_the_same_play(path):
    # The game played straight through.
    app = open_app(path)
    board = BoardScene(app)
    app.push(board, SETUP)
    run_plays(app, board, 30)
    straight, states = list(board.log), list(board.game.states)
    app.stop()

    # Played again to some 12 entries, then "killed": dropped without a goodbye.
    app = open_app(path)
    board = BoardScene(app)
    app.push(board, SETUP)
    run_plays(app, board, 12)
    n = len(board.log)
    app.records.db.close()
    app.stop()

    # Started again: the menu offers to continue, and the game goes on the same way.
    app = open_app(path)
    saved = load_in_progress(app)
    assert saved is not None and list(saved.log) == straight[:n]
    assert saved.state == states[n]
    menu = MenuScene(app)
    app.push(menu)
    assert menu.buttons[0].label == "Continue" and menu.buttons[0].kind == "primary"
    assert "Ludus Lombardorum" in menu.buttons[0].help
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    board = app.stack.top
    assert isinstance(board, BoardScene) and board.state == states[n]
    run_plays(app, board, 8)
    assert list(board.log[: n + 8]) == straight[: n + 8]
    app.stop()


def test_a_finished_game_is_no_longer_offered(path):
    from game.ui.scenes.results import ResultsScene

    app = open_app(path)
    board = BoardScene(app)
    app.push(board, replace(SETUP, seed=3))
    assert load_in_progress(app) is not None  # kept from the first state on
    for _ in range(60 * 600):
        app.step(1 / 60)
        if isinstance(app.stack.top, ResultsScene):
            break
    assert isinstance(app.stack.top, ResultsScene)
    assert load_in_progress(app) is None
    (game,) = app.records.games()
    assert game["variant"] == "lombardorum" and game["player_won"] is None
    app.stop()


def test_a_saved_game_that_cannot_be_read_is_dropped(path):
    app = open_app(path)
    app.records.save_current({"version": 1, "setup": {"variant": "chess"}})
    assert load_in_progress(app) is None
    assert app.records.load_current() is None
    menu = MenuScene(app)
    app.push(menu)
    assert menu.buttons[0].label == "Play"
    app.stop()
