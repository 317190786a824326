"""The engine protocol's finer points (docs/ENGINE.md), through ``game.engine.handle`` in
process: ids, strict JSON, states and Match IDs read back, the cube and resignations,
the trained levels, hint and best in every game. Several pin bugs once found here (a
huge number, bytes that are not UTF-8, ids on refusals, states read from Match IDs).
"""

from __future__ import annotations

import base64
import io
import json
from typing import Any

import pytest

# tests/ is on the path (conftest's folder)
from engine_talk import (
    BLOCKED,
    MONEY_ROLL,
    OPENING_31,
    ROLL_PHASE,
    ROOT,
    START_ID,
    START_ROW,
    board_row,
    board_state,
    dropped_money_game,
    legal_request,
    ok,
    over_match_state,
    parse_answer,
    play_request,
    refused,
)

from game.engine import handle, serve
from game.rules.serial import state_from_json, state_to_json
from game.rules.variants import VARIANTS


def test_an_id_is_echoed_with_the_answer():
    answer = ok({"cmd": "legal", "state": OPENING_31, "id": {"seq": 3}})
    assert answer["id"] == {"seq": 3}


def test_an_id_is_echoed_with_a_refusal_too():
    for request in ({"cmd": "castle", "id": 5}, {"cmd": "legal", "id": 6}):
        answer = handle(request)
        assert answer["ok"] is False and answer.get("id") == request["id"]


def test_every_answer_line_is_strict_json_even_for_a_nan_id():
    out = io.StringIO()
    serve(['{"cmd": "variants", "id": NaN}\n'], out)
    parse_answer(out.getvalue())


def test_options_that_are_not_an_object_are_refused_even_when_empty():
    for options in ([], 0, False, ""):
        refused({"cmd": "new", "variant": "backgammon", "options": options})


def test_legal_results_match_gnubg_for_the_reference_positions():
    path = ROOT / "tests" / "data" / "backgammon-legal.jsonl"
    records = [json.loads(line) for line in path.read_text().splitlines()[:40]]
    for record in records:
        state = {"variant": "backgammon", "position_id": record["position_id"]}
        moves = ok(legal_request({**state, "dice": record["dice"]}))["moves"]
        if not record["results"]:
            assert [move["notation"] for move in moves] == ["pass"], record
            continue
        got = [move["state"]["position_id"] for move in moves]
        assert sorted(got) == record["results"], record


def test_legal_offers_exactly_one_pass_when_nothing_can_move():
    (move,) = ok(legal_request(BLOCKED))["moves"]
    assert move["notation"] == "pass"
    after = move["state"]
    assert (after["phase"], after["to_act"], after["turn"]) == ("roll", 1, 1)
    assert after["board"] == BLOCKED["board"]


def test_play_pass_hands_the_turn_over_when_nothing_can_move():
    after = ok(play_request(BLOCKED, "pass"))["state"]
    assert after == ok(legal_request(BLOCKED))["moves"][0]["state"]


def test_every_play_of_legal_can_be_played_back_by_its_notation():
    for move in ok(legal_request(OPENING_31))["moves"]:
        assert ok(play_request(OPENING_31, move["notation"]))["state"] == move["state"]


def test_new_with_different_seeds_throws_different_openings():
    openings = {
        tuple(ok({"cmd": "new", "variant": "backgammon", "seed": s})["state"]["opening"])
        for s in range(20)
    }
    assert len(openings) > 1


def test_new_takes_the_options_it_is_given():
    options = {"match_length": 5, "jacoby": True}
    state = ok({"cmd": "new", "variant": "backgammon", "options": options, "seed": 1})["state"]
    assert state["options"]["match_length"] == 5 and state["options"]["jacoby"] is True
    assert state["match"]["length"] == 5


def test_a_state_reads_back_from_its_json_unchanged_through_a_whole_game():
    state = ok({"cmd": "new", "variant": "backgammon", "seed": 8})["state"]
    for n in range(2000):
        assert state_to_json(state_from_json(state)) == state
        if state["phase"] == "over":
            break
        if state["phase"] == "roll":
            state = ok({"cmd": "roll", "state": state, "seed": n})["state"]
        else:
            state = ok({"cmd": "best", "state": state, "seed": n})["move"]["state"]
    assert state["phase"] == "over"


