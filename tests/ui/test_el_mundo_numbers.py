"""El Mundo's ring numbers every point: the viewer's pos 1-18 as before, and the quarter
the viewer never enters (its wall, where the side before it enters: White for Green) in
that side's own pos numbers, as the notation names them ("White plays bar/3" reads off
the board). Every viewer, every palette, the pinned window sizes: the numbers are all
drawn, none overlaps another, the new ones stay inside the rim's band clear of the
section rules, and their ink stands out on their token."""

from __future__ import annotations

import math

import pygame
import pytest
from test_layout_pinned import SIZES as PINNED_SIZES  # tests/ui is on the path

from game.rules.notation import format_step
from game.rules.play import Step
from game.rules.variants import find_variant
from game.ui.render.layout import RIM, layout_for
from game.ui.render.lettering import font, point_numbers, token_size
from game.ui.render.rims import contrast
from game.ui.theme import side_colours, theme_for

SIZES = PINNED_SIZES
PALETTES = ("era", "classic", "contrast")
VARIANT = find_variant("el_mundo")


def cells(layout):
    return {k[1]: s for k, s in layout.spots.items() if k[0] == "cell"}


@pytest.mark.parametrize("viewer", range(4))
def test_every_point_of_the_ring_is_numbered_as_the_notation_names_it(viewer):
    layout = layout_for(VARIANT, (1280, 800), viewer)
    ring = cells(layout)
    assert sorted(ring) == list(range(VARIANT.cells))
    assert all(spot.label for spot in ring.values()), "a point of the ring has no number"
    wall_side = (viewer - 1) % VARIANT.players  # the side that enters the viewer's wall
    for p in range(1, VARIANT.track_length + 1):  # the viewer's own numbers, as before
        spot = ring[VARIANT.cell(viewer, p)]
        assert (spot.label, spot.label_side) == (str(p), -1)
    for p in range(1, 7):  # the wall: the side that enters there, in its notation
        spot = ring[VARIANT.cell(wall_side, p)]
        assert (spot.label, spot.label_side) == (str(p), wall_side)
        assert format_step(VARIANT, Step(0, p, p)) == f"bar/{spot.label}"


@pytest.mark.parametrize("palette", PALETTES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_new_numbers_are_legible_and_overlap_nothing(size, palette):
    pygame.font.init()
    theme = theme_for("el_mundo", palette)
    for viewer in range(4):
        layout = layout_for(VARIANT, size, viewer)
        surface = pygame.Surface(size)
        drawn = point_numbers(surface, layout, theme)
        assert len(drawn) == VARIANT.cells, "every point's number is drawn"
        rects = [rect for _, rect in drawn]
        for i, a in enumerate(rects):
            for b in rects[i + 1 :]:
                assert not a.colliderect(b), (viewer, a, b)
        cx, cy, _inner, outer, rim = layout.ring
        unit = outer  # the ring's radius: its rules run from the field to the rim
        for key, rect in drawn:
            spot = layout.spots[key]
            if spot.label_side < 0:
                continue
            # Inside the band between the field's edge and the rim.
            r = rect.w / 2
            d = math.hypot(rect.centerx - cx, rect.centery - cy)
            assert outer <= d - r + 1 and d + r <= rim + 1, (viewer, spot.label, d, r)
            assert rim == pytest.approx(RIM * unit)
            # Clear of the four rules between the sections.
            for k in range(4):
                a = math.radians(225 + 90 * k)
                ux, uy = math.cos(a), -math.sin(a)
                across = abs((rect.centerx - cx) * uy - (rect.centery - cy) * ux)
                assert across > r, (viewer, spot.label, k)
            # As large as the other numbers, its ink inside the token and standing out.
            assert rect.h >= 14
            number = max(14.0, 0.6 * layout.radius)  # the viewer's numbers' size
            caps = font("caps", token_size(number, rim - outer))
            assert caps.get_height() >= font("caps", number).get_height()
            glyph = caps.render(spot.label, True, (255, 255, 255)).get_bounding_rect()
            assert glyph.w < rect.w - 2 and glyph.h < rect.h - 2
            body = side_colours(theme, spot.label_side).body
            ink = max(((18, 14, 10), (250, 246, 236)), key=lambda c: contrast(c, body))
            assert contrast(ink, body) >= 4.5


def test_the_token_is_painted_in_the_entering_sides_colour():
    pygame.font.init()
    theme = theme_for("el_mundo")
    layout = layout_for(VARIANT, (1280, 800), 0)
    surface = pygame.Surface((1280, 800))
    drawn = dict(point_numbers(surface, layout, theme))
    white = side_colours(theme, 3)
    for p in range(1, 7):
        rect = drawn[("cell", VARIANT.cell(3, p))]
        # A pixel of the token's face, beside its number, is White's colour.
        face = [surface.get_at((rect.x + dx, rect.centery))[:3] for dx in range(2, rect.w // 3)]
        assert white.body in face, p
