"""A second backgammon network for late contact positions, as GNU Backgammon keeps
networks of its own for kinds of position that play differently.

    python -m game.ai.late backgammon --resume W.npz --data G.npz ...
                           [--rollouts R.npz ... --repeat 2] [--home 9]
                           [--epochs 20] [--rate 0.0003] [--seed 28] --out N.npz

Late in a game the network misjudges whole kinds of position by a quarter of a point
and more (a side bearing in against a man it has closed out, a lone man left in the
other's home board), and fitting one network to rollouts of them moves its values
everywhere else too. So the late positions get a network of their own: positions
still in contact where a side has at least ``--home`` men home or off
(``evaluate.late_contact``). It starts as ``W``'s network and is fitted (as
``distill`` fits: Adam on squared error, a tenth held out) to the late positions of
the saved gatherings ``--data`` and of the rollout files ``--rollouts``
(``game.ai.rollout``), each rollout counted ``--repeat`` times. The output holds
``W``'s network unchanged and the new one beside it; the evaluation asks the second
wherever a position is late. GNU Backgammon never teaches here.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from game.ai.distill import fit, load_data
from game.ai.encode import Scheme
from game.ai.evaluate import late_contact
from game.ai.network import Network, resumed_from
from game.rules.errors import RulesError
from game.rules.variants import find_variant
from game.rules.variants.base import Variant


def late_rows(scheme: Scheme, variant: Variant, x: np.ndarray, home: int) -> np.ndarray:
    """Which rows of the inputs ``x`` are of late contact positions."""
    return late_contact(scheme.decode_boards(x), variant.bear_from, home)


def fit_late(
    net: Network,
    scheme: Scheme,
    variant: Variant,
    data: tuple[np.ndarray, np.ndarray],
    rollouts: tuple[np.ndarray, np.ndarray],
    repeat: int,
    home: int,
    epochs: int,
    rate: float,
    seed: int,
) -> tuple[Network, int, tuple[float, float]]:
    """``net``'s first network with a late network beside it, fitted from a copy of the
    first to the late rows of ``data`` and of ``rollouts`` (inputs, targets), the
    rollouts counted ``repeat`` times; the rows fitted and the held-out error before
    and after."""
    xs, ts = [], []
    for (x, t), times in ((data, 1), (rollouts, repeat)):
        rows = late_rows(scheme, variant, x, home)
        xs += [x[rows]] * times
        ts += [t[rows]] * times
    x, t = np.concatenate(xs), np.concatenate(ts)
    w1, b1, w2, b2 = (p.copy() for p in net.params)
    late = Network(w1, b1, w2, b2)
    error = fit(late, x, t, epochs, rate, seed)
    return Network(net.w1, net.b1, net.w2, net.b2, late, home), len(x), error


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ai.late", description=__doc__)
    parser.add_argument("variant")
    parser.add_argument("--resume", type=Path, required=True, help="the network to add to")
    parser.add_argument("--data", type=Path, nargs="+", required=True, help="saved gatherings")
    parser.add_argument("--rollouts", type=Path, nargs="*", default=[], help="rollout files")
    parser.add_argument("--repeat", type=int, default=2, help="times each rollout is counted")
    parser.add_argument("--home", type=int, default=9, help="men home or off that make it late")
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--rate", type=float, default=0.0003)
    parser.add_argument("--seed", type=int, default=28, help="shuffles the fit")
    parser.add_argument("--out", type=Path, required=True, help="the weights file to write")
    args = parser.parse_args(argv)
    command = list(sys.argv[1:] if argv is None else argv)
    if args.variant != "backgammon":
        parser.error("a late network is for backgammon (its inputs are decoded to boards)")
    if args.repeat < 1 or args.epochs < 0:
        parser.error("--repeat must be at least 1, --epochs at least 0")
    if not 0 <= args.home <= 15:
        parser.error("--home is a count of men: 0 to 15")
    variant = find_variant(args.variant)
    scheme = Scheme.for_variant(variant)
    try:
        net = Network.load(args.resume)
        if net.inputs != scheme.inputs or net.outputs != scheme.outputs:
            raise ValueError(f"{args.resume} does not fit {args.variant}'s inputs and outputs")
        data, data_records = load_data(args.data, scheme.inputs)
        if args.rollouts:
            rolled, rollout_records = load_data(args.rollouts, scheme.inputs)
            rollouts = (rolled.x, rolled.targets)
        else:
            rollouts, rollout_records = (data.x[:0], data.targets[:0]), []
    except (ValueError, RulesError, OSError, KeyError) as exc:
        parser.error(str(exc))
    started = time.time()
    out, positions, (before, after) = fit_late(
        net,
        scheme,
        variant,
        (data.x, data.targets),
        rollouts,
        args.repeat,
        args.home,
        args.epochs,
        args.rate,
        args.seed,
    )
    seconds = time.time() - started
    print(
        f"{positions} late rows; held-out squared error {before:.6f} -> {after:.6f} "
        f"({seconds:.0f} s)",
        flush=True,
    )
    record = {
        "variant": args.variant,
        "command": "python -m game.ai.late " + " ".join(command),
        "late": {
            "home": args.home,
            "positions": positions,
            "repeat": args.repeat,
            "epochs": args.epochs,
            "rate": args.rate,
            "seed": args.seed,
            "held_out_error": {"before": round(before, 7), "after": round(after, 7)},
            "seconds": round(seconds),
            "data": data_records,
            "rollouts": rollout_records,
        },
        "resumed_from": resumed_from(args.resume),
    }
    out.save(args.out, record)
    return 0


if __name__ == "__main__":
    sys.exit(main())
