"""What a player reads of a variant (its sources, its options' labels, help and sources,
shown in the setup and in Rules & history) names works and people, never the project's
own files: no "seed 004", no "RULES.md"."""

from __future__ import annotations

import re

import pytest

from game.rules.variants import VARIANTS

INTERNAL = re.compile(r"\bseeds?\s*\d|RULES\.md|ENGINE-PROTOCOL|STYLE\.md", re.IGNORECASE)


def player_words(variant_id: str) -> list[str]:
    cls = VARIANTS[variant_id]
    words = [cls.name]
    for source in cls.sources:
        words += [source.author, source.work, source.year, source.note]
    for spec in cls.option_specs:
        words += [spec.label, spec.description, spec.source]
    return words


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_no_internal_file_names_reach_the_player(variant_id):
    leaks = [w for w in player_words(variant_id) if INTERNAL.search(w)]
    assert leaks == []


def test_the_check_sees_a_leak():
    assert INTERNAL.search("seed 004 (house rule)") and INTERNAL.search("decided in RULES.md")
    assert not INTERNAL.search("Alfonso X, Libro de los Juegos, 1283")
