"""The player's rating moved by a finished game, through the table controller and
``record_finished`` as the board calls them, without a window."""

from __future__ import annotations

import random
import sqlite3
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from tabletop import new_table, person, play_on  # tests/play on the path

from game.play.session import GameSetup, GameSummary, Seat
from game.play.table import Table
from game.rules import actions as a
from game.rules import match as m
from game.store.rating_book import current_rating, rating_history
from game.store.records import Records
from game.study.level_table import shipped
from game.study.rating import updated
from game.ui.progress import record_finished


def book() -> SimpleNamespace:
    return SimpleNamespace(records=Records.open(Path(":memory:")))


def finished(level: str, seed: int = 5, mode: str = "practice") -> GameSummary:
    """A backgammon game played to its end: a person (random plays) against ``level``."""
    seats = (Seat(), Seat(human=False, level=level))
    table = new_table(GameSetup("backgammon", {"cube": False}, seats, seed=seed, mode=mode))
    play_on(table, person_acts=person(random.Random(1)))
    return table.summary()


def conceded(level: str) -> GameSummary:
    """A game the person concedes at their first turn against ``level``."""
    seats = (Seat(), Seat(human=False, level=level))
    table = new_table(GameSetup("backgammon", {"cube": False}, seats, seed=8, mode="practice"))

    def gives_up(t: Table) -> None:
        t.apply(a.Concede(0))

    play_on(table, person_acts=gives_up)
    assert table.state.result is not None and table.state.result.winner == 1
    return table.summary()


def as_against(summary: GameSummary, level: str) -> GameSummary:
    """The same finished game, the computer's seat named ``level``."""
    seats = tuple(s if s.human else replace(s, level=level) for s in summary.setup.seats)
    return replace(summary, setup=replace(summary.setup, seats=seats))


def test_a_game_against_the_computer_moves_the_rating_by_elo() -> None:
    summary = finished("novice")
    assert summary.state.result is not None
    won = summary.state.result.winner == 0
    app = book()
    out = record_finished(app, summary)
    levels = shipped().ratings("backgammon")
    assert out.rating is not None
    assert out.rating.before == levels["novice"]  # a new player starts at the level played
    assert out.rating.after == pytest.approx(
        updated(levels["novice"], levels["novice"], float(won), 0)
    )
    assert current_rating(app.records, "backgammon") == (pytest.approx(out.rating.after), 1)
    assert len(app.records.games()) == 1  # the game itself is kept as before


def test_a_win_against_the_expert_raises_more_than_against_the_novice() -> None:
    summary = finished("novice")
    assert summary.state.result is not None and summary.state.result.winner == 0  # won
    gains, firsts = {}, {}
    for level in ("novice", "expert"):
        first = record_finished(book(), as_against(summary, level))  # a new player's first
        assert first.rating is not None
        firsts[level] = first.rating.after
        app = rated_once()
        out = record_finished(app, as_against(summary, level))
        assert out.rating is not None
        gains[level] = out.rating.change
    assert 0 < gains["novice"] < gains["expert"]
    assert firsts["novice"] < firsts["expert"]  # a first win says more against the expert


def rated_once() -> Any:
    """A book whose player has one rated game behind them (a loss to the intermediate)."""
    app = book()
    out = record_finished(app, conceded("intermediate"))
    assert out.rating is not None and out.rating.games == 1
    return app


def test_a_loss_against_the_expert_costs_less_than_against_the_novice() -> None:
    losses = {}
    for level in ("novice", "expert"):
        out = record_finished(rated_once(), conceded(level))
        assert out.rating is not None and out.rating.score == 0
        losses[level] = out.rating.change
    assert losses["novice"] < losses["expert"] < 0


def test_games_follow_each_other_in_the_book() -> None:
    app = book()
    first = record_finished(app, conceded("novice")).rating
    second = record_finished(app, conceded("novice")).rating
    assert first is not None and second is not None
    assert second.before == pytest.approx(first.after) and second.games == 2
    assert [r.after for r in rating_history(app.records, "backgammon")] == pytest.approx(
        [first.after, second.after]
    )


@pytest.mark.parametrize(
    ("seats", "mode", "variant"),
    [
        ((Seat(), Seat()), "local", "backgammon"),  # two people at one table
        ((Seat(human=False), Seat(human=False)), "practice", "backgammon"),  # nobody
        ((Seat(), *[Seat(human=False)] * 3), "practice", "el_mundo"),  # four at the table
    ],
)
def test_games_that_are_not_rated_leave_no_rating(seats, mode, variant) -> None:
    table = new_table(GameSetup(variant, seats=seats, seed=3, mode=mode))
    play_on(table, person_acts=person(random.Random(2)))
    assert table.state.phase is m.Phase.OVER or table.finished
    app = book()
    out = record_finished(app, table.summary())
    assert out.rating is None
    assert rating_history(app.records, variant) == []
    assert len(app.records.games()) == 1


def test_a_rating_that_cannot_be_written_loses_nothing_else(monkeypatch) -> None:
    from game.store import rating_book

    def full(*args: object, **kwargs: object) -> object:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(rating_book, "rate", full)
    app = book()
    out = record_finished(app, conceded("novice"))
    assert out.rating is None  # no line on the results screen
    assert len(app.records.games()) == 1  # the game is kept all the same
