"""The player's ratings kept in the records book: a round trip through a restart, one
transaction per game, damaged rows left out, a read-only book still read, and the
performance rating of each stored analysis matched to its game."""

from __future__ import annotations

import logging
import sqlite3

import pytest
from readonly import assert_cannot_write, read_only  # tests/store on the path

from game.store import rating_book
from game.store.rating_book import (
    current_rating,
    performance_points,
    rate,
    rate_finished,
    rated_variants,
    rating_history,
)
from game.store.records import FinishedGame, Records
from game.study.analysis import Decision, GameAnalysis, Point
from game.study.level_table import default_ratings
from game.study.rated import RatedGame
from game.study.rating import updated
from game.study.stored import VERSION

WIN, LOSS = RatedGame("backgammon", "expert", 1.0), RatedGame("backgammon", "novice", 0.0)


def test_ratings_survive_a_restart_and_follow_each_other(tmp_path):
    path = tmp_path / "records.sqlite"
    records = Records.open(path)
    assert current_rating(records, "backgammon") == (None, 0)
    first = rate(records, WIN, 1600.0, played=1000.0)
    second = rate(records, LOSS, 1000.0, played=2000.0)
    rate(records, RatedGame("fevga", "beginner", 0.5), 1100.0, played=3000.0)
    records.close()
    again = Records.open(path)
    assert first.before == 1600.0  # a new rating starts at its first level's
    assert first.after == pytest.approx(updated(1600.0, 1600.0, 1.0, 0))
    assert second.before == first.after and second.games == 2
    history = rating_history(again, "backgammon")
    assert [(r.played, r.level, r.score) for r in history] == [
        (1000.0, "expert", 1.0),
        (2000.0, "novice", 0.0),
    ]
    assert current_rating(again, "backgammon") == (pytest.approx(second.after), 2)
    assert rated_variants(again) == ["fevga", "backgammon"]  # the latest first


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("after", "text"),
        ("after", float("inf")),
        ("after", 1e300),
        ("played", -5.0),
        ("level", "grandmaster"),
        ("score", 0.3),
        ("level_rating", b"\x00\x01"),
    ],
)
def test_a_damaged_row_is_left_out_with_a_log_line(tmp_path, caplog, column, value):
    records = Records.open(tmp_path / "records.sqlite")
    first = rate(records, WIN, 1600.0)
    rate(records, LOSS, 1000.0)
    with records.transaction() as db:
        db.execute(f"UPDATE ratings SET {column} = ? WHERE id = 2", (value,))
    with caplog.at_level(logging.WARNING):
        history = rating_history(records, "backgammon")
    assert len(history) == 1 and "cannot be read" in caplog.text
    assert current_rating(records, "backgammon") == (pytest.approx(first.after), 1)
    # The rating goes on from the last sound row.
    assert rate(records, WIN, 1600.0).before == pytest.approx(first.after)


def test_a_failed_write_leaves_the_rating_as_it_was(tmp_path, monkeypatch):
    records = Records.open(tmp_path / "records.sqlite")
    rate(records, WIN, 1600.0)
    before = rating_history(records, "backgammon")

    def broken(*args: object) -> float:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(rating_book, "updated", broken)
    with pytest.raises(sqlite3.OperationalError):
        rate(records, WIN, 1600.0)
    assert rating_history(records, "backgammon") == before


def test_a_read_only_book_still_shows_the_rating(tmp_path, monkeypatch):
    path = tmp_path / "records.sqlite"
    records = Records.open(path)
    kept = rate(records, WIN, 1600.0)
    records.close()
    read_only(monkeypatch, tmp_path, files_only=True)
    assert_cannot_write(path)
    book = Records.open(path)
    assert book.unkept
    assert current_rating(book, "backgammon") == (pytest.approx(kept.after), 1)
    # This session's games are rated in memory.
    assert rate(book, LOSS, 1000.0).games == 2


def test_a_book_with_no_ratings_reads_as_none(tmp_path):
    records = Records.open(tmp_path / "records.sqlite")
    assert rating_history(records, "backgammon") == [] and rated_variants(records) == []


def test_only_games_against_one_computer_level_are_rated(tmp_path):
    records = Records.open(tmp_path / "records.sqlite")
    levels = {"backgammon": default_ratings()}.get
    person, expert = {"human": True}, {"human": False, "level": "expert"}
    assert rate_finished(records, "local", "backgammon", [person, person], 0, levels) is None
    assert rate_finished(records, "practice", "backgammon", [expert, expert], 0, levels) is None
    change = rate_finished(records, "campaign", "backgammon", [expert, person], 1, levels)
    assert change is not None and change.level == "expert" and change.score == 1.0


def analysis(losses: list[float], side: int) -> GameAnalysis:
    decisions = tuple(
        Decision(n, side, "play", "13/10", "24/21", loss, (3, 1), choices=5)
        for n, loss in enumerate(losses)
    )
    points = (Point(0, (0.5, 0.5)),)
    return GameAnalysis("backgammon", 2, ("White", "Black"), decisions, points, False)


def a_game(records: Records, side: int, variant: str = "backgammon") -> int:
    seats = [{"human": False, "level": "expert"}, {"human": False, "level": "expert"}]
    seats[side] = {"human": True}
    return records.add_game(
        FinishedGame(
            mode="practice",
            variant=variant,
            options={},
            seats=seats,
            seed=7,
            plays=[],
            result={"winner": side},
            player_side=side,
            player_won=True,
            opponent_level="expert",
        )
    )


def test_performance_points_come_from_the_stored_analyses(tmp_path, caplog):
    records = Records.open(tmp_path / "records.sqlite")
    first, second = a_game(records, 0), a_game(records, 1)
    unanalysed = a_game(records, 0)
    other = a_game(records, 0, "fevga")
    damaged = a_game(records, 0)
    key_of = lambda game: f"game-{game['id']}"  # noqa: E731
    kept = {first: analysis([0.01, 0.03], 0), second: analysis([0.1], 1)}
    kept[other] = analysis([0.2], 0)
    for game_id, made in kept.items():
        records.keep_analysis(key_of({"id": game_id}), VERSION, made.to_json())
    broken = {"format": "tabula-analysis", "variant": "backgammon"}
    records.keep_analysis(key_of({"id": damaged}), VERSION, broken)
    with caplog.at_level(logging.WARNING):
        points = performance_points(records, "backgammon", key_of)
    assert [p.game_id for p in points] == [first, second]
    assert unanalysed not in [p.game_id for p in points]
    assert points[0].rating == pytest.approx(kept[first].rating(0))
    assert points[1].rating == pytest.approx(kept[second].rating(1))  # the player's side
    assert points[0].played <= points[1].played
    assert "cannot be read" in caplog.text
