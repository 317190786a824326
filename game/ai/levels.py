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


def level_of(name: object) -> Level:
    """The level called ``name`` (raises ``ValueError`` naming the levels)."""
    try:
        return Level(name)
    except ValueError:
        raise ValueError(f"unknown level {name!r:.40} (levels: {', '.join(LEVELS)})") from None
