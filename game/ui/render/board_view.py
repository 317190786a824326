"""The board painter: the case, the field, the men, the dice, the labels.

Everything is drawn in code at the window's own resolution, so it is as
sharp on a 4K screen as in a small window. The background (table, case,
field, points, numbers) is painted once per size with numpy into one
surface: procedural wood with rails mitred at the corners, baize, parchment
with gold rules, travertine with carved fields. Men and dice are lit sprites
(a height field turned into normals and shaded from the top left), made once
per side and size and cached.

Each theme's look comes from ``theme.id``: ``felt`` (and the shared palettes)
a mahogany case with baize, ``oak`` English oak with inlaid points,
``illuminated`` Alfonso's red, green and gold on parchment, ``stone`` a Roman
slab with the old inscription LEVATE DALOCV LVDERE NESCIS IDIOTA RECEDE cut
into its fields.
"""

from __future__ import annotations

import itertools
import math
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
import pygame

from game.ui import assets
from game.ui.render.layout import BoardLayout, Point, Rect, SpotKey, layout_for, spot_key
from game.ui.theme import Colour, SideColours, Theme, side_colours

if TYPE_CHECKING:
    from game.rules.position import Position
    from game.rules.variants.base import Variant

Array = np.ndarray

LIGHT = np.array([-0.45, -0.6, 0.66], dtype=np.float32)
LIGHT /= np.linalg.norm(LIGHT)
HALF = LIGHT + np.array([0.0, 0.0, 1.0], dtype=np.float32)
HALF /= np.linalg.norm(HALF)

# The inscription of a Roman board (Murray 1951): "Get up, go away, you
# cannot play: idiot, give way." Six words of six letters, two to a row.
INSCRIPTION = ("LEVATEDALOCV", "LVDERENESCIS", "IDIOTARECEDE")

PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
    7: ((-1, -1), (1, -1), (-1, 0), (0, 0), (1, 0), (-1, 1), (1, 1)),
}


# -- numpy helpers -----------------------------------------------------------------


def _col(c: Colour) -> Array:
    return np.array(c, dtype=np.float32)


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def _smooth(e0: float, e1: float, x: Array) -> Array:
    t = np.clip((x - e0) / (e1 - e0), 0.0, 1.0)
    return t * t * (3 - 2 * t)


def _value_noise(rng: np.random.Generator, w: int, h: int, sx: float, sy: float) -> Array:
    """Smooth value noise in 0..1 of shape (w, h), features about ``sx`` x ``sy`` px.

    Large features are made on a coarse grid and scaled up by pygame (fast
    on big areas); the smoothstep interpolation keeps them free of creases.
    """
    sx, sy = max(sx, 1.0), max(sy, 1.0)
    kx = min(8.0, max(1.0, sx / 3))
    ky = min(8.0, max(1.0, sy / 3))
    if kx > 1.5 or ky > 1.5:
        cw, ch = max(2, math.ceil(w / kx) + 1), max(2, math.ceil(h / ky) + 1)
        small = _value_noise(rng, cw, ch, sx / kx, sy / ky)
        grey = (small * 255).astype(np.uint8)
        surface = pygame.surfarray.make_surface(np.repeat(grey[..., None], 3, axis=2))
        big = pygame.transform.smoothscale(surface, (w, h))
        red = pygame.surfarray.pixels_red(big)
        out = red.astype(np.float32) * (1 / 255)
        del red
        return out
    gw, gh = int(w / sx) + 3, int(h / sy) + 3
    grid = rng.random((gw, gh), dtype=np.float32)
    xs = np.arange(w, dtype=np.float32) / sx
    i = xs.astype(np.int32)
    t = xs - i
    t = (t * t * (3 - 2 * t))[:, None]
    gx = grid[i] * (1 - t) + grid[i + 1] * t
    ys = np.arange(h, dtype=np.float32) / sy
    j = ys.astype(np.int32)
    s = ys - j
    s = (s * s * (3 - 2 * s))[None, :]
    return gx[:, j] * (1 - s) + gx[:, j + 1] * s


def _fbm(rng: np.random.Generator, w: int, h: int, scale: float, octaves: int = 4) -> Array:
    """Fractal noise in about 0..1: octaves of value noise, each half the size."""
    total = np.zeros((w, h), dtype=np.float32)
    amp, norm = 1.0, 0.0
    for k in range(octaves):
        size = scale / (2**k)
        total += amp * _value_noise(rng, w, h, size, size)
        norm += amp
        amp *= 0.5
    return total / norm


def _ramp(v: Array, dark: Colour, mid: Colour, light: Colour) -> Array:
    """Map 0..1 to dark -> mid -> light (through a 1024-step table: fast on big areas)."""
    t = np.linspace(0.0, 1.0, 1024, dtype=np.float32)[:, None]
    d, m, li = _col(dark), _col(mid), _col(light)
    lut = np.where(t < 0.5, d + (m - d) * (t / 0.5), m + (li - m) * ((t - 0.5) / 0.5))
    index = np.clip(v * 1023.0, 0, 1023).astype(np.int32)
    return lut.astype(np.float32)[index]


_TILE = 256


def _grain(rng: np.random.Generator, w: int, h: int) -> Array:
    """Per-pixel noise in 0..1 (a random tile repeated: the eye cannot tell)."""
    tile = rng.random((_TILE, _TILE), dtype=np.float32)
    ox, oy = (int(v) for v in rng.integers(0, _TILE, 2))
    reps = ((w + ox) // _TILE + 1, (h + oy) // _TILE + 1)
    return np.tile(tile, reps)[ox : ox + w, oy : oy + h]


class _Box:
    """An integer pixel box of a canvas whose corner is at ``origin`` on the screen.

    ``ix0..ix1``, ``iy0..iy1`` index the canvas; ``x`` and ``y`` are the
    screen coordinates of the pixel centres (columns and rows, to broadcast).
    """

    def __init__(
        self,
        shape: tuple[int, int],
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        origin: tuple[int, int] = (0, 0),
    ) -> None:
        w, h = shape
        ox, oy = origin
        self.origin = origin
        self.ix0 = max(0, math.floor(x0 - ox) - 1)
        self.iy0 = max(0, math.floor(y0 - oy) - 1)
        self.ix1 = min(w, math.ceil(x1 - ox) + 1)
        self.iy1 = min(h, math.ceil(y1 - oy) + 1)
        self.coords()

    def coords(self) -> None:
        ox, oy = self.origin
        self.x = (np.arange(self.ix0, self.ix1, dtype=np.float32) + 0.5 + ox)[:, None]
        self.y = (np.arange(self.iy0, self.iy1, dtype=np.float32) + 0.5 + oy)[None, :]

    @property
    def w(self) -> int:
        return max(0, self.ix1 - self.ix0)

    @property
    def h(self) -> int:
        return max(0, self.iy1 - self.iy0)

    @property
    def sl(self) -> tuple[slice, slice]:
        return slice(self.ix0, self.ix1), slice(self.iy0, self.iy1)

    def empty(self) -> bool:
        return self.w <= 0 or self.h <= 0


def _rrect_sd(box: _Box, rect: Rect, radius: float) -> Array:
    """Signed distance to a rounded rectangle (negative inside)."""
    x, y, w, h = rect
    radius = min(radius, w / 2, h / 2)
    qx = np.abs(box.x - (x + w / 2)) - (w / 2 - radius)
    qy = np.abs(box.y - (y + h / 2)) - (h / 2 - radius)
    outside = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0))
    inside = np.minimum(np.maximum(qx, qy), 0)
    return outside + inside - radius


