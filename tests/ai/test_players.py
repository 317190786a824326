"""The computer's levels: deterministic, different by level, and the expert takes sure wins."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from game.ai import players
from game.ai.arena import random_decisions
from game.ai.encode import Scheme
from game.ai.network import Network
from game.rules import actions as a
from game.rules import match as m
from game.rules.position import position_from_counts
from game.rules.variants import VARIANTS, find_variant
from tests.untrained import UNTRAINED

BG = find_variant("backgammon")


def small_network(variant_id: str, seed: int = 9) -> Network:
    scheme = Scheme.for_variant(find_variant(variant_id))
    return Network.create(scheme.inputs, 12, seed, scheme.outputs)


@pytest.fixture
def net(monkeypatch):
    """Small networks standing in for the shipped ones (the tests judge the mechanism)."""
    made = {variant_id: small_network(variant_id) for variant_id in VARIANTS}
    monkeypatch.setattr(players, "network_for", lambda v: made[getattr(v, "id", v)])
    return made


def states(n, seed=3, variant=BG, options=None):
    variant = find_variant(variant, options) if isinstance(variant, str) else variant
    decisions = random_decisions(variant, random.Random(seed), choices=3)
    return [state for state, _ in itertools.islice(decisions, n)]


def test_levels_are_deterministic(net):
    for state in states(5):
        for level in players.LEVELS:
            assert players.choose_play(state, level, seed=4) == players.choose_play(
                state, level, seed=4
            )


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_every_level_plays_every_variant(net, variant_id):
    for state in states(2, seed=5, variant=variant_id):
        legal = m.legal_plays(state)
        for level in players.LEVELS:
            assert players.choose_play(state, level, seed=1) in legal


def test_the_same_position_always_gets_the_same_error():
    after = BG.start_position()
    assert players._error("beginner", after) == players._error("beginner", after)
    assert players._error("expert", after) == 0.0
    spreads = {
        level: sum(abs(players._error(level, s.position)) for s in states(30))
        for level in ("beginner", "intermediate", "advanced")
    }
    assert spreads["beginner"] > spreads["intermediate"] > spreads["advanced"] > 0


def test_levels_disagree_with_the_evaluation_less_as_they_rise(net):
    agree = {level: 0 for level in ("beginner", "advanced")}
    sample = states(30)
    for state in sample:
        best = players.ranked_plays(state, "advanced")[0].play
        for level in agree:
            agree[level] += players.choose_play(state, level) == best
    assert agree["advanced"] > agree["beginner"]


def test_expert_bears_off_for_the_win(net):
    # Two men left on the 1- and 2-points against a far-behind opponent: 2-1 wins at once.
    pos = position_from_counts([{24: 1, 23: 1, 25: 13}, {1: 15}], 24)
    state = m.GameState(BG, pos, m.Phase.MOVE, (2, 1))
    play = players.choose_play(state, "expert")
    assert BG.apply_play(pos, play).off(0) == 15


def test_expert_finds_the_one_play_of_271_that_shuts_the_opponent_out(net):
    # Quinze Tablas: side 0 has five men waiting to enter; with 3-4-6 exactly one play
    # (13/16/22 18/22) closes the last entry point, and a side that cannot enter loses.
    # Alfonso's reading, in which one man may take two dice (13/16/22).
    variant = find_variant("quinze_tablas", {"one_die_per_man": False})
    pos = position_from_counts(
        [
            {0: 5, 1: 2, 2: 2, 4: 2, 5: 2, 6: 2},
            {1: 1, 3: 2, 4: 2, 5: 2, 6: 1, 12: 1, 13: 1, 14: 2, 15: 1, 18: 2},
        ],
        24,
        to_act=1,
    )
    state = m.GameState(variant, pos, m.Phase.MOVE, (3, 4, 6))
    assert len(m.legal_plays(state)) == 271
    for level in ("beginner", "advanced", "expert"):
        after = variant.apply_play(pos, players.choose_play(state, level))
        done = variant.outcome(after, 1)
        assert done is not None and done.winner == 1 and done.kind == "shutout"


def test_ranked_plays_are_best_first(net):
    state = states(1)[0]
    ranked = players.ranked_plays(state)
    values = [r.value for r in ranked]
    assert values == sorted(values, reverse=True)
    assert {r.play for r in ranked} == set(m.legal_plays(state))
    assert ranked[0].deep


def test_play_loss_judges_the_chosen_play_by_the_look_ahead(net):
    state = states(3)[2]
    ranked = players.ranked_plays(state, "advanced")
    worst = ranked[-1].play
    loss, deep = players.play_loss(state, worst)
    mine = next(r for r in deep if r.play == worst)
    assert mine.deep and loss == pytest.approx(deep[0].value - mine.value)
    assert players.play_loss(state, deep[0].play)[0] == 0.0


def test_el_mundo_values_are_chances(net):
    state = states(1, seed=2, variant="el_mundo")[0]
    for ranked in players.ranked_plays(state, "advanced"):
        assert 0.0 <= ranked.value <= 1.0


def test_a_die_is_named_for_the_roller_or_against_it(net):
    for who in ("player", "opponent"):
        variant = find_variant("anglicorum", {"third_die": who})
        rng = random.Random(3)
        state = m.roll(m.new_game(variant, rng), rng)
        assert state.phase is m.Phase.CHOOSE
        for level in players.LEVELS:
            value = players.choose_die(state, level, seed=2)
            assert value == players.choose_die(state, level, seed=2)
            assert value in m.die_choices(state)


def test_a_variant_without_a_network_says_so(monkeypatch):
    monkeypatch.setattr(players, "network_for", lambda variant_id: None)
    variant = find_variant("lombardorum")
    state = m.roll(m.new_game(variant, random.Random(1)), random.Random(2))
    with pytest.raises(players.LevelUnavailable, match="does not have a trained evaluation"):
        players.choose_play(state, "advanced")
    assert players.choose_play(state, "novice", seed=1) in m.legal_plays(state)
    assert not players.has_levels("lombardorum")


def test_every_trained_variant_has_a_shipped_network_that_loads():
    players._network.cache_clear()
    for variant_id in set(VARIANTS) - UNTRAINED:
        # A game played by another's network (Portes: backgammon's) ships none of its own.
        trained_as = VARIANTS[variant_id].network_of or variant_id
        assert players.weights_path(trained_as).is_file(), variant_id
        assert players.has_levels(variant_id), variant_id
        record = players.weights_path(trained_as).with_suffix(".json")
        assert "python -m game.ai.train" in record.read_text()


def test_portes_is_played_by_backgammons_network_counting_a_backgammon_as_the_rules_say():
    """Portes is backgammon without the cube: backgammon's network plays it, and its
    equity counts a backgammon 2 (like a gammon) unless the option makes it 3."""
    players._network.cache_clear()
    portes, three = find_variant("portes"), find_variant("portes", {"backgammon_counts_3": True})
    shared, own = players.network_for(portes), players.network_for("backgammon")
    assert shared is not None and own is not None and np.array_equal(shared.w1, own.w1)
    state = m.roll(m.new_game(portes, random.Random(1)), random.Random(2))
    for level in ("beginner", "expert"):
        assert players.choose_play(state, level, seed=1) in m.legal_plays(state)
    ev, ev3 = players.evaluator_for(portes), players.evaluator_for(three)
    assert not ev.scheme.third_point and ev3.scheme.third_point
    y = np.array([[0.7, 0.3, 0.1, 0.05, 0.01]])
    assert ev.scheme.values(y, [0], 0)[0] == pytest.approx(2 * 0.7 - 1 + 0.3 - 0.05)
    assert ev3.scheme.values(y, [0], 0)[0] == pytest.approx(2 * 0.7 - 1 + 0.3 + 0.1 - 0.05 - 0.01)


def test_option_set_networks_are_chosen_for_their_options():
    import json

    import numpy as np

    from game.ai.network import Network

    players._network.cache_clear()
    folder = players.weights_path("backgammon").parent
    shipped = sorted(folder.glob("*--*.npz"))
    assert shipped  # at least Lombardorum with three dice
    for path in shipped:
        record = json.loads(path.with_suffix(".json").read_text())
        wanted = players._options_of(path, record["variant"])
        assert wanted and all(record["options"][k] == v for k, v in wanted.items())
        variant = find_variant(record["variant"], wanted)
        assert players.weights_path(variant.id, wanted) == path
        chosen = players.network_for(variant)
        assert np.array_equal(chosen.w1, Network.load(path).w1), path.name
        default = players.network_for(variant.id)
        assert not np.array_equal(default.w1, chosen.w1)
        # Trained for those options, or trained when they were the default (Quinze
        # Tablas' network for Alfonso's reading, renamed when the default changed).
        assert "--options" in record["command"] or "was the default" in record.get("note", "")


def test_decisions_in_every_phase(net, monkeypatch):
    from game.ai import cube

    variant = find_variant("backgammon", {"cube": True})
    rng = random.Random(4)
    state = m.new_game(variant, rng)
    assert isinstance(players.decide(state, "expert"), a.Move)
    rolled = m.GameState(variant, state.position, m.Phase.ROLL)
    # The cube answers follow game.ai.cube (checked in test_cube); here the wiring.
    monkeypatch.setattr(cube, "should_double", lambda s, probs: True)
    assert players.decide(rolled, "expert") == a.Double()
    assert players.decide(rolled, "novice") is None  # the dice fall
    offered = m.double(rolled)
    monkeypatch.setattr(cube, "take_decision", lambda s, probs: a.Drop())
    assert players.decide(offered, "advanced") == a.Drop()
    assert players.decide(offered, "novice") == a.Take()
    resigned = m.resign(rolled, 1)
    monkeypatch.setattr(cube, "resignation_fair", lambda s, probs: False)
    assert players.decide(resigned, "expert") == a.Reject()
    assert players.decide(resigned, "novice") == a.Accept()
    with pytest.raises(Exception, match="over"):
        players.decide(m.accept(resigned), "expert")


def test_a_resignation_is_judged_by_what_playing_on_is_worth(monkeypatch):
    import numpy as np

    from game.ai import cube

    variant = find_variant("backgammon", {"cube": True})
    state = m.resign(m.GameState(variant, BG.start_position(), m.Phase.ROLL), 1)
    # The resigner is sure to lose a gammon: a single game is not enough.
    sure_gammon = np.array([0.0, 0.0, 0.0, 1.0, 0.0])
    assert not cube.resignation_fair(state, sure_gammon)
    assert cube.resignation_fair(m.resign(m.reject(state), 2), sure_gammon)
    # The resigner is a favourite: any resignation is a gift.
    assert cube.resignation_fair(state, np.array([0.7, 0.1, 0.0, 0.05, 0.0]))
    match = find_variant("backgammon", {"cube": True, "match_length": 5})
    # Side 0 needs one point to win the match: a resigned single game is the match.
    score = m.MatchScore(5, (4, 0))
    on_roll = BG.start_position().with_to_act(1)
    leader = m.resign(m.GameState(match, on_roll, m.Phase.ROLL, match=score), 1)
    assert cube.resignation_fair(leader, sure_gammon)


def test_a_network_trained_for_an_option_set_is_preferred(monkeypatch, tmp_path):
    from game import paths

    folder = tmp_path / "weights"
    folder.mkdir()
    default, three = small_network("lombardorum", 1), small_network("lombardorum", 2)
    monkeypatch.setattr(paths, "asset", lambda *parts: tmp_path.joinpath(*parts))
    default.save(players.weights_path("lombardorum"), {})
    three.save(players.weights_path("lombardorum", {"dice": 3}), {})
    assert players.weights_path("lombardorum", {"dice": 3}).name == "lombardorum--dice=3.npz"
    named = players.weights_path("anglicorum", {"third_die": "six", "blockade_wins": True})
    assert named.name == "anglicorum--blockade_wins=true--third_die=six.npz"
    assert players._options_of(named, "anglicorum") == {"third_die": "six", "blockade_wins": True}
    players._network.cache_clear()
    try:
        chosen = players.network_for(find_variant("lombardorum", {"dice": 3}))
        assert chosen is not None and (chosen.w1 == three.w1).all()
        plain = players.network_for(find_variant("lombardorum", {"strict": True}))
        assert plain is not None and (plain.w1 == default.w1).all()
    finally:
        players._network.cache_clear()


def test_chosen_weights_replace_the_shipped_ones_for_a_benchmark(tmp_path, monkeypatch):
    monkeypatch.setattr(players, "_CHOSEN", {})
    path = tmp_path / "trial.npz"
    trial = small_network("backgammon", seed=4)
    trial.save(path, {"games": 0})
    try:
        players.use_weights("backgammon", path)
        chosen = players.network_for(find_variant("backgammon", {"cube": False}))
        assert chosen is not None and chosen.w1.shape == trial.w1.shape
        assert players.network_for("lombardorum") is not chosen  # other variants keep theirs
        with pytest.raises(ValueError, match="does not fit"):
            players.use_weights("lombardorum", path)
        players.use_network("backgammon", None)  # the shipped weights again
        shipped = players.network_for(find_variant("backgammon", {"cube": False}))
        assert shipped is not None and shipped.w1.shape != trial.w1.shape
        players.use_network("backgammon", chosen)
        assert players.network_for(find_variant("backgammon", {"cube": False})) is chosen
    finally:
        players._network.cache_clear()


def test_the_deep_look_ahead_is_the_look_ahead_from_each_best_reply(net):
    # Two rolls deep by hand: each next-side roll's best reply, then ``_lookahead`` from
    # there over the mover's rolls; the expert's batched version must agree.
    ev = players.evaluator_for(BG)
    for state in states(4, seed=8)[1:]:
        mover = state.position.to_act
        values, afters = ev.play_values(state.position, m.legal_plays(state))
        after = afters[int(values.argmax())]
        expected = 0.0
        for dice, chance in players._reply_rolls(BG):
            replies, lefts = ev.play_values(after, BG.generate_plays(after, dice))
            reply = lefts[int(replies.argmax())]
            if BG.outcome(reply, after.to_act) is not None:
                expected -= chance * float(replies.max())
            else:
                expected -= chance * players._lookahead(ev, reply, after.to_act)[0]
        assert players._deep_lookahead(ev, after, mover) == pytest.approx(expected, abs=1e-6)


def test_the_expert_ranks_its_deepest_looks_first(net, monkeypatch):
    state = states(6, seed=8)[5]
    shallow = players.ranked_plays(state)
    monkeypatch.setattr(players, "EXPERT_DEEP_WINDOW", 10.0)  # every looked-at play is close
    ranked = players.ranked_plays(state)
    looked = sorted(shallow, key=lambda r: -r.value)[: players.EXPERT_DEEP["backgammon"]]
    ev = players.evaluator_for(BG)
    mover = state.position.to_act
    deep_values = {
        r.play: players._deep_lookahead(ev, BG.apply_play(state.position, r.play), mover)
        for r in looked
    }
    assert {r.play for r in ranked[: len(looked)]} == set(deep_values)
    for r in ranked[: len(looked)]:
        assert r.value == pytest.approx(deep_values[r.play], abs=1e-6)
    assert all(r.value < min(deep_values.values()) for r in ranked[len(looked) :])
