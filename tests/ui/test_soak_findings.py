"""What the soak (tests/ui/test_soak.py) found, each kept as a test of its own."""

from __future__ import annotations

import random
from dataclasses import replace

import pygame
import pytest
from stepping import run_until  # tests/ui is on the path (rootdir-less import)

from game.play.session import GameSetup, Seat
from game.rules import match as m
from game.store.settings import Settings
from game.ui.app import App
from game.ui.routes import NextGame
from game.ui.scenes.board import BoardScene


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    app = App(replace(Settings(), muted=True, animation="instant"), persist=False)
    app.start((1280, 800))
    app.running = True
    yield app
    app.stop()


def click(app, pos):
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def settle(app, board):
    """Step until a person is to act and nothing moves, then draw (the buttons are laid)."""
    assert run_until(app, lambda: board.state.is_over or (board.human_to_act() and not board.busy))
    app.draw()


def test_a_double_click_on_roll_rolls_once(app):
    """Two clicks on Roll in one frame: the second found the Roll button of the last drawing
    still there and rolled again in the move phase (IllegalPlayError)."""
    board = BoardScene(app)
    app.push(board, GameSetup("duodecim", seats=(Seat(), Seat()), seed=4))
    while board.state.phase is not m.Phase.ROLL:
        settle(app, board)
        board.commit(m.legal_plays(board.state)[0], animate=False)
    settle(app, board)
    assert "roll" in board.buttons
    roll = board.buttons["roll"].center
    click(app, roll)
    click(app, roll)  # the same frame: nothing drawn in between
    for _ in range(5):
        app.step(1 / 60)
    assert board.state.phase is m.Phase.MOVE
    assert [e.get("action") for e in board.log].count("roll") == 1


@pytest.mark.parametrize("seed", [1])
def test_no_button_left_from_the_last_drawing_breaks_the_game(app, seed):
    """Property, over a backgammon match with the cube between two people: at every
    decision, one button is clicked, then every button of the same drawing (now out of
    date) is clicked too; each either acts on the game as it stands or does nothing."""
    rng = random.Random(seed)
    board = BoardScene(app)
    setup = GameSetup("backgammon", {"match_length": 3}, (Seat(), Seat()), seed=seed)
    app.push(board, setup)
    clicked = 0
    while clicked < 50:
        settle(app, board)
        if board.state.is_over:  # the next game of the match (a new match once it is won)
            state = board.state
            board = BoardScene(app)
            next_game = NextGame(setup, state) if state.match.winner is None else setup
            app.stack.clear_to(board, next_game)
            continue
        if board.state.phase is m.Phase.MOVE and board.turn is not None:
            play = rng.choice(board.turn.plays)
            for step in play:  # made as a person would: man by man
                move = board.turn.moves_from(step.src).get(step.dst)
                if move is None:
                    break
                board.make(move)
            if board.turn.complete() is None:  # a man's steps chained otherwise
                board.commit(play, animate=False)
                continue
            app.draw()
        names = list(board.buttons)
        if not names:
            continue
        rects = dict(board.buttons)
        first = rng.choice(names)
        click(app, rects[first].center)
        for name in names:
            click(app, rects[name].center)
        clicked += 1
