"""Every game stays in the variants' list (the setup's and Rules & history's left
column), at 1280x800 and at the smallest window: the entries share the panel, one under
the other, each as tall as its picture at least."""

from __future__ import annotations

import itertools

import pytest
from scene_kit import enter, open_app, reset_app, resize  # tests/ui on the path

from game.rules.variants import VARIANTS
from game.ui.widgets.item_list import PICTURE_H
from game.ui.window_size import MIN_SIZE


@pytest.fixture(scope="module")
def started_app(tmp_path_factory):
    yield from open_app(tmp_path_factory)


@pytest.mark.parametrize("size", [(1280, 800), MIN_SIZE])
@pytest.mark.parametrize("name", ["setup", "practice", "rules"])
def test_every_game_stays_in_the_list(started_app, name, size):
    app = reset_app(started_app)
    resize(app, size)
    scene, _ = enter(app, name)
    scene.draw(app.screen)
    rects = [item.rect for item in scene.items.values()]
    assert len(rects) == len(VARIANTS) > 6
    panel = scene.list_panel.rect
    for rect, below in itertools.pairwise(rects):
        assert rect.bottom <= below.top  # one under the other, none over another
    for rect in rects:
        assert panel.contains(rect), (rect, panel)
        assert rect.h >= PICTURE_H * scene.scale
