"""The games' names as the window shows them, in the player's language (pure).

The rules know each game by its English (or Latin) name (``Variant.name``), which the
engine protocol and the records keep. The window names a game as its players say it:
"Τάβλι" and "Πλακωτό" in Greek, "Длинные нарды" in Russian, while the Latin names of the
historical games stay Latin in every language. Every name here is in the catalogue
under the context "game" (a game called "Portes" is not the word "doors").
"""

from __future__ import annotations

from game.i18n import N_, pgettext

NAMES: dict[str, str] = {
    "backgammon": N_("Backgammon"),
    "duodecim": N_("Ludus Duodecim Scriptorum"),
    "tabula": N_("Tabula"),
    "quinze_tablas": N_("Quinze Tablas"),
    "lombardorum": N_("Ludus Lombardorum"),
    "el_mundo": N_("El Mundo"),
    "anglicorum": N_("Ludus Anglicorum"),
    "portes": N_("Portes"),
    "plakoto": N_("Plakoto"),
    "fevga": N_("Fevga"),
    "nard": N_("Long Nardy"),
    "acey_deucey": N_("Acey-Deucey"),
}
TAVLI = N_("Tavli")  # Portes, Plakoto and Fevga played in turn: the Greek match
CONTEXT = "game"


def game_name(variant_id: str) -> str:
    """The name of ``variant_id`` in the language in use (the id itself for a game
    Tabula does not know, as a damaged record may name one)."""
    english = NAMES.get(variant_id)
    return pgettext(CONTEXT, english) if english is not None else variant_id


def tavli() -> str:
    return pgettext(CONTEXT, TAVLI)


__all__ = ["NAMES", "TAVLI", "game_name", "tavli"]
