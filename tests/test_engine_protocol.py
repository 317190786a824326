"""The engine protocol (docs/ENGINE.md): one JSON request a line in, one JSON answer a line out.

A real ``python -m game.engine`` process serves a session of every request and
a batch of malformed lines; the finer points go through ``game.engine.handle``
in process. The tests near the end pin bugs this file once found (a huge
number, bytes that are not UTF-8, ids on refusals, states read from Match IDs).
"""

from __future__ import annotations

import base64
import io
import json
import os
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest

from game.engine import handle, serve
from game.rules.serial import state_from_json, state_to_json
from game.rules.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[1]
ENGINE = [sys.executable, "-m", "game.engine"]
TIMEOUT = 60  # seconds; a hung engine fails the test instead of hanging the suite

START_ID = "4HPwATDgc/ABMA"  # the opening position (either side on roll)
AFTER_8_5_6_5 = "sGfwATDgc/ABMA"  # after 3-1 played 8/5 6/5, the opponent on roll
START_ROW = [0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 3, 0, 5, 0, 0, 0, 0, 0, 0]

OPENING_31 = {"variant": "backgammon", "position_id": START_ID, "dice": [3, 1]}
ROLL_PHASE = {"variant": "backgammon", "position_id": START_ID}  # side 0 to roll, money play
# Money play, side 1 to roll after side 0 opened 8/5 6/5; the cube is centred.
MONEY_ROLL = {"variant": "backgammon", "position_id": AFTER_8_5_6_5, "on_roll": 1}

# GNU Backgammon's results of every opening 3-1 (tests/data/backgammon-legal.jsonl).
OPENING_31_RESULTS = {
    "0FfwATDgc/ABMA",
    "0GfwASjgc/ABMA",
    "0HPiATDgc/ABMA",
    "0HPwASLgc/ABMA",
    "4GviATDgc/ABMA",
    "4GvwASLgc/ABMA",
    "4HPhATDgc/ABMA",
    "4HPiASjgc/ABMA",
    "4HPwARLgc/ABMA",
    "4HPwASHgc/ABMA",
    "pHPwATDgc/ABMA",
    "sGfwATDgc/ABMA",
    "wnPwATDgc/ABMA",
    "xGvwATDgc/ABMA",
    "xHPwASjgc/ABMA",
    "yGfwATDgc/ABMA",
}

POINTS = {"single": 1, "gammon": 2, "backgammon": 3}


def _row(**counts: int) -> list[int]:
    """A backgammon board row: ``_row(p1=2, p12=5)`` puts 2 men on pos 1 and 5 on pos 12."""
    row = [0] * 26
    for name, n in counts.items():
        row[int(name[1:])] = n
    return row


# Side 0 on roll with a man on the bar against a closed board: nothing can move.
BLOCKED = {
    "variant": "backgammon",
    "board": [
        _row(p0=1, p13=14),
        _row(p18=3, p19=2, p20=2, p21=2, p22=2, p23=2, p24=2),
    ],
    "on_roll": 0,
    "dice": [6, 5],
}


# -- talking to a real engine ----------------------------------------------------


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def parse_answer(line: str) -> dict[str, Any]:
    """One answer line: strict JSON (no NaN), an object with a boolean ``ok``."""
    assert line.endswith("\n"), f"an answer must end its line: {line!r}"
    answer = json.loads(line, parse_constant=_no_constant)
    assert isinstance(answer, dict), f"an answer must be an object: {line!r}"
    assert isinstance(answer.get("ok"), bool), f"an answer must have a boolean 'ok': {line!r}"
    if not answer["ok"]:
        error = answer.get("error")
        assert isinstance(error, str) and error.strip(), f"a refusal needs an error: {line!r}"
        assert "\n" not in error, f"an error is one line: {error!r}"
    return answer


