"""CPU the window uses while nothing happens, headless: ``make bench``.

    python -m benchmarks.idle [--seconds 10] [--repeats 3] [--size 1280x800]

The real app (its own loop, its own clock: ``App.run``) under the dummy video driver,
first on the main menu left alone, then on a board where a person is to roll (no hint,
nothing moving). Each is first brought to rest (the board's opening played out, the
menu's gold dust settled: ``game.ui.scenes.base.SETTLE`` quiet seconds), then measured
``--repeats`` times for ``--seconds`` of wall-clock time each. Reported for each: the
CPU time the process used (every thread's: ``time.process_time``) as a share of one
core, the median of the repeats and each of them; the frames drawn in each (a still
window draws none); and how long it took to come to rest. Target: under 2% of a core
("idle means idle", issue 22). A share of a core is only as steady as the machine is
quiet; the frames drawn do not depend on it.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

TARGET = 2.0  # % of one core


def _menu(app: Any) -> Callable[[], bool]:
    from game.ui.scenes.menu import MenuScene

    app.push(MenuScene(app))
    return lambda: True


def _board(app: Any) -> Callable[[], bool]:
    """A board where a person is to roll: backgammon, a person against the computer,
    seed 1 (the computer wins the opening throw, plays, and then it is the person's)."""
    from game.play.session import GameSetup, Seat
    from game.rules import match as m
    from game.ui.scenes.board import BoardScene

    scene = BoardScene(app)
    app.push(scene, GameSetup("backgammon", seats=(Seat(), Seat(human=False)), seed=1))

    def still() -> bool:
        return (
            scene.state.phase is m.Phase.ROLL
            and scene.human_to_act()
            and not scene.busy
            and not scene.effects
            and scene.pending is None
        )

    return still


SCENES: dict[str, Callable[[Any], Callable[[], bool]]] = {"menu": _menu, "board": _board}


@dataclass(frozen=True)
class Measure:
    """What ``measure`` saw: the CPU share (% of one core) and frames drawn in each
    repeat, and the time (s) and frames it took to come to rest."""

    shares: tuple[float, ...]
    draws: tuple[int, ...]
    settle_seconds: float
    settle_draws: int

    @property
    def share(self) -> float:
        return statistics.median(self.shares)


def measure(which: str, seconds: float, size: tuple[int, int], repeats: int = 3) -> Measure:
    """Leave the app alone on ``which`` until it is at rest, then ``repeats`` times for
    ``seconds``: the share of one core it used and the frames it drew."""
    from game.store.settings import Settings
    from game.ui.app import App

    app = App(replace(Settings(), muted=True), persist=False)
    app.start(size)
    app.running = True
    try:
        still = SCENES[which](app)
        opened, draws = time.monotonic(), app.draws
        deadline = opened + 60
        while not still():  # the opening throw, the computer's play
            app.step(1 / 60)
            if time.monotonic() > deadline:
                raise RuntimeError(f"the {which} never came to rest")
            time.sleep(0.001)
        while app.idle_for() != math.inf:  # the last frames of what moved, the dust settling
            app.run(seconds=0.25)
            if time.monotonic() > deadline:
                raise RuntimeError(f"the {which} never settled (it still asks to be drawn)")
        settle_seconds, settle_draws = time.monotonic() - opened, app.draws - draws
        shares: list[float] = []
        drawn: list[int] = []
        for _ in range(repeats):
            draws = app.draws
            cpu, wall = time.process_time(), time.monotonic()
            app.run(seconds=seconds)
            cpu, wall = time.process_time() - cpu, time.monotonic() - wall
            shares.append(100 * cpu / wall)
            drawn.append(app.draws - draws)
            if not still():
                raise RuntimeError(f"the {which} did not stay still")
        return Measure(tuple(shares), tuple(drawn), settle_seconds, settle_draws)
    finally:
        app.stop()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.idle")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--scenes", nargs="+", choices=sorted(SCENES), default=["menu", "board"])
    args = parser.parse_args(argv)
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"--size must look like 1280x800, not {args.size!r}")
    if args.seconds <= 0 or args.repeats < 1:
        parser.error("--seconds must be above 0 and --repeats at least 1")
    for which in args.scenes:
        seen = measure(which, args.seconds, (width, height), args.repeats)
        verdict = "ok" if seen.share < TARGET else f"over the {TARGET:g}% target"
        each = ", ".join(f"{share:.1f}" for share in seen.shares)
        print(
            f"{which:6} left alone {args.seconds:g} s at {width}x{height}: "
            f"{seen.share:.1f}% of one core (median of {args.repeats}: {each}), "
            f"frames drawn {', '.join(map(str, seen.draws))} ({verdict}); "
            f"at rest {seen.settle_seconds:.1f} s after it opened, {seen.settle_draws} frames",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
