"""A finished game whose time in the records book is impossible (too far off for the
clock, negative past what it can show, not a number, text, bytes, nothing) shows
"unknown time": Records opens and draws, and the game can still be watched and exported.

Any value a book can hold in the ``finished`` column is tried (a hand-edited or
damaged book may have lost the column's NOT NULL, so nothing is tried too)."""

from __future__ import annotations

import math
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scene_kit import open_app, reset_app

from game.store.records import FinishedGame, finished_words
from game.ui.progress import replay_of
from game.ui.scenes import records as records_scene
from game.ui.scenes.records import RecordsScene, game_words

ODD = (1e20, -1e20, 2**63 - 1, -(2**63), "yesterday", "", math.nan, math.inf, -math.inf)
ODD += (-1.0, -86400.0 * 365 * 3000, 1e300, b"\x00\xff", None, "1e20", "0x7fffffffffffffff")
ANY_VALUE = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.text(max_size=30),
    st.binary(max_size=16),
    st.none(),
    st.sampled_from(ODD),
)

COLUMNS = (
    "id, finished, mode, level, variant, options, seats, seed, plays, result, player_side,"
    " player_won, opponent_level, loss_total, loss_moves, match_id, start"
)


@pytest.fixture(scope="module")
def window(tmp_path_factory):
    yield from open_app(tmp_path_factory)


def a_game(app) -> None:
    app.records.add_game(
        FinishedGame(
            mode="practice",
            variant="backgammon",
            options={"cube": False},
            seats=[{"human": True}, {"human": False, "level": "expert"}],
            seed=42,
            plays=[],
            result={"winner": 0, "kind": "single", "points": 1},
            player_side=0,
            player_won=True,
            opponent_level="expert",
        )
    )


def loosen(db: sqlite3.Connection) -> None:
    """The games table as a hand-edited book may have it: the same columns, no types and
    no NOT NULL (the book's own check looks only at the number of columns)."""
    with db:
        db.execute("ALTER TABLE games RENAME TO strict_games")
        db.execute(f"CREATE TABLE games ({COLUMNS})")
        db.execute(f"INSERT INTO games SELECT {COLUMNS} FROM strict_games")
        db.execute("DROP TABLE strict_games")


def set_time(app, value) -> None:
    with app.records.db as db:
        db.execute("UPDATE games SET finished = ?", (value,))


def drawn_texts(monkeypatch) -> list[str]:
    texts: list[str] = []
    real = records_scene.draw_text

    def watch(surface, text, *args, **kwargs):
        texts.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(records_scene, "draw_text", watch)
    return texts


@pytest.mark.parametrize("value", ODD, ids=repr)
def test_an_impossible_time_reads_unknown_time(window, value):
    app = reset_app(window)
    a_game(app)
    loosen(app.records.db)
    set_time(app, value)
    scene = RecordsScene(app)
    app.push(scene)
    scene.update(0.05)
    scene.draw(app.screen)
    assert len(scene.items) == 1
    assert scene.items[0].detail.startswith("unknown time · ")
    replay = replay_of(scene.entries[0][1])  # Watch and Export read it as a replay
    assert replay.extra.get("played", "") == ""


def test_a_true_time_is_shown_as_a_date():
    when = finished_words(0.0)
    assert when != "unknown time" and ("1970" in when or "1969" in when)
    assert finished_words(1_700_000_000) != "unknown time"


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(value=ANY_VALUE)
def test_records_open_and_draw_whatever_the_time(window, monkeypatch, value):
    app = reset_app(window)
    a_game(app)
    loosen(app.records.db)
    set_time(app, value)
    games = app.records.games()
    assert len(games) == 1  # the game is listed, never left out for its time
    title, detail = game_words(games[0])
    assert title == "Backgammon"
    when = detail.split(" · ")[0]
    assert when == finished_words(games[0]["finished"])
    scene = RecordsScene(app)
    app.push(scene)
    scene.update(0.05)
    with monkeypatch.context() as patch:
        texts = drawn_texts(patch)
        scene.relayout()
        scene.draw(app.screen)
    assert "Finished games and replays" in texts
    replay_of(games[0])  # Watch and Export do not fail on it either
