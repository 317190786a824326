"""The rollout (game.study.rollout): seeded, stoppable, its interval honest, every game."""

from __future__ import annotations

import random
import threading

import pytest

from game.rules import match as m
from game.rules.serial import state_from_json, state_to_json
from game.rules.variants import VARIANTS, find_variant
from game.study.rollout import rollout


def race(board0: dict[int, int], board1: dict[int, int], dice: list[int]) -> m.GameState:
    """A backgammon state from each side's men by point (pos 25 off), side 0 to play."""

    def row(men: dict[int, int]) -> list[int]:
        out = [0] * 26
        for pos, n in men.items():
            out[pos] = n
        out[25] = 15 - sum(men.values())
        return out

    return state_from_json(
        {
            "variant": "backgammon",
            "to_act": 0,
            "phase": "move" if dice else "roll",
            "dice": dice,
            "board": [row(board0), row(board1)],
            "hand": [0, 0],
            "flags": [0, 0],
            "turn": 20,
        }
    )


def bear_off() -> m.GameState:
    """Both sides bearing off, a few men each: short games of either result."""
    return race({21: 1, 22: 2, 24: 1}, {22: 1, 23: 2, 24: 1}, [])


def test_the_same_seed_gives_the_same_result_and_another_seed_other_dice() -> None:
    state = bear_off()
    first = rollout(state, 24, seed=7).to_json()
    assert rollout(state, 24, seed=7).to_json() == first
    assert rollout(state, 24, seed=8).to_json() != first


def test_a_rollout_of_n_games_is_the_first_n_games_of_a_longer_one() -> None:
    state = bear_off()
    short = rollout(state, 10, seed=3)
    seen: list[int] = []
    stop = threading.Event()

    def progress(done: int, total: int) -> None:
        seen.append(done)
        if done == 10:
            stop.set()

    longer = rollout(state, 40, seed=3, progress=progress, stop=stop)
    assert longer.games == 10 and longer.stopped
    assert [s.to_json() for s in longer.sides] == [s.to_json() for s in short.sides]


def test_a_position_already_won_rolls_out_to_the_sure_result_with_zero_width() -> None:
    # Side 0 bears off its last man whatever it throws; side 1 has borne off men.
    state = race({24: 1}, {20: 2, 22: 1}, [])
    result = rollout(state, 12, seed=1)
    mine, theirs = result.sides
    assert (mine.mean, mine.half_width, mine.win, mine.kinds["gammon"]) == (1.0, 0.0, 1.0, 0.0)
    assert (theirs.mean, theirs.half_width, theirs.win) == (-1.0, 0.0, 0.0)
    # A game over: its result, for every game asked.
    over = m.play(state := race({24: 1}, {20: 1, 2: 1}, [6, 5]), m.legal_plays(state)[0])
    assert over.is_over
    done = rollout(over, 5, seed=1)
    assert done.games == 5 and done.sides[0].mean == over.result.points  # type: ignore[union-attr]
    assert done.sides[0].half_width == 0.0


def test_the_interval_shrinks_as_the_games_grow() -> None:
    state = bear_off()
    widths = [rollout(state, n, seed=11).sides[0].half_width for n in (16, 64, 256)]
    assert widths[0] > widths[1] > widths[2] > 0
    # About as the square root: four times the games, about half the width.
    assert 0.3 < widths[2] / widths[1] < 0.8


def test_stop_ends_it_early_with_the_games_played() -> None:
    stop = threading.Event()
    told: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        told.append((done, total))
        if done == 3:
            stop.set()

    result = rollout(bear_off(), 50, seed=2, progress=progress, stop=stop)
    assert result.games == 3 and result.asked == 50 and result.stopped
    assert told == [(1, 50), (2, 50), (3, 50)]
    assert result.to_json()["stopped"] is True


def test_a_cube_already_turned_counts_at_a_cube_of_1() -> None:
    text = state_to_json(race({24: 1}, {20: 2, 22: 1}, []))
    text["cube"] = {"value": 4, "owner": 1}
    result = rollout(state_from_json(text), 4, seed=1)
    assert result.sides[0].mean == 1.0


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_every_variant_rolls_out_from_its_start(variant_id: str) -> None:
    variant = find_variant(variant_id)
    state = m.new_game(variant, random.Random(5))
    result = rollout(state, 2, seed=5)
    assert result.games == 2 and len(result.sides) == variant.players
    if variant.players == 2:
        assert result.sides[0].mean == pytest.approx(-result.sides[1].mean)
        assert result.units == "points"
    else:
        assert sum(s.mean for s in result.sides) == pytest.approx(1.0)
        assert result.units == "chance to win"
    for side in result.sides:
        assert side.low <= side.mean <= side.high
        assert 0.0 <= side.win <= 1.0
        assert all(0.0 <= v <= side.win for v in side.kinds.values())


def test_several_processes_give_the_same_result() -> None:
    state = bear_off()
    assert rollout(state, 20, seed=4, workers=2).to_json() == rollout(state, 20, seed=4).to_json()


def test_a_rollout_of_no_games_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one game"):
        rollout(bear_off(), 0)
