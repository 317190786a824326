"""The computer's levels: deterministic, different by level, and the expert takes sure wins."""

from __future__ import annotations

import random

import pytest

from game.ai import players
from game.ai.encode import BACKGAMMON_INPUTS
from game.ai.network import Network
from game.rules import match as m
from game.rules.position import position_from_counts
from game.rules.variants import find_variant

BG = find_variant("backgammon")


@pytest.fixture
def net(monkeypatch, tmp_path):
    """A small network standing in for the shipped one (the tests judge the mechanism)."""
    network = Network.create(BACKGAMMON_INPUTS, 12, seed=9)
    monkeypatch.setattr(players, "network_for", lambda variant_id: network)
    return network


def states(n, seed=3):
    rng = random.Random(seed)
    state = m.new_game(BG, rng)
    out = []
    while len(out) < n and not state.is_over:
        if state.phase is m.Phase.ROLL:
            state = m.roll(state, rng)
        else:
            plays = m.legal_plays(state)
            if len(plays) > 2:
                out.append(state)
            state = m.play(state, rng.choice(plays), plays)
    return out


def test_levels_are_deterministic(net):
    for state in states(5):
        for level in players.LEVELS:
            assert players.choose_play(state, level, seed=4) == players.choose_play(
                state, level, seed=4
            )


def test_the_same_position_always_gets_the_same_error():
    after = BG.start_position()
    assert players._error("beginner", after) == players._error("beginner", after)
    assert players._error("expert", after) == 0.0
    spreads = {
        level: sum(abs(players._error(level, s.position)) for s in states(30))
        for level in ("beginner", "intermediate", "advanced")
    }
    assert spreads["beginner"] > spreads["intermediate"] > spreads["advanced"] > 0


def test_levels_disagree_with_the_evaluation_less_as_they_rise(net):
    agree = {level: 0 for level in ("beginner", "advanced")}
    sample = states(30)
    for state in sample:
        best = players.ranked_plays(state, "advanced")[0][0]
        for level in agree:
            agree[level] += players.choose_play(state, level) == best
    assert agree["advanced"] >= agree["beginner"]


def test_expert_bears_off_for_the_win(net):
    # Two men left on the 1- and 2-points against a far-behind opponent: 2-1 wins at once.
    pos = position_from_counts([{24: 1, 23: 1, 25: 13}, {1: 15}], 24)
    state = m.GameState(BG, pos, m.Phase.MOVE, (2, 1))
    play = players.choose_play(state, "expert")
    assert BG.apply_play(pos, play).off(0) == 15


def test_ranked_plays_are_best_first(net):
    state = states(1)[0]
    ranked = players.ranked_plays(state)
    values = [v for _, v in ranked]
    assert values == sorted(values, reverse=True)
    assert {p for p, _ in ranked} == set(m.legal_plays(state))


def test_a_variant_without_a_network_says_so(monkeypatch):
    monkeypatch.setattr(players, "network_for", lambda variant_id: None)
    variant = find_variant("lombardorum")
    state = m.roll(m.new_game(variant, random.Random(1)), random.Random(2))
    with pytest.raises(players.LevelUnavailable, match="does not have yet"):
        players.choose_play(state, "advanced")
    assert players.choose_play(state, "novice", seed=1) in m.legal_plays(state)
