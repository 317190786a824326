"""Backgammon's one-sided bear-off database: exact play once the race is a bear-off.

    python -m game.ai.bearoff [--out assets/bearoff/backgammon.npz]

For every way of placing up to 15 men on a side's six home points (54,264 of
them), the chance of bearing them all off in exactly n rolls, the side playing
each roll to need the fewest rolls on average (as GNU Backgammon's one-sided
database does); and, for the 15,504 with no man off yet, the chance that the
first man is off after exactly n rolls (the side playing to get it off soonest):
that is what decides a gammon.

When both sides have every man in their home boards or off (no contact left),
the side to roll wins if it finishes in no more rolls than the other side
(it rolls first), and wins a gammon if it finishes before the other gets its
first man off. ``outputs`` turns two one-sided entries into the network's
five chances that way, and ``Evaluator.outputs`` uses them in place of the
network in such positions. The one-sided play is not quite the two-sided
best (a side behind may gamble on doubles), so this is close to exact, not
exact; it beats the network there by far.

The table is data built by this module (under a minute on one core) and
shipped in ``assets/bearoff`` with a record of the command, like the trained
weights; a test rebuilds the small positions and compares.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from functools import cache
from itertools import combinations
from pathlib import Path

import numpy as np

MEN = 15
POINTS = 6
ROLLS_MAX = 32  # entries per distribution: the slowest position needs 30 rolls at most
SCALE = 65535  # the file keeps each chance in 16 bits, as GNU Backgammon's does
# The 21 distinct rolls and their chances out of 36.
ROLLS = tuple((a, b, 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7))

Counts = tuple[int, ...]  # men on home points 1..6 (pips from off), a side's own view


def all_positions(men: int = MEN) -> list[Counts]:
    """Every placement of at most ``men`` men on the six points, in a fixed order
    (by men, then lexicographic): the database's row order."""
    result: list[Counts] = []
    for total in range(men + 1):
        # Stars and bars: the five bars among total + 5 places.
        for bars in combinations(range(total + POINTS - 1), POINTS - 1):
            edges = (-1, *bars, total + POINTS - 1)
            result.append(tuple(edges[i + 1] - edges[i] - 1 for i in range(POINTS)))
    return result


def single_die(counts: Counts, die: int) -> set[Counts]:
    """Every position one die can leave (empty if the die cannot be played)."""
    result: set[Counts] = set()
    highest = max((i for i in range(POINTS) if counts[i]), default=-1) + 1  # pips, 0: none
    for point in range(1, POINTS + 1):
        if not counts[point - 1]:
            continue
        moved = list(counts)
        moved[point - 1] -= 1
        if point > die:
            moved[point - die - 1] += 1
        elif point < die and point != highest:
            continue  # a lower die may bear off only from the highest point
        result.add(tuple(moved))
    return result


def roll_results(counts: Counts, a: int, b: int) -> set[Counts]:
    """The positions a roll can leave under the rules: as many dice as can be played;
    with one die of two playable only, the higher if it can be."""
    empty = (0,) * POINTS
    if a == b:
        level = {counts}
        for _ in range(4):
            nxt: set[Counts] = set()
            for here in level:
                nxt |= {empty} if here == empty else single_die(here, a)
            if not nxt:
                break
            level = nxt
        return level
    both: set[Counts] = set()
    for first, second in ((a, b), (b, a)):
        for mid in single_die(counts, first):
            both |= {empty} if mid == empty else single_die(mid, second)
    if both:
        return both
    high, low = max(a, b), min(a, b)
    return single_die(counts, high) or single_die(counts, low) or {counts}


def build(men: int = MEN) -> tuple[list[Counts], np.ndarray, np.ndarray]:
    """The positions (rows), their bear-off distributions, and the first-man-off
    distributions of the rows with ``men`` men (zero rows elsewhere)."""
    positions = all_positions(men)
    index = {p: i for i, p in enumerate(positions)}
    off = np.zeros((len(positions), ROLLS_MAX), dtype=np.float64)
    first = np.zeros_like(off)
    mean = np.zeros(len(positions))
    off[0, 0] = 1.0  # nothing left: done in no rolls
    pips = [sum((i + 1) * n for i, n in enumerate(p)) for p in positions]
    order = sorted(range(1, len(positions)), key=lambda i: pips[i])  # every move lowers pips
    for i in order:
        for a, b, chance in ROLLS:
            best = min((index[r] for r in roll_results(positions[i], a, b)), key=lambda j: mean[j])
            off[i, 1:] += chance / 36.0 * off[best, :-1]
            mean[i] += chance / 36.0 * (1.0 + mean[best])
    first_mean = np.zeros(len(positions))
    for i in order:
        if sum(positions[i]) != men:
            continue
        for a, b, chance in ROLLS:
            results = [index[r] for r in roll_results(positions[i], a, b)]
            if any(sum(positions[j]) < men for j in results):
                first[i, 1] += chance / 36.0  # a man is off after this roll
                continue
            best = min(results, key=lambda j: first_mean[j])
            first[i, 1:] += chance / 36.0 * first[best, :-1]
            first_mean[i] += chance / 36.0 * (1.0 + first_mean[best])
    # Column k: the chance of needing exactly k rolls (column 0: only the empty row).
    return positions, off.astype(np.float32), first.astype(np.float32)


