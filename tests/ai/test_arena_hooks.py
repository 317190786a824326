"""game.ai.arena.play_game's hooks: the actions it shows replay its game, and ``throws``
chooses the generator of each roll."""

from __future__ import annotations

import random

import pytest

from game.ai.arena import RandomPlayer, play_game
from game.rules import actions as a
from game.rules import match as m
from game.rules.variants import VARIANTS, find_variant


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_the_actions_shown_replay_the_game_state_by_state(variant_id):
    variant = find_variant(variant_id)
    steps: list[tuple[m.GameState, a.Action]] = []
    players = [RandomPlayer(random.Random(side)) for side in range(variant.players)]
    end = play_game(variant, players, random.Random(11), stepped=lambda s, x: steps.append((s, x)))
    assert steps and end.is_over
    for (state, action), after in zip(steps, [s for s, _ in steps[1:]] + [end], strict=True):
        assert a.apply_action(state, action) == after


def players() -> list[RandomPlayer]:
    return [RandomPlayer(random.Random(1)), RandomPlayer(random.Random(2))]


def test_throws_chooses_each_rolls_generator():
    variant = find_variant("plakoto")
    plain = play_game(variant, players(), random.Random(3))
    rng = random.Random(3)
    assert play_game(variant, players(), rng, throws=lambda state: rng) == plain

    def per_side() -> tuple[m.GameState, list[int]]:
        streams, rollers = [random.Random(5), random.Random(6)], []

        def throws(state: m.GameState) -> random.Random:
            rollers.append(state.to_act)
            return streams[state.to_act]

        return play_game(variant, players(), random.Random(3), throws=throws), rollers

    (end, rollers), (again, _) = per_side(), per_side()
    assert end.is_over and end == again and end != plain
    assert set(rollers) == {0, 1}
