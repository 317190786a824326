"""CPU the window uses while nothing happens, headless: ``make bench``.

    python -m benchmarks.idle [--seconds 10] [--size 1280x800]

The real app (its own loop, its own clock: ``App.run``) under the dummy video driver,
first on the main menu left alone, then on a board where a person is to roll (no hint,
nothing moving), each for ``--seconds`` of wall-clock time. Reported: the CPU time
the process used (every thread's: ``time.process_time``) as a share of one core.
Target: under 2% of a core for each ("idle means idle", issue 22). A share of a core
is only as steady as the machine is quiet: on a busy one, the frames drawn (the
menu's gold dust at 15 a second, the board's one look a second) are the steadier
figure.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
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


def measure(which: str, seconds: float, size: tuple[int, int]) -> tuple[float, int]:
    """The share of one core (%) the app used over ``seconds`` left alone on ``which``,
    and the frames it drew meanwhile."""
    from dataclasses import replace

    from game.store.settings import Settings
    from game.ui.app import App

    app = App(replace(Settings(), muted=True), persist=False)
    app.start(size)
    app.running = True
    try:
        still = SCENES[which](app)
        deadline = time.monotonic() + 60
        while not still():  # bring it to rest (the opening throw, the computer's play)
            app.step(1 / 60)
            if time.monotonic() > deadline:
                raise RuntimeError(f"the {which} never came to rest")
            time.sleep(0.001)
        app.run(seconds=0.5)  # settle: the last frames of what moved
        draws = app.draws
        cpu, wall = time.process_time(), time.monotonic()
        app.run(seconds=seconds)
        cpu, wall = time.process_time() - cpu, time.monotonic() - wall
        if not still():
            raise RuntimeError(f"the {which} did not stay still")
        return 100 * cpu / wall, app.draws - draws
    finally:
        app.stop()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.idle")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--scenes", nargs="+", choices=sorted(SCENES), default=["menu", "board"])
    args = parser.parse_args(argv)
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"--size must look like 1280x800, not {args.size!r}")
    for which in args.scenes:
        share, draws = measure(which, args.seconds, (width, height))
        verdict = "ok" if share < TARGET else f"over the {TARGET:g}% target"
        print(
            f"{which:6} left alone {args.seconds:g} s at {width}x{height}: "
            f"{share:.1f}% of one core, {draws} frames drawn ({verdict})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
