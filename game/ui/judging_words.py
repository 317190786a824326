"""How Tabula judges play, in words for each game's rules page: the loss of a decision
and its unit, the thresholds of doubtful, bad and very bad, the luck of a throw and the
performance rating (PR). Made from the constants the tutor and the analysis use, so the
page says what the program does (pure: no pygame)."""

from __future__ import annotations

from game.i18n import N_, _, number
from game.names import game_name
from game.play.advice import BAD, DOUBTFUL, VERY_BAD
from game.rules.variants import VARIANTS
from game.study.analysis import PR_SCALE

HEADING = N_("How play is judged")


def has_cube(variant_id: str) -> bool:
    """Whether the game can be played with the doubling cube (always, or by an option)."""
    cls = VARIANTS[variant_id]
    return cls.has_cube is True or any(spec.name == "cube" for spec in cls.option_specs)


def unit_words(variant_id: str) -> str:
    """What a loss is counted in, for this game."""
    cls = VARIANTS[variant_id]
    if cls.players > 2:
        return _(
            "the chance to win the game: a loss of {loss} gives away three games in a hundred"
        ).format(loss=number(0.03, 2))
    if has_cube(variant_id):
        return _(
            "the points of a game, as the game scores its wins, with the stakes at one (a cube "
            "decision's loss is counted per unit of the cube)"
        )
    return _("the points of a game, as the game scores its wins, with the stakes at one")


def judging_paragraphs(variant_id: str) -> list[tuple[str, str]]:
    """The section that ends the rules page: ("heading" | "body", text) pairs."""
    name = game_name(variant_id)
    cube = has_cube(variant_id)
    if cube:
        tutor = _(
            "The tutor, the hints and the analysis of a finished game judge every play and cube "
            "decision against the expert, the strongest computer opponent, looking ahead."
        )
        counted = _(
            "The performance rating (PR) of a side is {scale} times its average loss over its "
            "real decisions: plays with more than one different result, takes and passes, and "
            "the turns where it doubled or should have."
        )
    else:
        tutor = _(
            "The tutor, the hints and the analysis of a finished game judge every play against "
            "the expert, the strongest computer opponent, looking ahead."
        )
        counted = _(
            "The performance rating (PR) of a side is {scale} times its average loss over its "
            "plays with more than one different result (a forced play is not counted)."
        )
    loss = _(
        "A decision's loss is what it gives away against the expert's best choice, in {unit}. "
        "A loss of {doubtful} or more is marked doubtful, {bad} or more bad, and {very_bad} or "
        "more very bad. The expert is strong but not perfect: its judgement is an estimate, "
        "best read over a whole game."
    ).format(
        unit=unit_words(variant_id),
        doubtful=number(DOUBTFUL, 2),
        bad=number(BAD, 2),
        very_bad=number(VERY_BAD, 2),
    )
    scale = _(
        "0 is perfect play; in backgammon a PR under 5 is world-class, about 10 a strong club "
        "player, and 20 or more a casual player."
    )
    paragraphs = [
        ("body", f"{tutor} {loss}"),
        (
            "body",
            _(
                "The luck of a throw is what its best play is worth against the best play of "
                "the average throw: above zero the dice helped the side that threw them, below "
                "zero they hurt. A game's luck is the sum over its throws, for each side."
            ),
        ),
        ("body", f"{counted.format(scale=number(PR_SCALE))} {scale}"),
    ]
    if not cube:
        if VARIANTS[variant_id].players > 2:
            without = _(
                "{name} is played without the cube, so its PR counts the plays alone, on the "
                "same scale as backgammon's: a PR of 5 gives away, on average, one game in a "
                "hundred every decision."
            )
        else:
            without = _(
                "{name} is played without the cube, so its PR counts the plays alone, on the "
                "same scale as backgammon's: a PR of 5 gives away, on average, a hundredth of a "
                "game's stakes every decision."
            )
        paragraphs.append(("body", without.format(name=name)))
    return [("heading", _(HEADING)), *paragraphs]
