"""The position editor by keyboard: on every game's board the arrows reach every point and
bar from the first; + and - put and take a man of the side chosen where the cursor is;
S on the board changes the side, Tab moves on as everywhere; the keys are said on the panel."""

from __future__ import annotations

import pygame
import pytest
from scene_kit import Below, open_app, reset_app  # tests/ui on the path

from game.rules.variants import VARIANTS, find_variant
from game.ui.editor_keys import STEPS, next_place, places
from game.ui.render.layout import layout_for
from game.ui.routes import EditorStart, Route
from game.ui.scenes.editor import EditorScene


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_the_arrows_reach_every_point_and_bar(variant_id) -> None:
    layout = layout_for(find_variant(variant_id), (850, 800), 0)
    start = next_place(layout, None, (1, 0))
    seen, todo = {start}, [start]
    while todo:
        at = todo.pop()
        for step in STEPS.values():
            there = next_place(layout, at, step)
            if there not in seen:
                seen.add(there)
                todo.append(there)
    assert seen == set(places(layout))


@pytest.fixture(scope="module")
def started_app(tmp_path_factory):
    yield from open_app(tmp_path_factory)


def key(app, code: int, mod: int = 0, text: str = "") -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=text))


def test_plus_minus_and_s_place_men_by_keyboard(started_app) -> None:
    app = reset_app(started_app)
    app.push(Below(app))
    app.go(Route.EDITOR, EditorStart("backgammon"))
    scene = app.stack.top
    assert isinstance(scene, EditorScene)
    scene.update(0.05)
    scene.draw(app.screen)
    scene.focus.focus(scene.board_keys)
    edit = scene.edit
    scene.edit.clear()
    scene.changed()
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_DOWN)
    spot = scene.board_keys.at()
    assert spot is not None and spot[0] == "cell"
    men = edit.men_at(spot[1])
    key(app, pygame.K_PLUS, text="+")
    assert edit.men_at(spot[1])[0] == men[0] + 1  # the side chosen: the first
    key(app, pygame.K_s, text="s")
    assert scene.placing == 1 and scene.side_choice.value == 1
    key(app, pygame.K_LEFT)
    other = scene.board_keys.at()
    assert other != spot and other[0] == "cell"
    key(app, pygame.K_EQUALS, text="=")
    assert edit.men_at(other[1])[1] == 1
    key(app, pygame.K_MINUS, text="-")
    assert edit.men_at(other[1])[1] == 0
    assert scene.state == edit.check()[0]  # every edit read by the rules engine
    scene.draw(app.screen)
    key(app, pygame.K_TAB)  # Tab leaves the board, as from any other stop
    assert scene.focus.focused is not scene.board_keys
    assert "Board keys" in scene.board_keys.help
