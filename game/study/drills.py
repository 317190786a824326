"""Drills: positions to solve again ("find the best play"), asked on a schedule of spaced
repetition until answered well (pure: the window asks them, the records book keeps them).

A drill is a position where a play was to be found, with the expert's best play and
what it was judged by. It comes from the player's own mistakes (a whole-game analysis's
plays graded ``bad`` or worse, ``from_analysis``) or from the starting set a game ships.
Each drill is asked again one day after it was made, then three days, then a week after
each good answer (``INTERVALS``); a good answer at the last step retires it (learned), a
poor one starts it over at one day. An answer is good when it gives away less than the
tutor's "doubtful" mark (``game.play.advice.DOUBTFUL``) against the best play.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.play.advice import BAD, DOUBTFUL
from game.rules import match as m
from game.rules.errors import RulesError
from game.rules.notation import format_turn, parse_play
from game.rules.play import Play
from game.rules.serial import state_from_json, state_to_json
from game.study.analysis import GameAnalysis

DAY = 86_400.0
INTERVALS = (1 * DAY, 3 * DAY, 7 * DAY)  # the waits before each asking, good answers between
MAX_KEPT = 2_000  # drills one book keeps, at most (the oldest learned go first)
MAX_RANKED = 400  # the ranked plays a drill keeps, at most (best first)


class DrillError(ValueError):
    """A stored drill that cannot be read (the message says what is wrong)."""


@dataclass(frozen=True, slots=True)
class Drill:
    """One position to solve: ``state`` (the state JSON, a side to move its dice), the
    expert's ``best`` play and the play once made there (``played``, "" for the starting
    set), what it gave away, and where the drill stands in its schedule."""

    key: str  # the same position and dice make the same key: a mistake is drilled once
    variant_id: str
    state: dict[str, Any]
    best: str
    played: str = ""
    loss: float = 0.0
    due: float = 0.0  # when it is next asked (seconds since the epoch)
    step: int = 0  # good answers in a row so far (len(INTERVALS): learned)
    asked: int = 0
    source: str = "mistake"  # "mistake" or "starter"
    # The expert's ranking of the plays, best first: each play's notation and what it
    # gives away against the best (made where the drill is, in a process of its own, so
    # that an answer is judged at once; empty until it is made).
    ranking: tuple[tuple[str, float], ...] = ()

    @property
    def learned(self) -> bool:
        return self.step >= len(INTERVALS)

    def is_due(self, now: float) -> bool:
        return not self.learned and self.due <= now

    def game_state(self) -> m.GameState:
        """The position as a state of its game (raises ``DrillError``)."""
        try:
            state = state_from_json(self.state)
        except RulesError as exc:
            raise DrillError(f"the drill's position: {exc}") from None
        if state.phase is not m.Phase.MOVE or state.variant.id != self.variant_id:
            raise DrillError("the drill's position has no play to find")
        return state

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "variant": self.variant_id,
            "state": self.state,
            "best": self.best,
            "played": self.played,
            "loss": self.loss,
            "due": self.due,
            "step": self.step,
            "asked": self.asked,
            "source": self.source,
            "ranking": [[n, round(loss, 6)] for n, loss in self.ranking],
        }

    def loss_of(self, play: Play) -> float | None:
        """What ``play`` gives away by the stored ranking (None: not ranked there): its
        notation, or else a ranked play that leaves the same position."""
        if not self.ranking:
            return None
        state = self.game_state()
        variant = state.variant
        text = format_turn(variant, state.dice, play)
        for notation, loss in self.ranking:
            if notation == text:
                return loss
        try:
            after = variant.apply_play(state.position, play)
        except (RulesError, ValueError, IndexError):
            return None
        for notation, loss in self.ranking:
            try:
                ranked = parse_play(variant, state.position, state.dice, notation)
            except (RulesError, ValueError):
                continue
            if variant.apply_play(state.position, ranked) == after:
                return loss
        return None

    def best_play(self) -> Play:
        """The expert's best play as a play of the position (raises ``DrillError``)."""
        state = self.game_state()
        try:
            return parse_play(state.variant, state.position, state.dice, self.best)
        except (RulesError, ValueError) as exc:
            raise DrillError(f"the drill's best play {self.best!r}: {exc}") from None


def ranking_from_hint(answer: Any) -> tuple[tuple[str, float], ...]:
    """A ranking from a study job's answer: the "drill" job's ``[notation, loss]`` or
    the "judge" and "hint" jobs' ``[notation, value, loss]``, best first (raises
    ``DrillError`` for anything else)."""
    if not isinstance(answer, list) or not answer:
        raise DrillError("the ranking is not a list of plays")
    out = []
    for row in answer[:MAX_RANKED]:
        if not isinstance(row, list | tuple) or len(row) not in (2, 3):
            raise DrillError("a ranked play cannot be read")
        out.append(
            (_text({"play": row[0]}, "play", 500), max(0.0, _number({"loss": row[-1]}, "loss")))
        )
    return tuple(out)


