"""States no game reaches are refused when read (game/rules/reachable.py), and the ones
play does reach, however odd they look, are still read.

Each refused state here changes one thing of a state play reaches. Every state of
seeded games of every variant is checked to be read back in tests/test_engine_fuzz.py.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from game.rules.errors import RulesError
from game.rules.gnubg import MatchKey, match_id
from game.rules.serial import state_from_json, state_to_json

START_ID = "4HPwATDgc/ABMA"
START_ROW = [0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 3, 0, 5, 0, 0, 0, 0, 0, 0]
OFF_ROW = [0] * 25 + [15]


def backgammon(**fields: Any) -> dict[str, Any]:
    """Side 0 to roll at the start position of a 5-point match, 0-0, no history given."""
    state: dict[str, Any] = {
        "variant": "backgammon",
        "options": {"match_length": 5},
        "board": [list(START_ROW), list(START_ROW)],
        "on_roll": 0,
        "phase": "roll",
        "cube": {"value": 1, "owner": None},
        "match": {"length": 5, "score": [0, 0], "crawford": False, "crawford_done": False},
    }
    state.update(copy.deepcopy(fields))
    return state


def match(score: list[int], crawford: bool = False, done: bool = False) -> dict[str, Any]:
    return {"length": 5, "score": score, "crawford": crawford, "crawford_done": done}


def lombardorum(row0: list[int], flags: list[int]) -> dict[str, Any]:
    return {
        "variant": "lombardorum",
        "board": [row0, [0, 15] + [0] * 12],
        "flags": flags,
        "on_roll": 0,
        "phase": "roll",
    }


def el_mundo(rows: list[dict[int, int]], flags: list[int], **fields: Any) -> dict[str, Any]:
    board, hand = [], []
    for counts in rows:
        row = [0] * 20
        for pos, n in counts.items():
            row[pos] = n
        board.append(row)
        hand.append(12 - sum(row))
    return {"variant": "el_mundo", "board": board, "hand": hand, "flags": flags, **fields}


def refused(state: dict[str, Any], *words: str) -> None:
    with pytest.raises(RulesError) as caught:
        state_from_json(state)
    message = str(caught.value)
    for word in words:
        assert word in message, message


def accepted(state: dict[str, Any]) -> dict[str, Any]:
    again = state_to_json(state_from_json(state))
    assert state_to_json(state_from_json(again)) == again
    return again


# -- flags ------------------------------------------------------------------------------


def test_flags_are_refused_in_a_variant_that_keeps_none():
    refused(backgammon(flags=[1, 0]), "no flags")
    accepted(backgammon(flags=[0, 0]))


def test_lombardorum_keeps_only_the_start_point_emptied_flag():
    row = [0, 14, 1] + [0] * 11
    refused(lombardorum(row, [2, 0]), "only flag")
    refused(lombardorum(row, [1, 0]), "emptied and holds 14")
    accepted(lombardorum(row, [0, 0]))


def test_lombardorum_start_point_empty_without_its_flag_is_read_as_earlier_versions_saved_it():
    emptied = [0, 0, 2, 1, 1, 1, 10, 0, 0, 0, 0, 0, 0, 0]
    accepted(lombardorum(emptied, [1, 0]))
    accepted(lombardorum(emptied, [0, 0]))  # (the rule asks the board: pos 1 is empty)


def test_el_mundo_flags_hold_turns_up_to_four_and_places_only_when_playing_on():
    entered = [{1: 1}, {1: 1}, {1: 1}, {1: 1}]
    accepted(el_mundo(entered, [1, 1, 1, 1], on_roll=0, phase="roll"))
    refused(el_mundo(entered, [5, 1, 1, 1], on_roll=0, phase="roll"), "turns taken")
    refused(el_mundo(entered, [1 | 64, 1, 1, 1], on_roll=0, phase="roll"), "turns taken")
    moved = [{7: 1}, {7: 1}, {7: 1}, {7: 1}]
    refused(el_mundo(moved, [4 | 16, 4, 4, 4], on_roll=1, phase="roll"), "does not give")
    play_on = {"play_on": True}
    refused(el_mundo(moved, [4 | 8, 4, 4, 4], on_roll=1, phase="roll", options=play_on), "still")
    done = [{19: 12}, {7: 1}, {7: 1}, {7: 1}]
    accepted(el_mundo(done, [4 | 8, 4, 4, 4], on_roll=1, phase="roll", options=play_on))
    refused(el_mundo(done, [4, 4, 4, 4], on_roll=1, phase="roll", options=play_on), "no place")
    # Without playing on, the first side home still takes place 1, and the game is over.
    single = {"kind": "single", "points": 1, "winner": 0, "termination": "borne_off"}
    over = {"on_roll": 1, "phase": "over", "result": single, "match": {"score": [1, 0, 0, 0]}}
    accepted(el_mundo(done, [4 | 8, 4, 4, 4], **over))


def test_el_mundo_men_only_enter_during_the_first_four_rounds():
    refused(el_mundo([{9: 1}, {}, {}, {}], [1, 1, 1, 1], on_roll=0, phase="roll"), "only enter")
    accepted(el_mundo([{9: 1}, {}, {}, {}], [4, 4, 4, 4], on_roll=0, phase="roll"))


def test_el_mundo_turns_go_round_the_table_from_the_starter():
    entered = [{1: 1}, {1: 1}, {1: 1}, {}]
    # Side 1 opened (the highest die); sides 1 and 2 have had a turn: side 3's turn.
    opening = {"opening": [2, 6, 3, 1], "on_roll": 3, "phase": "roll", "turn": 2}
    accepted(el_mundo([{}, {1: 1}, {1: 1}, {}], [0, 1, 1, 0], **opening))
    refused(el_mundo(entered, [1, 1, 1, 0], **opening), "opening the game")
    refused(el_mundo(entered, [1, 0, 1, 0], on_roll=3, phase="roll"), "round the table")


# -- the opening throw -----------------------------------------------------------------------


def test_a_tied_opening_throw_is_refused():
    refused(backgammon(opening=[4, 4], turn=3, on_roll=1), "tie")
    accepted(backgammon(opening=[4, 3], turn=3, on_roll=1))


def test_the_side_on_roll_follows_from_the_opening_and_the_plays_made():
    # Side 0 threw the higher die and opened; after 3 plays side 1 is on roll.
    refused(backgammon(opening=[6, 1], turn=3, on_roll=0), "side 1 is on roll")
    refused(lombardorum([0, 15] + [0] * 12, [0, 0]) | {"opening": [1, 6], "turn": 0}, "side 1")


def test_backgammon_s_first_play_is_of_the_opening_throw():
    first = backgammon(opening=[6, 1], turn=0, phase="move", dice=[6, 1])
    accepted(first)
    refused({**first, "dice": [5, 2]}, "opening throw")
    refused(backgammon(opening=[6, 1], turn=0), "no roll is due")
    refused({**first, "cube": {"value": 2, "owner": 1}}, "before the first play")


def test_anglicorum_s_constant_six_is_among_the_dice():
    state = {
        "variant": "anglicorum",
        "options": {"third_die": "six"},
        "board": [[0, 15] + [0] * 24, [0, 15] + [0] * 24],
        "on_roll": 0,
        "phase": "move",
    }
    accepted({**state, "dice": [3, 1, 6]})
    refused({**state, "dice": [3, 1, 2]}, "adds [6]")


def test_men_are_not_off_while_men_of_the_side_wait_in_hand():
    row = [0] * 38
    row[37] = 1  # one man off, fourteen in hand
    state = {
        "variant": "duodecim",
        "board": [row, [0] * 38],
        "hand": [14, 15],
        "on_roll": 0,
        "phase": "roll",
    }
    refused(state, "men off and men in hand")


# -- the match --------------------------------------------------------------------------------


@pytest.mark.parametrize("score", [[5, 0], [0, 7]])
def test_a_score_at_or_past_the_match_length_is_refused_in_a_game_going(score):
    refused(backgammon(match=match(score, done=True)), "already over")


@pytest.mark.parametrize(
    ("score", "crawford", "done", "words"),
    [
        ([4, 0], False, False, "Crawford"),  # the game after one side reached 4 is Crawford
        ([0, 0], True, False, "first after"),
        ([4, 4], True, False, "first after"),  # both at 4: the Crawford game was played
        ([2, 3], False, True, "not yet played"),
        ([4, 1], True, True, "and come after it"),
    ],
)
def test_crawford_fields_that_contradict_the_score_are_refused(score, crawford, done, words):
    refused(backgammon(match=match(score, crawford, done)), words)


@pytest.mark.parametrize(
    ("score", "crawford", "done"),
    [([4, 0], True, False), ([2, 4], True, False), ([4, 2], False, True), ([4, 4], False, True)],
)
def test_crawford_and_post_crawford_games_that_the_score_calls_for_are_read(score, crawford, done):
    accepted(backgammon(match=match(score, crawford, done)))


def test_crawford_fields_are_refused_where_the_options_have_no_crawford_game():
    money = {"length": 0, "score": [3, 1], "crawford": True, "crawford_done": False}
    refused(backgammon(options={"match_length": 0}, match=money), "money")
    no_rule = backgammon(options={"match_length": 5, "crawford": False}, match=match([4, 0], True))
    refused(no_rule, "without the Crawford rule")
    accepted({**no_rule, "match": match([4, 0])})


def test_a_match_length_that_differs_from_the_option_is_refused():
    refused(backgammon(options={"match_length": 7}), "differs")
    # Without options naming it, the match length stands for the option.
    read = accepted({k: v for k, v in backgammon().items() if k != "options"})
    assert read["options"]["match_length"] == read["match"]["length"] == 5


def test_a_one_point_match_has_no_crawford_game():
    one = {"length": 1, "score": [0, 0], "crawford": False, "crawford_done": False}
    accepted(backgammon(options={"match_length": 1}, match=one))
    refused(backgammon(options={"match_length": 1}, match={**one, "crawford": True}), "1 point")


def test_a_match_id_of_a_post_crawford_game_is_read_as_one():
    # GNU Backgammon marks the Crawford game only; 6-3 in a 7-point match without the mark
    # is a game after it, where the trailer may double.
    after = match_id(MatchKey(match_length=7, score=(6, 3), on_roll=1, turn=1))
    read = accepted({"variant": "backgammon", "position_id": START_ID, "match_id": after})
    assert read["match"]["crawford_done"] is True and read["match_id"] == after
    crawford = match_id(MatchKey(match_length=7, score=(6, 3), on_roll=1, turn=1, crawford=True))
    read = accepted({"variant": "backgammon", "position_id": START_ID, "match_id": crawford})
    assert read["match"]["crawford"] is True and read["match_id"] == crawford


# -- the cube ---------------------------------------------------------------------------------


def test_a_turned_cube_is_refused_where_no_double_can_have_been_offered():
    turned = {"value": 2, "owner": 1}
    accepted(backgammon(cube=turned))
    refused(backgammon(options={"match_length": 5, "cube": False}, cube=turned), "without")
    refused(backgammon(cube=turned, match=match([4, 1], crawford=True)), "Crawford game")
    refused(backgammon(cube={"value": 1 << 15, "owner": 0}), "never goes past")


# -- the result --------------------------------------------------------------------------------


def over(result: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return backgammon(phase="over", result=result, winner=result["winner"], **fields)


def test_a_win_the_board_does_not_show_is_refused():
    single = {"kind": "single", "points": 1, "winner": 0, "termination": "borne_off"}
    refused(over(single, match=match([1, 0])), "contradicts the board")
    won = {"board": [OFF_ROW, START_ROW], "on_roll": 1}
    # Side 1's men all home, two in side 0's home board: a backgammon, not a single game.
    refused(over(single, match=match([1, 0]), **won), "shows side 0 wins, backgammon")
    accepted(over({**single, "kind": "backgammon", "points": 3}, match=match([3, 0]), **won))


def test_a_result_must_score_its_kind_times_the_cube():
    dropped = {"kind": "single", "points": 2, "winner": 0, "termination": "dropped"}
    cube = {"value": 2, "owner": 0}  # side 0 redoubled to 4; side 1 dropped
    accepted(over(dropped, cube=cube, match=match([2, 0])))
    refused(over({**dropped, "points": 1}, cube=cube, match=match([1, 0])), "scores 2 points")


def test_a_dropped_double_is_refused_where_no_double_could_be_offered():
    dropped = {"kind": "single", "points": 1, "winner": 0, "termination": "dropped"}
    refused(over(dropped, match=match([5, 0], crawford=True)), "no double could")
    # Side 1 owns the cube: side 0 cannot double.
    refused(over(dropped, cube={"value": 2, "owner": 1}, match=match([1, 0])), "no double")


def test_a_resignation_is_won_by_the_side_it_was_offered_to():
    resigned = {"kind": "gammon", "points": 2, "winner": 1, "termination": "resigned"}
    accepted(over(resigned, match=match([0, 2])))
    refused(over({**resigned, "winner": 0}, match=match([2, 0])), "contradicts")


def test_the_winner_s_score_includes_the_points_just_won():
    single = {"kind": "single", "points": 1, "winner": 1, "termination": "resigned"}
    refused(over(single, match=match([0, 0])), "less than the points")


# -- how far the men have come ------------------------------------------------------------


def tabula(counts: dict[int, int], turn: int, **fields: Any) -> dict[str, Any]:
    """Tabula after ``turn`` plays, side 0 having opened: side 0's men where ``counts``
    says (the rest in hand), side 1's all in hand."""
    row = [0] * 26
    for pos, n in counts.items():
        row[pos] = n
    state = {
        "variant": "tabula",
        "board": [row, [0] * 26],
        "hand": [15 - sum(counts.values()), 15],
        "opening": [6, 1],
        "turn": turn,
        "on_roll": turn % 2,
        "phase": "roll",
    }
    return {**state, **fields}


