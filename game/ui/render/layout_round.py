"""El Mundo's round board (the ``round`` geometry of ``game.ui.render.layout``).

Pure: no pygame. A ring of 24 wedges in four sections of six, each side with a
station (hand, bar, off tray, name) at the corner where its section begins.
"""

from __future__ import annotations

import math
from dataclasses import replace
from types import MappingProxyType
from typing import TYPE_CHECKING

from game.ui.render.layout_kit import (
    BoardLayout,
    Point,
    Rect,
    Spot,
    SpotKey,
    Units,
    cell_slots,
    fit,
    tray,
)

if TYPE_CHECKING:
    from game.rules.variants.base import Variant

RING_IN = 0.5  # the wedges' tips, in ring radii
RIM = 1.1  # the disc's edge (the point numbers between 1 and RIM)
EDGE = 0.08  # the case around everything
STATION_W = 0.64  # a side's station (hand, bar, off tray, name) beside the disc
ROUND_R = 0.071  # a man's radius, in ring radii: men on neighbouring wedges stay apart
ROUND_PANEL = 0.3


def _arc(
    units: Units, cx: float, cy: float, radius: float, a0: float, a1: float, n: int
) -> list[Point]:
    """``n + 1`` points on a circle from angle ``a0`` to ``a1`` (radians, anticlockwise)."""
    return [
        units.p(cx + radius * math.cos(a), cy - radius * math.sin(a))
        for a in (a0 + (a1 - a0) * k / n for k in range(n + 1))
    ]


class _RoundPlan:
    """El Mundo's board in ring radii: a station at each side of the disc, the disc between."""

    width = 2 * EDGE + 2 * STATION_W + 2 * RIM + 0.08
    height = 2 * RIM + 2 * EDGE
    cx, cy = width / 2, height / 2


def round_layout(variant: Variant, size: tuple[int, int], viewer: int) -> BoardLayout:
    plan = _RoundPlan
    units = fit(size, plan.width, plan.height, ROUND_PANEL)
    cx, cy = plan.cx, plan.cy
    spots: dict[SpotKey, Spot] = {}
    for cell, (slot, label) in cell_slots(variant, viewer, "round").items():
        spots[("cell", cell)] = _wedge_spot(units, variant.cells, cell, slot, label)
    for cell, (label, side) in _wall_labels(variant, viewer).items():
        spots[("cell", cell)] = replace(spots[("cell", cell)], label=label, label_side=side)
    info: dict[int, Point] = {}
    fields: list[Rect] = []
    for side in range(variant.players):
        rel = (side - viewer) % variant.players
        station, surfaces, info[side] = _round_station(units, side, rel, variant)
        for spot in station:
            spots[spot.key] = spot
        fields += surfaces
    half = 0.32
    dice_area = units.rect(cx - half, cy - 0.13, 2 * half, 0.26)
    return BoardLayout(
        "round",
        size,
        units.rect(0, 0, plan.width, plan.height),
        ROUND_R * units.u,
        MappingProxyType(spots),
        dice_area,
        MappingProxyType(info),
        units.u,
        0.15 * units.u,
        tuple(fields),
        (*units.p(cx, cy), RING_IN * units.u, units.u, RIM * units.u),
        viewer=viewer,
    )


def _wall_labels(variant: Variant, viewer: int) -> dict[int, tuple[str, int]]:
    """The cells the viewer's track never reaches (El Mundo's wall), each with the pos
    number of the side that enters there, as its notation names it (White's "bar/3"),
    and that side."""
    mine = {variant.cell(viewer, p) for p in range(1, variant.track_length + 1)}
    per = variant.cells // variant.players
    labels: dict[int, tuple[str, int]] = {}
    for side in range(variant.players):
        for p in range(1, per + 1):
            cell = variant.cell(side, p)
            if cell not in mine:
                labels.setdefault(cell, (variant.point_label(p), side))
    return labels


