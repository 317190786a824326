"""Replays rebuild a game exactly from its seed and record (.mat export: test_mat.py)."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from game.rules import match as m
from game.rules.history import decision
from game.rules.replay import Replay, ReplayError, replay_from_json, replay_states
from game.rules.variants import VARIANTS, find_variant


def record(variant, seed, choices=1, previous=None, cube=False):
    """A game played at random the way the board plays it: the dice from
    ``Random(seed)`` alone, the choices from another generator. Returns the replay
    and the states."""
    rng, pick = random.Random(seed), random.Random(choices)
    state = m.next_game(previous, rng) if previous is not None else m.new_game(variant, rng)
    start, states, log = state, [state], []
    while not state.is_over:
        play = None
        if state.phase is m.Phase.ROLL:
            after = (
                m.double(state) if cube and m.can_double(state) and pick.random() < 0.1 else None
            )
            after = after or m.roll(state, rng)
        elif state.phase is m.Phase.TAKE:
            after = m.take(state) if pick.random() < 0.7 else m.drop(state)
        elif state.phase is m.Phase.CHOOSE:
            after = m.choose_die(state, pick.choice(m.die_choices(state)))
        else:
            plays = m.legal_plays(state)
            play = pick.choice(plays)
            after = m.play(state, play, plays)
        log.append(decision(state, after, play))
        states.append(after)
        state = after
    replay = Replay(
        variant.id,
        dict(variant.options),
        seed,
        tuple(log),
        match=start.match,
        starter=previous.winner if previous is not None and start.opening == () else None,
        result=state.result.to_json(),
    )
    return replay, states


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_a_replay_reproduces_the_game_exactly(variant_id):
    options = {"third_die": "player"} if variant_id == "anglicorum" else {}
    variant = find_variant(variant_id, options)
    replay, states = record(variant, seed=12, cube=variant.has_cube)
    # Through its file form and back.
    again = replay_from_json(json.loads(json.dumps(replay.to_json())))
    assert replay_states(again) == states


def test_a_replay_that_does_not_follow_is_refused():
    variant = find_variant("backgammon")
    replay, _ = record(variant, seed=3)
    plays = list(replay.plays)
    roll = next(i for i, e in enumerate(plays) if e["action"] == "roll")
    faked = dict(plays[roll], dice=[6, 6] if plays[roll]["dice"] != [6, 6] else [1, 1])
    with pytest.raises(ReplayError, match=f"entry {roll + 1}: the seed throws"):
        replay_states(replace(replay, plays=(*plays[:roll], faked, *plays[roll + 1 :])))
    move = next(i for i, e in enumerate(plays) if e["action"] == "play")
    wrong = dict(plays[move], play="24/1")
    with pytest.raises(ReplayError, match=f"entry {move + 1}"):
        replay_states(replace(replay, plays=(*plays[:move], wrong, *plays[move + 1 :])))
    with pytest.raises(ReplayError, match="ends before the game does"):
        replay_states(replace(replay, plays=replay.plays[:-1]))
    for bad, words in [
        ({}, "not a Tabula replay"),
        ({**replay.to_json(), "variant": "chess"}, "variant"),
        ({**replay.to_json(), "seed": "x"}, "'seed'"),
        ({**replay.to_json(), "version": 9}, "version 9"),
    ]:
        with pytest.raises(ReplayError, match=words):
            replay_from_json(bad)


def test_the_seal_is_the_sha256_of_the_seed_and_the_checker_says_so(tmp_path, capsys):
    import hashlib

    from game.rules.dice import seed_seal
    from game.rules.replay import main

    assert seed_seal(123456) == hashlib.sha256(b"tabula-dice-seed:123456").hexdigest()
    replay, _states = record(find_variant("lombardorum"), seed=77)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(replay.to_json()))
    assert main([str(path)]) == 0
    out = capsys.readouterr().out
    assert seed_seal(77) in out and "rolls match random.Random(77)" in out
    bad = replay.to_json()
    bad["seed"] = 78
    path.write_text(json.dumps(bad))
    assert main([str(path)]) == 1
    assert "the seed throws" in capsys.readouterr().err
