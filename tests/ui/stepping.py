"""Helpers shared by the window's tests."""

from __future__ import annotations

import time
from collections.abc import Callable


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
        if frames >= seconds * 60:
            time.sleep(0.005)  # out of frames: leave the cores to the worker
    return False
