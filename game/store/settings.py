"""The player's settings: kept between runs in the records database.

None saved gives the defaults. A setting that cannot be read (a wrong type, a
number out of all range such as ``1e999``, JSON nested too deep to read) is
replaced by its default with a message, the others are kept: settings never stop
the game from starting, and a book that cannot be written does not either. A
settings.json left by an earlier version is imported once.
"""

from __future__ import annotations

import json
import logging
import math
import sqlite3
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from game.ai.levels import LEVELS
from game.i18n import LANGUAGES
from game.rules.safe_read import read_json
from game.store.files import data_dir
from game.store.records import Records

log = logging.getLogger(__name__)

ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
PALETTES = ("era", "classic", "contrast")
VARIANT_ID_MAX = 40  # characters of a game's id in the levels remembered


@dataclass(frozen=True, slots=True)
class Settings:
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 800)
    window_kept: bool = False  # window_size is where the player left it (else: fit the screen)
    animation: str = "normal"  # one of ANIMATION_SPEEDS
    volume: float = 0.7  # 0.0 - 1.0
    muted: bool = False
    palette: str = "era"  # "era": each variant's own look; or a shared palette
    # A person's turn ends the moment the dice are used (True), or, as at a real board,
    # when they pick up the dice (False: a click on the dice, Space or Enter; undo until
    # then). Earlier versions kept "confirm_turn" (ignored now: waiting is the default).
    end_turn_at_once: bool = False
    # In a bear-off with contact over, a play nobody could better is made for the person
    # (``game.rules.race.sure_play``), as their own steps: undo until the dice are picked
    # up. Off by default; settings kept before it existed read as off.
    auto_bear_off: bool = False
    # Before a game's first roll, a card asks for the player's throw, mixed into the dice
    # (``game.ui.dice_seal``). False: no card, the throw is taken by itself as the game
    # begins (the clock's nanoseconds then).
    throw_card: bool = True
    # The computer's level last chosen in the setup for each game, as (game id, level)
    # pairs in the order of the ids: given back when that game is chosen again. Kept
    # as a JSON object ({"plakoto": "expert"}).
    levels: tuple[tuple[str, str], ...] = ()
    # The language of the window's words (game.i18n.LANGUAGES); "" until the player
    # chooses one in Settings: the system's language, where Tabula speaks it.
    language: str = ""

    def level_for(self, variant_id: str) -> str | None:
        """The level remembered for ``variant_id`` (None: none)."""
        return dict(self.levels).get(variant_id)

    def with_level(self, variant_id: str, level: str) -> Settings:
        """These settings with ``level`` remembered for ``variant_id``."""
        return replace(self, levels=tuple(sorted({**dict(self.levels), variant_id: level}.items())))

    def validated(self) -> Settings:
        """The same settings with every value brought into range (a value that is no
        finite number at all falls back to its default)."""
        default = Settings()
        width, height = self.window_size
        return replace(
            self,
            window_size=(
                _clamp(width, 640, 7680, default.window_size[0]),
                _clamp(height, 400, 4320, default.window_size[1]),
            ),
            animation=self.animation if self.animation in ANIMATION_SPEEDS else "normal",
            volume=float(_clamp(self.volume, 0.0, 1.0, default.volume)),
            palette=self.palette if self.palette in PALETTES else "era",
            language=self.language if self.language in LANGUAGES else "",
            levels=tuple(sorted(pair for pair in dict(self.levels).items() if _level_pair(pair))),
        )

    @property
    def speed(self) -> float:
        """How many times faster than normal animations run (0: no animation)."""
        return {"slow": 0.6, "normal": 1.0, "fast": 2.0, "instant": 0.0}[self.animation]


def settings_path() -> Path:
    """Where earlier versions kept the settings (read once, then kept in the records)."""
    return data_dir() / "settings.json"


