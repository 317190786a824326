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


__all__ = ["NAMES", "level_name"]
