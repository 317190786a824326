"""Two networks of one variant against each other, greedy (no noise, no look-ahead).

    python -m benchmarks.versus VARIANT NEW.npz OLD.npz [--options name=value ...]
                                [--games 200] [--seed 99]

How a training run is judged before its weights replace the shipped ones: the
share of games the first network wins, taking each seat in turn with the same
dice for each round of seats, so the luck of the throw falls on both networks alike
(in El Mundo one seat against three of the other: an even share is a quarter).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from game.ai.evaluate import Evaluator
from game.ai.network import Network
from game.ai.selfplay import Greedy
from game.ai.train import parse_options, share_won
from game.rules.variants import find_variant


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.versus")
    parser.add_argument("variant")
    parser.add_argument("first", help="the network whose share is reported (.npz)")
    parser.add_argument("second", help="the network it plays against (.npz)")
    parser.add_argument("--options", nargs="*", default=[], metavar="NAME=VALUE")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=99)
    args = parser.parse_args(argv)
    variant = find_variant(args.variant, parse_options(args.options))
    first, second = (Evaluator(variant, Network.load(p)) for p in (args.first, args.second))
    share = share_won(variant, Greedy(first), Greedy(second), args.games, seed=args.seed)
    even = 1 / variant.players
    print(
        f"{args.variant} {dict(variant.options)}: {args.first} won {100 * share:.1f}% of "
        f"{args.games} games against {args.second} (even: {100 * even:.0f}%)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