def to_file(chances: np.ndarray) -> np.ndarray:
    """Chances as the file keeps them: 16-bit fractions of ``SCALE``."""
    return np.round(chances * SCALE).astype(np.uint16)


class Bearoff:
    """The loaded database: one-sided distributions looked up by a side's home board."""

    def __init__(self, positions: Sequence[Counts], off: np.ndarray, first: np.ndarray) -> None:
        self.index = {p: i for i, p in enumerate(positions)}
        self.off = off  # (rows, ROLLS_MAX): column k, all off in exactly k rolls
        self.first = first  # column k: the first man off in exactly k rolls (15 men)
        # Chance of needing k rolls or more (column k), for the win and gammon sums.
        self.off_tail = np.cumsum(off[:, ::-1], axis=1)[:, ::-1]
        self.first_tail = np.cumsum(first[:, ::-1], axis=1)[:, ::-1]

    @classmethod
    def load(cls, path: Path) -> Bearoff:
        """The database in ``path``; ValueError if it is not one."""
        positions = all_positions()
        try:
            with np.load(path) as data:
                off, first = data["off"], data["first"]
        except (OSError, KeyError, ValueError) as exc:
            raise ValueError(f"{path} is not a bear-off database: {exc}") from exc
        if off.shape != (len(positions), ROLLS_MAX) or first.shape != off.shape:
            raise ValueError(f"{path} holds {off.shape}, not {len(positions)} rows of {ROLLS_MAX}")
        return cls(positions, off.astype(np.float32) / SCALE, first.astype(np.float32) / SCALE)

    def row(self, side: Sequence[int]) -> int:
        """A side's row from its board (pos 0 bar .. 25 off); pos 24 is one pip from off."""
        return self.index[tuple(side[25 - k] for k in range(1, POINTS + 1))]

    def outputs(self, board: Sequence[Sequence[int]], to_act: int) -> np.ndarray:
        """The five chances (win, win 2+, win 3, lose 2+, lose 3) for the side to act in a
        bear-off with no contact: both sides' men all home or off, none finished."""
        me, them = board[to_act], board[1 - to_act]
        a, b = self.row(me), self.row(them)
        p_me, p_them = self.off[a], self.off[b]
        # I roll first: I win when I need k rolls and the other needs k or more.
        win = float(p_me[1:] @ self.off_tail[b, 1:])
        win_gammon = float(p_me[1:] @ self.first_tail[b, 1:]) if them[-1] == 0 else 0.0
        # The other wins a gammon finishing in k rolls before my first man is off (> k).
        lose_gammon = float(p_them[1:-1] @ self.first_tail[a, 2:]) if me[-1] == 0 else 0.0
        return np.array([win, win_gammon, 0.0, lose_gammon, 0.0], dtype=np.float32)


def is_bearoff(board: Sequence[Sequence[int]]) -> bool:
    """Whether a backgammon board (two sides, pos 0 bar .. 25 off) is a bear-off the
    database answers: every man of both sides home (pos 19..24) or off, and the game
    not over."""
    return all(not any(side[:19]) and side[25] < MEN for side in board)


@cache
def database() -> Bearoff | None:
    """The shipped database (None if the file is missing: the network is used instead)."""
    from game.paths import asset

    path = asset("bearoff", "backgammon.npz")
    return Bearoff.load(path) if path.is_file() else None


def main(argv: Sequence[str] | None = None) -> int:
    from game.paths import asset

    parser = argparse.ArgumentParser(prog="python -m game.ai.bearoff", description=__doc__)
    parser.add_argument("--out", type=Path, default=asset("bearoff", "backgammon.npz"))
    args = parser.parse_args(argv)
    started = time.time()
    positions, off, first = build()
    seconds = round(time.time() - started)
    from game.files import write_json, write_npz

    write_npz(args.out, compressed=True, off=to_file(off), first=to_file(first))
    command = ["python", "-m", "game.ai.bearoff", *(sys.argv[1:] if argv is None else argv)]
    write_json(
        args.out.with_suffix(".json"),
        {"command": " ".join(command), "positions": len(positions), "seconds": seconds},
    )
    print(f"{len(positions)} positions in {seconds} s -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
