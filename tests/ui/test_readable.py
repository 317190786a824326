"""The boards are readable at 1280x800 (issue 22, point 6).

- Every side's men stand at least 3:1 (WCAG's contrast for shapes) from every kind of
  spot they can stand on: both kinds of point (or field), their bar, their trays. The
  colours are sampled from rendered frames (``readable_kit.measure``: the median of a
  man's face and of its rim ring, against the median of the empty spot under it), for
  every variant under every palette the settings offer; either the face or the ring
  may carry the contrast.
- Every text drawn by every scene, and by each variant's board in play (point numbers,
  tray names, side names and pips, the dice seal under the side column, the prompt),
  is set at 14 px or more. The measure is the font's size as asked of pygame, its em
  size in pixels (what ``pygame.font.Font(file, size)`` takes), recorded at every
  ``render`` of a font made while the scene is drawn. Board pictures (the setup's
  thumbnails, drawn small and smoothed) are pictures, not text, and are left out.
"""

from __future__ import annotations

import sys
from dataclasses import replace

import pygame
import pytest
from readable_kit import Sample, measure  # tests/ui on the path
from scene_kit import SCENES, draw, enter, open_app, press, reset_app, until_shown

from game.play.session import GameSetup, Seat
from game.rules.variants import VARIANTS, find_variant
from game.store.settings import PALETTES
from game.ui import assets, pictures
from game.ui.render import board_view
from game.ui.render.rims import contrast
from game.ui.routes import Route
from game.ui.theme import THEMES

SMALLEST = 14  # px (the font's em size) at 1280x800
SHAPES = 3.0  # WCAG's contrast for shapes


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_every_man_stands_out_on_every_spot(variant_id):
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    low: list[tuple[str, Sample]] = []
    for palette in PALETTES:
        samples = measure(variant_id, palette)
        kinds = {(s.side, s.kind) for s in samples}
        assert {"cell0", "cell1", "bar"} <= {k for _, k in kinds}, kinds
        low += [(palette, s) for s in samples if s.ratio < SHAPES]
    assert not low, [
        f"{palette}: side {s.side} on {s.kind} {s.key}: {s.ratio:.2f} "
        f"(face {s.face}, ring {s.ring}, spot {s.ground})"
        for palette, s in low
    ]


def test_the_contrast_measure_sees_a_man_lost_on_his_point(monkeypatch):
    """The measure can fail: men the colour of the points they stand on, with no ring,
    are seen."""
    from dataclasses import replace

    from game.ui import theme as theme_module
    from game.ui.render import men

    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    felt = theme_module.THEMES["felt"]
    lost = theme_module.SideColours("Lost", felt.point_a, felt.point_a, felt.point_a)
    monkeypatch.setitem(theme_module.THEMES, "felt", replace(felt, sides=(lost, felt.sides[1])))
    monkeypatch.setattr(men, "ring_colour", lambda theme, side: None)
    samples = measure("backgammon", "era")
    worst = min(s.ratio for s in samples if s.side == 0 and s.kind == "cell0")
    assert worst < SHAPES


# -- text sizes ----------------------------------------------------------------------------

ALL = [*SCENES, "confirm", "practice_summary"]


@pytest.fixture(scope="module")
def started_app(tmp_path_factory):
    yield from open_app(tmp_path_factory)


@pytest.fixture
def app(started_app):
    return reset_app(started_app)


def _forget_drawn_text() -> None:
    """Drop every cached font, rendered text and painted board, so drawing renders anew."""
    for module in list(sys.modules.values()):
        if module is None or not getattr(module, "__name__", "").startswith("game.ui"):
            continue
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()
    board_view._BACKGROUNDS.clear()


@pytest.fixture
def sizes(monkeypatch):
    """(px, text) of every text rendered while the test draws (board pictures left out)."""
    found: list[tuple[int, str]] = []
    state = {"on": True}
    base = assets.Face  # (every shipped font is one: a fallback run is judged by its face's px)

    class Watched(base):  # type: ignore[misc, valid-type]
        def __init__(self, role, size=20):
            super().__init__(role, size)
            self.px = size

        def render(self, text, *args, **kwargs):
            if state["on"] and text and str(text).strip():
                found.append((self.px, str(text)))
            return super().render(text, *args, **kwargs)

    painted = pictures._painted_board

    def picture(*args, **kwargs):
        state["on"] = False
        try:
            return painted(*args, **kwargs)
        finally:
            state["on"] = True

    monkeypatch.setattr(assets, "Face", Watched)
    monkeypatch.setattr(pictures, "_painted_board", picture)
    pictures._PREVIEWS.clear()
    _forget_drawn_text()
    yield found
    _forget_drawn_text()  # no watched fonts left in the caches


def small(found: list[tuple[int, str]]) -> list[tuple[int, str]]:
    return sorted({(px, text) for px, text in found if px < SMALLEST})


