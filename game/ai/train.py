"""Train an evaluation by self-play with temporal differences (TD(lambda), as TD-Gammon).

    python -m game.ai.train VARIANT --games N --seed S [--options name=value ...]
                            [--hidden 80] [--out FILE] [--resume FILE] [--seconds T]
                            [--workers N | --ray ADDRESS] [--batch 16]

The network plays every side, greedily choosing the play whose position it
rates best (and, in Anglicorum, naming the die that serves it best). After each
game it learns, for every position in which a side was about to roll, the
lambda-return: a blend of its own estimate of the next such position and, at
the end, the real result (who won, and by how many points). Every ``--check``
games it plays ``--check-games`` games against random play and against the
network as it was at the previous check, and reports the share won; the
weights are saved (atomically) with a record of how they were made: the
command, the variant and options, the seed, games, time, and those checks.

The games are played in rounds of ``--batch`` games by the network as it stood
when the round began, on ``--workers`` processes of this machine or on a Ray
cluster (``--ray``; ``game.ai.selfplay``). The same seed and batch give the same
network whatever the number of workers.

``--explore E`` makes that share of self-play's plays at random (seeded by the
game's number): the network then meets positions its own plays avoid, as a weak
opponent brings them about (Plakoto's pinned mother, measured to lose the expert
games against random play that it rated won).

The default lambda is 1 (the game's real result for every position): measured
on backgammon, 2,000 games at lambda 1 beat random play 99% of the time, while
lambda 0.7 at the step sizes tried stayed near 50%.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import numpy as np

from game.ai import selfplay
from game.ai.arena import Player, RandomPlayer, play_game, round_dice
from game.ai.encode import Scheme
from game.ai.evaluate import Evaluator
from game.ai.network import Network, resumed_from
from game.ai.selfplay import Greedy, Runner
from game.rules.errors import RulesError
from game.rules.outcome import Outcome
from game.rules.position import Position
from game.rules.variants import VARIANTS, find_variant
from game.rules.variants.base import Variant


def targets_for(
    scheme: Scheme, sides: Sequence[int], values: np.ndarray, outcome: Outcome, lam: float
) -> np.ndarray:
    """The lambda-returns of a game's positions (``sides``: the side to act in each),
    computed backwards from the result."""
    targets = np.empty_like(values)
    targets[-1] = scheme.result(outcome, sides[-1])
    for t in range(len(sides) - 2, -1, -1):
        turns = (sides[t] - sides[t + 1]) % scheme.players
        nxt = scheme.turn(values[t + 1], turns)
        targets[t] = (1.0 - lam) * nxt + lam * scheme.turn(targets[t + 1], turns)
    return targets


def widened(net: Network, old: Scheme, new: Scheme) -> Network:
    """``net`` reading ``new``'s inputs, which add features after each side's inputs of
    ``old``: the added inputs' weights are zero, so it evaluates as before (its late
    network, if it has one, widened alike)."""

    def widen(one: Network) -> Network:
        hidden = one.w1.shape[1]
        w1 = np.zeros((new.inputs, hidden), dtype=one.w1.dtype)
        for side in range(old.players):
            w1[side * new.side_inputs : side * new.side_inputs + old.side_inputs] = one.w1[
                side * old.side_inputs : (side + 1) * old.side_inputs
            ]
        return Network(w1, one.b1.copy(), one.w2.copy(), one.b2.copy())

    return _with_late(net, widen)


def grown(net: Network, hidden: int, seed: int) -> Network:
    """``net`` with ``hidden`` hidden units: the added units get small random input
    weights and zero output weights, so the network evaluates as before and learns
    to use them (its late network, if it has one, grown alike)."""
    inputs, old = net.w1.shape
    if hidden < old:
        raise ValueError(f"the network has {old} hidden units; it cannot shrink to {hidden}")
    rng = np.random.default_rng(seed)
    extra = hidden - old
    scale = 0.1 / np.sqrt(inputs)

    def grow(one: Network) -> Network:
        w1 = np.concatenate((one.w1, (rng.standard_normal((inputs, extra)) * scale)), axis=1)
        b1 = np.concatenate((one.b1, np.zeros(extra)))
        w2 = np.concatenate((one.w2, np.zeros((extra, one.w2.shape[1]))), axis=0)
        dtype = one.w1.dtype
        return Network(w1.astype(dtype), b1.astype(dtype), w2.astype(dtype), one.b2.copy())

    return _with_late(net, grow)


def _with_late(net: Network, change: Callable[[Network], Network]) -> Network:
    """``change`` made to ``net``'s first network and then to its late network, if it
    has one (a late network has the first's shape, so what reshapes one reshapes both)."""
    first = change(net)
    if net.late is not None:
        first.late, first.late_home = change(net.late), net.late_home
    return first


def learn(
    net: Network,
    scheme: Scheme,
    positions: Sequence[Position],
    outcome: Outcome,
    lam: float,
    rate: float,
) -> float:
    """TD(lambda) by the forward view: one batch step towards the lambda-returns."""
    sides = [p.to_act for p in positions]
    return learn_encoded(net, scheme, scheme.encode(positions), sides, outcome, lam, rate)


def learn_encoded(
    net: Network,
    scheme: Scheme,
    x: np.ndarray,
    sides: Sequence[int],
    outcome: Outcome,
    lam: float,
    rate: float,
) -> float:
    """``learn`` from a game's positions already encoded (``x``), ``sides`` to act."""
    targets = targets_for(scheme, sides, net.evaluate(x), outcome, lam)
    # ``rate`` is per position, as in TD-Gammon: the batch step sums over the game.
    return net.train(x, targets, rate * len(x))


def share_won(variant: Variant, me: Player, others: Player, games: int, seed: int) -> float:
    """Share of games ``me`` wins with every other seat played by ``others``. ``me``
    takes each seat in turn, and each round of seats is thrown the same dice (duplicate
    dice, as the UCT baseline plays): where one side's luck decides a game, as the
    opening hit does in Quinze Tablas, it decides it once for each side and cancels out."""
    wins = 0
    for game in range(games):
        seat = game % variant.players
        seats = [others] * variant.players
        seats[seat] = me
        dice = round_dice(seed, game, variant.players)
        wins += play_game(variant, seats, dice).winner == seat
    return wins / games


def versus_random(evaluator: Evaluator, games: int, seed: int) -> float:
    """Share of games the network wins against random legal play."""
    return share_won(
        evaluator.variant, Greedy(evaluator), RandomPlayer(random.Random(seed)), games, seed
    )


def parse_options(pairs: Sequence[str]) -> dict[str, object]:
    """``name=value`` pairs; values are read as JSON where they can be (true, 3)."""
    options: dict[str, object] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name:
            raise ValueError(f"an option is name=value, got {pair!r}")
        try:
            options[name] = json.loads(text)
        except json.JSONDecodeError:
            options[name] = text
    return options


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game.ai.train", description=__doc__)
    parser.add_argument("variant")
    parser.add_argument("--options", nargs="*", default=[], metavar="NAME=VALUE")
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--hidden",
        type=int,
        default=None,
        help="hidden units (80 for a new network; resuming, more grows the network: the "
        "added units start with zero output weights, so it begins as it was)",
    )
    parser.add_argument("--rate", type=float, default=0.02, help="learning rate per position")
    parser.add_argument("--lam", type=float, default=1.0, help="TD lambda (1: Monte Carlo returns)")
    parser.add_argument(
        "--explore",
        type=float,
        default=0.0,
        help="the share of self-play's plays made at random (seeded), so that it meets "
        "positions its own plays avoid, as an opponent's weak plays bring about",
    )
    parser.add_argument("--check", type=int, default=2000, help="games between checks")
    parser.add_argument("--check-games", type=int, default=200, help="games at each check")
    parser.add_argument(
        "--seconds", type=float, default=0.0, help="stop after this long (0: never)"
    )
    parser.add_argument(
        "--batch",
        type=int,
        default=16,
        help="games a round: played by the network as the round began, then learned from "
        "in order (the same seed and batch give the same network on any number of workers)",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--workers", type=int, default=1, help="processes playing the games on this machine"
    )
    where.add_argument(
        "--ray",
        metavar="ADDRESS",
        help="play the games on the Ray cluster at ADDRESS ('auto': the one this machine "
        "is in); Ray is an optional extra: pip install 'tabula[train]'",
    )
    parser.add_argument("--out", type=Path, help="where to save the weights (.npz)")
    parser.add_argument("--resume", type=Path, help="start from these weights")
    parser.add_argument(
        "--widen",
        action="store_true",
        help="resuming a backgammon network that reads fewer features than the newest set: "
        "add the missing ones (their weights start at zero, so the network begins as it was)",
    )
    return parser


