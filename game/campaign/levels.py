"""Campaign levels: one TOML file each in ``levels/``, checked when they are read.

A level file names the variant it plays (the engine's id, a top-level key), its
options, the seats (exactly one is the player; the others are computer seats
with their levels), the goal, the introduction shown before it, the source the
introduction names, and the levels that winning it opens::

    title = "The twelve lines"
    chapter = "rome"
    variant = "duodecim"
    source = "Murray, A History of Board-Games other than Chess (1952)"
    intro = "..."
    unlocks = ["02-..."]

    [options]

    [[seats]]
    kind = "player"

    [[seats]]
    kind = "computer"
    level = "beginner"

    [goal]
    kind = "game"          # or "match" (points = N) or "result" (result = "shutout")
                           # or "tavli" (points = 3, 5 or 7; variant "portes")
                           # or "salvage" (win, or lose by as little as you can)

    [start]                # optional: the game begins here, the player to play
    player = { 6 = 7, 9 = 1 }        # men on each point, by the owner's numbering
    computer = { 8 = 2, 11 = 2 }     # (0 the bar, 25 borne off; the rest in hand)
    dice = [2, 5, 6]

``chapters.toml`` orders the chapters (id, title, place and date). A file that
breaks a rule raises ``LevelError`` naming the file and the field; the loader
reports it and skips the file, so one bad level never stops the campaign. Files
are read by ``game.rules.safe_read``: regular files only (never a pipe or a
device), at most ``MAX_BYTES``, nesting and dotted keys bounded, numbers finite;
a message is one printable line.
"""

from __future__ import annotations

import enum
import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.ai.levels import LEVELS
from game.i18n import N_, _, ngettext
from game.rules.errors import OptionError
from game.rules.outcome import Kind
from game.rules.safe_read import FileRefused, display_name, one_line, read_toml
from game.rules.variants import VARIANTS, find_variant
from game.rules.variants.base import Variant

log = logging.getLogger(__name__)

NAME = re.compile(r"^\d\d-[a-z0-9]+(-[a-z0-9]+)*$")
MAX_BYTES = 16_000  # a level file is under a kilobyte; a larger one is not read
MAX_ID_CHARS = 80  # a chapter's id, a level's id in 'unlocks'
LEVEL_KEYS = {
    "title",
    "chapter",
    "variant",
    "source",
    "intro",
    "unlocks",
    "options",
    "seats",
    "goal",
    "start",
}
START_KEYS = {"player", "computer", "dice"}


class LevelError(ValueError):
    """A level file that breaks a rule: the message names the file and the field."""


class GoalKind(enum.StrEnum):
    GAME = "game"  # win one game
    MATCH = "match"  # win a match to ``points``
    RESULT = "result"  # win one game with a particular kind of result
    TAVLI = "tavli"  # win a Tavli match (portes, plakoto, fevga in turn) to ``points``
    SALVAGE = "salvage"  # win, or lose by as little as the dice allow (``medal_for``)


@dataclass(frozen=True, slots=True)
class Goal:
    kind: GoalKind = GoalKind.GAME
    points: int = 0  # MATCH, TAVLI: the match length
    result: Kind | None = None  # RESULT: the kind of win wanted

    def describe(self) -> str:
        """The goal in a sentence, in the player's language ("Win a match to 5 points")."""
        n = self.points
        if self.kind is GoalKind.MATCH:
            return ngettext("Win a match to {n} point", "Win a match to {n} points", n).format(n=n)
        if self.kind is GoalKind.TAVLI:
            return ngettext(
                "Win a tavli match to {n} point", "Win a tavli match to {n} points", n
            ).format(n=n)
        if self.kind is GoalKind.SALVAGE:
            return _("Win, or lose by as little as you can")
        if self.kind is GoalKind.RESULT:
            assert self.result is not None
            words = RESULT_WORDS.get(self.result)
            return _(words) if words is not None else _("Win a game")
        return _("Win a game")


