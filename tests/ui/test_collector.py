"""The garbage collector is kept off the frames: what the window opened with is set
aside from collections (a full collection walks only what was made since), and given
back when the window closes; a scene left is still freed."""

from __future__ import annotations

import gc
import weakref

from game.ui import collector
from game.ui.routes import Route


def test_what_the_window_opened_with_is_set_aside_until_it_closes(app):
    assert gc.get_freeze_count() > 0
    walked = sum(len(gc.get_objects(generation=g)) for g in range(3))
    assert walked < gc.get_freeze_count()  # a collection walks less than was loaded
    app.stop()
    assert gc.get_freeze_count() == 0
    app.start((1280, 800))  # (the fixture stops it again)


def test_a_scene_left_is_freed(app):
    app.go(Route.MENU)
    scene = app.go(Route.SETTINGS)
    app.step(1 / 60)
    gone = weakref.ref(scene)
    app.pop()
    app.step(1 / 60)
    del scene
    gc.collect()
    assert gone() is None


def test_settle_collects_the_garbage_before_setting_the_rest_aside():
    class Cycle:
        def __init__(self) -> None:
            self.me = self

    made = Cycle()
    gone = weakref.ref(made)
    del made
    try:
        collector.settle()
        assert gone() is None
    finally:
        collector.release()
