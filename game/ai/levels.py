"""The computer's five strengths, named once for the AI, the engine, the campaign and
the window."""

from __future__ import annotations

import enum

from game.i18n import N_, _


class Level(enum.StrEnum):
    """A computer opponent's strength, weakest first (a ``str``: ``"expert"`` is
    ``Level.EXPERT``, so settings, records and levels files keep their text)."""

    NOVICE = "novice"
    BEGINNER = "beginner"
    INTERMEDIATE = "intermediate"
    ADVANCED = "advanced"
    EXPERT = "expert"


LEVELS: tuple[Level, ...] = tuple(Level)  # weakest first
# TRANSLATORS: the computer's strengths, as a player reads them ("Crimson (computer,
# expert)"): the weakest plays at random, the strongest is the full evaluation.
LEVEL_WORDS: dict[str, str] = {
    Level.NOVICE: N_("novice"),
    Level.BEGINNER: N_("beginner"),
    Level.INTERMEDIATE: N_("intermediate"),
    Level.ADVANCED: N_("advanced"),
    Level.EXPERT: N_("expert"),
}
_BY_NAME: dict[str, Level] = {level.value: level for level in LEVELS}


def level_word(name: object) -> str:
    """The level ``name`` as a player reads it, in the language in use (a name Tabula
    does not know as it is)."""
    english = LEVEL_WORDS.get(str(name))
    return _(english) if english is not None else str(name)


def level_of(name: object) -> Level:
    """The level called ``name`` (raises ``ValueError`` naming the levels)."""
    if isinstance(name, str) and name in _BY_NAME:
        return _BY_NAME[name]
    raise ValueError(f"unknown level {name!r:.40} (levels: {', '.join(LEVELS)})")
