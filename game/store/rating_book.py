"""The player's rating in each game, kept in the records book (table ``ratings``).

One row per rated game: the game, when, the level met and its rating, the score, and
the player's rating before and after. ``rate`` reads the last rating and writes the
next in one transaction, so a crash leaves the rating as it was or as it is after the
game, never half. A row that cannot be read (a damaged or hand-edited book) is left
out with a line in the log; the rating goes on from the last sound row. A book that
cannot be written is read into memory by ``Records`` (``Records.unkept``): its
ratings show, and this session's are kept in memory only.

``performance_points``: the player's performance rating in each analysed game (the
``analyses`` table, ``game.study.stored``), matched to the finished game it analyses.
"""

from __future__ import annotations

import logging
import math
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.ai.levels import LEVELS
from game.rules.variants import VARIANTS
from game.store.records import LAST_TIME, Records
from game.study.rated import RatedGame, RatingChange, rated_game
from game.study.rating import first_rating, updated

log = logging.getLogger(__name__)

TABLE = """
CREATE TABLE IF NOT EXISTS ratings (
    id INTEGER PRIMARY KEY,
    variant TEXT NOT NULL,
    played REAL NOT NULL,            -- when the game ended (seconds since 1970)
    level TEXT NOT NULL,             -- the computer level met
    level_rating REAL NOT NULL,      -- its rating in that game then
    score REAL NOT NULL,             -- 1 won, 0 lost, 0.5 a tie
    before REAL NOT NULL,            -- the player's rating before the game
    after REAL NOT NULL              -- and after it
);
"""
_NAMES = {level.value for level in LEVELS}
_LOW, _HIGH = -10_000.0, 10_000.0  # a rating outside these is a damaged row


@dataclass(frozen=True, slots=True)
class RatingRow:
    """One rated game as kept."""

    played: float
    level: str
    level_rating: float
    score: float
    before: float
    after: float


@dataclass(frozen=True, slots=True)
class PerformancePoint:
    """The player's performance rating in one analysed game."""

    played: float
    rating: float
    game_id: int
    won: bool | None


def _has_table(db: sqlite3.Connection) -> bool:
    row = db.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'ratings'"
    ).fetchone()
    return row is not None


def _row(raw: tuple[Any, ...]) -> RatingRow:
    """A kept row (raises ``ValueError`` for one no rated game could have left)."""
    row_id, played, level, level_rating, score, before, after = raw
    numbers = (played, level_rating, score, before, after)
    if not all(isinstance(x, int | float) and not isinstance(x, bool) for x in numbers):
        raise ValueError(f"row {row_id} holds a value that is not a number")
    if not all(math.isfinite(x) for x in numbers):
        raise ValueError(f"row {row_id} holds a number that is not finite")
    if not 0 <= played <= LAST_TIME:
        raise ValueError(f"row {row_id}: no clock gives the time {played}")
    if level not in _NAMES:
        raise ValueError(f"row {row_id}: an unknown level {level!r:.30}")
    if score not in (0, 0.5, 1):
        raise ValueError(f"row {row_id}: a score of {score}")
    if not all(_LOW <= x <= _HIGH for x in (level_rating, before, after)):
        raise ValueError(f"row {row_id}: a rating out of range")
    return RatingRow(float(played), level, float(level_rating), float(score), before, after)


def rating_history(records: Records, variant_id: str) -> list[RatingRow]:
    """The player's rated games in ``variant_id``, first to last (damaged rows left out,
    with a line in the log)."""
    db = records.db
    if not _has_table(db):
        return []
    rows = db.execute(
        "SELECT id, played, level, level_rating, score, before, after FROM ratings"
        " WHERE variant = ? ORDER BY id",
        (variant_id,),
    ).fetchall()
    out = []
    for raw in rows:
        try:
            out.append(_row(raw))
        except ValueError as exc:
            log.warning("a rating of %s cannot be read (%s); it is left out", variant_id, exc)
    return out


def current_rating(records: Records, variant_id: str) -> tuple[float | None, int]:
    """The player's rating in ``variant_id`` and how many rated games it rests on
    (None and 0 before the first: a new rating starts at its first level's)."""
    history = rating_history(records, variant_id)
    return (history[-1].after, len(history)) if history else (None, 0)