def test_a_money_game_in_play_reads_back_from_its_position_and_match_ids_alone():
    state = ok({"cmd": "new", "variant": "backgammon", "seed": 4})["state"]
    for n in range(60):
        compact = {k: state[k] for k in ("variant", "position_id", "match_id")}
        again = state_to_json(state_from_json(compact))
        for key in ("position_id", "match_id", "phase", "to_act", "on_roll", "board"):
            assert again[key] == state[key], (key, state)
        assert sorted(again["dice"]) == sorted(state["dice"])
        if state["phase"] == "roll":
            state = ok({"cmd": "roll", "state": state, "seed": n})["state"]
        else:
            state = ok({"cmd": "best", "state": state, "seed": n})["move"]["state"]
        if state["phase"] == "over":
            break


def _match_bits(match_id: str) -> list[int]:
    """Bits 0-65 of a Match ID, the fields the protocol lists."""
    raw = base64.b64decode(match_id)
    return [(raw[i >> 3] >> (i & 7)) & 1 for i in range(66)]


@pytest.mark.parametrize(
    ("match_id", "length", "score", "cube", "on_roll", "dice"),
    [
        ("MAHqAAAAAAAE", 7, [0, 0], {"value": 1, "owner": None}, 0, [4, 2]),
        ("EQHqADAAEAAE", 7, [3, 2], {"value": 2, "owner": 1}, 0, [4, 2]),
        ("EYHqADAAEAAE", 7, [3, 2], {"value": 2, "owner": 1}, 0, [5, 2]),
        ("cIkFAAAAAAAA", 0, [0, 0], {"value": 1, "owner": None}, 1, [3, 1]),
        ("MAEAAAAAAAAA", 0, [0, 0], {"value": 1, "owner": None}, 0, []),
    ],
)
def test_a_match_id_gives_the_match_cube_and_dice(match_id, length, score, cube, on_roll, dice):
    state = state_to_json(
        state_from_json({"variant": "backgammon", "position_id": START_ID, "match_id": match_id})
    )
    assert state["match"]["length"] == length and state["match"]["score"] == score
    assert state["cube"] == cube
    assert (state["on_roll"], state["dice"]) == (on_roll, dice)
    assert state["phase"] == ("move" if dice else "roll")
    assert _match_bits(state["match_id"]) == _match_bits(match_id)


def test_a_state_read_from_a_7_point_match_id_can_be_played_on():
    state = {"variant": "backgammon", "position_id": START_ID, "match_id": "MAHqAAAAAAAE"}
    after = ok(play_request(state, "24/20 13/11"))["state"]  # 4-2
    assert after["options"]["match_length"] == after["match"]["length"] == 7
    ok({"cmd": "roll", "state": after, "seed": 1})


def test_a_resignation_offered_after_the_roll_reads_back_from_its_match_id():
    offer = ok(play_request(OPENING_31, "resign"))["state"]
    compact = {k: offer[k] for k in ("variant", "position_id", "match_id")}
    again = ok(legal_request(compact))
    assert [move["notation"] for move in again["moves"]] == ["accept", "reject"]


def test_a_match_id_of_a_finished_game_is_not_read_as_a_game_in_progress():
    offer = ok(play_request(ROLL_PHASE, "resign"))["state"]
    over = ok(play_request(offer, "accept"))["state"]
    compact = {k: over[k] for k in ("variant", "position_id", "match_id")}
    answer = handle({"cmd": "roll", "state": compact, "seed": 1})
    assert not answer["ok"] or answer["state"]["phase"] == "over", answer


def test_a_backgammon_state_with_men_in_hand_is_refused():
    # Backgammon has no hand; its Position ID cannot carry one.
    refused(
        legal_request(
            {**board_state(board_row(p1=1, p12=5, p17=3, p19=5), START_ROW), "hand": [1, 0]}
        )
    )


def test_a_take_phase_is_refused_where_no_double_can_be_offered():
    no_cube = {**ROLL_PHASE, "options": {"cube": False}, "phase": "take"}
    refused(legal_request(no_cube))


