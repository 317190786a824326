"""How fast ``generate_plays`` finds every legal play: ``make bench``.

    python -m benchmarks.movegen benchmarks/data/backgammon-bench.txt [--repeat 7]

The data file holds one case a line, ``POSITION_ID D1 D2`` (GNU Backgammon
Position ID, side 0 on roll); blank lines and ``#`` comments are skipped. The
cases are decoded first, untimed. One untimed pass warms up, then the whole set
is timed ``--repeat`` times and the median rate is reported, since a shared
machine's timings wander by a quarter from run to run.

The report is one section per variant: backgammon from the reference file,
then GNU Backgammon's own generator (``gnubg_nn.moves``, from the benchmark
extra gnubg-nn) on the same cases in the same run, timed the same way, the
two taking turns pass by pass, and the median ratio of a pass's rates; then
every other variant (and Lombardorum's three-dice option), from positions
reached in seeded random games (``--games`` games a variant, the same positions
on every run).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from game.rules import match as m
from game.rules.gnubg import position_from_id
from game.rules.position import Position
from game.rules.variants import VARIANTS, Variant, find_variant


@dataclass(frozen=True, slots=True)
class Case:
    """One position and the dice to play from it."""

    position: Position
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Section:
    """A set of cases played with one variant."""

    name: str
    variant: Variant
    cases: tuple[Case, ...]


@dataclass(frozen=True, slots=True)
class Result:
    """Rates (cases per second) of every timed run over a set of cases."""

    name: str
    cases: int
    rates: tuple[float, ...]
    plays: int  # legal plays found in one pass over the cases

    @property
    def median(self) -> float:
        return statistics.median(self.rates)


def parse_backgammon_cases(path: Path) -> tuple[Case, ...]:
    """The cases of a ``POSITION_ID D1 D2`` file; a bad line raises ValueError."""
    cases: list[Case] = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        fields = line.split()
        try:
            if len(fields) != 3:
                raise ValueError("expected POSITION_ID D1 D2")
            dice = (int(fields[1]), int(fields[2]))
            if not all(1 <= d <= 6 for d in dice):
                raise ValueError("dice must be 1 to 6")
            position = position_from_id(fields[0])
        except ValueError as exc:
            raise ValueError(f"{path}:{number}: {raw!r}: {exc}") from exc
        cases.append(Case(position, dice))
    if not cases:
        raise ValueError(f"{path}: no cases")
    return tuple(cases)


def sample_cases(variant: Variant, games: int, seed: int = 1) -> tuple[Case, ...]:
    """Every position where a side had dice to play in ``games`` seeded random games."""
    cases: list[Case] = []
    for game in range(games):
        rng = random.Random(seed * 100_003 + game)
        state = m.new_game(variant, rng)
        for _ in range(5000):
            if state.is_over:
                break
            if state.phase is m.Phase.ROLL:
                state = m.roll(state, rng)
            elif state.phase is m.Phase.CHOOSE:
                state = m.choose_die(state, rng.choice(m.die_choices(state)))
            elif state.phase is m.Phase.MOVE:
                cases.append(Case(state.position, state.dice))
                legal = m.legal_plays(state)
                state = m.play(state, rng.choice(legal), legal)
            else:
                break
    return tuple(cases)


def other_variants() -> list[tuple[str, Variant]]:
    """Every variant but backgammon, and Lombardorum's three-dice option."""
    found = [(cls.id, cls()) for cls in VARIANTS.values() if cls.id != "backgammon"]
    if "lombardorum" in VARIANTS:
        found.append(("lombardorum dice=3", find_variant("lombardorum", {"dice": 3})))
    return found


def run_once(section: Section) -> tuple[float, int]:
    """Seconds to generate the plays of every case once, and how many plays."""
    generate = section.variant.generate_plays
    plays = 0
    start = time.perf_counter()
    for case in section.cases:
        plays += len(generate(case.position, case.dice))
    return time.perf_counter() - start, plays


