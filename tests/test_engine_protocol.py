"""The engine protocol (docs/ENGINE.md): one JSON request a line in, one JSON answer a line out.

A real ``python -m game.engine`` process serves a session of every request and
a batch of malformed lines. The finer points, through ``game.engine.handle`` in
process, are tests/test_engine_requests.py; both talk through tests/engine_talk.py.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest

# tests/ is on the path (conftest's folder)
from engine_talk import (
    AFTER_8_5_6_5,
    MONEY_ROLL,
    OPENING_31,
    OPENING_31_RESULTS,
    POINTS,
    ROLL_PHASE,
    START_ID,
    START_ROW,
    EngineProcess,
    board_row,
    board_state,
    dropped_money_game,
    legal_request,
    over_match_state,
    parse_answer,
    play_request,
    run_engine,
)


@pytest.fixture(scope="module")
def engine() -> Iterator[EngineProcess]:
    """One engine process for the whole session; it must end cleanly at end of input."""
    with tempfile.TemporaryFile(mode="w+") as stderr:
        process = EngineProcess(stderr)
        try:
            yield process
            status, rest = process.close()
            assert rest == "", f"stdout held more than one answer a request: {rest!r}"
            assert status == 0, f"exit status {status}; stderr: {process.errors()}"
        finally:
            if process.proc.poll() is None:
                process.proc.kill()
                process.proc.wait()


# -- a session of every request through a real process -------------------------------


def test_variants_lists_backgammon_with_each_option_default_and_values(engine):
    listing = engine.ok({"cmd": "variants"})["variants"]
    by_id = {v["id"]: v for v in listing}
    bg = by_id["backgammon"]
    assert (bg["name"], bg["players"], bg["dice"], bg["faces"]) == ("Backgammon", 2, 2, 6)
    assert {"match_length", "cube", "jacoby", "beavers", "crawford"} <= set(bg["options"])
    for name, spec in bg["options"].items():
        assert {"default", "values", "label", "description"} <= set(spec), name
        assert spec["default"] in spec["values"], name


def test_new_backgammon_starts_with_the_starters_opening_dice_set(engine):
    request = {"cmd": "new", "variant": "backgammon", "seed": 7}
    state = engine.state(request)
    assert state["position_id"] == START_ID
    assert state["phase"] == "move"
    assert state["to_act"] == state["on_roll"]
    assert len(state["dice"]) == 2 and state["dice"][0] != state["dice"][1]
    assert sorted(state["dice"]) == sorted(state["opening"])
    assert state["opening"][state["on_roll"]] == max(state["opening"])
    assert state["winner"] is None and state["result"] is None
    assert state["cube"] == {"value": 1, "owner": None}
    assert len(state["match_id"]) == 12
    assert engine.state(request) == state  # the same seed, the same game


def test_legal_lists_the_sixteen_plays_of_an_opening_3_1(engine):
    moves = engine.ok({"cmd": "legal", "state": OPENING_31})["moves"]
    assert len(moves) == 16
    notations = [move["notation"] for move in moves]
    assert len(set(notations)) == 16
    assert {move["state"]["position_id"] for move in moves} == OPENING_31_RESULTS
    after = {move["notation"]: move["state"] for move in moves}["8/5 6/5"]
    assert after["position_id"] == AFTER_8_5_6_5
    assert (after["phase"], after["to_act"], after["on_roll"], after["dice"]) == ("roll", 1, 1, [])


def test_play_8_5_6_5_makes_the_point_and_hands_the_roll_over(engine):
    state = engine.state({"cmd": "play", "state": OPENING_31, "notation": "8/5 6/5"})
    assert state["position_id"] == AFTER_8_5_6_5
    assert (state["phase"], state["to_act"], state["on_roll"]) == ("roll", 1, 1)
    assert state["dice"] == [] and state["turn"] == 1 and state["result"] is None


def test_roll_with_the_same_seed_throws_the_same_dice(engine):
    first = engine.state({"cmd": "roll", "state": MONEY_ROLL, "seed": 11})
    again = engine.state({"cmd": "roll", "state": MONEY_ROLL, "seed": 11})
    assert first == again
    assert first["phase"] == "move" and first["to_act"] == 1
    assert len(first["dice"]) == 2 and all(1 <= d <= 6 for d in first["dice"])
    assert first["position_id"] == AFTER_8_5_6_5


def test_roll_with_dice_thrown_by_hand_uses_those_dice(engine):
    state = engine.state({"cmd": "roll", "state": MONEY_ROLL, "dice": [6, 6]})
    assert state["dice"] == [6, 6] and state["phase"] == "move"


def test_best_novice_with_the_same_seed_chooses_the_same_legal_play(engine):
    request = {"cmd": "best", "state": OPENING_31, "level": "novice", "seed": 5}
    first = engine.ok(request)
    again = engine.ok(request)
    assert first["move"] == again["move"]
    assert isinstance(first["ms"], int | float) and first["ms"] >= 0
    legal = engine.ok({"cmd": "legal", "state": OPENING_31})["moves"]
    assert first["move"] in legal


def test_a_whole_game_of_novice_plays_and_rolls_ends_with_a_scored_result(engine):
    state = engine.state({"cmd": "new", "variant": "backgammon", "seed": 3})
    for n in range(2000):
        if state["phase"] == "over":
            break
        if state["phase"] == "roll":
            state = engine.state({"cmd": "roll", "state": state, "seed": n})
        else:
            assert state["phase"] == "move", state
            best = engine.ok({"cmd": "best", "state": state, "level": "novice", "seed": n})
            state = best["move"]["state"]
    result = state["result"]
    assert state["phase"] == "over", "the game did not end in 2000 requests"
    assert result["kind"] in POINTS and result["termination"] == "borne_off"
    assert state["winner"] in (0, 1) and result["winner"] == state["winner"]
    assert result["points"] == POINTS[result["kind"]]
    assert state["match"]["score"][state["winner"]] == result["points"]
    assert state["dice"] == []


def test_double_before_the_roll_asks_the_other_side_to_take_or_drop(engine):
    offered = engine.state({"cmd": "play", "state": MONEY_ROLL, "notation": "double"})
    assert (offered["phase"], offered["to_act"], offered["on_roll"]) == ("take", 0, 1)
    moves = engine.ok({"cmd": "legal", "state": offered})["moves"]
    assert sorted(move["notation"] for move in moves) == ["drop", "take"]


def test_take_turns_the_cube_to_2_owned_by_the_taker(engine):
    offered = engine.state({"cmd": "play", "state": MONEY_ROLL, "notation": "double"})
    taken = engine.state({"cmd": "play", "state": offered, "notation": "take"})
    assert taken["cube"] == {"value": 2, "owner": 0}
    assert (taken["phase"], taken["to_act"], taken["on_roll"]) == ("roll", 1, 1)


def test_drop_loses_the_game_for_one_point(engine):
    offered = engine.state({"cmd": "play", "state": MONEY_ROLL, "notation": "double"})
    dropped = engine.state({"cmd": "play", "state": offered, "notation": "drop"})
    assert dropped["phase"] == "over" and dropped["winner"] == 1
    assert dropped["result"] == {
        "kind": "single",
        "points": 1,
        "winner": 1,
        "termination": "dropped",
    }


def test_resign_then_accept_gives_the_accepting_side_the_game(engine):
    offer = engine.state({"cmd": "play", "state": MONEY_ROLL, "notation": "resign"})
    assert (offer["phase"], offer["to_act"], offer["resign_offer"]) == ("resign", 0, 1)
    moves = engine.ok({"cmd": "legal", "state": offer})["moves"]
    assert sorted(move["notation"] for move in moves) == ["accept", "reject"]
    accepted = engine.state({"cmd": "play", "state": offer, "notation": "accept"})
    assert accepted["phase"] == "over" and accepted["winner"] == 0
    assert accepted["result"] == {
        "kind": "single",
        "points": 1,
        "winner": 0,
        "termination": "resigned",
    }


def test_resign_then_reject_resumes_play_where_it_stood(engine):
    offer = engine.state({"cmd": "play", "state": OPENING_31, "notation": "resign"})
    assert offer["to_act"] == 1 and offer["resume"] == "move"
    rejected = engine.state({"cmd": "play", "state": offer, "notation": "reject"})
    assert (rejected["phase"], rejected["to_act"], rejected["dice"]) == ("move", 0, [3, 1])
    assert "resign_offer" not in rejected


def test_next_after_a_finished_match_game_starts_the_next_game_keeping_the_score(engine):
    state = engine.state(
        {"cmd": "new", "variant": "backgammon", "options": {"match_length": 3}, "seed": 2}
    )
    loser = state["on_roll"]
    offer = engine.state({"cmd": "play", "state": state, "notation": "resign gammon"})
    over = engine.state({"cmd": "play", "state": offer, "notation": "accept"})
    assert over["result"]["points"] == 2 and over["winner"] == 1 - loser
    score = over["match"]["score"]
    assert score[1 - loser] == 2 and score[loser] == 0

    request = {"cmd": "next", "state": over, "seed": 9}
    following = engine.state(request)
    assert following["match"]["length"] == 3 and following["match"]["score"] == score
    assert following["match"]["crawford"] is True  # the leader is a point from the match
    assert following["phase"] == "move" and following["result"] is None
    assert following["position_id"] == START_ID and following["turn"] == 0
    assert following["cube"] == {"value": 1, "owner": None}
    assert engine.state(request) == following


def test_the_engine_answers_every_line_with_one_line_and_exits_zero():
    requests = [
        {"cmd": "variants"},
        {"cmd": "new", "variant": "backgammon", "seed": 1},
        {"cmd": "legal", "state": OPENING_31},
        {"cmd": "play", "state": OPENING_31, "notation": "8/5 6/5"},
        {"cmd": "roll", "state": MONEY_ROLL, "seed": 4},
        {"cmd": "best", "state": OPENING_31, "seed": 4},
        {"cmd": "play", "state": MONEY_ROLL, "notation": "double"},
        {"cmd": "next", "state": dropped_money_game()},
    ]
    done = run_engine("".join(json.dumps(r) + "\n" for r in requests))
    assert done.returncode == 0, done.stderr
    assert done.stdout.endswith("\n")
    lines = done.stdout.splitlines(keepends=True)
    assert len(lines) == len(requests)
    for request, line in zip(requests, lines, strict=True):
        assert parse_answer(line)["ok"], (request, line)
    assert "Traceback" not in done.stderr


# -- malformed input through a real process --------------------------------------------


NESTED = "[" * 100_000

# (what is wrong, the request line): each must get ok:false and an error.
MALFORMED: list[tuple[str, str | dict[str, Any]]] = [
    ("not JSON: a lone brace", "{"),
    ("not JSON: a word", "hello"),
    ("not JSON: a trailing comma", '{"cmd": "variants",}'),
    ("JSON, not an object: a list", "[]"),
    ("JSON, not an object: a number", "42"),
    ("JSON, not an object: a string", '"x"'),
    ("JSON, not an object: null", "null"),
    ("an empty object", "{}"),
    ("deeply nested JSON", NESTED),
    ("a huge number", "1" * 4000),
    ("a number too big for a float", "1e999"),
    ("an unknown cmd", {"cmd": "castle"}),
    ("no cmd", {"variant": "backgammon"}),
    ("cmd a number", {"cmd": 7}),
    ("cmd a list", {"cmd": ["variants"]}),
    ("an unknown variant", {"cmd": "new", "variant": "chess"}),
    ("new without a variant", {"cmd": "new"}),
    ("variant not a string", {"cmd": "new", "variant": ["backgammon"]}),
    ("options a string", {"cmd": "new", "variant": "backgammon", "options": "cube"}),
    ("options a list", {"cmd": "new", "variant": "backgammon", "options": ["cube"]}),
    ("an unknown option", {"cmd": "new", "variant": "backgammon", "options": {"rake": 1}}),
    (
        "option out of range",
        {"cmd": "new", "variant": "backgammon", "options": {"match_length": 99}},
    ),
    ("option 1 for true", {"cmd": "new", "variant": "backgammon", "options": {"cube": 1}}),
    ("no state", {"cmd": "legal"}),
    ("state a string", legal_request("backgammon")),
    ("state a list", legal_request([START_ID])),
    ("state without a variant", legal_request({"position_id": START_ID, "dice": [3, 1]})),
    ("state of an unknown variant", legal_request({"variant": "chess", "dice": [3, 1]})),
    ("16 men on the board", board_state(board_row(p1=3, p12=5, p17=3, p19=5), START_ROW)),
    (
        "both sides on one point",
        board_state(START_ROW, board_row(p1=1, p12=5, p13=1, p17=3, p19=5)),
    ),
    ("a negative count", board_state(board_row(p1=3, p2=-1, p12=5, p17=3, p19=5), START_ROW)),
    ("a row one short", board_state(START_ROW[:-1], START_ROW)),
    ("one row only", board_state(START_ROW)),
    ("a count that is not a number", board_state([*START_ROW[:-1], "0"], START_ROW)),
    ("board not a list", {"variant": "backgammon", "board": "start", "dice": [3, 1]}),
    ("a won position without a result", board_state(board_row(p25=15), START_ROW)),
    ("dice out of range", legal_request({**OPENING_31, "dice": [7, 1]})),
    ("a die of 0", legal_request({**OPENING_31, "dice": [0, 1]})),
    ("three dice for backgammon", legal_request({**OPENING_31, "dice": [3, 1, 2]})),
    ("one die for backgammon", legal_request({**OPENING_31, "dice": [3]})),
    ("dice a string", legal_request({**OPENING_31, "dice": "31"})),
    ("dice true", legal_request({**OPENING_31, "dice": [True, 1]})),
    ("dice in the roll phase", legal_request({**ROLL_PHASE, "phase": "roll", "dice": [3, 1]})),
    ("an unknown phase", legal_request({**OPENING_31, "phase": "warmup"})),
    ("to_act not the side on roll", legal_request({**OPENING_31, "on_roll": 0, "to_act": 1})),
    ("to_act out of range", legal_request({**OPENING_31, "to_act": 2})),
    ("a result in the move phase", legal_request({**OPENING_31, "phase": "move", "result": {}})),
    ("a cube of 3", legal_request({**OPENING_31, "cube": {"value": 3, "owner": 0}})),
    ("seed a string", {"cmd": "roll", "state": ROLL_PHASE, "seed": "x"}),
    ("seed true", {"cmd": "roll", "state": ROLL_PHASE, "seed": True}),
    ("seed a fraction", {"cmd": "new", "variant": "backgammon", "seed": 1.5}),
    ("seed infinite", '{"cmd": "new", "variant": "backgammon", "seed": 1e999}'),
    ("dice by hand out of range", {"cmd": "roll", "state": ROLL_PHASE, "dice": [0, 7]}),
    ("dice by hand a string", {"cmd": "roll", "state": ROLL_PHASE, "dice": "66"}),
    ("dice by hand too many", {"cmd": "roll", "state": ROLL_PHASE, "dice": [6, 6, 6]}),
    ("a man moved 5 pips on a 3-1", play_request(OPENING_31, "24/23/22/21/20/19")),
    ("13/7 on a 3-1", play_request(OPENING_31, "13/7")),
    ("half a play of a 3-1", play_request(OPENING_31, "24/21")),
    ("pass when a play exists", play_request(OPENING_31, "pass")),
    ("unreadable notation: a word", play_request(OPENING_31, "hello")),
    ("unreadable notation: 24/x", play_request(OPENING_31, "24/x")),
    ("empty notation", play_request(OPENING_31, "")),
    ("notation a number", play_request(OPENING_31, 2421)),
    ("no notation", {"cmd": "play", "state": OPENING_31}),
    ("legal in the roll phase", legal_request(ROLL_PHASE)),
    ("roll in the move phase", {"cmd": "roll", "state": OPENING_31, "seed": 1}),
    ("a play in the roll phase", play_request(ROLL_PHASE, "8/5 6/5")),
    (
        "double when the opponent owns the cube",
        play_request({**ROLL_PHASE, "cube": {"value": 2, "owner": 1}}, "double"),
    ),
    ("double after the roll", play_request(OPENING_31, "double")),
    ("take without a double", play_request(ROLL_PHASE, "take")),
    ("drop without a double", play_request(OPENING_31, "drop")),
    ("accept without a resignation", play_request(ROLL_PHASE, "accept")),
    ("resign at level 4", play_request(ROLL_PHASE, "resign quadruple")),
    (
        "a position_id with bad characters",
        legal_request({**OPENING_31, "position_id": "4HPwATDgc/AB!A"}),
    ),
    ("a position_id too short", legal_request({**OPENING_31, "position_id": "4HPw"})),
    (
        "a position_id with 16 men a side",
        legal_request({**OPENING_31, "position_id": "////////////AA"}),
    ),
    ("a position_id not a string", legal_request({**OPENING_31, "position_id": 42})),
    ("a match_id with bad characters", legal_request({**ROLL_PHASE, "match_id": "MAHq!AAAAAAE"})),
    ("a match_id too long", legal_request({**ROLL_PHASE, "match_id": "MAHqAAAAAAAEA"})),
    ("an unknown level", {"cmd": "best", "state": OPENING_31, "level": "grandmaster"}),
    ("a level not a string", {"cmd": "best", "state": OPENING_31, "level": 3}),
    ("best when the game is over", {"cmd": "best", "state": over_match_state()}),
    ("roll when the game is over", {"cmd": "roll", "state": over_match_state()}),
    ("next before the game is over", {"cmd": "next", "state": ROLL_PHASE}),
    ("next after the match is won", {"cmd": "next", "state": over_match_state()}),
]


def _line(request: str | dict[str, Any]) -> str:
    return request if isinstance(request, str) else json.dumps(request)


def test_malformed_lines_are_each_refused_and_the_engine_reads_on():
    lines = [_line(request) for _, request in MALFORMED]
    lines += ["", "   \t", json.dumps({"cmd": "variants", "id": "req-42"}), '{"cmd": "variants"}']
    done = run_engine("\n".join(lines) + "\n")

    assert done.returncode == 0, done.stderr
    answers = [parse_answer(line) for line in done.stdout.splitlines(keepends=True)]
    # Every line gets exactly one answer, a blank one a refusal (a client waits for one).
    assert len(answers) == len(MALFORMED) + 4
    for (why, _), answer in zip([*MALFORMED, ("blank", ""), ("blanks", "")], answers, strict=False):
        assert answer["ok"] is False, f"{why}: served {answer!r}"
        assert not answer["error"].startswith("internal error"), f"{why}: {answer['error']}"
    assert answers[-2] == {**answers[-1], "id": "req-42"}
    assert answers[-1]["ok"] is True and "variants" in answers[-1]
    assert "Traceback" not in done.stderr, done.stderr


def test_a_number_too_long_to_convert_is_refused_and_the_engine_reads_on():
    lines = ["1" * 5000, '{"cmd": "variants", "seed": ' + "9" * 5000 + "}", '{"cmd": "variants"}']
    done = run_engine("\n".join(lines) + "\n")
    answers = [parse_answer(line) for line in done.stdout.splitlines(keepends=True)]
    assert [a["ok"] for a in answers] == [False, False, True]
    assert done.returncode == 0


def test_a_line_that_is_not_utf8_is_refused_and_the_engine_reads_on():
    # PYTHONIOENCODING=utf-8 reads stdin strictly, as a UTF-8 locale like en_US.UTF-8 does.
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    done = run_engine(b'{"cmd": "variants"}\n\xff\xfe\n{"cmd": "variants"}\n', env=env)
    answers = [parse_answer(line) for line in done.stdout.decode().splitlines(keepends=True)]
    assert [a["ok"] for a in answers] == [True, False, True]
    assert done.returncode == 0
