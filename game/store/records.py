"""The player's records: one SQLite database in the data folder (``records.sqlite``).

It keeps the settings, campaign progress (the best medal of each level), the game in
progress (saved after every play, so a killed game can be resumed), the analyses of
finished games made in Records (so that none is made twice) and every
finished game (variant, options, seats, seed, plays, result, and the player's loss per
move where the tutor judged it), from which the statistics per variant and
level are counted. Every change is one transaction: a crash leaves the
database as it was before the change or after it.

A database that cannot be read (not SQLite, damaged) or that a newer Tabula
wrote (its ``user_version`` is above ``SCHEMA``) is moved aside as
``records.sqlite.bad-N`` / ``records.sqlite.newer-N`` and a fresh one is
started; ``Records.notice`` says what happened so the window can tell the
player. Nothing here raises for a bad file.

A sound book that cannot be written (a read-only file or folder, a full disk) is
never moved aside: it is read into memory, the game plays on with it, and
``Records.unkept`` says why nothing of the session will be kept. A folder where
no book can even be made gives an empty book in memory, with the same message.
An empty (0-byte) file, as a full disk or a crash can leave, starts a new book
with a message rather than silently.
"""

from __future__ import annotations

import json
import logging
import math
import sqlite3
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.i18n import N_, _, date
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
CREATE TABLE IF NOT EXISTS analyses (
    game TEXT PRIMARY KEY,           -- the game analysed: game.study.stored.replay_key
    version INTEGER NOT NULL,        -- the analysis's format (another one is made again)
    made REAL NOT NULL,
    data TEXT NOT NULL               -- JSON: game.study.analysis.GameAnalysis.to_json
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


class DamagedError(sqlite3.DatabaseError):
    """The file is SQLite, but not a sound record book (a failed check)."""


class Records:
    """The open database. ``Records.open()`` never raises (see the module's notes)."""

    def __init__(
        self, connection: sqlite3.Connection, path: Path, notice: str = "", unkept: str = ""
    ) -> None:
        self.db = connection
        self.path = path
        self.notice = notice  # what was done about a bad file, for the player
        # Why this book lives in memory only, and nothing of the session is kept ("" when
        # it is the file itself; also "" for a book opened in memory on purpose).
        self.unkept = unkept

    # -- opening ------------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path | None = None) -> Records:
        if path is not None and str(path) == ":memory:":
            return cls(_prepared(sqlite3.connect(":memory:")), path)
        try:
            path = path or data_dir() / FILE_NAME
            records = cls._open_file(path)
        except Exception as exc:  # never stop the game from starting
            log.exception("the records cannot be opened")
            where = path or Path(FILE_NAME)
            records = cls._unkept(where, N_("Your records cannot be opened ({why})"), why=_why(exc))
        return records

    @classmethod
    def _open_file(cls, path: Path) -> Records:
        empty = _is_empty(path)
        notice = ""
        try:
            db = _connect(path)
            try:
                version = db.execute("PRAGMA user_version").fetchone()[0]
                if version <= SCHEMA:
                    _check(db)
            except sqlite3.DatabaseError:
                db.close()
                raise
            if version > SCHEMA:
                db.close()
                try:
                    aside = _move_aside(path, "newer")
                except OSError as move:
                    return cls._unkept(
                        path,
                        N_(
                            "Your records were written by a newer Tabula and cannot be moved "
                            "aside ({why})"
                        ),
                        why=_why(move),
                    )
                notice = _said(
                    N_(
                        "Your records were written by a newer Tabula; they were kept as {name} "
                        "and a new record book was started."
                    ),
                    name=aside.name,
                )
                db = _connect(path)
            try:
                _prepared(db)
            except sqlite3.DatabaseError:
                db.close()
                raise
        except sqlite3.DatabaseError as exc:
            if not _damaged(exc):
                return cls._read_only(path, exc)
            try:
                aside = _move_aside(path, "bad")
            except OSError as move:
                return cls._unkept(
                    path,
                    N_(
                        "Your records could not be read ({why}) and the damaged file cannot be "
                        "moved aside ({move})"
                    ),
                    why=_why(exc),
                    move=_why(move),
                )
            notice = _said(
                N_(
                    "Your records could not be read ({why}); the damaged file was kept as "
                    "{name} and a new record book was started."
                ),
                why=_why(exc),
                name=aside.name,
            )
            db = _prepared(_connect(path))
        if empty and not notice:
            notice = _said(
                N_(
                    "Your records file {name} was empty (0 bytes: a full disk or a crash can "
                    "leave one so); a new record book was started."
                ),
                name=path.name,
            )
        return cls(db, path, notice)

    @classmethod
    def _read_only(cls, path: Path, error: Exception) -> Records:
        """A sound book that cannot be written: read into memory, never moved aside."""
        memory = sqlite3.connect(":memory:")
        source: sqlite3.Connection | None = None
        try:
            if path.is_file():
                source = _connect_read_only(path)
                version = source.execute("PRAGMA user_version").fetchone()[0]
                if version <= SCHEMA:
                    _check(source)
                    source.backup(memory)
        except sqlite3.DatabaseError as exc:
            log.warning("the records cannot be read either: %s", exc)
        finally:
            if source is not None:
                source.close()
        return cls._unkept(
            path,
            N_("Your records in {folder} cannot be written ({why})"),
            memory,
            folder=path.parent,
            why=_why(error),
        )

    @classmethod
    def _unkept(
        cls, path: Path, what: str, memory: sqlite3.Connection | None = None, **values: Any
    ) -> Records:
        """An empty book in memory (or ``memory``), and ``what`` (a text for the catalogue,
        filled with ``values``) to say why."""
        db = _prepared(memory or sqlite3.connect(":memory:"))
        unkept = _said(
            N_("{what}: you can play, but nothing of this session will be kept."),
            what=(what.format(**values), _(what).format(**values)),
        )
        return cls(db, path, unkept, unkept)

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
            try:
                for key in ("options", "seats", "plays", "result", "start"):
                    game[key] = json.loads(game[key])
                game["seed"] = seed_from_db(game["seed"])
            except (ValueError, TypeError, RecursionError) as exc:
                log.warning("finished game %s cannot be read (%s); it is left out", row[0], exc)
                continue
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

    # -- analyses of finished games -------------------------------------------------------------

    def analysis(self, game: str, version: int) -> dict[str, Any] | None:
        """The analysis kept for ``game`` in format ``version`` as plain values; None when
        there is none, or it is of another version or cannot be read (the caller makes
        it again and ``keep_analysis`` replaces it)."""
        row = self.db.execute(
            "SELECT version, data FROM analyses WHERE game = ?", (game,)
        ).fetchone()
        if row is None or row[0] != version:
            return None
        try:
            value = json.loads(row[1])
        except (ValueError, TypeError, RecursionError):
            log.warning("the analysis kept for %s cannot be read; it is made again", game[:16])
            return None
        return value if isinstance(value, dict) else None

    def keep_analysis(self, game: str, version: int, data: Mapping[str, Any]) -> None:
        """Keep a finished analysis of ``game`` (one transaction; it replaces any other)."""
        text = json.dumps(dict(data), sort_keys=True)
        with self.transaction() as db:
            db.execute(
                "INSERT OR REPLACE INTO analyses VALUES (?, ?, ?, ?)",
                (game, version, time.time(), text),
            )

    def drop_analysis(self, game: str) -> None:
        """Forget the analysis kept for ``game`` (a damaged one)."""
        with self.transaction() as db:
            db.execute("DELETE FROM analyses WHERE game = ?", (game,))

    # -- settings -----------------------------------------------------------------------------

    def settings_values(self) -> dict[str, Any]:
        """The saved settings as plain values (a value that is not JSON is left out)."""
        out: dict[str, Any] = {}
        for key, text in self.db.execute("SELECT key, value FROM settings"):
            try:
                out[key] = json.loads(text)
            except (ValueError, RecursionError):  # not JSON, or nested beyond reading
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
        except (ValueError, RecursionError):
            return None
        return value if isinstance(value, dict) else None

    def clear_current(self) -> None:
        with self.transaction() as db:
            db.execute("DELETE FROM current")


# The last second of the year 9999 (UTC): past it, or before 1970, a finished game's
# time is not one a game could have been played at (a damaged or hand-edited book).
LAST_TIME = 253_402_300_799


def finished_local(value: Any) -> time.struct_time | None:
    """A finished game's time (the ``finished`` column) as local time, or None when the
    book holds something no clock could have given: text, bytes, nothing, not a number,
    negative, or too far off for the clock."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if not (math.isfinite(value) and 0 <= value <= LAST_TIME):
        return None
    try:
        return time.localtime(value)
    except (OverflowError, OSError, ValueError):
        return None


def finished_words(value: Any, form: str = "%d %b %Y, %H:%M") -> str:
    """A finished game's time for the player, "unknown time" when it cannot be one: the
    day and time (the day alone for ``form`` "%d %b %Y") as the player's language writes
    them; another ``form`` is ``time.strftime``'s."""
    local = finished_local(value)
    if local is None:
        return _("unknown time")
    if form in ("%d %b %Y, %H:%M", "%d %b %Y"):
        return date(time.mktime(local), with_time="%H" in form)
    return time.strftime(form, local)


def _said(template: str, **values: Any) -> str:
    """What the player is told of the book (``template`` filled with ``values``), in the
    player's language; the log has it in English. A value that is a pair is (English,
    the player's language)."""
    english = {k: v[0] if isinstance(v, tuple) else v for k, v in values.items()}
    shown = {k: v[1] if isinstance(v, tuple) else v for k, v in values.items()}
    log.warning("%s", template.format(**english))
    return _(template).format(**shown)


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
    try:
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")
    except sqlite3.DatabaseError:
        db.close()
        raise
    return db


def _connect_read_only(path: Path) -> sqlite3.Connection:
    """``path`` opened for reading only; ``immutable`` where even the WAL's shared memory
    file cannot be made (a read-only folder)."""
    uri = path.resolve().as_uri()
    try:
        db = sqlite3.connect(f"{uri}?mode=ro", uri=True)
        db.execute("PRAGMA user_version").fetchone()
        return db
    except sqlite3.OperationalError:
        return sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True)


