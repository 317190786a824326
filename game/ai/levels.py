"""The computer's five strengths, named once for the AI, the engine, the campaign and
the window."""

from __future__ import annotations

import enum


class Level(enum.StrEnum):
    """A computer opponent's strength, weakest first (a ``str``: ``"expert"`` is
    ``Level.EXPERT``, so settings, records and levels files keep their text)."""

    NOVICE = "novice"
    BEGINNER = "beginner"
    INTERMEDIATE = "intermediate"
    ADVANCED = "advanced"
    EXPERT = "expert"


LEVELS: tuple[Level, ...] = tuple(Level)  # weakest first
_BY_NAME: dict[str, Level] = {level.value: level for level in LEVELS}


def level_of(name: object) -> Level:
    """The level called ``name`` (raises ``ValueError`` naming the levels)."""
    if isinstance(name, str) and name in _BY_NAME:
        return _BY_NAME[name]
    raise ValueError(f"unknown level {name!r:.40} (levels: {', '.join(LEVELS)})")
