"""The end of a person's turn: it waits, the last step can be taken back, until the
person picks up the dice (``Table.pick_up``); ``end_at_once`` ends it with the last
step, as earlier versions did. A forced play or a pass goes on by itself."""

from __future__ import annotations

import random
import re

import pytest
from tabletop import new_table, play_on, wait_for_worker

from game.play import events as ev
from game.play.session import GameSetup, Seat
from game.play.table import Table
from game.play.turn import TurnInput
from game.rules import match as m

PEOPLE = (Seat(), Seat())


def step_once(table: Table, pick: random.Random) -> None:
    """The person makes one move (a man's step, or its steps chained) at random."""
    turn = table.turn
    assert turn is not None
    src = pick.choice(sorted(turn.sources()))
    moves = turn.moves_from(src)
    turn.make(moves[pick.choice(sorted(moves))])


def begin_turn(table: Table) -> m.GameState:
    """Advance until a person's turn waits for steps; its state."""
    for _ in range(50):
        table.advance()
        wait_for_worker(table)  # a computer seat (El Mundo's third and fourth)
        table.poll()
        if table.turn is not None and table.turn.state is table.state and table.turn.sources():
            return table.state
        if table.state.phase is m.Phase.ROLL:
            table.roll()
    raise AssertionError(f"no person's turn began: {table.state.phase}")


def play_to_the_last_step(table: Table, pick: random.Random) -> m.GameState:
    state = begin_turn(table)
    while table.turn is not None and table.turn.complete() is None:
        step_once(table, pick)
        table.advance()  # as the board does every frame
        assert table.state is state  # the turn never ends before the dice are used
    return state


@pytest.mark.parametrize("variant_id", ["backgammon", "lombardorum", "el_mundo"])
def test_a_complete_turn_waits_for_the_dice_to_be_picked_up(variant_id):
    table = new_table(GameSetup(variant_id, seats=PEOPLE, seed=5))
    pick = random.Random(3)
    state = play_to_the_last_step(table, pick)
    for _ in range(5):
        table.advance()
        table.poll()
    assert table.state is state and table.waiting_pick_up()
    played = table.turn.complete() if table.turn else None
    assert played is not None
    log = len(table.log)
    assert table.pick_up()
    assert table.state is not state and table.turn is None
    assert len(table.log) == log + 1 and table.game.states[-2] is state
    assert not table.pick_up()  # nothing more to pick up: nothing changes
    assert len(table.log) == log + 1


def test_undo_reaches_the_last_step_and_back_to_the_start_of_the_turn():
    table = new_table(GameSetup("backgammon", {"cube": False}, PEOPLE, seed=11))
    pick = random.Random(7)
    state = play_to_the_last_step(table, pick)
    turn = table.turn
    assert turn is not None
    made = list(turn.moves)
    assert made and turn.complete() is not None
    for n in range(len(made), 0, -1):
        assert table.undo_step()
        assert turn.moves == made[: n - 1] and turn.complete() is None
        table.advance()
        assert table.state is state and not table.waiting_pick_up()
        assert not table.pick_up()  # an unfinished play cannot be picked up
    assert not table.undo_step()  # back at the start of the turn
    assert turn.position == state.position
    for move in made:  # made again, it waits again
        turn.make(move)
    table.advance()
    assert table.state is state and table.pick_up() and table.state is not state


def test_the_setting_ends_the_turn_with_the_last_step():
    table = new_table(GameSetup("backgammon", {"cube": False}, PEOPLE, seed=11))
    table.end_at_once = True
    pick = random.Random(7)
    state = begin_turn(table)
    while table.state is state:
        step_once(table, pick)
        complete = table.turn is not None and table.turn.complete() is not None
        table.advance()
        assert (table.state is not state) == complete  # at once, and not before
    assert table.turn is None and table.log[-1]["action"] != "roll"


def test_forced_plays_and_passes_go_on_without_a_pick_up():
    """A whole game played step by step, the dice picked up after every play of the
    people's own: every play is either picked up or forced (a pass included), and the
    forced ones never waited for it."""
    table = new_table(GameSetup("backgammon", {"cube": False}, PEOPLE, seed=2))
    pick = random.Random(1)
    picked = 0

    def acts(t: Table) -> None:
        nonlocal picked
        if t.state.phase is m.Phase.ROLL:
            t.roll()
        elif t.waiting_pick_up():
            assert t.pick_up()
            picked += 1
        else:
            step_once(t, pick)

    play_on(table, person_acts=acts)
    states = [s for s in table.game.states if s.phase is m.Phase.MOVE and not s.is_over]
    forced = sum(1 for s in states if TurnInput(s, m.legal_plays(s)).forced is not None)
    plays = sum(1 for entry in table.log if entry["action"] == "play")
    assert table.state.is_over and forced > 0 and picked > 10
    assert plays == len(states) == picked + forced


def test_a_forced_play_is_named():
    """A forced play is made for the person and said in the notation (it was only
    "Forced play for Ivory": the men moved and nothing said how)."""
    table = new_table(GameSetup("backgammon", {"cube": False}, PEOPLE, seed=2))
    pick = random.Random(1)

    def acts(t: Table) -> None:
        if t.state.phase is m.Phase.ROLL:
            t.roll()
        elif t.waiting_pick_up():
            t.pick_up()
        else:
            step_once(t, pick)

    said = [e.text for e in play_on(table, person_acts=acts) if isinstance(e, ev.Said)]
    forced = [text for text in said if text.startswith("Forced play for")]
    assert forced and all(re.search(r": \S*/\S*", text) for text in forced), forced