def test_beavers_when_allowed_redouble_to_4_for_the_doubled_side():
    state = {**MONEY_ROLL, "options": {"beavers": True}}
    offered = ok(play_request(state, "double"))["state"]
    notations = [move["notation"] for move in ok(legal_request(offered))["moves"]]
    assert sorted(notations) == ["beaver", "drop", "take"]
    beavered = ok(play_request(offered, "beaver"))["state"]
    assert beavered["cube"] == {"value": 4, "owner": 0}
    assert (beavered["phase"], beavered["to_act"]) == ("roll", 1)


def test_the_cube_owner_may_redouble_and_a_drop_then_costs_the_cube_value():
    owned = {**ROLL_PHASE, "cube": {"value": 2, "owner": 0}}
    redoubled = ok(play_request(owned, "double"))["state"]
    assert (redoubled["phase"], redoubled["to_act"]) == ("take", 1)
    dropped = ok(play_request(redoubled, "drop"))["state"]
    assert dropped["result"]["points"] == 2 and dropped["winner"] == 0


def test_an_accepted_resignation_of_a_gammon_scores_twice_the_cube():
    state = {**ROLL_PHASE, "cube": {"value": 2, "owner": 0}}
    offer = ok(play_request(state, "resign gammon"))["state"]
    assert offer["resign_offer"] == 2
    over = ok(play_request(offer, "accept"))["state"]
    assert over["result"]["kind"] == "gammon" and over["result"]["points"] == 4
    assert over["winner"] == 1


def test_best_answers_a_double_with_take_or_drop():
    offered = ok(play_request(MONEY_ROLL, "double"))["state"]
    move = ok({"cmd": "best", "state": offered, "seed": 1})["move"]
    assert move["notation"] in ("take", "drop")


def test_the_crawford_game_allows_no_double():
    over = over_match_state()
    over["match"]["score"] = [2, 0]
    crawford = ok({"cmd": "next", "state": over, "seed": 1})["state"]
    assert crawford["match"]["crawford"] is True
    refused(play_request({**crawford, "phase": "roll", "dice": []}, "double"))


def test_the_game_after_the_crawford_game_allows_a_double():
    match = {"length": 3, "score": [2, 0], "crawford_done": True}
    state = {**ROLL_PHASE, "options": {"match_length": 3}, "match": match}
    assert ok(play_request(state, "double"))["state"]["phase"] == "take"


def test_next_in_money_play_adds_up_the_score():
    following = ok({"cmd": "next", "state": dropped_money_game(), "seed": 1})["state"]
    assert following["match"] == {
        "length": 0,
        "score": [0, 1],
        "crawford": False,
        "crawford_done": False,
    }


def test_trained_levels_play_backgammon_through_best():
    from game.ai.players import weights_path

    if not weights_path("backgammon").is_file():
        pytest.skip("no trained backgammon network in assets/weights")
    legal = handle({"cmd": "legal", "state": OPENING_31})["moves"]
    for level in ("beginner", "intermediate", "advanced", "expert"):
        answer = handle({"cmd": "best", "state": OPENING_31, "level": level, "seed": 1})
        assert answer["ok"], answer
        assert answer["move"] in legal
        again = handle({"cmd": "best", "state": OPENING_31, "level": level, "seed": 1})
        assert again["move"] == answer["move"]


def test_a_level_a_variant_has_no_network_for_is_refused(monkeypatch):
    from game.ai import players

    monkeypatch.setattr(players, "network_for", lambda variant_id: None)
    state = {
        "variant": "lombardorum",
        "board": [[0, 15] + [0] * 12, [0, 15] + [0] * 12],
        "dice": [3, 1],
    }
    answer = handle({"cmd": "best", "state": state, "level": "expert"})
    assert not answer["ok"] and "trained evaluation" in answer["error"]
    assert handle({"cmd": "best", "state": state, "level": "novice"})["ok"]


