"""The error rate of Tabula's backgammon levels, judged by GNU Backgammon.

    python -m benchmarks.gnubg_error [--level expert advanced ...] [--positions 300]
                                     [--plies 0|1|2] [--seed 1] [--source tabula|gnubg]
                                     [--keep 0.3] [--worst 0] [--weights FILE]
                                     [--compare FILE]

GNU Backgammon only judges here: ``gnubg-nn`` (its networks as a Python module,
``gnubg_nn``) is a benchmark dependency (``pip install -e '.[bench]'``, or
``make bench``), never used by the game, never a source of training data.

Positions: seeded single games (no cube) between the levels under test, the
stronger level taking each seat in turn (one level alone plays itself); every
decision with more than one legal play is kept with chance ``--keep``, so the
positions come from many games, until ``--positions`` are gathered. With
``--source gnubg`` the games are GNU Backgammon's 0-ply against itself instead
(a sample independent of Tabula's style).

For each position every legal play is judged: the equity of the position after
the play for the side that made it, cubeless money equity with gammons and
backgammons, by GNU Backgammon at ``--plies`` (0, the default: its networks alone,
about 20 µs a play; 1: one roll of look-ahead, about 1 ms a play; 2: about 15-25 ms
a play, some 3 minutes for 300 positions). On 300 positions the levels' figures
came out the same within 3 mEMG at 0, 1 and 2 plies, and gnubg's 0-ply choice
lost only 4 mEMG against its 2-ply one. A play that bears off the last man is
worth its real result (1, 2 or 3 points). The error of a play is the equity of
GNU Backgammon's best play less that of the play made (never below 0).
Reported per level: positions, mean error per move in thousandths of a point
(mEMG, with its standard error), the share of moves that are GNU Backgammon's
choice, the share of errors over 0.08 (blunders), and the time the level took
to choose; then its mean error in contact, race and bear-off positions
(``kind_of``). Where ``--plies`` is above 0, GNU Backgammon's own 0-ply
choice is judged too, as a reference. ``--compare W`` judges the expert on the
weights ``W`` as well, on the same positions, and gives its paired difference from
the expert (which plays on ``--weights``, else the shipped network): how a training
run is judged before its weights replace the shipped ones.

Conventions (checked by ``verify_conventions`` on every run, which stops the
run if any fails):

- A gnubg board is two lists of 25 counts, each side's points 1..24 from its
  own side then its bar; ``board[1]`` is the side on roll, ``board[0]`` the
  other (the order of a Position ID: ``game.rules.gnubg.position_id`` then
  ``gnubg_nn.board_from_position_id``).
- ``gnubg_nn.probabilities(board, plies)`` gives, for the side on roll, the
  chances (win, win gammon, win backgammon, lose gammon, lose backgammon), the
  gammon chances counting backgammons; its equity is
  ``2 win - 1 + wg + wbg - lg - lbg``. After a play the opponent is on roll, so
  the mover's equity is minus that.
- ``gnubg_nn.moves(board, d1, d2)`` lists the boards after each legal play as
  keys with the mover still ``board[1]``; the set must equal the boards after
  Tabula's legal plays (checked on every position judged).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from benchmarks import percentile
from game.ai.arena import play_game
from game.ai.network import Network
from game.ai.players import (
    LEVELS,
    LevelPlayer,
    choose_play,
    has_levels,
    network_for,
    use_network,
    use_weights,
)
from game.ai.rollout import in_contact
from game.rules import match as m
from game.rules.gnubg import MatchKey, gnubg_points, match_id, position_id
from game.rules.notation import format_play
from game.rules.play import Play
from game.rules.position import Position
from game.rules.variants import find_variant
from game.rules.variants.base import Variant

BLUNDER = 0.08
GNUBG0 = "gnubg 0-ply"  # the reference row: GNU Backgammon's own 0-ply choice


def load_gnubg() -> ModuleType:
    try:
        import gnubg_nn
    except ImportError:
        sys.exit("gnubg_nn is missing: pip install -e '.[bench]' (or make bench) installs gnubg-nn")
    return gnubg_nn


def money_equity(probs: Sequence[float]) -> float:
    """Cubeless money equity of gnubg's five chances, for the side they are for."""
    win, wg, wbg, lg, lbg = probs
    return 2.0 * win - 1.0 + wg + wbg - lg - lbg