def run_engine(text: str | bytes, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Feed ``text`` to a fresh engine and wait for it to end."""
    return subprocess.run(
        ENGINE,
        input=text,
        capture_output=True,
        cwd=ROOT,
        timeout=TIMEOUT,
        text=isinstance(text, str),
        env=env,
    )


class EngineProcess:
    """A running ``python -m game.engine`` asked one request at a time.

    Each answer is read before the next request is written, so an engine that
    does not flush at once, or answers a line with anything but one line,
    fails here.
    """

    def __init__(self, stderr: IO[str]) -> None:
        self.stderr = stderr
        self.proc = subprocess.Popen(
            ENGINE,
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
            text=True,
            encoding="utf-8",
        )
        self.watchdog = threading.Timer(TIMEOUT, self.proc.kill)
        self.watchdog.daemon = True
        self.watchdog.start()

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        assert line, f"the engine gave no answer to {request!r}; stderr: {self.errors()}"
        return parse_answer(line)

    def ok(self, request: dict[str, Any]) -> dict[str, Any]:
        answer = self.ask(request)
        assert answer["ok"], f"{request!r} was refused: {answer['error']}"
        return answer

    def state(self, request: dict[str, Any]) -> dict[str, Any]:
        return self.ok(request)["state"]

    def errors(self) -> str:
        self.stderr.seek(0)
        return self.stderr.read()

    def close(self) -> tuple[int, str]:
        """End the input; the exit status and whatever stdout still held."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.close()
        rest = self.proc.stdout.read()
        status = self.proc.wait(timeout=TIMEOUT)
        self.watchdog.cancel()
        return status, rest


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


def ok(request: dict[str, Any]) -> dict[str, Any]:
    """``handle`` in process, which must serve the request."""
    answer = handle(request)
    assert answer["ok"], f"{request!r} was refused: {answer['error']}"
    return answer


def refused(request: dict[str, Any]) -> str:
    """``handle`` in process, which must refuse the request with a message."""
    answer = handle(request)
    assert answer["ok"] is False, f"{request!r} was served: {answer!r}"
    assert isinstance(answer["error"], str) and answer["error"].strip()
    return answer["error"]


def dropped_money_game() -> dict[str, Any]:
    """A money game just ended by a dropped double (made in process)."""
    offered = ok({"cmd": "play", "state": MONEY_ROLL, "notation": "double"})["state"]
    return ok({"cmd": "play", "state": offered, "notation": "drop"})["state"]


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


def _over_match_state() -> dict[str, Any]:
    """A 3-point match that side 0 has just won."""
    return {
        "variant": "backgammon",
        "options": {"match_length": 3},
        "position_id": START_ID,
        "match": {"length": 3, "score": [3, 0]},
        "result": {"kind": "single", "points": 1, "winner": 0, "termination": "dropped"},
    }


def _board(*rows: list[int]) -> dict[str, Any]:
    return {"variant": "backgammon", "board": list(rows), "dice": [3, 1]}


def _legal(state: Any) -> dict[str, Any]:
    return {"cmd": "legal", "state": state}


def _play(state: Any, notation: Any) -> dict[str, Any]:
    return {"cmd": "play", "state": state, "notation": notation}


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
    ("state a string", _legal("backgammon")),
    ("state a list", _legal([START_ID])),
    ("state without a variant", _legal({"position_id": START_ID, "dice": [3, 1]})),
    ("state of an unknown variant", _legal({"variant": "chess", "dice": [3, 1]})),
    ("16 men on the board", _board(_row(p1=3, p12=5, p17=3, p19=5), START_ROW)),
    ("both sides on one point", _board(START_ROW, _row(p1=1, p12=5, p13=1, p17=3, p19=5))),
    ("a negative count", _board(_row(p1=3, p2=-1, p12=5, p17=3, p19=5), START_ROW)),
    ("a row one short", _board(START_ROW[:-1], START_ROW)),
    ("one row only", _board(START_ROW)),
    ("a count that is not a number", _board([*START_ROW[:-1], "0"], START_ROW)),
    ("board not a list", {"variant": "backgammon", "board": "start", "dice": [3, 1]}),
    ("a won position without a result", _board(_row(p25=15), START_ROW)),
    ("dice out of range", _legal({**OPENING_31, "dice": [7, 1]})),
    ("a die of 0", _legal({**OPENING_31, "dice": [0, 1]})),
    ("three dice for backgammon", _legal({**OPENING_31, "dice": [3, 1, 2]})),
    ("one die for backgammon", _legal({**OPENING_31, "dice": [3]})),
    ("dice a string", _legal({**OPENING_31, "dice": "31"})),
    ("dice true", _legal({**OPENING_31, "dice": [True, 1]})),
    ("dice in the roll phase", _legal({**ROLL_PHASE, "phase": "roll", "dice": [3, 1]})),
    ("an unknown phase", _legal({**OPENING_31, "phase": "warmup"})),
    ("to_act not the side on roll", _legal({**OPENING_31, "on_roll": 0, "to_act": 1})),
    ("to_act out of range", _legal({**OPENING_31, "to_act": 2})),
    ("a result in the move phase", _legal({**OPENING_31, "phase": "move", "result": {}})),
    ("a cube of 3", _legal({**OPENING_31, "cube": {"value": 3, "owner": 0}})),
    ("seed a string", {"cmd": "roll", "state": ROLL_PHASE, "seed": "x"}),
    ("seed true", {"cmd": "roll", "state": ROLL_PHASE, "seed": True}),
    ("seed a fraction", {"cmd": "new", "variant": "backgammon", "seed": 1.5}),
    ("seed infinite", '{"cmd": "new", "variant": "backgammon", "seed": 1e999}'),
    ("dice by hand out of range", {"cmd": "roll", "state": ROLL_PHASE, "dice": [0, 7]}),
    ("dice by hand a string", {"cmd": "roll", "state": ROLL_PHASE, "dice": "66"}),
    ("dice by hand too many", {"cmd": "roll", "state": ROLL_PHASE, "dice": [6, 6, 6]}),
    ("a man moved 5 pips on a 3-1", _play(OPENING_31, "24/23/22/21/20/19")),
    ("13/7 on a 3-1", _play(OPENING_31, "13/7")),
    ("half a play of a 3-1", _play(OPENING_31, "24/21")),
    ("pass when a play exists", _play(OPENING_31, "pass")),
    ("unreadable notation: a word", _play(OPENING_31, "hello")),
    ("unreadable notation: 24/x", _play(OPENING_31, "24/x")),
    ("empty notation", _play(OPENING_31, "")),
    ("notation a number", _play(OPENING_31, 2421)),
    ("no notation", {"cmd": "play", "state": OPENING_31}),
    ("legal in the roll phase", _legal(ROLL_PHASE)),
    ("roll in the move phase", {"cmd": "roll", "state": OPENING_31, "seed": 1}),
    ("a play in the roll phase", _play(ROLL_PHASE, "8/5 6/5")),
    (
        "double when the opponent owns the cube",
        _play({**ROLL_PHASE, "cube": {"value": 2, "owner": 1}}, "double"),
    ),
    ("double after the roll", _play(OPENING_31, "double")),
    ("take without a double", _play(ROLL_PHASE, "take")),
    ("drop without a double", _play(OPENING_31, "drop")),
    ("accept without a resignation", _play(ROLL_PHASE, "accept")),
    ("resign at level 4", _play(ROLL_PHASE, "resign quadruple")),
    ("a position_id with bad characters", _legal({**OPENING_31, "position_id": "4HPwATDgc/AB!A"})),
    ("a position_id too short", _legal({**OPENING_31, "position_id": "4HPw"})),
    ("a position_id with 16 men a side", _legal({**OPENING_31, "position_id": "////////////AA"})),
    ("a position_id not a string", _legal({**OPENING_31, "position_id": 42})),
    ("a match_id with bad characters", _legal({**ROLL_PHASE, "match_id": "MAHq!AAAAAAE"})),
    ("a match_id too long", _legal({**ROLL_PHASE, "match_id": "MAHqAAAAAAAEA"})),
    ("an unknown level", {"cmd": "best", "state": OPENING_31, "level": "grandmaster"}),
    ("a level not a string", {"cmd": "best", "state": OPENING_31, "level": 3}),
    ("best when the game is over", {"cmd": "best", "state": _over_match_state()}),
    ("roll when the game is over", {"cmd": "roll", "state": _over_match_state()}),
    ("next before the game is over", {"cmd": "next", "state": ROLL_PHASE}),
    ("next after the match is won", {"cmd": "next", "state": _over_match_state()}),
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


# -- the finer points, in process ------------------------------------------------------


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
        moves = ok(_legal({**state, "dice": record["dice"]}))["moves"]
        if not record["results"]:
            assert [move["notation"] for move in moves] == ["pass"], record
            continue
        got = [move["state"]["position_id"] for move in moves]
        assert sorted(got) == record["results"], record


def test_legal_offers_exactly_one_pass_when_nothing_can_move():
    (move,) = ok(_legal(BLOCKED))["moves"]
    assert move["notation"] == "pass"
    after = move["state"]
    assert (after["phase"], after["to_act"], after["turn"]) == ("roll", 1, 1)
    assert after["board"] == BLOCKED["board"]


def test_play_pass_hands_the_turn_over_when_nothing_can_move():
    after = ok(_play(BLOCKED, "pass"))["state"]
    assert after == ok(_legal(BLOCKED))["moves"][0]["state"]


def test_every_play_of_legal_can_be_played_back_by_its_notation():
    for move in ok(_legal(OPENING_31))["moves"]:
        assert ok(_play(OPENING_31, move["notation"]))["state"] == move["state"]


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
    after = ok(_play(state, "24/20 13/11"))["state"]  # 4-2
    assert after["options"]["match_length"] == after["match"]["length"] == 7
    ok({"cmd": "roll", "state": after, "seed": 1})


def test_a_resignation_offered_after_the_roll_reads_back_from_its_match_id():
    offer = ok(_play(OPENING_31, "resign"))["state"]
    compact = {k: offer[k] for k in ("variant", "position_id", "match_id")}
    again = ok(_legal(compact))
    assert [move["notation"] for move in again["moves"]] == ["accept", "reject"]


def test_a_match_id_of_a_finished_game_is_not_read_as_a_game_in_progress():
    offer = ok(_play(ROLL_PHASE, "resign"))["state"]
    over = ok(_play(offer, "accept"))["state"]
    compact = {k: over[k] for k in ("variant", "position_id", "match_id")}
    answer = handle({"cmd": "roll", "state": compact, "seed": 1})
    assert not answer["ok"] or answer["state"]["phase"] == "over", answer


def test_a_backgammon_state_with_men_in_hand_is_refused():
    # Backgammon has no hand; its Position ID cannot carry one.
    refused(_legal({**_board(_row(p1=1, p12=5, p17=3, p19=5), START_ROW), "hand": [1, 0]}))


def test_a_take_phase_is_refused_where_no_double_can_be_offered():
    no_cube = {**ROLL_PHASE, "options": {"cube": False}, "phase": "take"}
    refused(_legal(no_cube))


def test_beavers_when_allowed_redouble_to_4_for_the_doubled_side():
    state = {**MONEY_ROLL, "options": {"beavers": True}}
    offered = ok(_play(state, "double"))["state"]
    notations = [move["notation"] for move in ok(_legal(offered))["moves"]]
    assert sorted(notations) == ["beaver", "drop", "take"]
    beavered = ok(_play(offered, "beaver"))["state"]
    assert beavered["cube"] == {"value": 4, "owner": 0}
    assert (beavered["phase"], beavered["to_act"]) == ("roll", 1)


def test_the_cube_owner_may_redouble_and_a_drop_then_costs_the_cube_value():
    owned = {**ROLL_PHASE, "cube": {"value": 2, "owner": 0}}
    redoubled = ok(_play(owned, "double"))["state"]
    assert (redoubled["phase"], redoubled["to_act"]) == ("take", 1)
    dropped = ok(_play(redoubled, "drop"))["state"]
    assert dropped["result"]["points"] == 2 and dropped["winner"] == 0


def test_an_accepted_resignation_of_a_gammon_scores_twice_the_cube():
    state = {**ROLL_PHASE, "cube": {"value": 2, "owner": 0}}
    offer = ok(_play(state, "resign gammon"))["state"]
    assert offer["resign_offer"] == 2
    over = ok(_play(offer, "accept"))["state"]
    assert over["result"]["kind"] == "gammon" and over["result"]["points"] == 4
    assert over["winner"] == 1


def test_best_answers_a_double_with_take_or_drop():
    offered = ok(_play(MONEY_ROLL, "double"))["state"]
    move = ok({"cmd": "best", "state": offered, "seed": 1})["move"]
    assert move["notation"] in ("take", "drop")


def test_the_crawford_game_allows_no_double():
    over = _over_match_state()
    over["match"]["score"] = [2, 0]
    crawford = ok({"cmd": "next", "state": over, "seed": 1})["state"]
    assert crawford["match"]["crawford"] is True
    refused(_play({**crawford, "phase": "roll", "dice": []}, "double"))


def test_the_game_after_the_crawford_game_allows_a_double():
    match = {"length": 3, "score": [2, 0], "crawford_done": True}
    state = {**ROLL_PHASE, "options": {"match_length": 3}, "match": match}
    assert ok(_play(state, "double"))["state"]["phase"] == "take"


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
    offered = ok(_play(MONEY_ROLL, "double"))["state"]
    answer = ok({"cmd": "best", "state": offered, "level": "expert", "seed": 1})["move"]
    assert answer["notation"] in ("take", "drop", "beaver")
    resigned = ok(_play(MONEY_ROLL, "resign gammon"))["state"]
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
