"""The engine protocol is language-neutral: whatever language the window has set in the
same process, every answer is word for word the English one (its error texts, the cube's
action, the analysis's grades and notes). The pseudo-language changes every text that
goes through the catalogue, so any text leaking into an answer is caught."""

from __future__ import annotations

import dataclasses
import json

from study_games import played_game  # tests/study is on the path

from game import i18n
from game.engine import handle_line

MONEY = {"cmd": "new", "variant": "backgammon", "options": {"cube": True}, "seed": 3}


def requests() -> list[dict]:
    replay, _ = played_game("backgammon", 2, max_entries=6)
    state = handle_line(json.dumps(MONEY))["state"]
    return [
        {"cmd": "variants"},
        MONEY,
        {"cmd": "hint", "state": state, "count": 2},
        {"cmd": "best", "state": state, "level": "expert", "seed": 1},
        {"cmd": "play", "state": state, "notation": "24/1"},  # not legal: refused
        {"cmd": "castle"},  # unknown: refused
        {"cmd": "analyse", "replay": dataclasses.replace(replay, result=None).to_json()},
    ]


def answers(asked: list[dict]) -> list[dict]:
    out = [handle_line(json.dumps(request)) for request in asked]
    for answer in out:
        answer.pop("ms", None)  # (the thinking time is the clock's)
        if "move" in answer:
            answer["move"].pop("ms", None)
    return out


def test_every_answer_is_the_english_one_whatever_the_window_speaks() -> None:
    asked = requests()
    english = answers(asked)
    assert [a["ok"] for a in english] == [True, True, True, True, False, False, True]
    try:
        i18n.set_language(i18n.PSEUDO)  # (it changes every text of the catalogue)
        assert answers(asked) == english
    finally:
        i18n.set_language(i18n.ENGLISH)
