"""Each theme's ornaments on the painted board.

Illuminated (and Byzantine): gold rules round the case and every field, gold
lozenges along the rails, rosettes at the corners. Walnut: a marquetry band of
lozenges round the fields. Kafeneio: maple stringing and a Greek key on the
side rails. Navy: a painted white line round the fields, rivets on the rails.
Oak: an inlaid stringing round the fields. Felt: brass hinges across the bar.
Stone (and Duodecim's board in any theme): rosettes cut between the two sixes of
each row. El Mundo's board gets its map (:func:`~game.ui.render.round_board.world_map`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from game.ui.render.layout import Rect
from game.ui.render.materials import value_noise
from game.ui.render.raster import (
    Array,
    Box,
    col,
    mix,
    over,
    poly_bounds,
    poly_inside,
    rrect_sd,
    shade_bevel,
    smooth,
)
from game.ui.render.round_board import world_map

if TYPE_CHECKING:
    from game.ui.render.painter import Painter


def decorate(painter: Painter) -> None:
    geometry = painter.layout.geometry
    u = painter.u
    if painter.style in ("illuminated", "byzantine"):
        fx, fy, fw, fh = painter.layout.frame
        gold_rrect(
            painter,
            (fx + 0.12 * u, fy + 0.12 * u, fw - 0.24 * u, fh - 0.24 * u),
            0.06 * u,
            0.22 * u,
        )
        for rect in [*painter.playing_fields(), *painter.wells()]:
            pad = 0.1 * u
            gold_rrect(
                painter,
                (rect[0] - pad, rect[1] - pad, rect[2] + 2 * pad, rect[3] + 2 * pad),
                max(1.2, 0.035 * u),
                0.1 * u,
            )
        gold_studs(painter)
        if painter.style == "byzantine":
            emblem(painter, cross)
    elif painter.style == "oak":
        for rect in painter.playing_fields():
            pad = 0.09 * u
            stringing(painter, (rect[0] - pad, rect[1] - pad, rect[2] + 2 * pad, rect[3] + 2 * pad))
    elif painter.style == "walnut":
        for rect in painter.playing_fields():
            marquetry(painter, rect)
        emblem(painter, star)
    elif painter.style == "kafeneio":
        for rect in painter.playing_fields():
            pad = 0.1 * u
            maple = mix(painter.theme.field, (250, 240, 220), 0.45)
            stringing(
                painter,
                (rect[0] - pad, rect[1] - pad, rect[2] + 2 * pad, rect[3] + 2 * pad),
                maple,
            )
        meanders(painter)
    elif painter.style == "navy":
        for rect in painter.playing_fields():
            pad = 0.1 * u
            stringing(
                painter,
                (rect[0] - pad, rect[1] - pad, rect[2] + 2 * pad, rect[3] + 2 * pad),
                (236, 236, 230),
            )
        rivets(painter)
        emblem(painter, anchor)
    elif painter.style == "felt" and geometry == "tables":
        hinges(painter)
    if geometry == "round":
        world_map(painter)
    if geometry == "rows":
        rosettes(painter)


def gold_rrect(painter: Painter, rect: Rect, width: float, radius: float) -> None:
    """A gold rule round ``rect`` (painted only along the edges)."""
    x, y, w, h = rect
    outer = painter.box(x - width, y - width, x + w + width, y + h + width)
    _, strips = painter.partition(outer, math.ceil(width * 2 + radius) + 3)
    for box in strips:
        sd = np.abs(rrect_sd(box, rect, radius))
        painter.gold(box, np.clip(width / 2 - sd + 0.5, 0, 1))


def rail_spots(painter: Painter) -> list[tuple[float, float]]:
    """Places along the middle of the case's rails, between the point numbers."""
    fx, fy, fw, fh = painter.layout.frame
    bt, bs = painter.rails()
    u = painter.u
    spacing = 0.9 * u
    ys = (fy + bt * 0.52, fy + fh - bt * 0.52)
    xs = (fx + bs * 0.52, fx + fw - bs * 0.52)
    spots = []
    labelled = [s.label_at for k, s in painter.layout.spots.items() if k[0] == "cell" and s.label]
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
    return spots


def gold_studs(painter: Painter) -> None:
    """Small gold lozenges along the middle of the case's rails, rosettes at the corners."""
    fx, fy, fw, fh = painter.layout.frame
    bt, bs = painter.rails()
    size = min(bt, bs) * 0.16
    ys = (fy + bt * 0.52, fy + fh - bt * 0.52)
    xs = (fx + bs * 0.52, fx + fw - bs * 0.52)
    for x, y in rail_spots(painter):
        poly = ((x, y - size), (x + size * 0.8, y), (x, y + size), (x - size * 0.8, y))
        box = painter.box(x - size * 2, y - size * 2, x + size * 2, y + size * 2)
        inside = poly_inside(box, poly)
        glow = np.clip(
            1 - np.hypot(box.x - x - size * 0.2, box.y - y - size * 0.3) / (size * 1.6), 0, 1
        )
        painter.canvas[box.sl] *= (1 - 0.35 * glow * (inside < 0))[..., None]
        painter.gold(box, np.clip(inside + 0.5, 0, 1))
    for x, y in ((xs[0], ys[0]), (xs[1], ys[0]), (xs[0], ys[1]), (xs[1], ys[1])):
        rosette(painter, x, y, size * 2.2, gold=True)


