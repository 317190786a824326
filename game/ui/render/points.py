"""The points of a tables board, El Mundo's wedges and Duodecim's fields, painted on the canvas.

Points alternate between the theme's two colours by their place in the
viewer's picture; each has its texture inside the outline and a drawn (or,
in the illuminated style, gilt) edge. Duodecim's fields are painted squares,
or on stone shallow squares cut into the slab.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from game.ui.render.layout import Point
from game.ui.render.materials import baize, fbm, nacre, paint, parchment, silk, stone, wood
from game.ui.render.raster import Array, Box, col, mix, over, poly_bounds, poly_inside
from game.ui.theme import Colour

if TYPE_CHECKING:
    from game.ui.render.painter import Painter


def paint_cells(painter: Painter) -> None:
    geometry = painter.layout.geometry
    cells = [(k, s) for k, s in painter.layout.spots.items() if k[0] == "cell"]
    if geometry == "rows":
        for _, spot in cells:
            field_cell(painter, spot.shape, spot.slot)
        return
    colours = (painter.theme.point_a, painter.theme.point_b)
    for _, spot in cells:
        box = painter.box(*poly_bounds(spot.shape))
        if box.empty():
            continue
        parity = spot.slot % 2
        point(painter, box, spot.shape, point_texture(painter, box, colours[parity], parity))


def point_texture(painter: Painter, box: Box, colour: Colour, which: int) -> Array:
    u = painter.u
    if painter.style == "oak":
        light = mix(colour, (255, 240, 210), 0.25)
        dark = mix(colour, (0, 0, 0), 0.35)
        return painter.tex(
            wood,
            box.w,
            box.h,
            u * 0.8,
            dark,
            colour,
            light,
            along_x=False,
            period=0.3 if which else 0.5,
        )
    if painter.style == "illuminated":
        paper = painter.tex(parchment, box.w, box.h, u, (236, 222, 186), (214, 196, 152))
        paper = paper.mean(axis=2) / 226.0
        wash = painter.tex(fbm, box.w, box.h, u * 1.5, 3)
        k = paper * (1 + 0.16 * (wash - 0.5))
        return col(colour) * k[..., None]
    if painter.style == "stone":
        return painter.tex(stone, box.w, box.h, u, colour, mix(colour, (0, 0, 0), 0.3))
    if painter.style == "byzantine":
        if which == 0:  # gold leaf, its sheen running across the board
            sheen = 0.92 + 0.14 * np.sin((box.x * 0.8 + box.y) / (1.4 * u) * np.pi)
            sheen = sheen + 0.05 * np.sin((box.x - box.y * 0.7) / (0.23 * u))
            return col(colour) * sheen[..., None]
        return painter.tex(silk, box.w, box.h, u * 0.6, colour)  # ivory silk
    if painter.style == "walnut" and which == 0:
        return painter.tex(nacre, box.w, box.h, u, colour)  # mother-of-pearl
    if painter.style in ("walnut", "kafeneio"):  # inlaid veneer, grain along the point
        light = mix(colour, (255, 230, 200), 0.22)
        dark = mix(colour, (0, 0, 0), 0.3)
        return painter.tex(
            wood, box.w, box.h, u * 0.7, dark, colour, light, along_x=False, period=0.35
        )
    if painter.style == "navy":
        return painter.tex(paint, box.w, box.h, u, colour)
    return painter.tex(baize, box.w, box.h, u, colour)


def point(painter: Painter, field: Box, poly: tuple[Point, ...], tex: Array) -> None:
    """One point (or wedge): its texture inside the outline, a drawn edge."""
    box = painter.box(*poly_bounds(poly))
    if box.empty():
        return
    inside = poly_inside(box, poly)
    sub = tex[box.ix0 - field.ix0 : box.ix1 - field.ix0, box.iy0 - field.iy0 : box.iy1 - field.iy0]
    if sub.shape[:2] != (box.w, box.h):
        return
    u = painter.u
    fill = sub.copy()
    if painter.style == "stone":
        # Cut into the stone: shadowed along the upper-left walls.
        fill *= (1 - 0.35 * np.exp(-np.maximum(inside, 0) / (0.06 * u)))[..., None]
    else:
        # A faint shading, like paint or inlay catching the lamp.
        fill *= (1 - 0.12 * np.exp(-np.maximum(inside, 0) / (0.05 * u)))[..., None]
    over(painter.canvas, box, fill, np.clip(inside + 0.5, 0, 1))
    edge_w = {
        "illuminated": 0.05,
        "byzantine": 0.035,
        "oak": 0.022,
        "walnut": 0.03,
        "kafeneio": 0.022,
        "stone": 0.02,
    }.get(painter.style, 0.018) * u
    edge_w = max(edge_w, 1.0)
    band = np.clip(inside + 0.5, 0, 1) * np.clip(edge_w - inside + 0.5, 0, 1)
    if painter.style in ("illuminated", "byzantine"):
        painter.gold(box, band)
    else:
        over(painter.canvas, box, painter.theme.point_edge, band * 0.55)


def field_cell(painter: Painter, poly: tuple[Point, ...], slot: int) -> None:
    """A field of the three-row board: a shallow square cut, or a painted square."""
    box = painter.box(*poly_bounds(poly))
    if box.empty():
        return
    inside = poly_inside(box, poly)
    u = painter.u
    x0, y0, x1, y1 = poly_bounds(poly)
    region = painter.canvas[box.sl]
    alpha = np.clip(inside + 0.5, 0, 1)
    if painter.style == "stone":
        floor = region * 0.9 + col(painter.theme.point_a) * 0.06
        wall = 0.06 * u
        dl = box.x - x0
        dt = box.y - y0
        dr = x1 - box.x
        db = y1 - box.y
        dark = np.exp(-dl / wall) * 0.4 + np.exp(-dt / wall) * 0.5
        lit = np.exp(-dr / wall) * 0.25 + np.exp(-db / wall) * 0.3
        floor *= (1 - dark + lit)[..., None]
        over(painter.canvas, box, floor, alpha)
        edge = np.clip(inside + 0.5, 0, 1) * np.clip(1.5 - inside, 0, 1)
        over(painter.canvas, box, painter.theme.point_edge, edge * 0.5)
        return
    colour = (painter.theme.point_a, painter.theme.point_b)[slot % 2]
    tex = point_texture(painter, box, colour, slot % 2)
    tex *= (1 - 0.18 * np.exp(-np.maximum(inside, 0) / (0.05 * u)))[..., None]
    over(painter.canvas, box, tex, alpha * 0.92)
    edge = np.clip(inside + 0.5, 0, 1) * np.clip(max(1.0, 0.03 * u) - inside + 0.5, 0, 1)
    if painter.style == "illuminated":
        painter.gold(box, edge)
    else:
        over(painter.canvas, box, painter.theme.point_edge, edge * 0.6)
