"""The coming games on the tables board (issue 23): Tabula's men in hand, Long Nardy's and
Fevga's same way round, Plakoto's pinned men, Portes."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from types import SimpleNamespace

import pygame
import pytest
from stepping import run_until  # tests/ui is on the path (rootdir-less import)

from game.play.session import GameSetup, Seat
from game.rules.play import Play
from game.rules.position import Position
from game.rules.variants import VARIANTS
from game.rules.variants.base import Variant
from game.rules.variants.fevga import Fevga
from game.rules.variants.long_nardy import LongNardy
from game.rules.variants.plakoto import Plakoto
from game.rules.variants.portes import Portes
from game.rules.variants.tabula import Tabula
from game.store.settings import Settings
from game.ui.app import App
from game.ui.render.board_view import BoardView
from game.ui.render.layout import BoardLayout, layout_for, path, point_in_polygon, spot_key
from game.ui.render.men import Men
from game.ui.render.stacks import below, stacks
from game.ui.scenes.board import BoardScene
from game.ui.scenes.board_anim import count_at
from game.ui.theme import THEMES

SIZE = (1280, 800)
GAMES: dict[str, Variant] = {
    "tabula": Tabula(),
    "tabula_contrary": Tabula({"contrary": True}),
    "nard": LongNardy(),
    "fevga": Fevga(),
    "plakoto": Plakoto(),
    "portes": Portes(),
}
SAME_WAY = ("nard", "fevga")


def seeded_positions(variant: Variant, seed: int, plies: int) -> list[Position]:
    """The positions of a seeded random game (up to ``plies`` plays, or its end)."""
    rng = random.Random(seed)
    position = variant.start_position()
    seen = [position]
    for _ in range(plies):
        dice = [rng.randint(1, 6) for _ in range(variant.dice_count)]
        plays = variant.generate_plays(position, dice) or [Play(())]
        after = variant.apply_play(position, rng.choice(plays))
        if variant.outcome(after, position.to_act) is not None:
            break
        position = after
        seen.append(position)
    return seen


def pinned_position() -> Position:
    """A Plakoto position of a seeded game with a man pinned."""
    variant = GAMES["plakoto"]
    for seed in range(50):
        for position in seeded_positions(variant, seed, 60):
            if any(position.flags):
                return position
    raise AssertionError("no seeded Plakoto game pins a man")


def inside(point, rect) -> bool:
    x, y, w, h = rect
    return x <= point[0] <= x + w and y <= point[1] <= y + h


def slot_of(layout: BoardLayout, cell: int) -> int:
    return layout.spots[("cell", cell)].slot


# -- the layout -----------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("viewer", [0, 1])
def test_every_pos_of_both_sides_has_a_spot_on_the_board(name, viewer):
    variant = GAMES[name]
    layout = layout_for(variant, SIZE, viewer)
    assert layout.geometry == "tables"
    for side in range(2):
        keys = [spot_key(variant, side, pos) for pos in range(variant.off_pos + 1)]
        if variant.uses_hand:
            keys.append(spot_key(variant, side, 0, in_hand=True))
        assert ("hand", side) in keys or not variant.uses_hand
        for key in keys:
            spot = layout.spots[key]
            assert all(inside(p, layout.frame) for p in spot.shape), key
    # The viewer's pos numbers label the points, each once.
    labels = sorted(int(s.label) for k, s in layout.spots.items() if k[0] == "cell")
    assert labels == list(range(1, 25))
    slots = sorted(s.slot for k, s in layout.spots.items() if k[0] == "cell")
    assert slots == list(range(24))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("viewer", [0, 1])
def test_the_viewer_plays_round_to_its_home_at_the_bottom_right(name, viewer):
    """Backgammon's picture for every game: the viewer's pos p at slot 24 - p."""
    variant = GAMES[name]
    layout = layout_for(variant, SIZE, viewer)
    for pos in range(1, 25):
        assert slot_of(layout, variant.cell(viewer, pos)) == 24 - pos
    fx, fy, fw, fh = layout.frame
    home = layout.spots[("cell", variant.cell(viewer, 24))].base
    assert home[0] > fx + fw / 2 and home[1] > fy + fh / 2


@pytest.mark.parametrize("name", [n for n in GAMES if n != "tabula"])
@pytest.mark.parametrize("viewer", [0, 1])
def test_each_side_bears_off_beside_its_own_home(name, viewer):
    """The off tray is in the same quarter of the case as the home it bears off from
    (Long Nardy's and Fevga's far side at the top left). Tabula's shared track has one
    home for both sides; its far tray stays at the top right."""
    variant = GAMES[name]
    layout = layout_for(variant, SIZE, viewer)
    _fx, fy, _fw, fh = layout.frame
    bar_x = layout.spots[("bar", 0)].base[0]  # the middle of the fields
    for side in range(2):
        tray = layout.spots[("off", side)].base
        for pos in range(variant.bear_from, 25):
            point = layout.spots[("cell", variant.cell(side, pos))].base
            assert (point[0] > bar_x) == (tray[0] > bar_x), (side, pos)
            assert (point[1] > fy + fh / 2) == (tray[1] > fy + fh / 2), (side, pos)


@pytest.mark.parametrize("name", GAMES)
def test_a_slide_follows_the_points_round_the_board(name):
    """Every step's path passes point by point: neighbouring slots, a row changed only
    straight up or down at the board's end (side 1 of the same-way games wraps from
    cell 0 to cell 23 on the right), never across the field."""
    variant = GAMES[name]
    for viewer in (0, 1):
        layout = layout_for(variant, SIZE, viewer)
        by_base = {s.base: s for k, s in layout.spots.items() if k[0] == "cell"}
        for side in range(2):
            for src in range(1, 24):
                for dst in range(src + 1, min(src + 7, 25) + 1):
                    points = path(variant, layout, side, src, dst)
                    assert len(points) == min(dst, 24) - src + (dst > 24)
                    prev = layout.spots[("cell", variant.cell(side, src))]
                    for point in points:
                        assert inside(point, layout.frame)
                        spot = by_base.get(point)
                        if spot is None:  # the off tray, last
                            assert point == layout.spots[("off", side)].base
                            break
                        assert (spot.slot - prev.slot) % 24 in (1, 23)
                        if abs(point[1] - prev.base[1]) > layout.unit:  # a row changed
                            assert math.isclose(point[0], prev.base[0])
                        else:
                            assert abs(point[0] - prev.base[0]) < 2.5 * layout.unit
                        prev = spot


def test_same_way_cells_and_the_seam():
    """Side 0's pos p is cell 24 - p, side 1's pos p cell (12 - p) mod 24; side 1's slide
    from its pos 12 to 13 goes from the bottom right point straight up to the top right."""
    for name in SAME_WAY:
        variant = GAMES[name]
        layout = layout_for(variant, SIZE, 0)
        for pos in range(1, 25):
            assert variant.cell(0, pos) == 24 - pos
            assert variant.cell(1, pos) == (12 - pos) % 24
        a = layout.spots[("cell", 0)].base
        (b,) = path(variant, layout, 1, 12, 13)
        assert b == layout.spots[("cell", 23)].base
        assert math.isclose(a[0], b[0]) and b[1] < a[1]
        # Nothing is ever on the bar; the far side's tray is at the top left.
        fx, fy, fw, fh = layout.frame
        far = layout.spots[("off", 1)].base
        assert far[0] < fx + fw / 2 and far[1] < fy + fh / 2


def test_tabula_has_a_hand_tray_per_side_beside_the_off_trays():
    for name in ("tabula", "tabula_contrary"):
        variant = GAMES[name]
        layout = layout_for(variant, SIZE, 0)
        _fx, fy, _fw, fh = layout.frame
        own, other = layout.spots[("hand", 0)], layout.spots[("hand", 1)]
        assert own.capacity == other.capacity == 15
        assert own.base[1] < fy + fh / 2 < other.base[1]  # the viewer's nearest its entry
        for key in (("off", 0), ("off", 1)):
            assert own.base[0] > layout.spots[key].base[0]  # right of the off trays
        # The shared track: both sides' pos p are one cell.
        if name == "tabula":
            assert all(variant.cell(0, p) == variant.cell(1, p) for p in range(1, 25))


# -- the men drawn -------------------------------------------------------------------


class Recorder:
    """Men.draw_man and draw_slab patched to record what they draw."""

    def __init__(self, monkeypatch):
        self.men: list[tuple[int, tuple[float, float]]] = []
        self.slabs: list[tuple[int, tuple]] = []
        rec = self

        def draw_man(self, surface, side, centre, radius, *, lift=0.0, alpha=255):
            rec.men.append((side, centre))

        def draw_slab(self, surface, layout, side, key, centre):
            rec.slabs.append((side, key))

        monkeypatch.setattr(Men, "draw_man", draw_man)
        monkeypatch.setattr(Men, "draw_slab", draw_slab)


def drawn_per_spot(layout, men):
    """Per cell or bar spot: the sides of the men drawn there, bottom first."""
    out: dict = {}
    for side, centre in men:
        for key, spot in layout.spots.items():
            if key[0] in ("cell", "bar") and point_in_polygon(centre, spot.hit_area):
                out.setdefault(key, []).append(side)
                break
        else:
            raise AssertionError(f"a man drawn off every spot at {centre}")
    return out


@pytest.mark.parametrize("name", GAMES)
def test_every_man_is_drawn_on_the_cell_its_pos_is(name, monkeypatch):
    variant = GAMES[name]
    surface = pygame.Surface(SIZE)
    positions = seeded_positions(variant, 5, 40)
    for viewer in (0, 1):
        view = BoardView(variant, THEMES["felt"], SIZE, viewer)
        for position in (positions[0], positions[len(positions) // 2], positions[-1]):
            rec = Recorder(monkeypatch)
            view.draw_men(surface, position)
            drawn = drawn_per_spot(view.layout, rec.men)
            expected: dict = {}
            for side in range(2):
                for pos in range(0, variant.track_length + 1):
                    n = position.board[side][pos]
                    if n:
                        key = spot_key(variant, side, pos)
                        expected.setdefault(key, []).extend([side] * n)
            assert {k: sorted(v) for k, v in drawn.items()} == {
                k: sorted(v) for k, v in expected.items()
            }
            off_and_hand = sum(position.board[s][-1] + position.hand[s] for s in range(2))
            assert len(rec.slabs) == off_and_hand


def test_the_start_of_tabula_is_all_in_hand(monkeypatch):
    variant = GAMES["tabula"]
    view = BoardView(variant, THEMES["felt"], SIZE, 0)
    rec = Recorder(monkeypatch)
    view.draw_men(pygame.Surface(SIZE), variant.start_position())
    assert rec.men == []
    assert sorted(rec.slabs) == [(0, ("hand", 0))] * 15 + [(1, ("hand", 1))] * 15


def test_a_pinned_man_is_drawn_under_its_pinners(monkeypatch):
    variant = GAMES["plakoto"]
    position = pinned_position()
    for viewer in (0, 1):
        view = BoardView(variant, THEMES["felt"], SIZE, viewer)
        layout = view.layout
        rec = Recorder(monkeypatch)
        view.draw_men(pygame.Surface(SIZE), position)
        drawn = drawn_per_spot(layout, rec.men)
        pins = 0
        for side in range(2):
            for pos in range(1, 24):
                if not position.flags[side] >> pos & 1:
                    continue
                pins += 1
                key = ("cell", variant.cell(side, pos))
                pinners = position.board[1 - side][variant.facing_pos(side, pos, 1 - side)]
                assert pinners >= 1 and position.board[side][pos] == 1
                # Both are drawn: the pinned man first (at the base), its pinners on it.
                assert drawn[key] == [side] + [1 - side] * pinners
                centres = [
                    c
                    for s, c in rec.men
                    if key in drawn and point_in_polygon(c, layout.spots[key].hit_area)
                ]
                base = layout.spots[key].base
                assert centres[0] == pytest.approx(base)
                dists = [math.dist(c, base) for c in centres]
                assert dists == sorted(dists) and dists[1] > layout.radius * 0.5
                assert stacks(variant, position)[key][0] == (side, 1)
                assert below(variant, position, key, 1 - side) == 1
        assert pins >= 1


def test_a_tall_pinning_stack_still_shows_the_pinned_man():
    """Nine pinners on a pinned man: squeezed, the pinned man still peeks out below."""
    variant = GAMES["plakoto"]
    mine = [0] * 26
    theirs = [0] * 26
    theirs[1], theirs[5] = 14, 1  # side 1's man on its pos 5 is pinned...
    mine[1], mine[10] = 5, 1
    mine[variant.facing_pos(1, 5, 0)] = 9  # ...under nine of side 0's
    position = Position((tuple(mine), tuple(theirs)), 0, (0, 0), (0, 1 << 5))
    variant.validate(position)
    layout = layout_for(variant, SIZE, 0)
    key = ("cell", variant.cell(1, 5))
    total = sum(n for _, n in stacks(variant, position)[key])
    assert total == 10 > layout.spots[key].capacity
    first = layout.man_centre(key, 0, total)
    second = layout.man_centre(key, 1, total)
    assert math.dist(first, second) > 0.5 * layout.radius


def test_two_sides_share_a_cell_only_over_a_pinned_man():
    """In every game a cell shows one side's pile, or two: a pinned man at the bottom and
    its pinners; so the games without pins draw as before."""
    variants = [cls() for cls in VARIANTS.values()] + [GAMES["tabula_contrary"]]
    assert {variant.id for variant in GAMES.values()} <= set(VARIANTS)
    shared = 0
    for variant in variants:
        if variant.players != 2:
            continue
        for seed in range(2):
            for position in seeded_positions(variant, seed, 30):
                for key, piles in stacks(variant, position).items():
                    if len(piles) == 1:
                        continue
                    shared += 1
                    (side, n), (other, _) = piles
                    assert len(piles) == 2 and n == 1 and other == 1 - side, (variant.id, key)
                    pos = next(p for p in range(1, 25) if variant.cell(side, p) == key[1])
                    assert position.flags[side] >> pos & 1, (variant.id, key)
    assert shared  # Plakoto pins men in these games


def test_a_slide_onto_a_pinned_man_lands_on_top_of_it():
    """The animations count every side's men on a cell: a man leaving a pinning stack
    starts from its top, a man pinning lands above the pinned one."""
    variant = GAMES["plakoto"]
    position = pinned_position()
    scene = SimpleNamespace(variant=variant)
    for side in range(2):
        for pos in range(1, 24):
            if position.flags[side] >> pos & 1:
                key = ("cell", variant.cell(side, pos))
                pinners = position.board[1 - side][variant.facing_pos(side, pos, 1 - side)]
                assert count_at(scene, key, position) == 1 + pinners


# -- clicks in the window ---------------------------------------------------------------


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    app = App(replace(Settings(), animation="instant", muted=True), persist=False)
    app.start(SIZE)
    app.running = True
    yield app
    app.stop()


def click(app, point):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=1))
    for _ in range(3):
        app.step(1 / 60)


def man_point(scene, side, pos):
    """Where the mover's top man on ``pos`` stands (its tray for the hand)."""
    resting = scene.resting()
    key = scene.key_of(side, pos, resting)
    layout = scene.view.layout
    if key[0] in ("hand", "off", "bar"):
        return tuple(int(v) for v in layout.spots[key].base)
    total = sum(n for _, n in stacks(scene.variant, resting).get(key, []))
    return tuple(int(v) for v in layout.man_centre(key, max(total - 1, 0), max(total, 1)))


