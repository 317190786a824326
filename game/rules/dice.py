"""Rolls and their chances.

A roll is a tuple of die values as thrown (the order is kept for display; the
rules never depend on it). ``chance_outcomes`` lists every distinct roll with
its probability, the way both the game and the AI see chance.
"""

from __future__ import annotations

import hashlib
import math
import random
import secrets
from collections import Counter
from functools import cache
from itertools import product

from game.rules.errors import RulesError

Roll = tuple[int, ...]


SEAL_PREFIX = "tabula-dice-seed:"
STREAM_PREFIX = "tabula-dice-stream:"
SEED_BITS = 128  # games before these had 48-bit seeds; both check the same way
CONTRIBUTION_MAX = 200  # characters of the player's contribution


class DiceError(RulesError):
    """A seed or a contribution to the dice that cannot be used."""


def new_seed() -> int:
    """A fresh seed for a game's dice: 128 bits from the system's secure source."""
    return secrets.randbits(SEED_BITS)


def seed_seal(seed: int) -> str:
    """The seal of a game's dice: SHA-256 of ``tabula-dice-seed:<seed>``, in hex.

    The window shows the seal before the game and the seed after it: anyone can
    check that the seed matches the seal, and that the seed (with the player's
    contribution, ``dice_stream``) throws the game's dice (``docs/DICE.md``), so
    the dice cannot have been chosen during the game.
    """
    return hashlib.sha256(f"{SEAL_PREFIX}{check_seed(seed)}".encode()).hexdigest()


def check_seed(seed: object) -> int:
    """``seed`` if it is a seed (a whole number, not negative); ``DiceError`` if not."""
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise DiceError(f"a seed is a whole number of at least 0, not {seed!r}")
    return seed


def check_contribution(text: object) -> str:
    """``text`` if it can be a player's contribution to the dice: printable text of at
    most ``CONTRIBUTION_MAX`` characters ("" for none); ``DiceError`` if not."""
    if not isinstance(text, str):
        raise DiceError(f"a contribution to the dice is text, not {text!r}")
    if len(text) > CONTRIBUTION_MAX:
        raise DiceError(
            f"a contribution to the dice has at most {CONTRIBUTION_MAX} characters, "
            f"not {len(text)} ({text[:20]!r}...)"
        )
    if not text.isprintable():
        raise DiceError(f"a contribution to the dice is printable text, not {text!r}")
    return text


def stream_key(seed: int, contribution: str) -> str:
    """The key of a game's dice when the player added ``contribution`` after the seal
    was shown: SHA-256 of ``tabula-dice-stream:<seed>:<contribution>`` (UTF-8), in hex."""
    text = f"{STREAM_PREFIX}{check_seed(seed)}:{check_contribution(contribution)}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def dice_stream(seed: int, contribution: str = "") -> random.Random:
    """The generator that throws a game's dice (the opening throw and every roll).

    With no contribution (games before contributions, computer-only games, tests
    given a seed) it is ``random.Random(seed)``; with one it is
    ``random.Random(int(stream_key(seed, contribution), 16))``: the program fixed
    the seed before the player's contribution, and the player chose the contribution
    without knowing the seed, so neither could pick the dice.
    """
    if not check_contribution(contribution):
        return random.Random(check_seed(seed))
    return random.Random(int(stream_key(seed, contribution), 16))


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


def chi_square_p(observed: list[int], expected: list[float]) -> float:
    """The chance that fair dice stray at least this far from ``expected`` (Pearson's
    chi-square test; ``len(observed) - 1`` degrees of freedom). 1.0 with no data."""
    if not observed or sum(observed) == 0:
        return 1.0
    x = sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True) if e > 0)
    return _upper_gamma_q((len(observed) - 1) / 2, x / 2)


def _upper_gamma_q(a: float, x: float) -> float:
    """The regularised upper incomplete gamma function Q(a, x) (Numerical Recipes:
    the series below a + 1, the continued fraction above)."""
    if x <= 0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        n = a
        for _ in range(500):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 500):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)
