"""Dice neither side can choose: a 128-bit seed sealed before the dice, the player's
contribution mixed in after the seal, and replays that check both (old ones too)."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from game.rules import actions as a
from game.rules import match as m
from game.rules.dice import (
    CONTRIBUTION_MAX,
    DiceError,
    check_contribution,
    dice_stream,
    new_seed,
    seed_seal,
    stream_key,
)
from game.rules.replay import Replay, ReplayError, main, replay_from_json, replay_states
from game.rules.variants import VARIANTS, find_variant

CONTRIBUTIONS = ["t=1", "t=1834012377", "t=1834012378", "t=5 fair dice", "é ünïcode ☃", " "]


def played(
    variant_id: str, seed: int, contribution: str = "", options=None, entries: int = 60
) -> Replay:
    """A game played at random the way the board plays it (its first ``entries``
    decisions), its dice from ``dice_stream(seed, contribution)`` alone."""
    if options is None:
        options = {"third_die": "player"} if variant_id == "anglicorum" else {}
    variant = find_variant(variant_id, options)
    rng, pick = dice_stream(seed, contribution), random.Random(3)
    state = m.new_game(variant, rng)
    log = []
    while not state.is_over and len(log) < entries:
        action: a.Action
        if state.phase is m.Phase.ROLL:
            action = a.throw(state, rng)
        elif state.phase is m.Phase.CHOOSE:
            action = a.NameDie(pick.choice(m.die_choices(state)))
        else:
            action = a.Move(pick.choice(m.legal_plays(state)))
        log.append(a.action_to_json(state, action))
        after = a.apply_action(state, action)
        state = after
    result = state.result.to_json() if state.result else None
    return Replay(
        variant_id,
        dict(variant.options),
        seed,
        tuple(log),
        match=None,
        result=result,
        contribution=contribution,
    )


def throws(rng: random.Random, n: int = 30) -> list[int]:
    return [rng.randint(1, 6) for _ in range(n)]


def test_a_seed_has_128_bits_from_the_secure_source():
    seeds = {new_seed() for _ in range(64)}
    assert len(seeds) == 64 and all(0 <= s < 2**128 for s in seeds)
    assert max(s.bit_length() for s in seeds) > 120  # not a 48-bit seed
    big = 2**127 + 12345
    assert seed_seal(big) == hashlib.sha256(f"tabula-dice-seed:{big}".encode()).hexdigest()


@pytest.mark.parametrize("seed", [0, 77, 2**48 - 1, 2**127 + 5])
def test_without_a_contribution_the_dice_are_the_seeds_alone(seed):
    # Old replays (48-bit seeds, no contribution) and seeded games throw as before.
    assert throws(dice_stream(seed)) == throws(random.Random(seed))
    assert throws(dice_stream(seed, "")) == throws(random.Random(seed))


@pytest.mark.parametrize("contribution", CONTRIBUTIONS)
def test_a_contribution_is_hashed_with_the_seed_into_the_dice(contribution):
    seed = 2**127 + 99
    text = f"tabula-dice-stream:{seed}:{contribution}".encode()
    key = hashlib.sha256(text).hexdigest()
    assert stream_key(seed, contribution) == key
    assert throws(dice_stream(seed, contribution)) == throws(random.Random(int(key, 16)))
    # The same seed and contribution throw the same dice, every time.
    assert throws(dice_stream(seed, contribution)) == throws(dice_stream(seed, contribution))


def test_every_contribution_and_every_seed_changes_the_dice():
    seed = 987654321
    streams = [tuple(throws(dice_stream(seed, c), 40)) for c in ["", *CONTRIBUTIONS]]
    streams += [tuple(throws(dice_stream(seed + 1, c), 40)) for c in CONTRIBUTIONS]
    assert len(set(streams)) == len(streams)


@pytest.mark.parametrize(
    "bad", [None, 5, b"bytes", "x" * (CONTRIBUTION_MAX + 1), "tab\there", "line\nbreak"]
)
def test_a_contribution_that_cannot_be_used_is_refused_and_quoted(bad):
    with pytest.raises(DiceError) as caught:
        check_contribution(bad)
    assert repr(bad)[:20] in str(caught.value)
    with pytest.raises(DiceError):
        dice_stream(5, bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [-1, True, 1.5, "12"])
def test_a_seed_that_is_not_a_whole_number_is_refused(bad):
    with pytest.raises(DiceError, match="seed"):
        seed_seal(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_a_game_with_a_contribution_replays_through_its_file(variant_id):
    replay = played(variant_id, 2**127 + 31, "t=1834012377 my lucky day")
    data = json.loads(json.dumps(replay.to_json()))
    assert data["version"] == 2 and data["seal"] == seed_seal(replay.seed)
    back = replay_from_json(data)
    assert back.contribution == replay.contribution and back.seed == replay.seed
    assert len(replay_states(back)) == len(replay.plays) + 1
    # Another contribution (or none) does not throw these dice.
    for other in ("t=1834012378 my lucky day", ""):
        if other:
            data2 = dict(data, contribution=other)
        else:
            data2 = {k: v for k, v in data.items() if k not in ("contribution", "seal")}
        with pytest.raises(ReplayError, match=r"throw|turn"):  # a roll, or who opened
            replay_states(replay_from_json(data2))


def test_a_replay_whose_seed_is_not_the_sealed_one_is_refused():
    data = played("lombardorum", 2**127 + 8, "t=42").to_json()
    bad = dict(data, seal=seed_seal(2**127 + 9))
    with pytest.raises(ReplayError, match="not the sealed one"):
        replay_from_json(bad)
    with pytest.raises(ReplayError, match="seal"):
        replay_from_json(dict(data, seal=12))
    with pytest.raises(ReplayError, match="contribution"):
        replay_from_json(dict(data, contribution="x\x00"))
    with pytest.raises(ReplayError, match="version 1"):
        replay_from_json(dict(data, version=1))


def test_an_old_replay_with_a_48_bit_seed_still_loads_and_checks(tmp_path, capsys):
    old = played("backgammon", 2**47 + 3, options={"cube": False}, entries=10**4)
    assert old.result is not None
    data = old.to_json()
    assert data["version"] == 1 and "contribution" not in data and "seal" not in data
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    assert main([str(path)]) == 0
    out = capsys.readouterr().out
    assert f"random.Random({old.seed})" in out and "contribution" not in out


def test_the_checker_shows_the_contribution_and_checks_a_noted_seal(tmp_path, capsys):
    replay = played("lombardorum", 2**127 + 77, "t=99 hello")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(replay.to_json()))
    seal = seed_seal(replay.seed)
    assert main([str(path), "--seal", f"{seal[:8]} {seal[8:16]}"]) == 0
    out = capsys.readouterr().out
    assert seal in out and "'t=99 hello' was mixed in" in out
    assert stream_key(replay.seed, "t=99 hello") in out
    assert main([str(path), "--seal", "0000" if not seal.startswith("0000") else "ffff"]) == 1
    assert "you noted" in capsys.readouterr().err
