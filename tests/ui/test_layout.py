"""Board geometry: every spot there, nothing overlapping, everything on screen, any size."""

from __future__ import annotations

import math

import numpy as np
import pytest

from game.rules.variants import VARIANTS, find_variant
from game.ui.render.layout import (
    BoardLayout,
    geometry_of,
    layout_for,
    path,
    point_in_polygon,
    spot_key,
)

IDS = list(VARIANTS)
SIZES = [(800, 500), (1280, 800), (3840, 2160), (1000, 1000), (2560, 1080)]


def layouts(size=(1280, 800)):
    for vid in IDS:
        variant = find_variant(vid)
        for viewer in range(variant.players):
            yield variant, viewer, layout_for(variant, size, viewer)


def inside_polygon_grid(xs, ys, polygon):
    """Even-odd rule over a grid of points, vectorised (the test's own check)."""
    inside = np.zeros(np.broadcast(xs, ys).shape, dtype=bool)
    n = len(polygon)
    for i in range(n):
        x1, y1 = polygon[i]
        x2, y2 = polygon[(i + 1) % n]
        if y1 == y2:
            continue
        crosses = (y1 > ys) != (y2 > ys)
        at = x1 + (ys - y1) * (x2 - x1) / (y2 - y1)
        inside ^= crosses & (xs < at)
    return inside


def test_geometry_follows_the_variant():
    expected = {
        "backgammon": "tables",
        "anglicorum": "tables",
        "quinze_tablas": "tables",
        "lombardorum": "half",
        "el_mundo": "round",
        "duodecim": "rows",
    }
    for vid, geometry in expected.items():
        assert geometry_of(find_variant(vid)) == geometry


@pytest.mark.parametrize("vid", IDS)
def test_every_cell_bar_tray_and_hand_has_a_spot(vid):
    variant = find_variant(vid)
    layout = layout_for(variant, (1280, 800))
    keys = set(layout.spots)
    assert {("cell", c) for c in range(variant.cells)} <= keys
    for side in range(variant.players):
        assert ("bar", side) in keys
        assert ("off", side) in keys
        assert (("hand", side) in keys) == variant.uses_hand
        for pos in range(variant.off_pos + 1):
            assert spot_key(variant, side, pos) in keys
    extra = keys - {("cell", c) for c in range(variant.cells)}
    assert all(k[0] in ("bar", "off", "hand") for k in extra)


def test_spot_key_maps_bar_hand_cells_and_off():
    backgammon = find_variant("backgammon")
    assert spot_key(backgammon, 0, 0) == ("bar", 0)
    assert spot_key(backgammon, 0, 0, in_hand=True) == ("bar", 0)  # no hand in backgammon
    assert spot_key(backgammon, 0, 24) == ("cell", 0)
    assert spot_key(backgammon, 1, 1) == ("cell", 0)
    assert spot_key(backgammon, 1, 25) == ("off", 1)
    mundo = find_variant("el_mundo")
    assert spot_key(mundo, 2, 0, in_hand=True) == ("hand", 2)
    assert spot_key(mundo, 2, 0) == ("bar", 2)
    assert spot_key(mundo, 3, 7) == ("cell", (18 + 6) % 24)


@pytest.mark.parametrize("size", [(800, 500), (1280, 800)])
def test_spots_do_not_overlap(size):
    w, h = size
    xs = (np.arange(0, w, 3) + 0.37)[:, None]
    ys = (np.arange(0, h, 3) + 0.61)[None, :]
    for variant, viewer, layout in layouts(size):
        count = np.zeros((len(xs), ys.shape[1]), dtype=np.int32)
        for spot in layout.spots.values():
            count += inside_polygon_grid(xs, ys, spot.hit_area)
        assert count.max() <= 1, (variant.id, viewer)
        # The drawn shape lies within what a click hits.
        for spot in layout.spots.values():
            shape = inside_polygon_grid(xs, ys, spot.shape)
            area = inside_polygon_grid(xs, ys, spot.hit_area)
            assert not (shape & ~area).any(), (variant.id, spot.key)


def _on_screen(point, size, slack=0.5):
    return -slack <= point[0] <= size[0] + slack and -slack <= point[1] <= size[1] + slack


