"""The move list's lines, from a game's record."""

from __future__ import annotations

import random

from game.play.record import record_lines
from game.rules import actions as a
from game.rules import find_variant
from game.rules import match as m


def test_plays_cube_and_resignations_read_as_lines():
    log = [
        {"side": 0, "action": "play", "dice": [3, 1], "play": "8/5 6/5"},
        {"side": 1, "action": "roll", "dice": [6, 5]},
        {"side": 1, "action": "play", "dice": [6, 5], "play": "24/13"},
        {"side": 0, "action": "double"},
        {"side": 1, "action": "take"},
        {"side": 0, "action": "resign", "level": 2},
        {"side": 1, "action": "reject"},
        {"side": 1, "action": "concede"},
    ]
    assert record_lines(log, ("Ivory", "Crimson")) == [
        "Ivory 3-1: 8/5 6/5",
        "Crimson 6-5: 24/13",
        "Ivory doubles",
        "Crimson takes",
        "Ivory offers to resign a gammon",
        "Crimson refuses the resignation",
        "Crimson concedes",
    ]


def test_every_play_of_a_game_has_its_line():
    rng = random.Random(2)
    state = m.new_game(find_variant("backgammon"), rng)
    log = []
    while not state.is_over and len(log) < 60:
        if state.phase is m.Phase.ROLL:
            action: a.Action = a.throw(state, rng)
        else:
            action = a.Move(rng.choice(m.legal_plays(state)))
        log.append(a.action_to_json(state, action))
        state = a.apply_action(state, action)
    lines = record_lines(log, ("Ivory", "Crimson"))
    assert len(lines) == sum(1 for e in log if e["action"] == "play")
