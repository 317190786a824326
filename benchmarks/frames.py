"""Frame time of the board during animation, headless: ``make bench``.

    python -m benchmarks.frames [--size 1920x1080] [--seconds 20] [--variants ...]

Computer plays computer with animations on (normal speed) under the dummy
video driver, in fixed 1/60 s steps; each frame's update + draw time is
recorded (no flip, no waiting). Reported per variant: the median and 95th
percentile in milliseconds, over the frames in which something was moving
(dice tumbling or men sliding), and over those in which a computer seat was
thinking (``--level expert``: its search runs in a worker thread beside the
window's); with the count of frames over 16.7 ms (a dropped frame at 60 per
second). Target: median under 4 ms at 1920x1080.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Sequence

from benchmarks import percentile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def measure(
    variant_id: str, size: tuple[int, int], seconds: float, level: str = "novice"
) -> tuple[list[float], list[float]]:
    """Frame times (ms) while something moved, and while a computer seat was thinking."""
    from dataclasses import replace

    from game.play.session import GameSetup, Seat
    from game.rules.variants import find_variant
    from game.store.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.board import BoardScene

    app = App(replace(Settings(), muted=True), persist=False)
    app.demo = True
    app.start(size)
    players = find_variant(variant_id).players
    scene = BoardScene(app)
    seats = (Seat(human=False, level=level),) * players
    app.push(scene, GameSetup(variant_id, seats=seats, seed=1))
    app.running = True
    times: list[float] = []
    thinking: list[float] = []
    try:
        for _ in range(round(seconds * 60)):
            moving = scene.busy
            started = time.perf_counter()
            app.step(1 / 60)
            elapsed = (time.perf_counter() - started) * 1000
            if moving:
                times.append(elapsed)
            elif scene.pending is not None and not scene.pending.done():
                thinking.append(elapsed)
    finally:
        app.stop()
    return times, thinking


def summary(times: list[float]) -> str:
    p95 = percentile(times, 0.95)
    slow = sum(t > 1000 / 60 for t in times)
    return (
        f"median {statistics.median(times):.2f} ms, 95th percentile {p95:.2f} ms, "
        f"{slow} over 16.7 ms, of {len(times)} frames"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.frames")
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument(
        "--variants",
        nargs="*",
        default=["backgammon", "lombardorum", "el_mundo", "duodecim"],
    )
    parser.add_argument(
        "--level",
        default="novice",
        help="the computer seats' level (expert: frames while it thinks)",
    )
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.split("x"))
    print(
        f"frame time at {width}x{height}, {args.level} seats (update + draw, headless; "
        "the expert thinks in a worker thread):"
    )
    for variant_id in args.variants:
        times, thinking = measure(variant_id, (width, height), args.seconds, args.level)
        if not times:
            print(f"  {variant_id}: no animated frames")
            continue
        print(f"  {variant_id}, animating: {summary(times)}", flush=True)
        if thinking:
            print(f"  {variant_id}, while a seat thinks: {summary(thinking)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
