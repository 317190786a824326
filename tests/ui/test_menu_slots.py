"""The main menu's buttons keep their places whether or not Continue is offered (it has
a slot of its own), so a click meant for one never lands on another; Continue says
which game it resumes, whole, at every window size the layout tests pin."""

from __future__ import annotations

import pygame
import pytest
from scene_kit import open_app, reset_app, resize  # tests/ui on the path
from test_layout_pinned import SIZES as PINNED_SIZES  # tests/ui is on the path

from game.ai.levels import LEVELS
from game.play.session import GameSetup, Seat, tavli_setup
from game.play.table import Table
from game.rules.variants import VARIANTS
from game.ui.saving import keeper
from game.ui.scenes.menu import MenuScene, continue_words

SIZES = PINNED_SIZES


@pytest.fixture(scope="module")
def started_app(tmp_path_factory):
    yield from open_app(tmp_path_factory)


@pytest.fixture
def app(started_app):
    app = reset_app(started_app)
    app.records.clear_current()
    keeper(app).pending.clear()
    yield app
    resize(app, (1280, 800))


def saved_game(setup: GameSetup):
    return Table(setup).saved()


def menu_places(app) -> tuple[MenuScene, dict[str, pygame.Rect]]:
    while app.stack.scenes:
        app.stack.scenes.pop().on_exit()
    menu = MenuScene(app)
    app.push(menu)
    return menu, {b.label: b.rect.copy() for b in menu.buttons}


@pytest.mark.parametrize("size", SIZES)
def test_no_button_moves_when_continue_appears(app, size):
    resize(app, size)
    _, before = menu_places(app)
    assert "Continue" not in before
    keeper(app).keep_current(saved_game(GameSetup("plakoto", seats=(Seat(), Seat(False)), seed=2)))
    menu, after = menu_places(app)
    assert menu.saved is not None and "Continue" in after
    assert {k: v for k, v in after.items() if k != "Continue"} == before
    others = [r for k, r in after.items() if k != "Continue"]
    assert after["Continue"].collidelist(others) == -1  # its own slot, over no other
    assert all(app.screen.get_rect().contains(r) for r in after.values())


def test_a_click_on_play_where_play_was_opens_the_setup(app):
    """The click the player aimed at Play before a game was saved still opens Play."""
    _, before = menu_places(app)
    keeper(app).keep_current(saved_game(GameSetup("portes", seats=(Seat(), Seat(False)), seed=2)))
    menu, _ = menu_places(app)
    chosen = []
    play = next(b for b in menu.buttons if b.label == "Play")
    play.on_click = lambda: chosen.append("Play")
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle(pygame.event.Event(kind, button=1, pos=before["Play"].center))
    assert chosen == ["Play"]


def setups():
    """A game of every variant against every level, people alone, and a Tavli match."""
    for vid, cls in VARIANTS.items():
        others = cls.players - 1
        for level in LEVELS:
            yield GameSetup(vid, seats=(Seat(), *(Seat(False, level),) * others), seed=1)
        yield GameSetup(vid, seats=(Seat(),) * cls.players, seed=1)
    yield tavli_setup(7, (Seat(), Seat(False, "intermediate")), seed=1)


def test_continue_names_the_game_and_its_opponent():
    setup = GameSetup("plakoto", seats=(Seat(), Seat(False, "advanced")), seed=1)
    assert continue_words(saved_game(setup)) == "Plakoto against Advanced"
    people = GameSetup("backgammon", seats=(Seat(), Seat()), seed=1)
    assert continue_words(saved_game(people)) == "Backgammon, 2 at the table"
    tavli = tavli_setup(5, (Seat(), Seat(False, "expert")), seed=1)
    assert continue_words(saved_game(tavli)) == "Tavli: Portes against Expert"


@pytest.mark.parametrize("size", SIZES)
def test_continue_fits_whole_for_every_game_at_every_size(app, cut, size):
    resize(app, size)
    for setup in setups():
        saved = saved_game(setup)
        keeper(app).keep_current(saved)
        menu, _ = menu_places(app)
        button = menu.buttons[0]
        assert button.label == "Continue" and button.detail == continue_words(saved)
        menu.draw(app.screen)
    assert cut == []
