"""game.ai.late and a network's late network: inputs decode back to their boards, late
contact is told as the rollout tells it, the evaluation asks the late network exactly
where a position is late (by every path it takes), files keep it, workers get it, and
the fitting tool leaves the first network as it was and refuses bad requests."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import selfplay
from game.ai.distill import Gathered, save_data
from game.ai.encode import Scheme
from game.ai.evaluate import Evaluator, late_contact
from game.ai.late import late_rows, main
from game.ai.network import Network
from game.ai.players import weights_path
from game.ai.rollout import in_contact, late
from game.ai.train import grown, widened
from game.rules import match as m
from game.rules.position import Position, position_from_counts
from game.rules.variants import find_variant

BG = find_variant("backgammon", {"cube": False})
SCHEME = Scheme.for_variant(BG)
WEIGHTS = weights_path("backgammon")


def _side(cells: list[int]) -> tuple[int, ...]:
    """A side's 26 counts from where its 15 men are (0 the bar, 25 off)."""
    return tuple(int(n) for n in np.bincount(cells, minlength=26))


men = st.lists(st.integers(0, 25), min_size=15, max_size=15)


@settings(max_examples=200, deadline=None)
@given(men, men, st.integers(0, 1))
def test_inputs_decode_to_the_boards_they_encode(mine, theirs, to_act):
    boards = np.array([[_side(mine), _side(theirs)]])
    x = SCHEME.encode_boards(boards, np.array([to_act]))
    order = [to_act, 1 - to_act]
    assert np.array_equal(SCHEME.decode_boards(x), boards[:, order])


@settings(max_examples=300, deadline=None)
@given(men, men, st.integers(0, 15))
def test_late_contact_is_the_rollouts_contact_and_lateness(mine, theirs, home):
    position = Position((_side(mine), _side(theirs)), 0)
    boards = np.array([position.board])
    expected = in_contact(position) and late(BG, position, home)
    assert bool(late_contact(boards, BG.bear_from, home)[0]) == expected


def _pos(mine, theirs, to_act=0):
    counts = [mine, theirs] if to_act == 0 else [theirs, mine]
    return position_from_counts(counts, 24, to_act, (0, 0), (0, 0))


LATE = _pos({1: 1, 19: 4, 20: 3, 21: 3, 22: 2, 23: 2}, {19: 3, 20: 3, 21: 3, 22: 3, 23: 3})
EARLY = BG.start_position()


def _split(home: int = 9) -> tuple[Network, Network]:
    """The shipped first network alone (without the shipped file's late network), and
    the same with a late network that says something else."""
    net = Network.load(WEIGHTS)
    other = Network(net.w1, net.b1, net.w2, net.b2 - 3.0)
    first = Network(net.w1, net.b1, net.w2, net.b2)
    return first, Network(net.w1, net.b1, net.w2, net.b2, other, home)


def test_the_shipped_file_carries_its_late_network():
    net = Network.load(WEIGHTS)
    assert net.late is not None and net.late_home == 9
    assert net.late.w1.shape == net.w1.shape


def test_the_late_network_answers_late_positions_only():
    plain, split = _split()
    assert late_contact(np.array([LATE.board]), BG.bear_from, 9)[0]
    assert not late_contact(np.array([EARLY.board]), BG.bear_from, 9)[0]
    ours, theirs = Evaluator(BG, plain), Evaluator(BG, split)
    assert np.array_equal(ours.outputs([EARLY]), theirs.outputs([EARLY]))
    other = Evaluator(BG, split.late)
    assert np.allclose(theirs.outputs([LATE]), other.outputs([LATE]))
    assert not np.allclose(theirs.outputs([LATE]), ours.outputs([LATE]))
    # A batch of both kinds is answered row by row as each alone.
    both = theirs.outputs([EARLY, LATE, EARLY])
    assert np.allclose(both[1], other.outputs([LATE])[0])
    assert np.allclose(both[[0, 2]], ours.outputs([EARLY, EARLY]))


def test_every_path_of_the_evaluation_routes_alike():
    # Backgammon's plays are valued by moving men in numpy (best_values) and by building
    # the positions they leave (play_values): the two must agree with a late network.
    _, split = _split(home=7)
    ev = Evaluator(BG, split)
    for position in (LATE, EARLY, LATE.with_to_act(1)):
        state = m.GameState(BG, position, m.Phase.MOVE, (6, 1))
        plays = m.legal_plays(state)
        values, afters = ev.play_values(position, plays)
        assert np.isclose(ev.best_values(position, [plays])[0], values.max())
        assert np.allclose(ev.position_values(afters, position.to_act), values)


