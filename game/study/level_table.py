"""The computer levels' ratings, per game, as the ladder measured them (pure).

``make bench-ratings`` plays each level against the one below it in every two-sided
game with trained levels and writes ``assets/data/level_ratings.json``::

    {"command": "...", "date": "2026-12-04",
     "variants": {"backgammon": {"levels": {"novice": 1000.0, ...},
                                 "pairs": {"beginner:novice": {"won": 199, "games": 200}, ...}}}}

A game measured again later (``benchmarks.ladder --ratings-into``) carries its own
"command" and "date" in its entry; the file's own are those of the others.

``ratings_from_json`` checks such a value and says what is wrong with it;
``load_level_ratings`` reads the file and never raises: a file missing or damaged, or a
game it does not cover, gets ``DEFAULT_STEP`` Elo between each level and the next
(novice ``ANCHOR``), and a line in the log says so.
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from game.ai.levels import LEVELS
from game.paths import asset
from game.rules.variants import VARIANTS
from game.study.rating import ANCHOR

log = logging.getLogger(__name__)

FILE = ("data", "level_ratings.json")
DEFAULT_STEP = 150.0  # Elo between a level and the next where no ladder measured it
LOWEST, HIGHEST = 0.0, 4000.0  # a level's rating outside these is a damaged file
MAX_BYTES = 1_000_000


def default_ratings() -> dict[str, float]:
    """The stated spacing: novice ``ANCHOR``, each level ``DEFAULT_STEP`` above the last."""
    return {level.value: ANCHOR + DEFAULT_STEP * n for n, level in enumerate(LEVELS)}


@dataclass(frozen=True, slots=True)
class LevelTable:
    """The levels' ratings of each game the ladder measured; ``problem`` says why the
    file was not used ("" when it was); ``date``, when the ladder ran."""

    measured: Mapping[str, Mapping[str, float]] = field(default_factory=dict)
    date: str = ""
    problem: str = ""
    dates: Mapping[str, str] = field(default_factory=dict)  # games measured on another date

    def ratings(self, variant_id: str) -> dict[str, float]:
        """``variant_id``'s levels' ratings (the default spacing where none was measured)."""
        found = self.measured.get(variant_id)
        return dict(found) if found is not None else default_ratings()

    def date_of(self, variant_id: str) -> str:
        """When the ladder measured ``variant_id``'s levels."""
        return self.dates.get(variant_id, self.date)

    def is_measured(self, variant_id: str) -> bool:
        return variant_id in self.measured


def _short_text(value: Any, what: str) -> str:
    """``value`` where it is a date's short text (raises ``ValueError`` naming ``what``)."""
    if not isinstance(value, str) or len(value) > 40:
        raise ValueError(f"{what} is not a short text")
    return value


def ratings_from_json(data: Any) -> LevelTable:
    """The table ``data`` holds (raises ``ValueError`` saying what is wrong)."""
    if not isinstance(data, dict):
        raise ValueError("the level ratings are not a JSON object")
    variants = data.get("variants")
    if not isinstance(variants, dict):
        raise ValueError("the level ratings have no 'variants' object")
    date = _short_text(data.get("date", ""), "the level ratings' date")
    measured: dict[str, dict[str, float]] = {}
    dates: dict[str, str] = {}
    for variant_id, entry in variants.items():
        if variant_id not in VARIANTS:
            raise ValueError(f"level ratings of an unknown game {variant_id!r:.40}")
        if VARIANTS[variant_id].players != 2:
            raise ValueError(f"{variant_id} is not a two-sided game: its levels are not rated")
        levels = entry.get("levels") if isinstance(entry, dict) else None
        if not isinstance(levels, dict):
            raise ValueError(f"{variant_id} has no 'levels' object")
        ratings: dict[str, float] = {}
        for level in LEVELS:
            value = levels.get(level.value)
            if not isinstance(value, int | float) or isinstance(value, bool):
                raise ValueError(f"{variant_id}: the {level.value} has no rating")
            if not (math.isfinite(value) and LOWEST <= value <= HIGHEST):
                raise ValueError(f"{variant_id}: the {level.value}'s rating {value} is impossible")
            ratings[level.value] = float(value)
        if ratings[LEVELS[0].value] != ANCHOR:
            raise ValueError(f"{variant_id}: the novice is not at {ANCHOR:.0f}")
        measured[variant_id] = ratings
        if "date" in entry:
            dates[variant_id] = _short_text(entry["date"], f"{variant_id}: the date")
    return LevelTable(measured, date, dates=dates)


def load_level_ratings(path: Path | None = None) -> LevelTable:
    """The table in ``path`` (the shipped file by default); a file that is missing or
    cannot be read gives the default spacing for every game, with a log line."""
    where = path if path is not None else asset(*FILE)
    try:
        if where.stat().st_size > MAX_BYTES:
            raise ValueError(f"{where.stat().st_size} bytes")
        table = ratings_from_json(json.loads(where.read_text(encoding="utf-8")))
    except (OSError, ValueError, RecursionError) as exc:
        why = f"{type(exc).__name__}: {exc}" if isinstance(exc, OSError) else str(exc)
        log.warning(
            "the levels' ratings cannot be read from %s (%s); every level stands %.0f above "
            "the one below it, the novice at %.0f",
            where,
            why[:200],
            DEFAULT_STEP,
            ANCHOR,
        )
        return LevelTable(problem=why[:200])
    missing = [v for v, spec in VARIANTS.items() if spec.players == 2 and v not in table.measured]
    if missing:
        log.info("no ladder ratings for %s: the default spacing is used", ", ".join(missing))
    return table


@cache
def shipped() -> LevelTable:
    """The shipped table, read once."""
    return load_level_ratings()


__all__ = [
    "DEFAULT_STEP",
    "LevelTable",
    "default_ratings",
    "load_level_ratings",
    "ratings_from_json",
    "shipped",
]
