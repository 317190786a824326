"""Replay and match files in the player's data folder.

``exports/`` receives what the player exports (a replay as JSON, a backgammon
match as a Jellyfish ``.mat`` text); ``replays/`` is where the player puts
replay files to import them: each one is read and checked, and a file that
cannot be read is reported with its name, never a crash.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

from game.rules.mat import mat_text
from game.rules.replay import Replay, ReplayError, replay_from_json, replay_states
from game.store.files import data_dir, write_atomic

MAX_BYTES = 5_000_000  # a replay file larger than this is not read


def exports_dir() -> Path:
    return data_dir() / "exports"


def imports_dir() -> Path:
    folder = data_dir() / "replays"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _name(stem: str, suffix: str, folder: Path) -> Path:
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", stem).strip("-") or "game"
    path = folder / f"{stem}{suffix}"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}{suffix}"
        n += 1
    return path


def export_replay(replay: Replay, stem: str, folder: Path | None = None) -> Path:
    """Write ``replay`` as ``stem.json`` (a new name if taken); the path written."""
    folder = folder or exports_dir()
    path = _name(stem, ".json", folder)
    text = json.dumps(replay.to_json(), indent=1, sort_keys=True) + "\n"
    write_atomic(path, text.encode("utf-8"))
    return path


def export_mat(
    games: Sequence[Replay], names: Sequence[str], stem: str, folder: Path | None = None
) -> Path:
    """Write backgammon games (a match) as ``stem.mat``, laid out as GNU Backgammon writes
    it; the path written. Raises ``MatError`` (a ``ReplayError``) for games the format
    cannot hold, such as a match without the Crawford rule that doubled in the game
    the format takes as the Crawford game; nothing is written then."""
    folder = folder or exports_dir()
    text = mat_text(games, names)
    path = _name(stem, ".mat", folder)
    write_atomic(path, text.encode("utf-8"))
    return path


def read_replay(path: Path) -> Replay:
    """A replay file read and checked against the rules (raises ``ReplayError``)."""
    try:
        if path.stat().st_size > MAX_BYTES:
            raise ReplayError(f"{path.name}: too large to be a replay")
        obj = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ReplayError(f"{path.name}: cannot be read ({exc})") from None
    except json.JSONDecodeError as exc:
        raise ReplayError(f"{path.name}: not JSON ({exc.msg}, line {exc.lineno})") from None
    try:
        replay = replay_from_json(obj)
        replay_states(replay)
    except ReplayError as exc:
        raise ReplayError(f"{path.name}: {exc}") from None
    return replay


def import_replays(folder: Path | None = None) -> tuple[list[tuple[Path, Replay]], list[str]]:
    """Every replay in the import folder that reads and checks, and a message for each
    file that does not."""
    folder = folder or imports_dir()
    found: list[tuple[Path, Replay]] = []
    problems: list[str] = []
    for path in sorted(folder.glob("*.json")):
        try:
            found.append((path, read_replay(path)))
        except ReplayError as exc:
            problems.append(str(exc))
    return found, problems