def _poly_inside(box: _Box, poly: tuple[Point, ...]) -> Array:
    """Distance inside a convex polygon (positive inside, negative outside)."""
    area = 0.0
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        area += x1 * y2 - x2 * y1
    sign = 1.0 if area > 0 else -1.0
    dist = np.full((box.w, box.h), np.inf, dtype=np.float32)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        ex, ey = x2 - x1, y2 - y1
        length = math.hypot(ex, ey)
        if length < 1e-9:
            continue
        # Inward normal of a counter-clockwise (in y-down screen terms, area > 0) polygon.
        nx, ny = -ey / length * sign, ex / length * sign
        d = (box.x - x1) * nx + (box.y - y1) * ny
        dist = np.minimum(dist, d)
    return dist


def _poly_bounds(poly: Iterable[Point]) -> tuple[float, float, float, float]:
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


def _over(canvas: Array, box: _Box, colour: Array | Colour, alpha: Array) -> None:
    """Paint ``colour`` (an RGB or an array of the box) over the canvas, by ``alpha`` (0..1)."""
    if box.empty():
        return
    region = canvas[box.sl]
    c = colour if isinstance(colour, np.ndarray) else _col(colour)
    diff = c - region
    diff *= np.clip(alpha, 0.0, 1.0)[..., None]
    region += diff


# -- materials -------------------------------------------------------------------------


def _wood(
    rng: np.random.Generator,
    w: int,
    h: int,
    unit: float,
    dark: Colour,
    mid: Colour,
    light: Colour,
    *,
    along_x: bool = True,
    period: float = 0.5,
    rays: bool = False,
) -> Array:
    """Wood of (w, h) pixels with its grain along x (or y): rings, fibres, tone."""
    if not along_x:
        return np.ascontiguousarray(
            _wood(rng, h, w, unit, dark, mid, light, period=period, rays=rays).transpose(1, 0, 2)
        )
    warp = _value_noise(rng, w, h, unit * 7, unit * 2.2) * unit * 1.6
    warp += _value_noise(rng, w, h, unit * 1.6, unit * 0.5) * unit * 0.22
    y = np.arange(h, dtype=np.float32)[None, :] + warp
    phase = y / (unit * period)
    rings = 0.5 + 0.5 * np.sin(phase * 2 * np.pi)
    late = rings**7  # the dark latewood lines
    fibres = _value_noise(rng, w, h, unit * 2.5, 1.3)
    fine = _value_noise(rng, w, h, unit * 0.9, 0.8)
    tone = _value_noise(rng, w, h, unit * 5, unit * 2)
    v = 0.58 + 0.3 * (tone - 0.5) - 0.2 * late + 0.16 * (fibres - 0.5) + 0.08 * (fine - 0.5)
    if rays:  # oak's medullary rays: short bright flecks across the grain
        fleck = _value_noise(rng, w, h, unit * 0.5, 2.2)
        v += 0.14 * _smooth(0.78, 0.9, fleck)
    return _ramp(v, dark, mid, light)


def _baize(rng: np.random.Generator, w: int, h: int, unit: float, colour: Colour) -> Array:
    """Felt: a fine nap and a faint mottle."""
    nap = _grain(rng, w, h)
    soft = _value_noise(rng, w, h, 1.7, 1.7)
    mottle = _fbm(rng, w, h, unit * 2.5, 3)
    k = 1 + 0.05 * (nap - 0.5) + 0.07 * (soft - 0.5) + 0.09 * (mottle - 0.5)
    return _col(colour) * k[..., None]


def _parchment(
    rng: np.random.Generator, w: int, h: int, unit: float, colour: Colour, dark: Colour
) -> Array:
    """Vellum: blotches of age, long fibres, a fine tooth."""
    blot = _fbm(rng, w, h, unit * 3, 5)
    fibre = _value_noise(rng, w, h, unit * 0.6, unit * 0.15)
    tooth = _grain(rng, w, h)
    t = np.clip(0.5 + 1.6 * (blot - 0.5), 0, 1)[..., None]
    base = _col(colour) + (_col(dark) - _col(colour)) * t * 0.9
    return base * (1 + 0.012 * (fibre - 0.5) + 0.025 * (tooth - 0.5))[..., None]


def _leather(rng: np.random.Generator, w: int, h: int, unit: float, colour: Colour) -> Array:
    """Red leather over boards: a soft mottle and a grain of pores."""
    mottle = _fbm(rng, w, h, unit * 2, 4)
    pores = _value_noise(rng, w, h, 2.0, 2.0)
    k = 1 + 0.16 * (mottle - 0.5) + 0.08 * (pores - 0.5)
    return _col(colour) * k[..., None]


def _stone(
    rng: np.random.Generator, w: int, h: int, unit: float, colour: Colour, dark: Colour
) -> Array:
    """Travertine: layered bands, a cloudy body and small pores along the bands."""
    body = _fbm(rng, w, h, unit * 3, 5)
    bands = _value_noise(rng, w, h, unit * 8, unit * 0.35)
    streak = _value_noise(rng, w, h, unit * 2, unit * 0.08)
    pores = _value_noise(rng, w, h, unit * 0.16, unit * 0.06)
    grain = _grain(rng, w, h)
    v = 0.55 + 0.3 * (body - 0.5) + 0.22 * (bands - 0.5) + 0.1 * (streak - 0.5)
    v += 0.05 * (grain - 0.5)
    v -= 0.16 * _smooth(0.84, 0.94, pores)
    light = _mix(colour, (255, 250, 240), 0.3)
    return _ramp(v, dark, colour, light)


def _shade_bevel(sd: Array, width: float, strength: float = 1.0) -> Array:
    """Light on a bevelled edge: sd is the signed distance (negative inside)."""
    height = np.clip(-sd / width, 0.0, 1.0)
    height = np.sin(height * np.pi / 2)
    gx, gy = np.gradient(height * width * 0.9)
    nz = 1.0
    norm = np.sqrt(gx * gx + gy * gy + nz * nz)
    lit = (-gx * LIGHT[0] - gy * LIGHT[1] + nz * LIGHT[2]) / norm
    return 1 + strength * (lit / LIGHT[2] - 1)


# -- the background ----------------------------------------------------------------


