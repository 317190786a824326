"""The men: lit sprites of turned men, their shadows, men on edge in trays, and drawing them.

A man is a height field (a domed top, two grooves, a rounded rim) turned
into normals and lit from the top left, made once per side and size and
cached. On a spot the men stand from its base along its step; a stack
taller than the spot is squeezed and shows its count; a selected spot's top
man is lifted in a gold glow; men borne off (or in hand) stand on edge.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING

import numpy as np
import pygame

from game.ui.assets import FIGURES
from game.ui.render.layout import BoardLayout, Point, SpotKey
from game.ui.render.materials import value_noise
from game.ui.render.raster import LIGHT, col, grid, normals, smooth, to_surface
from game.ui.render.rims import ring_colour
from game.ui.render.stacks import stacks
from game.ui.theme import Colour, SideColours, Theme, side_colours

if TYPE_CHECKING:
    from game.rules.position import Position
    from game.rules.variants.base import Variant
    from game.ui.render.lettering import Lettering


# The edge ring (``game.ui.render.rims``): the band of the rim it covers, as a fraction
# of the radius, and how much of the lamp's shading it keeps.
RING_FROM = 0.84
RING_SHADE = 0.25
COUNT_SIZE = 0.9  # a squeezed stack's count, in lining figures, as a share of the radius


def man_sprite(
    colours: SideColours,
    radius: float,
    *,
    flecks: bool = False,
    ring: Colour | None = None,
) -> pygame.Surface:
    """A turned man seen from above: domed top, two grooves, a rounded rim, lit top left.

    ``flecks``: specks of gold in the stone (lapis lazuli and its pyrite).
    ``ring``: a band of that colour on the rim, so the man stands out on every spot.
    """
    r = max(2.0, radius)
    size = math.ceil(2 * r) + 4
    x, y = grid(size)
    dx, dy = x - size / 2, y - size / 2
    d = np.hypot(dx, dy)
    q = d / r
    e = 0.8
    rim = np.sqrt(np.clip(1 - ((q - e) / (1 - e)) ** 2, 0, 1))
    z = np.where(q < e, 0.2 + 0.03 * (1 - (q / e) ** 2), 0.2 * rim)
    z -= 0.018 * np.exp(-(((q - 0.62) / 0.022) ** 2))
    z -= 0.012 * np.exp(-(((q - 0.7) / 0.018) ** 2))
    z += 0.02 * np.exp(-(((q - 0.79) / 0.03) ** 2))
    z -= 0.015 * np.exp(-((q / 0.06) ** 2))  # the lathe's centre mark
    diffuse, spec = normals(z * r)
    body, rim_c, light = col(colours.body), col(colours.rim), col(colours.light)
    edge = smooth(0.84, 1.0, q)[..., None]
    base = body + (rim_c - body) * edge * 0.55
    shade = (0.32 + 0.78 * diffuse / LIGHT[2])[..., None]
    rgb = base * shade
    rgb += light * (spec**60 * 0.7)[..., None]
    glare = np.exp(-((dx + 0.32 * r) ** 2 + (dy + 0.38 * r) ** 2) / (0.42 * r) ** 2)
    rgb += (light - base) * (glare * 0.28 * (q < e))[..., None]
    rgb *= (1 + 0.025 * np.sin(q * r * 2.1))[..., None]  # turning marks
    if flecks:
        rng = np.random.default_rng(7)
        speck = value_noise(rng, size, size, max(1.0, r * 0.05), max(1.0, r * 0.05))
        gold = smooth(0.9, 0.97, speck) * (q < 0.97)
        cloud = value_noise(rng, size, size, r * 0.4, r * 0.4)
        rgb *= (0.9 + 0.2 * cloud)[..., None]
        rgb += (np.array([230, 190, 90], dtype=np.float32) * shade - rgb) * gold[..., None] * 0.8
    if ring is not None:
        band = smooth(RING_FROM - 0.04, RING_FROM, q)[..., None]
        lit = 1 - RING_SHADE + RING_SHADE * np.clip(diffuse / LIGHT[2], 0, 1.3)[..., None]
        rgb += (col(ring) * lit - rgb) * band
    alpha = np.clip(r - d + 0.5, 0, 1)
    return to_surface(rgb, alpha)


def shadow_sprite(radius: float, spread: float = 1.0) -> pygame.Surface:
    """A soft round shadow for a man (larger and fainter when it is lifted)."""
    r = max(2.0, radius) * (1 + 0.15 * (spread - 1))
    size = math.ceil(2 * r * 1.5) + 4
    x, y = grid(size)
    d = np.hypot(x - size / 2, y - size / 2)
    strength = 0.55 / spread
    alpha = strength * (1 - smooth(r * (0.55 - 0.1 * spread), r * (1.08 + 0.12 * spread), d))
    return to_surface(np.zeros((size, size, 3), dtype=np.float32), alpha)


def slab_band(thick: float) -> int:
    """How many pixels of a slab's long edges its ring covers."""
    return max(2, round(thick * 0.2))


