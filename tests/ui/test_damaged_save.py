"""A damaged page where the game in progress is kept (its JSON cut short, a wrong type
somewhere inside it) is said on the menu, as any unreadable save is, and costs nothing
else: the records, the campaign's medals and the settings stay as they were, and the
window lives on. (Continue used to vanish without a word: a page that was no JSON, or
no object, read as "no game in progress"; a wrong type deep inside raised past the
check.)"""

from __future__ import annotations

import json
import time
from dataclasses import replace

import pytest
from stepping import run_until  # tests/ui is on the path (rootdir-less import)

from game.play.session import GameSetup, Seat, saved_to_json
from game.store.records import Records
from game.store.settings import Settings
from game.ui import saving
from game.ui.app import App
from game.ui.progress import load_in_progress
from game.ui.scenes.board import BoardScene
from game.ui.scenes.menu import MenuScene

SETUP = GameSetup("backgammon", seats=(Seat(), Seat(human=False)), seed=5)


def open_app(path):
    app = App(replace(Settings(), animation="instant", muted=True), persist=False)
    app._records = Records.open(path)  # a real file, as a player's would be
    app.start((1280, 800))
    app.running = True
    return app


@pytest.fixture(scope="module")
def good_page(tmp_path_factory):
    """The page a real game in progress leaves in the book (a few plays in)."""
    home = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TABULA_HOME", str(home))
        app = open_app(home / "records.sqlite")
        board = BoardScene(app)
        app.push(board, GameSetup("lombardorum", seats=(Seat(human=False),) * 2, seed=4))
        assert run_until(app, lambda: len(board.log) >= 6, 60)
        data = saved_to_json(board.saved())
        app.stop()
    return json.dumps(data, sort_keys=True)


def _set(data, path, value):
    """``data`` with the value at ``path`` (keys and indices) replaced by ``value``."""
    data = json.loads(json.dumps(data))
    at = data
    for key in path[:-1]:
        at = at[key]
    at[path[-1]] = value
    return data


def damages(page: str) -> dict[str, object]:
    """Kinds of damage a page can suffer: cut short, or a wrong type in some place."""
    data = json.loads(page)
    out = {f"cut at {n}%": page[: len(page) * n // 100] for n in (0, 1, 10, 50, 90, 99)}
    out["not an object"] = json.dumps([data])
    out["a bare number"] = "17"
    out["not even text"] = "\x00\xff{"
    out["kept as a number"] = 17  # SQLite keeps whatever type it is given
    out["kept as bytes"] = b"\xff\xfe{"
    out["kept as a float"] = 1.5
    for key in sorted(data):
        for name, wrong in (("a list", [1, 2]), ("text", "x"), ("null", None), ("a number", 7)):
            out[f"{key} is {name}"] = json.dumps(_set(data, [key], wrong))
    for key in ("board", "dice", "phase", "turn", "match"):
        if key in data["state"]:
            for name, wrong in (("text", "x"), ("an object", {"a": 1}), ("a float", 1.5)):
                out[f"state.{key} is {name}"] = json.dumps(_set(data, ["state", key], wrong))
    if data["log"]:
        out["a play is a number"] = json.dumps(_set(data, ["log", 0], 3))
        out["a play's dice are text"] = json.dumps(
            _set(data, ["log", 0], {**data["log"][0], "dice": "six"})
        )
    out["a seat is text"] = json.dumps(_set(data, ["setup", "seats", 0], "person"))
    out["the tally's side is a list"] = json.dumps(_set(data, ["tally"], {"0": [1]}))
    return out


def _write_page(records: Records, text: object) -> None:
    with records.transaction() as db:
        db.execute("INSERT OR REPLACE INTO current VALUES (1, ?, ?)", (time.time(), text))


def test_the_good_page_resumes(tmp_path, monkeypatch, good_page):
    """The page the damages start from is a good one: it is offered to continue."""
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    app = open_app(tmp_path / "records.sqlite")
    _write_page(app.records, good_page)
    menu = MenuScene(app)
    app.push(menu)
    assert menu.saved is not None and saving.keeper(app).dropped == ""
    app.stop()


def test_every_kind_of_damage_is_said_and_loses_nothing_else(tmp_path, monkeypatch, good_page):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    path = tmp_path / "records.sqlite"
    app = open_app(path)
    # What else the book holds: a finished game, a medal, the settings.
    app.records.record_attempt("01-the-twelve-lines", 2)
    app.records.save_settings_values({"volume": 0.3})
    progress, settings = app.records.progress(), app.records.settings_values()
    games = app.records.games()
    unsaid = []
    for name, text in damages(good_page).items():
        if text == good_page:
            continue
        saves = saving.keeper(app)
        saves.dropped = ""
        _write_page(app.records, text)
        while app.stack.scenes:
            app.stack.scenes.pop()
        menu = MenuScene(app)
        app.push(menu)
        menu.draw(app.screen)  # the menu draws, with its notice
        offered = menu.saved is not None
        if offered:
            # A damage the reader can live with: the game it reads is a whole one.
            assert load_in_progress(app) is not None, name
            continue
        if "could not be read" not in saves.dropped:
            unsaid.append(name)
        assert [b.label for b in menu.buttons if b.label.startswith("Continue")] == [], name
        assert app.records.progress() == progress, name
        assert app.records.settings_values() == settings, name
        assert app.records.games() == games, name
    assert unsaid == []
    app.stop()
