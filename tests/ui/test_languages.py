"""The window's language: chosen in Settings, it changes every word at once without a
restart, is kept with the settings and is the one the next start opens in."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from stepping import press, step

from game import i18n
from game.store.settings import Settings
from game.ui.app import App
from game.ui.routes import Route
from game.ui.scenes.settings import SettingsScene


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language(i18n.ENGLISH)


def test_greek_chosen_in_settings_changes_the_words_at_once(app):
    app.go(Route.MENU)
    scene = app.go(Route.SETTINGS)
    assert isinstance(scene, SettingsScene)
    assert scene.language.label == "Language" and scene.back_button.label == "Back"
    scene.language.set("el")  # as the chevrons and the keys set it
    step(app, 2)
    assert app.settings.language == "el" and i18n.language() == "el"
    assert scene.language.label == "Γλώσσα" and scene.back_button.label == "Πίσω"
    assert scene.language.value == "el"  # the row shows what was chosen
    assert scene.focus.widgets[0] is scene.language
    scene.draw(app.screen)
    press(app, pygame.K_ESCAPE)  # still works in the new language
    assert app.stack.top is not scene


def test_the_language_kept_is_the_one_the_next_start_opens_in(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    app = App(replace(Settings(), language="el", muted=True), persist=False)
    app.start((1280, 800))
    try:
        assert i18n.language() == "el"
    finally:
        app.stop()
    app = App(replace(Settings(), muted=True), persist=False)
    monkeypatch.setenv("LANGUAGE", "ru_RU.UTF-8")  # none chosen: the system's
    app.start((1280, 800))
    try:
        assert i18n.language() == "ru"
    finally:
        app.stop()
