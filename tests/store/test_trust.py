"""The game always starts: a read-only book or folder, a damaged or empty book, one bad
settings value. Each gives a clear message; none ends the game at start, and a sound
book is never moved aside because it cannot be written."""

from __future__ import annotations

import json
import math
import sqlite3
from dataclasses import replace

import pytest
from readonly import assert_cannot_write, read_only  # tests/store is on the path

from game.store.records import FinishedGame, Records
from game.store.settings import Settings, load_settings, save_settings


def a_book(path):
    """A sound book with a medal, a finished game and settings in it."""
    records = Records.open(path)
    records.record_attempt("01-a", 2)
    records.add_game(
        FinishedGame(
            mode="local",
            variant="backgammon",
            options={},
            seats=[{"human": True}, {"human": False, "level": "novice"}],
            seed=5,
            plays=[],
            result={"winner": 0, "kind": "single", "points": 1},
        )
    )
    save_settings(replace(Settings(), volume=0.3), records)
    records.close()
    return path.read_bytes()


def test_a_read_only_book_is_read_not_moved_aside(tmp_path, monkeypatch):
    path = tmp_path / "records.sqlite"
    before = a_book(path)
    read_only(monkeypatch, tmp_path, files_only=True)
    assert_cannot_write(path)

    records = Records.open(path)
    assert "cannot be written" in records.unkept and records.notice == records.unkept
    assert "nothing of this session will be kept" in records.notice
    # Its contents are there to play with ...
    assert records.progress()["01-a"].medal == 2
    assert len(records.games()) == 1
    assert load_settings(records).volume == 0.3
    # ... in memory: the session's writes work there, the file is as it was.
    records.record_attempt("01-b", 1)
    assert records.progress()["01-b"].medal == 1
    records.close()
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if ".bad-" in p.name] == []


