"""Never lose what can be kept: a save that fails (a full disk) is said on the board at
once, kept in memory and tried again after each play; the menu never offers to
continue a game that ended; a new game asks before it replaces an unfinished one;
an error in a scene leaves the window alive, the game saved and the traceback in the
log."""

from __future__ import annotations

import sqlite3
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

SETUP = GameSetup("lombardorum", seats=(Seat(human=False), Seat(human=False)), seed=3)
FULL = "database or disk is full"


def open_app(path):
    app = App(replace(Settings(), animation="instant", muted=True), persist=False)
    app._records = Records.open(path)  # a real file, as a player's would be
    app.start((1280, 800))
    app.running = True
    return app


@pytest.fixture
def path(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    return tmp_path / "records.sqlite"


class Disk:
    """A disk that fills up: while ``full``, every write that adds to the book fails as
    SQLite fails on a full disk; deleting (which frees room) still works."""

    def __init__(self, monkeypatch, records):
        self.full = False
        for name in ("save_current", "add_game", "record_attempt", "save_settings_values"):
            real = getattr(records, name)
            monkeypatch.setattr(records, name, self.guard(real))

    def guard(self, real):
        def write(*args, **kwargs):
            if self.full:
                raise sqlite3.OperationalError(FULL)
            return real(*args, **kwargs)

        return write


def plays(app, board, count):
    goal = len(board.log) + count
    assert run_until(app, lambda: len(board.log) >= goal, 120), "the game did not go on"


def to_results(app, board):
    """The game ends (conceded: quicker than playing it out) and its results show."""
    from game.play.session import PauseChoice
    from game.ui.scenes.results import ResultsScene

    board.on_resume(PauseChoice.CONCEDE)
    assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 120)


def test_a_full_disk_is_shown_kept_in_memory_and_written_when_it_can_be(path, monkeypatch):
    app = open_app(path)
    disk = Disk(monkeypatch, app.records)
    board = BoardScene(app)
    app.push(board, SETUP)
    plays(app, board, 6)
    assert app.saves.warning() == ""
    assert load_in_progress(app).log == tuple(board.log)

    disk.full = True
    kept = len(board.log)
    plays(app, board, 1)
    # The moment a save fails the board says so ...
    assert "Not saved" in app.saves.warning() and FULL in app.saves.warning()
    # ... the book keeps its last good save (a crash would lose only the plays since) ...
    assert len(app.records.load_current()["log"]) == kept
    # ... and the game in memory is the one to continue.
    plays(app, board, 5)
    assert load_in_progress(app).log == tuple(board.log)

    to_results(app, board)  # the game ends while the disk is still full
    assert app.records.games() == []
    assert app.records.load_current() is None  # the game that ended is not offered
    assert "Not saved" in app.saves.warning()
    app.home()
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and menu.buttons[0].label == "Play"  # no stale Continue

    disk.full = False  # room again: the next write (here: the menu opening) catches up
    app.home()
    assert app.saves.warning() == ""
    (game,) = app.records.games()
    assert game["variant"] == "lombardorum" and len(game["plays"]) == len(board.log)
    assert app.records.load_current() is None
    app.stop()


def test_a_finished_game_that_could_not_be_kept_is_not_offered_after_a_restart(path, monkeypatch):
    app = open_app(path)
    disk = Disk(monkeypatch, app.records)
    board = BoardScene(app)
    app.push(board, SETUP)
    plays(app, board, 8)
    disk.full = True
    to_results(app, board)
    app.stop()  # the last try at the end fails too

    app = open_app(path)
    assert load_in_progress(app) is None
    menu = MenuScene(app)
    app.push(menu)
    assert menu.buttons[0].label == "Play"
    app.stop()


def test_a_save_retried_after_each_play(path, monkeypatch):
    """One failed save, then room again: the very next play writes the game in progress."""
    app = open_app(path)
    disk = Disk(monkeypatch, app.records)
    board = BoardScene(app)
    app.push(board, SETUP)
    plays(app, board, 3)
    disk.full = True
    plays(app, board, 2)
    assert app.saves.pending
    disk.full = False
    plays(app, board, 1)
    assert app.saves.pending == [] and app.saves.warning() == ""
    assert app.records.load_current()["log"] == list(board.log)
    app.stop()


# -- a new game and the unfinished one --------------------------------------------------------


def unfinished(path):
    """An app whose book holds an unfinished practice game."""
    app = open_app(path)
    board = BoardScene(app)
    app.push(board, replace(SETUP, seats=(Seat(), Seat(human=False)), mode="practice"))
    app.home()
    saved = load_in_progress(app)
    assert saved is not None
    return app, saved


def key(app, k):
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    app.draw()


