"""Every game's rules page says how its play is judged (issue 46: the grades' thresholds
shown in the rules page), with the tutor's own thresholds, the PR's own scale, the game's
unit and whether its cube is judged."""

from __future__ import annotations

import pytest

from game.play import advice
from game.rules.variants import VARIANTS
from game.study.analysis import PR_SCALE
from game.ui.judging_words import HEADING, has_cube
from game.ui.pages import page_paragraphs, variant_text


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_every_rules_page_says_how_play_is_judged(variant_id):
    page = page_paragraphs(variant_text(variant_id))
    headings = [text for kind, text in page if kind == "heading"]
    assert HEADING in headings
    assert headings.index(HEADING) > headings.index("Rules")  # after the rules, before sources
    start = page.index(("heading", HEADING))
    section = " ".join(text for _, text in page[start + 1 :] if _ == "body")
    for threshold, grade in advice.GRADES:
        assert f"{threshold:.2f} or more" in section and grade in section
    assert f"{PR_SCALE:.0f} times" in section
    assert ("cube decision" in section) == has_cube(variant_id)
    chance = VARIANTS[variant_id].players > 2
    assert ("chance to win" in section) == chance
    assert ("without the cube" in section) == (not has_cube(variant_id))


def test_the_cube_is_named_only_where_a_game_has_one():
    assert {v for v in VARIANTS if has_cube(v)} == {"backgammon", "acey_deucey"}


def test_a_page_that_falls_back_on_the_engine_still_ends_with_the_judging(monkeypatch):
    from game.ui import texts

    def broken(variant_id):
        raise ValueError("unreadable")

    monkeypatch.setattr(texts, "load_variant_text", broken)
    page = page_paragraphs(variant_text("plakoto"))
    assert ("heading", HEADING) in page