def board_of(position: Position) -> list[list[int]]:
    """gnubg's board of ``position``, the side to act as ``board[1]`` (computed directly)."""
    side = position.to_act
    return [gnubg_points(position, 1 - side), gnubg_points(position, side)]


class Judge:
    """GNU Backgammon's equity of the plays of a position (with a cache by Position ID)."""

    def __init__(self, gnubg: ModuleType, variant: Variant, plies: int) -> None:
        self.g = gnubg
        self.variant = variant
        self.plies = plies
        self.cache: dict[tuple[str, int], float] = {}
        self.seconds = 0.0

    def board(self, position: Position) -> list[list[int]]:
        return [list(row) for row in self.g.board_from_position_id(position_id(position))]

    def after_equity(self, after: Position, mover: int, plies: int | None = None) -> float:
        """The mover's equity of ``after`` (the opponent on roll) at ``plies``."""
        plies = self.plies if plies is None else plies
        done = self.variant.outcome(after, mover)
        if done is not None:
            return float(done.points) if done.winner == mover else -float(done.points)
        key = (position_id(after), plies)
        if key not in self.cache:
            started = time.perf_counter()
            probs = self.g.probabilities(self.g.board_from_position_id(key[0]), plies)
            self.cache[key] = -money_equity(probs)
            self.seconds += time.perf_counter() - started
        return self.cache[key]

    def equities(
        self, state: m.GameState, plays: list[Play], plies: int | None = None
    ) -> list[float]:
        position, mover = state.position, state.position.to_act
        return [
            self.after_equity(self.variant.apply_play(position, p), mover, plies) for p in plays
        ]


def moves_key(variant: Variant, position: Position, play: Play, gnubg: ModuleType) -> str:
    """The key gnubg's ``moves`` gives the board after ``play``: the mover still board[1]."""
    after = variant.apply_play(position, play)
    mover = position.to_act
    return gnubg.key_of_board([gnubg_points(after, 1 - mover), gnubg_points(after, mover)])


def check_plays(judge: Judge, state: m.GameState, plays: list[Play]) -> None:
    """Fail loudly unless gnubg and Tabula see the same board and the same plays."""
    g, variant, position = judge.g, judge.variant, state.position
    pid = position_id(position)
    board = judge.board(position)
    if board != board_of(position) or g.position_id(board) != pid:
        raise SystemExit(f"conversion mismatch at {pid}: gnubg reads {board}")
    d1, d2 = state.dice
    ours = {moves_key(variant, position, p, g) for p in plays}
    theirs = set(g.moves(board, d1, d2))
    if not any(plays):  # Tabula's one empty play where nothing moves
        ours = set()
    if ours != theirs:
        raise SystemExit(
            f"legal plays differ at {pid} {d1}-{d2}: only Tabula {sorted(ours - theirs)}, "
            f"only gnubg {sorted(theirs - ours)}"
        )


