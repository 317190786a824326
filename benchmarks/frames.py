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

``--analysis``: the analysis scene's frames instead, while a whole backgammon game is
analysed by the expert in its own process beside the window (every frame drawn, paced
at 60 a second), then while its result is stepped through. Target: every frame under
20 ms.
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


def measure_analysis(
    size: tuple[int, int], seconds: float, cpu: list[float] | None = None
) -> tuple[list[float], list[float]]:
    """Frame times (ms) while a game is analysed beside the window, and while its result
    is stepped through (a key a frame). ``cpu`` gets each frame's processor time in the
    window's thread (ms), the whole run's: on a shared machine the wall clock also
    counts the time other programs had the processor."""
    cpu = [] if cpu is None else cpu
    import random
    from dataclasses import replace

    import pygame

    from game.ai.players import decide
    from game.rules import actions as a
    from game.rules import match as m
    from game.rules.replay import Replay
    from game.rules.variants import find_variant
    from game.store.settings import Settings
    from game.ui.app import App
    from game.ui.routes import AnalysisRequest, Route

    variant = find_variant("backgammon")
    replay = Replay(variant.id, dict(variant.options), 36, ())
    rng, pick = replay.dice(), random.Random(36)
    state = m.new_game(variant, rng)
    log = []
    while not state.is_over:
        action = decide(state, "intermediate", pick.randrange(1 << 30)) or a.throw(state, rng)
        log.append(a.action_to_json(state, action))
        state = a.apply_action(state, action)
    replay = replace(replay, plays=tuple(log))
    app = App(replace(Settings(), muted=True), persist=False)
    app.start(size)
    app.running = True
    working: list[float] = []
    stepping: list[float] = []
    try:
        scene = app.go(Route.ANALYSIS, AnalysisRequest(replay, ("Ivory", "Crimson"), "bench"))
        end = time.monotonic() + seconds
        while getattr(scene, "analysis", None) is None and time.monotonic() < end:
            started, used = time.perf_counter(), time.thread_time()
            app.step(1 / 60)
            app.draw()
            cpu.append((time.thread_time() - used) * 1000)
            elapsed = time.perf_counter() - started
            working.append(elapsed * 1000)
            time.sleep(max(0.0, 1 / 60 - elapsed))
        if getattr(scene, "analysis", None) is None:
            return working, stepping
        for n in range(240):
            key = pygame.K_RIGHT if n < 120 else pygame.K_LEFT
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
            started, used = time.perf_counter(), time.thread_time()
            app.step(1 / 60)
            app.draw()
            stepping.append((time.perf_counter() - started) * 1000)
            cpu.append((time.thread_time() - used) * 1000)
    finally:
        app.stop()
    return working, stepping


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
    parser.add_argument(
        "--analysis",
        action="store_true",
        help="the analysis scene's frames while a game is analysed beside it",
    )
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.split("x"))
    if args.analysis:
        cpu: list[float] = []
        working, stepping = measure_analysis((width, height), max(args.seconds, 120.0), cpu)
        where = "headless" if os.environ.get("SDL_VIDEODRIVER") == "dummy" else "on a display"
        print(f"analysis scene at {width}x{height} (update + draw, {where}):")
        if working:
            print(f"  while the game is analysed beside it: {summary(working)}")
            print(f"  slowest {max(working):.2f} ms; {sum(t > 20 for t in working)} over 20 ms")
        if stepping:
            print(f"  stepping through the result: {summary(stepping)}")
            print(f"  slowest {max(stepping):.2f} ms; {sum(t > 20 for t in stepping)} over 20 ms")
        else:
            print("  the analysis did not finish in time")
        if cpu:
            print(
                f"  the window's processor time a frame: median {statistics.median(cpu):.2f} ms, "
                f"slowest {max(cpu):.2f} ms; {sum(t > 20 for t in cpu)} over 20 ms"
            )
        return 0
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
