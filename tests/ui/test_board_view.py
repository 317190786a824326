"""The board painter: rendered frames checked pixel by pixel (headless)."""

from __future__ import annotations

import pygame
import pytest

from game.rules.position import Position
from game.rules.variants import VARIANTS, find_variant
from game.ui.render.board_view import BoardView
from game.ui.render.layout import spot_key
from game.ui.theme import side_colours, theme_for

SIZE = (800, 500)


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def view_of(vid: str, viewer: int = 0) -> BoardView:
    return BoardView(find_variant(vid), theme_for(vid), SIZE, viewer)


def board(view: BoardView) -> pygame.Surface:
    surface = pygame.Surface(SIZE)
    view.draw_board(surface)
    return surface


def patch(surface: pygame.Surface, centre, radius: float) -> tuple[float, float, float]:
    """The mean colour of a small square around ``centre``."""
    x, y = round(centre[0]), round(centre[1])
    k = max(1, int(radius * 0.3))
    total = [0, 0, 0]
    n = 0
    for dx in range(-k, k + 1):
        for dy in range(-k, k + 1):
            c = surface.get_at((x + dx, y + dy))
            total = [t + v for t, v in zip(total, c[:3], strict=True)]
            n += 1
    return tuple(t / n for t in total)


def spread_position(vid: str) -> Position:
    """Every side with men on a few cells of its own, in hand, on the bar and off."""
    variant = find_variant(vid)
    start = variant.start_position()
    last = variant.track_length
    rows = [[0] * (last + 2) for _ in range(variant.players)]
    hand = [0] * variant.players
    used: set[int] = set()
    for side in range(variant.players):
        placed = 0
        for pos in range(1, last + 1):
            cell = variant.cell(side, pos)
            if cell in used or placed == 3:
                continue
            # Leave gaps so that every pile can be seen on its own.
            if pos % 3 != side % 3:
                continue
            used.add(cell)
            rows[side][pos] = 2
            placed += 1
        rows[side][0] = 1
        rows[side][last + 1] = 2
        rest = variant.men - sum(rows[side])
        if variant.uses_hand:
            hand[side] = rest
        else:
            rows[side][last + 1] += rest
    return Position(tuple(map(tuple, rows)), 0, tuple(hand), start.flags)


@pytest.mark.parametrize("vid", list(VARIANTS))
def test_the_board_is_painted_with_a_case_a_field_and_numbers(vid):
    view = view_of(vid)
    surface = board(view)
    fx, fy, fw, fh = view.layout.frame
    colours = {
        surface.get_at((int(fx + fw * i / 17), int(fy + fh * j / 13)))[:3]
        for i in range(1, 17)
        for j in range(1, 13)
    }
    assert len(colours) > 40  # textured, not flat
    # Table outside the case, case inside: they differ.
    assert surface.get_at((2, 2)) != surface.get_at((int(fx + 3), int(fy + fh / 2)))


@pytest.mark.parametrize("vid", list(VARIANTS))
def test_a_highlighted_destination_changes_its_pixels(vid):
    view = view_of(vid)
    plain = board(view)
    variant = view.variant
    key = spot_key(variant, 0, variant.track_length - 2)
    lit = plain.copy()
    view.draw_highlights(lit, [key], t=0.3)
    spot = view.layout.spots[key]
    xs = [p[0] for p in spot.shape]
    ys = [p[1] for p in spot.shape]
    # Near the base of the spot (a point's wide end) and at its edge band.
    centre = (
        (spot.base[0] * 2 + sum(xs) / len(xs)) / 3,
        (spot.base[1] * 2 + sum(ys) / len(ys)) / 3,
    )
    before = patch(plain, centre, view.layout.radius)
    after = patch(lit, centre, view.layout.radius)
    assert sum(abs(a - b) for a, b in zip(before, after, strict=True)) > 20
    # Towards the highlight colour.
    hl = view.theme.highlight
    dist = lambda c: sum((a - b) ** 2 for a, b in zip(c, hl, strict=True))  # noqa: E731
    assert dist(after) < dist(before)
    # Nothing changes far away.
    assert plain.get_at((3, 3)) == lit.get_at((3, 3))


def _nearest_side(colour, theme, players):
    def dist(side):
        body = side_colours(theme, side).body
        return sum((a - b) ** 2 for a, b in zip(colour, body, strict=True))

    return min(range(players), key=dist)


