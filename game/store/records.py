"""The player's records: one SQLite database in the data folder (``records.sqlite``).

It keeps the settings, campaign progress (the best medal of each level), the game in
progress (saved after every play, so a killed game can be resumed) and every
finished game (variant, options, seats, seed, plays, result, and the player's loss per
move where the tutor judged it), from which the statistics per variant and
level are counted. Every change is one transaction: a crash leaves the
database as it was before the change or after it.

A database that cannot be read (not SQLite, damaged) or that a newer Tabula
wrote (its ``user_version`` is above ``SCHEMA``) is moved aside as
``records.sqlite.bad-N`` / ``records.sqlite.newer-N`` and a fresh one is
started; ``Records.notice`` says what happened so the window can tell the
player. Nothing here raises for a bad file.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.store.files import data_dir

log = logging.getLogger(__name__)

SCHEMA = 1
FILE_NAME = "records.sqlite"

_TABLES = """
CREATE TABLE IF NOT EXISTS progress (
    level TEXT PRIMARY KEY,
    medal INTEGER NOT NULL,          -- best medal: 1 bronze, 2 silver, 3 gold
    wins INTEGER NOT NULL,
    attempts INTEGER NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    finished REAL NOT NULL,
    mode TEXT NOT NULL,              -- local, practice, campaign
    level TEXT,                      -- the campaign level, if any
    variant TEXT NOT NULL,
    options TEXT NOT NULL,           -- JSON object
    seats TEXT NOT NULL,             -- JSON list of {human, level}
    seed INTEGER NOT NULL,
    plays TEXT NOT NULL,             -- JSON list of the game's decisions
    result TEXT NOT NULL,            -- JSON (game.rules.outcome.Outcome.to_json)
    player_side INTEGER,             -- the one person playing, if there is one
    player_won INTEGER,              -- 1 / 0, NULL without a single person
    opponent_level TEXT,             -- the strongest computer seat, NULL without one
    loss_total REAL,                 -- the tutor's summed loss for the person's plays
    loss_moves INTEGER,              -- how many plays it judged
    match_id TEXT NOT NULL,          -- the games of one match share it
    start TEXT NOT NULL              -- JSON: the match score and starter at the start
);
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL              -- JSON
);
CREATE TABLE IF NOT EXISTS current (
    slot INTEGER PRIMARY KEY CHECK (slot = 1),
    saved REAL NOT NULL,
    data TEXT NOT NULL               -- JSON: the game in progress (game.ui.progress)
);
"""


@dataclass(frozen=True, slots=True)
class FinishedGame:
    mode: str
    variant: str
    options: Mapping[str, Any]
    seats: Sequence[Mapping[str, Any]]
    seed: int
    plays: Sequence[Any]
    result: Mapping[str, Any]
    level: str | None = None
    player_side: int | None = None
    player_won: bool | None = None
    opponent_level: str | None = None
    loss_total: float | None = None
    loss_moves: int | None = None
    match_id: str = ""
    start: Mapping[str, Any] | None = None  # {"match": {...}, "starter": ...}


@dataclass(frozen=True, slots=True)
class LevelProgress:
    medal: int
    wins: int
    attempts: int


@dataclass(frozen=True, slots=True)
class Statistic:
    variant: str
    opponent_level: str | None
    games: int
    wins: int
    loss_per_move: float | None  # None: no play of the person's was judged


class Records:
    """The open database. ``Records.open()`` never raises for a bad file."""

    def __init__(self, connection: sqlite3.Connection, path: Path, notice: str = "") -> None:
        self.db = connection
        self.path = path
        self.notice = notice  # what was done about a bad file, for the player

    # -- opening ------------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path | None = None) -> Records:
        path = path or data_dir() / FILE_NAME
        notice = ""
        try:
            db = _connect(path)
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA:
                db.close()
                aside = _move_aside(path, "newer")
                notice = (
                    f"Your records were written by a newer Tabula; they were kept as {aside.name} "
                    "and a new record book was started."
                )
                db = _connect(path)
            else:
                _check(db)
        except sqlite3.DatabaseError as exc:
            aside = _move_aside(path, "bad")
            notice = (
                f"Your records could not be read ({exc}); the damaged file was kept as "
                f"{aside.name} and a new record book was started."
            )
            db = _connect(path)
        if notice:
            log.warning("%s", notice)
        with db:
            db.executescript(_TABLES)
            db.execute(f"PRAGMA user_version = {SCHEMA}")
        return cls(db, path, notice)

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        with self.db:
            yield self.db

    # -- campaign progress --------------------------------------------------------------------

    def progress(self) -> dict[str, LevelProgress]:
        rows = self.db.execute("SELECT level, medal, wins, attempts FROM progress")
        return {
            level: LevelProgress(medal, wins, attempts) for level, medal, wins, attempts in rows
        }

    def record_attempt(self, level: str, medal: int) -> LevelProgress:
        """A campaign level played to its end: ``medal`` 0 for a loss, else 1-3."""
        with self.transaction() as db:
            row = db.execute(
                "SELECT medal, wins, attempts FROM progress WHERE level = ?", (level,)
            ).fetchone()
            old = LevelProgress(*row) if row else LevelProgress(0, 0, 0)
            new = LevelProgress(max(old.medal, medal), old.wins + (medal > 0), old.attempts + 1)
            db.execute(
                "INSERT OR REPLACE INTO progress VALUES (?, ?, ?, ?, ?)",
                (level, new.medal, new.wins, new.attempts, time.time()),
            )
        return new

    # -- finished games -----------------------------------------------------------------------

    def add_game(self, game: FinishedGame, *, clear_current: bool = False) -> int:
        """Keep a finished game; ``clear_current``: in the same transaction, drop the
        game in progress (it is this one)."""
        with self.transaction() as db:
            if clear_current:
                db.execute("DELETE FROM current")
            cursor = db.execute(
                "INSERT INTO games (finished, mode, level, variant, options, seats, seed, plays,"
                " result, player_side, player_won, opponent_level, loss_total, loss_moves,"
                " match_id, start) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    time.time(),
                    game.mode,
                    game.level,
                    game.variant,
                    json.dumps(dict(game.options), sort_keys=True),
                    json.dumps([dict(s) for s in game.seats]),
                    seed_to_db(game.seed),
                    json.dumps(list(game.plays)),
                    json.dumps(dict(game.result), sort_keys=True),
                    game.player_side,
                    None if game.player_won is None else int(game.player_won),
                    game.opponent_level,
                    game.loss_total,
                    game.loss_moves,
                    game.match_id,
                    json.dumps(dict(game.start or {}), sort_keys=True),
                ),
            )
            return int(cursor.lastrowid or 0)

    def games(self, limit: int = 100) -> list[dict[str, Any]]:
        """The latest finished games, newest first, as plain values."""
        self.db.row_factory = sqlite3.Row
        try:
            rows = self.db.execute(
                "SELECT * FROM games ORDER BY id DESC LIMIT ?", (limit,)
            ).fetchall()
        finally:
            self.db.row_factory = None
        out = []
        for row in rows:
            game = dict(row)
            for key in ("options", "seats", "plays", "result", "start"):
                game[key] = json.loads(game[key])
            game["seed"] = seed_from_db(game["seed"])
            out.append(game)
        return out

    def game(self, game_id: int) -> dict[str, Any] | None:
        return next((g for g in self.games(limit=-1) if g["id"] == game_id), None)

    def match_games(self, match_id: str) -> list[dict[str, Any]]:
        """The finished games of one match, first to last."""
        return [g for g in reversed(self.games(limit=-1)) if g["match_id"] == match_id]

    def statistics(self) -> list[Statistic]:
        """Games, wins and the average loss per move, per variant and opponent level
        (games with one person at the table)."""
        rows = self.db.execute(
            "SELECT variant, opponent_level, COUNT(*), SUM(player_won),"
            " SUM(loss_total), SUM(loss_moves) FROM games WHERE player_won IS NOT NULL"
            " GROUP BY variant, opponent_level ORDER BY variant, opponent_level"
        )
        return [
            Statistic(variant, level, games, wins or 0, (loss / moves) if moves else None)
            for variant, level, games, wins, loss, moves in rows
        ]

    # -- settings -----------------------------------------------------------------------------

    def settings_values(self) -> dict[str, Any]:
        """The saved settings as plain values (a value that is not JSON is left out)."""
        out: dict[str, Any] = {}
        for key, text in self.db.execute("SELECT key, value FROM settings"):
            try:
                out[key] = json.loads(text)
            except json.JSONDecodeError:
                log.warning("the setting %s cannot be read; it is left at its default", key)
        return out

    def save_settings_values(self, values: Mapping[str, Any]) -> None:
        """Replace the saved settings by ``values`` (one transaction)."""
        with self.transaction() as db:
            db.execute("DELETE FROM settings")
            db.executemany(
                "INSERT INTO settings VALUES (?, ?)",
                [(key, json.dumps(value)) for key, value in sorted(values.items())],
            )

    # -- the game in progress ----------------------------------------------------------------

    def save_current(self, data: Mapping[str, Any]) -> None:
        """Keep the game in progress (one slot: a new game replaces the old one)."""
        text = json.dumps(data, sort_keys=True)
        with self.transaction() as db:
            db.execute("INSERT OR REPLACE INTO current VALUES (1, ?, ?)", (time.time(), text))

    def load_current(self) -> dict[str, Any] | None:
        row = self.db.execute("SELECT data FROM current WHERE slot = 1").fetchone()
        if row is None:
            return None
        try:
            value = json.loads(row[0])
        except json.JSONDecodeError:
            return None
        return value if isinstance(value, dict) else None

    def clear_current(self) -> None:
        with self.transaction() as db:
            db.execute("DELETE FROM current")


def seed_to_db(seed: int) -> int | str:
    """A seed as the ``seed`` column keeps it: 48-bit seeds as integers, the 128-bit
    seeds of newer games (too big for SQLite's integers) as hex text ``0x...``, which
    the column's integer affinity leaves as text."""
    return seed if seed < 2**63 else f"0x{seed:x}"


def seed_from_db(value: Any) -> Any:
    """A seed read from the ``seed`` column (either form ``seed_to_db`` writes)."""
    if isinstance(value, str) and value.startswith("0x"):
        try:
            return int(value, 16)
        except ValueError:
            return value  # replay_from_json says the seed cannot be read
    return value


def _connect(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, isolation_level="DEFERRED")
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
    return db


def _check(db: sqlite3.Connection) -> None:
    """Raise ``sqlite3.DatabaseError`` unless the file is sound and its tables fit."""
    status = db.execute("PRAGMA quick_check").fetchone()[0]
    if status != "ok":
        raise sqlite3.DatabaseError(f"quick check: {status}")
    expected = {"progress": 5, "games": 17, "current": 3, "settings": 2}
    for table, width in expected.items():
        columns = db.execute(f"PRAGMA table_info({table})").fetchall()
        if columns and len(columns) != width:
            raise sqlite3.DatabaseError(f"table {table} has {len(columns)} columns, not {width}")


def _move_aside(path: Path, why: str) -> Path:
    n = 1
    while (aside := path.with_name(f"{path.name}.{why}-{n}")).exists():
        n += 1
    for suffix in ("-wal", "-shm"):
        extra = path.with_name(path.name + suffix)
        if extra.exists():
            extra.replace(aside.with_name(aside.name + suffix))
    if path.exists():
        path.replace(aside)
    return aside