def verify_conventions(judge: Judge, samples: Sequence[m.GameState]) -> None:
    """Check every convention the measure depends on; print what was checked."""
    g, variant = judge.g, judge.variant
    start = variant.start_position()
    # 1. Position IDs: the start position.
    pid = position_id(start)
    if pid != "4HPwATDgc/ABMA" or judge.board(start) != board_of(start):
        raise SystemExit(f"start position converts wrongly: {pid} {judge.board(start)}")
    # 2. The same plays for all 21 rolls from the start, and a few positions of play.
    rolls = [(a, b) for a in range(1, 7) for b in range(a, 7)]
    checked = 0
    for a, b in rolls:
        state = m.GameState(variant, start, m.Phase.MOVE, (b, a))
        check_plays(judge, state, m.legal_plays(state))
        checked += 1
    for state in samples:
        check_plays(judge, state, m.legal_plays(state))
        checked += 1
    # 3. Who is on roll, and the order of the five outputs, on positions known exactly.
    one = [1] + [0] * 24  # a man on the 1-point
    six = [0] * 5 + [1] + [0] * 19  # a man on the 6-point
    fifteen = [0] * 5 + [15] + [0] * 19  # fifteen men on the 6-point
    race = g.probabilities([one, six], 0)  # board[1] on roll, needs a 6 (27 rolls of 36)
    gammon = g.probabilities([one, fifteen], 0)  # board[1] saves the gammon on 17 rolls
    if abs(race[0] - 27 / 36) > 1e-3 or abs(gammon[0]) > 1e-6 or abs(gammon[3] - 19 / 36) > 1e-3:
        raise SystemExit(f"gnubg's outputs are not as assumed: {race} {gammon}")
    # 4. Our mover's equity against gnubg's own move list (0-ply, all plays listed).
    compared = 0
    for state in [m.GameState(variant, start, m.Phase.MOVE, (3, 1)), *samples[:8]]:
        plays = m.legal_plays(state)
        mover = state.position.to_act
        d1, d2 = state.dice
        listed = g.best_move(judge.board(state.position), d1, d2, n=0, list=1)[-1]
        mine = {}
        for p in plays:
            after = variant.apply_play(state.position, p)
            if variant.outcome(after, mover) is None:
                key = g.key_of_board(g.board_from_position_id(position_id(after)))
                mine[key] = judge.after_equity(after, mover, 0)
        for key, _, _, equity in listed:
            if key in mine:
                compared += 1
                if abs(mine[key] - equity) > 1e-4:
                    raise SystemExit(f"equity convention differs: {key} {mine[key]} {equity}")
    print(
        f"conventions checked: start position {pid}; the same legal plays as gnubg's moves() "
        f"in {checked} positions ({len(rolls)} opening rolls); board[1] on roll and outputs "
        f"(w, wg, wbg, lg, lbg); the mover's equity equals gnubg's best_move list in "
        f"{compared} plays",
        flush=True,
    )


class GnubgPlayer:
    """GNU Backgammon at 0-ply as an arena player (only to sample positions)."""

    def __init__(self, judge: Judge) -> None:
        self.judge = judge

    def play(self, state: m.GameState, plays: list[Play]) -> Play:
        values = self.judge.equities(state, plays, 0)
        return plays[max(range(len(plays)), key=values.__getitem__)]

    def name_die(self, state: m.GameState) -> int:
        raise NotImplementedError("backgammon names no die")


class Recorder:
    """Wraps a player and keeps a share of the decisions it is asked to make."""

    def __init__(self, inner: object, keep: float, rng: random.Random, out: list) -> None:
        self.inner, self.keep, self.rng, self.out = inner, keep, rng, out

    def play(self, state: m.GameState, plays: list[Play]) -> Play:
        if len(plays) > 1 and self.rng.random() < self.keep:
            self.out.append(state)
        return self.inner.play(state, plays)

    def name_die(self, state: m.GameState) -> int:
        return self.inner.name_die(state)


def gather(
    variant: Variant, source: str, levels: Sequence[str], judge: Judge, args: argparse.Namespace
) -> tuple[list[m.GameState], int]:
    """``args.positions`` positions to judge, and the number of games played for them."""
    states: list[m.GameState] = []
    keep_rng = random.Random(f"keep:{args.seed}")
    games = 0
    while len(states) < args.positions:
        dice = random.Random(f"game:{args.seed}:{games}")
        decide = random.Random(f"decide:{args.seed}:{games}")
        if source == "gnubg":
            inner = [GnubgPlayer(judge), GnubgPlayer(judge)]
        else:
            high = levels[0]
            low = levels[-1]
            inner = [LevelPlayer(high, decide), LevelPlayer(low, decide)]
            if games % 2:
                inner.reverse()
        seats = [Recorder(p, args.keep, keep_rng, states) for p in inner]
        play_game(variant, seats, dice)
        games += 1
    return states[: args.positions], games


KINDS = ("contact", "race", "bear-off")


def kind_of(position: Position) -> str:
    """``contact`` while a man of either side must still pass one of the other's;
    ``bear-off`` when the sides have passed and the mover's men are all home (or off);
    ``race`` otherwise. Each side's pos p is the other's 25 - p (0 the bar, 25 off)."""
    if in_contact(position):
        return "contact"
    mine = position.board[position.to_act]
    my_rear = next(p for p in range(26) if mine[p])  # the mover runs from 0 towards 25
    return "bear-off" if my_rear >= 19 else "race"