def test_men_further_along_than_the_plays_made_can_move_them_are_refused():
    # One play of three dice moves at most 18 pips: three men entered on pos 6.
    accepted(tabula({6: 3}, turn=1))
    refused(tabula({6: 3, 1: 1}, turn=1), "19 pips further along", "at most 18")
    refused(tabula({6: 3}, turn=1, on_roll=0, opening=[1, 6]), "side 0's men", "0 plays")
    accepted(tabula({6: 3, 1: 1}, turn=3))  # two plays of side 0: up to 36
    # Backgammon: one play of a double moves at most 24 pips (side 0's 24-point men home).
    moved = list(START_ROW)
    moved[1], moved[19] = 0, 7
    opened = {"opening": [6, 1], "turn": 1, "on_roll": 1, "board": [moved, START_ROW]}
    refused(backgammon(**opened), "36 pips", "at most 24")
    accepted(backgammon(**{**opened, "turn": 3}))
    # Without the opening throw the history is unknown: a pasted position is read.
    accepted(backgammon(board=[moved, START_ROW], on_roll=1))


def test_a_match_game_won_with_the_cube_high_reads_back_past_the_match_ids_15_bits():
    """24-0 in a match to 25 after the Crawford game, the cube on 16,384: a resigned
    backgammon scores 49,152, a score the Match ID cannot hold; the engine answers with
    the state (no Match ID) and reads it back."""
    from game.engine import handle

    state = backgammon(
        options={"match_length": 25},
        cube={"value": 1 << 14, "owner": 0},
        match={"length": 25, "score": [24, 0], "crawford": False, "crawford_done": True},
        on_roll=1,
    )
    offered = handle({"cmd": "play", "state": state, "notation": "resign backgammon"})
    over = handle({"cmd": "play", "state": offered["state"], "notation": "accept"})
    assert over["ok"], over
    assert over["state"]["match"]["score"] == [24 + 3 * (1 << 14), 0]
    assert "match_id" not in over["state"]
    assert accepted(over["state"]) == over["state"]
