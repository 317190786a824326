"""Pixels with numpy: boxes of a float canvas, distances to shapes, light, and surfaces.

The painter's and the sprites' common ground. A canvas is an array of
(width, height, 3) floats indexed [x, y], like ``pygame.surfarray``; shapes
are drawn by their signed distance, so their edges are anti-aliased at any
size. The light comes from the top left (``LIGHT``), ``HALF`` is the half
vector for highlights.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np
import pygame

from game.ui.render.layout import Point, Rect
from game.ui.theme import Colour

Array = np.ndarray

LIGHT = np.array([-0.45, -0.6, 0.66], dtype=np.float32)
LIGHT /= np.linalg.norm(LIGHT)
HALF = LIGHT + np.array([0.0, 0.0, 1.0], dtype=np.float32)
HALF /= np.linalg.norm(HALF)


def col(c: Colour) -> Array:
    return np.array(c, dtype=np.float32)


def mix(a: Colour, b: Colour, t: float) -> Colour:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def smooth(e0: float, e1: float, x: Array) -> Array:
    t = np.clip((x - e0) / (e1 - e0), 0.0, 1.0)
    return t * t * (3 - 2 * t)


class Box:
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


def rrect_sd(box: Box, rect: Rect, radius: float) -> Array:
    """Signed distance to a rounded rectangle (negative inside)."""
    x, y, w, h = rect
    radius = min(radius, w / 2, h / 2)
    qx = np.abs(box.x - (x + w / 2)) - (w / 2 - radius)
    qy = np.abs(box.y - (y + h / 2)) - (h / 2 - radius)
    outside = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0))
    inside = np.minimum(np.maximum(qx, qy), 0)
    return outside + inside - radius


def poly_inside(box: Box, poly: tuple[Point, ...]) -> Array:
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


def poly_bounds(poly: Iterable[Point]) -> tuple[float, float, float, float]:
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


def over(canvas: Array, box: Box, colour: Array | Colour, alpha: Array) -> None:
    """Paint ``colour`` (an RGB or an array of the box) over the canvas, by ``alpha`` (0..1)."""
    if box.empty():
        return
    region = canvas[box.sl]
    c = colour if isinstance(colour, np.ndarray) else col(colour)
    diff = c - region
    diff *= np.clip(alpha, 0.0, 1.0)[..., None]
    region += diff


def shade_bevel(sd: Array, width: float, strength: float = 1.0) -> Array:
    """Light on a bevelled edge: sd is the signed distance (negative inside)."""
    height = np.clip(-sd / width, 0.0, 1.0)
    height = np.sin(height * np.pi / 2)
    gx, gy = np.gradient(height * width * 0.9)
    nz = 1.0
    norm = np.sqrt(gx * gx + gy * gy + nz * nz)
    lit = (-gx * LIGHT[0] - gy * LIGHT[1] + nz * LIGHT[2]) / norm
    return 1 + strength * (lit / LIGHT[2] - 1)


def upscale(rgb: Array, w: int, h: int) -> Array:
    surface = pygame.surfarray.make_surface(np.clip(rgb, 0, 255).astype(np.uint8))
    big = pygame.transform.smoothscale(surface, (w, h))
    view = pygame.surfarray.pixels3d(big)
    out = view.astype(np.float32)
    del view
    return out


def in_rect(p: Point, rect: Rect) -> bool:
    return rect[0] <= p[0] <= rect[0] + rect[2] and rect[1] <= p[1] <= rect[1] + rect[3]


def grid(size: int) -> tuple[Array, Array]:
    c = np.arange(size, dtype=np.float32) + 0.5
    return c[:, None], c[None, :]


def normals(height: Array) -> tuple[Array, Array]:
    """Diffuse and specular light of a height field (pixel units)."""
    gx, gy = np.gradient(height)
    norm = np.sqrt(gx * gx + gy * gy + 1)
    nx, ny, nz = -gx / norm, -gy / norm, 1 / norm
    diffuse = np.clip(nx * LIGHT[0] + ny * LIGHT[1] + nz * LIGHT[2], 0, 1)
    spec = np.clip(nx * HALF[0] + ny * HALF[1] + nz * HALF[2], 0, 1)
    return diffuse, spec


def to_surface(rgb: Array, alpha: Array) -> pygame.Surface:
    w, h = alpha.shape
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.surfarray.blit_array(surface, np.clip(rgb, 0, 255).astype(np.uint8))
    view = pygame.surfarray.pixels_alpha(surface)
    view[:] = np.clip(alpha * 255, 0, 255).astype(np.uint8)
    del view
    return surface


def mask_surfaces(
    poly: tuple[Point, ...], colour: Colour, edge: float
) -> tuple[pygame.Surface, pygame.Surface, tuple[int, int]]:
    """A polygon's fill and its inner edge band, as coloured alpha surfaces (and their corner)."""
    x0, y0, x1, y1 = poly_bounds(poly)
    ox, oy = math.floor(x0) - 2, math.floor(y0) - 2
    w, h = math.ceil(x1) + 2 - ox, math.ceil(y1) + 2 - oy
    box = Box((w, h), ox, oy, ox + w, oy + h, (ox, oy))
    inside = poly_inside(box, poly)
    fill = np.clip(inside + 0.5, 0, 1)
    band = fill * np.clip(1 - inside / edge, 0, 1) ** 1.5
    rgb = np.broadcast_to(col(colour), (w, h, 3)).copy()
    return to_surface(rgb, fill), to_surface(rgb, band), (ox, oy)
