"""Fixtures shared by the window's tests."""

from __future__ import annotations

import sys
from dataclasses import replace

import pytest

from game.store.settings import Settings
from game.ui.app import App
from game.ui.widgets import text as text_module


@pytest.fixture
def app(tmp_path, monkeypatch):
    """A started app at 1280x800 with instant animation and no sound, keeping its records
    in a throw-away folder."""
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    app = App(replace(Settings(), animation="instant", muted=True), persist=False)
    app.start((1280, 800))
    app.running = True
    yield app
    app.stop()


@pytest.fixture
def cut(monkeypatch):
    """The texts ``fit_text`` had to cut, as (text, what was left)."""
    original = text_module.fit_text
    found: list[tuple[str, str]] = []

    def watched(text: str, role: str, size: float, width: int) -> str:
        out = original(text, role, size, width)
        if out != text:
            found.append((text, out))
        return out

    for module in list(sys.modules.values()):
        if module is not None and getattr(module, "fit_text", None) is original:
            monkeypatch.setattr(module, "fit_text", watched)
    return found