def rosette(painter: Painter, x: float, y: float, radius: float, *, gold: bool) -> None:
    """A six-petalled rosette (gold leaf, or cut into stone)."""
    box = painter.box(x - radius * 1.3, y - radius * 1.3, x + radius * 1.3, y + radius * 1.3)
    dx, dy = box.x - x, box.y - y
    d = np.hypot(dx, dy)
    ang = np.arctan2(dy, dx)
    petal = radius * (0.55 + 0.45 * np.abs(np.cos(3 * ang)))
    inside = np.clip(petal - d + 0.5, 0, 1)
    ring = np.clip(1.0 - np.abs(d - radius) / max(1.0, radius * 0.08), 0, 1)
    heart = np.clip(radius * 0.22 - d + 0.5, 0, 1)
    if gold:
        outline = inside * np.clip(d - petal + max(1.2, radius * 0.12) + 0.5, 0, 1)
        painter.gold(box, np.maximum(np.maximum(outline, ring), heart))
        return
    # Cut: dark where the chisel went in, lit on the far wall.
    cut = np.maximum(inside * np.clip(d - petal + max(1.2, radius * 0.1) + 0.5, 0, 1), ring)
    cut = np.maximum(cut, heart)
    shift = max(1, round(radius * 0.06))
    lit = np.roll(np.roll(cut, shift, 0), shift, 1)
    painter.canvas[box.sl] *= (1 + 0.25 * np.clip(lit - cut, 0, 1) - 0.45 * cut)[..., None]


def stringing(painter: Painter, rect: Rect, colour_: tuple[int, int, int] | None = None) -> None:
    """A thin inlaid line round the field: pale wood (oak: the pale points' colour)."""
    x, y, w, h = rect
    width = max(1.2, 0.04 * painter.u)
    box = painter.box(x - width, y - width, x + w + width, y + h + width)
    sd = np.abs(rrect_sd(box, rect, 0.08 * painter.u))
    alpha = np.clip(width / 2 - sd + 0.5, 0, 1)
    tone = value_noise(painter.rng, box.w, box.h, painter.u * 0.6, painter.u * 0.6)
    line = painter.theme.point_a if colour_ is None else colour_
    colour = col(line) * (0.9 + 0.15 * tone)[..., None]
    over(painter.canvas, box, colour, alpha * 0.9)


def hinges(painter: Painter) -> None:
    """Two brass hinges across the bar, where a modern case folds."""
    _fx, fy, _fw, fh = painter.layout.frame
    bars = [s for k, s in painter.layout.spots.items() if k[0] == "bar"]
    if not bars:
        return
    xs = [p[0] for s in bars for p in s.shape]
    bx0, bx1 = min(xs), max(xs)
    u = painter.u
    brass = mix(painter.theme.accent, (110, 80, 36), 0.4)
    for yc in (fy + fh * 0.2, fy + fh * 0.8):
        rect = (bx0 + 0.22 * u, yc - 0.45 * u, bx1 - bx0 - 0.44 * u, 0.9 * u)
        m = 0.15 * u
        box = painter.box(rect[0] - m, rect[1] - m, rect[0] + rect[2] + m, rect[1] + rect[3] + m)
        sd = rrect_sd(box, rect, 0.08 * u)
        shadow_sd = rrect_sd(
            box, (rect[0] + 0.03 * u, rect[1] + 0.05 * u, rect[2], rect[3]), 0.08 * u
        )
        painter.canvas[box.sl] *= (1 - 0.5 * (1 - smooth(-0.04 * u, 0.1 * u, shadow_sd)))[..., None]
        metal = col(brass) * np.clip(shade_bevel(sd, 0.08 * u, 0.55), 0.35, 1.6)[..., None]
        sheen = 0.9 + 0.2 * np.sin((box.x + box.y) / (0.5 * u))
        metal *= sheen[..., None]
        knuckle = np.abs(box.x - (rect[0] + rect[2] / 2)) < 0.06 * u
        metal *= np.where(knuckle, 0.8, 1.0)[..., None]
        over(painter.canvas, box, np.clip(metal, 0, 255), np.clip(0.5 - sd, 0, 1))
        for sx in (rect[0] + rect[2] * 0.2, rect[0] + rect[2] * 0.8):
            for sy in (rect[1] + rect[3] * 0.25, rect[1] + rect[3] * 0.75):
                screw = np.hypot(box.x - sx, box.y - sy)
                painter.canvas[box.sl] *= (1 - 0.4 * np.clip(0.07 * u - screw + 0.5, 0, 1))[
                    ..., None
                ]