RESULT_WORDS = {
    Kind.GAMMON: N_("Win by a gammon (or better)"),
    Kind.BACKGAMMON: N_("Win by a backgammon"),
    Kind.SHUTOUT: N_("Win by a shut-out"),
    Kind.LYMPOLDING: N_("Win by lympolding or lurching"),
    Kind.LURCHING: N_("Win by lurching or lympolding"),
}


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """One side of a level: the player, or the computer at a level."""

    human: bool
    level: str = "novice"


@dataclass(frozen=True, slots=True)
class Chapter:
    id: str
    title: str
    place: str
    date: str


@dataclass(frozen=True, slots=True)
class Level:
    id: str  # the file name without .toml
    title: str
    chapter: str
    variant_id: str
    options: Mapping[str, Any]
    seats: tuple[SeatSpec, ...]
    goal: Goal
    intro: str
    source: str
    unlocks: tuple[str, ...] = ()
    # The game's first state (state JSON: a position with the player to play a throw),
    # or None for the variant's start and an opening throw.
    first: Mapping[str, Any] | None = None
    path: Path | None = field(default=None, compare=False)

    @property
    def player_side(self) -> int:
        return next(i for i, seat in enumerate(self.seats) if seat.human)

    def game_options(self) -> dict[str, Any]:
        """The variant's options for this level's games (a match goal sets the length)."""
        options = dict(self.options)
        if self.goal.kind is GoalKind.MATCH:
            options["match_length"] = self.goal.points
        return options


# -- reading ------------------------------------------------------------------------------