def _wedge_spot(units: Units, cells: int, cell: int, slot: int, label: str) -> Spot:
    """The wedge of ``cell`` at ``slot`` of the ring, anticlockwise from the bottom quarter's
    start (the viewer's section spans the bottom); men stack from the rim inwards."""
    cx, cy = _RoundPlan.cx, _RoundPlan.cy
    r = ROUND_R
    wedge = 2 * math.pi / cells
    start = math.radians(225)
    rho0 = 1 - 0.02 - r
    capacity = 3
    a0 = start + slot * wedge
    a1 = a0 + wedge
    am = (a0 + a1) / 2
    ux, uy = math.cos(am), -math.sin(am)  # outward, in screen directions
    outer = _arc(units, cx, cy, 1.0, a0, a1, 4)
    tip = units.p(cx + RING_IN * ux, cy + RING_IN * uy)
    inner = _arc(units, cx, cy, RING_IN * 0.98, a1, a0, 1)
    return Spot(
        ("cell", cell),
        units.p(cx + rho0 * ux, cy + rho0 * uy),
        units.v(-2 * r * ux, -2 * r * uy),
        capacity,
        (*outer, tip),
        label,
        units.p(cx + (1 + RIM) / 2 * ux, cy + (1 + RIM) / 2 * uy),
        (*_arc(units, cx, cy, RIM * 0.99, a0, a1, 4), *inner),
        slot,
    )


def _round_station(
    units: Units, side: int, rel: int, variant: Variant
) -> tuple[list[Spot], list[Rect], Point]:
    """``side``'s station at the corner where its section begins (``rel`` places after the
    viewer's, anticlockwise): its trays and bar, their inset surfaces, and its name's place.

    From the corner towards the middle: the hand tray (nearer the ring) and
    the off tray side by side, then the bar across, then the name.
    """
    r = ROUND_R
    width, height, cy = _RoundPlan.width, _RoundPlan.height, _RoundPlan.cy
    inner_w = STATION_W - 0.1
    tray_w = (inner_w - 0.06) / 2
    left = rel in (0, 3)
    low = rel in (0, 1)
    x0 = EDGE if left else width - EDGE - STATION_W
    x1 = x0 + STATION_W
    y_out = height - EDGE if low else EDGE  # the station's outer (corner) end
    y_in = cy + 0.03 if low else cy - 0.03
    sign = -1.0 if low else 1.0  # from the corner towards the middle
    tray_len = 0.6
    trays_end = y_out + sign * tray_len
    xs = (x1 - 0.05 - tray_w, x1 - 0.05) if left else (x0 + 0.05, x0 + 0.05 + tray_w)
    xo = (x0 + 0.05, x0 + 0.05 + tray_w) if left else (x1 - 0.05 - tray_w, x1 - 0.05)
    ty0, ty1 = sorted((y_out + sign * 0.02, trays_end))
    spots: list[Spot] = []
    fields: list[Rect] = []
    for kind, (tx0, tx1) in (("hand", xs), ("off", xo)):
        if kind == "hand" and not variant.uses_hand:
            continue
        spots.append(tray(units, (kind, side), tx0, tx1, ty0, ty1, variant.men, low))
        fields.append(units.rect(tx0, ty0, tx1 - tx0, ty1 - ty0))
    bar_near = trays_end + sign * 0.05
    bar_far = bar_near + sign * 0.22
    by0, by1 = sorted((bar_near, bar_far))
    bx0, bx1 = x0 + 0.05, x1 - 0.05
    span = bx1 - bx0
    bar_cap = max(1, int((span - 0.04 - 2 * r) / (2 * r) + 1e-9) + 1)
    direction = -1.0 if left else 1.0  # from the ring side outwards
    first_x = (bx1 - 0.02 - r) if left else (bx0 + 0.02 + r)
    spots.append(
        Spot(
            ("bar", side),
            units.p(first_x, (by0 + by1) / 2),
            units.v(direction * 2 * r, 0),
            bar_cap,
            units.box(bx0, by0, bx1, by1),
        )
    )
    fields.append(units.rect(bx0, by0, bx1 - bx0, by1 - by0))
    name_at = units.p((x0 + x1) / 2, (bar_far + y_in) / 2 - 0.045)
    return spots, fields, name_at