def _in_rect(point, rect, slack=0.5):
    x, y, w, h = rect
    return x - slack <= point[0] <= x + w + slack and y - slack <= point[1] <= y + h + slack


@pytest.mark.parametrize("size", SIZES)
def test_everything_fits_in_the_area(size):
    for variant, viewer, layout in layouts(size):
        assert layout.size == size
        fx, fy, fw, fh = layout.frame
        assert _on_screen((fx, fy), size) and _on_screen((fx + fw, fy + fh), size)
        for spot in layout.spots.values():
            for point in (*spot.shape, *spot.hit_area, spot.base):
                assert _in_rect(point, layout.frame), (variant.id, viewer, spot.key, point)
            if spot.label:
                assert _in_rect(spot.label_at, layout.frame)
        dx, dy, dw, dh = layout.dice_area
        assert _on_screen((dx, dy), size) and _on_screen((dx + dw, dy + dh), size)
        assert layout.die_size * 2 < dw and layout.die_size < dh
        assert set(layout.info) == set(range(variant.players))
        for point in layout.info.values():
            assert _on_screen(point, size)


@pytest.mark.parametrize("size", [(800, 500), (3840, 2160)])
def test_a_click_on_a_spot_finds_it(size):
    for variant, _, layout in layouts(size):
        for key, spot in layout.spots.items():
            assert layout.spot_at(spot.base) == key, (variant.id, key)
            cx = sum(p[0] for p in spot.shape) / len(spot.shape)
            cy = sum(p[1] for p in spot.shape) / len(spot.shape)
            assert layout.spot_at((cx, cy)) == key, (variant.id, key)
        assert layout.spot_at((1.0, 1.0)) is None
        assert layout.spot_at((-50.0, -50.0)) is None


def test_fifteen_men_stay_inside_the_frame_and_their_spot():
    for variant, _, layout in layouts((800, 500)):
        r = layout.radius
        fx, fy, fw, fh = layout.frame
        for key, spot in layout.spots.items():
            for count in range(1, 16):
                for index in range(count):
                    x, y = layout.man_centre(key, index, count)
                    assert fx + r * 0.9 <= x <= fx + fw - r * 0.9, (variant.id, key, count)
                    assert fy + r * 0.9 <= y <= fy + fh - r * 0.9, (variant.id, key, count)
                    assert point_in_polygon((x, y), spot.hit_area), (variant.id, key, count)


def test_men_up_to_capacity_stand_apart_then_squeeze_into_the_same_length():
    for _, _, layout in layouts():
        for key, spot in layout.spots.items():
            step = math.hypot(*spot.step)
            if key[0] in ("cell", "bar"):
                assert step >= 2 * layout.radius * 0.99  # round men never overlap in a stack
            last = layout.man_centre(key, spot.capacity - 1, spot.capacity)
            squeezed = layout.man_centre(key, 19, 20)
            assert squeezed == pytest.approx(last)
            assert layout.man_centre(key, 0, 20) == spot.base


def test_neighbouring_points_hold_men_without_overlap():
    for variant, _, layout in layouts():
        r = layout.radius
        centres = []
        for key, spot in layout.spots.items():
            if key[0] in ("cell", "bar"):
                n = spot.capacity
                centres += [(key, layout.man_centre(key, i, n)) for i in range(n)]
        for i, (k1, p1) in enumerate(centres):
            for k2, p2 in centres[i + 1 :]:
                if k1 != k2:
                    assert math.dist(p1, p2) >= 2 * r * 0.98, (variant.id, k1, k2)


def test_path_visits_each_cell_and_ends_on_the_destination():
    for variant, _, layout in layouts():
        last = variant.track_length
        for side in range(variant.players):
            for src in range(last + 1):
                for dst in range(src + 1, min(last + 1, src + 13) + 1):
                    points = path(variant, layout, side, src, dst)
                    assert len(points) == dst - src
                    assert points[-1] == layout.spots[spot_key(variant, side, dst)].base
            # A man leaving pos 3 for pos 5 passes pos 4 first.
            points = path(variant, layout, side, 3, 5)
            assert points[0] == layout.spots[spot_key(variant, side, 4)].base


