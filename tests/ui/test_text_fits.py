"""Nothing on any screen is cut short at 1280x800: every text drawn through
``fit_text`` fits its box whole (a long label is set a little smaller first).

Each scene is entered and drawn with ``fit_text`` watched in every module that uses it;
the setup scene is drawn with each variant chosen (their options differ), and the board
with each variant at its start."""

from __future__ import annotations

import pygame
import pytest
from scene_kit import SCENES, draw, enter, open_app, press, reset_app  # tests/ui on the path

from game.play.session import GameSetup, Seat
from game.rules.variants import VARIANTS
from game.ui.routes import Route
from game.ui.widgets import text as text_module

ALL = [*SCENES, "confirm", "practice_summary"]


@pytest.fixture(scope="module")
def started_app(tmp_path_factory):
    yield from open_app(tmp_path_factory)


@pytest.fixture
def app(started_app):
    return reset_app(started_app)


@pytest.mark.parametrize("name", ALL)
def test_no_scene_cuts_its_words(app, cut, name):
    scene, _ = enter(app, name)
    draw(app, scene)
    assert cut == []


def test_the_setup_cuts_no_variants_title_or_option(app, cut):
    scene, _ = enter(app, "setup")
    for _ in VARIANTS:
        draw(app, scene, 2)
        press(app, pygame.K_DOWN)  # the next variant in the list
        scene.update(0.3)
    assert cut == []


def test_the_watch_sees_a_cut(app, cut):
    """The test above can fail: a text too long for its box is seen."""
    assert text_module.fit_text("x" * 400, "text", 18, 100) != "x" * 400
    from game.ui.scenes import setup

    setup.fit_text("x" * 400, "text", 18, 100)
    assert cut and cut[0][0] == "x" * 400


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_the_board_cuts_no_words(app, cut, variant_id):
    players = 4 if variant_id == "el_mundo" else 2
    setup = GameSetup(variant_id, {}, seats=(Seat(),) * players, seed=7)
    board = app.go(Route.BOARD, setup)
    draw(app, board, 5)
    assert cut == []



@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_match_heading_stays_inside_the_window_in_the_crawford_game(app, size):
    """The side column's longest heading ("Match to 15 (Crawford)") stays inside the
    column left of the board: the window's left edge is backdrop, not lettering (the
    heading was drawn whole, centred on the column, and ran off the edge)."""
    from dataclasses import replace

    from scene_kit import resize

    resize(app, size)
    setup = GameSetup("backgammon", {"cube": True}, seats=(Seat(), Seat()), seed=7)
    board = app.go(Route.BOARD, setup)
    state = board.table.game.states[-1]
    match = replace(state.match, length=15, score=(0, 14), crawford=True)
    board.table.game.states[-1] = replace(state, match=match)
    draw(app, board, 3)
    rows = range(0, round(board.view.layout.frame[1] + 40 * app.scale))
    edge = [app.screen.get_at((x, y)) for x in range(3) for y in rows]
    assert max(max(c.r, c.g, c.b) for c in edge) < 90  # the accent's gold is ~200


LONGEST_SAID = (
    "Ivory resigns how much? A single game is 16 points, a gammon 32, a backgammon 48  ·  "
    "and then some more words than any line under the board has room for"
)


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_line_under_the_board_stays_in_the_window(app, variant_id, size):
    """Whatever the board says, its message stays inside the window (the line at the
    foot was drawn whole, however long, and ran off both edges)."""
    from scene_kit import resize

    from game.ui.render import board_controls

    resize(app, size)
    players = 4 if variant_id == "el_mundo" else 2
    setup = GameSetup(variant_id, {}, seats=(Seat(),) * players, seed=7)
    board = app.go(Route.BOARD, setup)
    draw(app, board, 2)
    board.say(LONGEST_SAID)
    message = board_controls.layout_message(board)
    assert message is not None
    window = app.screen.get_rect()
    for line in message.lines:
        label = board_controls.message_label(line.text, line.size, line.colour, line.fit)
        drawn = label.get_rect(topleft=line.rect.topleft)
        assert window.contains(drawn), (line.text, drawn, window)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_no_word_on_the_dice_page_lies_across_a_bar(app, monkeypatch, size):
    """The dice page's words (the fair line's label, the percentages, the faces) stand
    clear of the bars, whatever the counts (the label was drawn over the sixth bar)."""
    from scene_kit import resize

    from game.ui.scenes import dice_stats

    resize(app, size)
    scene, _ = enter(app, "dice")
    mine, others = dice_stats.DiceTally(), dice_stats.DiceTally()
    for dice in ([6, 6], [6, 5], [4, 6], [1, 2], [3, 6]):
        mine.add(dice)
    for dice in ([1, 2], [3, 4, 5], [6, 6, 6]):  # one two-dice roll
        others.add(dice)
    scene.tallies = (mine, others)
    words: list[tuple[str, pygame.Rect]] = []
    bars: list[pygame.Rect] = []
    original_text, original_rect = dice_stats.draw_text, pygame.draw.rect

    def text(surface, what, *args, **kwargs):
        rect = original_text(surface, what, *args, **kwargs)
        words.append((what, rect))
        return rect

    def rect(surface, colour, box, *args, **kwargs):
        if colour == scene.back_button.style.accent_dark:
            bars.append(pygame.Rect(box))
        return original_rect(surface, colour, box, *args, **kwargs)

    monkeypatch.setattr(dice_stats, "draw_text", text)
    monkeypatch.setattr(pygame.draw, "rect", rect)
    scene.relayout()
    scene.paint_static(app.screen)
    assert len(bars) == 12
    assert any(w == "fair: 16.7%" for w, _ in words)
    crossed = [(w, r) for w, r in words for bar in bars if r.colliderect(bar)]
    assert crossed == []
    assert any("5 rolls" in w for w, _ in words) and any("1 two-dice roll" in w for w, _ in words)


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_side_column_stays_inside_the_window(app, monkeypatch, variant_id, size):
    """Nothing in the column left of the board (names, pips, the dice seal) reaches the
    window's left edge: El Mundo's narrow column cut the seal's digits off."""
    from scene_kit import resize

    from game.ui.render import board_hud

    wide = ("Dice sealed", "00000000 00000000", "+ your throw")  # the widest digits
    monkeypatch.setattr(board_hud, "seal_lines", lambda *args: wide)
    resize(app, size)
    players = 4 if variant_id == "el_mundo" else 2
    setup = GameSetup(variant_id, {}, seats=(Seat(),) * players, seed=7)
    board = app.go(Route.BOARD, setup)
    draw(app, board, 3)
    height = app.screen.get_height()
    edge = [app.screen.get_at((x, y)) for x in range(2) for y in range(height)]
    assert max(max(c.r, c.g, c.b) for c in edge) < 90