def test_a_read_only_folder_with_no_book_starts_one_in_memory(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    read_only(monkeypatch, home)
    assert_cannot_write(home / "records.sqlite")
    with pytest.raises(PermissionError):
        (home / "sub").mkdir()

    records = Records.open(home / "records.sqlite")
    assert "cannot be written" in records.notice and records.unkept
    records.save_current({"a": 1})
    assert records.load_current() == {"a": 1}
    assert list(home.iterdir()) == []


def test_a_data_folder_that_cannot_be_made_starts_anyway(tmp_path, monkeypatch):
    home = tmp_path / "missing" / "home"
    read_only(monkeypatch, tmp_path)
    monkeypatch.setenv("TABULA_HOME", str(home))
    records = Records.open()
    assert records.unkept and "permission denied" in records.notice
    assert load_settings(records) == Settings()


def test_a_damaged_book_in_a_read_only_folder_is_left_where_it_is(tmp_path, monkeypatch):
    path = tmp_path / "records.sqlite"
    path.write_bytes(b"not a database at all " * 200)
    read_only(monkeypatch, tmp_path)
    records = Records.open(path)
    assert "could not be read" in records.notice and "cannot be moved aside" in records.notice
    assert records.unkept
    assert path.read_bytes().startswith(b"not a database")
    assert records.progress() == {}


def test_a_damaged_book_is_still_moved_aside_where_it_can_be(tmp_path):
    """What was right stays right: damage (not a failure to write) moves a book aside."""
    path = tmp_path / "records.sqlite"
    path.write_bytes(b"not a database at all " * 200)
    records = Records.open(path)
    assert "could not be read" in records.notice and not records.unkept
    assert (tmp_path / "records.sqlite.bad-1").exists()


def test_a_full_disk_at_start_keeps_the_book(tmp_path, monkeypatch):
    """A sound book whose first write fails (a full disk) is read, not moved aside."""
    path = tmp_path / "records.sqlite"
    before = a_book(path)
    real = sqlite3.connect

    class Full(sqlite3.Connection):
        def execute(self, sql, *args):
            if sql.lstrip().upper().startswith(("PRAGMA USER_VERSION =", "INSERT", "CREATE")):
                raise sqlite3.OperationalError("database or disk is full")
            return super().execute(sql, *args)

        def executescript(self, sql):
            raise sqlite3.OperationalError("database or disk is full")

    def connect(database, *args, **kwargs):
        if str(database) == str(path):
            return real(database, *args, factory=Full, **kwargs)
        return real(database, *args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", connect)
    records = Records.open(path)
    assert "disk is full" in records.notice and records.unkept
    assert records.progress()["01-a"].medal == 2
    assert path.read_bytes() == before
    assert not list(tmp_path.glob("*.bad-*"))


def test_an_empty_book_file_is_said_so(tmp_path):
    path = tmp_path / "records.sqlite"
    path.write_bytes(b"")
    records = Records.open(path)
    assert "was empty (0 bytes" in records.notice
    assert not records.unkept
    records.record_attempt("01-a", 1)  # and it is a working book
    records.close()
    assert Records.open(path).notice == ""  # said once: it is a book now


def test_a_new_book_says_nothing(tmp_path):
    assert Records.open(tmp_path / "records.sqlite").notice == ""


NESTED = "[" * 100_000 + "]" * 100_000

BAD_VALUES = {
    "window_size": ["[1e999, 800]", "[NaN, 800]", "[-1e999, 1e999]", "[true, 800]", NESTED],
    "volume": ["1e999", "NaN", "-Infinity", '"loud"', NESTED],
    "fullscreen": ["1e999", NESTED, "null"],
    "animation": ["1e999", "[[[[[[]]]]]]", NESTED],
    "palette": ['{"a": ' * 5000 + "1" + "}" * 5000],
}


@pytest.mark.parametrize(
    ("key", "text"), [(k, t) for k, texts in BAD_VALUES.items() for t in texts]
)
def test_one_bad_settings_value_never_stops_the_start(tmp_path, monkeypatch, key, text):
    """Any one value, however broken (written straight into the book), gives that
    setting's default; the other settings are kept."""
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    records = Records.open(tmp_path / "records.sqlite")
    chosen = replace(Settings(), muted=True, end_turn_at_once=True, palette="contrast")
    save_settings(chosen, records)
    with records.transaction() as db:
        db.execute("INSERT OR REPLACE INTO settings VALUES (?, ?)", (key, text))
    settings = load_settings(records)
    assert getattr(settings, key) == getattr(Settings(), key)
    assert settings.muted and settings.end_turn_at_once
    if key != "palette":
        assert settings.palette == "contrast"
    width, height = settings.window_size
    assert 640 <= width <= 7680 and 400 <= height <= 4320
    assert math.isfinite(settings.volume)
    # The repaired settings are readable again.
    assert json.loads(json.dumps(records.settings_values()))


def test_bad_settings_in_a_read_only_book_still_start(tmp_path, monkeypatch):
    """The repair of bad settings cannot be written: the defaults are used all the same."""
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    path = tmp_path / "records.sqlite"
    records = Records.open(path)
    with records.transaction() as db:
        db.execute("INSERT INTO settings VALUES ('window_size', '[1e999, 800]')")
    records.close()
    read_only(monkeypatch, tmp_path)
    records = Records.open(path)
    assert records.unkept
    records.db.execute("PRAGMA query_only = 1")  # even the copy in memory refuses writes
    assert load_settings(records).window_size == Settings().window_size


def test_the_window_starts_with_a_read_only_home(tmp_path, monkeypatch):
    """The whole app starts, says so on the menu and on the board, and keeps the file."""
    from game.play.session import GameSetup, Seat
    from game.ui.app import App
    from game.ui.scenes.board import BoardScene
    from game.ui.scenes.menu import MenuScene

    path = tmp_path / "records.sqlite"
    before = a_book(path)
    with sqlite3.connect(path) as db:  # a bad value too
        db.execute("INSERT OR REPLACE INTO settings VALUES ('window_size', '[1e999, 1e999]')")
    db.close()
    before = path.read_bytes()
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    read_only(monkeypatch, tmp_path)
    app = App()
    assert app.settings.volume == 0.3 and app.settings.window_size == Settings().window_size
    app.settings = replace(app.settings, muted=True, animation="instant")
    app.start((1280, 800))
    app.running = True
    menu = MenuScene(app)
    app.push(menu)
    assert "cannot be written" in app.records.notice
    assert app.saves.warning().startswith("Playing without saving")
    app.step(1 / 60)
    setup = GameSetup("lombardorum", seats=(Seat(human=False), Seat(human=False)), seed=2)
    app.push(BoardScene(app), setup)
    for _ in range(30):
        app.step(1 / 60)
    assert isinstance(app.stack.top, BoardScene)
    # The strip at the top of the window says so.
    app.draw()
    assert app.screen is not None
    with_strip = app.screen.get_at((4, 4))
    monkeypatch.setattr(app.saves, "warning", lambda: "")
    app.draw()
    assert app.screen.get_at((4, 4)) != with_strip
    app.stop()
    assert path.read_bytes() == before