def rosettes(painter: Painter) -> None:
    """Rosettes cut in the gap between the two sixes of each row (as on Roman boards)."""
    cells = [s for k, s in painter.layout.spots.items() if k[0] == "cell"]
    rows: dict[int, list[float]] = {}
    for spot in cells:
        x0, y0, x1, y1 = poly_bounds(spot.shape)
        rows.setdefault(round((y0 + y1) / 2), []).append((x0 + x1) / 2)
    u = painter.u
    for yc, xs in rows.items():
        xs.sort()
        gap_x = (xs[5] + xs[6]) / 2
        rosette(painter, gap_x, yc, 0.3 * u, gold=painter.style == "illuminated")


def marquetry(painter: Painter, rect: Rect) -> None:
    """A Caucasian inlay band round a field: pale and dark lozenges between two pale lines."""
    x, y, w, h = rect
    u = painter.u
    gap, width = 0.015 * u, 0.13 * u
    outer = (x - gap - width, y - gap - width, w + 2 * (gap + width), h + 2 * (gap + width))
    box = painter.box(outer[0] - 2, outer[1] - 2, outer[0] + outer[2] + 2, outer[1] + outer[3] + 2)
    inner_sd = rrect_sd(box, (x - gap, y - gap, w + 2 * gap, h + 2 * gap), 0.02 * u)
    outer_sd = rrect_sd(box, outer, 0.04 * u)
    band = np.clip(inner_sd + 0.5, 0, 1) * np.clip(0.5 - outer_sd, 0, 1)
    if not band.any():
        return
    th = painter.theme
    s = width
    cx, cy = box.x - outer[0], box.y - outer[1]
    # Lozenges: a checker turned by 45 degrees, its size half the band's width.
    d = (np.floor((cx + cy) / s) + np.floor((cx - cy) / s)) % 2
    pale = col(th.point_a)
    dark = col(mix(th.point_b, th.frame_dark, 0.3))
    tone = value_noise(painter.rng, box.w, box.h, u * 0.5, u * 0.5)
    colour = np.where(d[..., None] > 0, pale, dark) * (0.88 + 0.18 * tone)[..., None]
    line = max(1.0, 0.02 * u)
    edge = np.clip(line - np.minimum(np.abs(inner_sd), np.abs(outer_sd)) + 0.5, 0, 1)
    colour = colour + (col(th.frame_dark) - colour) * edge[..., None]
    over(painter.canvas, box, colour, band)


def meanders(painter: Painter) -> None:
    """A Greek key (meander) inlaid in pale wood along the middle of each side rail."""
    fx, fy, fw, fh = painter.layout.frame
    bt, bs = painter.rails()
    u = painter.u
    m = min(bs * 0.5, 0.5 * u)  # the key's width across the rail
    if m < 6:
        return
    line = max(1.0, m / 7)
    colour = mix(painter.theme.frame_light, (250, 236, 206), 0.5)
    for xc in (fx + bs * 0.5, fx + fw - bs * 0.5):
        y0, y1 = fy + bt + 0.3 * u, fy + fh - bt - 0.3 * u
        box = painter.box(xc - m / 2 - 2, y0, xc + m / 2 + 2, y1)
        if box.empty():
            continue
        # One cell of the key is m x m: a hook of lines drawn on a 4 x 4 grid of it.
        gx = (box.x - (xc - m / 2)) / m * 4
        gy = ((box.y - y0) % m) / m * 4
        cell_w = line / m * 4

        def seg(a0: float, a1: float, b: float, across: bool, gx=gx, gy=gy, cell_w=cell_w):
            p, q = (gy, gx) if across else (gx, gy)
            return (np.abs(p - b) < cell_w / 2) & (q >= a0 - cell_w / 2) & (q <= a1 + cell_w / 2)

        key = (
            seg(0, 4, 0.5, False)  # the spine along the rail's left
            | seg(0.5, 3.5, 0.5, True)  # top of the hook
            | seg(0.5, 3, 3.5, False)  # down the right
            | seg(1.5, 3.5, 3.0, True)  # back across
            | seg(1.5, 3, 1.5, False)  # up again
            | seg(1.5, 2.5, 1.5, True)  # and in
        )
        inside = (gx >= 0) & (gx <= 4)
        alpha = (key & inside).astype(np.float32) * 0.85
        painter.canvas[box.sl] *= (1 - 0.25 * np.roll(alpha, 1, 1))[..., None]
        over(painter.canvas, box, colour, alpha)


