"""A read-only folder or file, as the player's disk might give one, for tests run as root.

Root ignores permission bits, so ``chmod`` alone proves nothing here: these helpers
make the files themselves refuse writes. SQLite opens every database under the
folder with ``mode=ro`` (its writes fail with "attempt to write a readonly
database", a file that is not there cannot be made), and making folders or
moving files there raises ``PermissionError``. ``assert_cannot_write`` checks that
a write really fails.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

import pytest


def _inside(path: object, folder: Path) -> bool:
    try:
        return Path(os.fspath(path)).resolve().is_relative_to(folder.resolve())  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False


def read_only(monkeypatch: pytest.MonkeyPatch, folder: Path, *, files_only: bool = False) -> None:
    """Make ``folder`` read-only (``files_only``: its database files only; the folder
    itself can still be written)."""
    connect = sqlite3.connect

    def connect_read_only(database, *args, uri=False, **kwargs):
        if not uri and str(database) != ":memory:" and _inside(database, folder):
            target = Path(os.fspath(database)).resolve().as_uri() + "?mode=ro"
            return connect(target, *args, uri=True, **kwargs)
        if (
            uri
            and str(database).startswith("file:")
            and _inside(str(database)[5:].split("?")[0], folder)
            and "mode=ro" not in str(database)
        ):
            raise sqlite3.OperationalError("attempt to write a readonly database")
        return connect(database, *args, uri=uri, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", connect_read_only)
    if files_only:
        return

    def refuse(path: object) -> PermissionError:
        return PermissionError(errno.EACCES, "Permission denied", str(path))

    mkdir, replace, rename = Path.mkdir, Path.replace, Path.rename

    def no_mkdir(self: Path, *args: object, **kwargs: object) -> None:
        if _inside(self, folder) and not self.is_dir():
            raise refuse(self)
        mkdir(self, *args, **kwargs)  # type: ignore[arg-type]

    def no_replace(self: Path, target: object) -> Path:
        if _inside(self, folder) or _inside(target, folder):
            raise refuse(self)
        return replace(self, target)  # type: ignore[arg-type]

    def no_rename(self: Path, target: object) -> Path:
        if _inside(self, folder) or _inside(target, folder):
            raise refuse(self)
        return rename(self, target)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "mkdir", no_mkdir)
    monkeypatch.setattr(Path, "replace", no_replace)
    monkeypatch.setattr(Path, "rename", no_rename)


def assert_cannot_write(path: Path) -> None:
    """The simulation holds: SQLite cannot write ``path`` (nor make it)."""
    with pytest.raises(sqlite3.OperationalError):
        db = sqlite3.connect(path)
        try:
            db.execute("CREATE TABLE IF NOT EXISTS probe (x)")
            db.execute("INSERT INTO probe VALUES (1)")
            db.commit()
        finally:
            db.close()
