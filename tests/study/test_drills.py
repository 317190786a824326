"""Drills from the player's mistakes: the spaced-repetition schedule (one day, three
days, a week, then learned; a poor answer starts over), one drill a position, the due
count, and stored drills read back or refused with a reason, never raised past."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from study_games import played_game  # tests/study is on the path

from game.play.advice import BAD, DOUBTFUL
from game.rules import match as m
from game.study.analysis import Decision, GameAnalysis
from game.study.drills import (
    DAY,
    INTERVALS,
    MAX_KEPT,
    Drill,
    DrillError,
    answered,
    drill_from_json,
    due_count,
    from_analysis,
    merged,
    new_drill,
)


@cache
def a_position(seed: int = 1) -> m.GameState:
    """A backgammon state with a play to make (states are immutable: made once a seed)."""
    _, states = played_game("backgammon", seed, max_entries=12)
    return next(s for s in states[3:] if s.phase is m.Phase.MOVE)


def test_good_answers_space_the_drill_out_then_retire_it() -> None:
    now = 1_000_000.0
    drill = new_drill(a_position(), "13/9 6/5", now, "24/20 6/5", 0.09)
    assert drill.due == now + DAY and not drill.is_due(now) and drill.is_due(now + DAY)
    waits = []
    t = drill.due
    for _ in INTERVALS:
        drill = answered(drill, DOUBTFUL / 2, t)
        waits.append(drill.due - t)
        t = drill.due
    assert waits[:-1] == [3 * DAY, 7 * DAY] and drill.learned
    assert not drill.is_due(t + 365 * DAY) and drill.asked == len(INTERVALS)


def test_a_poor_answer_starts_the_drill_over() -> None:
    drill = new_drill(a_position(), "13/9 6/5", 0.0)
    drill = answered(answered(drill, 0.0, DAY), 0.0, 4 * DAY)
    assert drill.step == 2
    again = answered(drill, DOUBTFUL, 11 * DAY)
    assert again.step == 0 and again.due == 11 * DAY + INTERVALS[0]


def test_a_starter_is_due_at_once() -> None:
    assert new_drill(a_position(), "13/9 6/5", 50.0, source="starter").is_due(50.0)


def test_an_analysis_makes_drills_of_the_peoples_bad_plays_only() -> None:
    _, states = played_game("backgammon", 2, max_entries=12)
    moves = [i for i, s in enumerate(states[:-1]) if s.phase is m.Phase.MOVE]
    decisions = (
        Decision(moves[0], states[moves[0]].to_act, "play", "x", "y", BAD),
        Decision(moves[1], states[moves[1]].to_act, "play", "x", "y", BAD),
        Decision(moves[2], states[moves[2]].to_act, "play", "x", "y", BAD / 2),
        Decision(moves[3], states[moves[3]].to_act, "double", "Double", "No double", 1.0),
    )
    analysis = GameAnalysis("backgammon", 2, ("A", "B"), decisions, (), True)
    person = states[moves[0]].to_act
    drills = from_analysis(analysis, states, [person], 0.0)
    wanted = [d for d in decisions[:3] if d.side == person and d.loss >= BAD]
    assert [d.played for d in drills] == [d.chosen for d in wanted]
    for drill in drills:
        assert drill.game_state().phase is m.Phase.MOVE


def test_a_position_is_drilled_once_and_keeps_its_schedule() -> None:
    first = answered(new_drill(a_position(), "13/9 6/5", 0.0), 0.0, DAY)
    again = new_drill(a_position(), "13/9 6/5", 5 * DAY)
    assert again.key == first.key
    assert merged([first], [again]) == [first]
    other = new_drill(a_position(3), "8/4 6/5", 0.0)
    assert due_count(merged([first], [other]), 10 * DAY) == 2
    assert due_count(merged([first], [other]), 10 * DAY, "nard") == 0


def test_past_the_limit_the_learned_then_the_oldest_go_first() -> None:
    state = a_position()
    base = new_drill(state, "13/9 6/5", 0.0)
    drills = [
        Drill(
            f"k{i}",
            base.variant_id,
            base.state,
            base.best,
            due=float(i),
            step=len(INTERVALS) if i % 2 else 0,
        )
        for i in range(MAX_KEPT + 10)
    ]
    kept = merged(drills, [])
    assert len(kept) == MAX_KEPT
    assert sum(d.learned for d in kept) == (MAX_KEPT + 10) // 2 - 10


def test_a_drill_reads_back() -> None:
    drill = answered(new_drill(a_position(), "13/9 6/5", 7.0, "24/20 6/5", 0.09), 0.0, DAY)
    assert drill_from_json(drill.to_json()) == drill


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(
    field=st.sampled_from(
        [
            "key",
            "variant",
            "state",
            "best",
            "played",
            "loss",
            "due",
            "step",
            "asked",
            "source",
            None,
        ]
    ),
    value=JSONISH,
)
def test_a_damaged_drill_is_refused_with_a_reason(field, value) -> None:
    good = new_drill(a_position(), "13/9 6/5", 7.0).to_json()
    damaged = dict(good)
    if field is None:
        damaged = value
    else:
        damaged[field] = value
    try:
        drill = drill_from_json(damaged)
    except DrillError as exc:
        assert str(exc)
        return
    assert isinstance(drill, Drill)


def test_a_drill_whose_position_no_game_reaches_is_refused() -> None:
    data = new_drill(a_position(), "13/9 6/5", 7.0).to_json()
    state = dict(data["state"])
    state["turn"] = 0  # men moved, no play made
    with pytest.raises(DrillError, match="position"):
        drill_from_json({**data, "state": state})
