"""The key of the saved dice: a file of its own (``dice.key``) beside the records book.

The game in progress is saved in the records book with its seed and its dice
generator's state locked under this key (``game.rules.dice_box``), so that the book
alone (shared, copied, read by another program) does not tell the rolls to come. The
key is 256 random bits, made the first time a game is saved, written atomically and
readable by its owner only. ``docs/DICE.md`` says what this does and does not hide.

A key file that is missing or cannot be read is never an error here: ``read_key``
says why in words, the unfinished game goes on with fresh dice
(``game.play.session.saved_from_json``), and ``key_for_saving`` makes a new key.
"""

from __future__ import annotations

import contextlib
import logging
import os
from pathlib import Path

from game.files import write_atomic
from game.rules.dice_box import KEY_BYTES, new_key

log = logging.getLogger(__name__)

FILE_NAME = "dice.key"
HEADER = "tabula-dice-key 1"
MAX_BYTES = 4096  # the file is some 90 bytes: anything far larger is not one


def read_key(folder: Path) -> tuple[bytes | None, str]:
    """The key kept in ``folder``, or None and why not ("" when there is none yet)."""
    path = folder / FILE_NAME
    try:
        if not path.is_file():
            return None, "" if not path.exists() else f"{FILE_NAME} is not a file"
        with path.open("rb") as file:
            raw = file.read(MAX_BYTES + 1)
    except OSError as exc:
        return None, f"{FILE_NAME} cannot be read ({exc.strerror or exc})"
    try:
        header, digits = raw.decode("ascii").strip().split("\n")
        key = bytes.fromhex(digits.strip())
    except (UnicodeDecodeError, ValueError):
        return None, f"{FILE_NAME} is damaged"
    if header != HEADER or len(key) != KEY_BYTES:
        return None, f"{FILE_NAME} is damaged"
    return key, ""


def write_key(folder: Path, key: bytes) -> None:
    """Keep ``key`` in ``folder`` (atomically; owner-only: read and write by its owner)."""
    path = folder / FILE_NAME
    write_atomic(path, f"{HEADER}\n{key.hex()}\n".encode("ascii"))  # a 0600 temporary file
    with contextlib.suppress(OSError):  # file systems without modes
        os.chmod(path, 0o600)


def key_for_saving(folder: Path) -> bytes:
    """The key to lock the saved dice with: the one kept in ``folder``, or a new one
    written there (a key that cannot be written still locks: the game then cannot be
    resumed with its own dice after a restart, and says so when it is)."""
    key, why = read_key(folder)
    if key is not None:
        return key
    key = new_key()
    if "cannot be read" in why:  # it may be sound: never written over
        log.warning("the key of the saved dice: %s; a key of this session is used", why)
        return key
    if why:
        log.warning("the key of the saved dice: %s; a new key is made", why)
    try:
        write_key(folder, key)
    except OSError as exc:
        log.warning("the key of the saved dice cannot be written: %s", exc)
    return key