def test_best_decides_in_every_phase_at_a_trained_level():
    from game.ai.players import has_levels

    if not has_levels("backgammon"):
        pytest.skip("no trained backgammon network in assets/weights")
    before = ok({"cmd": "best", "state": MONEY_ROLL, "level": "expert", "seed": 3})["move"]
    assert before["notation"] in ("double", "roll")
    if before["notation"] == "roll":
        assert before["state"]["phase"] == "move" and len(before["state"]["dice"]) == 2
    offered = ok(play_request(MONEY_ROLL, "double"))["state"]
    answer = ok({"cmd": "best", "state": offered, "level": "expert", "seed": 1})["move"]
    assert answer["notation"] in ("take", "drop", "beaver")
    resigned = ok(play_request(MONEY_ROLL, "resign gammon"))["state"]
    answer = ok({"cmd": "best", "state": resigned, "level": "advanced", "seed": 1})["move"]
    assert answer["notation"] in ("accept", "reject")


def test_hint_ranks_plays_and_analyses_the_cube():
    from game.ai.players import has_levels

    if not has_levels("backgammon"):
        pytest.skip("no trained backgammon network in assets/weights")
    hint = ok({"cmd": "hint", "state": OPENING_31, "count": 3})
    assert hint["unit"] == "points" and len(hint["moves"]) == 3
    assert hint["moves"][0]["loss"] == 0.0
    losses = [move["loss"] for move in hint["moves"]]
    assert losses == sorted(losses)
    legal = {m["notation"] for m in ok({"cmd": "legal", "state": OPENING_31})["moves"]}
    assert {m["notation"] for m in hint["moves"]} <= legal
    cube = ok({"cmd": "hint", "state": MONEY_ROLL})["cube"]
    assert set(cube) == {"no_double", "double_take", "double_pass", "action"}
    refused({"cmd": "hint", "state": OPENING_31, "count": 0})


# -- hint and best in every game (docs/ENGINE.md) ----------------------------------------


def _to_move(state: dict[str, Any]) -> dict[str, Any]:
    """The first state of ``state``'s game where the side on roll has dice to play."""
    while state["phase"] != "move":
        if state["phase"] == "roll":
            state = ok({"cmd": "roll", "state": state, "seed": 5})["state"]
        else:  # a die to name
            state = ok({"cmd": "play", "state": state, "notation": "choose 6"})["state"]
    return state


@pytest.mark.parametrize(
    ("game", "options"),
    [(v, {}) for v in VARIANTS]
    + [("tavli", {}), ("acey_deucey", {"cube": True}), ("backgammon", {"cube": False})],
)
def test_every_game_answers_hint_and_best_at_every_level(game, options):
    """docs/ENGINE.md: every game ships a trained evaluation, so ``hint`` ranks the plays
    of any of them (El Mundo's ``value`` a chance to win) and ``best`` answers at every
    level; before the roll ``hint`` analyses the cube only where the options play with it."""
    from game.ai.players import has_levels

    start = ok({"cmd": "new", "variant": game, "options": options, "seed": 3})["state"]
    assert has_levels(start["variant"]), start["variant"]
    moving = _to_move(start)
    hint = ok({"cmd": "hint", "state": moving, "count": 3})
    assert hint["unit"] == ("chance" if game == "el_mundo" else "points")
    legal = {move["notation"] for move in ok({"cmd": "legal", "state": moving})["moves"]}
    assert 1 <= len(hint["moves"]) <= 3 and {m["notation"] for m in hint["moves"]} <= legal
    for level in ("novice", "beginner", "intermediate", "advanced", "expert"):
        best = ok({"cmd": "best", "state": moving, "level": level, "seed": 1})["move"]
        assert best["notation"] in legal
    rolling = ok({"cmd": "legal", "state": start})["moves"][0]["state"] if start["dice"] else start
    assert rolling["phase"] == "roll"
    if options.get("cube", game == "backgammon"):
        assert set(ok({"cmd": "hint", "state": rolling})["cube"]) >= {"no_double", "action"}
    else:
        assert refused({"cmd": "hint", "state": rolling}) == "no hint in the roll phase"


def test_a_game_without_its_network_refuses_hint_and_the_trained_levels(untrained):
    state = _to_move(ok({"cmd": "new", "variant": untrained, "seed": 3})["state"])
    words = f"{untrained} does not have a trained evaluation yet"
    assert refused({"cmd": "hint", "state": state}) == words
    assert refused({"cmd": "best", "state": state, "level": "expert", "seed": 1}) == words
    assert ok({"cmd": "best", "state": state, "level": "novice", "seed": 1})["move"]