def _prepared(db: sqlite3.Connection) -> sqlite3.Connection:
    """``db`` with its tables (a write: raises where the book cannot be written)."""
    with db:
        db.executescript(_TABLES)
        db.execute(f"PRAGMA user_version = {SCHEMA}")
    return db


def _damaged(exc: sqlite3.DatabaseError) -> bool:
    """Whether ``exc`` says the file is not a sound book (rather than that it cannot be
    opened or written: read-only, locked, a full disk)."""
    if isinstance(exc, DamagedError):
        return True
    code = getattr(exc, "sqlite_errorcode", None)
    if code is None:
        return not isinstance(exc, sqlite3.OperationalError)
    return code & 0xFF in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)


def _is_empty(path: Path) -> bool:
    """A 0-byte book (with no write-ahead log that could fill it)."""
    try:
        wal = path.with_name(path.name + "-wal")
        return path.stat().st_size == 0 and (not wal.exists() or wal.stat().st_size == 0)
    except OSError:
        return False


def _why(exc: BaseException) -> str:
    """A short reason for the player: "attempt to write a readonly database"."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    return str(exc) or type(exc).__name__


def _check(db: sqlite3.Connection) -> None:
    """Raise ``sqlite3.DatabaseError`` unless the file is sound and its tables fit."""
    status = db.execute("PRAGMA quick_check").fetchone()[0]
    if status != "ok":
        raise DamagedError(f"quick check: {status}")
    expected = {"progress": 5, "games": 17, "current": 3, "settings": 2, "analyses": 4}
    for table, width in expected.items():
        columns = db.execute(f"PRAGMA table_info({table})").fetchall()
        if columns and len(columns) != width:
            raise DamagedError(f"table {table} has {len(columns)} columns, not {width}")


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
