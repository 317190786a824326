"""Shared test setup: everything runs headless, with no window and no sound; the slow
tests (tests/slow.py names them) are marked ``slow`` so ``make quick`` can leave them out."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from slow import is_slow  # tests/ is on the path (this file's folder)
from untrained import untrained  # noqa: F401 - the fixture that hides a game's network

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# The expert's look-ahead without its wall-clock backstop: answers never depend on load.
os.environ.setdefault("TABULA_THINK_SECONDS", "off")

TESTS = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark ``slow`` every test tests/slow.py names, by its file or its function."""
    for item in items:
        path = Path(str(item.path)).resolve()
        if not path.is_relative_to(TESTS):
            continue
        function = getattr(item, "originalname", item.name)
        if is_slow(path.relative_to(TESTS).as_posix(), function):
            item.add_marker(pytest.mark.slow)
