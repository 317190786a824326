"""The parts every board's geometry is built of (``game.ui.render.layout``).

Pure: no pygame. The spots men stand on and the layout that holds them, fitting
board units into pixels, each cell's place in the viewer's picture, and the
trays, bars and name panels all four boards share.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.rules.variants.base import Variant

Point = tuple[float, float]
SpotKey = tuple[str, int]  # ("cell", cell) | ("bar", side) | ("hand", side) | ("off", side)
Rect = tuple[float, float, float, float]  # x, y, w, h


@dataclass(frozen=True)
class Spot:
    """One place men stand: a point, a field, a bar or a tray.

    Men stand at ``base``, ``base + step``, ... up to ``capacity`` of them;
    more are squeezed closer (``BoardLayout.man_centre``). ``shape`` is what
    the painter draws (a point's triangle, a row's field, a tray), ``area``
    what a click hits (``shape`` unless wider: a point's whole column).
    """

    key: SpotKey
    base: Point  # centre of the first man standing there
    step: Point  # offset from one man's centre to the next (the stack direction)
    capacity: int  # men shown before the stack compresses
    shape: tuple[Point, ...]  # polygon of the spot
    label: str = ""  # the viewer's pos number for cells ("" elsewhere)
    label_at: Point = (0.0, 0.0)
    area: tuple[Point, ...] = ()  # the polygon clicks hit (defaults to shape)
    slot: int = 0  # the cell's place in the viewer's picture (parity picks its colour)
    # The side whose pos number ``label`` is, where it is not the viewer's (El Mundo's
    # wall: the viewer never enters it, the side that enters there numbers it); -1: the
    # viewer's.
    label_side: int = -1

    @property
    def hit_area(self) -> tuple[Point, ...]:
        return self.area or self.shape


@dataclass(frozen=True)
class BoardLayout:
    """A board fitted into a window area of ``size``, seen from one side."""

    geometry: str  # "tables" | "half" | "round" | "rows"
    size: tuple[int, int]  # the area it was made for (the whole window area given)
    frame: Rect  # x, y, w, h of the board case
    radius: float  # a man's radius
    spots: Mapping[SpotKey, Spot]
    dice_area: Rect  # where the dice of the side on roll land
    info: Mapping[int, Point]  # per side: centre of its name line (pip count below)
    unit: float = 1.0  # a point's width (the ring's radius for "round")
    die_size: float = 0.0  # the edge of a die that fits the dice area
    fields: tuple[Rect, ...] = ()  # the playing surfaces inset in the case
    ring: tuple[float, float, float, float, float] = (0.0, 0.0, 0.0, 0.0, 0.0)
    # ``round`` only: centre x, y, inner radius of the wedges, outer radius, rim radius
    viewer: int = 0
    # The part of the area (from its top left) the board and its side panels were fitted
    # into, when not all of it (``layout_for``'s ``room``: a strip is kept free beside or
    # under it for the hint card); None: the whole area.
    room: tuple[int, int] | None = None

    @property
    def room_size(self) -> tuple[int, int]:
        """The width and height the board and its panels (names, buttons, message) use."""
        return self.room if self.room is not None else self.size

    def man_centre(self, key: SpotKey, index: int, count: int) -> Point:
        """Centre of the ``index``-th man (0 = first) of ``count`` standing on ``key``.

        Beyond the spot's capacity the men overlap closer, so that all of
        them fit where ``capacity`` men would stand.
        """
        spot = self.spots[key]
        spacing = 1.0
        if count > spot.capacity and count > 1:
            spacing = (spot.capacity - 1) / (count - 1)
        k = index * spacing
        return (spot.base[0] + spot.step[0] * k, spot.base[1] + spot.step[1] * k)

    def spot_at(self, point: Point) -> SpotKey | None:
        """The spot whose area holds ``point`` (a click), or None."""
        for key, spot in self.spots.items():
            if point_in_polygon(point, spot.hit_area):
                return key
        return None


def point_in_polygon(point: Point, polygon: tuple[Point, ...]) -> bool:
    """Even-odd rule: ``point`` strictly inside ``polygon`` (any simple polygon)."""
    x, y = point
    inside = False
    n = len(polygon)
    for i in range(n):
        x1, y1 = polygon[i]
        x2, y2 = polygon[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            cross = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < cross:
                inside = not inside
    return inside


# -- fitting ---------------------------------------------------------------------

MARGIN_Y = 0.025  # of the height, above and below everything
MARGIN_X = 0.01  # of the width, beside the panels

# The case around every board, in board units (a point's width).
B = 0.5  # side border of the case
BT = 0.55  # top and bottom border (the point numbers)
DIV = 0.35  # the strip of case between the field and the trays
TRAYW = 1.3
PAD = 0.06  # between a field's edge and the first man
PANEL = 3.0  # free beside the case for names and controls


class Units:
    """Board units -> pixels: ``u`` pixels per unit, the frame's corner at (ox, oy)."""

    def __init__(self, u: float, ox: float, oy: float) -> None:
        self.u, self.ox, self.oy = u, ox, oy

    def p(self, x: float, y: float) -> Point:
        return (self.ox + x * self.u, self.oy + y * self.u)

    def v(self, dx: float, dy: float) -> Point:
        return (dx * self.u, dy * self.u)

    def rect(self, x: float, y: float, w: float, h: float) -> Rect:
        return (self.ox + x * self.u, self.oy + y * self.u, w * self.u, h * self.u)

    def box(self, x0: float, y0: float, x1: float, y1: float) -> tuple[Point, ...]:
        return (self.p(x0, y0), self.p(x1, y0), self.p(x1, y1), self.p(x0, y1))


def fit(
    size: tuple[int, int], width: float, height: float, panel: float, below: float = 0.0
) -> Units:
    """Fit a frame of ``width`` x ``height`` units (plus ``below`` under it) into ``size``.

    ``panel`` units stay free on each side of the frame (names, pip counts,
    the scene's controls). The frame is centred.
    """
    w, h = size
    avail_h = h * (1 - 2 * MARGIN_Y)
    avail_w = w * (1 - 2 * MARGIN_X)
    u = min(avail_h / (height + below), avail_w / (width + 2 * panel))
    ox = (w - width * u) / 2
    oy = (h - (height + below) * u) / 2
    return Units(u, ox, oy)


def cell_slots(variant: Variant, viewer: int, geometry: str) -> dict[int, tuple[int, str]]:
    """Each cell's slot in the viewer's picture, and the viewer's label for it.

    The picture is drawn for side 0; the viewer's pos p goes where side 0's
    pos p would be (so its home is always bottom right). Cells the viewer
    never enters (El Mundo's wall) keep their place turned with the ring.
    """
    slots: dict[int, tuple[int, str]] = {}
    last = variant.track_length
    if geometry == "round":
        per = variant.cells // variant.players
        labels = {variant.cell(viewer, p): variant.point_label(p) for p in range(1, last + 1)}
        for cell in range(variant.cells):
            slots[cell] = ((cell - per * viewer) % variant.cells, labels.get(cell, ""))
        return slots
    for p in range(1, last + 1):
        # The tables picture is backgammon's for every game on it (the viewer's pos p at
        # slot 24 - p, home bottom right), whatever cells the variant numbers.
        slot = variant.cells - p if geometry == "tables" else variant.cell(0, p)
        slots[variant.cell(viewer, p)] = (slot, variant.point_label(p))
    for cell in range(variant.cells):
        slots.setdefault(cell, (cell, ""))
    return slots


def tray(
    units: Units,
    key: SpotKey,
    x0: float,
    x1: float,
    y0: float,
    y1: float,
    men: int,
    from_bottom: bool,
) -> Spot:
    """A tray of men standing on edge, stacked from one end."""
    pad = 0.08 * (y1 - y0) / 4.9 + 0.02
    thick = (y1 - y0 - 2 * pad) / men
    cx = (x0 + x1) / 2
    if from_bottom:
        base, step = units.p(cx, y1 - pad - thick / 2), units.v(0, -thick)
    else:
        base, step = units.p(cx, y0 + pad + thick / 2), units.v(0, thick)
    return Spot(key, base, step, men, units.box(x0, y0, x1, y1))


def column_stack(
    units: Units,
    key: SpotKey,
    x0: float,
    x1: float,
    y_start: float,
    y_end: float,
    box: tuple[float, float],
    r: float,
) -> Spot:
    """Round men in a column from ``y_start`` towards ``y_end`` (a bar)."""
    direction = 1.0 if y_end > y_start else -1.0
    length = abs(y_end - y_start)
    capacity = max(1, int((length - 2 * r) / (2 * r) + 1e-9) + 1)
    cx = (x0 + x1) / 2
    base = units.p(cx, y_start + direction * r)
    step = units.v(0, direction * 2 * r)
    return Spot(key, base, step, capacity, units.box(x0, box[0], x1, box[1]))


def panel_info(
    units: Units, players: int, viewer: int, near_y: float, far_y: float
) -> dict[int, Point]:
    """Names in the free panel left of the case: the viewer near the bottom."""
    x = units.ox / 2
    info: dict[int, Point] = {}
    for side in range(players):
        rel = (side - viewer) % players
        info[side] = (x, units.p(0, near_y if rel == 0 else far_y)[1])
    return info