def position_key(state: dict[str, Any]) -> str:
    """A short name for a position and its dice (the same one always gets the same)."""
    text = json.dumps(state, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


def new_drill(
    state: m.GameState,
    best: str,
    now: float,
    played: str = "",
    loss: float = 0.0,
    source: str = "mistake",
    ranking: tuple[tuple[str, float], ...] = (),
) -> Drill:
    """A drill of ``state`` first asked ``INTERVALS[0]`` after ``now`` (a starter at once)."""
    data = state_to_json(state)
    due = now if source == "starter" else now + INTERVALS[0]
    key = position_key(data)
    return Drill(key, state.variant.id, data, best, played, loss, due, 0, 0, source, ranking)


def from_analysis(
    analysis: GameAnalysis,
    states: Sequence[m.GameState],
    sides: Iterable[int],
    now: float,
    at_least: float = BAD,
) -> list[Drill]:
    """The drills a game's analysis makes for ``sides`` (the people at the table): each
    of their plays that gave away ``at_least`` (the tutor's "bad") or more."""
    wanted = set(sides)
    return [
        new_drill(states[d.entry], d.best, now, d.chosen, d.loss)
        for d in analysis.decisions
        if d.kind == "play" and d.side in wanted and d.loss >= at_least
    ]


def answered(drill: Drill, loss: float, now: float) -> Drill:
    """The drill after an answer that gave away ``loss`` against the best play: a good
    answer moves it one step on (learned after the last), a poor one back to the start."""
    if loss < DOUBTFUL:
        step = drill.step + 1
        due = now + INTERVALS[step] if step < len(INTERVALS) else now
    else:
        step, due = 0, now + INTERVALS[0]
    return replace(drill, step=step, due=due, asked=drill.asked + 1)


def merged(kept: Sequence[Drill], new: Iterable[Drill]) -> list[Drill]:
    """``kept`` with the ``new`` drills added: a position already drilled keeps its place
    in its schedule; past ``MAX_KEPT`` the learned, then the oldest, go first."""
    out = {d.key: d for d in kept}
    for drill in new:
        out.setdefault(drill.key, drill)
    drills = list(out.values())
    if len(drills) > MAX_KEPT:
        drills.sort(key=lambda d: (not d.learned, d.due))
        drills = drills[len(drills) - MAX_KEPT :]
    return drills


def due_count(drills: Iterable[Drill], now: float, variant_id: str | None = None) -> int:
    """How many drills are due (of one game, or of all)."""
    return sum(
        1 for d in drills if d.is_due(now) and (variant_id is None or d.variant_id == variant_id)
    )


def drill_from_json(obj: Any) -> Drill:
    """A stored drill read back, its position checked by the rules (raises
    ``DrillError`` saying what is wrong)."""
    if not isinstance(obj, dict):
        raise DrillError("a drill is a JSON object")
    try:
        drill = Drill(
            _text(obj, "key", 64),
            _text(obj, "variant", 40),
            obj["state"] if isinstance(obj.get("state"), dict) else _fail("state"),
            _text(obj, "best", 500),
            _text(obj, "played", 500),
            _number(obj, "loss"),
            _number(obj, "due"),
            _whole(obj, "step", len(INTERVALS)),
            _whole(obj, "asked", 1_000_000),
            _source(obj),
            _ranking(obj.get("ranking", [])),
        )
    except KeyError as exc:
        raise DrillError(f"the drill has no {exc}") from None
    drill.game_state()
    return drill


def _ranking(value: Any) -> tuple[tuple[str, float], ...]:
    if not isinstance(value, list) or len(value) > MAX_RANKED:
        _fail("ranking")
    out = []
    for row in value:
        if not isinstance(row, list) or len(row) != 2:
            _fail("ranking")
        loss = _number({"loss": row[1]}, "loss")
        out.append((_text({"play": row[0]}, "play", 500), loss))
    return tuple(out)


def _source(obj: dict[str, Any]) -> str:
    source = obj.get("source")
    if source not in ("mistake", "starter"):
        _fail("source")
    return str(source)


def _fail(name: str) -> Any:
    raise DrillError(f"the drill's {name!r} cannot be read")


def _text(obj: dict[str, Any], name: str, limit: int) -> str:
    value = obj[name]
    if not isinstance(value, str) or len(value) > limit:
        _fail(name)
    return str(value)


def _number(obj: dict[str, Any], name: str) -> float:
    value = obj[name]
    if isinstance(value, bool) or not isinstance(value, int | float) or not (-1e12 < value < 1e12):
        _fail(name)
    return float(value)


def _whole(obj: dict[str, Any], name: str, top: int) -> int:
    value = obj[name]
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        _fail(name)
    return int(value)


__all__ = [
    "DAY",
    "INTERVALS",
    "MAX_RANKED",
    "Drill",
    "DrillError",
    "answered",
    "drill_from_json",
    "due_count",
    "from_analysis",
    "merged",
    "new_drill",
    "position_key",
    "ranking_from_hint",
]