def _scaled(a: BoardLayout, b: BoardLayout, k: float) -> None:
    assert b.radius == pytest.approx(a.radius * k)
    assert b.frame == pytest.approx(tuple(v * k for v in a.frame))
    assert b.dice_area == pytest.approx(tuple(v * k for v in a.dice_area))
    for key, spot in a.spots.items():
        other = b.spots[key]
        assert other.base == pytest.approx((spot.base[0] * k, spot.base[1] * k))
        assert other.step == pytest.approx((spot.step[0] * k, spot.step[1] * k))
        assert other.capacity == spot.capacity


def test_a_layout_twice_the_size_is_the_same_layout_scaled():
    for vid in IDS:
        variant = find_variant(vid)
        _scaled(layout_for(variant, (800, 500)), layout_for(variant, (1600, 1000)), 2.0)


def test_4k_scales_the_board_up_and_keeps_its_proportions():
    for vid in IDS:
        variant = find_variant(vid)
        small = layout_for(variant, (800, 500))
        big = layout_for(variant, (3840, 2160))
        assert 3.5 < big.radius / small.radius < 5.0
        ratio_small = small.frame[2] / small.frame[3]
        assert big.frame[2] / big.frame[3] == pytest.approx(ratio_small)
        # The board uses the screen: most of the height or of the width.
        assert big.frame[3] > 0.6 * 2160 or big.frame[2] > 0.6 * 3840


def _cell_of_label(layout, label):
    return next(s for k, s in layout.spots.items() if k[0] == "cell" and s.label == label)


@pytest.mark.parametrize("viewer", [0, 1])
def test_backgammon_shows_the_viewers_one_point_bottom_right(viewer):
    layout = layout_for(find_variant("backgammon"), (1280, 800), viewer)
    _, fy, _, fh = layout.frame
    one = _cell_of_label(layout, "1")
    twelve = _cell_of_label(layout, "12")
    thirteen = _cell_of_label(layout, "13")
    twenty_four = _cell_of_label(layout, "24")
    assert one.base[1] > fy + fh / 2 and twelve.base[1] > fy + fh / 2
    assert thirteen.base[1] < fy + fh / 2 and twenty_four.base[1] < fy + fh / 2
    assert one.base[0] > twelve.base[0] and twenty_four.base[0] > thirteen.base[0]
    assert one.base[0] == pytest.approx(twenty_four.base[0])
    # The viewer's home and off tray: bottom right.
    off = layout.spots[("off", viewer)]
    assert off.base[1] > fy + fh / 2 and off.base[0] > one.base[0]
    # The viewer's men move from its 24-point anticlockwise (left along the top).
    variant = find_variant("backgammon")
    route = path(variant, layout, viewer, 0, 24)
    assert route[0][0] > route[11][0] and route[12][1] > route[11][1]


def test_el_mundo_puts_the_viewers_section_at_the_bottom():
    variant = find_variant("el_mundo")
    for viewer in range(4):
        layout = layout_for(variant, (1280, 800), viewer)
        cx, cy = layout.ring[0], layout.ring[1]
        own = [layout.spots[spot_key(variant, viewer, p)] for p in range(1, 7)]
        assert all(s.base[1] > cy for s in own)
        assert [s.label for s in own] == [str(p) for p in range(1, 7)]
        # Anticlockwise on the screen: left to right along the bottom.
        assert own[0].base[0] < own[-1].base[0]
        # The viewer's station (hand, bar, off) is in the lower left.
        for kind in ("hand", "bar", "off"):
            x, y = layout.spots[(kind, viewer)].base
            assert x < cx and y > cy


def test_duodecim_rows_go_middle_far_near_for_the_viewer():
    variant = find_variant("duodecim")
    for viewer in (0, 1):
        layout = layout_for(variant, (1280, 800), viewer)

        def place(pos: int, layout=layout, viewer=viewer) -> tuple[float, float]:
            return layout.spots[spot_key(variant, viewer, pos)].base

        assert place(13)[1] < place(1)[1] < place(25)[1]  # far row above, home row nearest
        assert place(1)[1] == place(12)[1]
        assert place(1)[0] < place(12)[0]


def test_layout_refuses_a_viewer_who_is_not_a_side():
    with pytest.raises(ValueError):
        layout_for(find_variant("backgammon"), (800, 500), viewer=2)
