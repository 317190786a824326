"""Input never depends on the last frame drawn: every scene lays its buttons out when it
enters, when the window is resized and in ``update``; ``draw`` only draws.

Each scene (the board has its own tests) is entered and, without ever being drawn,
clicked on each of its buttons, at the size it entered at and after a resize; and a
draw leaves the scene's state as it was (caches kept in ``_private`` names aside)."""

from __future__ import annotations

import enum

import pygame
import pytest
from scene_kit import SCENES, click, enter, open_app, reset_app, resize  # tests/ui on the path

from game.ui.routes import ErrorCard
from game.ui.scenes.error import ErrorScene
from game.ui.scenes.menu import MenuScene
from game.ui.widgets import Button, Widget

ALL = [*SCENES, "confirm", "practice_summary"]


@pytest.fixture(scope="module")
def started_app(tmp_path_factory):
    yield from open_app(tmp_path_factory)


@pytest.fixture
def app(started_app):
    return reset_app(started_app)


def buttons_of(scene):
    return [
        w
        for w in scene.focus.widgets
        if isinstance(w, Button) and w.enabled and w.visible and w.rect.w > 0
    ]


@pytest.mark.parametrize("size", [(1280, 800), (800, 500)])
@pytest.mark.parametrize("name", ALL)
def test_a_scene_never_drawn_answers_a_click_on_each_button(app, name, size):
    scene, _ = enter(app, name)
    resize(app, size)  # told of the new size, still never drawn
    buttons = buttons_of(scene)
    assert buttons
    for button in buttons:
        assert app.screen.get_rect().contains(button.rect), button
        hits = []
        button.on_click = lambda hits=hits: hits.append(True)
        click(app, button.rect.center)
        assert hits == [True], button
        assert app.stack.top is scene


def test_the_error_card_never_drawn_answers_a_click_on_its_button(app):
    app.push(MenuScene(app))
    card = ErrorScene(app)
    app.push(card, ErrorCard(what="ValueError: bad", where="the board screen", saved=True))
    resize(app, (800, 500))
    assert app.screen.get_rect().contains(card.button) and card.button.w > 0
    click(app, card.button.center)
    assert type(app.stack.top) is MenuScene


def snap(value, depth=0):
    """A comparable picture of a value (what draw must leave as it found it)."""
    if isinstance(value, Widget):
        return snap_widget(value)
    if isinstance(value, pygame.Rect):
        return tuple(value)
    if isinstance(value, pygame.Surface):
        return ("surface", id(value), value.get_size())
    if isinstance(value, bool | int | float | str | bytes | enum.Enum) or value is None:
        return value
    if depth < 3 and isinstance(value, list | tuple):
        return (type(value).__name__, *(snap(v, depth + 1) for v in value))
    if depth < 3 and isinstance(value, dict):
        return {k: snap(v, depth + 1) for k, v in value.items()}
    return ("object", type(value).__name__, id(value))


def snap_widget(w):
    public = {k: v for k, v in vars(w).items() if not k.startswith("_") and k != "sound"}
    return (type(w).__name__, {k: snap(v, 2) for k, v in public.items()})


def state_of(scene):
    public = {k: v for k, v in vars(scene).items() if not k.startswith("_")}
    state = {k: snap(v) for k, v in public.items()}
    focus = getattr(scene, "focus", None)
    if focus is not None:
        state["focus"] = (focus.index, [snap_widget(w) for w in focus.widgets])
    return state


@pytest.mark.parametrize("name", ALL)
def test_draw_does_not_change_the_scene(app, name):
    scene, _ = enter(app, name)
    before = state_of(scene)
    scene.draw(app.screen)  # the first frame: nothing drawn yet
    assert state_of(scene) == before
    resize(app, (800, 500))
    app.step(1 / 60)
    before = state_of(scene)
    scene.draw(app.screen)
    assert state_of(scene) == before


def test_draw_does_not_change_the_error_card(app):
    app.push(MenuScene(app))
    card = ErrorScene(app)
    app.push(card, ErrorCard(what="KeyError", saved=False))
    before = state_of(card)
    card.draw(app.screen)
    assert state_of(card) == before
