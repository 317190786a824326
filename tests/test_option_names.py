"""The variants' rule options in the catalogue (game.option_names): every label,
description and source of every variant is marked, and each is shown through it."""

from __future__ import annotations

import pytest

from game import i18n
from game.option_names import (
    DESCRIPTIONS,
    LABELS,
    NAMED_SOURCES,
    SOURCES,
    option_help,
    option_label,
    option_value,
)
from game.rules.variants import VARIANTS

SPECS = [(vid, spec) for vid, cls in VARIANTS.items() for spec in cls.option_specs]


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language(i18n.ENGLISH)


@pytest.mark.parametrize(("variant_id", "spec"), SPECS, ids=[f"{v}-{s.name}" for v, s in SPECS])
def test_every_option_of_every_variant_is_in_the_catalogue(variant_id, spec):
    assert LABELS.get(spec.label) == spec.label
    assert spec.description in DESCRIPTIONS
    assert not spec.source or spec.source in SOURCES or spec.source in NAMED_SOURCES


def test_no_word_is_kept_for_an_option_no_variant_has():
    specs = [spec for _, spec in SPECS]
    assert set(LABELS) == {s.label for s in specs}
    assert {s.description for s in specs} == DESCRIPTIONS
    assert {s.source for s in specs if s.source} == SOURCES | NAMED_SOURCES


def test_an_option_reads_in_the_language_in_use():
    spec = next(s for s in VARIANTS["backgammon"].option_specs if s.name == "match_length")
    assert option_label(spec) == "Match length"
    assert option_value(spec, 0) == "Money game"
    assert option_value(spec, 1) == "Match to 1 point"
    assert option_value(spec, 5) == "Match to 5 points"
    i18n.set_language(i18n.PSEUDO)
    assert option_label(spec) == i18n.pseudo("Match length")
    assert option_value(spec, 5) == i18n.pseudo("Match to {n} points").format(n=5)
    assert option_help(spec).startswith(i18n.pseudo(spec.description))


def test_a_source_that_is_a_name_stays_as_written():
    spec = next(s for s in VARIANTS["fevga"].option_specs if s.source == "BrainKing")
    i18n.set_language(i18n.PSEUDO)
    assert "BrainKing" in option_help(spec)


def test_every_level_of_the_computer_has_a_name():
    from game.ai.levels import LEVELS
    from game.level_names import NAMES, level_name

    assert set(NAMES) == {str(level) for level in LEVELS}
    assert level_name("expert") == "Expert" and level_name("nobody") == "nobody"
    i18n.set_language(i18n.PSEUDO)
    assert level_name("expert") == i18n.pseudo("Expert")