@pytest.mark.parametrize("vid", list(VARIANTS))
def test_men_of_each_side_show_in_their_colour_at_their_spots(vid):
    view = view_of(vid)
    variant = view.variant
    position = spread_position(vid)
    surface = board(view)
    view.draw_men(surface, position)
    layout = view.layout
    r = layout.radius
    checked = 0
    for side in range(variant.players):
        for pos in range(variant.track_length + 1):
            count = position.board[side][pos]
            if not count:
                continue
            key = spot_key(variant, side, pos)
            x, y = layout.man_centre(key, count - 1, count)
            # Off the lathe's centre mark, on the lit face of the top man.
            colour = patch(surface, (x - r * 0.3, y - r * 0.3), r * 0.5)
            assert _nearest_side(colour, view.theme, variant.players) == side, (key, colour)
            checked += 1
    assert checked >= 2 * variant.players


@pytest.mark.parametrize("vid", ["backgammon", "el_mundo", "duodecim"])
def test_men_in_trays_stand_on_edge_in_their_colour(vid):
    view = view_of(vid)
    variant = view.variant
    position = spread_position(vid)
    surface = board(view)
    before = surface.copy()
    view.draw_men(surface, position)
    layout = view.layout
    kinds = ("off", "hand") if variant.uses_hand else ("off",)
    for side in range(variant.players):
        for kind in kinds:
            key = (kind, side)
            count = position.off(side) if kind == "off" else position.hand[side]
            centre = layout.man_centre(key, 0, count)
            assert surface.get_at((round(centre[0]), round(centre[1]))) != before.get_at(
                (round(centre[0]), round(centre[1]))
            )
            colour = patch(surface, centre, 2)
            assert _nearest_side(colour, view.theme, variant.players) == side


def test_hidden_men_are_left_for_the_animation_to_draw():
    view = view_of("backgammon")
    variant = view.variant
    position = variant.start_position()
    plain = board(view)
    key = spot_key(variant, 0, 1)  # two men on the 24-point
    top = view.layout.man_centre(key, 1, 2)
    surface = plain.copy()
    view.draw_men(surface, position, hidden={key: 1})
    assert patch(surface, top, 3) == patch(plain, top, 3)
    bottom = view.layout.man_centre(key, 0, 1)
    assert patch(surface, bottom, 3) != patch(plain, bottom, 3)
    full = plain.copy()
    view.draw_men(full, position)
    assert patch(full, top, 3) != patch(plain, top, 3)


def test_a_squeezed_stack_shows_its_count_and_a_selected_man_glows():
    view = view_of("lombardorum")
    position = view.variant.start_position()  # fifteen men on one point each
    plain = board(view)
    drawn = plain.copy()
    view.draw_men(drawn, position)
    key = spot_key(view.variant, 0, 1)
    layout = view.layout
    top = layout.man_centre(key, 14, 15)
    with_count = patch(drawn, top, layout.radius)
    chosen = plain.copy()
    view.draw_men(chosen, position, selected=key)
    r = layout.radius
    ring = (top[0] + r * 1.08, top[1])
    assert patch(chosen, ring, 2) != patch(drawn, ring, 2)
    # The count is written on the top man: dark ink on ivory darkens it.
    view.draw_man(plain, 0, top)
    assert sum(with_count) < sum(patch(plain, top, layout.radius))


def test_dice_show_their_pips_and_used_dice_are_dimmed():
    view = view_of("el_mundo")
    faces = {}
    for value in range(1, 8):
        surface = pygame.Surface((120, 120))
        surface.fill((30, 90, 50))
        view.draw_die(surface, value, (60, 60), 60, faces=7)
        faces[value] = pygame.image.tobytes(surface, "RGB")
    assert len(set(faces.values())) == 7
    bright = pygame.Surface((120, 120))
    dim = pygame.Surface((120, 120))
    for s, used in ((bright, False), (dim, True)):
        s.fill((30, 90, 50))
        view.draw_die(s, 5, (60, 60), 60, used=used, angle=20)
    assert sum(patch(dim, (52, 48), 6)) < sum(patch(bright, (52, 48), 6))
    with pytest.raises(ValueError):
        view.draw_die(bright, 7, (60, 60), 60, faces=6)


