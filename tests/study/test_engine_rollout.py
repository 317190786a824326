"""The engine's ``rollout`` request: game.study.rollout over the protocol, bounded, and
anything else refused with one line (docs/ENGINE.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from game.engine import MAX_ROLLOUT, handle, handle_line
from game.rules.serial import state_to_json
from game.study.rollout import rollout
from tests.study.test_position_rollout import bear_off

ROOT = Path(__file__).resolve().parents[2]


def test_rollout_answers_what_the_study_module_gives() -> None:
    state = bear_off()
    request = {"cmd": "rollout", "state": state_to_json(state), "games": 12, "seed": 4, "id": 3}
    answer = handle(request)
    assert answer["ok"] is True and answer["id"] == 3
    assert answer["rollout"] == json.loads(json.dumps(rollout(state, 12, 4).to_json()))
    assert handle(request) == answer  # same seed, same answer
    side = answer["rollout"]["sides"][0]
    assert side["ci95"][0] <= side["mean"] <= side["ci95"][1]


def test_rollout_refuses_what_it_cannot_play() -> None:
    good = state_to_json(bear_off())
    cases = [
        {"cmd": "rollout"},
        {"cmd": "rollout", "state": good, "games": MAX_ROLLOUT + 1},
        {"cmd": "rollout", "state": good, "games": 0},
        {"cmd": "rollout", "state": good, "games": "many"},
        {"cmd": "rollout", "state": good, "games": True},
        {"cmd": "rollout", "state": good, "games": 2, "seed": 1.5},
        {"cmd": "rollout", "state": {**good, "board": [good["board"][0], good["board"][0]]}},
    ]
    for request in cases:
        answer = handle_line(json.dumps(request))
        assert answer["ok"] is False, request
        assert answer["error"] and "\n" not in answer["error"]
        assert "internal error" not in answer["error"], answer["error"]
    assert "10,000" in handle(cases[1])["error"]


def test_the_engine_answers_a_rollout_on_one_line() -> None:
    lines = [
        json.dumps({"cmd": "rollout", "state": state_to_json(bear_off()), "games": 3}),
        json.dumps({"cmd": "rollout", "games": 3}),
    ]
    done = subprocess.run(
        [sys.executable, "-m", "game.engine"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=True,
    )
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["ok"] for a in answers] == [True, False]
    assert answers[0]["rollout"]["games"] == 3