def test_a_weights_file_keeps_its_late_network(tmp_path):
    _, split = _split(home=11)
    split.save(tmp_path / "w.npz", {"what": "test"})
    back = Network.load(tmp_path / "w.npz")
    assert back.late is not None and back.late_home == 11
    pairs = zip(back.late.params, split.late.params, strict=True)
    assert all(np.array_equal(a, b) for a, b in pairs)
    assert all(np.array_equal(a, b) for a, b in zip(back.params, split.params, strict=True))
    # A late network of another shape is refused.
    arrays = dict(np.load(tmp_path / "w.npz"))
    arrays["late_w1"] = arrays["late_w1"][:, :5]
    np.savez(tmp_path / "bad.npz", **arrays)
    with pytest.raises(ValueError, match="late network"):
        Network.load(tmp_path / "bad.npz")


def test_workers_play_with_the_late_network():
    _, split = _split()
    there = selfplay.job_evaluator(selfplay.Job.of(BG, 1, split)).net
    assert there.late is not None and there.late_home == 9
    assert np.array_equal(there.late.b2, split.late.b2)
    plain = selfplay.job_evaluator(selfplay.Job.of(BG, 1, _split()[0])).net
    assert plain.late is None


def test_growing_or_widening_a_network_carries_its_late_network():
    # train --hidden / --widen and distill --hidden reshape a resumed network: a late
    # network beside it is reshaped alike, and both kinds of position are valued as before.
    plain, featured = Scheme.for_variant(BG, features=False), Scheme.for_variant(BG)
    first = Network.create(plain.inputs, 8, 4, plain.outputs)
    net = Network(*first.params, Network.create(plain.inputs, 8, 5, plain.outputs), 9)
    wide = widened(net, plain, featured)
    big = grown(wide, 12, seed=5)
    for changed in (wide, big):
        assert changed.late is not None and changed.late_home == 9
        assert changed.late.w1.shape == changed.w1.shape
        assert not np.array_equal(changed.late.w2, changed.w2)
        for position in (EARLY, LATE):
            before, after = (
                Evaluator(BG, net).outputs([position]),
                Evaluator(BG, changed).outputs([position]),
            )
            assert np.allclose(before, after, atol=1e-6)
    assert grown(first, 12, seed=5).late is None


def _gathering(path, positions, seed=1):
    x = SCHEME.encode(positions)
    targets = np.random.default_rng(seed).uniform(0.0, 1.0, (len(x), 5)).astype(np.float32)
    n = len(x)
    nothing = np.full((n, 5), np.nan, dtype=np.float32)
    save_data(path, Gathered(x, targets, np.zeros(n, dtype=bool), nothing), {"test": True})


def test_the_tool_fits_a_late_network_beside_the_first(tmp_path):
    _gathering(tmp_path / "g.npz", [EARLY, LATE] * 20)
    _gathering(tmp_path / "r.npz", [LATE] * 10, seed=2)
    out = tmp_path / "n.npz"
    data = ["--data", str(tmp_path / "g.npz"), "--rollouts", str(tmp_path / "r.npz")]
    fitting = ["--repeat", "3", "--epochs", "2", "--out", str(out)]
    main(["backgammon", "--resume", str(WEIGHTS), *data, *fitting])
    net, first = Network.load(out), Network.load(WEIGHTS)
    assert all(np.array_equal(a, b) for a, b in zip(net.params, first.params, strict=True))
    assert net.late is not None and net.late_home == 9
    assert not np.array_equal(net.late.w1, first.w1)
    record = json.loads(out.with_suffix(".json").read_text())
    assert record["late"]["positions"] == 20 + 3 * 10  # the late rows only
    assert record["late"]["rollouts"][0]["positions"] == 10
    assert record["command"].startswith("python -m game.ai.late backgammon")
    assert late_rows(SCHEME, BG, SCHEME.encode([EARLY, LATE]), 9).tolist() == [False, True]


@pytest.mark.parametrize(
    "args",
    [
        ["duodecim", "--resume", str(WEIGHTS)],
        ["backgammon", "--resume", str(WEIGHTS), "--home", "16"],
        ["backgammon", "--resume", str(WEIGHTS), "--repeat", "0"],
        ["backgammon", "--resume", "missing.npz"],
        ["backgammon", "--resume", str(weights_path("duodecim"))],
    ],
)
def test_bad_requests_are_refused(args, tmp_path):
    _gathering(tmp_path / "g.npz", [EARLY, LATE])
    out = tmp_path / "x.npz"
    with pytest.raises(SystemExit):
        main([*args, "--data", str(tmp_path / "g.npz"), "--out", str(out)])
    assert not out.exists()


def test_a_file_that_is_not_a_gathering_is_refused(tmp_path):
    (tmp_path / "g.npz").write_bytes(b"not a gathering")
    out = tmp_path / "x.npz"
    with pytest.raises(SystemExit):
        data = ["--data", str(tmp_path / "g.npz")]
        main(["backgammon", "--resume", str(WEIGHTS), *data, "--out", str(out)])
    assert not out.exists()
