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

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

from game.ui.looks import look_of
from game.ui.render.layout_kit import (
    BT,
    DIV,
    PAD,
    PANEL,
    TRAYW,
    B,
    BoardLayout,
    Point,
    Rect,
    Spot,
    SpotKey,
    Units,
    cell_slots,
    column_stack,
    fit,
    panel_info,
    point_in_polygon,
    tray,
)
from game.ui.render.layout_round import RIM, round_layout
from game.ui.render.layout_rows import rows_layout

if TYPE_CHECKING:
    from game.rules.variants.base import Variant


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


# -- tables and half --------------------------------------------------------------

BARW = 1.2
LP = 4.9  # a point's length
GAP = 1.6  # between the tips of facing points
FH = 2 * LP + GAP  # the field's height
MAN_R = 0.47  # a man's radius, in point widths
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
    slots = cell_slots(variant, viewer, "half" if half else "tables")
    far_left = not half and _far_home_left(variant, viewer, slots)
    plan = _TablesPlan.of(half, far_left, variant.uses_hand)
    units = fit(size, plan.width, plan.height, PANEL)
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
    info = panel_info(units, variant.players, viewer, top + FH * 0.78, top + FH * 0.22)
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


def _point_spot(units: Units, plan: _TablesPlan, cell: int, slot: int, label: str) -> Spot:
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
    units: Units, plan: _TablesPlan, side: int, near: bool, men: int, far_left: bool = False
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
        bar = column_stack(
            units, key, bar_x0, bar_x0 + BARW, mid - 0.45, top + PAD, (top, mid), MAN_R
        )
        off = tray(units, ("off", side), tray_x0, tray_x0 + TRAYW, bottom - LP, bottom, men, True)
    else:
        bar = column_stack(
            units, key, bar_x0, bar_x0 + BARW, mid + 0.45, bottom - PAD, (mid, bottom), MAN_R
        )
        x0 = B if far_left else tray_x0
        off = tray(units, ("off", side), x0, x0 + TRAYW, top, top + LP, men, False)
    spots = [bar, off]
    if plan.hand:
        hx0 = plan.hand_x0
        if near:
            spots.append(tray(units, ("hand", side), hx0, hx0 + TRAYW, top, top + LP, men, False))
        else:
            box = (hx0, hx0 + TRAYW, bottom - LP, bottom)
            spots.append(tray(units, ("hand", side), *box, men, True))
    return spots


def _tables_fields(units: Units, plan: _TablesPlan, far_left: bool = False) -> tuple[Rect, ...]:
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
        return rows_layout(variant, size, viewer)
    return round_layout(variant, size, viewer)


__all__ = [
    "RIM",
    "BoardLayout",
    "Point",
    "Rect",
    "Spot",
    "SpotKey",
    "geometry_of",
    "layout_for",
    "path",
    "point_in_polygon",
    "spot_key",
]
