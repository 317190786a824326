"""Replay and match files in the player's data folder.

``exports/`` receives what the player exports (a replay as JSON, a backgammon
match as a Jellyfish ``.mat`` text); ``replays/`` is where the player puts
replay files (``.json``) or backgammon matches (``.mat``, each game becoming one
replay) to import them: each one is read and checked, and a file that cannot be
read is reported with its name, never a crash.

Those files may be hostile: only regular files are read (never a pipe, a folder
or a device), at most ``MAX_BYTES`` of them, parsed with limits on nesting and
numbers (``game.rules.safe_read``) and checked in time linear in their size.
``import_replays`` is slow work for a large folder: the window runs it in a
worker thread (``game.ui.scenes.records``).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Sequence
from pathlib import Path

from game.files import write_atomic
from game.rules.mat import MatError, mat_text, read_mat
from game.rules.replay import MAX_BYTES, Replay, ReplayError, replay_from_json, replay_states
from game.rules.safe_read import FileRefused, display_name, one_line, read_json, read_text
from game.store.files import data_dir

log = logging.getLogger(__name__)

MAX_FILES = 200  # replay files read by one import (the others are reported)


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
    """A replay file read and checked against the rules (raises ``ReplayError`` with one
    printable line that begins with the file's name)."""
    name = display_name(path)
    try:
        obj = read_json(path, MAX_BYTES)
    except FileRefused as exc:
        raise ReplayError(str(exc)) from None
    try:
        replay = replay_from_json(obj)
        replay_states(replay)
    except ReplayError as exc:
        raise ReplayError(one_line(f"{name}: {exc}")) from None
    return replay


def read_match(path: Path) -> list[tuple[Path, Replay]]:
    """Each game of a ``.mat`` file as a replay, named for the list by the file and the
    game ("match.mat · game 2 of 5"); raises ``ReplayError`` with one printable line that
    begins with the file's name."""
    name = display_name(path)
    try:
        match = read_mat(read_text(path, MAX_BYTES))
    except FileRefused as exc:
        raise ReplayError(str(exc)) from None
    except MatError as exc:
        raise ReplayError(one_line(f"{name}: {exc}")) from None
    total = len(match.games)
    if total == 1:
        return [(path, match.games[0])]
    return [
        (path.with_name(f"{path.name} · game {n} of {total}"), game)
        for n, game in enumerate(match.games, 1)
    ]


def import_replays(
    folder: Path | None = None, stop: Callable[[], bool] | None = None
) -> tuple[list[tuple[Path, Replay]], list[str]]:
    """Every replay in the import folder that reads and checks, and one message for
    each file that does not (its name first). ``stop()`` true ends the work early
    (the window has closed the scene). Nothing a file holds makes this raise."""
    folder = folder or imports_dir()
    found: list[tuple[Path, Replay]] = []
    problems: list[str] = []
    try:
        paths = sorted([*folder.glob("*.json"), *folder.glob("*.mat")])
    except OSError as exc:
        return [], [one_line(f"{display_name(folder)}: cannot be listed ({exc.strerror})")]
    for n, path in enumerate(paths):
        if stop is not None and stop():
            break
        if n == MAX_FILES:
            problems.append(f"{len(paths) - n:,} more files not read (at most {MAX_FILES})")
            break
        try:
            if path.suffix == ".mat":
                found.extend(read_match(path))
            else:
                found.append((path, read_replay(path)))
        except ReplayError as exc:
            problems.append(str(exc))
        except Exception as exc:  # a fault of the checker: report the file, read the rest
            log.exception("the replay %s could not be checked", path)
            problems.append(one_line(f"{display_name(path)}: cannot be checked ({exc!r})"))
    return found, problems
