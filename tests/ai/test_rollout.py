"""game.ai.rollout: rollout targets where a game's end is certain, chances that stay
chances, reproducible files that distillation fits, more trials for a file, clear
refusals."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from game.ai import distill
from game.ai.players import evaluator_for, weights_path
from game.ai.rollout import gather_rollouts, in_contact, late, main, more_trials, rollout
from game.rules.position import position_from_counts
from game.rules.variants import find_variant

BG = find_variant("backgammon", {"cube": False})
WEIGHTS = str(weights_path("backgammon"))


def _pos(mine, theirs, to_act=0):
    counts = [mine, theirs] if to_act == 0 else [theirs, mine]
    return position_from_counts(counts, 24, to_act, (0, 0), (0, 0))


def test_contact_lasts_while_a_man_must_still_pass_one_of_the_others():
    start = BG.start_position()
    assert in_contact(start)
    # All of one side's men past all of the other's: a race.
    assert not in_contact(_pos({20: 15}, {20: 15}))
    # A man on the bar of the side not to act still has to pass the other's men.
    assert in_contact(_pos({24: 1, 25: 14}, {0: 1, 20: 14}))
    assert in_contact(_pos({0: 1, 20: 14}, {24: 1, 25: 14}))


def test_late_counts_the_men_home_or_off_of_either_side():
    assert not late(BG, BG.start_position(), 7)  # five men home a side
    assert late(BG, BG.start_position(), 5)
    assert late(BG, _pos({1: 8, 20: 4, 25: 3}, {1: 15}), 7)
    assert late(BG, _pos({1: 15}, {1: 8, 20: 4, 25: 3}), 7)
    assert not late(BG, _pos({1: 9, 20: 4, 25: 2}, {1: 15}), 7)


def test_a_rollout_where_every_roll_wins_a_backgammon_has_that_result():
    # The last man on the 1 point, the other's man on the bar: any roll bears it off,
    # and the other has none off and a man in the winner's home: a backgammon.
    pos = _pos({24: 1, 25: 14}, {0: 1, 24: 14})
    target = rollout(evaluator_for(BG), pos, 4, random.Random(1))
    assert np.allclose(target, [1.0, 1.0, 1.0, 0.0, 0.0])


def test_a_rollout_is_seen_by_the_side_to_roll():
    # The same position with side 1 to roll: the outputs are still the roller's.
    pos = _pos({24: 1, 25: 14}, {0: 1, 24: 14}, to_act=1)
    assert pos.board[1][24] == 1 and pos.board[0][0] == 1
    target = rollout(evaluator_for(BG), pos, 4, random.Random(1))
    assert np.allclose(target, [1.0, 1.0, 1.0, 0.0, 0.0])


def test_rollout_targets_stay_chances_and_are_reproducible():
    evaluator = evaluator_for(BG)
    one = gather_rollouts(evaluator, 1, 5, 0.15, 1, 7)
    again = gather_rollouts(evaluator, 1, 5, 0.15, 1, 7)
    assert len(one.x) > 10 and np.array_equal(one.x, again.x)
    assert np.array_equal(one.targets, again.targets)
    t = one.targets
    assert np.all((t >= 0.0) & (t <= 1.0))
    # No chain: every row stands alone, so lambda-returns leave the targets as they are.
    assert not one.follows.any() and np.isnan(one.tails).all()
    assert np.array_equal(distill.lambda_returns(one, 0.5), one.targets)
    # More trials give other targets for the same positions (the games are the same).
    more = gather_rollouts(evaluator, 1, 5, 0.15, 2, 7)
    assert np.array_equal(more.x, one.x) and not np.array_equal(more.targets, one.targets)
    # A stricter --home keeps fewer of the same games' positions, and --below the rest.
    fewer = gather_rollouts(evaluator, 1, 5, 0.15, 1, 12)
    assert 0 < len(fewer.x) < len(one.x)
    rest = gather_rollouts(evaluator, 1, 5, 0.15, 1, 7, below=12)
    assert len(rest.x) + len(fewer.x) == len(one.x)
    assert set(map(bytes, rest.x)).isdisjoint(map(bytes, fewer.x))


def test_two_workers_roll_out_the_same_file(tmp_path):
    args = ["backgammon", "--resume", WEIGHTS, "--games", "2", "--trials", "1", "--seed", "3"]
    main([*args, "--out", str(tmp_path / "a.npz")])
    main([*args, "--workers", "2", "--out", str(tmp_path / "b.npz")])
    a, b = np.load(tmp_path / "a.npz"), np.load(tmp_path / "b.npz")
    assert all(np.array_equal(a[k], b[k], equal_nan=True) for k in ("x", "targets", "tails"))
    record = json.loads(str(a["record"]))
    assert record["command"].startswith("python -m game.ai.rollout backgammon")
    assert record["rollout"] == {"trials": 1, "home": 7}
    assert (a["trials"] == 1).all() and len(a["trials"]) == len(a["x"])


def test_a_ray_cluster_rolls_out_the_same_file(tmp_path, fake_ray):
    args = ["backgammon", "--resume", WEIGHTS, "--games", "2", "--trials", "1", "--home", "11"]
    main([*args, "--out", str(tmp_path / "here.npz")])
    main([*args, "--ray", "auto", "--out", str(tmp_path / "there.npz")])
    here, there = np.load(tmp_path / "here.npz"), np.load(tmp_path / "there.npz")
    assert len(here["x"]) and np.array_equal(here["targets"], there["targets"])
    assert fake_ray.address == "auto" and fake_ray.shut and fake_ray.task_count == 2


def test_distillation_fits_rollout_targets_beside_look_ahead_ones(tmp_path):
    rolled = tmp_path / "r.npz"
    main(["backgammon", "--resume", WEIGHTS, "--games", "1", "--trials", "1", "--out", str(rolled)])
    gathered = tmp_path / "g.npz"
    args = ["backgammon", "--resume", WEIGHTS, "--epochs", "1", "--seed", "2"]
    saving = ["--games", "1", "--save-data", str(gathered)]
    distill.main([*args, *saving, "--out", str(tmp_path / "a.npz")])
    distill.main([*args, "--data", str(gathered), str(rolled), "--out", str(tmp_path / "b.npz")])
    record = json.loads((tmp_path / "b.json").read_text())
    sizes = [part["positions"] for part in record["data"]]
    assert record["positions"] == sum(sizes) and all(sizes)
    assert record["data"][1]["rollout"] == {"trials": 1, "home": 7}


def _rolled(tmp_path, name="r.npz", trials="1"):
    path = tmp_path / name
    main(
        ["backgammon", "--resume", WEIGHTS, "--games", "1", "--trials", trials, "--out", str(path)]
    )
    return path


def test_more_trials_keep_the_mean_over_all_of_them(tmp_path):
    rolled = _rolled(tmp_path)
    more = ["backgammon", "--resume", WEIGHTS, "--more", str(rolled), "--seed", "9"]
    main([*more, "--trials", "2", "--out", str(tmp_path / "a.npz")])
    main([*more, "--trials", "2", "--workers", "2", "--out", str(tmp_path / "b.npz")])
    before, a, b = (np.load(tmp_path / n) for n in ("r.npz", "a.npz", "b.npz"))
    assert np.array_equal(a["targets"], b["targets"]) and np.array_equal(a["trials"], b["trials"])
    assert np.array_equal(a["x"], before["x"]) and (a["trials"] == 3).all()
    # Each row: one old trial and two new ones, the new ones those more_trials gives.
    evaluator = evaluator_for(BG)
    boards = evaluator.scheme.decode_boards(before["x"])
    rows = np.arange(len(boards))
    new = more_trials(evaluator, boards, rows, 2, 9)
    assert np.allclose(a["targets"], (before["targets"] + 2 * new) / 3, atol=1e-6)
    assert not np.allclose(new, before["targets"])  # fresh dice, not the file's
    # Another seed, other dice; the record says what was added, and adding again adds on.
    record = json.loads(str(a["record"]))
    assert record["rollout"] == {"trials": 1, "home": 7}
    assert [(m["rows"], m["trials"], m["seed"]) for m in record["more"]] == [(len(rows), 2, 9)]
    add = ["--more", str(tmp_path / "a.npz"), "--seed", "10", "--trials", "1"]
    main([*more[:3], *add, "--out", str(rolled)])
    again = np.load(rolled)
    assert (again["trials"] == 4).all() and len(json.loads(str(again["record"]))["more"]) == 2


def test_more_trials_for_the_rows_with_enough_men_home(tmp_path):
    rolled = _rolled(tmp_path)
    args = ["backgammon", "--resume", WEIGHTS, "--more", str(rolled), "--trials", "2"]
    main([*args, "--home", "12", "--out", str(tmp_path / "a.npz")])
    before, after = np.load(rolled), np.load(tmp_path / "a.npz")
    boards = evaluator_for(BG).scheme.decode_boards(before["x"])
    chosen = boards[:, :, BG.bear_from :].sum(axis=2).max(axis=1) >= 12
    assert 0 < chosen.sum() < len(chosen)
    assert (after["trials"] == np.where(chosen, 3, 1)).all()
    main([*args, "--below", "12", "--out", str(tmp_path / "b.npz")])
    assert (np.load(tmp_path / "b.npz")["trials"] == np.where(chosen, 1, 3)).all()
    assert np.array_equal(after["targets"][~chosen], before["targets"][~chosen])
    assert not np.array_equal(after["targets"][chosen], before["targets"][chosen])


def test_a_file_that_does_not_say_its_trials_is_refused(tmp_path):
    gathered = tmp_path / "g.npz"
    args = ["backgammon", "--resume", WEIGHTS, "--epochs", "0", "--games", "1"]
    distill.main([*args, "--save-data", str(gathered), "--out", str(tmp_path / "n.npz")])
    out = tmp_path / "x.npz"
    more = ["backgammon", "--resume", WEIGHTS, "--more", str(gathered), "--out", str(out)]
    with pytest.raises(SystemExit):
        main(more)
    assert not out.exists()


@pytest.mark.parametrize(
    "args",
    [
        ["duodecim", "--resume", WEIGHTS, "--games", "1"],
        ["backgammon", "--resume", WEIGHTS, "--games", "0"],
        ["backgammon", "--resume", WEIGHTS, "--games", "1", "--trials", "0"],
        ["backgammon", "--resume", WEIGHTS, "--games", "1", "--home", "16"],
        ["backgammon", "--resume", WEIGHTS, "--games", "1", "--home", "9", "--below", "9"],
        ["backgammon", "--resume", WEIGHTS, "--games", "1", "--below", "17"],
        ["backgammon", "--resume", "missing.npz", "--games", "1"],
        ["backgammon", "--resume", WEIGHTS],  # neither --games nor --more
        ["backgammon", "--resume", WEIGHTS, "--games", "1", "--more", WEIGHTS],
        ["backgammon", "--resume", WEIGHTS, "--more", "missing.npz"],
        ["backgammon", "--resume", WEIGHTS, "--more", WEIGHTS],  # weights, not rollouts
    ],
)
def test_bad_requests_are_refused(args, tmp_path):
    out = tmp_path / "x.npz"
    with pytest.raises(SystemExit):
        main([*args, "--out", str(out)])
    assert not out.exists()
