"""The engine's words are the rules' actions: every move ``legal`` lists is the one
``play`` makes from its notation, and each word names exactly one action."""

from __future__ import annotations

import random

import pytest

from game.engine import handle
from game.rules import actions as a
from game.rules import match as m
from game.rules.serial import state_from_json, state_to_json
from game.rules.variants import find_variant

CASES = [
    ("backgammon", {"cube": True, "beavers": True}),
    ("anglicorum", {"third_die": "opponent"}),
    ("el_mundo", {}),
    ("lombardorum", {}),
]


def _states(variant_id: str, options: dict[str, object], seed: int) -> list[m.GameState]:
    """States of a game played through every kind of decision (doubles taken or
    beavered, resignations refused), chosen among ``legal_actions``."""
    rng = random.Random(seed)
    state = m.new_game(find_variant(variant_id, options), rng)
    states = [state]
    while not state.is_over and len(states) < 60:
        legal = a.legal_actions(state)
        if a.is_chance(state):
            extra = [x for x in legal if isinstance(x, a.Double | a.Resign)]
            action = rng.choice(extra) if extra and rng.random() < 0.3 else a.throw(state, rng)
        else:
            action = rng.choice([x for x in legal if not isinstance(x, a.Drop | a.Accept)])
        state = a.apply_action(state, action)
        states.append(state)
    return states


@pytest.mark.parametrize(("variant_id", "options"), CASES, ids=[c[0] for c in CASES])
def test_every_listed_move_is_the_one_its_notation_plays(variant_id, options):
    phases = set()
    for state in _states(variant_id, options, 3):
        if state.phase in (m.Phase.ROLL, m.Phase.OVER):
            continue
        phases.add(state.phase)
        sent = state_to_json(state)
        listed = handle({"cmd": "legal", "state": sent})
        assert listed["ok"], listed
        expected = [
            a.apply_action(state, x)
            for x in a.legal_actions(state)
            if not isinstance(x, a.Roll | a.Double | a.Resign)
        ]
        got = [state_from_json(move["state"]) for move in listed["moves"]]
        assert got == expected
        for move in listed["moves"]:
            played = handle({"cmd": "play", "state": sent, "notation": move["notation"]})
            assert played["ok"], (move["notation"], played)
            assert played["state"] == move["state"]
    assert m.Phase.MOVE in phases


def test_the_cube_and_resignation_words_are_actions():
    bg = find_variant("backgammon", {"cube": True})
    state = m.GameState(bg, bg.start_position())
    sent = state_to_json(state)

    def play(words: str, on: dict[str, object] = sent) -> dict[str, object]:
        return handle({"cmd": "play", "state": on, "notation": words})

    assert state_from_json(play("double")["state"]) == a.apply_action(state, a.Double())
    for words, level in [("resign", 1), ("Resign  Gammon", 2), ("resign backgammon", 3)]:
        assert state_from_json(play(words)["state"]) == a.apply_action(state, a.Resign(level))
    refused = play("roll")
    assert not refused["ok"] and "cannot be played in the roll phase" in refused["error"]
    offered = state_to_json(a.apply_action(state, a.Resign(2)))
    assert state_from_json(play("reject", offered)["state"]).phase is m.Phase.ROLL
    assert not play("take", offered)["ok"]


def test_dice_by_hand_are_a_roll_by_hand():
    bg = find_variant("backgammon")
    state = m.GameState(bg, bg.start_position())
    answer = handle({"cmd": "roll", "state": state_to_json(state), "dice": [4, 1]})
    assert state_from_json(answer["state"]) == a.apply_action(state, a.Roll((4, 1), by_hand=True))
    seeded = handle({"cmd": "roll", "state": state_to_json(state), "seed": 9})
    assert state_from_json(seeded["state"]) == a.roll(state, random.Random(9))
    for bad in ([7, 1], [1], ["a", 2]):
        refused = handle({"cmd": "roll", "state": state_to_json(state), "dice": bad})
        assert not refused["ok"] and str(bad[0]) in refused["error"]
