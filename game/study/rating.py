"""The player's rating: an Elo scale anchored on the computer's five levels (pure).

The levels' own ratings come from the ladder (``python -m benchmarks.ladder``): random
play (novice) is ``ANCHOR``, and each level stands above the one below it by the Elo
difference its share of wins against it gives, ``400 log10(p / (1 - p))`` (shares are
kept within ``SHARE_BOUNDS``: a few dozen games cannot tell 100% from 99%).
After each game against a computer level, the player's rating moves by Elo's rule
towards what the game showed: ``K (score - expected)``, where ``expected`` is
``1 / (1 + 10 ** ((level - player) / 400))`` and ``K`` is larger for a player's first
games (``PROVISIONAL``), so a new rating finds its place quickly. A new player starts at
the rating of the level they first play (``first_rating``): the strength they chose is
the best guess of theirs there is, and a fixed number would stand below the measured
beginner in some games and above it in others.

Ratings are kept per game: a player's Fevga says nothing of their Long Nardy. El Mundo,
with four at the table, has no such two-sided scale and is not rated.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.ai.levels import LEVELS

ANCHOR = 1000.0  # the novice's rating: random legal plays
SHARE_BOUNDS = (0.02, 0.98)
K_NEW, K_SETTLED = 40.0, 20.0
PROVISIONAL = 20  # games at K_NEW


def elo_gap(share: float) -> float:
    """The Elo difference that wins ``share`` of the games (kept within bounds)."""
    low, high = SHARE_BOUNDS
    p = min(high, max(low, share))
    return 400.0 * math.log10(p / (1.0 - p))


# The ladder's rungs the ratings rest on: (higher, lower) for each level and the one
# below it, the lowest rung first.
RUNGS: tuple[tuple[str, str], ...] = tuple(
    (higher.value, lower.value) for lower, higher in itertools.pairwise(LEVELS)
)


def level_ratings(shares: Mapping[tuple[str, str], float]) -> dict[str, float]:
    """Each level's rating from the ladder's shares: ``shares[(higher, lower)]`` is the
    share of games ``higher`` won against ``lower``, for each of the ``RUNGS``."""
    ratings = {LEVELS[0].value: ANCHOR}
    for higher, lower in RUNGS:
        if (higher, lower) not in shares:
            raise ValueError(f"the ladder has no share of {higher} against {lower}")
        ratings[higher] = ratings[lower] + elo_gap(shares[(higher, lower)])
    return ratings


def first_rating(level_rating: float) -> float:
    """A new player's rating before their first game, against a level of ``level_rating``:
    that level's own."""
    return level_rating


def expected(player: float, opponent: float) -> float:
    """The share of games Elo expects ``player`` to win against ``opponent``."""
    return float(1.0 / (1.0 + 10.0 ** ((opponent - player) / 400.0)))


def updated(player: float, opponent: float, score: float, games_before: int) -> float:
    """The player's rating after a game against ``opponent`` that scored ``score`` (1 a
    win, 0 a loss, 0.5 a tie), with ``games_before`` rated games behind them."""
    if not 0.0 <= score <= 1.0:
        raise ValueError(f"a game scores 0 to 1, not {score}")
    k = K_NEW if games_before < PROVISIONAL else K_SETTLED
    return player + k * (score - expected(player, opponent))


@dataclass(frozen=True, slots=True)
class Rated:
    """One rated game: when, against which level, how it went, the rating after it and
    the player's performance rating in it (None where no analysis was made)."""

    when: float
    level: str
    score: float
    rating: float
    performance: float | None = None


def history(
    games: Sequence[tuple[float, str, float, float | None]],
    ratings: Mapping[str, float],
    start: float | None = None,
) -> list[Rated]:
    """The rating after each of ``games`` (``(when, level, score, performance)`` in order),
    from ``start`` (by default ``first_rating`` of the first game's level); a game against
    a level ``ratings`` does not rate is passed over."""
    out: list[Rated] = []
    rating = start
    for when, level, score, performance in games:
        if level not in ratings:
            continue
        if rating is None:
            rating = first_rating(ratings[level])
        rating = updated(rating, ratings[level], score, len(out))
        out.append(Rated(when, level, score, rating, performance))
    return out


__all__ = [
    "ANCHOR",
    "RUNGS",
    "Rated",
    "elo_gap",
    "expected",
    "first_rating",
    "history",
    "level_ratings",
    "updated",
]
