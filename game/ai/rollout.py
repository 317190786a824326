"""Rollout targets for a backgammon network: what its own play goes on to give.

    python -m game.ai.rollout backgammon --resume W.npz --games N [--seed S]
                              [--trials 16] [--home 7] [--below 16] [--explore 0.15]
                              [--workers N | --ray ADDRESS] --out D.npz

Distillation (``game.ai.distill``) teaches a network its own look-ahead, so where
the network misjudges a whole kind of position its look-ahead shares the error
and the targets keep it. Late in a game that kind is easy to find: a side
bearing in against a man it has closed out, or a lone man left behind in the
other's home board. The network misjudges those by a quarter of a point and more,
and temporal differences over real games hardly move it. A rollout does not
share the error: from the position, ``--trials`` games are played on by the
network's best play with no look-ahead until the sides have passed each other
(then the network's race value, or the bear-off database's exact chances) or the
game ends (its result), and the mean of their outcomes is the target. Played by
the network itself, a rollout still values its own play, but the play of a whole
game, not one roll of it.

Positions come from ``--games`` self-play games as in ``distill`` (one of the
five best plays at random ``--explore`` of the time), keeping those still in
contact where a side has at least ``--home`` men in its home board or off: the
games from there are short, so the rollouts are cheap (``--below B`` keeps only those
where no side has ``B`` men home or off: the middle game, for a network of its own
or the first one). The output is a saved
gathering (``distill``'s ``--save-data`` format, rows with no chain), so

    python -m game.ai.distill backgammon --resume W.npz --data G.npz D.npz --out N.npz

fits the network to look-ahead targets and rollout targets together.

A rollout's error falls as the square root of its trials, and more trials paid
each time they were tried, so a file can be given more:

    python -m game.ai.rollout backgammon --resume W.npz --more D.npz [--home 9]
                              [--below 16] [--trials 16] [--seed S] [--workers N]
                              --out D2.npz

rolls each row of ``D`` (those with at least ``--home`` men home or off and fewer
than ``--below``, all of them if not told) out ``--trials`` more times with dice of
their own, and keeps the mean over all its trials (each row's count is kept in the
file, ``trials``).

Everything is seeded (each game's dice, exploring draws and rollout dice by the
seed and the game's number, or the row's), so the command reproduces the file
whatever the number of workers. GNU Backgammon never teaches here.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from game.ai import selfplay
from game.ai.arena import play_game
from game.ai.distill import Exploring, Gathered, load_data, save_data
from game.ai.encode import flip
from game.ai.evaluate import Evaluator, men_home
from game.ai.network import Network
from game.ai.train import parse_options
from game.rules import match as m
from game.rules.errors import RulesError
from game.rules.position import Position
from game.rules.variants import find_variant
from game.rules.variants.base import Variant

MAX_PLIES = 200  # a rollout that has not left contact by then is valued where it stands


def in_contact(position: Position) -> bool:
    """Whether a man of either side must still pass one of the other's (each side's
    pos p is the other's 25 - p; 0 the bar, 25 off)."""
    mine, theirs = position.board
    my_rear = next((p for p in range(26) if mine[p]), 25)
    their_rear = max((25 - q for q in range(25) if theirs[q]), default=0)
    return my_rear < their_rear


def home_or_off(variant: Variant, position: Position) -> int:
    """The most men either side has in its home board (its bearing table) or off."""
    return max(sum(row[variant.bear_from :]) for row in position.board)


def late(variant: Variant, position: Position, home: int) -> bool:
    """Whether a side has at least ``home`` men in its home board (its bearing table)
    or off."""
    return home_or_off(variant, position) >= home


def rollout(
    evaluator: Evaluator, position: Position, trials: int, rng: random.Random
) -> np.ndarray:
    """The mean over ``trials`` games from ``position`` (its side to roll) of what each
    came to (``play_on``), as the five outputs seen by that side."""
    total = np.zeros(evaluator.scheme.outputs)
    for _ in range(trials):
        total += play_on(evaluator, position, rng)
    result: np.ndarray = (total / trials).astype(np.float32)
    return result


def play_on(evaluator: Evaluator, position: Position, rng: random.Random) -> np.ndarray:
    """What one game from ``position`` comes to, seen by its side to roll: the game is
    played on by the evaluator's best play until it ends (its result), contact does, or
    ``MAX_PLIES`` plays have been made (the evaluator's outputs there)."""
    variant, scheme = evaluator.variant, evaluator.scheme
    root, here = position.to_act, position
    for _ in range(MAX_PLIES):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        values, afters = evaluator.play_values(here, variant.generate_plays(here, dice))
        mover, here = here.to_act, afters[int(np.argmax(values))]
        done = variant.outcome(here, mover)
        if done is not None:
            return scheme.result(done, root)
        if not in_contact(here):
            break
    y: np.ndarray = evaluator.outputs([here])[0]
    return y if here.to_act == root else flip(y)


