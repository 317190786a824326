"""The menus' colours and scale: :class:`Style`, :func:`ui_scale`, colour mixing and easing."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ui.theme import Theme

Colour = tuple[int, int, int]


MIN_TEXT = 10  # px: the smallest text drawn
SUPERSAMPLE = 3  # rounded boxes are drawn this many times larger, then smoothed down

# -- style ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Style:
    """The menus' colours: dark lacquered wood, ivory text, a gold accent."""

    text: Colour = (240, 230, 208)
    text_dim: Colour = (172, 160, 140)
    text_disabled: Colour = (112, 104, 94)
    accent: Colour = (224, 182, 92)
    accent_light: Colour = (255, 232, 168)
    accent_dark: Colour = (120, 86, 36)
    panel: Colour = (38, 30, 26)
    panel_deep: Colour = (22, 17, 15)
    button: Colour = (70, 44, 34)
    button_hover: Colour = (96, 60, 42)
    primary: Colour = (118, 30, 32)
    primary_hover: Colour = (150, 42, 40)
    disabled: Colour = (44, 38, 35)
    track: Colour = (18, 14, 12)
    shadow_alpha: int = 150

    @classmethod
    def from_theme(cls, theme: Theme) -> Style:
        """The default style with the theme's text and gold."""
        return replace(
            cls(),
            text=theme.text,
            text_dim=theme.text_dim,
            accent=theme.accent,
            accent_light=mix(theme.accent, (255, 255, 255), 0.45),
            accent_dark=mix(theme.accent, (0, 0, 0), 0.45),
        )


DEFAULT_STYLE = Style()


def ui_scale(size: tuple[int, int]) -> float:
    """How big to draw menus in a window of ``size``: 1.0 at 1280x800 (as ``App.scale``)."""
    width, height = size
    return max(0.5, min(width / 1280, height / 800))


def mix(a: Colour, b: Colour, t: float) -> Colour:
    t = max(0.0, min(1.0, t))
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def approach(value: float, target: float, dt: float, rate: float = 12.0) -> float:
    """Move ``value`` towards ``target`` exponentially (frame-rate independent)."""
    return target + (value - target) * math.exp(-rate * dt)