def _variant(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Variant:
    """The variant asked for, with its options (a usage error if there is none such)."""
    if args.variant not in VARIANTS:
        parser.error(f"unknown variant {args.variant!r} (variants: {', '.join(VARIANTS)})")
    if args.games < 1:
        parser.error("--games must be at least 1")
    if not 0.0 <= args.explore <= 1.0:
        parser.error("--explore is a share of the plays, from 0 to 1")
    if args.batch < 1 or args.workers < 1:
        parser.error("--batch and --workers must be at least 1")
    try:
        return find_variant(args.variant, parse_options(args.options))
    except (ValueError, RulesError) as exc:
        parser.error(str(exc))


def _network(
    parser: argparse.ArgumentParser, args: argparse.Namespace, variant: Variant
) -> tuple[Network, Scheme]:
    """A new network, or the one resumed from (widened or grown if asked), and its inputs."""
    scheme = Scheme.for_variant(variant)
    if not args.resume:
        return Network.create(scheme.inputs, args.hidden or 80, args.seed, scheme.outputs), scheme
    net = Network.load(args.resume)
    found = Scheme.for_network(variant, net.inputs)
    if found is None or net.outputs != found.outputs:
        parser.error(f"{args.resume} does not fit {args.variant}'s inputs and outputs")
    if args.widen and found != scheme:
        net = widened(net, found, scheme)
    else:
        scheme = found
    if args.hidden is not None and args.hidden != net.w1.shape[1]:
        try:
            net = grown(net, args.hidden, args.seed)
        except ValueError as exc:
            parser.error(str(exc))
    return net, scheme


def _check(
    variant: Variant, evaluator: Evaluator, snapshot: Network, games: int, game: int
) -> tuple[float, float]:
    """The shares won against random play and against the network as it was at ``snapshot``."""
    vs_random = versus_random(evaluator, games, seed=game)
    vs_before = share_won(
        variant,
        Greedy(evaluator),
        Greedy(Evaluator(variant, snapshot)),
        games,
        seed=game + 1,
    )
    return vs_random, vs_before


def _record(
    args: argparse.Namespace,
    variant: Variant,
    net: Network,
    command: Sequence[str],
    game: int,
    seconds: float,
    checks: list[dict[str, float]],
) -> dict[str, object]:
    """How the weights were made, saved beside them."""
    return {
        "variant": args.variant,
        "options": dict(variant.options),
        "command": "python -m game.ai.train " + " ".join(command),
        "seed": args.seed,
        "games": game,
        "hidden": net.w1.shape[1],
        "rate": args.rate,
        "lambda": args.lam,
        "explore": args.explore,
        "batch": args.batch,
        "seconds": round(seconds),
        "resumed_from": resumed_from(args.resume) if args.resume else None,
        "checks": checks,
    }


def self_play_rounds(
    variant: Variant,
    net: Network,
    scheme: Scheme,
    runner: Runner,
    seed: int,
    batch: int,
    games: int,
    lam: float,
    rate: float,
    explore: float = 0.0,
) -> Iterator[tuple[int, list[float]]]:
    """Play and learn games 1 to ``games`` in rounds of ``batch`` (the last
    round may be shorter), ``explore`` of the plays random; after each round, the
    number of the last game played and each of the round's learning errors."""
    number = 1
    extra = (explore,) if explore else ()
    while number <= games:
        numbers = range(number, min(number + batch, games + 1))
        job = selfplay.Job.of(variant, seed, net, extra)
        played = selfplay.games(runner, job, numbers)
        errors = [learn_encoded(net, scheme, g.x, g.sides, g.outcome, lam, rate) for g in played]
        number = numbers[-1] + 1
        yield numbers[-1], errors


def _train(
    args: argparse.Namespace,
    variant: Variant,
    net: Network,
    scheme: Scheme,
    command: Sequence[str],
    runner: Runner,
) -> None:
    """Self-play and learn for ``args.games`` games (or ``args.seconds``), checking the
    network every ``args.check`` games and at the end, saving it at each check."""
    evaluator = Evaluator(variant, net)
    started = time.time()
    checks: list[dict[str, float]] = []
    errors: list[float] = []
    snapshot = copy.deepcopy(net)
    rounds = self_play_rounds(
        variant,
        net,
        scheme,
        runner,
        args.seed,
        args.batch,
        args.games,
        args.lam,
        args.rate,
        args.explore,
    )
    checked = 0
    for game, round_errors in rounds:
        errors.extend(round_errors)
        out_of_time = bool(args.seconds) and time.time() - started >= args.seconds
        if game - checked < args.check and game != args.games and not out_of_time:
            continue
        checked = game
        vs_random, vs_before = _check(variant, evaluator, snapshot, args.check_games, game)
        snapshot = copy.deepcopy(net)
        seconds = time.time() - started
        checks.append(
            {
                "games": game,
                "vs_random": vs_random,
                "vs_previous_check": vs_before,
                "seconds": round(seconds),
            }
        )
        print(
            f"{game} games, {seconds:.0f} s: wins {vs_random:.1%} against random, "
            f"{vs_before:.1%} against the previous check; "
            f"mean error {np.mean(errors[-args.check :]):.4f}",
            flush=True,
        )
        if args.out is not None:
            net.save(args.out, _record(args, variant, net, command, game, seconds, checks))
        if out_of_time:
            break


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    command = list(sys.argv[1:] if argv is None else argv)
    variant = _variant(parser, args)
    net, scheme = _network(parser, args, variant)
    try:
        runner = selfplay.runner(args.workers, args.ray)
    except RuntimeError as exc:
        parser.error(str(exc))
    try:
        _train(args, variant, net, scheme, command, runner)
    finally:
        runner.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
