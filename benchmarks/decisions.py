"""How long one decision takes on the worst positions we could build: ``make bench``.

    python -m benchmarks.decisions [--repeat 1] [--levels ...] [--cases ...]

Each case is a position built to have as many legal plays as we could find for its
variant (hill-climbing on the play count: men spread one to a point, the opponent's
blots between them, small doubles), played with the shipped networks. Every case is
sent through the engine protocol (``game.engine.handle``) as ``best`` at every level
and as ``hint``, and the wall-clock time of each answer is measured (the engine's
own work: decoding the state, the decision, encoding the answer).

Reported: per case its legal plays and the slowest answer of each kind, by the wall
clock and (in brackets) in processor time, then the slowest of every case. On a
busy machine the clock runs far ahead of the processor time. The target is 2 s for
every answer on the 2-core machine, busy or not: the expert's look-ahead stops on a
count of positions (``game.ai.budget.POSITIONS``) and, on a busy machine, on a
clock (``game.ai.budget.SECONDS``); ``--no-clock`` turns the clock off, to see what
the count alone costs.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

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


def run(cases: Sequence[Case], levels: Sequence[str], repeat: int) -> tuple[float, float]:
    """Print each case's slowest answers, wall clock (processor time); return the slowest
    of all (seconds, both ways)."""
    kinds = [*levels, "hint"]
    print(f"{'case':28} {'plays':>6}  " + "  ".join(f"{k:>13}" for k in kinds))
    worst = dict.fromkeys(kinds, (0.0, 0.0))
    for case in cases:
        state = case.state()
        plays = len(m.legal_plays(state))
        sent = state_to_json(state)
        timed({"cmd": "best", "state": sent, "level": "beginner"})  # loads the network
        row = []
        for kind in kinds:
            if kind == "hint":
                request: dict[str, object] = {"cmd": "hint", "state": sent}
            else:
                request = {"cmd": "best", "state": sent, "level": kind, "seed": 1}
            seconds = max(timed(request) for _ in range(repeat))
            worst[kind] = max(worst[kind], seconds)
            row.append(seconds)
        print(f"{case.name:28} {plays:6}  " + "  ".join(_cell(*s) for s in row), flush=True)
    print(f"{'slowest':28} {'':6}  " + "  ".join(_cell(*worst[k]) for k in kinds))
    return max(w for w, _ in worst.values()), max(c for _, c in worst.values())


def _cell(wall: float, cpu: float) -> str:
    return f"{wall:6.2f} ({cpu:4.2f})"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="answers timed per request")
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=LEVELS)
    parser.add_argument("--cases", nargs="+", help="only the cases whose name has one of these")
    parser.add_argument("--no-clock", action="store_true", help="no wall-clock backstop")
    args = parser.parse_args(argv)
    if args.no_clock:
        os.environ["TABULA_THINK_SECONDS"] = "off"
    cases = [c for c in CASES if not args.cases or any(w in c.name for w in args.cases)]
    wall, cpu = run(cases, args.levels, max(1, args.repeat))
    print(f"slowest answer: {wall:.2f} s by the clock, {cpu:.2f} s of processor (target: 2 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
