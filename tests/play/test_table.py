"""Game flows against the table, without a window: computer games of every variant to
their end, a person's decisions, the cube, resigning, dice entered by hand, the
player's throw, replays stepped forward and back, and every save resuming."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from tabletop import COMPUTERS, new_table, person, play_on, wait_for_worker

from game.play import events as ev
from game.play.replaying import replay_auto, replay_back, replay_on
from game.play.session import GameSetup, SavedGame, Seat, saved_from_json, saved_to_json
from game.play.table import Table, replay_setup
from game.rules import actions as a
from game.rules import match as m
from game.rules.errors import RulesError
from game.rules.replay import Replay, replay_from_json, replay_states
from game.rules.variants import VARIANTS

PEOPLE = (Seat(), Seat(human=False))


def as_replay(table: Table) -> Replay:
    """The table's record as a replay read back from its JSON, as a file would be."""
    seats = tuple({"human": s.human} for s in table.seats)
    replay = table.saved().replay(seats)
    return replay_from_json(json.loads(json.dumps(replay.to_json())))


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_a_computer_game_of_every_variant_reaches_its_end(variant_id):
    options = {"cube": False} if variant_id == "backgammon" else {}
    seats = (Seat(human=False),) * 4  # as many as the variant seats
    table = new_table(GameSetup(variant_id, options, seats=seats, seed=3))
    events = play_on(table)
    state = table.state
    assert state.is_over and table.finished
    assert isinstance(events[-1], ev.GameOver) and events[-1].state is state
    assert any(isinstance(e, ev.Played) and e.animate for e in events)
    # The record replays to the same end, roll by roll.
    assert replay_states(as_replay(table))[-1] == state
    summary = table.summary()
    assert summary.state is state and summary.log == tuple(table.log)
    assert len(summary.states) == len(table.log) + 1


def test_the_computers_decisions_come_through_poll_once_the_worker_is_done():
    table = new_table(GameSetup("lombardorum", seats=COMPUTERS, seed=4))
    assert isinstance(table.poll()[0], ev.Opened)
    while table.state.phase is not m.Phase.MOVE:
        table.advance()
        wait_for_worker(table)
    table.poll()
    table.advance()  # the worker is asked
    assert table.pending is not None and table.poll() == []
    table.pending.result(timeout=60)
    table.advance()  # its play is made
    events = table.poll()
    played = [e for e in events if isinstance(e, ev.Played)]
    assert len(played) == 1 and played[0].animate
    assert events[-1] == ev.Wait("think")
    assert table.log[-1]["action"] == "play"


def test_a_persons_actions_are_recorded_as_action_to_json_writes_them():
    table = new_table(GameSetup("backgammon", {"cube": False}, (Seat(), Seat()), seed=11))
    state = table.state
    assert state.phase is m.Phase.MOVE  # the opening throw is the starter's to play
    table.advance()
    assert table.turn is not None and table.turn.state is state
    play = m.legal_plays(state)[0]
    table.apply(a.Move(play))
    assert table.log == [a.action_to_json(state, a.Move(play))]
    assert table.state.phase is m.Phase.ROLL and table.turn is None
    before = table.state
    table.roll()
    entry = table.log[-1]
    assert entry == {"side": before.on_roll, "action": "roll", "dice": list(table.state.dice)}
    rolled = [e for e in table.poll() if isinstance(e, ev.Rolled)]
    assert rolled == [ev.Rolled(before.on_roll, table.state.dice, False)]


def test_an_illegal_action_is_refused_and_changes_nothing():
    saves: list[SavedGame] = []
    table = new_table(GameSetup("backgammon", {"cube": False}, (Seat(), Seat()), seed=11), saves)
    log, state, n = list(table.log), table.state, len(saves)
    with pytest.raises(RulesError):
        table.apply(a.Double())  # no cube in this game
    with pytest.raises(RulesError):
        table.apply(a.Take())
    assert table.log == log and table.state is state and len(saves) == n
    assert a.Double() not in table.legal_actions()


