"""The status line and the controls hold together (issue 45: in a portrait window
Lombardorum's status text wrapped into the corner and Undo and Done floated apart). For
every variant, at portrait sizes and the narrow sizes the layout tests pin, while a
person moves (Undo) and once the play is complete (Undo, Done): no text overflows its
box or the window, the buttons stand in one row or one column with even gaps, each
label fits its button, and the message sits next to the buttons."""

from __future__ import annotations

import itertools

import pygame
import pytest
from scene_kit import a_turn_with, resize

from game.rules.variants import VARIANTS
from game.ui.assets import font
from game.ui.render import board_view
from game.ui.scenes.board import BoardScene

PORTRAIT = [(800, 1280), (1000, 1200), (600, 1000), (720, 1280)]
NARROW = [(800, 500), (1000, 1000)]


@pytest.fixture(autouse=True)
def quick_paint(monkeypatch):
    """A plain background in place of the painted one (the geometry is what is tested)."""
    monkeypatch.setattr(
        board_view.BoardView, "_paint", lambda self: pygame.Surface(self.layout.size)
    )


def first_turn(app, variant_id: str) -> BoardScene:
    """A board of people at the first turn with a man to move."""
    return a_turn_with(app, variant_id)


def gap(a: pygame.Rect, b: pygame.Rect) -> int:
    """How far apart two rectangles are (0 when they touch or overlap)."""
    dx = max(0, a.left - b.right, b.left - a.right)
    dy = max(0, a.top - b.bottom, b.top - a.bottom)
    return max(dx, dy)


def assert_holds_together(scene, size, portrait: bool) -> None:
    window = pygame.Rect((0, 0), size)
    scale = scene.app.scale
    pad = round(12 * scale)
    controls = scene.controls
    where = f"{scene.variant.id} at {size}"
    message = controls.message
    assert message is not None, where
    for line in message.lines:  # no text overflows its box or the window
        assert window.contains(line.rect), (where, line.text, line.rect)
        assert message.area.contains(line.rect), (where, line.text, line.rect, message.area)
        if line.fit:
            assert line.rect.w <= line.fit + 1, (where, line.text)
    buttons = list(controls.buttons)
    assert buttons, where
    rects = [b.rect for b in buttons]
    for button in buttons:
        assert window.contains(button.rect), (where, button.name, button.rect)
        face = font("caps", button.size) if button.size else font("caps", round(26 * scale))
        for text in button.lines or (button.text,):
            assert face.size(text)[0] <= button.rect.w, (where, button.name, text)
        assert not button.rect.colliderect(message.area), (where, button.name)
    row = len({r.top for r in rects}) == 1
    column = len({(r.left, r.w) for r in rects}) == 1
    assert row or column, (where, rects)
    ordered = sorted(rects, key=(lambda r: r.left) if row else (lambda r: r.top))
    gaps = [gap(a, b) for a, b in itertools.pairwise(ordered)]
    assert all(0 < g <= 2 * pad for g in gaps), (where, rects)  # side by side, not apart
    beside = message.area.left >= scene.view.layout.frame[0] + scene.view.layout.frame[2]
    if portrait or beside:
        group = rects[0].unionall(rects[1:])
        reach = 3 * pad
        if scene.view.layout.geometry == "round":  # the dice lie between them in the hub
            reach += round(scene.view.layout.dice_area[3])
        assert gap(message.area, group) <= reach, (where, message.area, group)


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_the_status_line_and_the_buttons_hold_together(app, variant_id):
    scene = first_turn(app, variant_id)
    turn = scene.turn
    src = sorted(turn.sources())[0]
    scene.make(next(iter(turn.moves_from(src).values())))  # one move: Undo
    scene.skip_animations()
    for size in PORTRAIT + NARROW:
        resize(app, size)
        scene.update(1 / 60)
        assert_holds_together(scene, size, size in PORTRAIT)
    while turn.complete() is None:  # the play complete: Undo and Done
        src = sorted(turn.sources())[0]
        scene.make(next(iter(turn.moves_from(src).values())))
        scene.skip_animations()
    for size in PORTRAIT + NARROW:
        resize(app, size)
        scene.update(1 / 60)
        assert_holds_together(scene, size, size in PORTRAIT)
