"""What the board says and offers, without a window: ``board_words`` reads a stand-in
for the scene (only the names of ``BoardReader``) and the rules' states."""

from __future__ import annotations

import random
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

from game.play.session import Seat
from game.play.turn import TurnInput
from game.rules import actions as a
from game.rules import match as m
from game.rules.position import position_from_counts
from game.rules.variants import find_variant
from game.ui.render import board_words as w

NAMES = ("Ivory", "Crimson")


def board(state: m.GameState, **changes: Any) -> SimpleNamespace:
    """A stand-in for the board scene: two people, nothing moving, nothing said."""
    seats = changes.pop("seats", (Seat(), Seat()))
    fields: dict[str, Any] = {
        "state": state,
        "message": "",
        "message_time": 0.0,
        "message_brief": False,
        "t": 10.0,
        "review": None,
        "tutor_card": None,
        "hint_card": None,
        "turn": None,
        "busy": False,
        "dice_entry": None,
        "throw_prompt": None,
        "resigning": False,
        "replaying": None,
        "looking": None,
        "last_plays": {},
        "last_named": {},
        "log": [],
        "offered": False,
        "seat": lambda side: seats[side],
        "side_name": lambda side: NAMES[side],
        "human_to_act": lambda: not state.is_over and seats[state.to_act].human,
        "result_words": lambda s: f"{NAMES[s.winner]} wins",
        "dice_text": lambda dice: "-".join(str(d) for d in dice),
    }
    fields.update(changes)
    scene = SimpleNamespace(**fields)
    scene.hint_offered = lambda: scene.offered
    return scene


def rolling(cube: bool = True) -> m.GameState:
    variant = find_variant("backgammon", {"cube": cube})
    return m.GameState(
        variant, variant.start_position(), m.Phase.ROLL, match=m.match_from_options(variant)
    )


def opening() -> m.GameState:
    return m.new_game(find_variant("backgammon", {"cube": False}), random.Random(3))


def test_a_person_on_roll_is_told_to_roll_and_may_double():
    state = rolling()
    scene = board(state)
    name = NAMES[state.to_act]
    assert w.prompt(scene, state) == f"{name}: roll the dice (Space)"
    assert w.wanted_buttons(scene) == [("roll", "Roll"), ("double", "Double")]
    assert w.wanted_buttons(board(rolling(cube=False))) == [("roll", "Roll")]


def test_a_double_offered_and_a_resignation_offered():
    offered = m.double(rolling())
    scene = board(offered)
    assert w.prompt(scene, offered) == f"{NAMES[offered.to_act]}: take or drop the double"
    assert [name for name, _ in w.wanted_buttons(scene)][:2] == ["take", "drop"]
    resigned = m.resign(rolling(), 2)
    scene = board(resigned)
    assert w.prompt(scene, resigned).endswith("accept the resignation of a gammon, or play on")
    assert w.wanted_buttons(scene) == [("accept", "Accept"), ("reject", "Reject")]


def test_the_words_of_a_move():
    state = opening()
    name, dice = NAMES[state.to_act], "-".join(map(str, state.dice))
    turn = TurnInput(state, m.legal_plays(state))
    scene = board(state, turn=turn, offered=True)
    assert w.prompt(scene, state) == f"{name} to play {dice}"
    assert w.wanted_buttons(scene) == [("hint", "Hint")]
    scene.resigning = True
    assert [n for n, _ in w.wanted_buttons(scene)] == ["resign1", "resign2", "resign3", "cancel"]
    scene.resigning = False
    scene.review = (state, m.legal_plays(state)[0])
    assert w.prompt(scene, state) == w.CHECKING
    assert w.wanted_buttons(scene) == []  # the tutor has the word
    scene.review, scene.tutor_card = None, object()
    assert w.prompt(scene, state) == f"{name}: take the play back, or keep it"
    scene.tutor_card = None
    src = sorted(turn.sources())[0]
    turn.make(next(iter(turn.moves_from(src).values())))
    assert ("undo", "Undo") in w.wanted_buttons(scene)
    while turn.complete() is None:
        turn.make(next(iter(turn.moves_from(sorted(turn.sources())[0]).values())))
    ends = "click the dice or press Space to end the turn; Backspace undoes"
    assert w.prompt(scene, state) == f"{name}: {ends}"
    assert w.wanted_buttons(scene)[-1] == ("done", "Done")
    assert ("hint", "Hint") not in w.wanted_buttons(scene)  # only the pick-up is left


