"""game.ai.distill: one- and two-roll targets, a seeded fit that lowers their error, clear
refusals."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from game.ai.distill import Gathered, gather, lambda_returns, look_ahead, main
from game.ai.encode import flip
from game.ai.network import Network
from game.ai.players import evaluator_for, weights_path
from game.rules.position import position_from_counts
from game.rules.variants import find_variant

BG = find_variant("backgammon", {"cube": False})
WEIGHTS = str(weights_path("backgammon"))  # the shipped network, wherever the run starts


def test_a_position_every_roll_wins_has_the_result_as_its_target():
    # Two men on the 1 point (pos 24), none of the other's off: any roll wins a gammon.
    pos = position_from_counts([{24: 2, 25: 13}, {12: 15}], 24, 0, (0, 0), (0, 0))
    target = look_ahead(evaluator_for(BG), pos)
    assert np.allclose(target, [1.0, 1.0, 0.0, 0.0, 0.0])


def test_the_target_weighs_each_roll_by_its_chance():
    # One man on the 6 point (pos 19): a 6, 5-1, 4-2, 2-2, 3-3, 4-4 and 5-5 (19 of 36)
    # win a gammon at once, so the target is at least that; the other rolls leave the man
    # facing a side that needs many turns, so the network sees a near-certain win.
    pos = position_from_counts([{19: 1, 25: 14}, {12: 15}], 24, 0, (0, 0), (0, 0))
    target = look_ahead(evaluator_for(BG), pos)
    assert target[0] >= 19 / 36 and target[1] >= 19 / 36
    assert target[0] > 0.9 and target[3] < 0.05


def test_two_rolls_deep_a_position_every_roll_wins_has_the_result_as_its_target():
    pos = position_from_counts([{24: 2, 25: 13}, {12: 15}], 24, 0, (0, 0), (0, 0))
    assert np.allclose(look_ahead(evaluator_for(BG), pos, 2), [1.0, 1.0, 0.0, 0.0, 0.0])


def test_two_rolls_deep_agrees_with_one_roll_deep_about_the_opening():
    # Both estimate the same chances: after the opening 3-1, they differ by a little.
    evaluator = evaluator_for(BG)
    start = BG.start_position()
    after = BG.apply_play(start, BG.generate_plays(start, (3, 1))[0])
    one, two = look_ahead(evaluator, after), look_ahead(evaluator, after, 2)
    assert np.all(np.abs(one - two) < 0.05) and not np.allclose(one, two)
    assert 0.3 < two[0] < 0.6 and np.all(two[1:3] <= two[0]) and np.all(two[3:] <= 1 - two[0])


def _chain(targets, follows, tails):
    rows = np.asarray(targets, dtype=np.float32)
    return Gathered(np.zeros((len(rows), 216), np.float32), rows, np.array(follows), tails)


def test_lambda_returns_carry_what_followed_back_along_the_game():
    a, b, c, d = (
        np.array(row, dtype=np.float32)
        for row in (
            [0.6, 0.2, 0.0, 0.1, 0.0],
            [0.5, 0.1, 0.0, 0.2, 0.0],
            [0.3, 0.0, 0.0, 0.1, 0.0],
            [0.7, 0.3, 0.0, 0.0, 0.0],
        )
    )
    won = np.array([1.0, 1.0, 0.0, 0.0, 0.0], dtype=np.float32)
    none = np.full(5, np.nan, dtype=np.float32)
    # Two games: a, b, c (the last play won a gammon), then d (its last play explored).
    game = _chain([a, b, c, d], [True, True, False, False], np.stack([none, none, won, none]))
    assert np.array_equal(lambda_returns(game, 0.0), game.targets)
    last = 0.5 * c + 0.5 * won
    middle = 0.5 * b + 0.5 * flip(last)
    assert np.allclose(lambda_returns(game, 0.5), [0.5 * a + 0.5 * flip(middle), middle, last, d])
    # An exploring play into b cuts the chain there.
    cut = _chain([a, b, c], [False, True, False], np.stack([none, none, won]))
    assert np.allclose(lambda_returns(cut, 0.5), [a, middle, last])


def test_a_gathering_chains_each_game_and_its_lambda_returns_stay_chances():
    evaluator = evaluator_for(BG)
    gathered = gather(evaluator, 3, 9, 0.15)
    ends = np.flatnonzero(~np.isnan(gathered.tails[:, 0]))
    assert 1 <= len(ends) <= 3 and gathered.follows.sum() > len(gathered.x) * 0.6
    assert not gathered.follows[-1]  # a game's last position has no successor in the rows
    mixed = lambda_returns(gathered, 0.7)
    assert not np.allclose(mixed, gathered.targets)
    assert np.all((mixed >= 0.0) & (mixed <= 1.0))
    # With no exploring plays every position of a game chains to the next.
    greedy = gather(evaluator, 1, 9, 0.0)
    assert greedy.follows[:-1].all() and not np.isnan(greedy.tails[-1, 0])


def test_keeping_a_share_of_the_positions_keeps_the_same_games():
    evaluator = evaluator_for(BG)
    every = gather(evaluator, 2, 9, 0.15).x
    some, targets, follows, _ = gather(evaluator, 2, 9, 0.15, keep=0.5)
    assert follows.sum() < len(some) * 0.6  # a position left out cuts the chain
    assert 0 < len(some) < len(every) and len(targets) == len(some)
    rows = {row.tobytes() for row in every}
    assert all(row.tobytes() in rows for row in some)


def test_a_short_run_two_rolls_deep_records_its_depth(tmp_path):
    args = ["backgammon", "--resume", WEIGHTS, "--games", "1", "--epochs", "1", "--seed", "3"]
    main([*args, "--depth", "2", "--keep", "0.3", "--out", str(tmp_path / "d.npz")])
    record = json.loads((tmp_path / "d.json").read_text())
    assert record["depth"] == 2 and record["keep"] == 0.3 and 0 < record["positions"] < 30


def test_a_short_run_is_reproducible_and_lowers_the_held_out_error(tmp_path, capsys):
    # The shipped network already agrees with its own look-ahead about as well as a few
    # games can show, so the run starts from a copy whose output layer is knocked off it.
    net = Network.load(Path(WEIGHTS))
    rng = np.random.default_rng(5)
    net.w2 = (net.w2 + rng.normal(0.0, 0.3, net.w2.shape)).astype(np.float32)
    start = tmp_path / "start.npz"
    net.save(start, {"games": 0, "note": "the shipped weights with noise"})
    args = ["backgammon", "--resume", str(start), "--games", "3", "--epochs", "3", "--seed", "2"]
    main([*args, "--out", str(tmp_path / "a.npz")])
    # Gathered by two worker processes: the same positions, so the same weights.
    main([*args, "--workers", "2", "--out", str(tmp_path / "b.npz")])
    a, b = np.load(tmp_path / "a.npz"), np.load(tmp_path / "b.npz")
    assert all(np.array_equal(a[k], b[k]) for k in ("w1", "b1", "w2", "b2"))
    record = json.loads((tmp_path / "a.json").read_text())
    assert record["command"].startswith("python -m game.ai.distill backgammon")
    assert record["positions"] > 100
    assert record["held_out_error"]["after"] < record["held_out_error"]["before"]
    assert record["resumed_from"]["record"]["note"] == "the shipped weights with noise"
    assert "held-out squared error" in capsys.readouterr().out


def test_a_ray_cluster_gathers_the_same_positions(tmp_path, fake_ray):
    args = ["backgammon", "--resume", WEIGHTS, "--games", "2", "--epochs", "1", "--seed", "8"]
    args += ["--depth", "2", "--keep", "0.2"]
    main([*args, "--out", str(tmp_path / "here.npz")])
    main([*args, "--ray", "auto", "--out", str(tmp_path / "r.npz")])
    here, there = np.load(tmp_path / "here.npz"), np.load(tmp_path / "r.npz")
    assert all(np.array_equal(here[k], there[k]) for k in ("w1", "b1", "w2", "b2"))
    assert fake_ray.address == "auto" and fake_ray.shut and fake_ray.task_count == 2
    assert "--ray auto" in json.loads((tmp_path / "r.json").read_text())["command"]


def test_without_ray_the_cluster_option_says_what_to_install(monkeypatch, capsys, tmp_path):
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    args = ["backgammon", "--resume", WEIGHTS, "--games", "1", "--ray", "auto"]
    with pytest.raises(SystemExit):
        main([*args, "--out", str(tmp_path / "x.npz")])
    assert "tabula[train]" in capsys.readouterr().err
    assert not (tmp_path / "x.npz").exists()


def test_a_short_widening_run_saves_the_wider_network(tmp_path):
    args = ["backgammon", "--resume", WEIGHTS, "--games", "2", "--epochs", "1", "--seed", "4"]
    main([*args, "--hidden", "160", "--out", str(tmp_path / "w.npz")])
    wide = Network.load(tmp_path / "w.npz")
    assert wide.w1.shape[1] == 160
    assert json.loads((tmp_path / "w.json").read_text())["hidden"] == 160


def test_a_teacher_gives_the_targets_and_the_record_names_it(tmp_path):
    net = Network.load(Path(WEIGHTS))
    net.w2 = (net.w2 + np.random.default_rng(6).normal(0.0, 0.3, net.w2.shape)).astype(np.float32)
    start = tmp_path / "start.npz"
    net.save(start, {"note": "noisy"})
    args = ["backgammon", "--resume", str(start), "--games", "2", "--epochs", "1", "--seed", "7"]
    main([*args, "--out", str(tmp_path / "own.npz")])
    main([*args, "--teacher", str(start), "--fit-seed", "7", "--out", str(tmp_path / "same.npz")])
    main([*args, "--teacher", WEIGHTS, "--out", str(tmp_path / "taught.npz")])
    own, same, taught = (np.load(tmp_path / f"{k}.npz") for k in ("own", "same", "taught"))
    assert all(np.array_equal(own[k], same[k]) for k in ("w1", "b1", "w2", "b2"))
    assert not np.array_equal(own["w2"], taught["w2"])
    record = json.loads((tmp_path / "taught.json").read_text())
    assert record["teacher"]["weights"] == WEIGHTS and record["fit_seed"] == 7
    assert record["resumed_from"]["record"]["note"] == "noisy"


def test_saved_positions_fit_to_the_same_weights_as_a_gathering(tmp_path):
    args = ["backgammon", "--resume", WEIGHTS, "--epochs", "2", "--seed", "5"]
    data = tmp_path / "d.npz"
    main([*args, "--games", "2", "--save-data", str(data), "--out", str(tmp_path / "g.npz")])
    main([*args, "--data", str(data), "--out", str(tmp_path / "s.npz")])
    gathered, saved = np.load(tmp_path / "g.npz"), np.load(tmp_path / "s.npz")
    assert all(np.array_equal(gathered[k], saved[k]) for k in ("w1", "b1", "w2", "b2"))
    record = json.loads((tmp_path / "s.json").read_text())
    (source,) = record["data"]
    assert source["games"] == 2 and source["seed"] == 5 and source["file"] == str(data)
    assert "--save-data" in source["command"] and record["positions"] == source["positions"]
    assert "games" not in record  # the games are the data's, named in its record


def test_several_saved_gatherings_are_fitted_together(tmp_path):
    base = ["backgammon", "--resume", WEIGHTS, "--epochs", "0", "--games", "1"]
    for seed in ("6", "7"):
        out = str(tmp_path / f"w{seed}.npz")
        main([*base, "--seed", seed, "--save-data", str(tmp_path / f"{seed}.npz"), "--out", out])
    files = [str(tmp_path / "6.npz"), str(tmp_path / "7.npz")]
    args = ["backgammon", "--resume", WEIGHTS, "--epochs", "1", "--data", *files]
    main([*args, "--out", str(tmp_path / "both.npz")])
    record = json.loads((tmp_path / "both.json").read_text())
    assert [d["seed"] for d in record["data"]] == [6, 7]
    assert record["positions"] == sum(d["positions"] for d in record["data"]) > 20


def test_saved_positions_that_do_not_fit_are_refused(tmp_path, capsys):
    narrow = tmp_path / "narrow.npz"
    columns = {"targets": np.zeros((3, 5)), "follows": np.zeros(3, bool), "tails": np.zeros((3, 5))}
    np.savez(narrow, x=np.zeros((3, 7), np.float32), **columns, record="{}")
    args = ["backgammon", "--resume", WEIGHTS, "--out", str(tmp_path / "x.npz")]
    for data in (narrow, Path(WEIGHTS), tmp_path / "missing.npz"):
        with pytest.raises(SystemExit):
            main([*args, "--data", str(data)])
    assert "not 216" in capsys.readouterr().err
    assert not (tmp_path / "x.npz").exists()


@pytest.mark.parametrize(
    "args",
    [
        ["duodecim", "--resume", WEIGHTS, "--games", "1"],
        ["backgammon", "--resume", "no-such-file.npz", "--games", "1"],
        ["backgammon", "--resume", WEIGHTS, "--games", "0"],
        ["backgammon", "--resume", WEIGHTS, "--games", "1", "--workers", "0"],
        ["backgammon", "--resume", WEIGHTS, "--games", "1", "--hidden", "16"],
        ["backgammon", "--resume", WEIGHTS, "--games", "1", "--teacher", "no-such-file.npz"],
        ["backgammon", "--resume", WEIGHTS, "--games", "1", "--depth", "3"],
        ["backgammon", "--resume", WEIGHTS, "--games", "1", "--keep", "0"],
        ["backgammon", "--resume", WEIGHTS, "--games", "1", "--keep", "1.5"],
        ["backgammon", "--resume", WEIGHTS],
        ["backgammon", "--resume", WEIGHTS, "--games", "1", "--lam", "1"],
        ["backgammon", "--resume", WEIGHTS, "--games", "1", "--data", WEIGHTS],
    ],
)
def test_bad_requests_are_refused(args, tmp_path):
    with pytest.raises(SystemExit):
        main([*args, "--out", str(tmp_path / "x.npz")])
    assert not (tmp_path / "x.npz").exists()
