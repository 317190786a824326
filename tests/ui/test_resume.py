"""The game in progress is kept after every play: a killed game resumes at the same play,
with the same dice to come; a saved game that cannot be read is dropped, not a crash."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from stepping import run_until  # tests/ui is on the path (rootdir-less import)

from game.play.session import GameSetup, Seat
from game.store.records import Records
from game.store.settings import Settings
from game.ui.app import App
from game.ui.progress import load_in_progress
from game.ui.scenes.board import BoardScene
from game.ui.scenes.menu import MenuScene

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
    if run_until(app, lambda: len(board.log) >= goal, 120):
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
    # The states before the restart are rebuilt from the record (for the luck).
    assert board.game.states == states[: n + 1]
    run_plays(app, board, 8)
    assert list(board.log[: n + 8]) == straight[: n + 8]
    app.stop()


def test_a_finished_game_is_no_longer_offered(path):
    from game.ui.scenes.results import ResultsScene

    app = open_app(path)
    board = BoardScene(app)
    app.push(board, replace(SETUP, seed=3))
    assert load_in_progress(app) is not None  # kept from the first state on
    run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 600)
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


def test_the_worst_plays_survive_a_restart(path):
    """A practice game's worst plays are kept with the game in progress: the summary
    after a restart still shows the plays made before it."""
    from game.play.session import Judged, SavedGame, worst_judged
    from game.rules import match as m
    from game.ui.progress import save_in_progress

    app = open_app(path)
    board = BoardScene(app)
    setup = replace(SETUP, seats=(Seat(), Seat(human=False)), mode="practice", hints=True)
    app.push(board, setup)
    state = board.state
    while state.phase is not m.Phase.MOVE:
        run_plays(app, board, 1)
        state = board.state
    plays = m.legal_plays(state)
    judged = [
        Judged(state, plays[i % len(plays)], plays[0], loss)
        for i, loss in enumerate((0.2, 0.0001, 0.05, 0.4, 0.1))
    ]
    board.judged = list(judged)
    save_in_progress(app, board.saved())
    app.records.db.close()
    app.stop()

    app = open_app(path)
    saved = load_in_progress(app)
    assert saved is not None
    assert [j.loss for j in saved.judged] == [0.4, 0.2, 0.1]
    assert saved.judged == tuple(worst_judged(judged))
    assert isinstance(saved, SavedGame)
    board = BoardScene(app)
    app.push(board, saved)
    assert [j.loss for j in board.judged] == [0.4, 0.2, 0.1]
    app.stop()
