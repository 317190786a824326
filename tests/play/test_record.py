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


# One example of each action the board puts in words.
SPOKEN = (
    a.NameDie(4),
    a.Double(),
    a.Take(),
    a.Drop(),
    a.Beaver(),
    a.Accept(),
    a.Reject(),
    a.Resign(2),
    a.Concede(1),
)


def test_the_replay_says_what_the_table_says_but_for_its_own_few_words():
    from game.play.record import SAID
    from game.play.replaying import REPLAY_WORDS, replay_words

    assert {type(x) for x in SPOKEN} == set(SAID)
    assert set(REPLAY_WORDS) <= set(SAID)  # an override of nothing is a stale entry
    for action in SPOKEN:
        own = REPLAY_WORDS.get(type(action))
        expected = own.format(name="Ivory") if own else SAID[type(action)](action, "Ivory")
        assert replay_words(action, name="Ivory") == expected
    assert replay_words(a.Resign(2), name="Ivory") == "Ivory offers to resign a gammon"
    assert replay_words(a.NameDie(4), name="Ivory") == "Ivory names a 4"
    # Watched again: no "play on".
    assert replay_words(a.Reject(), name="Ivory") == "Ivory refuses"
