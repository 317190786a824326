"""The house look of a plot, shared by the graphs of Study (the chances over a game,
the rating over time): a dark field framed in the game's light wood, dashed reference
lines, and dim labels beside the axis.

Drawing only.
"""

from __future__ import annotations

import pygame

from game.ui.theme import Colour, Theme
from game.ui.widgets import draw_text


def draw_field(surface: pygame.Surface, plot: pygame.Rect, theme: Theme) -> None:
    """The plot's ground: the game's dark frame colour."""
    pygame.draw.rect(surface, theme.frame_dark, plot)


def draw_frame(surface: pygame.Surface, plot: pygame.Rect, theme: Theme, scale: float) -> None:
    """The plot's edge, in the game's light frame colour (drawn last, over the lines)."""
    pygame.draw.rect(surface, theme.frame_light, plot, max(1, round(scale)))


def dashed_line(
    surface: pygame.Surface,
    colour: Colour,
    y: float,
    left: int,
    right: int,
    scale: float,
    width: int = 1,
) -> None:
    """A dashed level line across the plot, at height ``y``."""
    dash = max(2, round(6 * scale))
    for x in range(left, right, 2 * dash):
        pygame.draw.line(surface, colour, (x, y), (min(right, x + dash), y), width)


def axis_label(
    surface: pygame.Surface,
    text: str,
    at: tuple[float, float],
    theme: Theme,
    scale: float,
    anchor: str = "midright",
) -> pygame.Rect:
    """A dim label beside an axis."""
    return draw_text(
        surface, text, at, role="text", size=14 * scale, colour=theme.text_dim, anchor=anchor
    )


__all__ = ["axis_label", "dashed_line", "draw_field", "draw_frame"]
