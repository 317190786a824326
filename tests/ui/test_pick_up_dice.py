"""At the board, a person's turn ends when they pick up the dice: a click on the dice,
Space or Enter (or Done); until then Backspace takes back the last move too. With the
setting "End the turn when the dice are used" it ends with the last move."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
import stepping  # tests/ui is on the path (rootdir-less import)
from stepping import click, press, run_until, step

from game.play.session import GameSetup, Seat
from game.ui.render import board_words

SETUP = GameSetup("backgammon", {"cube": False}, (Seat(), Seat(human=False)), seed=11)


def my_turn(app):
    """The board at the person's first move with a choice of plays."""
    return stepping.my_turn(app, SETUP)


def play_all_dice(app, scene):
    """Use every die, one move at a time as clicks would: the state it was played in."""
    state = scene.state
    turn = scene.turn
    while turn.complete() is None:
        src = sorted(turn.sources())[0]
        scene.make(next(iter(turn.moves_from(src).values())))
        assert run_until(app, lambda: not scene.busy)
    step(app, 30)  # half a second: the turn still waits
    assert scene.state is state and scene.table.waiting_pick_up()
    return state


def assert_played(scene, state, board) -> None:
    """The person's play, leaving ``board``, was made from ``state`` (the computer may
    have rolled since)."""
    states = scene.table.game.states
    assert scene.state is not state and state in states
    assert states[states.index(state) + 1].position.board == board


def dice_point(scene):
    x, y, w, h = scene.view.layout.dice_area
    return int(x + w / 2), int(y + h / 2)


def test_a_click_on_the_dice_ends_the_turn(app):
    scene = my_turn(app)
    state = play_all_dice(app, scene)
    assert dict(board_words.wanted_buttons(scene)).get("done") == "Done"
    assert "click the dice or press Space" in board_words.prompt(scene, scene.state)
    board = scene.turn.position.board
    click(app, dice_point(scene))
    assert_played(scene, state, board)


@pytest.mark.parametrize("key", [pygame.K_SPACE, pygame.K_RETURN])
def test_space_or_enter_ends_the_turn(app, key):
    scene = my_turn(app)
    state = play_all_dice(app, scene)
    board = scene.turn.position.board
    press(app, key)
    assert_played(scene, state, board)


def test_backspace_takes_back_the_last_move_after_all_dice_are_used(app):
    scene = my_turn(app)
    state = play_all_dice(app, scene)
    turn = scene.turn
    made = list(turn.moves)
    press(app, pygame.K_BACKSPACE)
    assert scene.state is state and turn.moves == made[:-1] and turn.complete() is None
    assert scene.shown.board == turn.position.board  # the man is back where it was
    click(app, dice_point(scene))  # the dice cannot be picked up before they are used
    assert scene.state is state and "done" not in dict(board_words.wanted_buttons(scene))
    scene.make(made[-1])
    assert run_until(app, lambda: not scene.busy)
    board = turn.position.board
    press(app, pygame.K_SPACE)
    assert_played(scene, state, board)


def test_the_setting_ends_the_turn_with_the_last_move(app):
    app.settings = replace(app.settings, end_turn_at_once=True)
    scene = my_turn(app)
    state = scene.state
    turn = scene.turn
    while turn.complete() is None:
        src = sorted(turn.sources())[0]
        scene.make(next(iter(turn.moves_from(src).values())))
        assert run_until(app, lambda: not scene.busy)
    assert run_until(app, lambda: scene.state is not state, seconds=2)


def test_space_pressed_while_the_last_man_slides_still_picks_up_the_dice(app):
    """A fast pick-up (issue 45): Space pressed while the last move of the play is still
    sliding finishes the slide and ends the turn; it used to be lost, the buttons
    being those laid out while the man moved (none)."""
    app.settings = replace(app.settings, animation="normal")
    scene = my_turn(app)
    scene.timeline.speed = app.settings.speed
    state = scene.state
    turn = scene.turn
    while True:
        src = sorted(turn.sources())[0]
        scene.make(next(iter(turn.moves_from(src).values())))
        if turn.complete() is not None:
            break
        assert run_until(app, lambda: not scene.busy)
    step(app)
    assert scene.busy  # the last man is still on its way
    board = scene.turn.position.board
    press(app, pygame.K_SPACE)
    assert run_until(app, lambda: scene.state is not state, 5)
    assert_played(scene, state, board)
