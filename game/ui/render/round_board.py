"""El Mundo's round board: the raised rim and sunk field of its disc, and a T-O map inside."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from game.ui.render.materials import leather
from game.ui.render.raster import LIGHT, Array, over

if TYPE_CHECKING:
    from game.ui.render.painter import Painter


def disc(painter: Painter) -> None:
    """El Mundo's board: a rounded rim of the case and the field sunk inside it."""
    cx, cy, _inner, outer, rim = painter.layout.ring
    u = painter.u
    box = painter.box(cx - rim - 4, cy - rim - 4, cx + rim + 4, cy + rim + 4)
    d = np.hypot(box.x - cx, box.y - cy)
    nx = (box.x - cx) / np.maximum(d, 1)
    ny = (box.y - cy) / np.maximum(d, 1)
    toward = nx * LIGHT[0] + ny * LIGHT[1]  # > 0 where the outward normal faces away
    if painter.style == "illuminated":
        band = painter.tex(leather, box.w, box.h, u, painter.theme.frame_dark)
    else:
        band = painter.case_texture(box) * 0.8
    # The rim rises from the field and falls to the case: lit on the slopes facing the lamp.
    t = np.clip((d - outer) / (rim - outer), 0, 1)
    band *= (1 - 0.45 * np.cos(np.pi * t) * toward / 0.75)[..., None]
    over(painter.canvas, box, band, np.clip(rim - d + 0.5, 0, 1))
    tex = painter.field_texture(box)
    wall = np.clip((outer - d) / (0.12 * u), 0, 8)
    facing = 0.5 + 0.5 * toward / 0.75  # the upper-left wall casts its shadow
    tex *= (1 - 0.5 * np.exp(-wall) * (0.4 + 0.6 * facing))[..., None]
    over(painter.canvas, box, tex, np.clip(outer - d + 0.5, 0, 1))


def world_map(painter: Painter) -> None:
    """Rules of gold round the ring and between the sections, and a T-O map inside.

    The medieval world map (a circle of ocean, Asia above a T of rivers
    and seas, Europe and Africa below) for the game of the world.
    """
    cx, cy, inner, outer, rim = painter.layout.ring
    u = painter.u
    box = painter.box(cx - rim, cy - rim, cx + rim, cy + rim)
    d = np.hypot(box.x - cx, box.y - cy)
    line = max(1.2, 0.03 * u)
    metal = painter.style == "illuminated"
    colour = painter.theme.accent if metal else painter.theme.point_edge

    def paint(alpha: Array) -> None:
        if metal:
            painter.gold(box, alpha)
        else:
            over(painter.canvas, box, colour, alpha)

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
        ray_box = painter.box(
            min(p0[0], p1[0]) - 3,
            min(p0[1], p1[1]) - 3,
            max(p0[0], p1[0]) + 3,
            max(p0[1], p1[1]) + 3,
        )
        along = (ray_box.x - cx) * ux + (ray_box.y - cy) * uy
        across = np.abs((ray_box.x - cx) * uy - (ray_box.y - cy) * ux)
        ray = np.clip(line - across + 0.5, 0, 1) * (along > inner * 0.86) * (along < rim - line)
        if metal:
            painter.gold(ray_box, ray)
        else:
            over(painter.canvas, ray_box, colour, ray)
    box = painter.box(cx - inner, cy - inner, cx + inner, cy + inner)
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
            (upper, painter.theme.point_a),
            (left, painter.theme.point_b),
            (right, painter.theme.accent),
        ):
            over(painter.canvas, box, tint, lands * part * 0.16)
    ocean = np.clip(line * 1.2 - np.abs(d - world) + 0.5, 0, 1)
    bar = np.clip(line - np.abs(box.y - cy) + 0.5, 0, 1) * (d < world)
    stem = np.clip(line - np.abs(box.x - cx) + 0.5, 0, 1) * (box.y > cy) * (d < world)
    alpha = np.maximum(np.maximum(ocean, bar), stem)
    if metal:
        painter.gold(box, alpha * 0.85)
    else:
        over(painter.canvas, box, colour, alpha * 0.7)
