"""The player's settings: kept between runs in the records database.

None saved gives the defaults. Settings that cannot be read (wrong types) are
replaced by the defaults with a message: they never stop the game from
starting. A settings.json left by an earlier version is imported once.
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from game.store.files import data_dir
from game.store.records import Records

log = logging.getLogger(__name__)

ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
PALETTES = ("era", "classic", "contrast")


@dataclass(frozen=True, slots=True)
class Settings:
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 800)
    animation: str = "normal"  # one of ANIMATION_SPEEDS
    volume: float = 0.7  # 0.0 - 1.0
    muted: bool = False
    palette: str = "era"  # "era": each variant's own look; or a shared palette
    confirm_turn: bool = False  # wait for a click before ending the turn

    def validated(self) -> Settings:
        """The same settings with every value brought into range."""
        width, height = self.window_size
        return replace(
            self,
            window_size=(max(640, min(int(width), 7680)), max(400, min(int(height), 4320))),
            animation=self.animation if self.animation in ANIMATION_SPEEDS else "normal",
            volume=max(0.0, min(float(self.volume), 1.0)),
            palette=self.palette if self.palette in PALETTES else "era",
        )

    @property
    def speed(self) -> float:
        """How many times faster than normal animations run (0: no animation)."""
        return {"slow": 0.6, "normal": 1.0, "fast": 2.0, "instant": 0.0}[self.animation]


def settings_path() -> Path:
    """Where earlier versions kept the settings (read once, then kept in the records)."""
    return data_dir() / "settings.json"


def _from_dict(raw: Any) -> Settings:
    if not isinstance(raw, dict):
        raise ValueError("settings must be a JSON object")
    known = {f.name: f for f in fields(Settings)}
    values: dict[str, Any] = {}
    default = Settings()
    for name, value in raw.items():
        if name not in known:
            continue  # a newer version's setting: ignore it
        expected = getattr(default, name)
        if isinstance(expected, tuple):
            if not (isinstance(value, list) and len(value) == 2):
                raise ValueError(f"{name} must be a list of two numbers")
            value = tuple(int(v) for v in value)
        elif isinstance(expected, bool):
            if not isinstance(value, bool):
                raise ValueError(f"{name} must be true or false")
        elif isinstance(expected, float):
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"{name} must be a number")
            value = float(value)
        elif not isinstance(value, type(expected)):
            raise ValueError(f"{name} must be a {type(expected).__name__}")
        values[name] = value
    return Settings(**values).validated()


def _to_dict(settings: Settings) -> dict[str, Any]:
    value = asdict(settings.validated())
    value["window_size"] = list(value["window_size"])
    return value


def load_settings(records: Records | None = None) -> Settings:
    """The saved settings (in the records database), or the defaults.

    A settings.json from an earlier version is read once into the records and
    renamed settings.json.imported; settings that cannot be read are replaced by
    the defaults with a warning, never a failure to start.
    """
    records = records if records is not None else Records.open()
    values = records.settings_values()
    legacy = settings_path()
    if not values and legacy.is_file():
        try:
            values = json.loads(legacy.read_text(encoding="utf-8"))
            _from_dict(values)
            records.save_settings_values(values)
            legacy.replace(legacy.with_name(legacy.name + ".imported"))
        except (OSError, ValueError, TypeError) as exc:
            log.warning("%s cannot be read (%s); using the default settings", legacy, exc)
            values = {}
    try:
        return _from_dict(values)
    except (ValueError, TypeError) as exc:
        log.warning("the saved settings are damaged (%s); using the defaults", exc)
        records.save_settings_values(_to_dict(Settings()))
        return Settings()


def save_settings(settings: Settings, records: Records) -> None:
    records.save_settings_values(_to_dict(settings))