def test_labels_write_names_and_pips_beside_the_board():
    view = view_of("backgammon")
    position = view.variant.start_position()
    plain = board(view)
    drawn = plain.copy()
    view.draw_labels(drawn, position, to_act=0)
    for side, (x, y) in view.layout.info.items():
        changed = sum(
            drawn.get_at((round(x) + dx, round(y) + dy))
            != plain.get_at((round(x) + dx, round(y) + dy))
            for dx in range(-30, 31, 3)
            for dy in range(-10, 25, 3)
        )
        assert changed > 10, side


def test_backgrounds_are_cached_per_board_and_size_and_resize_makes_a_new_one():
    first = view_of("anglicorum")
    second = view_of("anglicorum")
    assert first.background() is second.background()
    first.resize((900, 600))
    assert first.layout.size == (900, 600)
    assert first.background().get_size() == (900, 600)
    assert first.background() is not second.background()


def test_a_man_can_be_drawn_faded_and_lifted_anywhere():
    view = view_of("quinze_tablas")
    surface = board(view)
    before = surface.copy()
    view.draw_man(surface, 1, (400.5, 250.5), lift=0.7, alpha=128)
    assert surface.get_at((400, 248)) != before.get_at((400, 248))


@pytest.mark.parametrize("vid", [v for v in sorted(VARIANTS) if find_variant(v).uses_hand])
def test_a_trays_name_is_never_drawn_under_its_men(vid, monkeypatch):
    """ "hand" and "off" are written at a tray's far end only while its men stop short of
    it (drawn under a full tray, the name shows through the stack's gaps as specks): for
    every count of men in hand and borne off, no name drawn meets the band of its men,
    and an empty tray is named."""
    from game.ui.render import board_view

    variant = find_variant(vid)
    view = view_of(vid)
    drawn: list = []
    paint = board_view.tray_names

    def watch(*args, **kwargs):
        found = paint(*args, **kwargs)
        drawn.extend(found)
        return found

    monkeypatch.setattr(board_view, "tray_names", watch)
    start = variant.start_position()
    players, length = start.players, len(start.board[0])
    for k in range(variant.men + 1):  # k men in hand, the rest borne off
        rows = tuple(
            tuple(variant.men - k if pos == length - 1 else 0 for pos in range(length))
            for _ in range(players)
        )
        position = Position(rows, 0, (k,) * players, start.flags)
        drawn.clear()
        view.draw_labels(pygame.Surface(SIZE), position, 0)
        named = {key for key, _ in drawn}
        for side in range(players):
            hand, off = ("hand", side), spot_key(variant, side, length - 1)
            assert (k == 0) <= (hand in named) and (k == variant.men) <= (off in named)
        for key, rect in drawn:
            count = k if key[0] == "hand" else variant.men - k
            spot = view.layout.spots[key]
            axis = 0 if abs(spot.step[0]) > abs(spot.step[1]) else 1
            half = abs(spot.step[axis]) / 2 + 1
            ends = [view.layout.man_centre(key, i, count)[axis] for i in range(count)]
            if ends:
                lo, hi = min(ends) - half, max(ends) + half
                near, far = (rect.left, rect.right) if axis == 0 else (rect.top, rect.bottom)
                assert far <= lo or near >= hi, (vid, key, k, rect, lo, hi)


@pytest.mark.parametrize("vid", [v for v in sorted(VARIANTS) if find_variant(v).uses_hand])
def test_a_trays_name_reads_on_its_tray(vid):
    """ "hand" and "off" stand 3:1 (WCAG's contrast for large text) from the tray
    painted under them, once drawn part-through: on Navy grey's khaki canvas they were
    grey on grey."""
    from game.ui.render import lettering
    from game.ui.render.rims import contrast

    view = view_of(vid)
    surface = pygame.Surface(SIZE)
    view.draw_board(surface)
    drawn = lettering.tray_names(surface.copy(), view.layout, view.theme, None)
    assert drawn
    alpha = lettering.TRAY_NAME_ALPHA / 255
    for key, rect in drawn:
        ground = lettering.ground_under(surface, rect)
        ink = lettering.tray_ink(view.theme, ground)
        seen = tuple(round(i * alpha + g * (1 - alpha)) for i, g in zip(ink, ground, strict=True))
        assert contrast(seen, ground) >= 3.0, (vid, key, ink, ground)
