"""The expert's look-ahead keeps to its budget: a count of positions, and a clock.

Deterministic: the count is checked by counting the positions the evaluation is
asked for, the clock with an injected one; nothing here is timed.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from game import engine
from game.ai import budget as b
from game.ai import players
from game.ai.arena import random_decisions
from game.ai.bearoff import is_bearoff
from game.ai.budget import Budget
from game.ai.encode import Scheme
from game.ai.evaluate import Evaluator, bearoffs
from game.ai.features import contact_features, escapes
from game.ai.network import Network
from game.rules import match as m
from game.rules.notation import format_turn
from game.rules.position import position_from_counts
from game.rules.serial import state_to_json
from game.rules.variants import VARIANTS, find_variant

BG = find_variant("backgammon")


def crowded() -> m.GameState:
    """1-1 with fifteen men one to a point and the opponent's blots between them."""
    mine = {p: 1 for p in (1, 2, 4, 6, 7, 8, 10, 11, 13, 14, 16, 17, 19, 20, 22)}
    pos = position_from_counts([mine, {0: 4, 1: 1, 4: 1, 20: 1, 25: 8}], 24)
    BG.validate(pos)
    return m.GameState(BG, pos, m.Phase.MOVE, (1, 1))


def crowded_duodecim() -> m.GameState:
    """Duodecim's three dice, used singly or summed, with men spread one to a point."""
    variant = find_variant("duodecim")
    mine = {p: 1 for p in (1, 3, 6, 7, 9, 14, 16, 17, 19, 22, 23, 25, 26, 28, 30)}
    theirs = {4: 1, 5: 3, 8: 1, 10: 1, 12: 1, 14: 1, 16: 1, 18: 1, 22: 1, 25: 1, 29: 1}
    pos = position_from_counts([mine, theirs | {34: 1, 36: 1}], 36)
    variant.validate(pos)
    return m.GameState(variant, pos, m.Phase.MOVE, (5, 3, 1))


@pytest.fixture
def net(monkeypatch):
    """Small networks standing in for the shipped ones (the tests judge the mechanism)."""
    made = {}
    for variant_id in VARIANTS:
        scheme = Scheme.for_variant(find_variant(variant_id))
        made[variant_id] = Network.create(scheme.inputs, 12, 9, scheme.outputs)
    monkeypatch.setattr(players, "network_for", lambda v: made[getattr(v, "id", v)])
    return made


@pytest.fixture
def valued(monkeypatch):
    """How many positions the evaluation is asked for (before it merges repeats)."""
    asked = [0]
    outputs = Evaluator.outputs

    def counting(self, positions):
        asked[0] += len(positions)
        return outputs(self, positions)

    monkeypatch.setattr(Evaluator, "outputs", counting)
    return asked


def test_the_crowded_position_has_thousands_of_plays():
    assert len(m.legal_plays(crowded())) == 2225
    assert len(m.legal_plays(crowded_duodecim())) == 3363


@pytest.mark.parametrize(
    ("make", "limit"), [(crowded, 0), (crowded, 3000), (crowded_duodecim, 700)]
)
def test_the_look_ahead_values_no_more_positions_than_its_budget(net, valued, make, limit):
    state = make()
    plays = m.legal_plays(state)
    spend = Budget(limit, seconds=math.inf)
    ranked = players.ranked_plays(state, "expert", budget=spend)
    # The first ply (every play once) is free; the look-ahead values at most the count.
    assert len(plays) <= valued[0] <= len(plays) + limit
    assert spend.stopped == "count"
    assert sorted(map(repr, (r.play for r in ranked))) == sorted(map(repr, plays))
    assert players.choose_play(state, "expert", budget=Budget(limit, seconds=math.inf)) in plays


def test_the_same_budget_gives_the_same_answer(net):
    state = crowded()
    first = players.ranked_plays(state, "expert", budget=Budget(1500, seconds=math.inf))
    again = players.ranked_plays(state, "expert", budget=Budget(1500, seconds=math.inf))
    assert first == again