@dataclass
class Tally:
    errors: list[float] = field(default_factory=list)
    matches: int = 0
    times: list[float] = field(default_factory=list)  # seconds per move
    worst: list[tuple[float, m.GameState, Play, Play]] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)

    def by_kind(self) -> str:
        """The mean error in each kind of position, and how many there were."""
        parts = []
        for kind in KINDS:
            errors = [e for e, k in zip(self.errors, self.kinds, strict=True) if k == kind]
            if errors:
                parts.append(f"{kind} {statistics.fmean(errors) * 1000:.1f} ({len(errors)})")
        return "mEMG by kind of position: " + ", ".join(parts)

    def line(self, name: str) -> str:
        n = len(self.errors)
        mean = statistics.fmean(self.errors) if n else 0.0
        se = statistics.stdev(self.errors) / math.sqrt(n) if n > 1 else 0.0
        blunders = sum(e > BLUNDER for e in self.errors)
        ms = [t * 1000 for t in self.times] or [0.0]
        p95 = percentile(ms, 0.95)
        return (
            f"  {name:<12} {n:>5}  {mean * 1000:6.1f} ± {se * 1000:4.1f}  "
            f"{self.matches / max(n, 1):6.1%}  {blunders / max(n, 1):6.1%}  "
            f"{sum(ms) / 1000:7.1f} s ({statistics.fmean(ms):.0f} ms a move, median "
            f"{statistics.median(ms):.0f}, 95th percentile {p95:.0f})"
        )


# The backgammon expert's goal (issue 24): at most this many mEMG a move, and at most this
# share of GNU Backgammon 0-ply's error on the same positions under the same judge.
GOAL_MEMG = 3.5
GOAL_SHARE = 0.8


def against_gnubg0(expert: Tally, gnubg0: Tally) -> str:
    """The expert's error beside GNU Backgammon 0-ply's on the same positions: the paired
    difference, the ratio, and the goal."""
    pairs = [a - b for a, b in zip(expert.errors, gnubg0.errors, strict=True)]
    n = len(pairs)
    mine = statistics.fmean(expert.errors) if n else 0.0
    theirs = statistics.fmean(gnubg0.errors) if n else 0.0
    se = statistics.stdev(pairs) / math.sqrt(n) if n > 1 else 0.0
    share = f"{mine / theirs:.2f}" if theirs else "-"
    return (
        f"expert against {GNUBG0} on the same {n} positions: {mine * 1000:.2f} against "
        f"{theirs * 1000:.2f} mEMG a move (paired difference "
        f"{(mine - theirs) * 1000:+.2f} ± {se * 1000:.2f}), {share} of its error; goal: at "
        f"most {GOAL_MEMG} mEMG and at most {GOAL_SHARE} of {GNUBG0}'s error "
        f"({theirs * GOAL_SHARE * 1000:.2f} here)"
    )


def beside(name: str, compared: Tally, expert: Tally) -> str:
    """The compared network's expert beside the expert, paired on the same positions."""
    pairs = [a - b for a, b in zip(compared.errors, expert.errors, strict=True)]
    n = len(pairs)
    mean = statistics.fmean(pairs) if n else 0.0
    se = statistics.stdev(pairs) / math.sqrt(n) if n > 1 else 0.0
    changed = sum(abs(p) > 1e-9 for p in pairs)
    return (
        f"{name} against the expert on the same {n} positions: paired difference "
        f"{mean * 1000:+.2f} ± {se * 1000:.2f} mEMG a move ({changed} errors changed)"
    )


