"""Shared test setup: everything runs headless, with no window and no sound; the slow
tests (tests/slow.py names them) are marked ``slow`` so ``make quick`` can leave them out."""

from __future__ import annotations

import inspect
import os
import sys
from pathlib import Path

import pytest
from slow import is_slow  # tests/ is on the path (this file's folder)
from untrained import untrained  # noqa: F401 - the fixture that hides a game's network

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# The expert's look-ahead without its wall-clock backstop: answers never depend on load.
os.environ.setdefault("TABULA_THINK_SECONDS", "off")
# The window's words in English whatever this machine's language (the tests read them);
# the tests of other languages choose theirs (tests/test_i18n.py, tests/ui/test_languages.py).
os.environ["LANGUAGE"] = "en"

TESTS = Path(__file__).resolve().parent


@pytest.fixture(autouse=True)
def _windows_settle_without_a_full_collection(request, monkeypatch):
    """A window opened in a test sets its objects aside (``game.ui.collector.settle``)
    without first walking the whole heap: in a test process that walk is 30-100 ms a
    window, over a thousand windows. tests/ui/test_collector.py tests the real one."""
    if request.node.path.name != "test_collector.py":
        import gc

        from game.ui import collector

        monkeypatch.setattr(collector, "settle", gc.freeze)


@pytest.fixture(autouse=True)
def _windows_without_a_sound_device(request, monkeypatch):
    """A window opened in a test finds no sound device (as on a machine without one: the
    game goes on silent): closing SDL's dummy device waits 20-30 ms for its thread, over
    a thousand windows. tests/ui/test_audio.py keeps the dummy device and its sounds."""
    if request.node.path.name != "test_audio.py":
        monkeypatch.setenv("SDL_AUDIODRIVER", "none")  # (no such driver: no device)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark ``slow`` every test tests/slow.py names, by its file or its function, and
    run those first."""
    slow: set[int] = set()
    for item in items:
        path = Path(str(item.path)).resolve()
        if not path.is_relative_to(TESTS):
            continue
        function = getattr(item, "originalname", item.name)
        if is_slow(path.relative_to(TESTS).as_posix(), function):
            item.add_marker(pytest.mark.slow)
            slow.add(id(item))
    # The slow tests first (a stable sort: each file's order kept): the workers share out
    # the long ones while many short ones remain to even out the end (a long test started
    # last kept one worker busy alone for up to 40 s).
    items.sort(key=lambda item: id(item) not in slow)


class FakeRay:
    """Ray's calls as the training runs use them, run here: what a cluster would compute."""

    def __init__(self):
        self.address = None
        self.put_count = self.task_count = 0
        self.shut = False

    def init(self, address):
        self.address = address

    def put(self, value):
        self.put_count += 1
        return ("ref", value)

    def remote(self, function):
        # Ray takes only a function or a class here (a functools.partial is refused).
        assert inspect.isfunction(function) or inspect.isclass(function), function
        fake = self

        class Remote:
            @staticmethod
            def remote(ref, *args):
                fake.task_count += 1
                assert ref[0] == "ref"  # the job goes by reference, put once a round
                return function(ref[1], *args)

        return Remote

    def get(self, refs):
        return list(refs)

    def shutdown(self):
        self.shut = True


@pytest.fixture
def fake_ray(monkeypatch):
    """A ``FakeRay`` in place of the ``ray`` module."""
    fake = FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    return fake
