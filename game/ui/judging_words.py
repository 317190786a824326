"""How Tabula judges play, in words for each game's rules page: the loss of a decision
and its unit, the thresholds of doubtful, bad and very bad, the luck of a throw and the
performance rating (PR). Made from the constants the tutor and the analysis use, so the
page says what the program does (pure: no pygame)."""

from __future__ import annotations

from game.play.advice import BAD, DOUBTFUL, VERY_BAD
from game.rules.variants import VARIANTS
from game.study.analysis import PR_SCALE

HEADING = "How play is judged"


def has_cube(variant_id: str) -> bool:
    """Whether the game can be played with the doubling cube (always, or by an option)."""
    cls = VARIANTS[variant_id]
    return cls.has_cube is True or any(spec.name == "cube" for spec in cls.option_specs)


def unit_words(variant_id: str) -> str:
    """What a loss is counted in, for this game."""
    cls = VARIANTS[variant_id]
    if cls.players > 2:
        return (
            "the chance to win the game: a loss of 0.03 gives away three games in a hundred"
        )
    words = "the points of a game, as the game scores its wins, with the stakes at one"
    if has_cube(variant_id):
        words += " (a cube decision's loss is counted per unit of the cube)"
    return words


def judging_paragraphs(variant_id: str) -> list[tuple[str, str]]:
    """The section that ends the rules page: ("heading" | "body", text) pairs."""
    name = VARIANTS[variant_id].name
    cube = has_cube(variant_id)
    decisions = "every play and cube decision" if cube else "every play"
    counted = (
        "its real decisions: plays with more than one different result, takes and passes, "
        "and the turns where it doubled or should have"
        if cube
        else "its plays with more than one different result (a forced play is not counted)"
    )
    paragraphs = [
        (
            "body",
            f"The tutor, the hints and the analysis of a finished game judge {decisions} "
            f"against the expert, the strongest computer opponent, looking ahead. A decision's "
            f"loss is what it gives away against the expert's best choice, in "
            f"{unit_words(variant_id)}. A loss of {DOUBTFUL:.2f} or more is marked doubtful, "
            f"{BAD:.2f} or more bad, and {VERY_BAD:.2f} or more very bad. The expert is strong "
            f"but not perfect: its judgement is an estimate, best read over a whole game.",
        ),
        (
            "body",
            "The luck of a throw is what its best play is worth against the best play of the "
            "average throw: above zero the dice helped the side that threw them, below zero "
            "they hurt. A game's luck is the sum over its throws, for each side.",
        ),
        (
            "body",
            f"The performance rating (PR) of a side is {PR_SCALE:.0f} times its average loss "
            f"over {counted}. 0 is perfect play; in backgammon a PR under 5 is world-class, "
            f"about 10 a strong club player, and 20 or more a casual player.",
        ),
    ]
    if not cube:
        given = (
            "one game in a hundred"
            if VARIANTS[variant_id].players > 2
            else "a hundredth of a game's stakes"
        )
        paragraphs.append(
            (
                "body",
                f"{name} is played without the cube, so its PR counts the plays alone, on the "
                f"same scale as backgammon's: a PR of 5 gives away, on average, {given} "
                f"every decision.",
            )
        )
    return [("heading", HEADING), *paragraphs]