def test_the_prompt_says_what_is_left_to_play_once_a_die_is_used():
    """After one step the prompt names the dice still to play, not the whole roll: for
    every roll, each step of the first legal play leaves the words of the dice left."""
    variant = find_variant("backgammon", {"cube": False})
    for d1 in range(1, 7):
        for d2 in range(d1, 7):
            state = m.GameState(variant, variant.start_position(), m.Phase.MOVE, dice=(d1, d2))
            turn = TurnInput(state, m.legal_plays(state))
            scene = board(state, turn=turn, offered=True)
            assert w.prompt(scene, state) == f"Ivory to play {d1}-{d2}"
            for step in m.legal_plays(state)[0][:-1]:
                turn.make(next(iter(turn.moves_from(step.src).values())))
                if turn.complete() is not None:
                    break
                left = turn.dice_remaining
                words = w.prompt(scene, state)
                assert words == f"Ivory: {w.dice_left_words(left)}"
                assert ("hint", "Hint") in w.wanted_buttons(scene)
                if d1 != d2:
                    assert words == f"Ivory: {left[0]} to play"
                else:
                    more = f"{len(left)} more {d1}s" if len(left) > 1 else f"{d1}"
                    assert words == f"Ivory: {more} to play"


def test_a_computer_thinks_and_nobody_has_buttons_then():
    state = opening()
    seats = (Seat(human=False), Seat(human=False))
    scene = board(state, seats=seats)
    assert w.prompt(scene, state) == f"{NAMES[state.to_act]} is thinking"
    assert w.prompt(scene, rolling()) == ""
    assert w.wanted_buttons(scene) == []


def test_nothing_is_offered_while_anything_moves_or_the_dice_are_asked_for():
    state = rolling()
    for change in ({"busy": True}, {"dice_entry": object()}, {"throw_prompt": object()}):
        assert w.wanted_buttons(board(state, **change)) == []


def test_the_result_and_the_message_line():
    over = m.concede(rolling(), 0)
    scene = board(over)
    assert w.prompt(scene, over) == f"{NAMES[over.winner]} wins"
    assert w.wanted_buttons(scene) == []
    scene.message, scene.message_time = "Crimson doubles", 8.0
    assert w.message_text(scene) == "Crimson doubles"  # said two seconds ago
    scene.t = 8.0 + w.MESSAGE_TIME + 0.1
    assert w.message_text(scene) == f"{NAMES[over.winner]} wins"  # then the prompt again


def test_a_replay_says_whose_decision_is_next_and_the_keys_not_that_anyone_thinks():
    """In a replay every seat is played from the record: nobody "is thinking"."""
    state = opening()
    seats = (Seat(human=False), Seat(human=False))
    record = SimpleNamespace(plays=[{}, {}, {}])
    scene = board(state, seats=seats, replaying=record, log=[{}])
    words = w.prompt(scene, state)
    assert "thinking" not in words
    assert words.startswith(NAMES[state.to_act]) and "Right or Space" in words
    assert w.message_text(scene) == words  # nothing said lately: the prompt
    scene.log = [{}, {}, {}]
    assert w.prompt(scene, state) == "The record ends here: Left goes back"
    over = m.concede(rolling(), 0)
    assert w.prompt(board(over, seats=seats, replaying=record), over) == f"{NAMES[1]} wins"


def test_the_opening_throw_gives_way_once_a_person_has_something_to_do():
    """The opening throw's line is brief: the person who starts sees the prompt once the
    dice lie still (not four seconds later); other lines, and a computer's start, keep
    the message's full time."""
    from game.play import events as ev
    from game.play.session import GameSetup
    from game.play.table import Table

    table = Table(GameSetup("backgammon", {"cube": False}, seats=(Seat(), Seat()), seed=3))
    table.begin()
    said = [e for e in table.poll() if isinstance(e, ev.Said)]
    assert said and said[-1].text.startswith("Opening throw") and said[-1].brief
    state = opening()
    name, dice = NAMES[state.to_act], "-".join(map(str, state.dice))
    line = f"Opening throw 5 and 3: {name} starts"
    scene = board(state, message=line, message_time=10.0, message_brief=True, t=10.5)
    assert w.message_text(scene) == line  # said just now: it is read first
    scene.t = 10.0 + w.BRIEF_TIME + 0.1
    assert w.message_text(scene) == f"{name} to play {dice}"  # the person's turn: the prompt
    scene.busy = True
    assert w.message_text(scene) == line  # while the dice still roll, the line stays
    computers = board(
        state,
        seats=(Seat(human=False), Seat(human=False)),
        message=line,
        message_time=10.0,
        message_brief=True,
        t=10.0 + w.BRIEF_TIME + 0.1,
    )
    assert w.message_text(computers) == line  # a computer starts: the line stays its time
    plain = board(state, message="Crimson doubles", message_time=10.0, t=10.0 + w.BRIEF_TIME + 0.1)
    assert w.message_text(plain) == "Crimson doubles"


