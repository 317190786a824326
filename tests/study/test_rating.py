"""The player's rating's arithmetic: the levels anchored from the ladder's shares, Elo's
expectation and update, and a history of games."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.study.rating import (
    ANCHOR,
    elo_gap,
    expected,
    first_rating,
    history,
    level_ratings,
    updated,
)

LADDER = {
    ("beginner", "novice"): 0.80,
    ("intermediate", "beginner"): 0.60,
    ("advanced", "intermediate"): 0.55,
    ("expert", "advanced"): 0.70,
}


def test_levels_stand_above_each_other_by_their_shares() -> None:
    ratings = level_ratings(LADDER)
    assert ratings["novice"] == ANCHOR
    assert ratings["beginner"] - ratings["novice"] == pytest.approx(400 * math.log10(4))
    assert ratings["novice"] < ratings["beginner"] < ratings["intermediate"]
    assert ratings["intermediate"] < ratings["advanced"] < ratings["expert"]


def test_a_missing_rung_is_refused() -> None:
    with pytest.raises(ValueError, match="expert against advanced"):
        level_ratings({k: v for k, v in LADDER.items() if k[0] != "expert"})


def test_a_sure_share_is_bounded() -> None:
    assert math.isfinite(elo_gap(1.0)) and elo_gap(1.0) == pytest.approx(-elo_gap(0.0))
    assert elo_gap(1.0) > 0


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.floats(-3000, 6000), st.floats(-3000, 6000))
def test_expectations_of_the_two_sides_add_to_one(a: float, b: float) -> None:
    assert expected(a, b) + expected(b, a) == pytest.approx(1.0)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.floats(0, 3000), st.floats(0, 3000), st.integers(0, 100))
def test_a_win_raises_a_loss_lowers(player: float, opponent: float, games: int) -> None:
    assert updated(player, opponent, 1.0, games) > player > updated(player, opponent, 0.0, games)
    # the expected score changes nothing
    assert updated(player, opponent, expected(player, opponent), games) == pytest.approx(player)


def test_a_score_outside_a_game_is_refused() -> None:
    with pytest.raises(ValueError):
        updated(1200, 1200, 2.0, 0)


def test_a_player_who_beats_the_expert_rises_towards_it() -> None:
    ratings = level_ratings(LADDER)
    games = [(float(t), "expert", 0.0 if t % 3 == 2 else 1.0, None) for t in range(200)]
    rated = history(games, ratings)
    assert len(rated) == 200 and rated[0].rating > ratings["expert"]  # won from its level
    assert rated[-1].rating > ratings["expert"]  # two wins in three beat its level
    assert history([(0.0, "grandmaster", 1.0, None)], ratings) == []


def test_the_ladder_writes_level_ratings_that_lean_to_even_on_few_games() -> None:
    from benchmarks.ladder import ratings_entry

    few = {pair: (1, 1) for pair in LADDER}
    many = {pair: (100, 100) for pair in LADDER}
    low, high = ratings_entry(few)["levels"], ratings_entry(many)["levels"]
    assert low["novice"] == high["novice"] == ANCHOR
    assert ANCHOR < low["expert"] < high["expert"]
    assert ratings_entry({pair: (0, 0) for pair in LADDER})["levels"]["expert"] == ANCHOR


def test_a_new_rating_starts_at_the_first_level_played() -> None:
    ratings = level_ratings(LADDER)
    for level in ("novice", "beginner", "expert"):
        assert first_rating(ratings[level]) == ratings[level]
        (won,) = history([(0.0, level, 1.0, None)], ratings)
        assert won.rating == pytest.approx(updated(ratings[level], ratings[level], 1.0, 0))
    (given,) = history([(0.0, "expert", 1.0, None)], ratings, start=900.0)
    assert given.rating == pytest.approx(updated(900.0, ratings["expert"], 1.0, 0))
