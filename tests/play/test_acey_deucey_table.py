"""Acey-Deucey at the table (no window): a whole seeded game between computers goes
through the 1-2 chain, says each named double as a double ("names 3-3"), shows no dice
while it is named and the named double once named, and ends."""

from __future__ import annotations

import json
import random
import re

from tabletop import COMPUTERS, new_table, play_on  # tests/play on the path

from game.play import events as ev
from game.play.record import record_lines
from game.play.replaying import replay_auto, replay_words
from game.play.session import GameSetup
from game.play.table import replay_setup
from game.rules import actions as a
from game.rules import match as m
from game.rules.replay import replay_from_json
from game.rules.variants import find_variant


def test_a_seeded_computer_game_plays_the_1_2_chain_and_ends():
    table = new_table(GameSetup("acey_deucey", seats=COMPUTERS, seed=7))
    events = play_on(table)
    assert table.finished and table.state.is_over
    named = [e for e in events if isinstance(e, ev.Named)]
    assert named, "no 1-2 was thrown in the game (choose another seed)"
    said = [e.text for e in events if isinstance(e, ev.Said)]
    doubles = [t for t in said if re.search(r" names [1-6]-[1-6]$", t)]
    assert len(doubles) == len(named)
    assert not [t for t in said if " names a " in t]
    # Before each naming the dice are put away; after it the double is shown.
    for n, event in enumerate(events):
        if isinstance(event, ev.Named):
            before = [e for e in events[:n] if isinstance(e, ev.DiceShown)]
            assert before and before[-1].dice == ()
            assert ev.DiceShown((event.value, event.value)) in events[n : n + 3]
    lines = record_lines(table.log, ["Navy", "White"])
    assert sum(bool(re.search(r" names ([1-6])-\1$", line)) for line in lines) == len(named)


def test_the_move_list_says_a_die_named_after_a_throw_and_a_double_named_after_a_play():
    """Anglicorum names its third die after the throw ("names a 4"); Acey-Deucey names its
    double after playing the 1-2 ("names 4-4")."""
    thrown = [{"action": "roll", "side": 0, "dice": [6, 2]}, {"action": a.NameDie.name, "value": 4}]
    played = [
        {"action": "roll", "side": 0, "dice": [2, 1]},
        {"action": "play", "side": 0, "dice": [2, 1], "play": "bar/1 bar/2"},
        {"action": a.NameDie.name, "side": 0, "value": 4},
    ]
    assert record_lines(thrown, ["Ivory", "Crimson"])[-1] == "Ivory names a 4"
    assert record_lines(played, ["Navy", "White"])[-1] == "Navy names 4-4"


def test_a_replay_says_the_named_double_as_a_double_and_shows_it():
    table = new_table(GameSetup("acey_deucey", seats=COMPUTERS, seed=7))
    play_on(table)
    seats = tuple({"human": s.human} for s in table.seats)
    replay = replay_from_json(json.loads(json.dumps(table.saved().replay(seats).to_json())))
    viewer = new_table(replay_setup(replay), replay=replay)
    replay_auto(viewer)
    events = play_on(viewer)
    assert viewer.state == table.state
    said = [e.text for e in events if isinstance(e, ev.Said)]
    named = [e for e in viewer.log if e.get("action") == a.NameDie.name]
    assert named and len([t for t in said if re.search(r" names ([1-6])-\1  ·  ", t)]) == len(named)
    assert not [t for t in said if " names a " in t]
    for entry in named:
        assert ev.DiceShown((entry["value"], entry["value"])) in events
    # Anglicorum's die named after a throw keeps its words.
    anglicorum = m.new_game(find_variant("anglicorum"), random.Random(1))
    assert replay_words(a.NameDie(4), anglicorum, "Navy") == "Navy names a 4"
