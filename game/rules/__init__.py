"""The rules engine: pure, standard library only, shared by the window, the AI,
the engine protocol, the tools and the tests.

    >>> from game.rules import find_variant
    >>> bg = find_variant("backgammon")
    >>> len(bg.generate_plays(bg.start_position(), (3, 1)))
    16
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.dice import Roll, chance_outcomes, opening_roll, roll_dice
from game.rules.errors import (
    IllegalPlayError,
    NotationError,
    OptionError,
    PositionError,
    RulesError,
    UnknownVariantError,
)
from game.rules.outcome import Kind, Outcome, Termination
from game.rules.play import PASS, Play, Step
from game.rules.position import Position, position_from_counts
from game.rules.variants import VARIANTS, Variant, find_variant


def generate_plays(variant: Variant, position: Position, dice: Sequence[int]) -> list[Play]:
    """Every distinct legal play of ``dice`` for ``position.to_act``."""
    return variant.generate_plays(position, dice)


__all__ = [
    "PASS",
    "VARIANTS",
    "IllegalPlayError",
    "Kind",
    "NotationError",
    "OptionError",
    "Outcome",
    "Play",
    "Position",
    "PositionError",
    "Roll",
    "RulesError",
    "Step",
    "Termination",
    "UnknownVariantError",
    "Variant",
    "chance_outcomes",
    "find_variant",
    "generate_plays",
    "opening_roll",
    "position_from_counts",
    "roll_dice",
]
