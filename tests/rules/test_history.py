"""A game's decisions told from the states before and after each."""

from __future__ import annotations

import random

import pytest

from game.rules import match as m
from game.rules.history import decision
from game.rules.variants import find_variant


def test_a_backgammon_game_is_told_move_by_move():
    variant = find_variant("backgammon", {"beavers": True})
    rng = random.Random(4)
    state = m.new_game(variant, rng)
    # The opening throw is played by the starter.
    plays = m.legal_plays(state)
    after = m.play(state, plays[0], plays)
    entry = decision(state, after, plays[0])
    assert entry["action"] == "play" and entry["dice"] == list(state.dice)
    assert "/" in entry["play"] and entry["side"] == state.to_act
    doubled = m.double(after)
    assert decision(after, doubled)["action"] == "double"
    assert decision(doubled, m.take(doubled))["action"] == "take"
    assert decision(doubled, m.beaver(doubled))["action"] == "beaver"
    dropped = m.drop(doubled)
    assert decision(doubled, dropped) == {"side": doubled.to_act, "action": "drop"}
    rolled = m.roll(after, rng)
    assert decision(after, rolled) == {
        "side": after.to_act,
        "action": "roll",
        "dice": list(rolled.dice),
    }
    offer = m.resign(rolled, 2)
    assert decision(rolled, offer) == {"side": rolled.to_act, "action": "resign", "level": 2}
    assert decision(offer, m.accept(offer))["action"] == "accept"
    assert decision(offer, m.reject(offer))["action"] == "reject"
    conceded = m.concede(rolled, rolled.to_act)
    assert decision(rolled, conceded)["action"] == "concede"
    with pytest.raises(ValueError, match="needs the play"):
        decision(state, after)


def test_a_named_die_is_told():
    variant = find_variant("anglicorum", {"third_die": "player"})
    state = m.new_game(variant, random.Random(2))
    while state.phase is not m.Phase.CHOOSE:
        if state.phase is m.Phase.ROLL:
            state = m.roll(state, random.Random(3))
        else:
            plays = m.legal_plays(state)
            state = m.play(state, plays[0], plays)
    named = m.choose_die(state, 6)
    assert decision(state, named) == {"side": state.to_act, "action": "name_die", "value": 6}
