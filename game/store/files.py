"""Where Tabula keeps a player's files.

The folder is the user data folder of platformdirs (``TABULA_HOME`` overrides
it, for tests and portable installs). Every file in it is written by
``game.files.write_atomic``.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import platformdirs


def data_dir() -> Path:
    """The folder of the player's settings and records (created on demand: a folder
    that cannot be made is still returned, and writing there fails as it would in a
    read-only folder, with an ``OSError`` its writer reports)."""
    override = os.environ.get("TABULA_HOME")
    folder = Path(override) if override else Path(platformdirs.user_data_dir("tabula", "tabula"))
    # Read-only, or not a folder: the records say so, and the game starts anyway.
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
    return folder
