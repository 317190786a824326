"""Talking to the engine in the protocol's tests (docs/ENGINE.md): the positions they
start from, a real ``python -m game.engine`` process asked one request at a time, and
``game.engine.handle`` in process. tests/ is on the path (conftest's folder).
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, Any

from game.engine import handle

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


def board_row(**counts: int) -> list[int]:
    """A backgammon board row: ``board_row(p1=2, p12=5)`` puts 2 men on pos 1 and 5 on pos 12."""
    row = [0] * 26
    for name, n in counts.items():
        row[int(name[1:])] = n
    return row


# Side 0 on roll with a man on the bar against a closed board: nothing can move.
BLOCKED = {
    "variant": "backgammon",
    "board": [
        board_row(p0=1, p13=14),
        board_row(p18=3, p19=2, p20=2, p21=2, p22=2, p23=2, p24=2),
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


def over_match_state() -> dict[str, Any]:
    """A 3-point match that side 0 has just won."""
    return {
        "variant": "backgammon",
        "options": {"match_length": 3},
        "position_id": START_ID,
        "match": {"length": 3, "score": [3, 0]},
        "result": {"kind": "single", "points": 1, "winner": 0, "termination": "dropped"},
    }


def board_state(*rows: list[int]) -> dict[str, Any]:
    return {"variant": "backgammon", "board": list(rows), "dice": [3, 1]}


def legal_request(state: Any) -> dict[str, Any]:
    return {"cmd": "legal", "state": state}


def play_request(state: Any, notation: Any) -> dict[str, Any]:
    return {"cmd": "play", "state": state, "notation": notation}
