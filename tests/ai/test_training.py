"""The backgammon evaluation: inputs, the network, TD learning and a short training run."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from game.ai.encode import BACKGAMMON_INPUTS, encode_backgammon
from game.ai.network import Network, equity, flip
from game.ai.train import choose, learn, main, result_vector, self_play_game
from game.rules.outcome import Kind
from game.rules.position import position_from_counts
from game.rules.variants import find_variant

BG = find_variant("backgammon")


def test_encoding_is_seen_from_the_side_to_act():
    start = BG.start_position()
    x = encode_backgammon(start)
    assert x.shape == (BACKGAMMON_INPUTS,)
    # Both sides start alike, so both halves match; five men on pos 19 (the 6-point).
    assert np.array_equal(x[:98], x[98:])
    i = (19 - 1) * 4
    assert list(x[i : i + 4]) == [1.0, 1.0, 1.0, 1.0]  # 5 men: three units and (5-3)/2
    pos = position_from_counts([{0: 1, 25: 14}, {25: 15}], 24, to_act=1)
    y = encode_backgammon(pos)
    assert y[98 + 96] == 0.5 and y[97] == 1.0  # the other side's bar; my men all off


def test_flip_and_equity():
    y = np.array([0.7, 0.2, 0.05, 0.1, 0.01])
    assert np.allclose(flip(flip(y)), y)
    assert equity(y) == pytest.approx(2 * 0.7 - 1 + 0.2 + 0.05 - 0.1 - 0.01)
    assert equity(flip(y)) == pytest.approx(-equity(y))


def test_training_moves_outputs_toward_the_target():
    net = Network.create(BACKGAMMON_INPUTS, 16, seed=1)
    x = np.stack([encode_backgammon(BG.start_position())] * 4)
    target = np.tile(result_vector(Kind.GAMMON), (4, 1))
    first = net.train(x, target, 0.5)
    for _ in range(50):
        last = net.train(x, target, 0.5)
    assert last < first / 4


def test_save_and_load_keep_the_weights(tmp_path):
    net = Network.create(BACKGAMMON_INPUTS, 8, seed=2)
    net.save(tmp_path / "w.npz", {"games": 0})
    again = Network.load(tmp_path / "w.npz")
    x = encode_backgammon(BG.start_position())[None, :]
    assert np.allclose(net.evaluate(x), again.evaluate(x))
    assert json.loads((tmp_path / "w.json").read_text())["games"] == 0


def test_choose_takes_a_play_that_wins_at_once():
    # Two men left on the 1- and 2-points, roll 2-1: bearing both off wins now.
    pos = position_from_counts([{24: 1, 23: 1, 25: 13}, {1: 2, 25: 13}], 24)
    plays = BG.generate_plays(pos, (2, 1))
    _, after = choose(Network.create(BACKGAMMON_INPUTS, 8, seed=3), BG, pos, plays)
    assert after.off(0) == 15


def test_a_self_play_game_ends_and_learns():
    net = Network.create(BACKGAMMON_INPUTS, 8, seed=4)
    states, final = self_play_game(net, BG, random.Random(5))
    assert len(states) > 10 and final[0] == 1.0
    assert learn(net, states, final, 0.7, 0.1) > 0.0


def test_a_short_training_run_writes_weights_and_its_record(tmp_path, capsys):
    out = tmp_path / "bg.npz"
    assert (
        main(
            [
                "backgammon",
                "--games",
                "3",
                "--seed",
                "1",
                "--hidden",
                "8",
                "--check",
                "3",
                "--check-games",
                "4",
                "--out",
                str(out),
            ]
        )
        == 0
    )
    record = json.loads(out.with_suffix(".json").read_text())
    assert record["games"] == 3 and record["seed"] == 1 and "--games 3" in record["command"]
    assert "against random" in capsys.readouterr().out
    Network.load(out)


def test_untrainable_variant_is_a_clear_error(capsys):
    with pytest.raises(SystemExit):
        main(["el_mundo", "--games", "1"])
    assert "not available yet" in capsys.readouterr().err
