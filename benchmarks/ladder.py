"""The ladder: levels playing each other, and their thinking time (``make bench``).

    python -m benchmarks.ladder [--variant backgammon] [--games 400] [--pairs a:b ...]

Each pair plays ``--games`` games (single games, no cube), alternating who
starts; reported: the share the higher level wins, and the median and 95th
percentile thinking time per move of each level.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence

from game.ai.players import choose_play
from game.rules import match as m
from game.rules.variants import find_variant

DEFAULT_PAIRS = (
    "beginner:novice",
    "intermediate:beginner",
    "advanced:intermediate",
    "expert:advanced",
    "expert:novice",
)


def play_game(variant_id: str, levels: tuple[str, str], seed: int, times: dict[str, list[float]]):
    options = {"cube": False} if variant_id == "backgammon" else {}
    variant = find_variant(variant_id, options)
    rng = random.Random(seed)
    state = m.new_game(variant, rng)
    while not state.is_over:
        if state.phase is m.Phase.ROLL:
            state = m.roll(state, rng)
            continue
        level = levels[state.to_act]
        started = time.perf_counter()
        play = choose_play(state, level, rng.getrandbits(32))
        times[level].append(time.perf_counter() - started)
        state = m.play(state, play)
    return state.winner


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ladder")
    parser.add_argument("--variant", default="backgammon")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--expert-games", type=int, default=100)
    parser.add_argument("--pairs", nargs="*", default=list(DEFAULT_PAIRS))
    args = parser.parse_args(argv)
    times: dict[str, list[float]] = defaultdict(list)
    print(f"ladder, {args.variant}:")
    for pair in args.pairs:
        high, low = pair.split(":")
        games = args.expert_games if "expert" in (high, low) else args.games
        wins = 0
        for game in range(games):
            levels = (high, low) if game % 2 == 0 else (low, high)
            winner = play_game(args.variant, levels, 1000 + game, times)
            wins += winner is not None and levels[winner] == high
        print(f"  {high} beats {low}: {wins / games:.1%} of {games} games", flush=True)
    for level, spent in sorted(times.items()):
        print(
            f"  thinking, {level}: median {statistics.median(spent) * 1000:.1f} ms, "
            f"95th percentile {percentile(spent, 0.95) * 1000:.1f} ms over {len(spent)} moves"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