def slab_sprite(
    colours: SideColours, width: float, thick: float, ring: Colour | None = None
) -> pygame.Surface:
    """A man standing on edge in a tray: its rim seen from above (edged in ``ring``)."""
    w = max(3, round(width))
    h = max(2, round(thick))
    x = (np.arange(w, dtype=np.float32) + 0.5)[:, None]
    y = (np.arange(h, dtype=np.float32) + 0.5)[None, :]
    uu = (x - w / 2) / (w / 2)
    vv = (y - h / 2) / (h / 2)
    z = np.sqrt(np.clip(1 - uu**2, 0, 1)) * w * 0.22
    z = z * np.sqrt(np.clip(1 - np.abs(vv) ** 6, 0, 1))
    diffuse, spec = normals(z)
    body, rim_c, light = col(colours.body), col(colours.rim), col(colours.light)
    ends = smooth(0.75, 1.0, np.abs(uu))[..., None]
    base = body + (rim_c - body) * ends * 0.5
    rgb = base * (0.35 + 0.75 * diffuse / LIGHT[2])[..., None]
    rgb += light * (spec**40 * 0.5)[..., None]
    rgb = rgb * np.ones((1, h, 1), dtype=np.float32)
    if ring is not None:
        band = slab_band(thick)
        edge = np.zeros((w, h, 1), dtype=np.float32)
        edge[:, :band] = 1
        edge[:, h - band :] = 1
        rgb += (col(ring) - rgb) * edge
    alpha = np.clip((1 - np.abs(uu)) * w / 2 + 0.3, 0, 1) * np.clip(
        (1 - np.abs(vv)) * h / 2 + 0.3, 0, 1
    )
    return to_surface(rgb, alpha * np.ones((w, 1)))


def glow_ring(radius: float, colour: Colour) -> pygame.Surface:
    """A soft ring of ``colour`` round a man of ``radius`` (the selected man's glow)."""
    size = math.ceil(radius * 3.2) + 2
    x, y = grid(size)
    d = np.hypot(x - size / 2, y - size / 2)
    alpha = np.exp(-(((d - radius * 1.08) / (radius * 0.16)) ** 2)) * 0.95
    rgb = np.broadcast_to(col(colour), (size, size, 3)).copy()
    return to_surface(rgb, alpha)


