"""The luck of the dice: a roll against the average roll."""

from __future__ import annotations

import random

import pytest

from game.ai.luck import game_luck, roll_luck
from game.ai.players import evaluator_for
from game.rules import match as m
from game.rules.dice import chance_outcomes
from game.rules.variants import find_variant


def test_luck_averages_to_nothing_and_sixes_are_lucky_at_the_start():
    variant = find_variant("backgammon")
    evaluator = evaluator_for(variant)
    start = variant.start_position()
    average = sum(c * roll_luck(evaluator, start, r) for r, c in chance_outcomes(2, 6))
    assert average == pytest.approx(0.0, abs=1e-9)
    assert roll_luck(evaluator, start, (6, 6)) > 0.1 > 0 > roll_luck(evaluator, start, (2, 1))
    # The opening throw is never a double: its own average is nothing too.
    rolls = [(r, c) for r, c in chance_outcomes(2, 6) if r[0] != r[1]]
    total = sum(c for _, c in rolls)
    opening = sum(c * roll_luck(evaluator, start, r, opening=True) for r, c in rolls) / total
    assert opening == pytest.approx(0.0, abs=1e-9)


def test_a_games_luck_is_counted_for_each_roller():
    variant = find_variant("lombardorum")
    evaluator = evaluator_for(variant)
    rng = random.Random(5)
    states = [m.new_game(variant, rng)]
    while not states[-1].is_over and len(states) < 40:
        state = states[-1]
        if state.phase is m.Phase.ROLL:
            states.append(m.roll(state, rng))
        else:
            plays = m.legal_plays(state)
            states.append(m.play(state, rng.choice(plays), plays))
    seen = []
    luck = game_luck(evaluator, states, lambda done, total: seen.append((done, total)))
    assert len(luck) == 2 and any(abs(x) > 0 for x in luck)
    rolls = sum(1 for s in states if s.phase is m.Phase.MOVE)
    assert seen[-1] == (rolls, rolls)
    by_hand = [0.0, 0.0]
    for s in states:
        if s.phase is m.Phase.MOVE:
            by_hand[s.to_act] += roll_luck(evaluator, s.position, s.dice)
    assert luck == pytest.approx(by_hand)
