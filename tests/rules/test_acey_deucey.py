"""Acey-Deucey (the United States Navy's game): entering, the 1-2 chain, results, the cube.

Positions are side 0's to move unless a test says otherwise, in the pos of
each side's own track (contrary directions: my pos p is the opponent's pos
25 - p). Men a test does not place nor put in hand are borne off (pos 25).
Plays are compared by their notation: entering (from the bar or the hand) is
written ``bar/d``.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest

from game.rules import actions as a
from game.rules import match as m
from game.rules.errors import RulesError
from game.rules.notation import format_play
from game.rules.outcome import Kind, Outcome, Termination
from game.rules.play import PASS
from game.rules.position import Position, position_from_counts
from game.rules.replay import Replay, replay_from_json, replay_states
from game.rules.search import search_plays
from game.rules.serial import state_from_json, state_to_json
from game.rules.variants import find_variant
from game.rules.variants.acey_deucey import AceyDeucey

ACEY = AceyDeucey()
CUBE = AceyDeucey({"cube": True})
SINGLE = AceyDeucey({"single_wins_only": True})
OFF = 25
OPTION_SETS = [
    {"single_wins_only": single, "cube": cube} for single in (False, True) for cube in (False, True)
]


def position(
    mine: dict[int, int],
    theirs: dict[int, int],
    hand: tuple[int, int] = (0, 0),
    to_act: int = 0,
) -> Position:
    """Side ``to_act`` owns ``mine`` (and ``hand[to_act]`` men in hand); every man of
    a side not placed nor in hand is off."""
    rows = [dict(mine), dict(theirs)] if to_act == 0 else [dict(theirs), dict(mine)]
    for side, row in enumerate(rows):
        row[OFF] = row.get(OFF, 0) + 15 - sum(row.values()) - hand[side]
    return position_from_counts(rows, 24, to_act=to_act, hand=hand)


def plays(pos: Position, dice: tuple[int, ...], variant: AceyDeucey = ACEY) -> list[str]:
    """The legal plays in notation, sorted (the position checked first)."""
    variant.validate(pos)
    return sorted(format_play(variant, p) for p in variant.generate_plays(pos, dice))


def move(state: m.GameState, text: str) -> m.GameState:
    """Make the legal play written ``text`` through the actions."""
    found = [
        act
        for act in a.legal_actions(state)
        if isinstance(act, a.Move) and format_play(state.variant, act.play) == text
    ]
    assert len(found) == 1, (text, plays(state.position, state.dice, state.variant))
    return a.apply_action(state, found[0])


def round_trips(state: m.GameState) -> bool:
    return state_from_json(json.loads(json.dumps(state_to_json(state)))) == state


# -- the start and the options --------------------------------------------------


def test_all_fifteen_start_in_hand_and_the_starter_throws_afresh():
    start = ACEY.start_position()
    ACEY.validate(start)
    assert start.hand == (15, 15) and not any(map(any, start.board))
    assert ACEY.uses_hand and ACEY.doubles_repeat and not ACEY.has_opening_roll_play
    state = m.new_game(ACEY, random.Random(1))
    assert state.phase is m.Phase.ROLL and state.dice == ()


def test_options_are_specified_with_their_sources():
    specs = {spec.name: spec for spec in ACEY.option_specs}
    assert set(specs) == {"single_wins_only", "cube"}
    assert all(spec.default is False and spec.source for spec in specs.values())
    assert ACEY.sources and ACEY.names_double_after == (2, 1)


# -- entering ---------------------------------------------------------------------


def test_at_the_start_the_dice_enter_men_on_the_opponents_home_table():
    assert plays(ACEY.start_position(), (6, 3)) == ["bar/3 bar/6", "bar/9"]
    # Four 4s: every way of sharing them among men entering and moving on.
    fours = ACEY.generate_plays(ACEY.start_position(), (4, 4))
    assert sorted(format_play(ACEY, p) for p in fours) == [
        "bar/16",
        "bar/4 bar/12",
        "bar/4(2) bar/8",
        "bar/4(4)",
        "bar/8(2)",
    ]
    assert all(p.dice_used == (4, 4, 4, 4) for p in fours)


def test_men_never_entered_may_wait_while_the_track_moves():
    pos = position({10: 1}, {}, hand=(14, 15))
    assert plays(pos, (6, 3)) == ["10/19", "bar/3 10/16", "bar/3 bar/6", "bar/6 10/13", "bar/9"]


def test_a_hit_man_enters_before_any_other_man_then_waiting_men_may_wait():
    pos = position({0: 1, 10: 1}, {}, hand=(13, 15))
    # The hit man enters first; the other die enters a man from the hand or moves one.
    assert plays(pos, (6, 3)) == ["bar/3 10/16", "bar/3 bar/6", "bar/6 10/13", "bar/9"]


def test_a_hit_man_that_cannot_enter_stops_every_other_move():
    # The opponent holds my pos 3 and 5 (its pos 22 and 20).
    pos = position({0: 1, 10: 1}, {22: 2, 20: 2}, hand=(13, 0))
    assert plays(pos, (5, 3)) == ["pass"]
    assert plays(pos, (3, 3)) == ["pass"]
    # With a 4 the hit man enters, and the 3 is then played on.
    assert plays(pos, (4, 3)) == ["bar/4 10/13", "bar/7"]


def test_entering_hits_a_lone_man_on_the_opponents_home_table():
    pos = position({}, {23: 1}, hand=(15, 14))  # its pos 23 is my pos 2
    assert plays(pos, (5, 2)) == ["bar/2* bar/5", "bar/2*/7", "bar/7"]
    [hit] = [p for p in ACEY.generate_plays(pos, (5, 2)) if format_play(ACEY, p) == "bar/2* bar/5"]
    after = ACEY.apply_play(pos, hit)
    # The man hit goes to its owner's bar, apart from the men it never entered.
    assert after.board[1][0] == 1 and after.board[1][23] == 0 and after.hand == (13, 14)
    assert after.board[0][2] == after.board[0][5] == 1 and after.to_act == 1


def test_a_point_held_by_two_is_closed_and_a_blot_on_a_resting_point_is_hit():
    pos = position({5: 1}, {15: 2, 17: 1}, hand=(14, 0))  # my 10 closed, my 8 a blot
    assert plays(pos, (5, 3)) == ["5/8*/13", "bar/3 bar/5", "bar/8*"]
    # Through 8 the blot is hit on the way; through 9 it is not: two plays.
    assert plays(pos, (4, 3)) == [
        "5/12",
        "5/8*/12",
        "bar/3 5/9",
        "bar/3 bar/4",
        "bar/4 5/8*",
        "bar/7",
    ]


def test_doubles_are_played_four_times_and_the_higher_die_when_only_one_can_be():
    pos = position({10: 1, 12: 1}, {}, hand=(0, 15))
    assert plays(pos, (2, 2)) == ["10/16 12/14", "10/18", "12/20"]
    assert all(p.dice_used == (2, 2, 2, 2) for p in ACEY.generate_plays(pos, (2, 2)))
    # One man; either die can be played but not both (my 21 is closed): the 6 only.
    pos = position({10: 1}, {4: 2}, hand=(0, 13))
    assert plays(pos, (6, 5)) == ["10/16"]
    assert {format_play(ACEY, p) for p in search_plays(ACEY, pos, (6, 5))} == {"10/16"}


def test_bearing_off_waits_for_every_man_in_hand():
    pos = position({20: 1, 24: 13}, {}, hand=(1, 15))
    assert all("off" not in p for p in plays(pos, (6, 5)))
    home = position({20: 1, 24: 14}, {}, hand=(0, 15))
    assert "20/off 24/off" in plays(home, (6, 5))


# -- the 1-2 ------------------------------------------------------------------------


def rolling(pos: Position, variant: AceyDeucey = ACEY, turn: int = 4) -> m.GameState:
    """The state where side ``pos.to_act`` is about to throw (opened by side 0)."""
    return m.GameState(variant, pos, m.Phase.ROLL, turn=turn, opening=(5, 3))


def test_the_1_2_then_a_named_double_then_a_throw_again_is_one_turn():
    state = rolling(position({10: 2, 14: 2}, {}, hand=(11, 15)), CUBE)
    state = a.apply_action(state, a.Roll((2, 1)))
    assert state.phase is m.Phase.MOVE and not state.again
    state = move(state, "bar/1 bar/2")
    # The same side names a double: any of the six.
    assert (state.phase, state.to_act, state.on_roll, state.again, state.dice, state.turn) == (
        m.Phase.CHOOSE,
        0,
        0,
        True,
        (),
        4,
    )
    assert a.legal_actions(state) == [a.NameDie(v) for v in range(1, 7)]
    assert round_trips(state)
    state = a.apply_action(state, a.NameDie(5))
    assert (state.phase, state.dice, state.again) == (m.Phase.MOVE, (5, 5), True)
    assert round_trips(state)
    named = m.legal_plays(state)
    assert named and all(len(p) == 4 and p.dice_used == (5, 5, 5, 5) for p in named)
    state = move(state, "10/15(2) 14/19(2)")
    # Then it throws again: no double of the cube before it, the dice are chance's.
    assert (state.phase, state.to_act, state.again, state.turn) == (m.Phase.ROLL, 0, True, 4)
    assert round_trips(state)
    assert a.Double() not in a.legal_actions(state) and not m.can_double(state)
    outcomes = a.chance_outcomes(state)
    assert len(outcomes) == 21 and sum(p for _, p in outcomes) == pytest.approx(1)
    state = a.apply_action(state, a.Roll((6, 4)))
    assert state.phase is m.Phase.MOVE and not state.again
    state = move(state, "15/19 15/21")
    # The turn passes: one turn counted, the other side on roll, the cube open again.
    assert (state.phase, state.to_act, state.again, state.turn) == (m.Phase.ROLL, 1, False, 5)
    assert a.Double() in a.legal_actions(state)
    assert round_trips(state)


def test_a_1_2_thrown_again_repeats_the_chain():
    state = rolling(position({10: 2}, {}, hand=(13, 15)))
    state = move(a.apply_action(state, a.Roll((1, 2))), "bar/1 bar/2")
    state = move(a.apply_action(state, a.NameDie(3)), "1/4 2/5 10/13(2)")
    assert state.phase is m.Phase.ROLL and state.again
    state = a.apply_action(state, a.Roll((1, 2)))
    assert state.phase is m.Phase.MOVE and state.dice == (1, 2) and not state.again
    state = move(state, "4/7")
    assert (state.phase, state.to_act, state.again) == (m.Phase.CHOOSE, 0, True)
    state = move(a.apply_action(state, a.NameDie(1)), "bar/1(4)")
    assert (state.phase, state.to_act, state.again, state.turn) == (m.Phase.ROLL, 0, True, 4)


def test_a_1_2_that_cannot_be_played_at_all_ends_the_turn():
    # A hit man waits, and the opponent holds my pos 1 and 2 (its 24 and 23).
    state = rolling(position({0: 1, 10: 14}, {24: 2, 23: 2}, hand=(0, 11)))
    state = a.apply_action(state, a.Roll((2, 1)))
    assert a.legal_actions(state)[0] == a.Move(PASS) and m.legal_plays(state) == [PASS]
    state = a.apply_action(state, a.Move(PASS))
    assert (state.phase, state.to_act, state.again, state.turn) == (m.Phase.ROLL, 1, False, 5)


def test_a_1_2_played_in_part_still_names_a_double():
    # The opponent holds my pos 1, 3 and 11: the 2 enters the hit man, and no 1 moves.
    state = rolling(position({0: 1, 10: 14}, {24: 2, 22: 2, 14: 2, 10: 9}))
    state = a.apply_action(state, a.Roll((2, 1)))
    assert plays(state.position, state.dice) == ["bar/2"]
    state = move(state, "bar/2")
    assert (state.phase, state.to_act, state.again) == (m.Phase.CHOOSE, 0, True)


def test_a_named_double_that_cannot_be_played_at_all_ends_the_turn():
    # Two hit men enter with the 1-2; the opponent holds my 7, 8 and 9, and the men on
    # pos 23 may not bear off while men are outside the home table: no 6 can move.
    theirs = {18: 2, 17: 2, 16: 2, 10: 9}
    state = rolling(position({0: 2, 23: 13}, theirs))
    state = move(a.apply_action(state, a.Roll((2, 1))), "bar/1 bar/2")
    # Any double may be named, one that cannot be played too: naming it ends the turn.
    assert [act.value for act in a.legal_actions(state) if isinstance(act, a.NameDie)] == [
        1,
        2,
        3,
        4,
        5,
        6,
    ]
    sixes = a.apply_action(state, a.NameDie(6))
    assert m.legal_plays(sixes) == [PASS] and round_trips(sixes)
    done = a.apply_action(sixes, a.Move(PASS))
    assert (done.phase, done.to_act, done.again, done.turn, done.dice) == (
        m.Phase.ROLL,
        1,
        False,
        5,
        (),
    )
    assert round_trips(done)
    # A double that can be played must be: 5s move the man on pos 1 (to 6, 11, 16, 21).
    fives = a.apply_action(state, a.NameDie(5))
    assert plays(fives.position, fives.dice) == ["1/21"]


def test_a_double_played_in_part_still_throws_again():
    # After the 1-2, a man on pos 3 and one on pos 24 (all others off and not home: no).
    theirs = {19: 2, 14: 2, 10: 11}  # my 6, 11 and 15 closed
    state = rolling(position({0: 1, 22: 14}, theirs))
    state = move(a.apply_action(state, a.Roll((2, 1))), "bar/3")
    state = a.apply_action(state, a.NameDie(4))
    # The man on 3 goes to 7; then 11 is closed, and the men on 22 may not bear off.
    assert plays(state.position, state.dice) == ["3/7"]
    state = move(state, "3/7")
    assert (state.phase, state.to_act, state.again) == (m.Phase.ROLL, 0, True)


def test_bearing_off_the_last_man_with_the_named_double_ends_the_game():
    state = rolling(position({22: 1, 21: 1}, {10: 14}))  # the loser bore one off
    state = move(a.apply_action(state, a.Roll((2, 1))), "21/23 22/23")
    state = move(a.apply_action(state, a.NameDie(2)), "23/off(2)")
    assert state.is_over and state.result == Outcome(0, Kind.SINGLE, 1)
    assert state.turn == 5 and state.position.to_act == 1 and not state.again
    assert round_trips(state)


# -- results ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("theirs", "hand", "kind", "points"),
    [
        ({OFF: 1, 10: 14}, 0, Kind.SINGLE, 1),
        ({10: 15}, 0, Kind.GAMMON, 2),
        ({0: 1, 10: 14}, 0, Kind.BACKGAMMON, 3),  # a man on the bar
        ({3: 1, 10: 14}, 0, Kind.BACKGAMMON, 3),  # a man in the winner's home table
        ({10: 14}, 1, Kind.BACKGAMMON, 3),  # a man never entered
    ],
)
def test_single_gammon_and_backgammon(theirs, hand, kind, points):
    pos = position({24: 1}, theirs, hand=(0, hand))
    state = m.GameState(ACEY, pos, m.Phase.MOVE, (3, 1))
    done = move(state, "24/off")
    assert done.result == Outcome(0, kind, points)
    assert done.match.score == (points, 0)
    single = move(m.GameState(SINGLE, pos, m.Phase.MOVE, (3, 1)), "24/off")
    assert single.result == Outcome(0, Kind.SINGLE, 1)


def test_the_cube_multiplies_a_gammon():
    pos = position({24: 1}, {10: 15})
    state = m.GameState(CUBE, pos, m.Phase.MOVE, (3, 1), m.Cube(2, 1), opening=(5, 3), turn=40)
    done = move(state, "24/off")
    assert done.result == Outcome(0, Kind.GAMMON, 4) and done.match.score == (4, 0)
    assert round_trips(done)


# -- the cube ------------------------------------------------------------------------


def test_the_cube_is_an_option():
    start = m.new_game(ACEY, random.Random(2))
    assert not ACEY.has_cube and not m.can_double(start)
    assert a.Double() not in a.legal_actions(start)
    assert a.decisions(start) == [a.Resign(1)]
    assert "cube" not in state_to_json(start)
    state = m.new_game(CUBE, random.Random(2))
    assert CUBE.has_cube and m.can_double(state)
    assert a.decisions(state) == [a.Double(), a.Resign(1), a.Resign(2), a.Resign(3)]
    offered = a.apply_action(state, a.Double())
    assert offered.phase is m.Phase.TAKE and offered.to_act == 1 - state.on_roll
    taken = a.apply_action(offered, a.Take())
    assert taken.cube == m.Cube(2, 1 - state.on_roll) and not m.can_double(taken)
    assert state_to_json(taken)["cube"] == {"value": 2, "owner": 1 - state.on_roll}
    assert round_trips(offered) and round_trips(taken)
    dropped = a.apply_action(offered, a.Drop())
    assert dropped.result == Outcome(state.on_roll, Kind.SINGLE, 1, Termination.DROPPED)
    assert round_trips(dropped)


# -- states read from outside ----------------------------------------------------------


def chain_json() -> dict[str, object]:
    state = rolling(position({10: 2}, {}, hand=(13, 15)))
    state = move(a.apply_action(state, a.Roll((1, 2))), "bar/1 bar/2")
    return state_to_json(state)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"again": False}, "names a double only after the 1-2"),
        ({"dice": [4]}, "no dice stand"),
        ({"again": 1}, "must be true or false"),
        ({"phase": "move", "dice": [2, 1]}, "the double named"),
        ({"phase": "take"}, "does not fit the take phase"),
        ({"phase": "roll", "dice": [1, 1]}, "no dice are thrown in the roll phase"),
    ],
)
def test_a_state_of_the_chain_that_cannot_be_is_refused(change, words):
    text = chain_json()
    assert text["again"] is True and text["phase"] == "choose" and text["dice"] == []
    text.update(change)
    with pytest.raises(RulesError, match=words):
        state_from_json(text)


def test_again_is_refused_where_no_1_2_keeps_the_turn():
    text = state_to_json(m.new_game(find_variant("backgammon"), random.Random(1)))
    text["again"] = True
    with pytest.raises(RulesError, match="keeps its turn"):
        state_from_json(text)


def test_the_record_names_the_double_and_reads_it_back():
    state = rolling(position({10: 2}, {}, hand=(13, 15)))
    state = move(a.apply_action(state, a.Roll((1, 2))), "bar/1 bar/2")
    entry = a.action_to_json(state, a.NameDie(6))
    assert entry == {"side": 0, "action": "name_die", "value": 6}
    assert a.action_from_json(state, entry) == a.NameDie(6)
    assert not a.is_legal(state, a.NameDie(7)) and not a.is_legal(state, a.Roll((3, 1)))
    named = a.apply_action(state, a.NameDie(6))
    play = m.legal_plays(named)[0]
    entry = a.action_to_json(named, a.Move(play))
    assert entry["dice"] == [6, 6] and a.action_from_json(named, entry) == a.Move(play)


# -- seeded games -----------------------------------------------------------------------


def random_game(variant: AceyDeucey, seed: int) -> tuple[list[m.GameState], list[dict]]:
    """A game of random decisions through the actions (the dice from ``seed`` alone, as
    a replay draws them): its states and its record."""
    rng, pick = random.Random(seed), random.Random(seed + 1)
    state = m.new_game(variant, rng)
    states, log = [state], []
    while not state.is_over:
        action: a.Action
        if state.phase is m.Phase.ROLL:
            double = m.can_double(state) and pick.random() < 0.05
            action = a.Double() if double else a.throw(state, rng)
        elif state.phase is m.Phase.TAKE:
            action = a.Take() if pick.random() < 0.8 else a.Drop()
        else:
            action = pick.choice([x for x in a.legal_actions(state) if not isinstance(x, a.Resign)])
        log.append(a.action_to_json(state, action))
        state = a.apply_action(state, action)
        states.append(state)
    return states, log


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(k for k in o if o[k]))
def test_seeded_games_end_conserve_men_round_trip_and_replay(options):
    variant = AceyDeucey(options)
    seed = 3 + 2 * options["cube"] + options["single_wins_only"]
    states, log = random_game(variant, seed)
    last = states[-1]
    assert last.is_over and last.winner is not None
    assert last.position.off(last.winner) == 15 or last.result.termination is (Termination.DROPPED)
    if options["single_wins_only"]:
        assert last.result.kind is Kind.SINGLE
    named = 0
    for before, after in itertools.pairwise(states):
        variant.validate(after.position)
        for side in (0, 1):
            assert after.position.hand[side] <= before.position.hand[side]
            if after.position.hand[side]:
                assert after.position.off(side) == 0
        if before.phase is m.Phase.CHOOSE:
            named += 1
            assert after.on_roll == before.on_roll and after.dice[0] == after.dice[1]
        assert round_trips(after)
    assert named  # the chain was played
    # The record replays to the same states, through its file form.
    result = last.result.to_json()
    replay = Replay(variant.id, dict(variant.options), seed, tuple(log), result=result)
    again = replay_from_json(json.loads(json.dumps(replay.to_json())))
    assert replay_states(again) == states


def test_the_fast_search_finds_the_plays_the_hooks_allow():
    # ``generate_plays`` is written out for speed; ``search_plays`` follows the hooks
    # step by step: on positions of a seeded game, with every roll, both leave the
    # same positions, each play listed once, using as many dice.
    states, _ = random_game(ACEY, seed=5)
    rolls = [(x, y) for x in range(1, 7) for y in range(1, x + 1)]
    for state in states[::40]:
        pos = state.position
        for dice in rolls:
            fast = ACEY.generate_plays(pos, dice)
            left = [ACEY.apply_play(pos, p) for p in fast]
            assert len(set(left)) == len(left)
            plain = search_plays(ACEY, pos, dice)
            assert set(left) == {ACEY.apply_play(pos, p) for p in plain}
            assert {len(p.dice_used) for p in fast} == {len(p.dice_used) for p in plain}