def test_a_budget_just_large_enough_changes_nothing(net):
    # Two men a side at the end of a race (the look-ahead is a few positions): the
    # budget that the whole look-ahead needs gives what no budget gives.
    pos = position_from_counts([{18: 1, 21: 1, 25: 13}, {2: 1, 4: 1, 25: 13}], 24)
    state = m.GameState(BG, pos, m.Phase.MOVE, (3, 2))
    ample = Budget(10**9, seconds=math.inf)
    unbounded = players.ranked_plays(state, "expert", budget=ample)
    assert sum(r.deep for r in unbounded) > 1
    assert players.ranked_plays(state, "expert", budget=Budget(ample.spent, math.inf)) == unbounded
    short = Budget(ample.spent - 1, seconds=math.inf)
    assert players.ranked_plays(state, "expert", budget=short) != unbounded
    assert short.stopped == "count"


class Clock:
    """A clock that moves on ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        self.now += self.step
        self.reads += 1
        return self.now


def test_past_the_deadline_the_first_ply_still_ranks_every_play(net, valued):
    state = crowded()
    plays = m.legal_plays(state)
    late = Budget(10**9, seconds=1.0, clock=Clock(5.0))  # past the deadline at once
    ranked = players.ranked_plays(state, "expert", budget=late)
    assert late.stopped == "clock"
    assert not any(r.deep for r in ranked)
    # The look-ahead stopped at its first roll, before valuing any reply.
    assert valued[0] == len(plays)
    shallow = players.ranked_plays(state, "advanced")  # the first ply alone
    assert [r.value for r in ranked] == [r.value for r in shallow]


def test_the_clock_stops_the_look_ahead_part_way(net):
    state = crowded()
    clock = Clock(0.01)
    spend = Budget(10**9, seconds=1.0, clock=clock)  # a hundred reads of the clock
    ranked = players.ranked_plays(state, "expert", budget=spend)
    assert spend.stopped == "clock"
    assert 101 <= clock.reads <= 103  # it stopped at the first read past the deadline
    assert {r.play for r in ranked} == set(m.legal_plays(state))


def test_the_tutor_compares_like_with_like_on_a_budget(net):
    state = crowded()
    worst = players.ranked_plays(state, "advanced")[-1].play
    for limit in (0, 2000, 6000):
        loss, ranked = players.play_loss(state, worst, budget=Budget(limit, seconds=math.inf))
        mine = next(r for r in ranked if r.play == worst)
        # The judged play was looked at as deeply as the best, or no play was.
        assert mine.deep or not any(r.deep for r in ranked)
        assert loss == pytest.approx(ranked[0].value - mine.value)


def test_the_hint_and_best_answer_on_the_crowded_position(net, monkeypatch):
    monkeypatch.setattr(b, "POSITIONS", 2000)  # the default budget, smaller (a fast test)
    monkeypatch.setenv(b.SECONDS_VARIABLE, "off")  # the same answer on a busy machine
    state = crowded()
    sent = state_to_json(state)
    legal = {format_turn(BG, state.dice, play) for play in m.legal_plays(state)}
    hint = engine.handle({"cmd": "hint", "state": sent, "count": 5})
    assert hint["ok"], hint
    assert len(hint["moves"]) == 5
    assert {move["notation"] for move in hint["moves"]} <= legal
    losses = [move["loss"] for move in hint["moves"]]
    assert losses == sorted(losses) and losses[0] == 0.0
    for level in players.LEVELS:
        best = engine.handle({"cmd": "best", "state": sent, "level": level, "seed": 3})
        assert best["ok"], best
        assert best["move"]["notation"] in legal
        again = engine.handle({"cmd": "best", "state": sent, "level": level, "seed": 3})
        assert again["move"] == best["move"]


def test_a_budget_refuses_a_negative_count():
    with pytest.raises(ValueError, match="-5"):
        Budget(-5)


def test_the_backstop_is_set_by_the_environment(monkeypatch):
    monkeypatch.delenv(b.SECONDS_VARIABLE, raising=False)
    assert Budget().seconds == b.SECONDS
    monkeypatch.setenv(b.SECONDS_VARIABLE, "off")
    assert Budget().seconds == math.inf and Budget(seconds=2.0).seconds == 2.0
    monkeypatch.setenv(b.SECONDS_VARIABLE, "0.25")
    assert Budget().seconds == 0.25
    for bad in ("soon", "0", "-1", "nan"):
        monkeypatch.setenv(b.SECONDS_VARIABLE, bad)
        with pytest.raises(ValueError, match=repr(bad)):
            Budget()


def test_repeated_positions_are_valued_as_if_alone(net):
    ev = players.evaluator_for(BG)
    state = crowded()
    afters = BG.apply_plays(state.position, m.legal_plays(state)[:40])
    batch = afters + afters[::-1] + afters[:7]
    alone = np.concatenate([ev.outputs([p]) for p in batch])
    assert np.allclose(ev.outputs(batch), alone, atol=1e-6)
    assert np.array_equal(ev.outputs(batch)[: len(afters)], ev.outputs(afters))


def test_features_worked_out_per_distinct_row_are_those_of_every_row():
    rng = np.random.default_rng(5)
    boards = np.zeros((300, 2, 26), dtype=np.float32)
    for row in boards:
        for side in range(2):
            for _ in range(15):
                row[side, rng.integers(0, 26)] += 1
    boards[100:200] = boards[:100]  # repeats, as a look-ahead's batch has
    whole = contact_features(boards)
    single = np.concatenate([contact_features(boards[i : i + 1]) for i in range(len(boards))])
    assert np.array_equal(whole, single)
    rear = rng.integers(0, 26, size=50).astype(np.float32)
    blocks = rng.random((50, 26)) < 0.3
    blocks[:, [0, 25]] = False
    rows = np.concatenate([escapes(rear[i : i + 1], blocks[i : i + 1]) for i in range(50)])
    assert np.array_equal(escapes(np.tile(rear, 3), np.tile(blocks, (3, 1))), np.tile(rows, 3))


def test_a_deep_look_that_runs_out_values_none_of_the_movers_plays(net, valued, monkeypatch):
    # Two rolls deep from a play of the crowded position: the replies are found and
    # valued (to choose the best reply to each roll); the mover's own plays after them
    # are found and counted, and valued only once all of them fit in the budget.
    board_values = Evaluator._board_values  # backgammon's boards valued without positions

    def counting(self, boards, to_act, mover):
        valued[0] += len(boards)
        return board_values(self, boards, to_act, mover)

    monkeypatch.setattr(Evaluator, "_board_values", counting)
    state = crowded()
    after = BG.apply_plays(state.position, m.legal_plays(state)[:1])[0]
    ev = players.evaluator_for(BG)
    whole = Budget.unbounded()
    assert players._deep_lookahead(ev, after, 0, whole) is not None
    replies = sum(len(BG.generate_plays(after, dice)) for dice, _ in players._reply_rolls(BG))
    assert valued[0] > 10 * replies  # the mover's plays are most of the work
    valued[0] = 0
    short = Budget(whole.spent - 1, seconds=math.inf)
    assert players._deep_lookahead(ev, after, 0, short) is None
    assert short.stopped == "count"
    assert valued[0] == replies


def test_the_best_play_of_each_roll_is_valued_as_the_positions_it_leaves(net):
    # Backgammon's men moved in numpy (hits, entering from the bar, bearing off and the
    # games it ends) against the positions the plays leave, valued one by one.
    ev = players.evaluator_for(BG)
    rolls = [dice for dice, _ in players._reply_rolls(BG)]
    starts = [
        crowded().position,
        position_from_counts([{0: 2, 12: 5, 17: 3, 19: 5}, {1: 2, 4: 1, 9: 1, 12: 11}], 24),
        position_from_counts([{19: 3, 20: 2, 22: 2, 24: 1, 25: 7}, {23: 2, 25: 13}], 24),
        position_from_counts([{23: 1, 24: 1, 25: 13}, {0: 1, 10: 14}], 24),  # backgammons
        position_from_counts([{22: 1, 24: 1, 25: 13}, {10: 15}], 24),  # gammons
    ]
    for position in starts:
        BG.validate(position)
        groups = [BG.generate_plays(position, dice) for dice in rolls]
        best = ev.best_values(position, groups)
        one_by_one = [ev.play_values(position, group)[0].max() for group in groups]
        assert best == pytest.approx(one_by_one, abs=1e-6)


def test_the_boards_read_at_once_are_the_positions_boards():
    state = crowded()
    afters = BG.apply_plays(state.position, m.legal_plays(state))
    scheme = Scheme.for_variant(BG)
    boards = scheme.boards(afters)
    assert boards.shape == (len(afters), 2, 26)
    assert np.array_equal(boards, np.array([p.board for p in afters]))
    assert np.array_equal(scheme.encode(afters, boards), scheme.encode(afters))


def test_bear_offs_found_at_once_are_those_found_one_by_one():
    rng = random.Random(8)
    boards = []
    for _ in range(400):
        sides = []
        for _ in range(2):
            # Mostly home or off, some men further back: bear-offs, near ones and finished.
            row = [0] * 26
            places = [19, 20, 21, 22, 23, 24, 25] + ([0, 5, 18] if rng.random() < 0.2 else [])
            for _ in range(15):
                row[rng.choice(places)] += 1
            sides.append(tuple(row))
        boards.append(tuple(sides))
    boards.append(((0,) * 25 + (15,), (0,) * 24 + (1, 14)))  # one side off: finished
    found = bearoffs(np.array(boards, dtype=np.uint8))
    assert found.tolist() == [is_bearoff(board) for board in boards]
    assert 50 < found.sum() < 350


def test_each_variant_looks_ahead_on_its_own_count(net, valued, monkeypatch):
    assert Budget.for_variant(find_variant("lombardorum")).positions == b.POSITIONS
    for variant_id, count in b.VARIANT_POSITIONS.items():
        assert Budget.for_variant(find_variant(variant_id)).positions == count
    # The three-dice games count less (a position costs more there); backgammon's wider
    # look-ahead more.
    assert Budget.for_variant(find_variant("duodecim")).positions < b.POSITIONS
    assert Budget.for_variant(find_variant("backgammon")).positions > b.POSITIONS
    monkeypatch.setitem(b.VARIANT_POSITIONS, "duodecim", 700)  # smaller: a fast test
    state = crowded_duodecim()
    plays = m.legal_plays(state)
    ranked = players.ranked_plays(state, "expert")  # the variant's budget by default
    assert len(plays) <= valued[0] <= len(plays) + 700
    assert players.choose_play(state, "expert") == ranked[0].play


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_the_look_ahead_spends_the_count_of_the_network_it_plays_on(variant_id, monkeypatch):
    """The count and the filter are both looked up by ``network_id``: a variant playing
    on another game's network (Portes on backgammon's) looks as far as that game, and
    never gets its filter with another's count."""
    variant = find_variant(variant_id)
    made: list[Budget] = []
    real = Budget.for_variant

    def recording(variant, *args, **kwargs):
        made.append(real(variant, *args, **kwargs))
        return made[-1]

    monkeypatch.setattr(Budget, "for_variant", staticmethod(recording))
    state, plays = next(random_decisions(variant, random.Random(3)))
    monkeypatch.setattr(players, "_lookahead", lambda *args: None)  # the count, not the search
    players.ranked_plays(state, "expert", plays=plays)
    assert [budget.positions for budget in made] == [b.positions_for(variant)]


def test_the_counts_are_keyed_by_networks():
    assert set(b.VARIANT_POSITIONS) <= {find_variant(v).network_id for v in VARIANTS}