def cube_table() -> Table:
    """A backgammon money game of two people, the opening played: the cube can turn."""
    table = new_table(GameSetup("backgammon", {"cube": True}, (Seat(), Seat()), seed=11))
    table.advance()
    table.apply(a.Move(m.legal_plays(table.state)[0]))
    assert m.can_double(table.state)
    return table


def test_a_double_taken_then_dropped_ends_the_game():
    table = cube_table()
    doubler = table.state.on_roll
    table.apply(a.Double())
    events = table.poll()
    assert ev.Doubled(doubler) in events and ev.Said(f"{table.name(doubler)} doubles") in events
    assert table.state.phase is m.Phase.TAKE
    table.apply(a.Take())
    assert table.state.cube.value == 2 and table.state.cube.owner == 1 - doubler
    assert [e["action"] for e in table.log[-2:]] == ["double", "take"]
    play_on(table, lambda t: m.can_double(t.state), person(random.Random(1)))
    table.apply(a.Double())
    table.apply(a.Drop())
    assert table.state.is_over and table.log[-1]["action"] == "drop"
    assert table.state.result.points == 2
    play_on(table)
    assert table.finished


def test_the_computer_answers_a_double():
    table = cube_table()
    doubler = table.state.on_roll
    table.seats = tuple(Seat(human=side == doubler) for side in range(2))
    table.apply(a.Double())
    events = play_on(table, lambda t: t.state.phase is not m.Phase.TAKE)
    answer = table.log[-1]["action"]
    assert answer in ("take", "drop", "beaver") and table.log[-1]["side"] == 1 - doubler
    words = {"take": "takes", "drop": "drops", "beaver": "beavers"}[answer]
    assert ev.Said(f"{table.name(1 - doubler)} {words}") in events + table.poll()


def test_a_decision_worked_out_for_an_earlier_state_is_dropped():
    """The computer thinks in the worker; a decision made meanwhile (a person's
    concession, a test's move) makes its answer stale: it is asked again."""
    table = cube_table()
    table.seats = (Seat(human=False), Seat(human=False))
    table.advance()  # the computer on roll is asked whether it doubles
    asked = table.pending
    assert asked is not None
    table.apply(a.Double())  # meanwhile the side on roll doubles
    asked.result(timeout=60)
    play_on(table, lambda t: t.state.phase is not m.Phase.TAKE)
    assert table.log[-2]["action"] == "double"
    assert table.log[-1]["action"] in ("take", "drop", "beaver")


def test_a_resignation_offered_and_accepted_or_refused():
    table = cube_table()
    side = table.state.on_roll
    table.apply(a.Resign(2))
    assert table.state.phase is m.Phase.RESIGN
    assert table.log[-1] == {"side": side, "action": "resign", "level": 2}
    table.apply(a.Reject())
    assert table.state.phase is m.Phase.ROLL and table.log[-1]["action"] == "reject"
    table.apply(a.Resign(3))
    table.apply(a.Accept())
    result = table.state.result
    assert result.winner == 1 - side and result.points == 3


def test_a_concession_names_the_side_that_gave_up():
    table = new_table(GameSetup("lombardorum", seats=PEOPLE, seed=2))
    table.apply(a.Concede(0))
    assert table.state.is_over and table.state.winner == 1
    assert table.log[-1] == {"side": 0, "action": "concede"}
    assert ev.Said(f"{table.name(0)} concedes") in table.poll()


