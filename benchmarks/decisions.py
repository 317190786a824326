"""How long one decision takes, per variant and level: ``make bench``.

    python -m benchmarks.decisions [--repeat 1] [--levels ...] [--variants ...]
                                   [--positions 40] [--no-clock]

Two kinds of positions, for each variant with levels (Lombardorum with two dice and
with three):

- constructed ones (``CASES``), each with as many legal plays as we could find for
  its variant (hill-climbing on the play count: men spread one to a point, the
  opponent's blots between them, small doubles);
- ``--positions`` decisions of seeded random games (every fourth decision, with the
  roll the game threw: doubles among them), which reach the spread-out positions where
  the expert's look-ahead has the most replies to look at.

Every position is sent through the engine protocol (``game.engine.handle``) as
``best`` at every level and as ``hint``, and the wall-clock time of each answer is
measured (the engine's own work: decoding the state, the decision, encoding the answer).

Reported: per variant the positions timed, the most legal plays among them, the
expert's median and 95th percentile (targets: under 0.5 s and 2 s), and the
slowest answer of each kind, by the wall clock and (in brackets) in processor time;
then the slowest of every variant, beside the target: no wait at the board over 1 s.
On a busy machine the clock runs far ahead of the processor time. The expert's
look-ahead stops on a count of positions per variant (``game.ai.budget``) and, on a
busy machine, on a clock (``game.ai.budget.SECONDS``); ``--no-clock`` turns the clock
off, to see what the count alone costs.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from benchmarks import percentile
from game.rules import match as m
from game.rules.position import Position, position_from_counts
from game.rules.serial import state_to_json
from game.rules.variants import find_variant

LEVELS = ("novice", "beginner", "intermediate", "advanced", "expert")


@dataclass(frozen=True)
class Case:
    """A constructed position, its variant and the dice to play."""

    name: str
    variant_id: str
    options: dict[str, object]
    position: Position
    dice: tuple[int, ...]

    def state(self) -> m.GameState:
        variant = find_variant(self.variant_id, self.options)
        variant.validate(self.position)
        return m.GameState(variant, self.position, m.Phase.MOVE, self.dice)


def _counts(
    track: int,
    sides: list[dict[int, int]],
    to_act: int = 0,
    hand: tuple[int, ...] | None = None,
    flags: tuple[int, ...] | None = None,
) -> Position:
    return position_from_counts(sides, track, to_act, hand, flags)


CASES = (
    # 1-1: fifteen men one to a point, the opponent's blots between them (2,225 plays).
    Case(
        "backgammon 1-1",
        "backgammon",
        {},
        _counts(
            24,
            [
                {p: 1 for p in (1, 2, 4, 6, 7, 8, 10, 11, 13, 14, 16, 17, 19, 20, 22)},
                {0: 4, 1: 1, 4: 1, 20: 1, 25: 8},
            ],
        ),
        (1, 1),
    ),
    # 2-2 the same way (2,138 plays).
    Case(
        "backgammon 2-2",
        "backgammon",
        {},
        _counts(
            24,
            [
                {p: 1 for p in (1, 2, 3, 6, 7, 8, 9, 11, 12, 14, 15, 17, 18, 19, 20)},
                {0: 5, 1: 1, 2: 1, 9: 1, 15: 1, 20: 1, 25: 5},
            ],
        ),
        (2, 2),
    ),
    Case(
        "quinze tablas 6-5-4",
        "quinze_tablas",
        {},
        _counts(
            24,
            [
                {1: 2, 2: 2, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1, 13: 1, 15: 2, 18: 1, 24: 1},
                {0: 3, 2: 1, 4: 1, 5: 1, 6: 1, 8: 1, 9: 2, 11: 1, 13: 1, 14: 1, 15: 1, 16: 1},
            ],
        ),
        (6, 5, 4),
    ),
    Case(
        "anglicorum 4-3-2",
        "anglicorum",
        {},
        _counts(
            24,
            [
                {4: 1, 5: 1, 6: 1, 11: 6, 14: 1, 15: 1, 16: 1, 20: 2, 25: 1},
                {2: 1, 3: 1, 4: 1, 6: 1, 7: 1, 8: 1, 12: 1, 13: 1, 15: 1, 16: 2, 17: 1, 18: 2}
                | {22: 1},
            ],
            to_act=1,
        ),
        (4, 3, 2),
    ),
    # Three dice used singly or summed (3,363 plays).
    Case(
        "duodecim 5-3-1",
        "duodecim",
        {},
        _counts(
            36,
            [
                {p: 1 for p in (1, 3, 6, 7, 9, 14, 16, 17, 19, 22, 23, 25, 26, 28, 30)},
                {4: 1, 5: 3, 8: 1, 10: 1, 12: 1, 14: 1, 16: 1, 18: 1, 22: 1, 25: 1, 29: 1}
                | {34: 1, 36: 1},
            ],
        ),
        (5, 3, 1),
    ),
    Case(
        "el mundo 5-3-1",
        "el_mundo",
        {},
        _counts(
            18,
            [
                {4: 7, 11: 1, 13: 1, 14: 1, 15: 1, 19: 1},
                {1: 1, 2: 2, 3: 2, 4: 1, 6: 2, 11: 2, 12: 1, 13: 1},
                {0: 1, 4: 3, 11: 5, 13: 1, 17: 2},
                {0: 4, 3: 3, 8: 3, 9: 1, 12: 1},
            ],
            to_act=1,
            flags=(4, 4, 4, 4),
        ),
        (5, 3, 1),
    ),
    Case(
        "lombardorum (3 dice) 3-2-1",
        "lombardorum",
        {"dice": 3},
        _counts(
            12,
            [
                {1: 1, 4: 2, 5: 2, 6: 2, 8: 3, 9: 2, 10: 2, 11: 1},
                {0: 1, 1: 1, 6: 1, 10: 1, 11: 8, 13: 3},
            ],
            flags=(0, 1),
        ),
        (3, 2, 1),
    ),
)


TARGET = 1.0  # seconds: no wait at the board over this, at any level
# The variants (and option sets) timed, by the name the report gives them.
SETS: tuple[tuple[str, str, dict[str, object]], ...] = (
    ("backgammon", "backgammon", {}),
    ("lombardorum", "lombardorum", {}),
    ("lombardorum (3 dice)", "lombardorum", {"dice": 3}),
    ("el mundo", "el_mundo", {}),
    ("quinze tablas", "quinze_tablas", {}),
    ("anglicorum", "anglicorum", {}),
    ("duodecim", "duodecim", {}),
    ("tabula", "tabula", {}),
    ("nard", "nard", {}),
    ("portes", "portes", {}),
    ("plakoto", "plakoto", {}),
    ("fevga", "fevga", {}),
    ("acey-deucey", "acey_deucey", {}),
)
MEDIAN_TARGET, P95_TARGET = 0.5, 2.0  # the expert's thinking time, seconds
EVERY = 4  # the sampled decisions: every fourth of a seeded random game


def timed(request: dict[str, object]) -> tuple[float, float]:
    """Seconds the engine takes to answer ``request`` (which must succeed): by the wall
    clock, and of this process's processor time (what an idle machine would take)."""
    from game.engine import handle

    started, cpu = time.perf_counter(), time.process_time()
    answer = handle(request)
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    if not answer.get("ok"):
        raise SystemExit(f"the engine refused {request.get('cmd')}: {answer.get('error')}")
    return seconds, cpu