def rollout_game(job: selfplay.Job, number: int) -> Gathered:
    """Game ``number`` (a worker's task): the encoded positions of one self-play game
    that are still in contact and late (``late``), each with its rollout's outputs; no
    chain (each row stands alone). ``job.extra``: the share of exploring plays, the
    trials a position and the men home that make a position late, and below which it
    is kept."""
    evaluator = selfplay.job_evaluator(job)
    explore, trials, home, below = job.extra
    rng = selfplay.game_dice(job.seed, number)
    dice = random.Random(job.seed * 1_000_033 + number)  # the rollouts' own
    positions: list[Position] = []
    targets: list[np.ndarray] = []

    def seen(state: m.GameState) -> None:
        position = state.position
        kept = int(home) <= home_or_off(evaluator.variant, position) < int(below)
        if state.turn and in_contact(position) and kept:
            positions.append(position)
            targets.append(rollout(evaluator, position, int(trials), dice))

    play_game(evaluator.variant, [Exploring(evaluator, rng, explore)] * 2, rng, seen=seen)
    n = len(positions)
    return Gathered(
        evaluator.scheme.encode(positions),
        np.array(targets, dtype=np.float32).reshape(n, 5),
        np.zeros(n, dtype=bool),
        np.full((n, 5), np.nan, dtype=np.float32),
    )


def gather_rollouts(
    evaluator: Evaluator,
    games: int,
    seed: int,
    explore: float,
    trials: int,
    home: int,
    runner: selfplay.Runner | None = None,
    below: int = 16,
) -> Gathered:
    """``rollout_game`` for games 1 to ``games``, on ``runner``'s workers (this process if
    none): the same for a seed whatever the number of workers."""
    job = selfplay.Job.of(evaluator.variant, seed, evaluator.net, (explore, trials, home, below))
    done = (runner or selfplay.InProcess()).map(rollout_game, job, range(1, games + 1))
    return Gathered.join(done)


BLOCK = 64  # rows a worker's task gives more trials


def row_trials(data: np.lib.npyio.NpzFile, record: dict[str, object], n: int) -> np.ndarray:
    """How many trials each of a rollout file's ``n`` rows is the mean of: its ``trials``
    array, else the one count its record names; a file with neither is refused."""
    if "trials" in data.files:
        counts = np.asarray(data["trials"])
        if counts.shape != (n,) or counts.dtype.kind not in "iu" or (counts < 1).any():
            raise ValueError("its trials a row do not fit its rows")
        return counts.astype(np.int64)
    rollout = record.get("rollout")
    trials = rollout.get("trials") if isinstance(rollout, dict) else None
    if not isinstance(trials, int) or isinstance(trials, bool) or trials < 1:
        raise ValueError("it does not say how many trials its rows are the means of")
    return np.full(n, trials, dtype=np.int64)


