"""The chances and the cube's advice shown at the board on request."""

from __future__ import annotations

import random

from game.play.analysis import analyse_position, can_analyse
from game.rules import find_variant
from game.rules import match as m


def test_the_chances_of_the_opening_position_are_even_and_ordered():
    bg = find_variant("backgammon", {"cube": True})
    state = m.GameState(bg, bg.start_position())
    assert can_analyse(state)
    chances = analyse_position(state)
    assert 0.4 < chances.win < 0.65
    assert chances.win >= chances.gammon >= chances.backgammon >= 0
    assert chances.cube.startswith("No double")  # the opening position: nobody doubles
    assert chances.lines()[-1].startswith("Cube: ")


def test_no_cube_advice_where_no_cube_decision_is_due():
    bg = find_variant("backgammon", {"cube": False})
    state = m.new_game(bg, random.Random(1))
    assert analyse_position(state).cube == ""


def test_four_sides_are_not_analysed():
    state = m.new_game(find_variant("el_mundo"), random.Random(1))
    assert not can_analyse(state)
