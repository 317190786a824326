"""The position editor's model (game.study.editing): every edit keeps the counts legal, and
every position it builds is read by the rules engine or refused with the engine's reason."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.errors import RulesError
from game.rules.serial import state_from_json, state_to_json
from game.rules.variants import VARIANTS
from game.study.editing import CUBE_VALUES, PositionEdit

VARIANT_IDS = sorted(VARIANTS)

EDITS = st.one_of(
    st.tuples(st.just("add"), st.integers(0, 3), st.integers(-1, 40)),
    st.tuples(st.just("remove"), st.integers(0, 3), st.integers(-1, 40)),
    st.tuples(st.just("right"), st.integers(0, 3), st.integers(0, 40)),
    st.tuples(st.just("move"), st.integers(0, 3), st.integers(-1, 40), st.integers(-1, 40)),
    st.tuples(st.just("turn"), st.integers(0, 3)),
    st.tuples(st.just("die"), st.integers(0, 3), st.none() | st.integers(1, 6)),
    st.tuples(st.just("cube"), st.sampled_from(CUBE_VALUES), st.integers(-1, 1)),
    st.tuples(st.just("match"), st.sampled_from((0, 1, 3, 5, 7))),
    st.tuples(st.just("score"), st.integers(0, 1), st.integers(0, 8)),
    st.tuples(st.just("hand"), st.booleans()),
    st.tuples(st.just("clear")),
)


def apply(edit: PositionEdit, step: tuple) -> None:
    kind, *args = step
    players = edit.players
    if kind == "add":
        edit.add(args[0] % players, args[1])
    elif kind == "remove":
        edit.remove(args[0] % players, args[1])
    elif kind == "right":
        edit.remove_top(args[1] % edit.variant.cells, args[0] % players)
    elif kind == "move":
        edit.move(args[0] % players, args[1], args[2])
    elif kind == "turn":
        edit.to_act = args[0] % players
    elif kind == "die":
        edit.set_die(args[0], args[1])
    elif kind == "cube":
        edit.cube_value, edit.cube_owner = args
    elif kind == "match":
        edit.set_match_length(args[0])
    elif kind == "score":
        edit.score[args[0]] = args[1]
    elif kind == "hand":
        edit.set_rest_in_hand(args[0])
    else:
        edit.clear()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANT_IDS), st.lists(EDITS, max_size=40))
def test_any_edits_leave_a_state_the_engine_reads_or_its_reason(variant_id, steps) -> None:
    edit = PositionEdit(variant_id)
    for step in steps:
        apply(edit, step)
        for side in range(edit.players):  # never more men than the game has
            assert edit.placed(side) <= edit.variant.men
            assert edit.placed(side) + edit.off(side) + edit.hand[side] == edit.variant.men
            assert min(edit.board[side]) >= 0
        state, reason = edit.check()
        if state is None:
            assert reason and "\n" not in reason
            # The engine itself refuses the same JSON (or the dice are half set).
            if all(d is not None for d in edit.dice) or edit.to_roll:
                with pytest.raises((RulesError, ValueError, TypeError, KeyError)):
                    state_from_json(edit.to_json())
        else:
            assert reason == ""
            assert state_from_json(state_to_json(state)) == state


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
def test_the_start_of_every_game_checks(variant_id: str) -> None:
    state, reason = PositionEdit(variant_id).check()
    assert state is not None, reason
    assert state.position == state.variant.start_position()


def test_men_beyond_the_game_are_never_placed() -> None:
    edit = PositionEdit("backgammon")
    assert "All 15 men" in edit.add(0, 19)  # (pos 19: side 0's 6-point)
    assert edit.remove(0, 19)
    assert edit.off(0) == 1 and edit.add(0, 22) == "" and edit.off(0) == 0


def test_an_impossible_position_is_refused_with_the_engines_reason() -> None:
    edit = PositionEdit("backgammon")
    edit.clear()
    state, reason = edit.check()  # every man off for both sides: the game is over twice
    assert state is None and reason
    edit = PositionEdit("portes")
    assert edit.move(0, 1, 24) == ""  # a man of side 0 onto side 1's first point
    state, reason = edit.check()
    assert state is None and "share" in reason


def test_half_set_dice_are_refused() -> None:
    edit = PositionEdit("backgammon")
    edit.set_die(0, 3)
    assert edit.check() == (None, "Set every die, or none for a side to roll")
    edit.set_die(1, 5)
    state, _ = edit.check()
    assert state is not None and state.dice == (3, 5)


def test_plakoto_a_man_put_on_a_lone_opponent_pins_it() -> None:
    edit = PositionEdit("plakoto")
    edit.move(0, 1, 10)  # side 0's man alone on its pos 10
    cell = edit.variant.cell(0, 10)
    edit.move(1, 1, edit.pos_of(1, cell) or 0)  # side 1 lands on it: pinned
    state, reason = edit.check()
    assert state is not None, reason
    assert state.position.flags[0] == 1 << 10


@pytest.mark.parametrize(
    "position_id, match_id",
    [("4HPwATDgc/ABMA", "cIkKAAAAAAAE"), ("sGfwATDgc/ABMA", ""), ("4HPwATDgc/ABMA", "")],
)
def test_a_position_id_pasted_round_trips(position_id: str, match_id: str) -> None:
    edit = PositionEdit("portes")
    assert edit.read_ids(position_id, match_id) == ""
    assert edit.variant.id == "backgammon"
    assert edit.position_id() == position_id
    state, _ = edit.check()
    assert state is not None
    if match_id:
        assert state_to_json(state)["match_id"] == match_id


def test_a_bad_position_id_changes_nothing() -> None:
    edit = PositionEdit("plakoto")
    before = edit.to_json()
    reason = edit.read_ids("not an id")
    assert reason and edit.to_json() == before


def test_plakoto_no_man_joins_a_pinned_man() -> None:
    edit = PositionEdit("plakoto")
    edit.move(0, 1, 10)
    cell = edit.variant.cell(0, 10)
    edit.move(1, 1, edit.pos_of(1, cell) or 0)  # pins side 0's man
    before = edit.to_json()
    assert edit.move(0, 1, 10) == "A pinned man stands alone: no man of its side joins it"
    assert edit.to_json() == before  # nothing changed
    assert edit.move(1, edit.pos_of(1, cell) or 0, 2) == ""  # the pinner leaves: free
    assert edit.move(0, 1, 10) == ""
    state, reason = edit.check()
    assert state is not None, reason
