"""The computer's levels as the window names them, in the player's language (pure).

The AI, the engine protocol, the records and the level files know a level by its
English id (``game.ai.levels.Level``: "novice", "expert"); the window shows its name,
capitalised as a name, through the catalogue.
"""

from __future__ import annotations

from game.i18n import N_, _

NAMES: dict[str, str] = {
    # TRANSLATORS: the computer's levels, weakest first (a player's strength)
    "novice": N_("Novice"),
    "beginner": N_("Beginner"),
    "intermediate": N_("Intermediate"),
    "advanced": N_("Advanced"),
    "expert": N_("Expert"),
}


def level_name(level: str) -> str:
    """The name of ``level`` in the language in use ("Expert"); the id itself for a
    level Tabula does not know (a damaged record may name one)."""
    english = NAMES.get(str(level))
    return _(english) if english is not None else str(level)


# TRANSLATORS: the computer's strengths, as a player reads them ("Crimson (computer,
# expert)"): the weakest plays at random, the strongest is the full evaluation.
LEVEL_WORDS: dict[str, str] = {
    "novice": N_("novice"),
    "beginner": N_("beginner"),
    "intermediate": N_("intermediate"),
    "advanced": N_("advanced"),
    "expert": N_("expert"),
}


def level_word(name: object) -> str:
    """The level ``name`` as a player reads it, in the language in use (a name Tabula
    does not know as it is)."""
    english = LEVEL_WORDS.get(str(name))
    return _(english) if english is not None else str(name)


__all__ = ["LEVEL_WORDS", "NAMES", "level_name", "level_word"]
