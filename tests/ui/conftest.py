"""Fixtures shared by the window's tests."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.store.settings import Settings
from game.ui.app import App


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