def rivets(painter: Painter) -> None:
    """Domed rivet heads along the case's rails, as on a ship's steel (navy)."""
    u = painter.u
    r = max(2.0, 0.07 * u)
    metal = col(painter.theme.frame_light)
    for x, y in rail_spots(painter):
        box = painter.box(x - r * 2, y - r * 2, x + r * 2, y + r * 2)
        if box.empty():
            continue
        d = np.hypot(box.x - x, box.y - y)
        shadow = np.clip(1 - np.hypot(box.x - x - r * 0.3, box.y - y - r * 0.4) / (r * 1.5), 0, 1)
        painter.canvas[box.sl] *= (1 - 0.45 * shadow * (d > r))[..., None]
        lit = 1.25 - 0.9 * np.hypot(box.x - x + r * 0.35, box.y - y + r * 0.35) / r
        lit = np.clip(lit, 0.45, 1.3)
        over(painter.canvas, box, metal * lit[..., None], np.clip(r - d + 0.5, 0, 1))


def emblem(painter: Painter, draw: Callable[[Painter, float, float, float], None]) -> None:
    """The era's emblem on the case between the two trays, where no man stands."""
    wells = sorted(painter.wells(), key=lambda r: r[1])
    if len(wells) != 2 or abs(wells[0][0] - wells[1][0]) > 1:
        return
    top, bottom = wells
    gap = bottom[1] - (top[1] + top[3])
    size = min(gap * 0.42, top[2] * 0.42)
    if size < 6:
        return
    draw(painter, top[0] + top[2] / 2, top[1] + top[3] + gap / 2, size)


def _local(painter: Painter, x: float, y: float, size: float) -> tuple[Box, Array, Array]:
    box = painter.box(x - size * 1.2, y - size * 1.2, x + size * 1.2, y + size * 1.2)
    return box, (box.x - x) / size, (box.y - y) / size


def _mask(inside: Array, size: float) -> Array:
    """A hard shape softened to one pixel (``inside``: a signed distance in units of size)."""
    return np.clip(inside * size + 0.5, 0, 1)


def cross(painter: Painter, x: float, y: float, size: float) -> None:
    """A gold cross pattee in a ring (Byzantium)."""
    box, px, py = _local(painter, x, y, size)
    ax, ay = np.abs(px), np.abs(py)
    arm_v = np.minimum(0.1 + 0.28 * ay - ax, 0.72 - ay)
    arm_h = np.minimum(0.1 + 0.28 * ax - ay, 0.72 - ax)
    d = np.hypot(px, py)
    ring = 0.06 - np.abs(d - 0.92)
    shape = np.maximum(np.maximum(arm_v, arm_h), ring)
    painter.canvas[box.sl] *= (1 - 0.4 * _mask(np.roll(shape, 1, 1), size))[..., None]
    painter.gold(box, _mask(shape, size))


def star(painter: Painter, x: float, y: float, size: float) -> None:
    """An eight-pointed star of mother-of-pearl inlaid in the walnut (the Caucasus)."""
    box, px, py = _local(painter, x, y, size)
    square = 0.62 - np.maximum(np.abs(px), np.abs(py))
    turned = 0.62 - np.maximum(np.abs(px + py), np.abs(px - py)) / math.sqrt(2)
    shape = np.maximum(square, turned)
    heart = 0.2 - np.hypot(px, py)
    th = painter.theme
    tone = value_noise(painter.rng, box.w, box.h, size * 0.5, size * 0.5)
    pearl = col(th.point_a) * (0.9 + 0.15 * tone)[..., None]
    over(painter.canvas, box, col(th.frame_dark), _mask(shape + 0.06, size))
    over(painter.canvas, box, pearl, _mask(shape, size))
    over(painter.canvas, box, col(th.point_b), _mask(heart, size))


def anchor(painter: Painter, x: float, y: float, size: float) -> None:
    """A fouled-anchor badge stencilled in white paint (the Navy)."""
    box, px, py = _local(painter, x, y, size)
    ax = np.abs(px)
    ring = 0.06 - np.abs(np.hypot(px, py + 0.78) - 0.14)
    shank = np.minimum(0.065 - ax, np.minimum(py + 0.64, 0.78 - py))
    stock = np.minimum(0.055 - np.abs(py + 0.46), 0.42 - ax)
    d = np.hypot(px, py + 0.05)
    arms = np.minimum(0.065 - np.abs(d - 0.78), py - 0.25)
    flukes = 0.12 - np.hypot(ax - 0.62, py - 0.5)
    shape = np.maximum.reduce([ring, shank, stock, arms, flukes])
    paint = col(mix(painter.theme.point_b, painter.theme.frame, 0.12))
    over(painter.canvas, box, paint, _mask(shape, size) * 0.9)