def describe(variant: Variant, state: m.GameState) -> str:
    """Position ID:Match ID, as GNU Backgammon reads it (money, no cube, side 0 is gnubg's 0)."""
    key = MatchKey(on_roll=state.on_roll, turn=state.on_roll, dice=tuple(state.dice))
    return f"{position_id(state.position)}:{match_id(key)}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.gnubg_error")
    parser.add_argument("--level", nargs="+", action="extend", choices=LEVELS, default=None)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--plies", type=int, choices=(0, 1, 2), default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--source", choices=("tabula", "gnubg"), default="tabula")
    parser.add_argument("--keep", type=float, default=0.3, help="share of decisions kept")
    parser.add_argument("--worst", type=int, default=0, help="show each level's worst moves")
    parser.add_argument(
        "--weights", type=Path, help="judge the levels on these weights, not the shipped ones"
    )
    parser.add_argument(
        "--compare",
        type=Path,
        metavar="WEIGHTS",
        help="judge the expert on these weights too, beside the others on the same positions",
    )
    args = parser.parse_args(argv)
    compared: Network | None = None
    try:
        if args.compare:
            compared = use_weights("backgammon", args.compare)
            use_network("backgammon", None)
        if args.weights:
            use_weights("backgammon", args.weights)
    except (OSError, ValueError) as exc:
        parser.error(str(exc))
    levels = args.level or ["expert", "advanced"]
    levels = sorted(dict.fromkeys(levels), key=LEVELS.index, reverse=True)
    if any(level != "novice" for level in levels) and not has_levels("backgammon"):
        sys.exit("backgammon has no trained evaluation")
    gnubg = load_gnubg()
    variant = find_variant("backgammon", {"cube": False})
    judge = Judge(gnubg, variant, args.plies)

    started = time.perf_counter()
    states, games = gather(variant, args.source, levels, judge, args)
    source = (
        "gnubg 0-ply against itself"
        if args.source == "gnubg"
        else " against ".join(dict.fromkeys([levels[0], levels[-1]]))
    )
    print(
        f"gnubg_error: {len(states)} positions from {games} games ({source}, seed {args.seed}, "
        f"keep {args.keep}) in {time.perf_counter() - started:.1f} s",
        flush=True,
    )
    verify_conventions(judge, states[:20])

    other = "compared" if args.compare else ""  # the expert on --compare's weights
    names = [*levels, *([other] if other else []), *([GNUBG0] if args.plies > 0 else [])]
    mine = network_for(variant)
    tallies = {name: Tally() for name in names}
    judge.seconds = 0.0
    for index, state in enumerate(states):
        plays = m.legal_plays(state)
        check_plays(judge, state, plays)
        values = judge.equities(state, plays)
        best = max(values)
        top = plays[values.index(best)]
        for name in names:
            t = time.perf_counter()
            if name == GNUBG0:
                zero = judge.equities(state, plays, 0)
                chosen = plays[zero.index(max(zero))]
            elif name == other:
                use_network("backgammon", compared)
                chosen = choose_play(state, "expert", args.seed * 100003 + index, plays)
                use_network("backgammon", mine)
            else:
                chosen = choose_play(state, name, args.seed * 100003 + index, plays)
            tally = tallies[name]
            tally.times.append(time.perf_counter() - t)
            error = max(0.0, best - values[plays.index(chosen)])
            tally.errors.append(error)
            tally.kinds.append(kind_of(state.position))
            tally.matches += error <= 1e-9
            tally.worst.append((error, state, chosen, top))
    ply = f"{args.plies}-ply"
    print(
        f"judge: gnubg {ply}, cubeless money equity with gammons, every legal play "
        f"({judge.seconds:.1f} s judging, {len(judge.cache)} positions evaluated)"
    )
    print(f"  {'level':<12} {'moves':>5}  {'mEMG ± se':>13}  {'match':>6}  {'>0.08':>6}  time")
    for name in names:
        print(tallies[name].line(name))
    for name in names:
        print(f"  {name}: {tallies[name].by_kind()}")
    if GNUBG0 in tallies and "expert" in tallies:
        print(against_gnubg0(tallies["expert"], tallies[GNUBG0]))
    if other and "expert" in tallies:
        print(beside(f"the expert on {args.compare}", tallies[other], tallies["expert"]))
    if args.worst:
        for name in names:
            print(f"worst moves, {name} (error, Position ID:Match ID, played, gnubg {ply}):")
            worst = sorted(tallies[name].worst, key=lambda w: -w[0])[: args.worst]
            for error, state, chosen, top in worst:
                print(
                    f"  {error:.3f}  {describe(variant, state)}  {format_play(variant, chosen)}"
                    f"  vs  {format_play(variant, top)}"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