def rated_variants(records: Records) -> list[str]:
    """The games the player has a rating in, the most recently rated first."""
    if not _has_table(records.db):
        return []
    rows = records.db.execute(
        "SELECT variant, MAX(id) FROM ratings GROUP BY variant ORDER BY MAX(id) DESC"
    ).fetchall()
    return [variant for variant, _ in rows if variant in VARIANTS]


def rate(
    records: Records, game: RatedGame, level_rating: float, played: float | None = None
) -> RatingChange:
    """Rate ``game`` (one transaction): the player's rating moves against
    ``level_rating``; the change made comes back."""
    if not math.isfinite(level_rating):
        raise ValueError(f"a level's rating of {level_rating}")
    when = time.time() if played is None else played
    with records.transaction() as db:
        db.execute(TABLE)
        kept, games = current_rating(records, game.variant)
        before = first_rating(level_rating) if kept is None else kept
        after = updated(before, level_rating, game.score, games)
        db.execute(
            "INSERT INTO ratings (variant, played, level, level_rating, score, before, after)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game.variant, when, game.level, level_rating, game.score, before, after),
        )
    return RatingChange(
        game.variant, game.level, level_rating, game.score, before, after, games + 1
    )


def _analysed(records: Records, variant_id: str) -> set[str]:
    """The keys of the analyses kept of ``variant_id``'s games (all the analyses' keys
    where the book cannot look inside them)."""
    try:
        rows = records.db.execute(
            "SELECT game FROM analyses WHERE json_valid(data)"
            " AND json_extract(data, '$.variant') = ?",
            (variant_id,),
        )
        return {key for (key,) in rows}
    except sqlite3.OperationalError:  # an SQLite without its JSON functions
        return {key for (key,) in records.db.execute("SELECT game FROM analyses")}


def performance_points(
    records: Records, variant_id: str, key_of: Callable[[dict[str, Any]], str]
) -> list[PerformancePoint]:
    """The player's performance rating in each analysed game of ``variant_id``, oldest
    first: ``key_of`` gives a finished game's analysis key (``replay_key`` of its
    replay); a game that cannot be matched or an analysis that cannot be read is passed
    over (with a log line for a damaged one)."""
    from game.study.stored import VERSION, analysis_from_json

    keys = _analysed(records, variant_id)
    if not keys:
        return []
    out = []
    for game in reversed(records.games(limit=-1)):
        side = game.get("player_side")
        if game.get("variant") != variant_id or not isinstance(side, int):
            continue
        try:
            key = key_of(game)
        except Exception as exc:  # a game the records cannot replay has no analysis
            log.info("finished game %s cannot be matched to an analysis: %s", game["id"], exc)
            continue
        if key not in keys:
            continue
        data = records.analysis(key, VERSION)
        if data is None:
            continue
        try:
            analysis = analysis_from_json(data)
        except ValueError as exc:
            log.warning("the analysis of game %s cannot be read (%s)", game["id"], exc)
            continue
        rating = analysis.rating(side) if side < analysis.players else None
        played = game.get("finished")
        if rating is None or not isinstance(played, int | float):
            continue
        won = game.get("player_won")
        out.append(
            PerformancePoint(
                float(played), rating, int(game["id"]), None if won is None else bool(won)
            )
        )
    return out


__all__ = [
    "PerformancePoint",
    "RatingRow",
    "current_rating",
    "performance_points",
    "rate",
    "rate_finished",
    "rated_variants",
    "rating_history",
]


def rate_finished(
    records: Records,
    mode: str,
    variant_id: str,
    seats: list[dict[str, Any]] | tuple[dict[str, Any], ...],
    winner: int | None,
    level_ratings: Callable[[str], dict[str, float]],
) -> RatingChange | None:
    """Rate a finished game if it is rated (``game.study.rated``): its level's rating
    comes from ``level_ratings(variant_id)``. None for a game that is not rated."""
    game = rated_game(mode, variant_id, seats, winner)
    if game is None:
        return None
    ratings = level_ratings(variant_id)
    if game.level not in ratings:
        log.warning(
            "no rating for the %s level in %s: the game is not rated", game.level, variant_id
        )
        return None
    return rate(records, game, ratings[game.level])