def ready(scene):
    """Step the game on to a person's move with a choice (rolling and ending turns)."""

    def check() -> bool:
        if scene.busy:
            return False
        for name in ("roll", "done"):
            if name in scene.buttons:
                scene.press(name)
                return False
        turn = scene.turn
        return (
            turn is not None
            and turn.state is scene.state
            and scene.human_to_act()
            and bool(turn.sources())
        )

    return check


@pytest.mark.parametrize("variant_id", ["tabula", "nard", "plakoto"])
def test_clicks_on_men_make_the_moves_they_point_at(app, variant_id):
    """Both seats people: click a man of the mover and its destination, step after step;
    the step made is the one clicked (the source pos is read back from the spot)."""
    setup = GameSetup(variant_id, seats=(Seat(), Seat()), seed=4)
    scene = BoardScene(app)
    app.push(scene, setup)
    rng = random.Random(1)
    for _ in range(8):
        assert run_until(app, ready(scene), 30)
        side = scene.state.to_act
        src = rng.choice(sorted(scene.turn.sources()))
        assert scene.pos_at(man_point(scene, side, src), side) == src
        click(app, man_point(scene, side, src))
        assert scene.selected == src
        dst = rng.choice(sorted(scene.turn.moves_from(src)))
        key = spot_key(scene.variant, side, dst)
        target = tuple(int(v) for v in scene.view.layout.spots[key].base)
        assert scene.pos_at(target, side) == dst
        before = scene.resting()
        click(app, target)
        assert run_until(app, lambda: not scene.busy, 10)
        after = scene.resting()
        assert after.board[side][dst] == before.board[side][dst] + 1 or dst == 0