def test_the_other_sides_last_play_stays_named_while_it_is_drawn():
    """What just happened stays said: while the other side's last play is drawn on the
    board, the person's prompt names it first (the message naming it lasts seconds)."""
    state = rolling()
    other = 1 - state.to_act
    name = NAMES[state.to_act]
    named = {other: "Crimson played 13/10 13/8"}
    scene = board(state, last_plays={other: ("before", "play")}, last_named=named)
    assert w.prompt(scene, state) == f"Crimson played 13/10 13/8  ·  {name}: roll the dice (Space)"
    scene.hint_card = object()  # not drawn under a hint: not named either
    assert w.prompt(scene, state) == f"{name}: roll the dice (Space)"
    moving = opening()
    turn = TurnInput(moving, m.legal_plays(moving))
    other = 1 - moving.to_act
    scene = board(moving, turn=turn, last_plays={other: ("b", "p")}, last_named={other: "X"})
    assert w.prompt(scene, moving).startswith("X  ·  ")
    src = sorted(turn.sources())[0]
    turn.make(next(iter(turn.moves_from(src).values())))  # a man moved: the trail goes
    assert not w.prompt(scene, moving).startswith("X")
    looked = board(state, last_plays={other: ("b", "p")}, last_named={other: "X"}, looking=0)
    assert not w.prompt(looked, state).startswith("X")


def test_choosing_how_much_to_resign_says_what_each_costs():
    """With the resignation buttons open the prompt asks how much, with the points each
    gives away at the cube's value (it still said to roll the dice)."""
    state = rolling()
    scene = board(state, resigning=True)
    name = NAMES[state.to_act]
    ask = (
        f"{name} resigns how much? A single game is 1 point, a gammon is 2 points, "
        "a backgammon is 3 points"
    )
    assert w.prompt(scene, state) == ask
    doubled = replace(state, cube=m.Cube(4, state.to_act))
    assert w.prompt(board(doubled, resigning=True), doubled).endswith(
        "is 4 points, a gammon is 8 points, a backgammon is 12 points"
    )


def acey_chain() -> list[m.GameState]:
    """Acey-Deucey's 1-2 chain: the 1-2 thrown, played; the double named; then thrown again."""
    variant = find_variant("acey_deucey", {"cube": True})
    rows = [{10: 2, 14: 2, 25: 0}, {25: 15}]
    pos = position_from_counts(rows, 24, to_act=0, hand=(11, 0))
    rolled = a.apply_action(
        m.GameState(variant, pos, m.Phase.ROLL, turn=4, opening=(5, 3)), a.Roll((2, 1))
    )
    naming = m.play(rolled, next(p for p in m.legal_plays(rolled) if len(p) == 2))
    named = a.apply_action(naming, a.NameDie(3))
    again = m.play(named, m.legal_plays(named)[0])
    return [rolled, naming, named, again]


def test_acey_deucey_names_a_double_after_the_1_2_then_rolls_again_without_the_cube():
    rolled, naming, named, again = acey_chain()
    assert w.prompt(board(rolled), rolled) == "Ivory to play 2-1"
    assert (naming.phase, naming.again, naming.dice) == (m.Phase.CHOOSE, True, ())
    assert w.prompt(board(naming), naming) == "Ivory: name a double to play four times"
    assert w.wanted_buttons(board(naming)) == [(f"choose{v}", f"{v}-{v}") for v in range(1, 7)]
    assert w.prompt(board(named), named) == "Ivory to play 3-3"
    assert (again.phase, again.again, again.to_act) == (m.Phase.ROLL, True, 0)
    assert w.prompt(board(again), again) == "Ivory: roll again (Space)"
    assert w.wanted_buttons(board(again)) == [("roll", "Roll")]  # no Double while again
    # The turn over, the same game offers the cube as a turn begins.
    assert ("double", "Double") in w.wanted_buttons(board(replace(again, again=False)))


def test_anglicorums_third_die_is_still_named_by_its_face():
    variant = find_variant("anglicorum", {"third_die": "player"})
    state = m.new_game(variant, random.Random(3))
    while state.phase is m.Phase.ROLL:
        state = m.roll(state, random.Random(3))
    assert state.phase is m.Phase.CHOOSE and not state.again
    assert w.prompt(board(state), state).endswith(": name the third die")
    assert [label for _, label in w.wanted_buttons(board(state))] == [str(v) for v in range(1, 7)]
