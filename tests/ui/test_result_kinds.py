"""Every kind of result a registered game can end with has its words: the results'
headline and why the game ended, and the board's line at the end."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.play.session import GameSetup, GameSummary
from game.rules import match as m
from game.rules.outcome import Kind, Outcome, Termination
from game.rules.variants import VARIANTS, find_variant
from game.ui import result_words
from game.ui.scenes import board

KINDS = sorted({kind for cls in VARIANTS.values() for kind in cls.result_kinds})


def ended(variant_id: str, outcome: Outcome) -> GameSummary:
    state = m.new_game(find_variant(variant_id), random.Random(1))
    state = replace(state, phase=m.Phase.OVER, result=outcome)
    return GameSummary(GameSetup(variant_id), state, 1, 60, (0, 0), (0, 0))


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_a_game_ends_with_has_its_words(kind):
    assert kind in result_words.KIND_WORDS and result_words.KIND_HOW[kind]
    if kind is not Kind.TIE:
        assert kind in board.KIND_WORDS


def test_long_nardy_s_mars_and_plakoto_s_mother_are_told():
    mars = ended("nard", Outcome(0, Kind.MARS, 2))
    assert result_words.headline(mars).endswith("wins a mars")
    assert result_words.how_words(mars) == "The loser had not borne off a single man."
    mother = ended("plakoto", Outcome(1, Kind.MOTHER, 2, Termination.MOTHER))
    assert result_words.headline(mother).endswith("wins by pinning the mother")
    assert "starting point was pinned" in result_words.how_words(mother)


def test_plakoto_s_tie_says_both_mothers_are_pinned():
    tie = ended("plakoto", Outcome(None, Kind.TIE, 0, Termination.MOTHER))
    assert result_words.headline(tie) == "A tie"
    assert result_words.how_words(tie).startswith("Both mothers were pinned")
    stuck = ended("nard", Outcome(None, Kind.TIE, 0, Termination.DEADLOCK))
    assert result_words.how_words(stuck) == "Neither side could ever move again."
    # The board's line at the end of the game says it too.
    assert board.BoardScene.result_words(None, tie.state).endswith("both mothers are pinned")
    assert board.BoardScene.result_words(None, stuck.state).endswith("nobody can move")
