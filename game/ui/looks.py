"""How each variant looks: one entry per variant id, read by every part of the window.

A :class:`Look` names the variant's board geometry (``game.ui.render.layout``), its era's
theme (``game.ui.theme.THEMES``), the short line saying where and when the game comes
from (lists and the rules' fallback), and how many sides' colours its board shows. A new
variant adds one entry here (``tests/ui/test_looks.py`` checks that every variant has one).

Pure data: no pygame, so the layout maths and the tests read it headless.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from game.i18n import N_

GEOMETRY_KINDS = ("tables", "half", "round", "rows")


@dataclass(frozen=True, slots=True)
class Look:
    """One variant's look."""

    geometry: str  # the board: "tables", "half", "round" or "rows"
    theme: str  # the era's theme id (game.ui.theme.THEMES)
    era: str  # where and when the game comes from, one short line (English, marked)
    sides: int = 2  # sides whose colours the board shows (a shared palette needs as many)

    def __post_init__(self) -> None:
        if self.geometry not in GEOMETRY_KINDS:
            raise ValueError(f"unknown board geometry {self.geometry!r}")
        if self.sides < 2:
            raise ValueError(f"a look needs two sides or more, not {self.sides!r}")


LOOKS: Mapping[str, Look] = MappingProxyType(
    {
        "backgammon": Look("tables", "felt", N_("The modern game")),
        "anglicorum": Look("tables", "oak", N_("England, c. 1330")),
        "quinze_tablas": Look("tables", "illuminated", N_("Castile, 1283")),
        "lombardorum": Look("half", "oak", N_("The Lombards' game, 1200s")),
        "el_mundo": Look("round", "illuminated", N_("Castile, 1283 · four players"), sides=4),
        "duodecim": Look("rows", "stone", N_("Rome, first century")),
        "tabula": Look("tables", "byzantine", N_("Byzantium, c. 480")),
        "nard": Look("tables", "walnut", N_("Caucasus to Moscow, today")),
        "portes": Look("tables", "kafeneio", N_("Greece: Tavli's first game")),
        "plakoto": Look("tables", "kafeneio", N_("Greece: Tavli's second game")),
        "fevga": Look("tables", "kafeneio", N_("Greece: Tavli's third game")),
        "acey_deucey": Look("tables", "navy", N_("The US Navy, 1900s")),
    }
)

DEFAULT_THEME = "felt"  # the theme of a variant with no look (yet)


def look_of(variant_id: str) -> Look | None:
    """The variant's look, or None for a variant without an entry."""
    return LOOKS.get(variant_id)
