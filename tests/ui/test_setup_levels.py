"""The setup's level picker: every level's name whole at every pinned window size
("Intermedi…" at 1280x800 before), and the level chosen for a game remembered in the
settings and given back when that game is chosen again (it fell back to Novice, random
moves, every time); a damaged setting falls back to the default, nothing else lost."""

from __future__ import annotations

import json
from dataclasses import replace

import pygame
import pytest
from scene_kit import FakeBoard, click, open_app, press, reset_app, resize  # tests/ui on the path
from test_layout_pinned import SIZES as PINNED_SIZES  # tests/ui is on the path

from game import i18n
from game.ai.levels import LEVELS
from game.rules.variants import VARIANTS
from game.store.records import Records
from game.store.settings import Settings, load_settings, save_settings
from game.ui.routes import Route
from game.ui.scenes.setup import SetupScene

SIZES = PINNED_SIZES


@pytest.fixture(scope="module")
def started_app(tmp_path_factory):
    yield from open_app(tmp_path_factory)


@pytest.fixture
def app(started_app):
    app = reset_app(started_app)
    yield app
    resize(app, (1280, 800))
    app.settings = reset_app(app).settings


@pytest.fixture
def fake_board(monkeypatch):
    from game.ui import router

    FakeBoard.payloads = []
    board = router.SCENES[Route.BOARD]
    monkeypatch.setitem(router.SCENES, Route.BOARD, replace(board, scene=FakeBoard))
    return FakeBoard


def setup_scene(app, mode="local") -> SetupScene:
    while app.stack.scenes:
        app.stack.scenes.pop().on_exit()
    scene = SetupScene(app)
    app.push(scene, mode)
    return scene


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("mode", ["local", "practice"])
def test_every_level_name_fits_whole_at_every_size(app, cut, size, mode):
    resize(app, size)
    scene = setup_scene(app, mode)
    for variant_id in VARIANTS:
        scene.select(variant_id)  # lays the rows out (the scene's own drawing adds nothing)
        rows = [level for _, _, level in scene.seat_rows if level.visible]
        assert rows, variant_id
        for level in rows:
            for value in LEVELS:  # each level chosen in turn (the chosen one is in bold)
                level.value = value
                level.draw(app.screen)  # the pills alone: the rest of the scene is as it was
                segments = level.segments()
                assert all(level.rect.contains(seg) for seg in segments)
    names = {str(level).capitalize() for level in LEVELS}
    assert [c for c in cut if c[0] in names] == []


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_levels_too_long_for_one_row_go_on_two_and_each_is_still_clicked(app, cut, size):
    """In a longer language the five names do not fit one row: they take two, the seat's
    row as tall as two, and a click on a pill of the second row picks its level."""
    resize(app, size)
    i18n.set_language(i18n.PSEUDO)
    try:
        scene = setup_scene(app)
        scene.select("backgammon")
        level = scene.seat_rows[1][2]
        tracks = level.tracks()
        assert len(tracks) == 2 and tracks[0].bottom < tracks[1].top
        assert all(level.rect.contains(track) for track in tracks)
        segments = level.segments()
        assert [seg.y for seg in segments].count(tracks[1].y) == 2
        for value, seg in zip(level.values, segments, strict=True):
            assert any(track.contains(seg) for track in tracks)
            if level.allowed(value):
                click(app, seg.center)
                assert level.value == value
        level.draw(app.screen)
        assert cut == []
        assert scene.level_note_y > tracks[1].bottom  # nothing under the second row
    finally:
        i18n.set_language(i18n.ENGLISH)


def test_the_level_chosen_for_a_game_is_given_back_when_it_is_chosen_again(app, fake_board):
    scene = setup_scene(app)
    scene.select("plakoto")
    scene.seat_rows[1][2].set("intermediate")
    scene.select("backgammon")
    scene.seat_rows[1][2].set("advanced")
    scene.select("plakoto")
    scene.focus.focus(scene.start_button)
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, FakeBoard)
    assert fake_board.payloads[-1].seats[1].level == "intermediate"
    # Back at the menu, a new game: the same game chosen comes with its level.
    scene = setup_scene(app)
    scene.select("plakoto")
    assert scene.seat_rows[1][2].value == "intermediate"
    assert scene.build_setup().seats[1].level == "intermediate"
    scene.select("backgammon")
    assert scene.build_setup().seats[1].level == "advanced"
    scene.select("fevga")  # a game never set keeps the default
    assert scene.build_setup().seats[1].level == "novice"
    # Every computer seat of El Mundo takes the level remembered for it.
    scene.select("el_mundo")
    scene.seat_rows[2][2].set("beginner")
    practice = setup_scene(app, "practice")
    practice.select("el_mundo")
    assert [s.level for s in practice.build_setup().seats[1:]] == ["beginner"] * 3


def test_the_levels_are_kept_with_the_settings(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    records = Records.open(tmp_path / "records.sqlite")
    settings = replace(Settings(), levels=(("nard", "beginner"), ("plakoto", "expert")))
    save_settings(settings, records)
    assert load_settings(records).levels == settings.levels
    assert json.loads(json.dumps(records.settings_values()))["levels"] == {
        "plakoto": "expert",
        "nard": "beginner",
    }
    records.close()


@pytest.mark.parametrize(
    "damaged",
    [
        "expert",
        ["plakoto", "expert"],
        {"plakoto": "grandmaster"},
        {"plakoto": 3},
        {"plakoto": None},
        {"": "expert"},
        {"x" * 500: "expert"},
        {"plakoto": {"deep": [1]}},
        7,
        None,
    ],
)
def test_a_damaged_levels_setting_falls_back_cleanly(app, tmp_path, monkeypatch, damaged):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    records = Records.open(tmp_path / "records.sqlite")
    records.save_settings_values({"levels": damaged, "volume": 0.25, "palette": "classic"})
    settings = load_settings(records)
    assert settings.levels == Settings().levels  # the default: nothing remembered
    assert settings.volume == 0.25 and settings.palette == "classic"  # the others kept
    records.close()
    app.settings = replace(app.settings, levels=settings.levels)
    scene = setup_scene(app)
    scene.select("plakoto")
    assert scene.build_setup().seats[1].level == "novice"


def test_a_remembered_level_the_game_cannot_play_falls_back(app, monkeypatch):
    """A level kept for a game that has no trained opponent (weights gone) is not
    offered: the seat falls back to the first level it has."""
    from game.ai import players

    app.settings = replace(app.settings, levels=(("lombardorum", "expert"),))
    monkeypatch.setattr(players, "network_for", lambda variant_id: None)
    scene = setup_scene(app)
    scene.select("lombardorum")
    assert scene.build_setup().seats[1].level == "novice"
