"""The player's settings: kept between runs in ``settings.json``.

A missing file gives the defaults. A file that cannot be read (not JSON,
wrong types) is moved aside as ``settings.json.bad`` with a message, and the
defaults are used: a bad file never stops the game from starting.
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from game.store.files import data_dir, write_json

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


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults (a bad file is moved aside)."""
    path = path or settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings()
    except OSError as exc:
        log.warning("cannot read %s (%s); using the default settings", path, exc)
        return Settings()
    try:
        return _from_dict(json.loads(text))
    except (ValueError, TypeError) as exc:
        aside = path.with_name(path.name + ".bad")
        path.replace(aside)
        log.warning("%s is damaged (%s); moved it to %s and used the defaults", path, exc, aside)
        return Settings()


def save_settings(settings: Settings, path: Path | None = None) -> None:
    value = asdict(settings.validated())
    value["window_size"] = list(value["window_size"])
    write_json(path or settings_path(), value)
