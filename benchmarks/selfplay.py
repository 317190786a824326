"""Self-play training speed on one core and on several: ``make bench``.

    python -m benchmarks.selfplay [--variant backgammon] [--workers 1 2] [--seconds 30]
                                  [--batch 16] [--seed 1]

For each number of workers, a training run as ``python -m game.ai.train`` makes it
(rounds of ``--batch`` games by the shipped network, learned from in order; no
checks) for about ``--seconds`` seconds, after a first round that starts the
workers and is not timed. Reported: games a second, and the speed-up over the
first count of workers. The shipped weights are copied, never changed.

The same seed gives the same network on any number of workers (tested in
tests/ai/test_training.py); this only measures how much sooner it comes.
"""

from __future__ import annotations

import argparse
import copy
import sys
import time
from collections.abc import Sequence

from game.ai import selfplay
from game.ai.encode import Scheme
from game.ai.players import network_for
from game.ai.train import self_play_rounds
from game.rules.variants import find_variant


def games_per_second(variant_id: str, workers: int, seconds: float, batch: int, seed: int) -> float:
    """Games a second of a training run of ``variant_id`` on ``workers`` workers."""
    variant = find_variant(variant_id)
    shipped = network_for(variant)
    if shipped is None:
        raise SystemExit(f"{variant_id} has no trained network")
    net = copy.deepcopy(shipped)  # learning changes it in place
    scheme = Scheme.for_network(variant, net.inputs) or Scheme.for_variant(variant)
    runner = selfplay.runner(workers)
    try:
        rounds = self_play_rounds(variant, net, scheme, runner, seed, batch, 10**9, 1.0, 0.001)
        first, _ = next(rounds)  # the workers start and warm up
        started = time.perf_counter()
        last = first
        while time.perf_counter() - started < seconds:
            last, _ = next(rounds)
        return (last - first) / (time.perf_counter() - started)
    finally:
        runner.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.selfplay")
    parser.add_argument("--variant", default="backgammon")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"self-play training, {args.variant}, rounds of {args.batch} games:")
    base = None
    for workers in args.workers:
        rate = games_per_second(args.variant, workers, args.seconds, args.batch, args.seed)
        base = base or rate
        print(f"  {workers} worker(s): {rate:.2f} games/s ({rate / base:.2f}x)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