def test_a_new_game_asks_before_replacing_the_unfinished_one(path):
    from game.ui.scenes.confirm import ConfirmScene
    from game.ui.scenes.setup import SetupScene

    # With no unfinished game, a new one starts at once ...
    app = open_app(path)
    app.push(MenuScene(app))
    setup = SetupScene(app)
    app.push(setup, "practice")
    setup.start()
    assert isinstance(app.stack.top, BoardScene)
    assert app.stack.top.throw_prompt is not None  # a person's game opens with the throw
    key(app, pygame.K_RETURN)
    app.home()
    saved = load_in_progress(app)
    assert saved is not None and saved.setup.mode == "practice"
    # ... and with one, the new game asks first.
    setup = SetupScene(app)
    app.push(setup, "local")
    setup.start()
    question = app.stack.top
    from game.ui.saving import saved_words

    assert isinstance(question, ConfirmScene) and saved_words(saved) in question.text
    key(app, pygame.K_ESCAPE)  # keep it: nothing changed
    assert app.stack.top is setup
    assert load_in_progress(app) == saved

    setup.start()
    assert isinstance(app.stack.top, ConfirmScene)
    app.stack.top.yes()
    board = app.stack.top
    assert isinstance(board, BoardScene) and board.setup.mode == "local"
    assert [type(s) for s in app.stack.scenes] == [MenuScene, BoardScene]
    key(app, pygame.K_RETURN)  # the player's throw starts the new game, which is saved
    assert load_in_progress(app).setup.mode == "local"
    app.stop()


def test_a_campaign_level_asks_too(path):
    from game.ui.scenes.campaign import CampaignScene
    from game.ui.scenes.confirm import ConfirmScene

    app, saved = unfinished(path)
    campaign = CampaignScene(app)
    app.push(campaign)
    campaign.begin(app.campaign.levels[0].id)
    assert isinstance(app.stack.top, ConfirmScene)
    app.stack.top.no()
    assert app.stack.top is campaign and load_in_progress(app) == saved
    app.stop()


# -- an error in a scene -------------------------------------------------------------------------


@pytest.fixture
def log_file(path):
    from game.store.logfile import start_log, stop_log

    stop_log()
    log = start_log()
    yield log
    stop_log()


def test_an_error_in_a_scene_shows_a_card_saves_the_game_and_logs(path, log_file, monkeypatch):
    from game.ui.scenes.error import ErrorScene

    assert log_file == path.parent / "tabula.log"
    app = open_app(path)
    app.push(MenuScene(app))
    board = BoardScene(app)
    app.push(board, SETUP)
    plays(app, board, 4)
    update = board.update

    def broken(dt):
        if len(board.log) >= 7:
            raise KeyError("a bug in the board")
        update(dt)

    monkeypatch.setattr(board, "update", broken)
    for _ in range(60):  # no exception comes out: the window lives
        app.run(seconds=0.25, fixed_step=True)
        assert app.running
        if isinstance(app.stack.top, ErrorScene):
            break
    assert [type(s) for s in app.stack.scenes] == [MenuScene, ErrorScene]
    card = app.stack.top
    text = " ".join(line for line, _, _ in card.lines)
    assert "KeyError" in text and "on the board screen" in text and str(log_file) in text
    assert "was saved" in text
    app.draw()  # the card draws
    log_text = log_file.read_text()
    assert "Traceback" in log_text and "a bug in the board" in log_text
    # The game is kept at the play before the error, and the menu offers it.
    saved = load_in_progress(app)
    assert saved is not None and saved.log == tuple(board.log)
    key(app, pygame.K_RETURN)
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and menu.buttons[0].label == "Continue"
    app.stop()


def test_a_menu_that_keeps_failing_leaves_the_card_alone(path, log_file, monkeypatch):
    from game.ui.scenes.error import ErrorScene

    app = open_app(path)

    def broken(self, surface):
        raise RuntimeError("the menu cannot draw")

    monkeypatch.setattr(MenuScene, "draw", broken)
    app.push(MenuScene(app))
    app.run(seconds=1, fixed_step=True)
    assert [type(s) for s in app.stack.scenes] == [ErrorScene]
    assert "the menu cannot draw" in log_file.read_text()
    key(app, pygame.K_RETURN)  # closing the card with nothing under it ends the app
    assert not app.running
    app.stop()


def test_an_unreadable_game_in_progress_is_said_on_the_menu(path, monkeypatch):
    """A game in progress that cannot be read is dropped, and the menu says so (it went
    without a word on screen: the Continue button was simply not there)."""
    from game.ui import saving
    from game.ui.scenes import menu

    records = Records.open(path)
    records.save_current({"version": 1, "setup": {"variant": "backgammon"}, "state": {}})
    records.close()
    app = open_app(path)
    shown: list[str] = []
    real = menu.draw_text

    def watched(surface, text, *args, **kwargs):
        shown.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(menu, "draw_text", watched)
    scene = MenuScene(app)
    app.push(scene)
    scene.draw(app.screen)
    said = saving.keeper(app).dropped
    assert said and "could not be read" in said and said in shown
    assert load_in_progress(app) is None  # not offered to continue
    # A new game saved in its place: nothing more to say.
    app.push(BoardScene(app), SETUP)
    plays(app, app.stack.top, 1)
    assert saving.keeper(app).dropped == ""
    app.stop()
