"""Board geometry: where every point, bar, tray and die goes, in pixels.

Pure: no pygame. A ``BoardLayout`` is made for one window area and one
viewer; the painter (``board_view``), the board scene (hit-testing clicks) and
the animations (sliding men along their track) all read the same spots.

Four geometries:

- ``tables``: the 24-point board of two halves, a central bar and off trays at
  the right. The viewer's home is at the bottom right (backgammon's 1-point),
  its men travel anticlockwise from the top right; every game on it is drawn
  in backgammon's picture, whatever cells it numbers. Where both sides run the
  same way round (Long Nardy, Fevga) the opponent's home is at the top left,
  and so is its off tray; a game with men in hand (Tabula) has hand trays
  right of the off trays.
- ``half``: Lombardorum's twelve points, one half of a tables board, with a
  narrow bar at the left and off trays at the right.
- ``round``: El Mundo's ring of 24 wedges in four sections of six, each side
  with a station (hand, bar, off tray, name) at the corner where its section
  begins; the viewer's section at the bottom, its wall numbered by its enterer.
- ``rows``: Duodecim Scriptorum's three rows of twelve fields, hand trays and
  bars at the left, off trays at the right, the dice on the table below.

Sizes are in units of the board (a point's width, or the ring's radius)
fitted into the given area, so a layout at twice the size is the same layout
scaled by two.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

from game.ui.looks import look_of

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


def geometry_of(variant: Variant) -> str:
    """Which board ``variant`` is played on (its look's; otherwise by its number of cells)."""
    look = look_of(variant.id)
    if look is not None:
        return look.geometry
    if variant.players == 4 and variant.cells == 24:
        return "round"
    by_cells = {24: "tables", 12: "half", 36: "rows"}
    if variant.cells in by_cells:
        return by_cells[variant.cells]
    raise ValueError(f"no board geometry for variant {variant.id!r} ({variant.cells} cells)")


def spot_key(variant: Variant, side: int, pos: int, *, in_hand: bool = False) -> SpotKey:
    """The spot of ``side``'s ``pos``: a cell, its bar (or hand) at 0, off at L+1."""
    if pos == 0:
        if in_hand and variant.uses_hand:
            return ("hand", side)
        return ("bar", side)
    if pos == variant.off_pos:
        return ("off", side)
    return ("cell", variant.cell(side, pos))


def path(variant: Variant, layout: BoardLayout, side: int, src: int, dst: int) -> list[Point]:
    """The centres a man of ``side`` passes moving from pos ``src`` to pos ``dst``.

    One point per cell crossed after ``src`` (the base of each cell's spot),
    ending on ``dst``'s spot base (the off tray when ``dst`` is L+1). The
    start, ``src``'s own place, is not included: the man is already there.
    """
    last = variant.track_length
    points = [
        layout.spots[("cell", variant.cell(side, pos))].base
        for pos in range(max(src, 0) + 1, min(dst, last) + 1)
    ]
    if dst > last:
        points.append(layout.spots[("off", side)].base)
    return points


# -- fitting ---------------------------------------------------------------------

MARGIN_Y = 0.025  # of the height, above and below everything
MARGIN_X = 0.01  # of the width, beside the panels


class _Units:
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


def _fit(
    size: tuple[int, int], width: float, height: float, panel: float, below: float = 0.0
) -> _Units:
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
    return _Units(u, ox, oy)


def _cell_slots(variant: Variant, viewer: int, geometry: str) -> dict[int, tuple[int, str]]:
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


def _tray(
    units: _Units,
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


def _column_stack(
    units: _Units,
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


# -- tables and half --------------------------------------------------------------

B = 0.5  # side border of the case
BT = 0.55  # top and bottom border (the point numbers)
BARW = 1.2
DIV = 0.35  # the strip of case between the field and the trays
TRAYW = 1.3
LP = 4.9  # a point's length
GAP = 1.6  # between the tips of facing points
FH = 2 * LP + GAP  # the field's height
MAN_R = 0.47  # a man's radius, in point widths
PAD = 0.06  # between a field's edge and the first man
PANEL = 3.0  # free beside the case for names and controls
HAND_GAP = 0.25  # between the off trays and the hand trays


@dataclass(frozen=True)
class _TablesPlan:
    """A tables board (or Lombardorum's half of one) in board units, left to right.

    Tables: the outer field, the bar, the home field, a strip of case, the off
    trays. Half: a narrow bar, the six points' field, a strip, the off trays.
    """

    half: bool
    bar_x0: float
    field_x0: float
    width: float
    left: float = 0.0  # a column of trays left of the fields (the far side bears off there)
    hand: bool = False  # a column of hand trays right of the off trays
    height: ClassVar[float] = BT + FH + BT
    top: ClassVar[float] = BT
    bottom: ClassVar[float] = BT + FH
    mid: ClassVar[float] = BT + FH / 2

    @classmethod
    def of(cls, half: bool, left_tray: bool = False, hand: bool = False) -> _TablesPlan:
        if half:
            field_x0 = B + BARW + 0.3
            return cls(True, B, field_x0, field_x0 + 6 + DIV + TRAYW + B)
        left = TRAYW + DIV if left_tray else 0.0
        extra = HAND_GAP + TRAYW if hand else 0.0
        return cls(
            False,
            B + left + 6,
            B + left,
            B + left + 12 + BARW + DIV + TRAYW + extra + B,
            left,
            hand,
        )

    @property
    def cols(self) -> int:
        """Points in a row."""
        return 6 if self.half else 12

    @property
    def tray_x0(self) -> float:
        """The off trays' column (at the right)."""
        return self.width - B - TRAYW - (HAND_GAP + TRAYW if self.hand else 0.0)

    @property
    def hand_x0(self) -> float:
        """The hand trays' column, right of the off trays (with ``hand``)."""
        return self.width - B - TRAYW

    def col_x(self, col: int) -> float:
        """The centre of the ``col``-th point of a row, from the left."""
        if self.half:
            return self.field_x0 + col + 0.5
        return self.field_x0 + col + 0.5 + (BARW if col >= 6 else 0.0)


def _points_layout(variant: Variant, size: tuple[int, int], viewer: int, half: bool) -> BoardLayout:
    if variant.uses_hand and half:
        raise ValueError("the half board has no hand trays")
    slots = _cell_slots(variant, viewer, "half" if half else "tables")
    far_left = not half and _far_home_left(variant, viewer, slots)
    plan = _TablesPlan.of(half, far_left, variant.uses_hand)
    units = _fit(size, plan.width, plan.height, PANEL)
    spots: dict[SpotKey, Spot] = {}
    for cell, (slot, label) in slots.items():
        spots[("cell", cell)] = _point_spot(units, plan, cell, slot, label)
    for side in range(variant.players):
        near = (side - viewer) % variant.players == 0
        for spot in _tables_station(units, plan, side, near, variant.men, far_left):
            spots[spot.key] = spot
    dice_x0 = plan.field_x0 if half else plan.bar_x0 + BARW
    dice_area = units.rect(dice_x0 + 0.9, plan.mid - 0.8, 4.2, 1.6)
    top = plan.top
    info = _panel_info(units, variant.players, viewer, top + FH * 0.78, top + FH * 0.22)
    return BoardLayout(
        "half" if half else "tables",
        size,
        units.rect(0, 0, plan.width, plan.height),
        MAN_R * units.u,
        MappingProxyType(spots),
        dice_area,
        MappingProxyType(info),
        units.u,
        0.84 * units.u,
        _tables_fields(units, plan, far_left),
        viewer=viewer,
    )


def _point_spot(units: _Units, plan: _TablesPlan, cell: int, slot: int, label: str) -> Spot:
    """The point of ``cell`` at ``slot`` of the picture: the bottom row from the right, then
    the top row from the left; men stack from its base towards its tip."""
    r = MAN_R
    capacity = int((LP - PAD - 2 * r) / (2 * r) + 1e-9) + 1
    top, bottom, mid = plan.top, plan.bottom, plan.mid
    on_bottom = slot < plan.cols
    col = plan.cols - 1 - slot if on_bottom else slot - plan.cols
    cx = plan.col_x(col)
    if on_bottom:
        edge, sign, label_y, area_y = bottom, -1.0, bottom + BT / 2, (mid, bottom)
    else:
        edge, sign, label_y, area_y = top, 1.0, top / 2, (top, mid)
    tip = edge + sign * LP * 0.97
    shape = (units.p(cx - 0.5, edge), units.p(cx + 0.5, edge), units.p(cx, tip))
    return Spot(
        ("cell", cell),
        units.p(cx, edge + sign * (PAD + r)),
        units.v(0, sign * 2 * r),
        capacity,
        shape,
        label,
        units.p(cx, label_y),
        units.box(cx - 0.5, area_y[0], cx + 0.5, area_y[1]),
        slot,
    )


def _far_home_left(variant: Variant, viewer: int, slots: Mapping[int, tuple[int, str]]) -> bool:
    """Does the opponent's home lie top left in the viewer's picture (both sides running
    the same way round, their homes at opposite corners)? Then it bears off at the left."""
    if variant.players != 2:
        return False
    other = 1 - viewer
    last = variant.track_length
    homes = {slots[variant.cell(other, p)][0] for p in range(variant.bear_from, last + 1)}
    return all(12 <= slot < 18 for slot in homes)


def _tables_station(
    units: _Units, plan: _TablesPlan, side: int, near: bool, men: int, far_left: bool = False
) -> list[Spot]:
    """``side``'s bar, off tray (and hand tray, with ``plan.hand``); ``near``: the viewer's own.

    The viewer's hit men wait on the half of the bar nearest where they come
    back in (the far side), the opponent's on the near half; the viewer's
    off tray is the lower one (the opponent's at the top left when its home is
    there: ``far_left``). The hand trays stand beside the off trays, the
    viewer's at the top (nearest where its men enter), the opponent's below.
    """
    top, bottom, mid = plan.top, plan.bottom, plan.mid
    bar_x0, tray_x0 = plan.bar_x0, plan.tray_x0
    key = ("bar", side)
    if near:
        bar = _column_stack(
            units, key, bar_x0, bar_x0 + BARW, mid - 0.45, top + PAD, (top, mid), MAN_R
        )
        off = _tray(units, ("off", side), tray_x0, tray_x0 + TRAYW, bottom - LP, bottom, men, True)
    else:
        bar = _column_stack(
            units, key, bar_x0, bar_x0 + BARW, mid + 0.45, bottom - PAD, (mid, bottom), MAN_R
        )
        x0 = B if far_left else tray_x0
        off = _tray(units, ("off", side), x0, x0 + TRAYW, top, top + LP, men, False)
    spots = [bar, off]
    if plan.hand:
        hx0 = plan.hand_x0
        if near:
            spots.append(_tray(units, ("hand", side), hx0, hx0 + TRAYW, top, top + LP, men, False))
        else:
            box = (hx0, hx0 + TRAYW, bottom - LP, bottom)
            spots.append(_tray(units, ("hand", side), *box, men, True))
    return spots


def _tables_fields(units: _Units, plan: _TablesPlan, far_left: bool = False) -> tuple[Rect, ...]:
    """The surfaces inset in the case: the fields of points, the off trays (and half's bar,
    the hand trays)."""
    top, bottom, tray_x0 = plan.top, plan.bottom, plan.tray_x0
    fields: list[Rect] = [units.rect(plan.field_x0, top, 6, FH)]
    if not plan.half:
        fields.append(units.rect(plan.bar_x0 + BARW, top, 6, FH))
    fields.append(units.rect(B if far_left else tray_x0, top, TRAYW, LP))
    fields.append(units.rect(tray_x0, bottom - LP, TRAYW, LP))
    if plan.hand:
        fields.append(units.rect(plan.hand_x0, top, TRAYW, LP))
        fields.append(units.rect(plan.hand_x0, bottom - LP, TRAYW, LP))
    if plan.half:
        fields.append(units.rect(plan.bar_x0, top, BARW, FH))
    return tuple(fields)


def _panel_info(
    units: _Units, players: int, viewer: int, near_y: float, far_y: float
) -> dict[int, Point]:
    """Names in the free panel left of the case: the viewer near the bottom."""
    x = units.ox / 2
    info: dict[int, Point] = {}
    for side in range(players):
        rel = (side - viewer) % players
        info[side] = (x, units.p(0, near_y if rel == 0 else far_y)[1])
    return info


# -- rows --------------------------------------------------------------------------

ROW_H = 2.9  # a field's height
ROW_G = 0.55  # between rows
MID_G = 0.9  # between the two sixes of a row
ROW_R = 0.43
HANDW = 1.25
DICE_STRIP = 1.9


class _RowsPlan:
    """Duodecim's board in board units, left to right: the hand trays, the bars, the three
    rows of twelve fields (a gap between each row's sixes), the off trays."""

    hand_x0 = B
    bar_x0 = hand_x0 + HANDW + 0.15
    field_x0 = bar_x0 + 1.1 + DIV
    tray_x0 = field_x0 + 12 + MID_G + DIV
    width = tray_x0 + TRAYW + B
    rows_h = 3 * ROW_H + 2 * ROW_G
    height = BT + rows_h + BT
    top, bottom = BT, BT + rows_h
    mid = (top + bottom) / 2
    row_y: ClassVar[dict[str, float]] = {
        "far": top,
        "middle": top + ROW_H + ROW_G,
        "near": top + 2 * (ROW_H + ROW_G),
    }


def _rows_layout(variant: Variant, size: tuple[int, int], viewer: int) -> BoardLayout:
    plan = _RowsPlan
    units = _fit(size, plan.width, plan.height, PANEL, DICE_STRIP)
    spots: dict[SpotKey, Spot] = {}
    for cell, (slot, label) in _cell_slots(variant, viewer, "rows").items():
        spots[("cell", cell)] = _field_spot(units, cell, slot, label)
    for side in range(variant.players):
        near = (side - viewer) % variant.players == 0
        for spot in _rows_station(units, side, near, variant.men, variant.uses_hand):
            spots[spot.key] = spot
    top, bottom, mid = plan.top, plan.bottom, plan.mid
    hand_x0, bar_x0, tray_x0 = plan.hand_x0, plan.bar_x0, plan.tray_x0
    fields = (
        units.rect(plan.field_x0 - 0.2, top - 0.2, 12 + MID_G + 0.4, plan.rows_h + 0.4),
        units.rect(hand_x0, top, HANDW, mid - 0.1 - top),
        units.rect(hand_x0, mid + 0.1, HANDW, bottom - mid - 0.1),
        units.rect(tray_x0, top, TRAYW, mid - 0.1 - top),
        units.rect(tray_x0, mid + 0.1, TRAYW, bottom - mid - 0.1),
        units.rect(bar_x0, top, 1.1, mid - 0.1 - top),
        units.rect(bar_x0, mid + 0.1, 1.1, bottom - mid - 0.1),
    )
    dice_area = units.rect(plan.width / 2 - 2.4, plan.height + 0.25, 4.8, DICE_STRIP - 0.35)
    rows_h = plan.rows_h
    info = _panel_info(units, variant.players, viewer, top + rows_h * 0.8, top + rows_h * 0.2)
    return BoardLayout(
        "rows",
        size,
        units.rect(0, 0, plan.width, plan.height),
        ROW_R * units.u,
        MappingProxyType(spots),
        dice_area,
        MappingProxyType(info),
        units.u,
        0.86 * units.u,
        fields,
        viewer=viewer,
    )


def _field_spot(units: _Units, cell: int, slot: int, label: str) -> Spot:
    """The field of ``cell`` at ``slot`` of the picture.

    Slots 0-11 are the middle row left to right, 12-23 the far row right to
    left, 24-35 the near row left to right; men stand from a field's outer
    end (the middle row's from its top).
    """
    r = ROW_R
    capacity = int((ROW_H - 2 * PAD - 2 * r) / (2 * r) + 1e-9) + 1
    if slot < 12:
        row, col = "middle", slot
    elif slot < 24:
        row, col = "far", 23 - slot
    else:
        row, col = "near", slot - 24
    cx = _RowsPlan.field_x0 + col + 0.5 + (MID_G if col >= 6 else 0.0)
    y0 = _RowsPlan.row_y[row]
    y1 = y0 + ROW_H
    if row == "near":
        base, step = units.p(cx, y1 - PAD - r), units.v(0, -2 * r)
        label_at = units.p(cx, _RowsPlan.bottom + BT / 2)
        area = units.box(cx - 0.5, y0 - ROW_G / 2, cx + 0.5, y1)
    elif row == "far":
        base, step = units.p(cx, y0 + PAD + r), units.v(0, 2 * r)
        label_at = units.p(cx, _RowsPlan.top / 2)
        area = units.box(cx - 0.5, y0, cx + 0.5, y1 + ROW_G / 2)
    else:
        base, step = units.p(cx, y0 + PAD + r), units.v(0, 2 * r)
        label_at = units.p(cx, y1 + ROW_G * 0.45)
        area = units.box(cx - 0.5, y0 - ROW_G / 2, cx + 0.5, y1 + ROW_G / 2)
    shape = units.box(cx - 0.44, y0, cx + 0.44, y1)
    return Spot(("cell", cell), base, step, capacity, shape, label, label_at, area, slot)


def _rows_station(units: _Units, side: int, near: bool, men: int, hand: bool) -> list[Spot]:
    """``side``'s bar, hand tray (if the variant has one) and off tray, in the lower half of
    the board's left and right ends if ``near`` (the viewer's own), else in the upper half."""
    plan = _RowsPlan
    top, bottom, mid = plan.top, plan.bottom, plan.mid
    bar_x0 = plan.bar_x0
    half_box = (mid + 0.1, bottom) if near else (top, mid - 0.1)
    key = ("bar", side)
    if near:
        start, end = mid + 0.1 + PAD, bottom - PAD
    else:
        start, end = mid - 0.1 - PAD, top + PAD
    spots = [_column_stack(units, key, bar_x0, bar_x0 + 1.1, start, end, half_box, ROW_R)]
    trays = (
        ("hand", plan.hand_x0, plan.hand_x0 + HANDW),
        ("off", plan.tray_x0, plan.tray_x0 + TRAYW),
    )
    for kind, x0, x1 in trays:
        if kind == "hand" and not hand:
            continue
        spots.append(_tray(units, (kind, side), x0, x1, *half_box, men, near))
    return spots


# -- round -------------------------------------------------------------------------

RING_IN = 0.5  # the wedges' tips, in ring radii
RIM = 1.1  # the disc's edge (the point numbers between 1 and RIM)
EDGE = 0.08  # the case around everything
STATION_W = 0.64  # a side's station (hand, bar, off tray, name) beside the disc
ROUND_R = 0.071  # a man's radius, in ring radii: men on neighbouring wedges stay apart
ROUND_PANEL = 0.3


def _arc(
    units: _Units, cx: float, cy: float, radius: float, a0: float, a1: float, n: int
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


def _round_layout(variant: Variant, size: tuple[int, int], viewer: int) -> BoardLayout:
    plan = _RoundPlan
    units = _fit(size, plan.width, plan.height, ROUND_PANEL)
    cx, cy = plan.cx, plan.cy
    spots: dict[SpotKey, Spot] = {}
    for cell, (slot, label) in _cell_slots(variant, viewer, "round").items():
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


def _wedge_spot(units: _Units, cells: int, cell: int, slot: int, label: str) -> Spot:
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
    units: _Units, side: int, rel: int, variant: Variant
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
        spots.append(_tray(units, (kind, side), tx0, tx1, ty0, ty1, variant.men, low))
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


def layout_for(
    variant: Variant,
    size: tuple[int, int],
    viewer: int = 0,
    room: tuple[int, int] | None = None,
) -> BoardLayout:
    """The board of ``variant`` fitted into a window area of ``size``, seen from ``viewer``.

    The viewer's pos numbers label the points and its home lies nearest the
    bottom right (on the round board its own section is at the bottom). With
    ``room`` the board and its side panels are fitted into that much of the area
    from its top left, the rest left free (the whole area is still painted).

    A layout is immutable (its spots and panels are read-only views), so the same
    question asked again, as every frame asks it, gets the one already made.
    """
    return _layout_cached(
        variant,
        (int(size[0]), int(size[1])),
        viewer,
        None if room is None else (int(room[0]), int(room[1])),
    )


@lru_cache(maxsize=64)
def _layout_cached(
    variant: Variant,
    size: tuple[int, int],
    viewer: int,
    room: tuple[int, int] | None,
) -> BoardLayout:
    if room is not None and room != tuple(size):
        if not (0 < room[0] <= size[0] and 0 < room[1] <= size[1]):
            raise ValueError(f"cannot fit a board into {room} of {size}")
        fitted = layout_for(variant, room, viewer)
        return replace(fitted, size=size, room=room)
    if not 0 <= viewer < variant.players:
        raise ValueError(f"viewer {viewer} is not a side of {variant.id}")
    if size[0] <= 0 or size[1] <= 0:
        raise ValueError(f"cannot fit a board into {size}")
    geometry = geometry_of(variant)
    if geometry == "tables":
        return _points_layout(variant, size, viewer, half=False)
    if geometry == "half":
        return _points_layout(variant, size, viewer, half=True)
    if geometry == "rows":
        return _rows_layout(variant, size, viewer)
    return _round_layout(variant, size, viewer)
