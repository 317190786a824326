"""An analysis read back from the JSON ``GameAnalysis.to_json`` writes (pure).

The records book keeps each finished analysis in that form so that a game is never
analysed twice; what comes back is checked field by field, and anything that is not
what ``to_json`` writes (a damaged or hand-edited row, a format of another version)
raises ``ValueError``: the caller drops it and analyses the game again.
"""

from __future__ import annotations

import hashlib
import json
import math
from typing import Any

from game.rules.replay import Replay
from game.study.analysis import Decision, GameAnalysis, Point

FORMAT = "tabula-analysis"
VERSION = 1  # the "version" GameAnalysis.to_json writes; another one is analysed again
KINDS = ("play", "double", "take")
MAX_PLAYERS = 4


def replay_key(replay: Replay) -> str:
    """The key an analysis of ``replay``'s game is kept under: a digest of the game
    as recorded (its variant, options, dice, seats and every entry), so that the same
    game found in the records or in a file shares one analysis and a different record
    never does."""
    record = {k: v for k, v in replay.to_json().items() if k not in replay.extra}
    text = json.dumps(record, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def analysis_from_json(data: Any) -> GameAnalysis:
    """The analysis ``data`` holds (raises ``ValueError`` saying what is wrong)."""
    if not isinstance(data, dict):
        raise ValueError("an analysis is a JSON object")
    if data.get("format") != FORMAT:
        raise ValueError(f"not an analysis (format {data.get('format')!r})")
    if data.get("version") != VERSION:
        raise ValueError(f"an analysis of version {data.get('version')!r}, not {VERSION}")
    variant = _text(data.get("variant"), "variant")
    players = data.get("players")
    if not isinstance(players, int) or isinstance(players, bool):
        raise ValueError("players is not a number")
    if not 2 <= players <= MAX_PLAYERS:
        raise ValueError(f"{players} players")
    sides = _list(data.get("sides"), "sides")
    if len(sides) != players:
        raise ValueError(f"{len(sides)} sides for {players} players")
    names = tuple(_text(_dict(s, "side").get("name"), "a side's name") for s in sides)
    lucks = [_dict(s, "side").get("luck") for s in sides]
    luck_measured = all(x is not None for x in lucks)
    decisions = tuple(_decision(d, players) for d in _list(data.get("decisions"), "decisions"))
    points = tuple(_point(p, players) for p in _list(data.get("chances"), "chances"))
    if not points:
        raise ValueError("no chances over the game")
    entries = [d.entry for d in decisions]
    if entries != sorted(set(entries)):
        raise ValueError("the decisions are not in game order")
    states = [p.state for p in points]
    if states != sorted(set(states)):
        raise ValueError("the chances are not in game order")
    result = data.get("result")
    if result is not None and not isinstance(result, dict):
        raise ValueError("the result is not an object")
    notes = tuple(_text(n, "a note") for n in _list(data.get("notes", []), "notes"))
    return GameAnalysis(variant, players, names, decisions, points, luck_measured, result, notes)


def _decision(value: Any, players: int) -> Decision:
    d = _dict(value, "decision")
    kind = d.get("kind")
    if kind not in KINDS:
        raise ValueError(f"a decision of kind {kind!r}")
    dice = tuple(_count(x, "a die") for x in _list(d.get("dice"), "dice"))
    luck = d.get("luck")
    return Decision(
        entry=_count(d.get("entry"), "entry"),
        side=_side(d.get("side"), players),
        kind=kind,
        chosen=_text(d.get("chosen"), "chosen"),
        best=_text(d.get("best"), "best"),
        loss=_number(d.get("loss"), "loss", low=0.0),
        dice=dice,
        choices=_count(d.get("choices"), "choices"),
        luck=None if luck is None else _number(luck, "luck"),
    )


def _point(value: Any, players: int) -> Point:
    p = _dict(value, "point")
    chances = tuple(
        _number(x, "a chance", low=-1e-6, high=1 + 1e-6) for x in _list(p.get("chances"), "chances")
    )
    if len(chances) != players:
        raise ValueError(f"{len(chances)} chances for {players} players")
    return Point(_count(p.get("state"), "state"), chances)


def _dict(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"{what} is not an object")
    return value


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"{what} is not a list")
    return value


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or len(value) > 200:
        raise ValueError(f"{what} is not a short text")
    return value


def _count(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 1_000_000:
        raise ValueError(f"{what} is not a count")
    return value


def _side(value: Any, players: int) -> int:
    side = _count(value, "side")
    if side >= players:
        raise ValueError(f"side {side} of {players}")
    return side


def _number(value: Any, what: str, low: float = -math.inf, high: float = math.inf) -> float:
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise ValueError(f"{what} is not a number")
    x = float(value)
    if not math.isfinite(x) or not low <= x <= high:
        raise ValueError(f"{what} {x} is out of range")
    return x


__all__ = ["FORMAT", "VERSION", "analysis_from_json", "replay_key"]
