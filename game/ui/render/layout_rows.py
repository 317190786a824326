"""Duodecim Scriptorum's board (the ``rows`` geometry of ``game.ui.render.layout``).

Pure: no pygame. Three rows of twelve fields, hand trays and bars at the
left, off trays at the right, the dice on the table below.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

from game.ui.render.layout_kit import (
    BT,
    DIV,
    PAD,
    PANEL,
    TRAYW,
    B,
    BoardLayout,
    Spot,
    SpotKey,
    Units,
    cell_slots,
    column_stack,
    fit,
    panel_info,
    tray,
)

if TYPE_CHECKING:
    from game.rules.variants.base import Variant

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


def rows_layout(variant: Variant, size: tuple[int, int], viewer: int) -> BoardLayout:
    plan = _RowsPlan
    units = fit(size, plan.width, plan.height, PANEL, DICE_STRIP)
    spots: dict[SpotKey, Spot] = {}
    for cell, (slot, label) in cell_slots(variant, viewer, "rows").items():
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
    info = panel_info(units, variant.players, viewer, top + rows_h * 0.8, top + rows_h * 0.2)
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


def _field_spot(units: Units, cell: int, slot: int, label: str) -> Spot:
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


def _rows_station(units: Units, side: int, near: bool, men: int, hand: bool) -> list[Spot]:
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
    spots = [column_stack(units, key, bar_x0, bar_x0 + 1.1, start, end, half_box, ROW_R)]
    trays = (
        ("hand", plan.hand_x0, plan.hand_x0 + HANDW),
        ("off", plan.tray_x0, plan.tray_x0 + TRAYW),
    )
    for kind, x0, x1 in trays:
        if kind == "hand" and not hand:
            continue
        spots.append(tray(units, (kind, side), x0, x1, *half_box, men, near))
    return spots