def _need(raw: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in raw:
        raise LevelError(f"{where}: the field {key!r} is missing")
    value = raw[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise LevelError(f"{where}: {key!r} must be a {kind.__name__}, not {value!r}")
    return value


def parse_level(level_id: str, raw: Mapping[str, Any], where: str) -> Level:
    """A level from the table read from its file (``where`` names the file in errors)."""
    unknown = sorted(set(raw) - LEVEL_KEYS)
    if unknown:
        raise LevelError(f"{where}: unknown field {unknown[0]!r}")
    title = _need(raw, "title", str, where).strip()
    chapter = _need(raw, "chapter", str, where)
    if not chapter or len(chapter) > MAX_ID_CHARS:
        raise LevelError(f"{where}: 'chapter' must be a chapter's id")
    variant_id = _need(raw, "variant", str, where)
    if variant_id not in VARIANTS:
        known = ", ".join(sorted(VARIANTS))
        raise LevelError(f"{where}: 'variant' {variant_id!r} is not a variant ({known})")
    source = _need(raw, "source", str, where).strip()
    intro = " ".join(_need(raw, "intro", str, where).split())
    if not title or not source or not intro:
        raise LevelError(f"{where}: 'title', 'source' and 'intro' may not be empty")
    if not isinstance(raw.get("options", {}), dict):
        raise LevelError(f"{where}: 'options' must be a table")
    options = dict(raw.get("options", {}))
    goal = _parse_goal(raw.get("goal"), variant_id, where)
    if goal.kind is GoalKind.TAVLI and options:
        raise LevelError(
            f"{where}: a tavli match plays every game by its own default rules: "
            "'options' must be empty"
        )
    if goal.kind is GoalKind.MATCH:
        if "match_length" in options:
            raise LevelError(f"{where}: 'options.match_length' is set by the match goal")
        probe = {**options, "match_length": goal.points}
    else:
        probe = options
    try:
        variant = find_variant(variant_id, probe)
    except (OptionError, ValueError, TypeError, OverflowError) as exc:
        raise LevelError(f"{where}: 'options': {exc}") from None
    if goal.result is not None and goal.result not in variant.result_kinds:
        raise LevelError(
            f"{where}: 'goal.result' {str(goal.result)!r} cannot happen in {variant.name} "
            "with these options"
        )
    seats = _parse_seats(raw.get("seats"), variant.players, where)
    first = None
    if "start" in raw:
        if goal.kind in (GoalKind.MATCH, GoalKind.TAVLI):
            raise LevelError(f"{where}: a level with a 'start' is one game, not a match")
        first = _parse_start(raw["start"], variant, seats, where)
    unlocks = raw.get("unlocks", [])
    if not isinstance(unlocks, list) or not all(
        isinstance(u, str) and len(u) <= MAX_ID_CHARS and NAME.match(u) for u in unlocks
    ):
        raise LevelError(f"{where}: 'unlocks' must be a list of level ids")
    return Level(
        id=level_id,
        title=title,
        chapter=chapter,
        variant_id=variant_id,
        options=options,
        seats=seats,
        goal=goal,
        intro=intro,
        source=source,
        unlocks=tuple(unlocks),
        first=first,
    )


def _men(raw: Any, variant: Variant, here: str) -> dict[int, int]:
    """A side's men of a level's start: ``{point: men}``, points 0 to 25."""
    if not isinstance(raw, dict):
        raise LevelError(f"{here} must be a table of point = men")
    last = variant.track_length + 1
    men: dict[int, int] = {}
    for key, count in raw.items():
        if not (isinstance(key, str) and key.isdigit() and int(key) <= last):
            raise LevelError(f"{here}: {key!r:.20} is not a point from 0 to {last}")
        if isinstance(count, bool) or not isinstance(count, int) or not 0 < count <= variant.men:
            raise LevelError(f"{here}: point {key} must have 1 to {variant.men} men")
        men[int(key)] = count
    return men


def _parse_start(
    raw: Any, variant: Variant, seats: tuple[SeatSpec, ...], where: str
) -> dict[str, Any]:
    """A level's ``[start]``: the position and the throw the player begins with,
    checked as every saved state is (``game.rules.replay.read_first_state``)."""
    from game.rules import match as m
    from game.rules.position import position_from_counts
    from game.rules.replay import read_first_state
    from game.rules.serial import state_to_json

    if not isinstance(raw, dict):
        raise LevelError(f"{where}: 'start' must be a table")
    unknown = sorted(set(raw) - START_KEYS)
    if unknown:
        raise LevelError(f"{where}: unknown field 'start.{unknown[0]}'")
    if variant.players != 2:
        raise LevelError(f"{where}: a 'start' is for two-sided games")
    player = next(i for i, seat in enumerate(seats) if seat.human)
    counts: list[dict[int, int]] = [{}, {}]
    counts[player] = _men(raw.get("player"), variant, f"{where}: 'start.player'")
    counts[1 - player] = _men(raw.get("computer"), variant, f"{where}: 'start.computer'")
    dice = raw.get("dice")
    if (
        not isinstance(dice, list)
        or len(dice) != variant.dice_count
        or not all(isinstance(d, int) and not isinstance(d, bool) for d in dice)
        or not all(1 <= d <= variant.faces for d in dice)
    ):
        raise LevelError(
            f"{where}: 'start.dice' must be {variant.dice_count} dice of 1 to {variant.faces}"
        )
    hand = None
    if variant.uses_hand:  # the men not placed wait in the hand
        hand = tuple(max(0, variant.men - sum(c.values())) for c in counts)
    position = position_from_counts(counts, variant.track_length, player, hand)
    state = m.GameState(variant, position, m.Phase.MOVE, tuple(dice))
    try:
        return read_first_state(state_to_json(state), variant.id, LevelError)
    except LevelError as exc:
        raise LevelError(f"{where}: 'start': {exc}") from None


def _parse_goal(raw: Any, variant_id: str, where: str) -> Goal:
    if raw is None:
        return Goal()
    if not isinstance(raw, dict):
        raise LevelError(f"{where}: 'goal' must be a table")
    try:
        kind = GoalKind(raw.get("kind", "game"))
    except ValueError:
        kinds = ", ".join(k.value for k in GoalKind)
        raise LevelError(
            f"{where}: 'goal.kind' {raw.get('kind')!r} is not one of {kinds}"
        ) from None
    extra = sorted(set(raw) - {"kind", "points", "result"})
    if extra:
        raise LevelError(f"{where}: unknown field 'goal.{extra[0]}'")
    if kind is GoalKind.MATCH:
        points = _need(raw, "points", int, where + " (goal)")
        if "match_length" not in {o.name for o in VARIANTS[variant_id].option_specs}:
            raise LevelError(f"{where}: 'goal.kind' match needs a variant with match play")
        if not 1 <= points <= 25:
            raise LevelError(f"{where}: 'goal.points' must be 1 to 25, not {points}")
        return Goal(kind, points=points)
    if kind is GoalKind.TAVLI:
        from game.rules.tavli import CYCLE, LENGTHS

        points = _need(raw, "points", int, where + " (goal)")
        if variant_id != CYCLE[0]:
            raise LevelError(
                f"{where}: 'goal.kind' tavli needs variant {CYCLE[0]!r}, "
                f"the match's first game, not {variant_id!r}"
            )
        if points not in LENGTHS:
            lengths = ", ".join(str(n) for n in LENGTHS)
            raise LevelError(
                f"{where}: 'goal.points' of a tavli match must be {lengths}, not {points}"
            )
        return Goal(kind, points=points)
    if kind is GoalKind.RESULT:
        text = _need(raw, "result", str, where + " (goal)")
        try:
            result = Kind(text)
        except ValueError:
            raise LevelError(f"{where}: 'goal.result' {text!r} is not a kind of result") from None
        if result is Kind.SINGLE or result is Kind.TIE:
            raise LevelError(f"{where}: 'goal.result' {text!r} is no special kind of win")
        return Goal(kind, result=result)
    return Goal(kind)


def _parse_seats(raw: Any, players: int, where: str) -> tuple[SeatSpec, ...]:
    if not isinstance(raw, list) or len(raw) != players:
        raise LevelError(f"{where}: 'seats' must list {players} seats, one per side")
    seats: list[SeatSpec] = []
    for n, seat in enumerate(raw, 1):
        here = f"{where}: 'seats' {n}"
        if not isinstance(seat, dict):
            raise LevelError(f"{here} must be a table")
        kind = seat.get("kind")
        if kind == "player":
            if set(seat) - {"kind"}:
                raise LevelError(f"{here}: the player's seat takes no other field")
            seats.append(SeatSpec(human=True))
        elif kind == "computer":
            level = seat.get("level")
            if level not in LEVELS:
                raise LevelError(f"{here}: 'level' must be one of {', '.join(LEVELS)}")
            if set(seat) - {"kind", "level"}:
                raise LevelError(f"{here}: unknown field in a computer seat")
            seats.append(SeatSpec(human=False, level=level))
        else:
            raise LevelError(f'{here}: \'kind\' must be "player" or "computer"')
    if sum(seat.human for seat in seats) != 1:
        raise LevelError(f"{where}: 'seats' must have exactly one \"player\" seat")
    return tuple(seats)


def read_level(path: Path) -> Level:
    """The level in ``path`` (raises ``LevelError`` naming the file and the field, in
    one printable line)."""
    where = display_name(path)
    if not NAME.match(path.stem):
        raise LevelError(f"{where}: a level's file is named NN-kebab-title.toml")
    try:
        raw = read_toml(path, MAX_BYTES)
        return parse_level(path.stem, raw, where)
    except FileRefused as exc:
        raise LevelError(str(exc)) from None
    except LevelError as exc:  # the bad value it quotes may be long
        raise LevelError(one_line(str(exc))) from None


def read_chapters(path: Path) -> tuple[Chapter, ...]:
    where = display_name(path)
    try:
        raw = read_toml(path, MAX_BYTES)
    except FileRefused as exc:
        raise LevelError(str(exc)) from None
    try:
        return _parse_chapters(raw, where)
    except LevelError as exc:  # the bad value it quotes may be long
        raise LevelError(one_line(str(exc))) from None


def _parse_chapters(raw: Mapping[str, Any], where: str) -> tuple[Chapter, ...]:
    chapters = raw.get("chapter")
    if not isinstance(chapters, list) or not chapters:
        raise LevelError(f"{where}: needs one [[chapter]] table per chapter")
    out = []
    for n, table in enumerate(chapters, 1):
        here = f"{where} (chapter {n})"
        if not isinstance(table, dict):
            raise LevelError(f"{here} must be a table")
        out.append(
            Chapter(
                _need(table, "id", str, here),
                _need(table, "title", str, here),
                _need(table, "place", str, here),
                _need(table, "date", str, here),
            )
        )
    return tuple(out)