def timed_together(
    runs: Sequence[tuple[str, int, Callable[[], tuple[float, int]]]], repeat: int
) -> list[Result]:
    """Each ``(name, cases, once)`` warmed up with one pass, then timed ``repeat`` times
    with the collector paused, the runs taking turns pass by pass, so that a machine
    whose speed drifts during the run slows them all alike."""
    plays = [once()[1] for _, _, once in runs]
    rates: list[list[float]] = [[] for _ in runs]
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        for _ in range(repeat):
            for (_, cases, once), own in zip(runs, rates, strict=True):
                seconds, _ = once()
                own.append(cases / seconds)
    finally:
        if enabled:
            gc.enable()
    return [
        Result(name, cases, tuple(own), found)
        for (name, cases, _), own, found in zip(runs, rates, plays, strict=True)
    ]


def measure(section: Section, repeat: int) -> Result:
    """Tabula's rate on ``section``."""
    runs = [(section.name, len(section.cases), lambda: run_once(section))]
    return timed_together(runs, repeat)[0]


def gnubg_pass(path: Path) -> tuple[int, Callable[[], tuple[float, int]]] | None:
    """GNU Backgammon's move generator (``gnubg_nn.moves``) on the cases of ``path``: how
    many cases, and a function timing one pass over them as ``run_once`` times Tabula's;
    None where gnubg-nn is not installed."""
    try:
        import gnubg_nn  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    boards = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        fields = raw.split("#", 1)[0].split()
        if fields:
            boards.append((gnubg_nn.board_from_position_id(fields[0]), *map(int, fields[1:3])))
    moves = gnubg_nn.moves

    def once() -> tuple[float, int]:
        plays = 0
        start = time.perf_counter()
        for board, d1, d2 in boards:
            plays += len(moves(board, d1, d2))
        return time.perf_counter() - start, plays

    return len(boards), once


def report(result: Result) -> str:
    """Two lines: the median rate, then the spread and the plays found."""
    return (
        f"{result.name}: {result.cases} positions, {round(result.median)} positions/s\n"
        f"  min {round(min(result.rates))}, max {round(max(result.rates))} positions/s "
        f"over {len(result.rates)} runs; {result.plays} plays generated"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.movegen", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("file", type=Path, help="backgammon cases: POSITION_ID D1 D2 per line")
    parser.add_argument(
        "--repeat", type=int, default=7, help="timed passes; the median is reported (7)"
    )
    parser.add_argument(
        "--games", type=int, default=4, help="seeded random games per other variant (4)"
    )
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error(f"--repeat must be at least 1, got {args.repeat}")
    try:
        cases = parse_backgammon_cases(args.file)
    except (OSError, ValueError) as exc:
        parser.error(str(exc))
    section = Section("backgammon", find_variant("backgammon"), cases)
    theirs = gnubg_pass(args.file)
    if theirs is None:
        print(report(measure(section, args.repeat)), flush=True)
        print("gnubg-nn is not installed (make bench installs it): no side-by-side figure")
    else:
        ours, gnubg = timed_together(
            [
                (section.name, len(cases), lambda: run_once(section)),
                ("gnubg-nn, GNU Backgammon's generator, same cases", *theirs),
            ],
            args.repeat,
        )
        print(report(ours))
        print(report(gnubg))
        ratios = sorted(a / b for a, b in zip(ours.rates, gnubg.rates, strict=True))
        print(
            f"Tabula / gnubg-nn: {statistics.median(ratios):.2f}, the median of "
            f"{len(ratios)} passes taken in turns ({ratios[0]:.2f} to {ratios[-1]:.2f}); "
            "goal: at least 0.25. The two generators do not count a play alike, see plays."
        )
    print("the other variants, positions from seeded random games:", flush=True)
    for name, variant in other_variants():
        section = Section(name, variant, sample_cases(variant, args.games))
        print(report(measure(section, args.repeat)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
