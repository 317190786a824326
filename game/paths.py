"""Where Tabula's data lives: the one module that knows paths.

``assets/`` and ``levels/`` sit at the top of the repository. An installed wheel
carries them inside the package (``game/assets``, ``game/levels``); an editable
install or a source checkout finds them beside the package.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _data_dir(name: str) -> Path:
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"Tabula's {name!r} folder is missing beside {_PACKAGE}")


@cache
def assets_dir() -> Path:
    """The folder of fonts, sounds, images and trained weights."""
    return _data_dir("assets")


@cache
def levels_dir() -> Path:
    """The folder of campaign levels (TOML)."""
    return _data_dir("levels")


def asset(*parts: str) -> Path:
    """Path of one asset, e.g. ``asset("fonts", "x.ttf")``."""
    return assets_dir().joinpath(*parts)
