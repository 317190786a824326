"""Physical dice: every throw, the opening one included, is entered by hand."""

from __future__ import annotations

import pygame
from stepping import run_until  # tests/ui is on the path (rootdir-less import)

from game.play.session import GameSetup, Seat
from game.rules import match as m
from game.rules.replay import Replay, replay_states
from game.ui.scenes.board import BoardScene


def key(app, n):
    name = getattr(pygame, f"K_{n}")
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=name, mod=0, unicode=str(n)))


def steps(app, frames=30):
    for _ in range(frames):
        app.step(1 / 60)


def test_the_dice_entered_by_hand_are_the_dice_played(app):
    setup = GameSetup(
        "backgammon",
        {"cube": False},
        (Seat(human=False), Seat(human=False, level="beginner")),
        manual_dice=True,
    )
    board = BoardScene(app)
    app.push(board, setup)
    steps(app)
    entry = board.dice_entry
    assert entry is not None and entry.opening and entry.count == 2
    assert board.log == []  # nothing happens until the dice are in
    key(app, 4)
    key(app, 4)  # a tie: throw again
    assert board.dice_entry is not None and board.dice_entry.title.startswith("A tie")
    key(app, 3)
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode=""))
    key(app, 2)
    key(app, 5)  # side 1 starts with 5-2
    assert board.dice_entry is None
    first = board.game.states[0]
    assert first.on_roll == 1 and first.dice == (5, 2) and first.opening == (2, 5)
    rolled = []
    for dice in ((6, 6), (3, 1), (2, 4)):
        run_until(app, lambda: board.dice_entry is not None, 10)
        assert board.dice_entry is not None and not board.dice_entry.opening
        for d in dice:
            key(app, d)
        rolled.append(dice)
        steps(app, 5)
    throws = [e for e in board.log if e["action"] == "roll"]
    assert [tuple(e["dice"]) for e in throws] == rolled
    assert all(e["manual"] for e in throws)
    # The record and the opening rebuild the game, with no seed involved.
    replay = Replay(
        "backgammon",
        {"cube": False},
        seed=0,
        plays=tuple(board.log),
        match=board.start["match"],
        opening=tuple(board.start["opening"]),
    )
    assert replay_states(replay)[-1] == board.state
    assert board.state.phase in (m.Phase.MOVE, m.Phase.ROLL)
