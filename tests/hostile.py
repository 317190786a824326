"""Hostile files for the readers' tests, and a guard that ends a test that hangs.

``make_hostile`` fills a folder with one file of each kind that once killed or
hung the window: JSON (or TOML) nested 100,000 deep, a FIFO, a link to
``/dev/zero``, a folder with a file's name, a file over the size limit, bytes
that are not UTF-8, a name that is not UTF-8.
"""

from __future__ import annotations

import os
import random
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from game.rules import actions as a
from game.rules import match as m
from game.rules.replay import Replay
from game.rules.variants import find_variant


class Hung(AssertionError):
    """The guarded code ran past its deadline (it would have hung the window)."""


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Fail with ``Hung`` if the block runs longer than ``seconds`` (a SIGALRM timer:
    it interrupts a blocking ``open`` of a FIFO and a long regular-expression search)."""
    if sys.platform == "win32" or not hasattr(signal, "setitimer"):
        yield
        return

    def ring(signum: int, frame: object) -> None:
        raise Hung(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def make_hostile(folder: Path, suffix: str, max_bytes: int, prefix: str = "") -> dict[str, str]:
    """One hostile file of each kind in ``folder`` (names ``{prefix}{kind}{suffix}``);
    returns kind -> the file's name as messages show it."""
    folder.mkdir(parents=True, exist_ok=True)
    names: dict[str, str] = {}

    def name(kind: str) -> Path:
        path = folder / f"{prefix}{kind}{suffix}"
        names[kind] = path.name
        return path

    deep = "[" * 100_000 + "]" * 100_000
    name("deep").write_text(deep if suffix == ".json" else f"a = {deep}\n")
    name("oversize").write_bytes(b" " * (max_bytes + 1))
    name("not-utf8").write_bytes(b'{"x": "\xff\xfe\xc0"}\n')
    name("folder").mkdir()
    if hasattr(os, "mkfifo"):
        os.mkfifo(name("fifo"))
    if os.path.exists("/dev/zero"):
        name("zero").symlink_to("/dev/zero")
    if sys.platform.startswith("linux"):  # a name of bytes that are not UTF-8
        raw = os.fsencode(folder) + b"/" + prefix.encode() + b"bad-\xff" + suffix.encode()
        Path(os.fsdecode(raw)).write_text("{not json nor toml")
        names["bad-name"] = f"{prefix}bad-?{suffix}"
    return names


def small_replay(seed: int = 7, entries: int = 8) -> dict[str, Any]:
    """A backgammon match game, a few decisions in, as its JSON form."""
    variant = find_variant("backgammon", {"match_length": 3})
    rng = random.Random(seed)
    state = m.new_game(variant, rng)
    log = []
    for _ in range(entries):
        action: a.Action
        if state.phase is m.Phase.ROLL:
            action = a.throw(state, rng)
        else:
            action = a.Move(m.legal_plays(state)[0])
        log.append(a.action_to_json(state, action))
        after = a.apply_action(state, action)
        state = after
    seats = ({"human": True}, {"human": False, "level": "expert"})
    replay = Replay(variant.id, dict(variant.options), seed, tuple(log), seats, match=state.match)
    return replay.to_json()
