"""The dice: lit sprites of rounded, bevelled dice with sunk pips and their shadows, drawn."""

from __future__ import annotations

import math

import numpy as np
import pygame

from game.ui.render.layout import Point
from game.ui.render.raster import LIGHT, Box, col, grid, normals, rrect_sd, smooth, to_surface
from game.ui.theme import Colour, Theme, side_colours

PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
    7: ((-1, -1), (1, -1), (-1, 0), (0, 0), (1, 0), (-1, 1), (1, 1)),
}


def die_sprite(
    value: int, size: float, body: Colour, pip: Colour, *, used: bool = False
) -> pygame.Surface:
    """A die face: rounded, bevelled, with pips sunk into it."""
    s = max(6.0, size)
    n = math.ceil(s) + 4
    x, y = grid(n)
    c = n / 2
    rect = (c - s / 2, c - s / 2, s, s)

    box = Box((n, n), 0, 0, n, n)
    sd = rrect_sd(box, rect, 0.2 * s)
    bevel = 0.16 * s
    t = np.clip(-sd / bevel, 0, 1)
    z = np.sqrt(1 - (1 - t) ** 2) * bevel * 0.9
    pip_r = 0.09 * s
    offset = 0.26 * s
    inside_pip = np.zeros_like(z)
    for px, py in PIPS[value]:
        pcx, pcy = c + px * offset, c + py * offset
        dd = np.hypot(x - pcx, y - pcy)
        bowl = np.sqrt(np.clip(pip_r**2 - dd**2, 0, None))
        z -= bowl * 0.7
        inside_pip = np.maximum(inside_pip, np.clip(pip_r - dd + 0.5, 0, 1))
    diffuse, spec = normals(z)
    b = col(body)
    rgb = b * (0.45 + 0.62 * diffuse / LIGHT[2])[..., None]
    rgb += 255 * (spec**50 * 0.45)[..., None]
    pip_rgb = col(pip) * (0.6 + 0.6 * diffuse / LIGHT[2])[..., None]
    rgb = rgb * (1 - inside_pip[..., None]) + pip_rgb * inside_pip[..., None]
    alpha = np.clip(0.5 - sd, 0, 1)
    if used:
        grey = rgb.mean(axis=2, keepdims=True)
        rgb = (rgb * 0.45 + grey * 0.55) * 0.52
    return to_surface(rgb, alpha)


def die_shadow(size: float) -> pygame.Surface:
    """The soft shadow a die casts on the board."""
    s = max(6.0, size)
    n = math.ceil(s * 1.5) + 4
    c = n / 2
    box = Box((n, n), 0, 0, n, n)
    sd = rrect_sd(box, (c - s / 2, c - s / 2, s, s), 0.22 * s)
    alpha = 0.5 * (1 - smooth(-s * 0.1, s * 0.18, sd))
    return to_surface(np.zeros((n, n, 3), dtype=np.float32), alpha)


DARK_PIP = (24, 20, 18)
LIGHT_PIP = (255, 253, 248)


def side_die_colours(theme: Theme, side: int) -> tuple[Colour, Colour]:
    """The body and pips of a die thrown for ``side`` (the opening throw: one die each,
    so each is drawn in its side's colours): the men's body, and whichever of the
    theme's pips, near-black or near-white stands out most on it."""
    from game.ui.render.rims import contrast

    body = side_colours(theme, side).body
    pip = max((theme.dice_pip, DARK_PIP, LIGHT_PIP), key=lambda c: contrast(c, body))
    return body, pip


class Dice:
    """The dice of one theme: sprites cached per face, size and use, and drawing them."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self._dice: dict[tuple[int, int, bool, tuple[Colour, Colour] | None], pygame.Surface]
        self._dice = {}
        self._shadows: dict[int, pygame.Surface] = {}

    def draw(
        self,
        surface: pygame.Surface,
        value: int,
        centre: Point,
        size: float,
        *,
        angle: float = 0.0,
        used: bool = False,
        faces: int = 6,
        colours: tuple[Colour, Colour] | None = None,
    ) -> None:
        """A die showing ``value`` (1..faces, up to 7) turned by ``angle`` degrees, in the
        theme's dice colours or ``colours`` (body, pips)."""
        if not 1 <= value <= max(faces, 1) or value not in PIPS:
            raise ValueError(f"a die of {faces} faces cannot show {value!r}")
        key = (value, round(size), used, colours)
        sprite = self._dice.get(key)
        if sprite is None:
            body, pip = colours or (self.theme.dice_body, self.theme.dice_pip)
            sprite = die_sprite(value, size, body, pip, used=used)
            self._dice[key] = sprite
        shadow = self._shadows.get(round(size))
        if shadow is None:
            shadow = self._shadows[round(size)] = die_shadow(size)
        if angle:
            sprite = pygame.transform.rotozoom(sprite, angle, 1.0)
            shadow = pygame.transform.rotozoom(shadow, angle, 1.0)
        off = size * 0.08
        if not used:
            surface.blit(
                shadow,
                shadow.get_rect(center=(round(centre[0] + off), round(centre[1] + off * 1.6))),
            )
        surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))
