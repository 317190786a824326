"""A registered game with no trained evaluation yet plays at Novice, offers no hints and
no tutor, and the engine answers what it cannot do with one clear line."""

from __future__ import annotations

import json
import random

import pytest
from tabletop import COMPUTERS, new_table, play_on  # tests/play on the path

from game.ai import players
from game.engine import encode, handle_line
from game.play.session import GameSetup, Seat
from game.play.table import advice_available, decide
from game.rules import match as m
from game.rules.serial import state_to_json
from game.rules.variants import VARIANTS, find_variant
from tests.untrained import UNTRAINED

LEVELS = ("novice", "beginner", "intermediate", "advanced", "expert")


def moving_state(variant_id: str) -> m.GameState:
    """A state of the first turn with a choice of plays (a forced play needs no evaluation)."""
    for seed in range(100):
        rng = random.Random(seed)
        state = m.new_game(find_variant(variant_id), rng)
        state = m.roll(state, rng) if state.phase is m.Phase.ROLL else state
        if len(m.legal_plays(state)) > 1:
            return state
    raise AssertionError(f"no choice of plays in {variant_id}'s first turns")


def test_the_untrained_games_are_registered_and_have_no_network(untrained):
    assert set(VARIANTS) >= UNTRAINED
    for variant_id in sorted(UNTRAINED | {untrained}):
        assert players.network_for(variant_id) is None, variant_id
        assert not players.has_levels(variant_id)
        assert not advice_available(variant_id)


def test_every_level_falls_back_to_novice(untrained):
    variant_id = untrained
    state = moving_state(variant_id)
    legal = m.legal_plays(state)
    for level in LEVELS:
        action = decide(state, level, seed=3)
        assert action is not None and action.play in legal, level
    with pytest.raises(players.LevelUnavailable, match="trained evaluation"):
        players.decide(state, "expert", 3)


def test_a_practice_table_offers_no_advice_and_a_computer_game_ends(untrained):
    variant_id = untrained
    seats = (Seat(), Seat(human=False))
    practice = new_table(GameSetup(variant_id, seats=seats, seed=4, mode="practice", hints=True))
    assert not practice.advice
    table = new_table(GameSetup(variant_id, seats=COMPUTERS, seed=5))
    play_on(table)
    assert table.state.is_over


def test_the_engine_says_in_one_line_that_there_is_no_hint(untrained):
    variant_id = untrained
    state = state_to_json(moving_state(variant_id))
    for request in (
        {"cmd": "hint", "state": state},
        {"cmd": "best", "state": state, "level": "expert", "seed": 1},
    ):
        text = encode(handle_line(json.dumps(request)))
        assert text.count("\n") == 1 and text.endswith("\n")
        assert json.loads(text) == {
            "ok": False,
            "error": f"{variant_id} does not have a trained evaluation yet",
        }
    novice = json.loads(
        encode(handle_line(json.dumps({"cmd": "best", "state": state, "level": "novice"})))
    )
    assert novice["ok"], novice
