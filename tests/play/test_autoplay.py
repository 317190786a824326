"""The setting "Bear off automatically" at the table: the sure play of a bear-off is
made as the person's own steps, named, and still waits for the dice to be picked up
(undo until then); off, the person plays it; never when anything else is asked."""

from __future__ import annotations

import random

from tabletop import new_table, play_on

from game.play import events as ev
from game.play.session import GameSetup, SavedGame, Seat
from game.play.table import Table
from game.play.turn import Move
from game.rules import match as m
from game.rules.play import Play
from game.rules.position import position_from_counts
from game.rules.race import sure_play
from game.rules.replay import replay_states

PEOPLE = (Seat(), Seat())
SEEDS = 12
# Side 0's last three men on the 4-, 2- and 1-points (pos 21, 23, 24), the other side's
# all on its ace point: 4-2 bears off two, and the man left is off next turn for sure.
SURE = ([{21: 1, 23: 1, 24: 1, 25: 12}, {24: 15}], (4, 2))


def table_at(counts, dice, *, auto: bool, saves: list | None = None) -> Table:
    table = new_table(GameSetup("backgammon", {"cube": False}, PEOPLE, seed=4), saves)
    variant = table.variant
    position = position_from_counts(counts, variant.track_length)
    table.game = m.Game(m.GameState(variant, position, m.Phase.MOVE, dice))
    table.poll()
    table.auto_bear_off = auto
    return table


def test_the_sure_play_is_made_for_the_person_and_waits_to_be_picked_up():
    saves: list[SavedGame] = []
    table = table_at(*SURE, auto=True, saves=saves)
    state = table.state
    table.advance()
    events = table.poll()
    made = [e for e in events if isinstance(e, ev.MadeForYou)]
    assert len(made) == 1 and made[0].before == state.position
    assert made[0].play == sure_play(state, m.legal_plays(state))
    said = [e.text for e in events if isinstance(e, ev.Said)]
    assert said == ["Played for Side 1: 4/off 2/off (no play does better)"]
    # Not made in the game yet: the person's turn, complete, waits for the pick-up.
    assert table.state is state and table.waiting_pick_up()
    for _ in range(3):
        table.advance()
    assert table.state is state
    log = len(table.log)
    assert table.pick_up() and table.state is not state
    assert table.log[log:] == [{"side": 0, "action": "play", "dice": [4, 2], "play": "4/off 2/off"}]
    assert saves[-1].state is table.state  # kept as a person's play is


def test_taken_back_the_person_plays_the_roll_by_hand():
    table = table_at(*SURE, auto=True)
    state = table.state
    table.advance()
    assert any(isinstance(e, ev.MadeForYou) for e in table.poll())
    assert table.undo_step() and table.undo_step() and not table.undo_step()
    for _ in range(3):
        table.advance()
        assert not any(isinstance(e, ev.MadeForYou) for e in table.poll())
    assert table.state is state and table.turn is not None and not table.turn.moves


def test_with_the_setting_off_nothing_is_played():
    table = table_at(*SURE, auto=False)
    state = table.state
    for _ in range(3):
        table.advance()
    assert not any(isinstance(e, ev.MadeForYou) for e in table.poll())
    assert table.state is state and table.turn is not None and not table.turn.moves


def test_ending_the_turn_at_once_makes_it_at_once():
    table = table_at(*SURE, auto=True)
    table.end_at_once = True
    state = table.state
    table.advance()
    table.advance()
    assert table.state is not state and table.log[-1]["play"] == "4/off 2/off"


def test_nothing_is_played_while_contact_lasts_or_before_the_roll():
    contact = table_at([{21: 1, 23: 1, 24: 1, 25: 12}, {3: 1, 24: 14}], (4, 2), auto=True)
    contact.advance()
    assert contact.turn is not None and not contact.turn.moves
    rolling = table_at(*SURE, auto=True)
    rolling.game = m.Game(m.GameState(rolling.variant, rolling.state.position, m.Phase.ROLL))
    rolling.advance()
    assert rolling.turn is None and rolling.state.phase is m.Phase.ROLL


def test_games_of_people_with_the_setting_on_play_out_and_replay():
    """Two people race (mostly the play that goes furthest, else one at random, step by
    step) and pick up the dice; the setting makes the sure plays. Each one made is the
    rules' sure play from the state it was made in, and the record replays."""
    made: list[tuple[m.GameState, Play]] = []
    for seed in range(SEEDS):
        table = new_table(GameSetup("backgammon", {"cube": False}, PEOPLE, seed=seed))
        table.auto_bear_off = True
        pick = random.Random(seed)

        def acts(t: Table, pick: random.Random = pick) -> None:
            if t.state.phase is m.Phase.ROLL:
                t.roll()
            elif t.waiting_pick_up():
                assert t.pick_up()
            else:
                turn = t.turn
                assert turn is not None and not turn.moves
                side = t.state.to_act
                play = pick.choice(turn.plays)
                if pick.random() < 0.8:
                    ends = t.variant.apply_plays(t.state.position, turn.plays)
                    pairs = zip(turn.plays, ends, strict=True)
                    play = min(pairs, key=lambda pe: pe[1].pip_count(side))[0]
                for step in play:
                    turn.make(Move(step.src, step.dst, (step,)))

        events = play_on(table, person_acts=acts)
        assert table.state.is_over
        states = iter(table.game.states)
        for event in events:
            if isinstance(event, ev.MadeForYou):
                state = next(s for s in states if s.position == event.before and s.dice)
                made.append((state, event.play))
        assert replay_states(table.saved().replay())[-1] == table.state
    assert made
    for state, play in made:
        assert play == sure_play(state, m.legal_plays(state))
