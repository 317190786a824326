"""Helpers shared by the window's tests."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame


def run_until(app, predicate: Callable[[], bool], seconds: float = 120.0) -> bool:
    """Step the app in 1/60 s frames until ``predicate()`` holds.

    Gives up only when both ``seconds`` of game time and ``seconds`` of wall-clock time
    have passed: the computer's moves, hints and the luck of the dice are worked out in
    worker threads at the machine's pace, so a slow machine must not fail a test by
    running out of frames while a worker is still busy.
    """
    deadline = time.monotonic() + seconds
    frames = 0
    while frames < seconds * 60 or time.monotonic() < deadline:
        app.step(1 / 60)
        frames += 1
        if predicate():
            return True
        # A frame's rest, as the window takes between frames: a worker thread (the
        # computer's move, a hint) gets the interpreter as it would in play.
        time.sleep(0.005 if frames >= seconds * 60 else 0.001)
    return False


def step(app, frames: int = 1) -> None:
    """``frames`` frames of 1/60 s."""
    for _ in range(frames):
        app.step(1 / 60)


def press(app, key: int) -> None:
    """A key posted as the window would, then two frames."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    step(app, 2)


def click(app, point) -> None:
    """A click posted as the window would, then two frames."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=1))
    step(app, 2)


def my_turn(app, setup):
    """A board for ``setup`` at the person's first move with a choice of plays."""
    from game.rules import match as m
    from game.ui.scenes.board import BoardScene

    scene = BoardScene(app)
    app.push(scene, setup)

    def ready() -> bool:
        if scene.state.phase is m.Phase.ROLL and "roll" in scene.buttons:
            scene.press("roll")
        turn = scene.turn
        return (
            turn is not None
            and turn.state is scene.state
            and turn.forced is None
            and not scene.busy
            and scene.human_to_act()
        )

    assert run_until(app, ready)
    step(app)
    return scene
