"""The engine's ``analyse`` request: a replay's game judged as ``python -m game.study``
judges it, and anything else refused with one line (docs/ENGINE.md)."""

from __future__ import annotations

import dataclasses
import json

from study_games import played_game  # tests/study is on the path

from game.engine import MAX_ANALYSED, handle, handle_line
from game.study.analysis import analyse_replay


def test_analyse_answers_what_the_study_module_gives() -> None:
    replay, _ = played_game("fevga", 2, max_entries=12)
    replay = dataclasses.replace(replay, result=None)
    answer = handle({"cmd": "analyse", "replay": replay.to_json(), "id": 7})
    assert answer["ok"] is True and answer["id"] == 7
    assert answer["analysis"] == json.loads(json.dumps(analyse_replay(replay).to_json()))


def test_analyse_refuses_what_it_cannot_judge() -> None:
    replay, _ = played_game("backgammon", 2, max_entries=6)
    good = dataclasses.replace(replay, result=None).to_json()
    broken = {**good, "plays": [*good["plays"][:2], {**good["plays"][2], "play": "24/1"}]}
    long = {**good, "plays": good["plays"] * (MAX_ANALYSED // len(good["plays"]) + 1)}
    cases = [
        {"cmd": "analyse"},
        {"cmd": "analyse", "replay": 5},
        {"cmd": "analyse", "replay": {"format": "tabula-replay", "version": 1}},
        {"cmd": "analyse", "replay": broken},
        {"cmd": "analyse", "replay": long},
    ]
    for request in cases:
        answer = handle_line(json.dumps(request))
        assert answer["ok"] is False, request
        assert answer["error"] and "\n" not in answer["error"]
        assert "internal error" not in answer["error"], answer["error"]
