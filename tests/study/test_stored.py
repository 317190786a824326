"""An analysis kept as JSON reads back as it was, and anything else is refused with a
reason (the window drops it and analyses the game again); the key of a game."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest

from game.rules.replay import Replay
from game.study.analysis import Decision, GameAnalysis, Point
from game.study.stored import VERSION, analysis_from_json, replay_key


def sample(players: int = 2) -> GameAnalysis:
    decisions = (
        Decision(1, 0, "play", "13/7 8/7", "24/18 13/11", 0.0712, (6, 1), 14, 0.15),
        Decision(3, 1, "double", "Double", "No double", 0.02),
        Decision(4, 0, "take", "Pass", "Take", 0.31),
        Decision(6, 1, "play", "8/2", "8/2", 0.0, (6, 6), 1, -0.05),
    )
    even = 1 / players
    points = (
        Point(0, (even,) * players),
        Point(2, (0.7,) + (round(0.3 / (players - 1), 6),) * (players - 1)),
    )
    names = tuple(f"Side {i + 1}" for i in range(players))
    return GameAnalysis(
        "backgammon" if players == 2 else "el_mundo",
        players,
        names,
        decisions,
        (*points, Point(7, (1.0,) + (0.0,) * (players - 1))),
        True,
        {"winner": 0, "points": 1},
        ("a note",),
    )


@pytest.mark.parametrize("players", [2, 4])
def test_an_analysis_reads_back_as_it_was_written(players):
    analysis = sample(players)
    back = analysis_from_json(analysis.to_json())
    assert back == analysis
    assert back.to_json() == analysis.to_json()
    assert back.rating(0) == analysis.rating(0)


def test_unmeasured_luck_reads_back_unmeasured():
    analysis = dataclasses.replace(
        sample(),
        luck_measured=False,
        decisions=tuple(dataclasses.replace(d, luck=None) for d in sample().decisions),
    )
    assert analysis_from_json(analysis.to_json()).luck(0) is None


def damaged(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(sample().to_json())
    target = data
    for step in path[:-1]:
        target = target[step]
    if value is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


DELETE = object()
DAMAGES = [
    (("format",), "tabula-replay"),
    (("version",), VERSION + 1),
    (("version",), DELETE),
    (("variant",), 7),
    (("players",), 1),
    (("players",), True),
    (("sides",), []),
    (("sides", 0, "name"), None),
    (("sides", 0, "name"), "x" * 1000),
    (("decisions",), {"a": 1}),
    (("decisions", 0), "play"),
    (("decisions", 0, "kind"), "resign"),
    (("decisions", 0, "entry"), -1),
    (("decisions", 0, "entry"), 9),  # after the next one: out of order
    (("decisions", 0, "side"), 2),
    (("decisions", 0, "loss"), -0.5),
    (("decisions", 0, "loss"), float("nan")),
    (("decisions", 0, "loss"), "0.07"),
    (("decisions", 0, "dice"), [6, "1"]),
    (("decisions", 0, "luck"), float("inf")),
    (("decisions", 0, "choices"), 2.5),
    (("chances",), []),
    (("chances", 0, "chances"), [0.5]),
    (("chances", 0, "chances"), [1.5, -0.5]),
    (("chances", 1, "state"), 0),
    (("result",), "won"),
    (("notes",), [None]),
]


# Ids the same in every worker process (DELETE's repr holds its address).
@pytest.mark.parametrize(
    ("path", "value"), DAMAGES, ids=lambda v: "deleted" if v is DELETE else repr(v)[:30]
)
def test_every_damage_is_refused_with_a_reason(path, value):
    with pytest.raises(ValueError, match=r"\w"):
        analysis_from_json(damaged(path, value))


@pytest.mark.parametrize("value", [None, [], "analysis", 3])
def test_what_is_not_an_object_is_refused(value):
    with pytest.raises(ValueError):
        analysis_from_json(value)


def test_the_key_is_the_game_not_what_is_said_of_it():
    replay = Replay("backgammon", {}, 11, ({"action": "roll", "dice": [3, 1]},))
    said = dataclasses.replace(replay, extra={"played": "2026-12-04 10:00"})
    assert replay_key(said) == replay_key(replay)
    assert replay_key(dataclasses.replace(replay, seed=12)) != replay_key(replay)
    other = dataclasses.replace(replay, plays=({"action": "roll", "dice": [3, 2]},))
    assert replay_key(other) != replay_key(replay)
