"""The campaign map's coastlines, read from ``assets/map/coasts.json``.

The file holds Natural Earth's 1:50m land (public domain), cut to the chart and
simplified by ``tools/make_coasts.py``: each ring is a flat list of longitudes and
latitudes in hundredths of a degree (``lon, lat, lon, lat, ...``); ``land`` rings
are coasts, ``seas`` rings are waters inside them. Reading it never harms the
window: a missing or malformed file is a ``CoastsError`` (a ``ValueError``) with
one line that names the file and what is wrong. Nothing here imports pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from game import paths
from game.rules.safe_read import FileRefused, display_name, one_line, read_json

LonLat = tuple[float, float]
Ring = tuple[LonLat, ...]

MAX_BYTES = 1_000_000  # the shipped file is about 20 KB
MAX_RINGS = 5_000


class CoastsError(ValueError):
    """A coasts file that cannot be used (missing, not JSON, or not of its shape)."""


@dataclass(frozen=True)
class Coasts:
    """Coasts (land rings) and inland waters (sea rings), as (longitude, latitude)."""

    land: tuple[Ring, ...] = ()
    seas: tuple[Ring, ...] = ()

    @property
    def points(self) -> int:
        return sum(len(r) for r in self.land + self.seas)


def default_path() -> Path:
    return paths.asset("map", "coasts.json")


def parse_coasts(data: Any, name: str) -> Coasts:
    """The coasts in the JSON value ``data`` (read from the file ``name``)."""
    if not isinstance(data, dict):
        raise CoastsError(f"{name}: expected an object with 'land' and 'seas', got {_kind(data)}")
    rings: dict[str, tuple[Ring, ...]] = {}
    for key in ("land", "seas"):
        value = data.get(key, [] if key == "seas" else None)
        if not isinstance(value, list):
            raise CoastsError(f"{name}: '{key}' should be a list of rings, got {_kind(value)}")
        if len(value) > MAX_RINGS:
            raise CoastsError(f"{name}: '{key}' has {len(value)} rings (at most {MAX_RINGS})")
        rings[key] = tuple(_ring(r, f"{name}: {key}[{n}]") for n, r in enumerate(value))
    if not rings["land"]:
        raise CoastsError(f"{name}: 'land' has no rings")
    return Coasts(land=rings["land"], seas=rings["seas"])


def _ring(value: Any, where: str) -> Ring:
    if not isinstance(value, list):
        raise CoastsError(f"{where} should be a list of numbers, got {_kind(value)}")
    if len(value) < 6 or len(value) % 2:
        raise CoastsError(
            f"{where} should hold longitude, latitude pairs of at least 3 points, "
            f"got {len(value)} numbers"
        )
    for v in value:
        if isinstance(v, bool) or not isinstance(v, int | float):
            raise CoastsError(f"{where} holds {one_line(repr(v), 40)}, not a number")
    lons, lats = value[0::2], value[1::2]
    if not all(-18000 <= x <= 18000 for x in lons) or not all(-9000 <= y <= 9000 for y in lats):
        bad = next(
            (x, y) for x, y in zip(lons, lats, strict=True) if abs(x) > 18000 or abs(y) > 9000
        )
        raise CoastsError(f"{where} has a point off the globe: {bad} (hundredths of a degree)")
    return tuple((x / 100, y / 100) for x, y in zip(lons, lats, strict=True))


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    return one_line(f"{type(value).__name__} {value!r}", 60)


def read_coasts(path: Path) -> Coasts:
    """The coasts in the file ``path`` (``CoastsError`` if it cannot be used)."""
    try:
        data = read_json(path, MAX_BYTES)
    except FileRefused as exc:
        raise CoastsError(str(exc)) from None
    return parse_coasts(data, display_name(path))


@cache
def load_coasts(path: Path | None = None) -> tuple[Coasts, str]:
    """The shipped coasts (read once), and what went wrong: on a problem, no coasts
    and a line to show the player; the map is then drawn without them."""
    try:
        return read_coasts(path or default_path()), ""
    except (CoastsError, FileNotFoundError) as exc:
        return Coasts(), f"The map's coasts could not be read: {one_line(str(exc))}"
