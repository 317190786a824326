"""The looks table: one entry per variant, read by the theme, the board's geometry and
the era line (a new variant adds one entry)."""

from __future__ import annotations

import pytest

from game.rules.variants import VARIANTS, find_variant
from game.ui.looks import LOOKS, Look, look_of
from game.ui.pages import era
from game.ui.render.layout import geometry_of
from game.ui.theme import THEMES, theme_for


def test_every_variant_has_one_look_and_no_look_is_left_over():
    assert set(LOOKS) == set(VARIANTS)


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_the_look_is_what_the_window_reads(variant_id):
    look = LOOKS[variant_id]
    assert look.theme in THEMES
    assert theme_for(variant_id) is THEMES[look.theme]
    assert geometry_of(find_variant(variant_id)) == look.geometry
    assert era(variant_id) == look.era
    # A shared palette shows as many side colours as the look asks for.
    assert len(theme_for(variant_id, "classic").sides) >= look.sides
    assert look.sides >= find_variant(variant_id).players


def test_a_variant_without_a_look_falls_back():
    assert look_of("no-such-game") is None
    assert theme_for("no-such-game") is THEMES["felt"]


@pytest.mark.parametrize(
    ("fields", "quoted"), [(("hexagon", "felt", ""), "'hexagon'"), (("rows", "felt", "", 1), "1")]
)
def test_a_bad_look_is_refused_with_its_value_quoted(fields, quoted):
    with pytest.raises(ValueError, match=quoted):
        Look(*fields)
