"""Teach a backgammon network its own look-ahead (distillation).

    python -m game.ai.distill backgammon --resume W.npz (--games N | --data D.npz ...)
                              [--seed S] [--epochs 40] [--rate 0.0003] [--explore 0.15]
                              [--hidden H] [--teacher T.npz] [--fit-seed F]
                              [--depth 1|2] [--keep 1.0] [--lam 0] [--save-data D.npz]
                              [--workers N | --ray ADDRESS] --out OUT.npz

Temporal differences teach a network from the games it plays; this step then
teaches it what its one-roll look-ahead knows. Positions come from ``--games``
games the network plays against itself at no look-ahead, taking one of its
five best plays at random ``--explore`` of the time so that positions off its
own path are seen too (positions the bear-off database answers are left out).
The target of each position is the network's own one-roll look-ahead: over the
21 rolls, weighted by their chances, the five outputs after the play the side
to act rates best (the result where that play ends the game; the bear-off
database where it knows the position). The network, resumed from ``--resume``,
is then fitted to those targets (Adam on squared error, batches of 128), with a
tenth of the positions held out to report the error before and after.

``--hidden H`` first grows the network to H hidden units (``train.grown``, as
``train --hidden`` does: it values every position as before until the fit moves
the new units); the targets still come from the network as it was. ``--teacher``
takes the games and targets from another network with the same inputs as the one
fitted (a grown student may go on learning from the network it grew out of), and
``--fit-seed`` shuffles the fit by a seed of its own (``--seed`` by default).

``--depth 2`` looks two rolls deep for each target (``look_ahead``): after each
of the 21 rolls, the play the network rates best with no look-ahead, valued by
the one-roll look-ahead from there. Each target then costs some twenty times
as much, so ``--keep`` takes that share of the positions (drawn apart from the
dice, so the games are the same) to spread them over more games.

Everything is seeded (``--seed``: each game's dice and exploring draws by the
seed and the game's number), so the command reproduces the weights, and
``--workers N`` gathers the games on N processes with the same result (``--ray``:
on a Ray cluster, as ``train --ray`` does); the
record beside them says how they were made and what they were made from.

``--lam L`` fits to TD(lambda)'s returns over the targets instead
(``lambda_returns``): from the end of each game back, each target becomes 1 - L of
itself and L of the return of the position that followed it, so that what really
happened later in the game (down to its result, or the bear-off database's exact
chances) reaches the positions before it, which the look-ahead alone never sees.
An exploring play cuts that chain: what follows it says nothing of the positions
before it.

``--save-data`` keeps the gathered positions, targets and chains (with how they
were gathered); ``--data`` fits to one or more such files instead of gathering, so
the gathering is paid for once and fitted several ways (another ``--lam``, more
epochs), or several rounds' positions fitted together. Fitting saved data with the
seed it was gathered with gives the weights the gathering run gave.

GNU Backgammon never teaches here (it only judges, in ``benchmarks``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from game.ai import selfplay
from game.ai.arena import play_game
from game.ai.bearoff import is_bearoff
from game.ai.encode import flip
from game.ai.evaluate import Evaluator, name_die
from game.ai.network import Network, resumed_from
from game.ai.train import grown, parse_options
from game.rules import match as m
from game.rules.errors import RulesError
from game.rules.play import Play
from game.rules.position import Position
from game.rules.variants import find_variant
from game.rules.variants.base import Variant

ROLLS = tuple(((a, b), (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(a, 7))
BATCH = 128
HELD_OUT = 10  # one position in this many is held out


def look_ahead(evaluator: Evaluator, position: Position, depth: int = 1) -> np.ndarray:
    """The five outputs of ``position`` for its side to act, ``depth`` rolls deep: over
    the 21 rolls, weighted by their chances, the outputs after the play the network
    rates best with no look-ahead, seen from the side that made it. Those are the
    result where that play ends the game, the bear-off database where it knows the
    position, else the network (one roll deep) or the look-ahead a roll shallower."""
    variant, scheme = evaluator.variant, evaluator.scheme
    side = position.to_act
    groups = [variant.generate_plays(position, dice) for dice, _ in ROLLS]
    outputs = np.zeros((len(ROLLS), scheme.outputs))
    waiting: list[int] = []
    chosen: list[Position] = []
    for k, (values, afters) in enumerate(evaluator.grouped_play_values(position, groups)):
        after = afters[int(np.argmax(values))]
        done = variant.outcome(after, side)
        if done is not None:
            outputs[k] = scheme.result(done, side)
        elif depth == 1 or is_bearoff(after.board):
            waiting.append(k)
            chosen.append(after)
        else:
            outputs[k] = flip(look_ahead(evaluator, after, depth - 1))
    if chosen:
        outputs[waiting] = flip(evaluator.outputs(chosen))  # seen by the other side there
    weights = np.array([weight for _, weight in ROLLS])
    result: np.ndarray = weights @ outputs
    return result


class Exploring:
    """An arena player: the network's best play by its values, and ``explore`` of the
    time one of its five best at random."""

    def __init__(self, evaluator: Evaluator, rng: random.Random, explore: float) -> None:
        self.evaluator = evaluator
        self.rng = rng
        self.explore = explore
        # Whether a play it chose was not its best, since the gathering last cleared this.
        self.explored = False

    def play(self, state: m.GameState, plays: list[Play]) -> Play:
        values, _ = self.evaluator.play_values(state.position, plays)
        order = np.argsort(-values, kind="stable")
        explores = self.rng.random() < self.explore
        rank = self.rng.randrange(min(5, len(plays))) if explores else 0
        self.explored = self.explored or rank > 0
        return plays[int(order[rank])]

    def name_die(self, state: m.GameState) -> int:
        return name_die(self.evaluator, state)


class Gathered(NamedTuple):
    """Positions gathered for a fit, in the order of their games: the inputs (rows), the
    targets (five outputs, seen by the side to act), and the chain ``lambda_returns``
    runs along: whether each position's successor is the next row, reached by the
    network's best play (not an exploring one, nor a position left out), and, where a
    game's last row was left by such a play, what followed it (the result, or the
    bear-off database's outputs of the position it left, seen by that row's side; NaN
    elsewhere)."""

    x: np.ndarray
    targets: np.ndarray
    follows: np.ndarray  # (n,) bool
    tails: np.ndarray  # (n, 5), NaN but at the end of a game

    @classmethod
    def join(cls, parts: Sequence[Gathered]) -> Gathered:
        return cls(*(np.concatenate(column) for column in zip(*parts, strict=True)))


def lambda_returns(gathered: Gathered, lam: float) -> np.ndarray:
    """TD(lambda)'s returns over the look-ahead targets: from the end of each game back,
    each row's target becomes ``1 - lam`` of itself and ``lam`` of the return of the
    position that followed it in its game (seen by this row's side), so that what
    really followed reaches the targets before it. An exploring play cuts the chain (what
    follows it says nothing of the position before); ``lam`` 0 gives the targets themselves."""
    returns = np.array(gathered.targets, dtype=np.float64)
    if not lam:
        return returns.astype(np.float32)
    after: np.ndarray | None = None
    for t in range(len(returns) - 1, -1, -1):
        tail = gathered.tails[t]
        if not np.isnan(tail[0]):
            after = tail
        elif not gathered.follows[t]:
            after = None
        if after is not None:
            returns[t] = (1.0 - lam) * returns[t] + lam * after
        after = flip(returns[t])
    return returns.astype(np.float32)


def gather_game(job: selfplay.Job, number: int) -> Gathered:
    """Game ``number`` of a gathering (a worker's task): the encoded positions a play
    left in it (not the opening one), where the bear-off database does not answer,
    their targets and their chain (``Gathered``). The job's ``extra`` holds the share
    of exploring plays, how many rolls deep a target looks (``look_ahead``) and the
    share of positions kept. The game's dice and its exploring draws share one
    generator, seeded by the run's seed and the game's number; which positions are kept
    is drawn from a generator of its own (so the games are the same whatever the share)."""
    evaluator = selfplay.job_evaluator(job)
    variant = evaluator.variant
    explore, depth, keep = job.extra
    rng = selfplay.game_dice(job.seed, number)
    keeping = random.Random(job.seed * 1_000_003 + number)
    player = Exploring(evaluator, rng, explore)
    positions: list[Position] = []
    targets: list[np.ndarray] = []
    follows: list[bool] = []  # per position kept: its successor is the next kept, by best
    tail: list[np.ndarray] = []  # what followed the last position kept, if by best
    kept = [False]  # whether the last position seen was kept

    def by_best() -> bool:
        """Whether the play since the last position seen was the network's best (a forced
        play is no choice of the player's, never an exploring one)."""
        best = not player.explored
        player.explored = False
        return best

    def seen(state: m.GameState) -> None:
        if not state.turn:
            return
        best, kept_before = by_best(), kept[0]
        kept[0] = False
        if is_bearoff(state.position.board):
            if kept_before and best:
                tail.append(flip(evaluator.outputs([state.position])[0]))
            return
        if keep < 1.0 and keeping.random() >= keep:
            return
        if follows:
            follows[-1] = bool(kept_before and best)
        positions.append(state.position)
        targets.append(look_ahead(evaluator, state.position, int(depth)))
        follows.append(False)
        kept[0] = True

    final = play_game(variant, [player] * variant.players, rng, seen=seen)
    if positions and kept[0] and by_best():  # the game ended on the last position's play
        assert final.result is not None
        tail.append(evaluator.scheme.result(final.result, positions[-1].to_act))
    tails = np.full((len(positions), 5), np.nan, dtype=np.float32)
    if tail:
        tails[-1] = tail[0]
    return Gathered(
        evaluator.scheme.encode(positions),  # (0, inputs) for a game with none
        np.array(targets, dtype=np.float32).reshape(-1, 5),
        np.array(follows, dtype=bool),
        tails,
    )


def gather(
    evaluator: Evaluator,
    games: int,
    seed: int,
    explore: float,
    runner: selfplay.Runner | None = None,
    depth: int = 1,
    keep: float = 1.0,
) -> Gathered:
    """The encoded positions of ``games`` noisy self-play games, their targets ``depth``
    rolls deep and their chain (``gather_game``), played by ``runner``'s workers (this
    process if none): the same for a seed whatever the number of workers."""
    job = selfplay.Job.of(evaluator.variant, seed, evaluator.net, (explore, depth, keep))
    done = (runner or selfplay.InProcess()).map(gather_game, job, range(1, games + 1))
    return Gathered.join(done)


class Adam:
    """Adam's steps on a network's weights (Kingma and Ba, 2015)."""

    def __init__(self, net: Network, rate: float) -> None:
        self.net = net
        self.rate = rate
        self.first = [np.zeros_like(p) for p in net.params]
        self.second = [np.zeros_like(p) for p in net.params]
        self.steps = 0

    def step(self, x: np.ndarray, target: np.ndarray) -> None:
        """One step on the squared error of a batch."""
        grads, _ = self.net.gradients(x, target)
        self.steps += 1
        fix1, fix2 = 1.0 - 0.9**self.steps, 1.0 - 0.999**self.steps
        for param, grad, first, second in zip(
            self.net.params, grads, self.first, self.second, strict=True
        ):
            first *= 0.9
            first += 0.1 * grad
            second *= 0.999
            second += 0.001 * grad * grad
            step = self.rate * (first / fix1) / (np.sqrt(second / fix2) + 1e-8)
            param -= step.astype(param.dtype)


def squared_error(net: Network, x: np.ndarray, target: np.ndarray) -> float:
    error = net.evaluate(x) - target
    return float((error * error).mean())


def fit(
    net: Network, x: np.ndarray, target: np.ndarray, epochs: int, rate: float, seed: int
) -> tuple[float, float]:
    """Fit ``net`` to the targets; (held-out squared error before, after)."""
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(x))
    held = order[: len(x) // HELD_OUT]
    train = order[len(x) // HELD_OUT :]
    before = squared_error(net, x[held], target[held]) if len(held) else 0.0
    adam = Adam(net, rate)
    for _ in range(epochs):
        shuffled = rng.permutation(train)
        for start in range(0, len(shuffled), BATCH):
            batch = shuffled[start : start + BATCH]
            adam.step(x[batch], target[batch])
    after = squared_error(net, x[held], target[held]) if len(held) else 0.0
    return before, after


def save_data(
    path: Path, gathered: Gathered, record: dict[str, object], **extra: np.ndarray
) -> None:
    """Save gathered positions, their targets and their chain (atomically), with how they
    were gathered, so that one gathering can be fitted several ways (``--data``); ``extra``
    arrays (a rollout file's trials a row) are kept beside them."""
    from game.files import write_npz

    text = np.array(json.dumps(record, sort_keys=True))
    arrays: dict[str, Any] = {**extra, **gathered._asdict(), "record": text}
    write_npz(path, False, **arrays)


def load_data(paths: Sequence[Path], inputs: int) -> tuple[Gathered, list[dict[str, object]]]:
    """The positions saved in ``paths`` (``save_data``), joined in order, and each file's
    record; a file that is not such data, or is for other inputs, is refused."""
    parts, records = [], []
    for path in paths:
        with np.load(path, allow_pickle=False) as data:
            part = Gathered(*(data[name] for name in Gathered._fields))
            record = json.loads(str(data["record"]))
        x, targets, follows, tails = part
        n = len(x)
        if x.ndim != 2 or x.shape[1] != inputs:
            raise ValueError(f"{path} holds positions of {x.shape[1:]} inputs, not {inputs}")
        if targets.shape != (n, 5) or follows.shape != (n,) or tails.shape != (n, 5):
            raise ValueError(f"{path} holds targets or chains that do not fit its positions")
        if not (np.isfinite(x).all() and np.isfinite(targets).all()):
            raise ValueError(f"{path} holds numbers that are not finite")
        parts.append(
            Gathered(
                x.astype(np.float32),
                targets.astype(np.float32),
                follows.astype(bool),
                tails.astype(np.float32),
            )
        )
        records.append({"file": str(path), "positions": n, **record})
    return Gathered.join(parts), records


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ai.distill", description=__doc__)
    parser.add_argument("variant")
    parser.add_argument("--options", nargs="*", default=[], metavar="NAME=VALUE")
    parser.add_argument("--resume", type=Path, required=True, help="the network to teach")
    parser.add_argument("--games", type=int, help="games to gather targets from")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--epochs", type=int, default=40)
    parser.add_argument("--rate", type=float, default=0.0003, help="Adam's step size")
    parser.add_argument("--explore", type=float, default=0.15)
    parser.add_argument(
        "--depth", type=int, choices=(1, 2), default=1, help="rolls of look-ahead in a target"
    )
    parser.add_argument("--keep", type=float, default=1.0, help="the share of positions kept")
    parser.add_argument(
        "--lam",
        type=float,
        default=0.0,
        help="TD's lambda: mix what followed in each game into its targets (0: none)",
    )
    parser.add_argument(
        "--hidden", type=int, default=0, help="widen the network to this many hidden units first"
    )
    parser.add_argument(
        "--teacher", type=Path, help="the network whose look-ahead gives the targets (--resume)"
    )
    parser.add_argument("--fit-seed", type=int, help="the fit's shuffling seed (--seed)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--workers", type=int, default=1, help="processes gathering positions (same result)"
    )
    where.add_argument(
        "--ray",
        metavar="ADDRESS",
        help="gather on the Ray cluster at ADDRESS ('auto': the one this machine is in); "
        "Ray is an optional extra: pip install 'tabula[train]'",
    )
    parser.add_argument(
        "--save-data", type=Path, metavar="DATA.npz", help="also save the gathered positions"
    )
    parser.add_argument(
        "--data",
        type=Path,
        nargs="+",
        metavar="DATA.npz",
        help="fit to positions saved by --save-data (in order) instead of gathering",
    )
    parser.add_argument("--out", type=Path, required=True, help="where to save the weights")
    args = parser.parse_args(argv)
    command = list(sys.argv[1:] if argv is None else argv)
    if args.variant != "backgammon":
        parser.error("distillation is for backgammon (two dice of six, five outputs)")
    if (args.games is None) == (args.data is None):
        parser.error("give either --games (to gather positions) or --data (saved ones)")
    if (args.games is not None and args.games < 1) or args.epochs < 0 or args.workers < 1:
        parser.error("--games and --workers must be at least 1, --epochs at least 0")
    if not 0.0 < args.keep <= 1.0:
        parser.error("--keep is a share of the positions: above 0, at most 1")
    if not 0.0 <= args.lam < 1.0:
        parser.error("--lam is from 0 to below 1")
    try:
        variant: Variant = find_variant(args.variant, parse_options(args.options))
        net = Network.load(args.resume)
        teacher = Network.load(args.teacher) if args.teacher else net
        # Grown before the games (the grown network values positions as the one it grew
        # from, but the games and targets come from that one): a count below the
        # network's is refused by ``grown`` before any game is played.
        student = grown(net, args.hidden, args.seed) if args.hidden else net
    except (ValueError, RulesError, OSError, KeyError) as exc:
        parser.error(str(exc))
    evaluator = Evaluator(variant, teacher)
    for path, each in ((args.resume, net), (args.teacher, teacher)):
        if evaluator.scheme.inputs != each.inputs or each.outputs != 5:
            parser.error(f"{path} does not fit {args.variant}'s inputs and outputs")
    started = time.time()
    if args.data:
        try:
            gathered, sources = load_data(args.data, evaluator.scheme.inputs)
        except (OSError, ValueError, KeyError) as exc:
            parser.error(str(exc))
    else:
        try:
            runner = selfplay.runner(args.workers, args.ray)
        except RuntimeError as exc:
            parser.error(str(exc))
        try:
            gathered = gather(
                evaluator, args.games, args.seed, args.explore, runner, args.depth, args.keep
            )
        finally:
            runner.close()
        if args.save_data:
            gathering = {
                "variant": args.variant,
                "options": dict(variant.options),
                "teacher": str(args.teacher or args.resume),
                "seed": args.seed,
                "games": args.games,
                "explore": args.explore,
                "depth": args.depth,
                "keep": args.keep,
                "command": "python -m game.ai.distill " + " ".join(command),
            }
            save_data(args.save_data, gathered, gathering)
    source = f"from {args.games} games" if args.games else "saved"
    print(f"{len(gathered.x)} positions {source} in {time.time() - started:.0f} s", flush=True)
    x, targets = gathered.x, lambda_returns(gathered, args.lam)
    fit_seed = args.seed if args.fit_seed is None else args.fit_seed
    before, after = fit(student, x, targets, args.epochs, args.rate, fit_seed)
    seconds = time.time() - started
    print(
        f"held-out squared error against the targets: {before:.6f} -> {after:.6f} "
        f"({seconds:.0f} s)",
        flush=True,
    )
    record = {
        "variant": args.variant,
        "options": dict(variant.options),
        "command": "python -m game.ai.distill " + " ".join(command),
        "seed": args.seed,
        "fit_seed": fit_seed,
        "positions": len(x),
        "epochs": args.epochs,
        "rate": args.rate,
        "lam": args.lam,
        "held_out_error": {"before": round(before, 7), "after": round(after, 7)},
        "hidden": int(student.w1.shape[1]),
        "seconds": round(seconds),
        "resumed_from": resumed_from(args.resume),
    }
    if args.data:
        record["data"] = sources
    else:
        record.update(games=args.games, explore=args.explore, depth=args.depth, keep=args.keep)
    if args.teacher:
        record["teacher"] = resumed_from(args.teacher)
    student.save(args.out, record)
    return 0


if __name__ == "__main__":
    sys.exit(main())
