"""The board's line as a saved game goes on, and the error card's "where", are said in
the player's language; the log keeps them in English."""

from __future__ import annotations

import inspect
import random

from game import i18n
from game.play import events as ev
from game.play.saved_dice import LOST_WORDS
from game.play.session import GameSetup, SavedGame, Seat
from game.play.table import Table
from game.rules import match as m
from game.rules.variants import find_variant
from game.ui import app as app_module
from game.ui.saving import resumed_words, saved_words
from game.ui.scenes.base import Scene


def saved_game(notice: str = "") -> SavedGame:
    variant = find_variant("backgammon")
    rng = random.Random(4)
    state = m.new_game(variant, rng)
    setup = GameSetup("backgammon", seats=(Seat(), Seat(human=False, level="expert")), seed=4)
    return SavedGame(setup, 4, rng.getstate(), state, (), (0, 0), {}, notice=notice)


def test_a_resumed_game_is_told_to_the_board_not_said_in_english():
    saved = saved_game()
    table = Table(saved.setup, saved=saved)
    table.begin()
    events = table.poll()
    assert any(isinstance(e, ev.Resumed) and not e.lost_dice for e in events)
    assert not [e for e in events if isinstance(e, ev.Said) and "Resumed" in e.text]


def test_the_resumed_line_is_in_the_language_in_use():
    saved = saved_game()
    try:
        i18n.set_language(i18n.PSEUDO)
        line = resumed_words(saved)
        assert line == i18n.pseudo("Resumed: {game}").format(game=saved_words(saved))
        assert resumed_words(saved, lost_dice=True) == i18n.pseudo(LOST_WORDS)
    finally:
        i18n.set_language(i18n.ENGLISH)
    assert resumed_words(saved).startswith("Resumed: Backgammon against the computer (Expert)")


def test_every_screen_has_its_words_for_the_error_card():
    import game.ui.scenes as scenes_package

    names = set()
    for info in __import__("pkgutil").iter_modules(scenes_package.__path__):
        module = __import__(f"game.ui.scenes.{info.name}", fromlist=["x"])
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, Scene) and cls.__module__ == module.__name__:
                names.add(cls.__name__)
    names -= {"Scene", "WidgetScene"}
    assert names - set(app_module.SCREEN_WORDS) == set()
    try:
        i18n.set_language(i18n.PSEUDO)
        assert app_module.screen_words(None) == i18n.pseudo("the window")
    finally:
        i18n.set_language(i18n.ENGLISH)
