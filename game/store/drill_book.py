"""The player's drills, kept in the records book (its ``drills`` table).

Each row is one ``game.study.drills.Drill`` as JSON, read back through
``drill_from_json``: a damaged or hand-edited row is dropped with a line in the log,
never a crash. Every change is one transaction. A book that cannot be written
(``Records.unkept``) lives in memory: the drills are shown and answered as ever, but
nothing is kept, and ``unkept`` says so (the drill scene says it once).
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from game.rules import match as m
from game.store.records import Records
from game.study.analysis import GameAnalysis
from game.study.drills import INTERVALS, Drill, DrillError, drill_from_json, from_analysis, merged

log = logging.getLogger(__name__)

TABLE = """
CREATE TABLE IF NOT EXISTS drills (
    key TEXT PRIMARY KEY,            -- game.study.drills.position_key: one drill a position
    variant TEXT NOT NULL,
    due REAL NOT NULL,               -- when it is next asked (seconds since the epoch)
    data TEXT NOT NULL               -- JSON: game.study.drills.Drill.to_json
);
"""


class DrillBook:
    """The drills of one records book."""

    def __init__(self, records: Records) -> None:
        self.records = records
        self.failed = ""  # why the last change could not be kept ("" when it was)
        try:
            with records.transaction() as db:
                db.executescript(TABLE)
        except sqlite3.Error as exc:
            log.warning("the drills table cannot be made: %s", exc)
            self.failed = str(exc)

    @property
    def unkept(self) -> str:
        """Why answers are not kept ("" when they are)."""
        if self.records.unkept:
            return "Your records cannot be written: your answers to drills are not kept."
        if self.failed:
            return f"Your drills could not be kept ({self.failed})."
        return ""

    def drills(self, variant_id: str | None = None) -> list[Drill]:
        """Every sound drill kept (of one game, or of all), soonest due first; a row that
        cannot be read is dropped with a line in the log."""
        try:
            if variant_id is None:
                rows = self.records.db.execute("SELECT key, data FROM drills").fetchall()
            else:
                rows = self.records.db.execute(
                    "SELECT key, data FROM drills WHERE variant = ?", (variant_id,)
                ).fetchall()
        except sqlite3.Error as exc:
            log.warning("the drills cannot be read: %s", exc)
            return []
        out: list[Drill] = []
        damaged: list[str] = []
        for key, text in rows:
            try:
                drill = _read(text)
                if drill.key != key:
                    raise DrillError("its key is not its position's")
            except (DrillError, ValueError, TypeError, RecursionError) as exc:
                log.warning("a drill kept in the records cannot be read (%s); it is dropped", exc)
                damaged.append(str(key))
                continue
            out.append(drill)
        if damaged:
            self._delete(damaged)
        out.sort(key=lambda d: (d.due, d.key))
        return out

    def due(self, now: float) -> int:
        """How many drills are due at ``now`` (quick: for the menu; a drill that
        cannot be read is counted out when the drills are read)."""
        try:
            rows = self.records.db.execute(
                "SELECT data FROM drills WHERE due <= ?", (now,)
            ).fetchall()
        except sqlite3.Error as exc:
            log.warning("the drills cannot be counted: %s", exc)
            return 0
        count = 0
        for (text,) in rows:
            try:
                step = json.loads(text).get("step")
            except (ValueError, TypeError, AttributeError, RecursionError):
                continue
            if isinstance(step, int) and 0 <= step < len(INTERVALS):
                count += 1
        return count

    def keep(self, drills: Iterable[Drill]) -> bool:
        """Keep ``drills`` (each replaces the row of its position), in one transaction;
        whether they were kept."""
        rows = [
            (d.key, d.variant_id, d.due, json.dumps(d.to_json(), sort_keys=True)) for d in drills
        ]
        try:
            with self.records.transaction() as db:
                db.executemany("INSERT OR REPLACE INTO drills VALUES (?, ?, ?, ?)", rows)
        except sqlite3.Error as exc:
            log.warning("the drills could not be kept: %s", exc)
            self.failed = str(exc)
            return False
        return True

    def add(self, new: Iterable[Drill]) -> int:
        """Add ``new`` drills (a position already drilled keeps its place in its
        schedule; past ``MAX_KEPT`` the learned, then the oldest, go), in one
        transaction; how many were added."""
        kept = self.drills()
        before = {d.key for d in kept}
        after = merged(kept, new)
        keys = {d.key for d in after}
        added = [d for d in after if d.key not in before]
        gone = [(k,) for k in before - keys]
        rows = [
            (d.key, d.variant_id, d.due, json.dumps(d.to_json(), sort_keys=True)) for d in added
        ]
        try:
            with self.records.transaction() as db:
                db.executemany("DELETE FROM drills WHERE key = ?", gone)
                db.executemany("INSERT OR REPLACE INTO drills VALUES (?, ?, ?, ?)", rows)
        except sqlite3.Error as exc:
            log.warning("the drills could not be kept: %s", exc)
            self.failed = str(exc)
            return 0
        return len(added)

    def add_mistakes(
        self,
        analysis: GameAnalysis,
        states: Sequence[m.GameState],
        seats: Sequence[Mapping[str, Any]],
        now: float,
    ) -> int:
        """The plays graded bad or worse of the people at the table (the seats marked
        ``human``: never the computer's) added as drills; how many were new."""
        sides = [i for i, seat in enumerate(seats) if seat.get("human") is True]
        if not sides:
            return 0
        return self.add(from_analysis(analysis, states, sides, now))

    def _delete(self, keys: list[str]) -> None:
        try:
            with self.records.transaction() as db:
                db.executemany("DELETE FROM drills WHERE key = ?", [(k,) for k in keys])
        except sqlite3.Error as exc:
            log.warning("the damaged drills could not be dropped: %s", exc)


@lru_cache(maxsize=4096)
def _read(text: str) -> Drill:
    """A kept drill's row read and its position checked by the rules, once a text: the
    Drills menu reads every drill each time it opens (a hundred drills were 0.1 s)."""
    return drill_from_json(json.loads(text))


__all__ = ["TABLE", "DrillBook"]

