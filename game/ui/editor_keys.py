"""The position editor's board by keyboard: a focus stop over the board whose arrows move
a cursor from point to point (to the nearest point that way, on any board's shape), + and
- put a man of the side chosen there or take one off, Enter puts one too, and S (read by
the scene) changes the side chosen; Tab moves on, as everywhere. Drawing the cursor is
``draw_cursor``'s."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.i18n import N_, _
from game.ui.render.layout import BoardLayout, SpotKey
from game.ui.widgets import Widget

# TRANSLATORS: the editor's keys over the board: the arrows, + and -, and S (a key)
KEYS_HELP = N_("Board keys: arrows choose a point, + or - a man of the side chosen, S the side")
PUT_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
TAKE_KEYS = (pygame.K_MINUS, pygame.K_UNDERSCORE, pygame.K_KP_MINUS)
STEPS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}


def places(layout: BoardLayout) -> list[SpotKey]:
    """The spots a man is put on by keyboard: the points (cells) and the bars."""
    return [key for key in layout.spots if key[0] in ("cell", "bar")]


def next_place(layout: BoardLayout, at: SpotKey | None, step: tuple[int, int]) -> SpotKey | None:
    """The spot nearest ``at`` in the direction ``step`` (on screen): ahead of it, the
    nearest counting a step sideways twice; ``at`` itself where none lies that way."""
    keys = places(layout)
    if not keys:
        return None
    if at is None or at not in layout.spots:
        return keys[0]
    x0, y0 = layout.spots[at].base
    dx, dy = step
    best: tuple[float, SpotKey] | None = None
    for key in keys:
        if key == at:
            continue
        x, y = layout.spots[key].base
        ahead = (x - x0) * dx + (y - y0) * dy
        if ahead <= 1.0:
            continue
        aside = abs((x - x0) * dy) + abs((y - y0) * dx)
        score = ahead + 2 * aside
        if best is None or score < best[0]:
            best = (score, key)
    return at if best is None else best[1]


class BoardKeys(Widget):
    """A focus stop over the board: its keys move the cursor and put or take men."""

    def __init__(
        self,
        layout: Callable[[], BoardLayout | None],
        put: Callable[[SpotKey], None],
        take: Callable[[SpotKey], None],
    ) -> None:
        super().__init__(help=_(KEYS_HELP))
        self.layout = layout
        self.put = put
        self.take = take
        self.cursor: SpotKey | None = None

    @property
    def name(self) -> str:
        return _("Board")

    def at(self) -> SpotKey | None:
        """The spot under the cursor (the first point until one is chosen); asking changes
        nothing (the scene's drawing asks)."""
        layout = self.layout()
        if layout is None:
            return None
        if self.cursor not in layout.spots:
            return next_place(layout, None, (1, 0))
        return self.cursor

    def handle_key(self, key: int, mod: int = 0) -> bool:
        layout = self.layout()
        if layout is None:
            return False
        if key in STEPS:
            self.cursor = next_place(layout, self.at(), STEPS[key])
            return True
        spot = self.at()
        if spot is None:
            return False
        if key in PUT_KEYS:
            self.put(spot)
            return True
        if key in TAKE_KEYS:
            self.take(spot)
            return True
        return False

    def activate(self) -> bool:
        spot = self.at()
        if spot is not None:
            self.put(spot)
        return True

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Nothing: the scene draws the cursor on the board (``draw_cursor``)."""


def draw_cursor(
    surface: pygame.Surface, layout: BoardLayout, key: SpotKey, colour: Any, scale: float
) -> None:
    """The keyboard's cursor: the spot's outline and a ring where its first man stands."""
    spot = layout.spots.get(key)
    if spot is None:
        return
    width = max(2, round(3 * scale))
    if len(spot.shape) >= 3:
        pygame.draw.polygon(surface, colour, [(round(x), round(y)) for x, y in spot.shape], width)
    x, y = spot.base
    pygame.draw.circle(surface, colour, (round(x), round(y)), round(layout.radius * 1.2), width)


__all__ = ["KEYS_HELP", "BoardKeys", "draw_cursor", "next_place", "places"]