class Men:
    """The men of one theme: their sprites, cached per side and size, and drawing them."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self._men: dict[tuple[int, int], pygame.Surface] = {}
        self._shadows: dict[tuple[int, int], pygame.Surface] = {}
        self._slabs: dict[tuple[int, int, int], pygame.Surface] = {}
        self._glow: pygame.Surface | None = None
        self._icon_glow: pygame.Surface | None = None

    def resize(self) -> None:
        """Forget the glows (made for one board size; the men are cached by radius)."""
        self._glow = None
        self._icon_glow = None

    def man(self, side: int, radius: float) -> pygame.Surface:
        key = (side, round(radius * 4))
        if key not in self._men:
            colours = side_colours(self.theme, side)
            red, green, blue = colours.body
            lapis = self.theme.style == "stone" and blue > red + 50 and blue > green + 40
            ring = ring_colour(self.theme, side)
            self._men[key] = man_sprite(colours, radius, flecks=lapis, ring=ring)
        return self._men[key]

    def shadow(self, radius: float, lift: float) -> pygame.Surface:
        key = (round(radius * 4), round(lift * 10))
        if key not in self._shadows:
            self._shadows[key] = shadow_sprite(radius, 1 + lift)
        return self._shadows[key]

    def slab(self, side: int, width: float, thick: float) -> pygame.Surface:
        key = (side, round(width), round(thick))
        if key not in self._slabs:
            colours = side_colours(self.theme, side)
            ring = ring_colour(self.theme, side)
            self._slabs[key] = slab_sprite(colours, width, thick, ring)
        return self._slabs[key]

    def glow(self, radius: float) -> pygame.Surface:
        """The selected man's glow, for men of ``radius`` (made once per board size)."""
        if self._glow is None:
            self._glow = glow_ring(radius, self.theme.accent)
        return self._glow

    def icon_glow(self, radius: float, board_radius: float) -> pygame.Surface:
        """The glow scaled to a name's icon of ``radius`` (made once per board size)."""
        if self._icon_glow is None:
            glow = self.glow(board_radius)
            scale = radius / board_radius
            size = (max(1, int(glow.get_width() * scale)), max(1, int(glow.get_height() * scale)))
            self._icon_glow = pygame.transform.smoothscale(glow, size)
        return self._icon_glow

    def draw_man(
        self,
        surface: pygame.Surface,
        side: int,
        centre: Point,
        radius: float,
        *,
        lift: float = 0.0,
        alpha: int = 255,
    ) -> None:
        """One man with its shadow; ``lift`` (0..1) raises it off the board."""
        r = radius
        lift = max(0.0, lift)
        shadow = self.shadow(r, lift)
        sx = centre[0] + r * (0.1 + 0.25 * lift)
        sy = centre[1] + r * (0.16 + 0.4 * lift)
        man = self.man(side, r)
        mx, my = centre[0] - r * 0.06 * lift, centre[1] - r * 0.14 * lift
        if alpha < 255:
            shadow.set_alpha(alpha)
            man.set_alpha(alpha)
        surface.blit(shadow, shadow.get_rect(center=(round(sx), round(sy))))
        surface.blit(man, man.get_rect(center=(round(mx), round(my))))
        if alpha < 255:
            shadow.set_alpha(255)
            man.set_alpha(255)

    def draw_slab(
        self, surface: pygame.Surface, layout: BoardLayout, side: int, key: SpotKey, centre: Point
    ) -> None:
        """A man on edge in a tray (turned to lie across the tray's direction)."""
        spot = layout.spots[key]
        thick = math.hypot(*spot.step) * 0.86
        width = layout.radius * 1.92
        slab = self.slab(side, width, thick)
        if abs(spot.step[0]) > abs(spot.step[1]):
            slab = pygame.transform.rotate(slab, 90)
        surface.blit(slab, slab.get_rect(center=(round(centre[0]), round(centre[1]))))

    def draw_men(
        self,
        surface: pygame.Surface,
        layout: BoardLayout,
        variant: Variant,
        position: Position,
        letters: Lettering,
        *,
        hidden: Mapping[SpotKey, int],
        selected: SpotKey | None,
    ) -> None:
        """Every man of ``position`` at rest, less ``hidden[key]`` men per spot (see BoardView).

        Where two sides share a cell (Plakoto's pinned man under its pinners)
        the piles stand one on the other, the pinned man at the bottom; the
        hidden men and the lift are the top pile's (the pinned man never moves).
        """
        by_side: dict[int, list[tuple[SpotKey, list[tuple[int, int]]]]] = {}
        for key, piles_here in stacks(variant, position).items():
            if key not in layout.spots:
                continue
            # Drawn side by side as before: each spot with the side of its bottom pile.
            by_side.setdefault(piles_here[0][0], []).append((key, piles_here))
        for side in range(position.players):
            for key, piles_here in by_side.get(side, []):
                counts = [n for _, n in piles_here]
                counts[-1] -= hidden.get(key, 0)
                if counts[-1] <= 0:
                    counts.pop()
                if not counts:
                    continue
                if key[0] in ("off", "hand"):
                    shown = counts[0]
                    for i in range(shown):
                        self.draw_slab(surface, layout, side, key, layout.man_centre(key, i, shown))
                    continue
                total = sum(counts)
                under = 0
                for (owner, _), shown in zip(piles_here, counts, strict=False):
                    lifted = key == selected and under + shown == total
                    self.draw_stack(
                        surface,
                        layout,
                        letters,
                        owner,
                        key,
                        shown,
                        lifted=lifted,
                        under=under,
                        total=total,
                    )
                    under += shown

    def draw_stack(
        self,
        surface: pygame.Surface,
        layout: BoardLayout,
        letters: Lettering,
        side: int,
        key: SpotKey,
        shown: int,
        *,
        lifted: bool,
        under: int = 0,
        total: int | None = None,
    ) -> None:
        """``shown`` men of ``side`` on ``key``; the top one lifted in a glow if ``lifted``.

        ``under`` men of the other side stand below them (a pinned man), ``total``
        in all on the spot (``under + shown`` by default).
        """
        total = under + shown if total is None else total
        for i in range(shown):
            centre = layout.man_centre(key, under + i, total)
            top = i == shown - 1
            if top and lifted:
                glow = self.glow(layout.radius)
                surface.blit(glow, glow.get_rect(center=(round(centre[0]), round(centre[1]))))
                self.draw_man(surface, side, centre, layout.radius, lift=1.0)
            else:
                self.draw_man(surface, side, centre, layout.radius)
        if total > layout.spots[key].capacity and (shown > 1 or under):
            top_centre = layout.man_centre(key, under + shown - 1, total)
            self.draw_count(surface, letters, side, top_centre, layout.radius, shown, lifted)

    def draw_count(
        self,
        surface: pygame.Surface,
        letters: Lettering,
        side: int,
        centre: Point,
        radius: float,
        count: int,
        lifted: bool,
    ) -> None:
        """A squeezed stack's count on its top man."""
        r = radius
        colours = side_colours(self.theme, side)
        bright = sum(colours.body) / 3 > 128
        ink = (40, 30, 24) if bright else (250, 240, 220)
        text = letters.text(FIGURES, r * COUNT_SIZE, str(count), ink)  # "11", not "II"
        cx = centre[0] - (r * 0.06 if lifted else 0)
        cy = centre[1] - (r * 0.14 if lifted else 0)
        surface.blit(text, text.get_rect(center=(round(cx), round(cy))))
