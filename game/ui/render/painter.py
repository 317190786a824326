"""The board's background: the table, the case, the fields sunk into it, painted with numpy.

A ``Painter`` paints one layout in one theme into one float canvas covering
the case, then turns it into a surface over the table. The layers go in
order: table and the case's shadow, the case (its material and bevelled
edge), the fields and wells inset in it, El Mundo's disc
(:mod:`~game.ui.render.round_board`), the points or fields
(:mod:`~game.ui.render.points`), and each theme's ornaments
(:mod:`~game.ui.render.ornaments`). Texture comes from
:mod:`~game.ui.render.materials`; its random numbers are drawn from one
seeded generator in that order, so a board is painted the same every time.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np
import pygame

from game.ui.render.layout import BoardLayout, Rect
from game.ui.render.materials import (
    baize,
    canvas,
    leather,
    paint,
    parchment,
    porphyry,
    silk,
    stone,
    value_noise,
    wood,
)
from game.ui.render.ornaments import decorate
from game.ui.render.points import paint_cells
from game.ui.render.raster import (
    Array,
    Box,
    col,
    in_rect,
    mix,
    over,
    rrect_sd,
    shade_bevel,
    smooth,
    upscale,
)
from game.ui.render.round_board import disc
from game.ui.theme import Theme

if TYPE_CHECKING:
    from game.rules.variants.base import Variant


class Painter:
    """Paints one board background (a numpy canvas) for one layout and theme."""

    def __init__(self, layout: BoardLayout, theme: Theme, variant: Variant) -> None:
        self.layout = layout
        self.theme = theme
        self.variant = variant
        self.w, self.h = layout.size
        # The size of texture and detail: a point's width (about an eighth of the ring's radius).
        self.u = layout.unit if layout.geometry != "round" else 0.13 * layout.unit
        self.style = theme.style
        self.rng = np.random.default_rng(1283)
        self.scale = min(1.0, max(0.5, 80.0 / self.u))
        # The float canvas covers the case only; the table is a plain surface.
        fx, fy, fw, fh = layout.frame
        ox, oy = max(0, int(fx) - 2), max(0, int(fy) - 2)
        self.origin = (ox, oy)
        self.shape = (
            min(self.w, math.ceil(fx + fw) + 2) - ox,
            min(self.h, math.ceil(fy + fh) + 2) - oy,
        )
        self.canvas = np.zeros((*self.shape, 3), dtype=np.float32)

    def tex(
        self, fn: Callable[..., Array], w: int, h: int, unit: float, *args: Any, **kwargs: Any
    ) -> Array:
        """A texture of w x h pixels, made at ``self.scale`` of the size on big screens.

        Texture is low in detail next to the edges drawn at full resolution:
        making it at up to half size and scaling it up saves most of the
        time on a 4K screen and cannot be told apart.
        """
        s = self.scale
        if s >= 0.999 or w < 8 or h < 8:
            return fn(self.rng, w, h, unit, *args, **kwargs)
        sw, sh = max(2, round(w * s)), max(2, round(h * s))
        small = fn(self.rng, sw, sh, unit * s, *args, **kwargs)
        if small.ndim == 2:
            small = np.repeat(small[..., None] * 255, 3, axis=2)
            big = upscale(small, w, h)
            return big[..., 0] * (1 / 255)
        return upscale(small, w, h)

    def box(self, x0: float, y0: float, x1: float, y1: float) -> Box:
        return Box(self.shape, x0, y0, x1, y1, self.origin)

    # -- layers ---------------------------------------------------------------------

    def paint(self) -> pygame.Surface:
        surface = self.table()
        ox, oy = self.origin
        w, h = self.shape
        view = pygame.surfarray.pixels3d(surface)
        self.canvas[:] = view[ox : ox + w, oy : oy + h]
        del view
        self.case()
        for rect in self.playing_fields():
            self.inset(rect, well=False)
        for rect in self.wells():
            self.inset(rect, well=True)
        if self.layout.geometry == "round":
            disc(self)
        paint_cells(self)
        decorate(self)
        out = np.clip(self.canvas, 0, 255).astype(np.uint8)
        surface.blit(pygame.surfarray.make_surface(out), self.origin)
        return surface

    def table(self) -> pygame.Surface:
        """The table under the board, lit in the middle, and the case's soft shadow on it.

        Both are smooth, so they are made small and scaled up.
        """
        k = max(1.0, min(8.0, 0.12 * self.u))
        sw, sh = max(2, int(self.w / k)), max(2, int(self.h / k))
        x = (np.arange(sw, dtype=np.float32) + 0.5)[:, None] * (self.w / sw)
        y = (np.arange(sh, dtype=np.float32) + 0.5)[None, :] * (self.h / sh)
        d = np.hypot(x / self.w - 0.5, y / self.h - 0.45)
        light = 1.25 - 0.9 * (d * 1.4) ** 1.5
        mottle = value_noise(self.rng, sw, sh, sw / 6, sh / 6)
        shade = light * (1 + 0.12 * (mottle - 0.5))
        fx, fy, fw, fh = self.layout.frame
        u = self.u
        spread = 0.5 * u

        class _Grid:
            pass

        grid = _Grid()
        grid.x, grid.y = x, y  # type: ignore[attr-defined]
        rect = (fx + 0.1 * u, fy + 0.28 * u, fw, fh)
        sd = rrect_sd(grid, rect, self.frame_radius())  # type: ignore[arg-type]
        shade *= 1 - 0.75 * (1 - smooth(-spread * 0.6, spread * 1.6, sd))
        small = col(self.theme.table) * shade[..., None]
        surface = pygame.surfarray.make_surface(np.clip(small, 0, 255).astype(np.uint8))
        return pygame.transform.smoothscale(surface, (self.w, self.h))

    def exact(self, ix0: int, iy0: int, ix1: int, iy1: int) -> Box:
        """A box by canvas indices."""
        box = Box(self.shape, 0, 0, 0, 0, self.origin)
        box.ix0, box.iy0 = max(0, ix0), max(0, iy0)
        box.ix1, box.iy1 = min(self.shape[0], ix1), min(self.shape[1], iy1)
        box.coords()
        return box

    def partition(self, outer: Box, band: int) -> tuple[Box | None, list[Box]]:
        """``outer`` as an inner box (untouched by edge effects) and four edge strips."""
        x0, y0, x1, y1 = outer.ix0, outer.iy0, outer.ix1, outer.iy1
        if x1 - x0 <= 2 * band + 2 or y1 - y0 <= 2 * band + 2:
            return None, [outer]
        inner = self.exact(x0 + band, y0 + band, x1 - band, y1 - band)
        strips = [
            self.exact(x0, y0, x1, y0 + band),
            self.exact(x0, y1 - band, x1, y1),
            self.exact(x0, y0 + band, x0 + band, y1 - band),
            self.exact(x1 - band, y0 + band, x1, y1 - band),
        ]
        return inner, [b for b in strips if not b.empty()]

    @staticmethod
    def sub(tex: Array, outer: Box, box: Box) -> Array:
        return tex[
            box.ix0 - outer.ix0 : box.ix1 - outer.ix0, box.iy0 - outer.iy0 : box.iy1 - outer.iy0
        ]

    def frame_radius(self) -> float:
        return 0.3 * self.u

    def rails(self) -> tuple[float, float]:
        """Thickness of the case's top/bottom and side rails (pixels)."""
        fx, fy, _, _ = self.layout.frame
        if self.layout.geometry == "round":
            t = 0.08 * self.layout.unit
            return t, t
        fields = self.layout.fields
        return min(f[1] for f in fields) - fy, min(f[0] for f in fields) - fx

    def case(self) -> None:
        """The case: its material and a rounded, bevelled edge catching the light."""
        fx, fy, fw, fh = self.layout.frame
        rad = self.frame_radius()
        u = self.u
        outer = self.box(fx, fy, fx + fw, fy + fh)
        tex = self.case_texture(outer)
        inner, strips = self.partition(outer, math.ceil(max(0.45 * u, rad + 0.2 * u)) + 2)
        if inner is not None:
            self.canvas[inner.sl] = self.sub(tex, outer, inner)
        for box in strips:
            sub = self.sub(tex, outer, box).copy()
            sd = rrect_sd(box, self.layout.frame, rad)
            sub *= shade_bevel(sd, 0.16 * u, 0.9)[..., None]
            # A second, softer round-over just inside the edge.
            sub *= (1 - 0.18 * np.exp(-((sd + 0.24 * u) ** 2) / (0.05 * u) ** 2))[..., None]
            over(self.canvas, box, sub, np.clip(0.5 - sd, 0, 1))

    def case_texture(self, box: Box) -> Array:
        th = self.theme
        u = self.u
        if self.style == "illuminated":
            return self.tex(leather, box.w, box.h, u, th.frame)
        if self.style == "stone":
            return self.tex(stone, box.w, box.h, u, th.frame, th.frame_dark)
        if self.style == "byzantine":
            return self.tex(porphyry, box.w, box.h, u, th.frame, th.frame_dark)
        if self.style == "navy":
            return self.tex(paint, box.w, box.h, u, th.frame)
        dark, mid, light = th.frame_dark, th.frame, th.frame_light
        rays = self.style == "oak"
        period = {"oak": 0.42, "walnut": 0.3, "kafeneio": 0.7}.get(self.style, 0.55)
        tex = self.tex(
            wood, box.w, box.h, u, dark, mid, light, along_x=False, period=period, rays=rays
        )
        # Top and bottom rails run across, mitred into the side rails.
        bt, bs = self.rails()
        fx, fy, fw, fh = self.layout.frame
        rail = math.ceil(bt) + 2
        for ys in (slice(0, rail), slice(max(0, box.h - rail), box.h)):
            h = ys.stop - ys.start
            y = box.y[:, ys]
            dt = np.minimum(y - fy, fy + fh - y)
            dl = np.minimum(box.x - fx, fx + fw - box.x)
            across = (dt < bt) & ((dt * bs) < (dl * bt))
            strip = self.tex(wood, box.w, h, u, dark, mid, light, period=period, rays=rays)
            tex[:, ys] = np.where(across[..., None], strip, tex[:, ys])
            seam = (dt < bt) & (np.abs(dt * bs - dl * bt) < 0.8 * max(bs, bt))
            tex[:, ys][seam] *= 0.72
        return tex

    def playing_fields(self) -> list[Rect]:
        cells = [s.base for k, s in self.layout.spots.items() if k[0] == "cell"]
        return [f for f in self.layout.fields if any(in_rect(p, f) for p in cells)]

    def wells(self) -> list[Rect]:
        playing = self.playing_fields()
        return [f for f in self.layout.fields if f not in playing]

    def field_texture(self, box: Box, *, well: bool = False) -> Array:
        th = self.theme
        u = self.u
        if self.style == "oak":
            tex = self.tex(
                wood,
                box.w,
                box.h,
                u,
                th.field_dark,
                th.field,
                mix(th.field, (230, 200, 150), 0.35),
                period=0.9,
            )
        elif self.style == "illuminated":
            tex = self.tex(parchment, box.w, box.h, u, th.field, th.field_dark)
        elif self.style == "stone":
            tex = self.tex(stone, box.w, box.h, u, th.field, th.field_dark)
        elif self.style in ("walnut", "kafeneio"):
            # A veneer laid along the board, its figure finer in walnut.
            light = mix(th.field, (250, 230, 190), 0.3)
            period = 0.45 if self.style == "walnut" else 1.1
            tex = self.tex(wood, box.w, box.h, u, th.field_dark, th.field, light, period=period)
        elif self.style == "byzantine":
            tex = self.tex(silk, box.w, box.h, u, th.field)
        elif self.style == "navy":
            tex = self.tex(canvas, box.w, box.h, u, th.field)
        else:
            tex = self.tex(baize, box.w, box.h, u, th.field)
        if well:
            if self.style == "illuminated":
                tex = self.tex(leather, box.w, box.h, u, th.frame_dark)
            elif self.style in ("walnut", "kafeneio"):  # lined in the field's darker wood
                dark = mix(th.field_dark, (0, 0, 0), 0.25)
                tex = self.tex(wood, box.w, box.h, u, dark, th.field_dark, th.field, along_x=False)
            elif self.style == "stone":
                tex *= 0.86
            else:
                tex *= 0.7
        return tex

    def inset(self, rect: Rect, *, well: bool) -> None:
        """A recessed surface: its texture, the shadow of its walls, a lit lip."""
        x, y, w, h = rect
        u = self.u
        lip = 0.05 * u
        outer = self.box(x - lip * 2, y - lip * 2, x + w + lip * 2, y + h + lip * 2)
        rad = 0.06 * u
        tex = self.field_texture(outer, well=well)
        if self.style == "felt":
            # Baize glows a little in the middle, under the lamp.
            gx = ((outer.x - (x + w / 2)) / w) ** 2
            gy = ((outer.y - (y + h / 2)) / h) ** 2
            tex *= (1.08 - 0.2 * (gx + gy))[..., None]
        depth = (0.14 if well else 0.09) * u
        strength = 0.75 if well else 0.55
        inner, strips = self.partition(outer, math.ceil(lip * 2 + depth * 5) + 2)
        if inner is not None:
            self.canvas[inner.sl] = self.sub(tex, outer, inner)
        for box in strips:
            sd = rrect_sd(box, rect, rad)
            # The lip of the case around it: dark above and left, lit below and right.
            ring = np.clip(1 - np.abs(sd) / lip, 0, 1) * (sd > 0)
            side = np.clip(((box.x - (x + w / 2)) / w + (box.y - (y + h / 2)) / h) * 2, -1, 1)
            self.canvas[box.sl] *= (1 + ring * 0.35 * side)[..., None]
            shadow = 0.55 * np.exp(-(box.y - y) / depth) + 0.45 * np.exp(-(box.x - x) / depth)
            shadow += 0.18 * (np.exp(-(x + w - box.x) / depth) + np.exp(-(y + h - box.y) / depth))
            shadow = np.clip(shadow, 0, 0.85) * strength
            sub = self.sub(tex, outer, box) * (1 - shadow)[..., None]
            over(self.canvas, box, sub, np.clip(0.5 - sd, 0, 1))

    def gold(self, box: Box, alpha: Array) -> None:
        """Gold leaf where ``alpha``: a warm metal with a sheen across it."""
        u = self.u
        base = col(self.theme.accent)
        sheen = 0.82 + 0.3 * np.sin((box.x * 0.8 + box.y) / (0.9 * u) * np.pi)
        sheen = sheen + 0.12 * np.sin((box.x - box.y * 0.7) / (0.23 * u))
        colour = base * sheen[..., None]
        over(self.canvas, box, np.clip(colour, 0, 255), alpha)