def more_block(job: selfplay.Job, block: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """A worker's task: ``job.extra``'s trials more of each board of a block (the rows'
    numbers, their boards with the side to roll first), each row on dice of its own
    (the run's seed and the row's number)."""
    evaluator = selfplay.job_evaluator(job)
    (trials,) = job.extra
    numbers, boards = block
    out = np.zeros((len(boards), evaluator.scheme.outputs), dtype=np.float32)
    for k, (number, board) in enumerate(zip(numbers, boards, strict=True)):
        dice = random.Random(f"more {job.seed} {int(number)}")
        position = Position((tuple(board[0].tolist()), tuple(board[1].tolist())), 0)
        out[k] = rollout(evaluator, position, int(trials), dice)
    return out


def more_trials(
    evaluator: Evaluator,
    boards: np.ndarray,
    numbers: np.ndarray,
    trials: int,
    seed: int,
    runner: selfplay.Runner | None = None,
) -> np.ndarray:
    """``trials`` more rollouts of each board (``more_block``), in blocks on ``runner``'s
    workers: the same for a seed whatever the number of workers."""
    job = selfplay.Job.of(evaluator.variant, seed, evaluator.net, (trials,))
    blocks = [
        (numbers[i : i + BLOCK], boards[i : i + BLOCK]) for i in range(0, len(numbers), BLOCK)
    ]
    done = (runner or selfplay.InProcess()).map(more_block, job, blocks)
    out: np.ndarray = np.concatenate([np.zeros((0, 5), np.float32), *done])
    return out


def add_trials(
    evaluator: Evaluator,
    gathered: Gathered,
    counts: np.ndarray,
    home: int,
    trials: int,
    seed: int,
    runner: selfplay.Runner | None = None,
    below: int = 16,
) -> tuple[Gathered, np.ndarray, int]:
    """``gathered`` (a rollout file's rows, each the mean of ``counts`` trials) with the
    rows that have at least ``home`` men home or off (and fewer than ``below``) given
    ``trials`` more: their targets the mean over all their trials, and the new counts;
    how many rows that was."""
    boards = evaluator.scheme.decode_boards(gathered.x)
    men = men_home(boards, evaluator.variant.bear_from)
    rows = np.flatnonzero((men >= home) & (men < below))
    new = more_trials(evaluator, boards[rows], rows, trials, seed, runner)
    targets = gathered.targets.astype(np.float64)
    old = counts[rows, None].astype(np.float64)
    targets[rows] = (targets[rows] * old + new * trials) / (old + trials)
    counts = counts.copy()
    counts[rows] += trials
    return gathered._replace(targets=targets.astype(np.float32)), counts, len(rows)


def _more(args: argparse.Namespace, evaluator: Evaluator, runner: selfplay.Runner) -> int:
    """``--more``: the file given more trials, written to ``--out``."""
    gathered, records = load_data([args.more], evaluator.scheme.inputs)
    record = dict(records[0])
    for name in ("file", "positions"):
        record.pop(name, None)
    with np.load(args.more, allow_pickle=False) as data:
        counts = row_trials(data, record, len(gathered.x))
    started = time.time()
    home = args.home or 0  # all rows, if not told
    gathered, counts, rows = add_trials(
        evaluator, gathered, counts, home, args.trials, args.seed, runner, args.below
    )
    earlier = record.get("more")
    more = list(earlier) if isinstance(earlier, list) else []
    more.append(
        {
            "rows": rows,
            "trials": args.trials,
            "home": home,
            "below": args.below,
            "seed": args.seed,
            "teacher": str(args.resume),
            "command": "python -m game.ai.rollout " + " ".join(args.command),
        }
    )
    record["more"] = more
    save_data(args.out, gathered, record, trials=counts.astype(np.int32))
    print(
        f"{rows} of {len(gathered.x)} positions rolled out {args.trials} more times "
        f"in {time.time() - started:.0f} s",
        flush=True,
    )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ai.rollout", description=__doc__)
    parser.add_argument("variant")
    parser.add_argument("--options", nargs="*", default=[], metavar="NAME=VALUE")
    parser.add_argument("--resume", type=Path, required=True, help="the network that plays")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--games", type=int, help="games to take positions from")
    source.add_argument("--more", type=Path, metavar="D.npz", help="a rollout file to add to")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--trials", type=int, default=16, help="games rolled out a position")
    parser.add_argument(
        "--home",
        type=int,
        help="men home or off (on either side) to keep a position (7; with --more: all)",
    )
    parser.add_argument(
        "--below", type=int, default=16, help="keep only positions with fewer men home or off"
    )
    parser.add_argument("--explore", type=float, default=0.15)
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=1, help="processes (same result)")
    where.add_argument("--ray", metavar="ADDRESS", help="roll out on the Ray cluster at ADDRESS")
    parser.add_argument("--out", type=Path, required=True, help="the data file to write")
    args = parser.parse_args(argv)
    command = list(sys.argv[1:] if argv is None else argv)
    if args.variant != "backgammon":
        parser.error("rollout targets are for backgammon (two dice of six, five outputs)")
    if (args.games is not None and args.games < 1) or args.trials < 1 or args.workers < 1:
        parser.error("--games, --trials and --workers must be at least 1")
    if args.home is not None and not 0 <= args.home <= 15:
        parser.error("--home is a count of men: 0 to 15")
    if not 1 <= args.below <= 16 or (args.home is not None and args.below <= args.home):
        parser.error("--below is a count of men, 1 to 16, over --home")
    args.command = command
    try:
        variant = find_variant(args.variant, parse_options(args.options))
        net = Network.load(args.resume)
    except (ValueError, RulesError, OSError, KeyError) as exc:
        parser.error(str(exc))
    evaluator = Evaluator(variant, net)
    if evaluator.scheme.inputs != net.inputs or net.outputs != 5:
        parser.error(f"{args.resume} does not fit {args.variant}'s inputs and outputs")
    started = time.time()
    try:
        runner = selfplay.runner(args.workers, args.ray)
    except RuntimeError as exc:
        parser.error(str(exc))
    try:
        if args.more is not None:
            try:
                return _more(args, evaluator, runner)
            except (ValueError, OSError, KeyError) as exc:
                parser.error(f"{args.more}: {exc}")
        home = 7 if args.home is None else args.home
        gathered = gather_rollouts(
            evaluator, args.games, args.seed, args.explore, args.trials, home, runner, args.below
        )
    finally:
        runner.close()
    record = {
        "variant": args.variant,
        "options": dict(variant.options),
        "teacher": str(args.resume),
        "seed": args.seed,
        "games": args.games,
        "explore": args.explore,
        "rollout": {
            "trials": args.trials,
            "home": home,
            **({"below": args.below} if args.below < 16 else {}),
        },
        "command": "python -m game.ai.rollout " + " ".join(command),
    }
    save_data(args.out, gathered, record, trials=np.full(len(gathered.x), args.trials, np.int32))
    print(
        f"{len(gathered.x)} positions from {args.games} games, {args.trials} rollouts each, "
        f"in {time.time() - started:.0f} s",
        flush=True,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
