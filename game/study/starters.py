"""The starting set of drills each game ships (``assets/data/drills/<variant>.json``).

Each file holds positions from the expert's seeded self-play where the second-best
play loses the most against the best (made by ``tools/make_drills.py``, whose seed and
command the file records), each with the expert's ranking of its plays, so that an
answer is judged at once. ``starters`` reads one game's set back: every drill through
``drill_from_json`` (its position checked by the rules), a drill that cannot be read
left out with a line in the log, a file that cannot be read giving none.

What a player gets: the drills of their own mistakes come first; a game's starting set
is offered when the player has nothing of that game due, and once begun its drills
are kept and scheduled like the player's own (marked as the starting set).
"""

from __future__ import annotations

import json
import logging
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from game.paths import asset
from game.study.drills import Drill, DrillError, drill_from_json

log = logging.getLogger(__name__)

FORMAT = "tabula-drills"
VERSION = 1


def starters_path(variant_id: str) -> Path:
    return asset("data", "drills", f"{variant_id}.json")


def read_starters(data: Any, variant_id: str, due: float = 0.0) -> list[Drill]:
    """The drills of a starters file's JSON, due at ``due`` (raises ``ValueError`` when
    the file is not one; a drill that cannot be read is left out)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not a file of drills")
    if data.get("version") != VERSION or data.get("variant") != variant_id:
        raise ValueError(f"a file of drills of another version or game ({variant_id})")
    rows = data.get("drills")
    if not isinstance(rows, list):
        raise ValueError("the file's drills are not a list")
    out = []
    for n, row in enumerate(rows):
        try:
            drill = drill_from_json(row)
        except DrillError as exc:
            log.warning("starter drill %d of %s cannot be read: %s", n + 1, variant_id, exc)
            continue
        if drill.variant_id != variant_id or drill.source != "starter":
            log.warning("starter drill %d of %s is not one of its starters", n + 1, variant_id)
            continue
        out.append(replace(drill, due=due, step=0, asked=0))
    return out


def starters(variant_id: str, due: float = 0.0) -> list[Drill]:
    """The starting set shipped for ``variant_id`` (none where there is no file or it
    cannot be read: the log says why)."""
    return [replace(drill, due=due) for drill in _shipped(variant_id)]


@cache
def _shipped(variant_id: str) -> tuple[Drill, ...]:
    """The shipped set, read once (the Drills page asks for every game's at each visit)."""
    path = starters_path(variant_id)
    if not path.is_file():
        return ()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return tuple(read_starters(data, variant_id))
    except (OSError, ValueError, RecursionError) as exc:
        log.warning("the starter drills of %s cannot be read: %s", variant_id, exc)
        return ()


__all__ = ["FORMAT", "VERSION", "read_starters", "starters", "starters_path"]
