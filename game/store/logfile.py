"""Where Tabula writes what went wrong: ``tabula.log`` in the data folder.

``start_log()`` sends warnings and errors (with their tracebacks) to the log file as
well as to the console. A data folder that cannot be written gives a log in the
temporary folder instead; where no file can be opened at all the console alone
is used. The log is kept small: it starts again past ``MAX_BYTES``, keeping one
earlier log beside it (``tabula.log.1``).
"""

from __future__ import annotations

import logging
import logging.handlers
import tempfile
from pathlib import Path

from game.store.files import data_dir

LOG_NAME = "tabula.log"
MAX_BYTES = 1_000_000
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_path: Path | None = None


def log_path() -> Path | None:
    """The log file in use (None: none could be opened; the console alone)."""
    return _path


def start_log(level: int = logging.WARNING) -> Path | None:
    """Log to the console and to ``tabula.log`` (once; later calls change nothing)."""
    global _path
    root = logging.getLogger()
    if not any(isinstance(h, logging.StreamHandler) for h in root.handlers):
        logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s")
    if _path is not None:
        return _path
    for folder in (data_dir(), Path(tempfile.gettempdir())):
        path = folder / LOG_NAME
        try:
            handler = logging.handlers.RotatingFileHandler(
                path, maxBytes=MAX_BYTES, backupCount=1, encoding="utf-8"
            )
        except OSError:
            continue
        handler.setFormatter(logging.Formatter(FORMAT))
        handler.setLevel(level)
        root.addHandler(handler)
        root.setLevel(min(root.level or level, level))
        _path = path
        return path
    return None


def stop_log() -> None:
    """Close the log file (tests; a later ``start_log`` opens one again)."""
    global _path
    root = logging.getLogger()
    for handler in list(root.handlers):
        if (
            isinstance(handler, logging.handlers.RotatingFileHandler)
            and _path is not None
            and Path(handler.baseFilename) == _path.resolve()
        ):
            root.removeHandler(handler)
            handler.close()
    _path = None