def sampled(variant_id: str, options: dict[str, object], count: int) -> list[m.GameState]:
    """``count`` decisions of seeded random games of a variant: every ``EVERY``-th, with
    the roll thrown (the same positions every run)."""
    from game.ai.arena import random_decisions

    variant = find_variant(variant_id, options)
    found: list[m.GameState] = []
    seed = 2200
    while len(found) < count:
        for k, (state, _) in enumerate(random_decisions(variant, random.Random(seed))):
            if k % EVERY == 0 and len(found) < count:
                found.append(state)
        seed += 1
    return found


@dataclass
class Slowest:
    """The slowest answer of one kind so far: seconds by the clock and of processor
    time, and the position it was."""

    wall: float = 0.0
    cpu: float = 0.0
    where: str = ""

    def add(self, wall: float, cpu: float, where: str) -> None:
        if wall > self.wall:
            self.wall, self.where = wall, where
        self.cpu = max(self.cpu, cpu)

    def cell(self) -> str:
        return f"{self.wall:6.2f} ({self.cpu:4.2f})"


def run(
    sets: Sequence[tuple[str, str, dict[str, object]]],
    levels: Sequence[str],
    positions: int,
    repeat: int,
) -> dict[str, Slowest]:
    """Print each variant's slowest answers, wall clock (processor time); return the
    slowest of every variant by kind."""
    kinds = [*levels, "hint"]
    print(f"{'variant':22} {'positions':>9} {'plays':>6}  " + "  ".join(f"{k:>13}" for k in kinds))
    worst = {kind: Slowest() for kind in kinds}
    for name, variant_id, options in sets:
        cases = [
            (case.name, case.state())
            for case in CASES
            if case.variant_id == variant_id and case.options == options
        ]
        states = sampled(variant_id, options, positions)
        cases += [(f"{name} sample {i}", state) for i, state in enumerate(states)]
        if not cases:
            continue
        timed({"cmd": "best", "state": state_to_json(cases[0][1]), "level": "beginner"})  # loads
        row = {kind: Slowest() for kind in kinds}
        expert: list[float] = []
        plays = 0
        for where, state in cases:
            plays = max(plays, len(m.legal_plays(state)))
            sent = state_to_json(state)
            for kind in kinds:
                if kind == "hint":
                    request: dict[str, object] = {"cmd": "hint", "state": sent}
                else:
                    request = {"cmd": "best", "state": sent, "level": kind, "seed": 1}
                wall, cpu = max(timed(request) for _ in range(repeat))
                if kind == "expert":
                    expert.append(wall)
                row[kind].add(wall, cpu, where)
                worst[kind].add(wall, cpu, where)
        cells = "  ".join(row[kind].cell() for kind in kinds)
        print(f"{name:22} {len(cases):9} {plays:6}  {cells}", flush=True)
        if expert:
            median, p95 = statistics.median(expert), percentile(expert, 0.95)
            marks = "ok" if median < MEDIAN_TARGET and p95 < P95_TARGET else "OVER"
            print(
                f"{'':22} the expert: median {median:.2f} s, 95th percentile {p95:.2f} s "
                f"(targets {MEDIAN_TARGET} s and {P95_TARGET:.0f} s: {marks}); "
                f"slowest: {row['expert'].where}",
                flush=True,
            )
    cells = "  ".join(worst[kind].cell() for kind in kinds)
    print(f"{'slowest':22} {'':9} {'':6}  {cells}")
    marks = "  ".join(f"{'OVER' if worst[k].wall > TARGET else 'ok':>13}" for k in kinds)
    print(f"{f'target {TARGET:.0f} s':22} {'':9} {'':6}  {marks}")
    return worst


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="answers timed per request")
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=LEVELS)
    parser.add_argument(
        "--variants", nargs="+", help="only the variants whose name has one of these"
    )
    parser.add_argument(
        "--positions", type=int, default=40, help="decisions of random games per variant"
    )
    parser.add_argument("--no-clock", action="store_true", help="no wall-clock backstop")
    args = parser.parse_args(argv)
    if args.no_clock:
        os.environ["TABULA_THINK_SECONDS"] = "off"
    sets = [s for s in SETS if not args.variants or any(w in s[0] for w in args.variants)]
    worst = run(sets, args.levels, max(0, args.positions), max(1, args.repeat))
    wall = max(w.wall for w in worst.values())
    cpu = max(w.cpu for w in worst.values())
    print(
        f"slowest answer: {wall:.2f} s by the clock, {cpu:.2f} s of processor"
        f" (target: {TARGET:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