def test_dice_entered_by_hand_with_a_tied_opening():
    setup = GameSetup("backgammon", {"cube": False}, COMPUTERS, manual_dice=True)
    saves: list[SavedGame] = []
    table = new_table(setup, saves)
    assert table.dice_wanted is not None and table.dice_wanted.opening
    assert table.log == [] and saves == []  # nothing happens until the dice are in
    table.advance()
    assert table.log == []
    table.enter_dice([4, 4])  # a tie: throw again
    assert table.dice_wanted is not None and table.dice_wanted.title.startswith("A tie")
    assert ev.Said("The highest dice tie: each side throws again") in table.poll()
    table.enter_dice([2, 5])  # side 1 starts with 5-2
    assert table.dice_wanted is None and len(saves) == 1
    first = table.game.states[0]
    assert first.on_roll == 1 and first.dice == (5, 2) and first.opening == (2, 5)
    rolled = []
    for dice in ((6, 6), (3, 1), (2, 4)):
        play_on(table, lambda t: t.dice_wanted is not None)
        assert not table.dice_wanted.opening
        table.enter_dice(list(dice))
        rolled.append(dice)
    throws = [e for e in table.log if e["action"] == "roll"]
    assert [tuple(e["dice"]) for e in throws] == rolled and all(e["manual"] for e in throws)
    replay = Replay(
        "backgammon",
        {"cube": False},
        seed=0,
        plays=tuple(table.log),
        match=table.start["match"],
        opening=tuple(table.start["opening"]),
    )
    assert replay_states(replay)[-1] == table.state


def test_the_players_throw_is_mixed_into_the_dice():
    setup = GameSetup("lombardorum", seats=PEOPLE)
    table = Table(setup, ask_throw=True)
    table.begin()
    assert table.throw_wanted and isinstance(table.poll()[0], ev.ThrowAsked)
    table.advance()
    assert table.log == []
    table.throw_in("t=42 fair")
    assert table.contribution == "t=42 fair" == table.start["contribution"]
    assert any(isinstance(e, ev.Thrown) for e in table.poll())
    play_on(table, person_acts=person(random.Random(3)))
    replay = as_replay(table)
    assert replay.contribution == "t=42 fair"
    assert replay_states(replay)[-1] == table.state
    with pytest.raises(ValueError, match="no throw"):
        table.throw_in("again")


def test_a_replay_steps_forward_and_back_to_the_same_states():
    table = new_table(GameSetup("lombardorum", seats=COMPUTERS, seed=3))
    play_on(table)
    replay = as_replay(table)
    viewer = new_table(replay_setup(replay), replay=replay)
    viewer.poll()
    viewer.advance()
    assert viewer.log == []  # a replay waits for the viewer
    for _ in range(7):
        replay_on(viewer)
        viewer.advance()
    assert viewer.log == list(replay.plays[:7])
    at_seven = viewer.state
    assert replay_back(viewer)
    assert len(viewer.log) < 7 and viewer.log[-1]["action"] != "roll"
    assert any(isinstance(e, ev.Rewound) for e in viewer.poll())
    while len(viewer.log) < 7:
        replay_on(viewer)
        viewer.advance()
    assert viewer.state == at_seven  # the same dice come again
    replay_auto(viewer)
    events = play_on(viewer)
    assert ev.Wait("replay") in events
    assert viewer.state == table.state and viewer.log == table.log


def test_a_broken_replay_stops_with_the_reason():
    table = new_table(GameSetup("lombardorum", seats=COMPUTERS, seed=3))
    play_on(table, lambda t: len(t.log) >= 6)
    plays = [dict(e) for e in table.log]
    rolls = [i for i, e in enumerate(plays) if e["action"] == "roll"]
    plays[rolls[1]]["dice"] = [9, 9]
    replay = replace(as_replay(table), plays=tuple(plays))
    viewer = new_table(replay_setup(replay), replay=replay)
    for _ in range(len(plays)):
        replay_on(viewer)
        viewer.advance()
    said = [e.text for e in viewer.poll() if isinstance(e, ev.Said)]
    assert any("The replay stops" in text for text in said)
    assert viewer.log[rolls[1]]["dice"] == table.log[rolls[1]]["dice"]  # the seed's dice
    assert not viewer.replay_auto