class _Painter:
    """Paints one board background (a numpy canvas) for one layout and theme."""

    def __init__(self, layout: BoardLayout, theme: Theme, variant: Variant) -> None:
        self.layout = layout
        self.theme = theme
        self.variant = variant
        self.w, self.h = layout.size
        # The size of texture and detail: a point's width (about an eighth of the ring's radius).
        self.u = layout.unit if layout.geometry != "round" else 0.13 * layout.unit
        self.style = theme.id if theme.id in ("felt", "oak", "illuminated", "stone") else "felt"
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
            big = _upscale(small, w, h)
            return big[..., 0] * (1 / 255)
        return _upscale(small, w, h)

    def box(self, x0: float, y0: float, x1: float, y1: float) -> _Box:
        return _Box(self.shape, x0, y0, x1, y1, self.origin)

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
            self.disc()
        self.cells()
        self.decorate()
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
        mottle = _value_noise(self.rng, sw, sh, sw / 6, sh / 6)
        shade = light * (1 + 0.12 * (mottle - 0.5))
        fx, fy, fw, fh = self.layout.frame
        u = self.u
        spread = 0.5 * u

        class _Grid:
            pass

        grid = _Grid()
        grid.x, grid.y = x, y  # type: ignore[attr-defined]
        rect = (fx + 0.1 * u, fy + 0.28 * u, fw, fh)
        sd = _rrect_sd(grid, rect, self.frame_radius())  # type: ignore[arg-type]
        shade *= 1 - 0.75 * (1 - _smooth(-spread * 0.6, spread * 1.6, sd))
        small = _col(self.theme.table) * shade[..., None]
        surface = pygame.surfarray.make_surface(np.clip(small, 0, 255).astype(np.uint8))
        return pygame.transform.smoothscale(surface, (self.w, self.h))

    def exact(self, ix0: int, iy0: int, ix1: int, iy1: int) -> _Box:
        """A box by canvas indices."""
        box = _Box(self.shape, 0, 0, 0, 0, self.origin)
        box.ix0, box.iy0 = max(0, ix0), max(0, iy0)
        box.ix1, box.iy1 = min(self.shape[0], ix1), min(self.shape[1], iy1)
        box.coords()
        return box

    def partition(self, outer: _Box, band: int) -> tuple[_Box | None, list[_Box]]:
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
    def sub(tex: Array, outer: _Box, box: _Box) -> Array:
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
            sd = _rrect_sd(box, self.layout.frame, rad)
            sub *= _shade_bevel(sd, 0.16 * u, 0.9)[..., None]
            # A second, softer round-over just inside the edge.
            sub *= (1 - 0.18 * np.exp(-((sd + 0.24 * u) ** 2) / (0.05 * u) ** 2))[..., None]
            _over(self.canvas, box, sub, np.clip(0.5 - sd, 0, 1))

    def case_texture(self, box: _Box) -> Array:
        th = self.theme
        u = self.u
        if self.style == "illuminated":
            return self.tex(_leather, box.w, box.h, u, th.frame)
        if self.style == "stone":
            return self.tex(_stone, box.w, box.h, u, th.frame, th.frame_dark)
        dark, mid, light = th.frame_dark, th.frame, th.frame_light
        rays = self.style == "oak"
        period = 0.42 if rays else 0.55
        tex = self.tex(
            _wood, box.w, box.h, u, dark, mid, light, along_x=False, period=period, rays=rays
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
            strip = self.tex(_wood, box.w, h, u, dark, mid, light, period=period, rays=rays)
            tex[:, ys] = np.where(across[..., None], strip, tex[:, ys])
            seam = (dt < bt) & (np.abs(dt * bs - dl * bt) < 0.8 * max(bs, bt))
            tex[:, ys][seam] *= 0.72
        return tex

    def playing_fields(self) -> list[Rect]:
        cells = [s.base for k, s in self.layout.spots.items() if k[0] == "cell"]
        return [f for f in self.layout.fields if any(_in_rect(p, f) for p in cells)]

    def wells(self) -> list[Rect]:
        playing = self.playing_fields()
        return [f for f in self.layout.fields if f not in playing]

    def field_texture(self, box: _Box, *, well: bool = False) -> Array:
        th = self.theme
        u = self.u
        if self.style == "oak":
            tex = self.tex(
                _wood,
                box.w,
                box.h,
                u,
                th.field_dark,
                th.field,
                _mix(th.field, (230, 200, 150), 0.35),
                period=0.9,
            )
        elif self.style == "illuminated":
            tex = self.tex(_parchment, box.w, box.h, u, th.field, th.field_dark)
        elif self.style == "stone":
            tex = self.tex(_stone, box.w, box.h, u, th.field, th.field_dark)
        else:
            tex = self.tex(_baize, box.w, box.h, u, th.field)
        if well:
            if self.style == "illuminated":
                tex = self.tex(_leather, box.w, box.h, u, th.frame_dark)
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
            sd = _rrect_sd(box, rect, rad)
            # The lip of the case around it: dark above and left, lit below and right.
            ring = np.clip(1 - np.abs(sd) / lip, 0, 1) * (sd > 0)
            side = np.clip(((box.x - (x + w / 2)) / w + (box.y - (y + h / 2)) / h) * 2, -1, 1)
            self.canvas[box.sl] *= (1 + ring * 0.35 * side)[..., None]
            shadow = 0.55 * np.exp(-(box.y - y) / depth) + 0.45 * np.exp(-(box.x - x) / depth)
            shadow += 0.18 * (np.exp(-(x + w - box.x) / depth) + np.exp(-(y + h - box.y) / depth))
            shadow = np.clip(shadow, 0, 0.85) * strength
            sub = self.sub(tex, outer, box) * (1 - shadow)[..., None]
            _over(self.canvas, box, sub, np.clip(0.5 - sd, 0, 1))

    # -- cells -------------------------------------------------------------------

    def cells(self) -> None:
        geometry = self.layout.geometry
        cells = [(k, s) for k, s in self.layout.spots.items() if k[0] == "cell"]
        if geometry == "rows":
            for _, spot in cells:
                self.field_cell(spot.shape, spot.slot)
            return
        colours = (self.theme.point_a, self.theme.point_b)
        for _, spot in cells:
            box = self.box(*_poly_bounds(spot.shape))
            if box.empty():
                continue
            parity = spot.slot % 2
            self.point(box, spot.shape, self.point_texture(box, colours[parity], parity))

    def point_texture(self, box: _Box, colour: Colour, which: int) -> Array:
        u = self.u
        if self.style == "oak":
            light = _mix(colour, (255, 240, 210), 0.25)
            dark = _mix(colour, (0, 0, 0), 0.35)
            return self.tex(
                _wood,
                box.w,
                box.h,
                u * 0.8,
                dark,
                colour,
                light,
                along_x=False,
                period=0.3 if which else 0.5,
            )
        if self.style == "illuminated":
            paper = self.tex(_parchment, box.w, box.h, u, (236, 222, 186), (214, 196, 152))
            paper = paper.mean(axis=2) / 226.0
            wash = self.tex(_fbm, box.w, box.h, u * 1.5, 3)
            k = paper * (1 + 0.16 * (wash - 0.5))
            return _col(colour) * k[..., None]
        if self.style == "stone":
            return self.tex(_stone, box.w, box.h, u, colour, _mix(colour, (0, 0, 0), 0.3))
        return self.tex(_baize, box.w, box.h, u, colour)

    def point(self, field: _Box, poly: tuple[Point, ...], tex: Array) -> None:
        """One point (or wedge): its texture inside the outline, a drawn edge."""
        box = self.box(*_poly_bounds(poly))
        if box.empty():
            return
        inside = _poly_inside(box, poly)
        sub = tex[
            box.ix0 - field.ix0 : box.ix1 - field.ix0, box.iy0 - field.iy0 : box.iy1 - field.iy0
        ]
        if sub.shape[:2] != (box.w, box.h):
            return
        u = self.u
        fill = sub.copy()
        if self.style == "stone":
            # Cut into the stone: shadowed along the upper-left walls.
            fill *= (1 - 0.35 * np.exp(-np.maximum(inside, 0) / (0.06 * u)))[..., None]
        else:
            # A faint shading, like paint or inlay catching the lamp.
            fill *= (1 - 0.12 * np.exp(-np.maximum(inside, 0) / (0.05 * u)))[..., None]
        _over(self.canvas, box, fill, np.clip(inside + 0.5, 0, 1))
        edge_w = {"illuminated": 0.05, "oak": 0.022, "stone": 0.02}.get(self.style, 0.018) * u
        edge_w = max(edge_w, 1.0)
        band = np.clip(inside + 0.5, 0, 1) * np.clip(edge_w - inside + 0.5, 0, 1)
        if self.style == "illuminated":
            self.gold(box, band)
        else:
            _over(self.canvas, box, self.theme.point_edge, band * 0.55)

    def field_cell(self, poly: tuple[Point, ...], slot: int) -> None:
        """A field of the three-row board: a shallow square cut, or a painted square."""
        box = self.box(*_poly_bounds(poly))
        if box.empty():
            return
        inside = _poly_inside(box, poly)
        u = self.u
        x0, y0, x1, y1 = _poly_bounds(poly)
        region = self.canvas[box.sl]
        alpha = np.clip(inside + 0.5, 0, 1)
        if self.style == "stone":
            floor = region * 0.9 + _col(self.theme.point_a) * 0.06
            wall = 0.06 * u
            dl = box.x - x0
            dt = box.y - y0
            dr = x1 - box.x
            db = y1 - box.y
            dark = np.exp(-dl / wall) * 0.4 + np.exp(-dt / wall) * 0.5
            lit = np.exp(-dr / wall) * 0.25 + np.exp(-db / wall) * 0.3
            floor *= (1 - dark + lit)[..., None]
            _over(self.canvas, box, floor, alpha)
            edge = np.clip(inside + 0.5, 0, 1) * np.clip(1.5 - inside, 0, 1)
            _over(self.canvas, box, self.theme.point_edge, edge * 0.5)
            return
        colour = (self.theme.point_a, self.theme.point_b)[slot % 2]
        tex = self.point_texture(box, colour, slot % 2)
        tex *= (1 - 0.18 * np.exp(-np.maximum(inside, 0) / (0.05 * u)))[..., None]
        _over(self.canvas, box, tex, alpha * 0.92)
        edge = np.clip(inside + 0.5, 0, 1) * np.clip(max(1.0, 0.03 * u) - inside + 0.5, 0, 1)
        if self.style == "illuminated":
            self.gold(box, edge)
        else:
            _over(self.canvas, box, self.theme.point_edge, edge * 0.6)

    # -- the round board -----------------------------------------------------------

    def disc(self) -> None:
        """El Mundo's board: a rounded rim of the case and the field sunk inside it."""
        cx, cy, _inner, outer, rim = self.layout.ring
        u = self.u
        box = self.box(cx - rim - 4, cy - rim - 4, cx + rim + 4, cy + rim + 4)
        d = np.hypot(box.x - cx, box.y - cy)
        nx = (box.x - cx) / np.maximum(d, 1)
        ny = (box.y - cy) / np.maximum(d, 1)
        toward = nx * LIGHT[0] + ny * LIGHT[1]  # > 0 where the outward normal faces away
        if self.style == "illuminated":
            band = self.tex(_leather, box.w, box.h, u, self.theme.frame_dark)
        else:
            band = self.case_texture(box) * 0.8
        # The rim rises from the field and falls to the case: lit on the slopes facing the lamp.
        t = np.clip((d - outer) / (rim - outer), 0, 1)
        band *= (1 - 0.45 * np.cos(np.pi * t) * toward / 0.75)[..., None]
        _over(self.canvas, box, band, np.clip(rim - d + 0.5, 0, 1))
        tex = self.field_texture(box)
        wall = np.clip((outer - d) / (0.12 * u), 0, 8)
        facing = 0.5 + 0.5 * toward / 0.75  # the upper-left wall casts its shadow
        tex *= (1 - 0.5 * np.exp(-wall) * (0.4 + 0.6 * facing))[..., None]
        _over(self.canvas, box, tex, np.clip(outer - d + 0.5, 0, 1))

    def decorate(self) -> None:
        geometry = self.layout.geometry
        u = self.u
        if self.style == "illuminated":
            fx, fy, fw, fh = self.layout.frame
            self.gold_rrect(
                (fx + 0.12 * u, fy + 0.12 * u, fw - 0.24 * u, fh - 0.24 * u), 0.06 * u, 0.22 * u
            )
            for rect in [*self.playing_fields(), *self.wells()]:
                pad = 0.1 * u
                self.gold_rrect(
                    (rect[0] - pad, rect[1] - pad, rect[2] + 2 * pad, rect[3] + 2 * pad),
                    max(1.2, 0.035 * u),
                    0.1 * u,
                )
            self.gold_studs()
        elif self.style == "oak":
            for rect in self.playing_fields():
                pad = 0.09 * u
                self.stringing((rect[0] - pad, rect[1] - pad, rect[2] + 2 * pad, rect[3] + 2 * pad))
        elif self.style == "felt" and geometry == "tables":
            self.hinges()
        if geometry == "round":
            self.world()
        if geometry == "rows":
            self.rosettes()

    def gold(self, box: _Box, alpha: Array) -> None:
        """Gold leaf where ``alpha``: a warm metal with a sheen across it."""
        u = self.u
        base = _col(self.theme.accent)
        sheen = 0.82 + 0.3 * np.sin((box.x * 0.8 + box.y) / (0.9 * u) * np.pi)
        sheen = sheen + 0.12 * np.sin((box.x - box.y * 0.7) / (0.23 * u))
        colour = base * sheen[..., None]
        _over(self.canvas, box, np.clip(colour, 0, 255), alpha)

    def gold_rrect(self, rect: Rect, width: float, radius: float) -> None:
        """A gold rule round ``rect`` (painted only along the edges)."""
        x, y, w, h = rect
        outer = self.box(x - width, y - width, x + w + width, y + h + width)
        _, strips = self.partition(outer, math.ceil(width * 2 + radius) + 3)
        for box in strips:
            sd = np.abs(_rrect_sd(box, rect, radius))
            self.gold(box, np.clip(width / 2 - sd + 0.5, 0, 1))

    def gold_studs(self) -> None:
        """Small gold lozenges along the middle of the case's rails, rosettes at the corners."""
        fx, fy, fw, fh = self.layout.frame
        bt, bs = self.rails()
        u = self.u
        size = min(bt, bs) * 0.16
        spacing = 0.9 * u
        ys = (fy + bt * 0.52, fy + fh - bt * 0.52)
        xs = (fx + bs * 0.52, fx + fw - bs * 0.52)
        spots = []
        labelled = [s.label_at for k, s in self.layout.spots.items() if k[0] == "cell" and s.label]
        for y in ys:
            on_rail = sorted(p[0] for p in labelled if abs(p[1] - y) < bt)
            if on_rail:
                # Between the point numbers, one lozenge to each gap of a point's width.
                for x0, x1 in itertools.pairwise(on_rail):
                    if x1 - x0 < 1.5 * u:
                        spots.append(((x0 + x1) / 2, y))
                continue
            n = max(1, int((fw - 2 * bs) / spacing))
            spots += [(fx + bs + (fw - 2 * bs) * k / n, y) for k in range(n + 1)]
        n = max(1, int((fh - 2 * bt) / spacing))
        for k in range(1, n):
            y = fy + bt + (fh - 2 * bt) * k / n
            spots += [(xs[0], y), (xs[1], y)]
        for x, y in spots:
            poly = ((x, y - size), (x + size * 0.8, y), (x, y + size), (x - size * 0.8, y))
            box = self.box(x - size * 2, y - size * 2, x + size * 2, y + size * 2)
            inside = _poly_inside(box, poly)
            glow = np.clip(
                1 - np.hypot(box.x - x - size * 0.2, box.y - y - size * 0.3) / (size * 1.6), 0, 1
            )
            self.canvas[box.sl] *= (1 - 0.35 * glow * (inside < 0))[..., None]
            self.gold(box, np.clip(inside + 0.5, 0, 1))
        for x, y in ((xs[0], ys[0]), (xs[1], ys[0]), (xs[0], ys[1]), (xs[1], ys[1])):
            self.rosette(x, y, size * 2.2, gold=True)

    def rosette(self, x: float, y: float, radius: float, *, gold: bool) -> None:
        """A six-petalled rosette (gold leaf, or cut into stone)."""
        box = self.box(x - radius * 1.3, y - radius * 1.3, x + radius * 1.3, y + radius * 1.3)
        dx, dy = box.x - x, box.y - y
        d = np.hypot(dx, dy)
        ang = np.arctan2(dy, dx)
        petal = radius * (0.55 + 0.45 * np.abs(np.cos(3 * ang)))
        inside = np.clip(petal - d + 0.5, 0, 1)
        ring = np.clip(1.0 - np.abs(d - radius) / max(1.0, radius * 0.08), 0, 1)
        heart = np.clip(radius * 0.22 - d + 0.5, 0, 1)
        if gold:
            outline = inside * np.clip(d - petal + max(1.2, radius * 0.12) + 0.5, 0, 1)
            self.gold(box, np.maximum(np.maximum(outline, ring), heart))
            return
        # Cut: dark where the chisel went in, lit on the far wall.
        cut = np.maximum(inside * np.clip(d - petal + max(1.2, radius * 0.1) + 0.5, 0, 1), ring)
        cut = np.maximum(cut, heart)
        shift = max(1, round(radius * 0.06))
        lit = np.roll(np.roll(cut, shift, 0), shift, 1)
        self.canvas[box.sl] *= (1 + 0.25 * np.clip(lit - cut, 0, 1) - 0.45 * cut)[..., None]

    def stringing(self, rect: Rect) -> None:
        """A thin inlaid line of pale wood round the field (oak)."""
        x, y, w, h = rect
        width = max(1.2, 0.04 * self.u)
        box = self.box(x - width, y - width, x + w + width, y + h + width)
        sd = np.abs(_rrect_sd(box, rect, 0.08 * self.u))
        alpha = np.clip(width / 2 - sd + 0.5, 0, 1)
        tone = _value_noise(self.rng, box.w, box.h, self.u * 0.6, self.u * 0.6)
        colour = _col(self.theme.point_a) * (0.9 + 0.15 * tone)[..., None]
        _over(self.canvas, box, colour, alpha * 0.9)

    def hinges(self) -> None:
        """Two brass hinges across the bar, where a modern case folds."""
        _fx, fy, _fw, fh = self.layout.frame
        bars = [s for k, s in self.layout.spots.items() if k[0] == "bar"]
        if not bars:
            return
        xs = [p[0] for s in bars for p in s.shape]
        bx0, bx1 = min(xs), max(xs)
        u = self.u
        brass = _mix(self.theme.accent, (110, 80, 36), 0.4)
        for yc in (fy + fh * 0.2, fy + fh * 0.8):
            rect = (bx0 + 0.22 * u, yc - 0.45 * u, bx1 - bx0 - 0.44 * u, 0.9 * u)
            m = 0.15 * u
            box = self.box(rect[0] - m, rect[1] - m, rect[0] + rect[2] + m, rect[1] + rect[3] + m)
            sd = _rrect_sd(box, rect, 0.08 * u)
            shadow_sd = _rrect_sd(
                box, (rect[0] + 0.03 * u, rect[1] + 0.05 * u, rect[2], rect[3]), 0.08 * u
            )
            self.canvas[box.sl] *= (1 - 0.5 * (1 - _smooth(-0.04 * u, 0.1 * u, shadow_sd)))[
                ..., None
            ]
            metal = _col(brass) * np.clip(_shade_bevel(sd, 0.08 * u, 0.55), 0.35, 1.6)[..., None]
            sheen = 0.9 + 0.2 * np.sin((box.x + box.y) / (0.5 * u))
            metal *= sheen[..., None]
            knuckle = np.abs(box.x - (rect[0] + rect[2] / 2)) < 0.06 * u
            metal *= np.where(knuckle, 0.8, 1.0)[..., None]
            _over(self.canvas, box, np.clip(metal, 0, 255), np.clip(0.5 - sd, 0, 1))
            for sx in (rect[0] + rect[2] * 0.2, rect[0] + rect[2] * 0.8):
                for sy in (rect[1] + rect[3] * 0.25, rect[1] + rect[3] * 0.75):
                    screw = np.hypot(box.x - sx, box.y - sy)
                    self.canvas[box.sl] *= (1 - 0.4 * np.clip(0.07 * u - screw + 0.5, 0, 1))[
                        ..., None
                    ]

    def world(self) -> None:
        """Rules of gold round the ring and between the sections, and a T-O map inside.

        The medieval world map (a circle of ocean, Asia above a T of rivers
        and seas, Europe and Africa below) for the game of the world.
        """
        cx, cy, inner, outer, rim = self.layout.ring
        u = self.u
        box = self.box(cx - rim, cy - rim, cx + rim, cy + rim)
        d = np.hypot(box.x - cx, box.y - cy)
        line = max(1.2, 0.03 * u)
        metal = self.style == "illuminated"
        colour = self.theme.accent if metal else self.theme.point_edge

        def paint(alpha: Array) -> None:
            if metal:
                self.gold(box, alpha)
            else:
                _over(self.canvas, box, colour, alpha)

        rings = np.zeros_like(d)
        for radius, width in ((outer, line * 1.4), (rim - line, line), (inner * 0.86, line)):
            rings = np.maximum(rings, np.clip(width / 2 - np.abs(d - radius) + 0.5, 0, 1))
        paint(rings)
        for k in range(4):
            # The rules between the sections, from the inner ring to the rim.
            a = math.radians(225 + 90 * k)
            ux, uy = math.cos(a), -math.sin(a)
            p0 = (cx + ux * inner * 0.86, cy + uy * inner * 0.86)
            p1 = (cx + ux * rim, cy + uy * rim)
            ray_box = self.box(
                min(p0[0], p1[0]) - 3,
                min(p0[1], p1[1]) - 3,
                max(p0[0], p1[0]) + 3,
                max(p0[1], p1[1]) + 3,
            )
            along = (ray_box.x - cx) * ux + (ray_box.y - cy) * uy
            across = np.abs((ray_box.x - cx) * uy - (ray_box.y - cy) * ux)
            ray = np.clip(line - across + 0.5, 0, 1) * (along > inner * 0.86) * (along < rim - line)
            if metal:
                self.gold(ray_box, ray)
            else:
                _over(self.canvas, ray_box, colour, ray)
        box = self.box(cx - inner, cy - inner, cx + inner, cy + inner)
        d = np.hypot(box.x - cx, box.y - cy)
        # The map: ocean ring, the T, faint lands.
        world = inner * 0.72
        lands = np.clip(world - d + 0.5, 0, 1)
        # Asia above the T, Europe below left, Africa below right, washed in.
        upper = (box.y < cy) * 1.0
        left = (box.y >= cy) * (box.x < cx)
        right = (box.y >= cy) * (box.x >= cx)
        if metal:
            for part, tint in (
                (upper, self.theme.point_a),
                (left, self.theme.point_b),
                (right, self.theme.accent),
            ):
                _over(self.canvas, box, tint, lands * part * 0.16)
        ocean = np.clip(line * 1.2 - np.abs(d - world) + 0.5, 0, 1)
        bar = np.clip(line - np.abs(box.y - cy) + 0.5, 0, 1) * (d < world)
        stem = np.clip(line - np.abs(box.x - cx) + 0.5, 0, 1) * (box.y > cy) * (d < world)
        alpha = np.maximum(np.maximum(ocean, bar), stem)
        if metal:
            self.gold(box, alpha * 0.85)
        else:
            _over(self.canvas, box, colour, alpha * 0.7)

    def rosettes(self) -> None:
        """Rosettes cut in the gap between the two sixes of each row (as on Roman boards)."""
        cells = [s for k, s in self.layout.spots.items() if k[0] == "cell"]
        rows: dict[int, list[float]] = {}
        for spot in cells:
            x0, y0, x1, y1 = _poly_bounds(spot.shape)
            rows.setdefault(round((y0 + y1) / 2), []).append((x0 + x1) / 2)
        u = self.u
        for yc, xs in rows.items():
            xs.sort()
            gap_x = (xs[5] + xs[6]) / 2
            self.rosette(gap_x, yc, 0.3 * u, gold=self.style == "illuminated")


def _upscale(rgb: Array, w: int, h: int) -> Array:
    surface = pygame.surfarray.make_surface(np.clip(rgb, 0, 255).astype(np.uint8))
    big = pygame.transform.smoothscale(surface, (w, h))
    view = pygame.surfarray.pixels3d(big)
    out = view.astype(np.float32)
    del view
    return out


def _in_rect(p: Point, rect: Rect) -> bool:
    return rect[0] <= p[0] <= rect[0] + rect[2] and rect[1] <= p[1] <= rect[1] + rect[3]


def _corners(rect: Rect) -> tuple[float, float, float, float]:
    return rect[0], rect[1], rect[0] + rect[2], rect[1] + rect[3]


# -- sprites -------------------------------------------------------------------------


def _grid(size: int) -> tuple[Array, Array]:
    c = np.arange(size, dtype=np.float32) + 0.5
    return c[:, None], c[None, :]


def _normals(height: Array) -> tuple[Array, Array]:
    """Diffuse and specular light of a height field (pixel units)."""
    gx, gy = np.gradient(height)
    norm = np.sqrt(gx * gx + gy * gy + 1)
    nx, ny, nz = -gx / norm, -gy / norm, 1 / norm
    diffuse = np.clip(nx * LIGHT[0] + ny * LIGHT[1] + nz * LIGHT[2], 0, 1)
    spec = np.clip(nx * HALF[0] + ny * HALF[1] + nz * HALF[2], 0, 1)
    return diffuse, spec


def _to_surface(rgb: Array, alpha: Array) -> pygame.Surface:
    w, h = alpha.shape
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.surfarray.blit_array(surface, np.clip(rgb, 0, 255).astype(np.uint8))
    view = pygame.surfarray.pixels_alpha(surface)
    view[:] = np.clip(alpha * 255, 0, 255).astype(np.uint8)
    del view
    return surface


def man_sprite(colours: SideColours, radius: float, *, flecks: bool = False) -> pygame.Surface:
    """A turned man seen from above: domed top, two grooves, a rounded rim, lit top left.

    ``flecks``: specks of gold in the stone (lapis lazuli and its pyrite).
    """
    r = max(2.0, radius)
    size = math.ceil(2 * r) + 4
    x, y = _grid(size)
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
    diffuse, spec = _normals(z * r)
    body, rim_c, light = _col(colours.body), _col(colours.rim), _col(colours.light)
    edge = _smooth(0.84, 1.0, q)[..., None]
    base = body + (rim_c - body) * edge * 0.55
    shade = (0.32 + 0.78 * diffuse / LIGHT[2])[..., None]
    rgb = base * shade
    rgb += light * (spec**60 * 0.7)[..., None]
    glare = np.exp(-((dx + 0.32 * r) ** 2 + (dy + 0.38 * r) ** 2) / (0.42 * r) ** 2)
    rgb += (light - base) * (glare * 0.28 * (q < e))[..., None]
    rgb *= (1 + 0.025 * np.sin(q * r * 2.1))[..., None]  # turning marks
    if flecks:
        rng = np.random.default_rng(7)
        speck = _value_noise(rng, size, size, max(1.0, r * 0.05), max(1.0, r * 0.05))
        gold = _smooth(0.9, 0.97, speck) * (q < 0.97)
        cloud = _value_noise(rng, size, size, r * 0.4, r * 0.4)
        rgb *= (0.9 + 0.2 * cloud)[..., None]
        rgb += (np.array([230, 190, 90], dtype=np.float32) * shade - rgb) * gold[..., None] * 0.8
    alpha = np.clip(r - d + 0.5, 0, 1)
    return _to_surface(rgb, alpha)


def shadow_sprite(radius: float, spread: float = 1.0) -> pygame.Surface:
    """A soft round shadow for a man (larger and fainter when it is lifted)."""
    r = max(2.0, radius) * (1 + 0.15 * (spread - 1))
    size = math.ceil(2 * r * 1.5) + 4
    x, y = _grid(size)
    d = np.hypot(x - size / 2, y - size / 2)
    strength = 0.55 / spread
    alpha = strength * (1 - _smooth(r * (0.55 - 0.1 * spread), r * (1.08 + 0.12 * spread), d))
    return _to_surface(np.zeros((size, size, 3), dtype=np.float32), alpha)


def slab_sprite(colours: SideColours, width: float, thick: float) -> pygame.Surface:
    """A man standing on edge in a tray: its rim seen from above."""
    w = max(3, round(width))
    h = max(2, round(thick))
    x = (np.arange(w, dtype=np.float32) + 0.5)[:, None]
    y = (np.arange(h, dtype=np.float32) + 0.5)[None, :]
    uu = (x - w / 2) / (w / 2)
    vv = (y - h / 2) / (h / 2)
    z = np.sqrt(np.clip(1 - uu**2, 0, 1)) * w * 0.22
    z = z * np.sqrt(np.clip(1 - np.abs(vv) ** 6, 0, 1))
    diffuse, spec = _normals(z)
    body, rim_c, light = _col(colours.body), _col(colours.rim), _col(colours.light)
    ends = _smooth(0.75, 1.0, np.abs(uu))[..., None]
    base = body + (rim_c - body) * ends * 0.5
    rgb = base * (0.35 + 0.75 * diffuse / LIGHT[2])[..., None]
    rgb += light * (spec**40 * 0.5)[..., None]
    alpha = np.clip((1 - np.abs(uu)) * w / 2 + 0.3, 0, 1) * np.clip(
        (1 - np.abs(vv)) * h / 2 + 0.3, 0, 1
    )
    return _to_surface(rgb * np.ones((1, h, 1)), alpha * np.ones((w, 1)))


def die_sprite(
    value: int, size: float, body: Colour, pip: Colour, *, used: bool = False
) -> pygame.Surface:
    """A die face: rounded, bevelled, with pips sunk into it."""
    s = max(6.0, size)
    n = math.ceil(s) + 4
    x, y = _grid(n)
    c = n / 2
    rect = (c - s / 2, c - s / 2, s, s)

    box = _Box((n, n), 0, 0, n, n)
    sd = _rrect_sd(box, rect, 0.2 * s)
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
    diffuse, spec = _normals(z)
    b = _col(body)
    rgb = b * (0.45 + 0.62 * diffuse / LIGHT[2])[..., None]
    rgb += 255 * (spec**50 * 0.45)[..., None]
    pip_rgb = _col(pip) * (0.6 + 0.6 * diffuse / LIGHT[2])[..., None]
    rgb = rgb * (1 - inside_pip[..., None]) + pip_rgb * inside_pip[..., None]
    alpha = np.clip(0.5 - sd, 0, 1)
    if used:
        grey = rgb.mean(axis=2, keepdims=True)
        rgb = (rgb * 0.45 + grey * 0.55) * 0.52
    return _to_surface(rgb, alpha)


def die_shadow(size: float) -> pygame.Surface:
    """The soft shadow a die casts on the board."""
    s = max(6.0, size)
    n = math.ceil(s * 1.5) + 4
    c = n / 2
    box = _Box((n, n), 0, 0, n, n)
    sd = _rrect_sd(box, (c - s / 2, c - s / 2, s, s), 0.22 * s)
    alpha = 0.5 * (1 - _smooth(-s * 0.1, s * 0.18, sd))
    return _to_surface(np.zeros((n, n, 3), dtype=np.float32), alpha)


def _mask_surfaces(
    poly: tuple[Point, ...], colour: Colour, edge: float
) -> tuple[pygame.Surface, pygame.Surface, tuple[int, int]]:
    """A polygon's fill and its inner edge band, as coloured alpha surfaces."""
    x0, y0, x1, y1 = _poly_bounds(poly)
    ox, oy = math.floor(x0) - 2, math.floor(y0) - 2
    w, h = math.ceil(x1) + 2 - ox, math.ceil(y1) + 2 - oy
    box = _Box((w, h), ox, oy, ox + w, oy + h, (ox, oy))
    inside = _poly_inside(box, poly)
    fill = np.clip(inside + 0.5, 0, 1)
    band = fill * np.clip(1 - inside / edge, 0, 1) ** 1.5
    rgb = np.broadcast_to(_col(colour), (w, h, 3)).copy()
    return _to_surface(rgb, fill), _to_surface(rgb, band), (ox, oy)


# Painted backgrounds of the last few boards, so that going back to a board
# or to a window size is instant (a 4K background takes a second or two).
_BACKGROUNDS: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
_KEEP_BACKGROUNDS = 4


# -- the view --------------------------------------------------------------------------


class BoardView:
    """Draws one variant's board for one theme and window size, seen from ``viewer``."""

    def __init__(
        self, variant: Variant, theme: Theme, size: tuple[int, int], viewer: int = 0
    ) -> None:
        self.variant = variant
        self.theme = theme
        self.viewer = viewer
        self._men: dict[tuple[int, int], pygame.Surface] = {}
        self._shadows: dict[tuple[int, int], pygame.Surface] = {}
        self._slabs: dict[tuple[int, int, int], pygame.Surface] = {}
        self._dice: dict[tuple[int, int, bool], pygame.Surface] = {}
        self._die_shadows: dict[int, pygame.Surface] = {}
        self._texts: dict[tuple[str, int, str, Colour], pygame.Surface] = {}
        self.resize(size)

    def resize(self, size: tuple[int, int]) -> None:
        """Fit the board to a new window area (the background is painted again)."""
        self.size = (int(size[0]), int(size[1]))
        self.layout: BoardLayout = layout_for(self.variant, self.size, self.viewer)
        self._background: pygame.Surface | None = None
        self._masks: dict[SpotKey, tuple[pygame.Surface, pygame.Surface, tuple[int, int]]] = {}
        self._glow: pygame.Surface | None = None
        self._icon_glow: pygame.Surface | None = None

    # -- the background --------------------------------------------------------------

    def background(self) -> pygame.Surface:
        """The painted background of the whole area (cached per board, theme and size)."""
        if self._background is None:
            key = (self.variant, self.theme, self.size, self.viewer)
            surface = _BACKGROUNDS.get(key)
            if surface is None:
                surface = self._paint()
                _BACKGROUNDS[key] = surface
                while len(_BACKGROUNDS) > _KEEP_BACKGROUNDS:
                    _BACKGROUNDS.popitem(last=False)
            else:
                _BACKGROUNDS.move_to_end(key)
            self._background = surface
        return self._background

    def _paint(self) -> pygame.Surface:
        painter = _Painter(self.layout, self.theme, self.variant)
        surface = painter.paint()
        self._point_numbers(surface)
        if self.layout.geometry == "rows" and painter.style == "stone":
            self._inscription(surface)
        if self.variant.uses_hand:
            self._tray_names(surface)
        if pygame.display.get_surface() is not None:
            surface = surface.convert()
        return surface

    def draw_board(self, surface: pygame.Surface) -> None:
        """The table, the case, the field, the points and their numbers."""
        surface.blit(self.background(), (0, 0))

    def _text(self, role: str, size: float, text: str, colour: Colour) -> pygame.Surface:
        """Rendered text, cached (labels are drawn every frame)."""
        key = (role, round(size), text, colour)
        found = self._texts.get(key)
        if found is None:
            if len(self._texts) > 256:
                self._texts.clear()
            found = self._texts[key] = self._font(role, size).render(text, True, colour)
        return found

    def _font(self, role: str, size: float) -> pygame.font.Font:
        if not pygame.font.get_init():
            pygame.font.init()
        return assets.font(role, max(6, round(size)))

    def _point_numbers(self, surface: pygame.Surface) -> None:
        layout = self.layout
        u = layout.unit if layout.geometry != "round" else layout.radius * 1.66
        size = max(11.0, 0.28 * u if layout.geometry != "round" else 0.6 * layout.radius)
        font = self._font("caps", size)
        carved = self.theme.id == "stone"
        colour = self.theme.ink if carved else self.theme.accent
        if layout.geometry == "rows" and not carved:
            colour = self.theme.text
        for key, spot in layout.spots.items():
            if key[0] != "cell" or not spot.label:
                continue
            text = font.render(spot.label, True, colour)
            rect = text.get_rect(center=(round(spot.label_at[0]), round(spot.label_at[1])))
            if carved:
                lit = font.render(spot.label, True, (255, 250, 240))
                lit.set_alpha(110)
                surface.blit(lit, rect.move(1, 1))
                text.set_alpha(200)
            else:
                shade = font.render(spot.label, True, (0, 0, 0))
                shade.set_alpha(140)
                surface.blit(shade, rect.move(1, 1))
            surface.blit(text, rect)

    def _tray_names(self, surface: pygame.Surface) -> None:
        """ "hand" and "off" at the far end of each tray, where men arrive last."""
        layout = self.layout
        font = self._font("caps", max(10.0, 0.55 * layout.radius))
        for key, spot in layout.spots.items():
            if key[0] not in ("hand", "off"):
                continue
            far = (
                spot.base[0] + spot.step[0] * (spot.capacity - 1.6),
                spot.base[1] + spot.step[1] * (spot.capacity - 1.6),
            )
            ink = self.theme.ink if self.theme.id == "stone" else self.theme.text_dim
            text = font.render(key[0], True, ink)
            text.set_alpha(150)
            surface.blit(text, text.get_rect(center=(round(far[0]), round(far[1]))))

    def _inscription(self, surface: pygame.Surface) -> None:
        """LEVATE DALOCV / LVDERE NESCIS / IDIOTA RECEDE, cut faintly into the fields."""
        rows: dict[str, list[tuple[float, tuple[float, float, float, float]]]] = {}
        layout = self.layout
        for key, spot in layout.spots.items():
            if key[0] != "cell":
                continue
            xs = [p[0] for p in spot.shape]
            ys = [p[1] for p in spot.shape]
            rows.setdefault(f"{min(ys):.1f}", []).append(
                (min(xs), (min(xs), min(ys), max(xs), max(ys)))
            )
        font = self._font("caps", layout.unit * 0.9)
        ordered = sorted(rows.items(), key=lambda item: float(item[0]))
        for (_, cells), word in zip(ordered, INSCRIPTION, strict=False):
            cells.sort()
            for (_, (x0, y0, x1, y1)), letter in zip(cells, word, strict=False):
                centre = ((x0 + x1) / 2, (y0 + y1) / 2)
                dark = font.render(letter, True, self.theme.ink)
                lit = font.render(letter, True, (255, 250, 240))
                dark.set_alpha(60)
                lit.set_alpha(50)
                rect = dark.get_rect(center=(round(centre[0]), round(centre[1])))
                surface.blit(lit, rect.move(1, 1))
                surface.blit(dark, rect)

    # -- men ---------------------------------------------------------------------------

    def _man(self, side: int, radius: float) -> pygame.Surface:
        key = (side, round(radius * 4))
        if key not in self._men:
            colours = side_colours(self.theme, side)
            red, green, blue = colours.body
            lapis = self.theme.id == "stone" and blue > red + 50 and blue > green + 40
            self._men[key] = man_sprite(colours, radius, flecks=lapis)
        return self._men[key]

    def _shadow(self, radius: float, lift: float) -> pygame.Surface:
        key = (round(radius * 4), round(lift * 10))
        if key not in self._shadows:
            self._shadows[key] = shadow_sprite(radius, 1 + lift)
        return self._shadows[key]

    def draw_man(
        self,
        surface: pygame.Surface,
        side: int,
        centre: Point,
        *,
        lift: float = 0.0,
        alpha: int = 255,
        radius: float | None = None,
    ) -> None:
        """One man with its shadow; ``lift`` (0..1) raises it off the board."""
        r = radius if radius is not None else self.layout.radius
        lift = max(0.0, lift)
        shadow = self._shadow(r, lift)
        sx = centre[0] + r * (0.1 + 0.25 * lift)
        sy = centre[1] + r * (0.16 + 0.4 * lift)
        man = self._man(side, r)
        mx, my = centre[0] - r * 0.06 * lift, centre[1] - r * 0.14 * lift
        if alpha < 255:
            shadow.set_alpha(alpha)
            man.set_alpha(alpha)
        surface.blit(shadow, shadow.get_rect(center=(round(sx), round(sy))))
        surface.blit(man, man.get_rect(center=(round(mx), round(my))))
        if alpha < 255:
            shadow.set_alpha(255)
            man.set_alpha(255)

    def _slab(self, side: int, width: float, thick: float) -> pygame.Surface:
        key = (side, round(width), round(thick))
        if key not in self._slabs:
            self._slabs[key] = slab_sprite(side_colours(self.theme, side), width, thick)
        return self._slabs[key]

    def _draw_slab(self, surface: pygame.Surface, side: int, key: SpotKey, centre: Point) -> None:
        spot = self.layout.spots[key]
        thick = math.hypot(*spot.step) * 0.86
        width = self.layout.radius * 1.92
        slab = self._slab(side, width, thick)
        if abs(spot.step[0]) > abs(spot.step[1]):
            slab = pygame.transform.rotate(slab, 90)
        surface.blit(slab, slab.get_rect(center=(round(centre[0]), round(centre[1]))))

    def _glow_ring(self) -> pygame.Surface:
        if self._glow is None:
            r = self.layout.radius
            size = math.ceil(r * 3.2) + 2
            x, y = _grid(size)
            d = np.hypot(x - size / 2, y - size / 2)
            alpha = np.exp(-(((d - r * 1.08) / (r * 0.16)) ** 2)) * 0.95
            rgb = np.broadcast_to(_col(self.theme.accent), (size, size, 3)).copy()
            self._glow = _to_surface(rgb, alpha)
        return self._glow

    def draw_men(
        self,
        surface: pygame.Surface,
        position: Position,
        *,
        hidden: Mapping[SpotKey, int] | None = None,
        selected: SpotKey | None = None,
    ) -> None:
        """Every man of ``position`` at rest, less ``hidden[key]`` men per spot.

        Men in trays (borne off, or in hand) stand on edge; a stack taller
        than its spot is squeezed and shows its count; ``selected``'s top man
        is lifted in a gold glow.
        """
        hidden = hidden or {}
        variant = self.variant
        layout = self.layout
        for side in range(position.players):
            row = position.board[side]
            piles: list[tuple[SpotKey, int]] = []
            for pos, count in enumerate(row):
                if count:
                    piles.append((spot_key(variant, side, pos), count))
            if position.hand[side]:
                piles.append((spot_key(variant, side, 0, in_hand=True), position.hand[side]))
            for key, count in piles:
                if key not in layout.spots:
                    continue
                shown = count - hidden.get(key, 0)
                if shown <= 0:
                    continue
                if key[0] in ("off", "hand"):
                    for i in range(shown):
                        self._draw_slab(surface, side, key, layout.man_centre(key, i, shown))
                    continue
                lifted = key == selected
                for i in range(shown):
                    centre = layout.man_centre(key, i, shown)
                    top = i == shown - 1
                    if top and lifted:
                        glow = self._glow_ring()
                        surface.blit(
                            glow, glow.get_rect(center=(round(centre[0]), round(centre[1])))
                        )
                        self.draw_man(surface, side, centre, lift=1.0)
                    else:
                        self.draw_man(surface, side, centre)
                if shown > layout.spots[key].capacity:
                    self._count(
                        surface, side, layout.man_centre(key, shown - 1, shown), shown, lifted
                    )

    def _count(
        self, surface: pygame.Surface, side: int, centre: Point, count: int, lifted: bool
    ) -> None:
        r = self.layout.radius
        colours = side_colours(self.theme, side)
        bright = sum(colours.body) / 3 > 128
        ink = (40, 30, 24) if bright else (250, 240, 220)
        text = self._text("bold", r * 1.0, str(count), ink)
        cx = centre[0] - (r * 0.06 if lifted else 0)
        cy = centre[1] - (r * 0.14 if lifted else 0)
        surface.blit(text, text.get_rect(center=(round(cx), round(cy))))

    # -- highlights --------------------------------------------------------------------

    def draw_highlights(
        self, surface: pygame.Surface, keys: Iterable[SpotKey], t: float, *, strength: float = 1.0
    ) -> None:
        """Spots lit in the theme's highlight colour, pulsing gently with time ``t`` (seconds).

        Legal destinations at full ``strength``; a fainter one marks, say, the
        men that can move.
        """
        pulse = 0.5 + 0.5 * math.sin(t * 2 * math.pi / 1.3)
        strength = max(0.0, min(1.0, strength))
        for key in keys:
            if key not in self.layout.spots:
                continue
            masks = self._masks.get(key)
            if masks is None:
                spot = self.layout.spots[key]
                masks = _mask_surfaces(spot.shape, self.theme.highlight, self.layout.radius * 0.35)
                self._masks[key] = masks
            fill, edge, at = masks
            fill.set_alpha(round((55 + 55 * pulse) * strength))
            edge.set_alpha(round((150 + 105 * pulse) * strength))
            surface.blit(fill, at)
            surface.blit(edge, at)

    # -- dice ----------------------------------------------------------------------------

    def draw_die(
        self,
        surface: pygame.Surface,
        value: int,
        centre: Point,
        size: float,
        *,
        angle: float = 0.0,
        used: bool = False,
        faces: int = 6,
    ) -> None:
        """A die showing ``value`` (1..faces, up to 7) turned by ``angle`` degrees."""
        if not 1 <= value <= max(faces, 1) or value not in PIPS:
            raise ValueError(f"a die of {faces} faces cannot show {value!r}")
        key = (value, round(size), used)
        sprite = self._dice.get(key)
        if sprite is None:
            sprite = die_sprite(value, size, self.theme.dice_body, self.theme.dice_pip, used=used)
            self._dice[key] = sprite
        shadow = self._die_shadows.get(round(size))
        if shadow is None:
            shadow = self._die_shadows[round(size)] = die_shadow(size)
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

    # -- names and pips ---------------------------------------------------------------------

    def draw_labels(self, surface: pygame.Surface, position: Position, to_act: int) -> None:
        """Each side's name and pip count at its place; the side to act in gold, underlined."""
        layout = self.layout
        r = layout.radius
        name_size, pip_size = max(12.0, r * 0.95), max(10.0, r * 0.78)
        icon_r = name_size * 0.5
        for side, (x, y) in layout.info.items():
            if side >= position.players:
                continue
            colours = side_colours(self.theme, side)
            acting = side == to_act
            name = self._text(
                "caps", name_size, colours.name, self.theme.accent if acting else self.theme.text
            )
            shade = self._text("caps", name_size, colours.name, (0, 0, 0))
            pips = self._text(
                "text",
                pip_size,
                f"{position.pip_count(side)} pips",
                self.theme.text if acting else self.theme.text_dim,
            )
            gap = icon_r * 0.8
            left = x - (icon_r * 2 + gap + name.get_width()) / 2
            icon_c = (left + icon_r, y)
            if acting:
                ring = self._icon_ring(icon_r)
                surface.blit(ring, ring.get_rect(center=(round(icon_c[0]), round(icon_c[1]))))
            self.draw_man(surface, side, icon_c, radius=icon_r)
            name_rect = name.get_rect(midleft=(round(left + icon_r * 2 + gap), round(y)))
            shade.set_alpha(120)
            surface.blit(shade, name_rect.move(1, 1))
            surface.blit(name, name_rect)
            pip_rect = pips.get_rect(midtop=(round(x), round(y + name_size * 0.7)))
            surface.blit(pips, pip_rect)
            if acting:
                line_y = pip_rect.bottom + max(2, int(r * 0.15))
                half = name.get_width() * 0.45
                pygame.draw.line(
                    surface,
                    self.theme.accent,
                    (round(x - half), line_y),
                    (round(x + half), line_y),
                    max(1, int(r * 0.07)),
                )

    def _icon_ring(self, radius: float) -> pygame.Surface:
        if self._icon_glow is None:
            glow = self._glow_ring()
            scale = radius / self.layout.radius
            size = (max(1, int(glow.get_width() * scale)), max(1, int(glow.get_height() * scale)))
            self._icon_glow = pygame.transform.smoothscale(glow, size)
        return self._icon_glow
