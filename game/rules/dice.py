"""Rolls and their chances.

A roll is a tuple of die values as thrown (the order is kept for display; the
rules never depend on it). ``chance_outcomes`` lists every distinct roll with
its probability, the way both the game and the AI see chance.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import product

Roll = tuple[int, ...]


def roll_dice(rng: random.Random, count: int = 2, faces: int = 6) -> Roll:
    """Throw ``count`` dice of ``faces`` faces with the given generator."""
    return tuple(rng.randint(1, faces) for _ in range(count))


@cache
def chance_outcomes(count: int = 2, faces: int = 6) -> tuple[tuple[Roll, float], ...]:
    """Every distinct roll (sorted high to low) with its probability."""
    total = faces**count
    tally = Counter(
        tuple(sorted(r, reverse=True)) for r in product(range(1, faces + 1), repeat=count)
    )
    return tuple((roll, n / total) for roll, n in sorted(tally.items(), reverse=True))


def opening_roll(rng: random.Random, faces: int = 6, players: int = 2) -> tuple[int, Roll]:
    """Each side throws one die; the highest starts, ties throw again.

    Returns the starting side and the dice it threw against the others (in
    side order). Backgammon's starter plays those numbers; elsewhere the
    starter throws afresh.
    """
    while True:
        throws = tuple(rng.randint(1, faces) for _ in range(players))
        top = max(throws)
        if throws.count(top) == 1:
            return throws.index(top), throws