def _clamp(value: Any, low: float, high: float, default: Any) -> Any:
    """``value`` brought into [low, high] (as an int where ``low`` is one); ``default``
    for what is no finite number (NaN, infinity, a string, true)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return default
    if isinstance(value, float) and not math.isfinite(value):
        return default
    value = max(low, min(value, high))
    return int(value) if isinstance(low, int) else float(value)


def _from_dict(raw: Any) -> Settings:
    """The settings in ``raw``; raises ``ValueError`` naming the first bad value (see
    ``_read`` for the tolerant reading)."""
    settings, problems = _read(raw)
    if problems:
        raise ValueError(problems[0])
    return settings


def _read(raw: Any) -> tuple[Settings, list[str]]:
    """The settings in ``raw``, each value that cannot be read left at its default, and
    what was wrong with each of those."""
    if not isinstance(raw, dict):
        return Settings(), [f"settings must be a JSON object, not {type(raw).__name__}"]
    known = {f.name for f in fields(Settings)}
    values: dict[str, Any] = {}
    problems: list[str] = []
    default = Settings()
    for name, value in raw.items():
        if name not in known:
            continue  # a newer version's setting: ignore it
        try:
            values[name] = _value(name, value, getattr(default, name))
        except ValueError as exc:
            problems.append(str(exc))
    return Settings(**values).validated(), problems


def _level_pair(pair: Any) -> bool:
    """Whether ``pair`` is a (game id, level) the levels setting can keep."""
    variant_id, level = pair
    return (
        isinstance(variant_id, str)
        and 0 < len(variant_id) <= VARIANT_ID_MAX
        and variant_id.isprintable()
        and level in LEVELS
    )


def _levels(value: Any, shown: str) -> tuple[tuple[str, str], ...]:
    """The levels setting read from its JSON object, or ValueError."""
    if not isinstance(value, dict):
        raise ValueError(f"levels must be an object of games and levels, not {shown}")
    for pair in value.items():
        if not _level_pair(pair):
            raise ValueError(f"levels holds {_shown(dict([pair]))}, which is no game and level")
    return tuple(sorted((str(k), str(v)) for k, v in value.items()))


def _value(name: str, value: Any, expected: Any) -> Any:
    """``value`` for the setting ``name`` (whose default is ``expected``), or ValueError."""
    shown = _shown(value)
    if name == "levels":
        return _levels(value, shown)
    if isinstance(expected, tuple):
        if not (
            isinstance(value, list)
            and len(value) == 2
            and all(
                isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
                for v in value
            )
        ):
            raise ValueError(f"{name} must be a list of two numbers, not {shown}")
        return tuple(int(v) for v in value)
    if isinstance(expected, bool):
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be true or false, not {shown}")
        return value
    if isinstance(expected, float):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"{name} must be a number, not {shown}")
        if not math.isfinite(value):
            raise ValueError(f"{name} must be a finite number, not {shown}")
        return float(value)
    if not isinstance(value, type(expected)):
        raise ValueError(f"{name} must be a {type(expected).__name__}, not {shown}")
    return value


def _shown(value: Any) -> str:
    """``value`` quoted for a message, cut short (it may be huge or nested deep)."""
    try:
        text = json.dumps(value)
    except (ValueError, TypeError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def _to_dict(settings: Settings) -> dict[str, Any]:
    value = asdict(settings.validated())
    value["window_size"] = list(value["window_size"])
    value["levels"] = dict(settings.validated().levels)
    return value


def load_settings(records: Records | None = None) -> Settings:
    """The saved settings (in the records database), or the defaults.

    A settings.json from an earlier version is read once into the records and
    renamed settings.json.imported; a setting that cannot be read is replaced by its
    default with a warning, never a failure to start (nor is a book that cannot be
    written: the settings are then used as read, and kept when it can be written).
    """
    records = records if records is not None else Records.open()
    try:
        values = records.settings_values()
    except sqlite3.Error as exc:
        log.warning("the saved settings cannot be read (%s); using the defaults", exc)
        return Settings()
    legacy = settings_path()
    if not values and legacy.exists():
        try:
            # Only a small regular file is read (never a FIFO or a device behind a link).
            values = read_json(legacy, 64_000)
            _from_dict(values)
            records.save_settings_values(values)
            legacy.replace(legacy.with_name(legacy.name + ".imported"))
        except (OSError, ValueError, TypeError, RecursionError, sqlite3.Error) as exc:
            log.warning("%s cannot be read (%s); using the default settings", legacy, exc)
            values = values if isinstance(values, dict) else {}
    settings, problems = _read(values)
    if problems:
        log.warning("saved settings left at their defaults: %s", "; ".join(problems))
        try:
            records.save_settings_values(_to_dict(settings))
        except sqlite3.Error as exc:
            log.warning("could not repair the saved settings: %s", exc)
    return settings


def save_settings(settings: Settings, records: Records) -> None:
    records.save_settings_values(_to_dict(settings))
