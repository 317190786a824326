"""One cached loader for fonts (and, through ``audio``, sounds).

Fonts are shipped in ``assets/fonts`` (EB Garamond, SIL OFL; see
assets/CREDITS.md): nothing depends on the system's fonts.
"""

from __future__ import annotations

from functools import cache

import pygame

from game.paths import asset

FONT_FILES = {
    "text": "EBGaramond12-Regular.ttf",
    "bold": "EBGaramond12-Bold.ttf",
    "italic": "EBGaramond12-Italic.ttf",
    "caps": "EBGaramondSC12-Regular.ttf",
    "initials": "EBGaramond-Initials.ttf",
}


# EB Garamond's figures are old-style (its "11" reads as "II"); counts on men are set
# in lining figures: pygame's own bold sans (shipped inside pygame, not the system's).
FIGURES = "figures"


@cache
def font(role: str, size: int) -> pygame.font.Font:
    """The shipped font for ``role`` (text, bold, italic, caps, initials, or figures:
    lining numerals) at ``size`` px."""
    if role == FIGURES:
        return pygame.font.Font(None, max(6, int(size)))
    if role not in FONT_FILES:
        roles = ", ".join([*FONT_FILES, FIGURES])
        raise ValueError(f"unknown font role {role!r} (roles: {roles})")
    return pygame.font.Font(asset("fonts", FONT_FILES[role]), max(6, int(size)))
