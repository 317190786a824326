"""Writing a file without losing it: every write goes to a temporary file in the same
folder that is flushed, synced and then renamed over the old one, so a crash leaves
either the old file or the new one, never half of one. Used by the store (the
player's files) and the AI (trained weights and tables), so it belongs to neither.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` by ``data`` all at once (temporary file, fsync, rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_json(path: Path, value: Any) -> None:
    write_atomic(path, (json.dumps(value, indent=2, sort_keys=True) + "\n").encode("utf-8"))


def write_npz(path: Path, compressed: bool = False, **arrays: Any) -> None:
    """Replace ``path`` by numpy's ``.npz`` of ``arrays`` all at once (trained weights,
    tables); ``compressed`` zips them."""
    import io

    import numpy as np

    buffer = io.BytesIO()
    (np.savez_compressed if compressed else np.savez)(buffer, **arrays)
    write_atomic(path, buffer.getvalue())
