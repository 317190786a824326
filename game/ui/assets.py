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


@cache
def font(role: str, size: int) -> pygame.font.Font:
    """The shipped font for ``role`` (text, bold, italic, caps, initials) at ``size`` px."""
    if role not in FONT_FILES:
        raise ValueError(f"unknown font role {role!r} (roles: {', '.join(FONT_FILES)})")
    return pygame.font.Font(asset("fonts", FONT_FILES[role]), max(6, int(size)))
