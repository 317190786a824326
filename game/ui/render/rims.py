"""The edge ring of a man: a thin turned band round its rim that keeps it readable on
every spot it can stand on.

A man whose face is close in tone to some spot it stands on (bone on pale stone,
ebony on dark inlay, crimson on a red point) gets a ring at its rim: a dark one
(its own rim colour, deepened: the shadowed edge of a turned man) where the faces
are pale, or a light one (the era's gold, paled: a brass or gilt inlay) where they
are mid or dark. The ring is chosen so that, on every spot, either the face or the
ring stands at least 3:1 (WCAG's contrast for shapes) from the spot; the choice is
made from the theme's colours, with a margin for textures and lighting, and checked
on rendered frames by ``tests/ui/test_readable.py``. Men that already stand out
everywhere get no ring, so each era's men keep their look.
"""

from __future__ import annotations

from game.ui.render.raster import mix
from game.ui.theme import Colour, Theme, side_colours

TARGET = 3.0  # WCAG's contrast for shapes
MARGIN = 1.25  # chosen from the constants: textures and lighting move the rendered colours


def luminance(c: Colour) -> float:
    """WCAG relative luminance of an sRGB colour."""

    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = c
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a: Colour, b: Colour) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def grounds(theme: Theme) -> tuple[Colour, ...]:
    """The colours a man can stand on: both kinds of point, the bar and the trays.

    On the Roman slab the fields are cut into the stone (the field's colour) and the
    trays lie on its rim (the bar's tone); Alfonso's trays are the case's dark red;
    elsewhere the trays are the field's dark tone."""
    if theme.style == "stone":
        return (theme.field, theme.bar)
    tray = theme.frame_dark if theme.style == "illuminated" else theme.field_dark
    return (theme.point_a, theme.point_b, theme.bar, tray)


def ring_colour(theme: Theme, side: int) -> Colour | None:
    """The edge ring of ``side``'s men, or None when the face stands out everywhere."""
    colours = side_colours(theme, side)
    face = colours.body
    under = grounds(theme)
    need = TARGET * MARGIN
    if all(contrast(face, g) >= need for g in under):
        return None
    dark = mix(colours.rim, (0, 0, 0), 0.6)
    light = mix(theme.accent, (255, 250, 235), 0.35)

    def worst(ring: Colour) -> float:
        return min(max(contrast(face, g), contrast(ring, g)) for g in under)

    return max((dark, light), key=worst)
