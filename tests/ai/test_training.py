"""The evaluations: inputs for every variant, the network, TD learning and short training runs."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from game.ai.encode import (
    BACKGAMMON,
    BACKGAMMON_INPUTS,
    Scheme,
    encode_backgammon,
    equity,
    flip,
)
from game.ai.evaluate import Evaluator
from game.ai.features import FEATURES, contact_features
from game.ai.network import Network
from game.ai.selfplay import Greedy, self_play_game
from game.ai.train import (
    grown,
    learn,
    main,
    parse_options,
    share_won,
    targets_for,
    widened,
)
from game.rules import match as m
from game.rules.outcome import Kind, Outcome
from game.rules.position import position_from_counts
from game.rules.variants import VARIANTS, find_variant

BG = find_variant("backgammon")


def small_evaluator(variant, seed=3, hidden=8):
    scheme = Scheme.for_variant(variant)
    return Evaluator(variant, Network.create(scheme.inputs, hidden, seed, scheme.outputs))


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


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_every_variant_has_an_encoding_that_turns_with_the_side_to_act(variant_id):
    variant = find_variant(variant_id)
    scheme = Scheme.for_variant(variant)
    start = variant.start_position()
    rows = scheme.encode([start.with_to_act(side) for side in range(variant.players)])
    assert rows.shape == (variant.players, scheme.inputs)
    assert np.isfinite(rows).all() and rows.min() >= 0.0
    # Every side starts alike on its own track, so each sees the same inputs.
    for side in range(1, variant.players):
        assert np.array_equal(rows[0], rows[side])
    # A man moved by side 0 shows in side 0's block when 0 acts, and in the last
    # block when the next side acts.
    plays = variant.generate_plays(start, (1,) * variant.dice_count)
    if not variant.uses_hand and plays[0]:
        play = plays[0]
        after = variant.apply_play(start, play)
        mine = scheme.encode([after.with_to_act(0)])[0]
        theirs = scheme.encode([after.with_to_act(1)])[0]
        width = scheme.side_inputs
        assert np.array_equal(mine[:width], theirs[(variant.players - 1) * width :])


def test_backgammon_scheme_is_tesauros():
    assert BACKGAMMON.inputs == 196 and Scheme.for_variant(BG, features=False) == BACKGAMMON
    assert Scheme.for_variant(BG).inputs == 196 + 2 * FEATURES
    assert Scheme.for_variant(BG, features=8).inputs == 212  # the earlier feature set
    assert Scheme.for_variant(find_variant("el_mundo")).outputs == 4


def test_flip_and_equity():
    y = np.array([0.7, 0.2, 0.05, 0.1, 0.01])
    assert np.allclose(flip(flip(y)), y)
    assert equity(y) == pytest.approx(2 * 0.7 - 1 + 0.2 + 0.05 - 0.1 - 0.01)
    assert equity(flip(y)) == pytest.approx(-equity(y))


def test_results_and_turning_of_four_player_outputs():
    scheme = Scheme.for_variant(find_variant("el_mundo"))
    won_by_2 = Outcome(2, Kind.SINGLE, 1)
    assert list(scheme.result(won_by_2, seen_by=0)) == [0, 0, 1, 0]
    assert list(scheme.result(won_by_2, seen_by=3)) == [0, 0, 0, 1]
    y = np.array([0.1, 0.2, 0.3, 0.4])
    # Seen by side 0; side 1 (one place on) sees its own chance 0.2 first.
    assert list(scheme.turn(y, 1)) == [0.2, 0.3, 0.4, 0.1]
    assert scheme.values(y[None, :], [0], mover=2)[0] == pytest.approx(0.3)
    assert scheme.values(y[None, :], [1], mover=2)[0] == pytest.approx(0.2)


def test_backgammon_results_by_points():
    gammon = Outcome(0, Kind.GAMMON, 2)
    assert list(BACKGAMMON.result(gammon, 0)) == [1, 1, 0, 0, 0]
    assert list(BACKGAMMON.result(gammon, 1)) == [0, 0, 0, 1, 0]
    assert list(BACKGAMMON.result(Outcome(None, Kind.TIE, 0), 0)) == [0.5, 0, 0, 0, 0]


def test_lambda_returns_end_in_the_result_and_blend_estimates():
    sides = [0, 1, 0]
    values = np.full((3, 5), 0.25, dtype=np.float32)
    outcome = Outcome(1, Kind.SINGLE, 1)
    ones = targets_for(BACKGAMMON, sides, values, outcome, 1.0)
    assert list(ones[2]) == [0, 0, 0, 0, 0]  # side 0 to act at the end, side 1 won
    assert list(ones[1]) == [1, 0, 0, 0, 0]
    zeros = targets_for(BACKGAMMON, sides, values, outcome, 0.0)
    assert np.allclose(zeros[0], flip(values[1]))


def test_training_moves_outputs_toward_the_target():
    net = Network.create(BACKGAMMON_INPUTS, 16, seed=1)
    x = np.stack([encode_backgammon(BG.start_position())] * 4)
    target = np.tile(BACKGAMMON.result(Outcome(0, Kind.GAMMON, 2), 0), (4, 1))
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


def test_greedy_takes_a_play_that_wins_at_once():
    # Two men left on the 1- and 2-points, roll 2-1: bearing both off wins now.
    pos = position_from_counts([{24: 1, 23: 1, 25: 13}, {1: 2, 25: 13}], 24)
    state = m.GameState(BG, pos, m.Phase.MOVE, (2, 1))
    play = Greedy(small_evaluator(BG)).play(state, m.legal_plays(state))
    assert BG.apply_play(pos, play).off(0) == 15


def test_shares_are_played_with_duplicate_dice():
    # Each round of seats is thrown the same dice, so a network against itself wins exactly
    # an even share, and two networks' shares against each other add up to the whole.
    variant = find_variant("lombardorum")
    a, b = Greedy(small_evaluator(variant, seed=3)), Greedy(small_evaluator(variant, seed=4))
    assert share_won(variant, a, a, 6, seed=1) == 0.5
    both = share_won(variant, a, b, 6, seed=2) + share_won(variant, b, a, 6, seed=2)
    assert both == pytest.approx(1.0)


@pytest.mark.parametrize("variant_id", ["backgammon", "lombardorum", "quinze_tablas"])
def test_a_self_play_game_ends_and_learns(variant_id):
    variant = find_variant(variant_id)
    ev = small_evaluator(variant, seed=4)
    positions, outcome = self_play_game(ev, random.Random(5))
    assert len(positions) >= 2 and outcome.kind in variant.result_kinds | {Kind.GAMMON}
    assert learn(ev.net, ev.scheme, positions, outcome, 0.7, 0.1) > 0.0


def test_exploring_self_play_is_seeded_and_leaves_the_greedy_path():
    """``--explore``: a share of the plays random, drawn by the game's own seed, so a run
    still gives the same network; none is greedy self-play, all of them random play."""
    variant = find_variant("plakoto")
    ev = small_evaluator(variant, seed=4)
    greedy, _ = self_play_game(ev, random.Random(5))
    exploring, _ = self_play_game(ev, random.Random(5), explore=0.3, number=2)
    again, _ = self_play_game(ev, random.Random(5), explore=0.3, number=2)
    other, _ = self_play_game(ev, random.Random(5), explore=0.3, number=3)
    assert exploring == again
    assert exploring != greedy and exploring != other
    assert self_play_game(ev, random.Random(5), explore=0.0, number=2)[0] == greedy


def test_named_third_die_in_self_play():
    variant = find_variant("anglicorum", {"third_die": "player", "blockade_wins": True})
    ev = small_evaluator(variant, seed=6)
    rng = random.Random(7)
    state = m.roll(m.new_game(variant, rng), rng)
    assert state.phase is m.Phase.CHOOSE
    value = Greedy(ev).name_die(state)
    assert value in m.die_choices(state)


def test_options_are_read_as_json_where_they_can_be():
    assert parse_options(["dice=3", "strict=true", "third_die=six"]) == {
        "dice": 3,
        "strict": True,
        "third_die": "six",
    }
    with pytest.raises(ValueError):
        parse_options(["dice"])


def test_a_short_training_run_writes_weights_and_its_record(tmp_path, capsys):
    out = tmp_path / "lo.npz"
    args = ["lombardorum", "--options", "dice=3", "--games", "3", "--seed", "1"]
    args += ["--hidden", "8", "--check", "3", "--check-games", "2", "--out", str(out)]
    assert main(args) == 0
    record = json.loads(out.with_suffix(".json").read_text())
    assert record["games"] == 3 and record["seed"] == 1 and "--games 3" in record["command"]
    assert record["options"]["dice"] == 3
    assert "against random" in capsys.readouterr().out
    net = Network.load(out)
    assert net.inputs == Scheme.for_variant(find_variant("lombardorum")).inputs


def test_bad_training_requests_are_clear_errors(capsys):
    with pytest.raises(SystemExit):
        main(["chess", "--games", "1"])
    assert "unknown variant" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["lombardorum", "--games", "1", "--options", "dice=9"])
    assert "dice" in capsys.readouterr().err


def features_of(position):
    boards = np.array([position.board], dtype=np.float32)
    return contact_features(boards)[0]


def test_backgammon_features_at_the_start():
    mine, theirs = features_of(BG.start_position())
    # 167 pips, contact, the rearmost man 24 to go, no two made points adjacent, the
    # 6-point in front of the other's back men, no blots, one home point.
    # No roll carries a back man past the mid point; the anchor on the 24-point (pos 1).
    expected = [1.0, 1.0, 24 / 25, 1 / 6, 1 / 6, 0.0, 0.0, 1 / 6, 0.0, 1 / 7]
    assert mine == pytest.approx(expected) and theirs == pytest.approx(expected)


def test_backgammon_features_count_shots_primes_and_the_race():
    # Side 0: a blot on pos 20 (its 5-point), a prime from pos 17 to 22; side 1 has
    # one man on its pos 2, that is side 0's pos 23: three pips behind the blot.
    pos = position_from_counts(
        [{20: 1, 17: 2, 18: 2, 19: 2, 21: 2, 22: 2, 25: 4}, {2: 1, 25: 14}], 24
    )
    mine, theirs = features_of(pos)
    # A 3 to hit: 11 rolls with a 3, 1-2 and 2-1, and 1-1.
    assert mine[5] == pytest.approx(14 / 36)
    assert mine[3] == pytest.approx(3 / 6)  # 17-19 made, 20 a blot, 21-22 made
    assert mine[4] == pytest.approx(5 / 6)  # five made points in 17-22, in front of 23
    assert mine[6] == pytest.approx(1 / 6) and theirs[6] == pytest.approx(1 / 6)
    assert mine[1] == 1.0 and theirs[5] == 1.0  # side 0's men are 1 to 6 pips behind it
    race = position_from_counts([{20: 5, 25: 10}, {22: 3, 25: 12}], 24)
    mine, theirs = features_of(race)
    assert mine[1] == 0.0 and theirs[1] == 0.0  # the sides have passed each other
    assert mine[0] == pytest.approx(25 / 167) and theirs[0] == pytest.approx(9 / 167)


def test_backgammon_features_count_the_rolls_that_escape():
    # Side 0's last man on pos 1; side 1's men in front of it, on side 0's pos 25 - q.
    def escape(their_points):
        them = {25 - p: 2 for p in their_points}
        them[25] = 15 - 2 * len(their_points)
        mine, _ = features_of(position_from_counts([{1: 1, 25: 14}, them], 24))
        return mine[8]

    assert escape([]) == 1.0
    assert escape([2, 3, 4, 5, 6, 7]) == 0.0  # a full prime
    # One point 6 pips ahead: the 18 non-doubles of 7 pips or more, and 4-4, 5-5 (2-2,
    # 3-3 and 6-6 need its landing).
    assert escape([7]) == pytest.approx(20 / 36)
    assert escape([14]) == 1.0  # beyond the twelve in front of it


def test_backgammon_features_name_the_most_advanced_anchor():
    pos = position_from_counts([{2: 2, 5: 2, 9: 2, 25: 9}, {25: 15}], 24)
    mine, theirs = features_of(pos)
    assert mine[9] == pytest.approx(5 / 7) and theirs[9] == 0.0


def test_a_widened_network_evaluates_as_before():
    plain, featured = Scheme.for_variant(BG, features=False), Scheme.for_variant(BG)
    net = Network.create(plain.inputs, 8, 4, plain.outputs)
    wide = widened(net, plain, featured)
    assert wide.inputs == featured.inputs
    positions = [BG.start_position(), position_from_counts([{20: 5, 25: 10}, {22: 3, 25: 12}], 24)]
    before = Evaluator(BG, net)
    after = Evaluator(BG, wide)
    assert before.scheme == plain and after.scheme == featured
    assert np.allclose(before.outputs(positions), after.outputs(positions), atol=1e-6)
    eight = Scheme.for_variant(BG, features=8)  # the earlier feature set gains the new ones
    net8 = Network.create(eight.inputs, 8, 4, eight.outputs)
    wider = Evaluator(BG, widened(net8, eight, featured))
    assert Evaluator(BG, net8).scheme == eight and wider.scheme == featured
    assert np.allclose(Evaluator(BG, net8).outputs(positions), wider.outputs(positions), atol=1e-6)


def test_a_grown_network_evaluates_as_before_and_learns_with_its_new_units():
    scheme = Scheme.for_variant(BG)
    net = Network.create(scheme.inputs, 8, 4, scheme.outputs)
    big = grown(net, 12, seed=5)
    assert big.w1.shape == (scheme.inputs, 12) and big.w2.shape == (12, scheme.outputs)
    assert big.w1.dtype == net.w1.dtype
    positions = [BG.start_position(), position_from_counts([{20: 5, 25: 10}, {22: 3, 25: 12}], 24)]
    assert np.allclose(
        Evaluator(BG, net).outputs(positions), Evaluator(BG, big).outputs(positions), atol=1e-6
    )
    x = scheme.encode(positions)
    big.train(x, np.full((2, scheme.outputs), 0.9, dtype=np.float32), 0.1)
    assert np.abs(big.w2[8:]).sum() > 0  # the new units' output weights move
    with pytest.raises(ValueError, match="cannot shrink"):
        grown(net, 4, seed=5)


def test_resuming_with_more_hidden_units_grows_the_network(tmp_path, capsys):
    first, second = tmp_path / "a.npz", tmp_path / "b.npz"
    args = ["lombardorum", "--games", "2", "--hidden", "8", "--check", "2", "--check-games", "2"]
    assert main([*args, "--out", str(first)]) == 0
    more = ["lombardorum", "--games", "2", "--check", "2", "--check-games", "2"]
    assert main([*more, "--hidden", "12", "--resume", str(first), "--out", str(second)]) == 0
    assert Network.load(second).w1.shape[1] == 12
    record = json.loads(second.with_suffix(".json").read_text())
    assert record["hidden"] == 12
    # the record nests the one it resumed from, so every step that made them is kept
    assert record["resumed_from"]["weights"] == str(first)
    assert record["resumed_from"]["record"]["hidden"] == 8
    with pytest.raises(SystemExit):
        main([*more, "--hidden", "4", "--resume", str(first), "--out", str(second)])
    assert "cannot shrink" in capsys.readouterr().err


def run_training(tmp_path, name, *where):
    out = tmp_path / f"{name}.npz"
    args = ["lombardorum", "--games", "6", "--seed", "3", "--hidden", "8", "--batch", "4"]
    args += ["--check", "6", "--check-games", "2", "--out", str(out), *where]
    assert main(args) == 0
    return Network.load(out), json.loads(out.with_suffix(".json").read_text())


def test_the_same_seed_gives_the_same_network_on_any_number_of_workers(tmp_path):
    one, record = run_training(tmp_path, "one", "--workers", "1")
    two, _ = run_training(tmp_path, "two", "--workers", "2")
    assert record["games"] == 6 and record["batch"] == 4
    for a, b in zip(one.params, two.params, strict=True):
        assert np.array_equal(a, b)
    # The run learned: the weights are not the ones it started from.
    start = Network.create(one.inputs, 8, 3, one.outputs)
    assert not np.array_equal(one.w1, start.w1)


def test_a_ray_cluster_plays_the_same_games(tmp_path, fake_ray):
    fake = fake_ray
    on_ray, record = run_training(tmp_path, "ray", "--ray", "auto")
    here, _ = run_training(tmp_path, "here")
    assert fake.address == "auto" and fake.shut
    assert fake.task_count == 6 and fake.put_count == 2  # two rounds: 4 games and 2
    for a, b in zip(on_ray.params, here.params, strict=True):
        assert np.array_equal(a, b)
    assert "--ray auto" in record["command"]


def test_without_ray_the_cluster_option_says_what_to_install(monkeypatch, capsys):
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    with pytest.raises(SystemExit):
        main(["lombardorum", "--games", "1", "--ray", "auto"])
    assert "tabula[train]" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["lombardorum", "--games", "1", "--workers", "0"])
    assert "--workers" in capsys.readouterr().err