@pytest.mark.parametrize("name", ALL)
def test_every_scene_sets_its_text_at_14_px_or_more(app, sizes, name):
    scene, _ = enter(app, name)
    until_shown(app, scene)
    draw(app, scene)
    assert sizes, "nothing was drawn"
    assert small(sizes) == []


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_every_board_sets_its_text_at_14_px_or_more(app, sizes, variant_id):
    players = 4 if variant_id == "el_mundo" else 2
    setup = GameSetup(variant_id, {}, seats=(Seat(),) * players, seed=7)
    board = app.go(Route.BOARD, setup)
    draw(app, board, 5)
    press(app, pygame.K_SPACE)  # roll: the game in play, dice on the board
    draw(app, board, 20)
    drawn = {text for _, text in sizes}
    assert "Dice sealed" in drawn
    assert any(text.endswith("pips") for text in drawn)
    assert {"1", "2", "12"} <= drawn  # the point numbers
    if board.variant.uses_hand:  # a full hand tray hides its name: draw one emptied too
        state = board.state.position
        board.view.draw_labels(app.screen, replace(state, hand=(0,) * len(state.hand)), 0)
        assert {"hand", "off"} <= {text for _, text in sizes}
    assert small(sizes) == []


def test_the_text_watch_sees_small_text(app, sizes):
    """The watch can fail: a text drawn small is seen."""
    from game.ui.widgets.text import draw_text

    draw_text(app.screen, "tiny", (0, 0), size=11)
    assert (11, "tiny") in small(sizes)


def _all_themes():
    from game.ui.theme import theme_for

    return [*THEMES.values(), theme_for("backgammon", "contrast")]


@pytest.mark.parametrize("theme", _all_themes(), ids=lambda t: f"{t.id}-{t.sides[0].name}")
def test_each_sides_opening_die_is_in_its_colours_and_readable(theme):
    """The opening throw is one die per side, each drawn in its side's colours (so one can
    tell who threw which): the pips stand 4.5:1 from the body, and the sides' dice differ."""
    from game.ui.render.dice import side_die_colours

    dice = [side_die_colours(theme, side) for side in range(len(theme.sides))]
    for side, (body, pip) in enumerate(dice):
        assert body == theme.sides[side].body
        assert contrast(body, pip) >= 4.5, (theme.id, side, body, pip)
    assert len({body for body, _ in dice}) == len(dice)


def test_the_opening_dice_are_drawn_in_the_throwers_colours(app):
    """In play: while the starter plays the opening throw, each die on the board shows
    its thrower's body colour (the starter's first), not the theme's dice."""
    import numpy as np

    from game.ui.render.board_hud import opening_owners
    from game.ui.scenes.board import BoardScene

    scene = BoardScene(app)
    app.replace(scene, GameSetup("backgammon", {"cube": False}, (Seat(), Seat()), seed=3))
    for _ in range(30):
        scene.update(0.05)
    state = scene.state
    owners = opening_owners(state)
    assert owners is not None and owners[0] == state.on_roll
    assert sorted(owners) == list(range(len(state.opening)))
    assert [state.opening[side] for side in owners] == list(state.dice)
    scene.draw(app.screen)
    pixels = pygame.surfarray.pixels3d(app.screen)
    x, y, w, h = scene.view.layout.dice_area
    n = len(scene.shown_dice)
    size = min(h * 0.8, w / (n + 1))
    for i, side in enumerate(owners):
        cx, cy = x + w * (i + 1) / (n + 1), y + h / 2
        seen = pixels[round(cx), round(cy - 0.3 * size)].astype(float)  # no pip there
        bodies = [np.array(s.body, dtype=float) for s in scene.theme.sides[:2]]
        nearest = min(range(2), key=lambda k: np.linalg.norm(seen - bodies[k]))
        assert nearest == side, (i, side, seen)
    del pixels


@pytest.mark.parametrize("theme", _all_themes(), ids=lambda t: f"{t.id}-{t.sides[0].name}")
def test_a_tall_stacks_count_is_set_in_lining_figures(theme, monkeypatch):
    """A squeezed stack's count ("11") is set in a face whose figures all stand on the
    line at one height (lining), so "11" cannot read as "II" as in old-style figures."""
    from game.rules.position import Position
    from game.ui.assets import font
    from game.ui.render import lettering

    pygame.display.init()
    pygame.font.init()
    variant = find_variant("backgammon")
    start = variant.start_position()
    rows = [[0] * len(row) for row in start.board]
    rows[0][19], rows[0][20] = 11, variant.men - 11
    rows[1][19], rows[1][20] = 12, variant.men - 12
    position = Position(tuple(map(tuple, rows)), 0, start.hand, start.flags)
    drawn: list[tuple[str, float, str]] = []
    text = lettering.Lettering.text

    def watch(self, role, size, words, colour):
        drawn.append((role, size, words))
        return text(self, role, size, words, colour)

    monkeypatch.setattr(lettering.Lettering, "text", watch)
    view = board_view.BoardView(variant, theme, (1280, 800), 0)
    surface = pygame.Surface((1280, 800))
    view.draw_men(surface, position)
    counts = [(role, size) for role, size, words in drawn if words in ("11", "12")]
    assert len(counts) == 2, drawn
    for role, size in counts:
        face = font(role, round(size))
        tops = {face.metrics(d)[0][3] for d in "0123456789"}
        bottoms = {face.metrics(d)[0][2] for d in "0123456789"}
        assert max(tops) - min(tops) <= 1 and max(bottoms) - min(bottoms) <= 1, (role, tops)
        ones, eyes = face.render("11", True, (0, 0, 0)), face.render("II", True, (0, 0, 0))
        assert pygame.image.tobytes(ones, "RGBA") != pygame.image.tobytes(eyes, "RGBA")