KINDS = {
    "seed": (GameSetup("lombardorum", seats=COMPUTERS, seed=8), False),
    "seed and contribution": (
        GameSetup("lombardorum", seats=COMPUTERS, seed=2**127 + 9, contribution="t=5 fair"),
        False,
    ),
    "the player's throw": (GameSetup("backgammon", {"cube": False}, PEOPLE), False),
    "by hand": (GameSetup("backgammon", {"cube": False}, COMPUTERS, manual_dice=True), False),
    "by hand, a person": (GameSetup("duodecim", seats=PEOPLE, manual_dice=True), False),
    "backgammon with the cube": (GameSetup("backgammon", {"cube": True}, PEOPLE, seed=4), False),
    "next game, the player's throw": (
        GameSetup("backgammon", {"match_length": 7, "cube": False}, PEOPLE),
        True,
    ),
    "next game, by hand": (
        GameSetup("backgammon", {"match_length": 7, "cube": False}, COMPUTERS, manual_dice=True),
        True,
    ),
    "next game of a historical session, by hand": (
        GameSetup("lombardorum", seats=COMPUTERS, manual_dice=True),
        True,
    ),
}


def finished_game(setup: GameSetup) -> m.GameState:
    table = new_table(replace(setup, seed=4, manual_dice=False, seats=COMPUTERS))
    play_on(table)
    return table.state


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_save_after_every_decision_replays_and_resumes(kind):
    setup, after_a_game = KINDS[kind]
    previous = finished_game(setup) if after_a_game else None
    saves: list[SavedGame] = []
    ask = setup.seed is None and not setup.manual_dice and not setup.contribution
    table = new_table(setup, saves, previous=previous, ask_throw=ask)
    dice = random.Random(kind)
    play_on(table, lambda t: len(t.log) >= 24 or t.finished, person(random.Random(2)), dice)
    assert len(saves) == len(table.log) + 1, "saved once at the opening, then after each"
    for n, saved in enumerate(saves):
        data = json.loads(json.dumps(saved_to_json(saved)))
        record = saved_from_json(data)
        assert list(record.log) == table.log[:n]
        replay = replay_from_json(json.loads(json.dumps(record.replay(()).to_json())))
        assert replay_states(replay)[-1] == record.state, f"the save after {record.log[-1:]}"
        # Every save resumes at its state, its states rebuilt, the same dice to come.
        resumed = new_table(record.setup, saved=record)
        assert resumed.state == record.state and resumed.log == list(record.log)
        assert len(resumed.game.states) == n + 1
        assert resumed.contribution == record.start.get("contribution", "")
        if not setup.manual_dice and n < len(saves) - 1:
            play_on(resumed, lambda t, n=n: len(t.log) > n, person(random.Random(2)))
            if resumed.log[n]["action"] == "roll":
                assert resumed.log[n] == table.log[n]
    if previous is not None:
        assert table.start["match"].score == m.next_match(previous)[0].score
    contributed = bool(table.start.get("contribution"))
    assert contributed == (kind == "seed and contribution" or "throw" in kind)
    if setup.manual_dice:
        assert all(e.get("manual") for e in table.log if e["action"] == "roll")
    # The last save's record, watched as a replay, reaches its state decision by decision.
    record = saved_from_json(json.loads(json.dumps(saved_to_json(saves[-1]))))
    replay = record.replay(tuple({"human": s.human} for s in record.setup.seats))
    viewer = new_table(replay_setup(replay), replay=replay)
    for _ in range(len(record.log)):
        replay_on(viewer)
        viewer.advance()
    said = [e.text for e in viewer.poll() if isinstance(e, ev.Said)]
    assert not any("stops" in text for text in said)
    assert viewer.log == list(record.log) and viewer.state == record.state


def test_a_game_after_the_last_opens_with_the_next_match_score():
    setup = GameSetup("backgammon", {"match_length": 7, "cube": False}, COMPUTERS, seed=6)
    first = new_table(setup)
    play_on(first)
    second = new_table(setup, previous=first.state)
    assert second.state.match == m.next_match(first.state)[0]
    assert second.start["starter"] == first.state.winner
    play_on(second)
    assert sum(second.state.match.score) > sum(first.state.match.score)
