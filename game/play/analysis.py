"""The position's chances and the cube's advice, for a player who asks (C at the board):
the trained evaluation's view of the side on roll's chances to win, to win a gammon or a
backgammon and to lose one, before its roll, and where a cube decision is pending the
proper action in GNU Backgammon's words ("No double, take")."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.i18n import _, percent, pgettext
from game.rules import match as m

# The cube's advice (``game.ai.cube.CubeAnalysis.words``, English in the engine protocol and
# the records) as a player reads it: the action for the side on roll, then the answer.
ADVICE_PARTS: dict[str, Callable[[], str]] = {
    # TRANSLATORS: the cube's advice, before the comma: the side on roll should double
    "Double": lambda: pgettext("cube", "Double"),
    # TRANSLATORS: the cube's advice, before the comma: too strong to double (it plays on
    # for a gammon)
    "Too good": lambda: pgettext("cube", "Too good"),
    # TRANSLATORS: the cube's advice, before the comma: the side on roll should not double
    "No double": lambda: pgettext("cube", "No double"),
    # TRANSLATORS: the cube's advice, after the comma: the other side should accept
    "take": lambda: pgettext("cube", "take"),
    # TRANSLATORS: the cube's advice, after the comma: the other side should refuse
    "pass": lambda: pgettext("cube", "pass"),
    # TRANSLATORS: the cube's advice, after the comma: accept, and redouble at once
    "beaver": lambda: pgettext("cube", "beaver"),
}


def advice_words(advice: str) -> str:
    """The cube's advice ("No double, take") in the language in use (as it is where it
    is not the cube's)."""
    action, comma, answer = advice.partition(", ")
    if not comma or action not in ADVICE_PARTS or answer not in ADVICE_PARTS:
        return advice
    # TRANSLATORS: the cube's advice: the action, then the other side's answer
    return _("{action}, {answer}").format(
        action=ADVICE_PARTS[action](), answer=ADVICE_PARTS[answer]()
    )


@dataclass(frozen=True, slots=True)
class Chances:
    """The side on roll's chances (0-1) and the cube's advice ("" when none is due)."""

    side: int
    win: float
    gammon: float
    backgammon: float
    lose_gammon: float
    lose_backgammon: float
    cube: str = ""

    def lines(self) -> list[str]:
        """The chances as the board shows them, in the language in use."""
        out = [
            _("Wins {share}").format(share=percent(self.win, 1)),
            _("Gammon {share}").format(share=percent(self.gammon, 1)),
            _("Backgammon {share}").format(share=percent(self.backgammon, 1)),
            _("Loses a gammon {share}").format(share=percent(self.lose_gammon, 1)),
        ]
        if self.cube:
            # TRANSLATORS: the doubling cube's advice ("Cube: No double, take")
            out.append(_("Cube: {advice}").format(advice=advice_words(self.cube)))
        return out


def can_analyse(state: m.GameState) -> bool:
    """Two sides, a trained evaluation, a game in play."""
    from game.ai.players import has_levels

    return state.variant.players == 2 and not state.is_over and has_levels(state.variant.id)


def cube_due(state: m.GameState) -> bool:
    """Whether a cube decision is due in ``state``: the side on roll may double, or a
    double is to be taken, passed or beavered."""
    return state.variant.has_cube and (
        (state.phase is m.Phase.ROLL and m.can_double(state)) or state.phase is m.Phase.TAKE
    )


def cube_advice(state: m.GameState, probs: Any = None) -> str:
    """The cube's advice on ``state`` in GNU Backgammon's words ("No double, take"):
    always the expert's judgement (its cubeless chances, no level's error), whichever
    level the computer seats play at; "" where no cube decision is due."""
    if not cube_due(state):
        return ""
    from game.ai import cube
    from game.ai.players import cubeless

    if probs is None:
        probs = cubeless(state, "expert")
    return cube.analyse(state, probs).words()


def analyse_position(state: m.GameState) -> Chances:
    """The chances of ``state`` for the side on roll, and the cube's advice (worker
    thread: it loads the evaluation on first use)."""
    from game.ai.players import cubeless

    probs = cubeless(state, "expert")
    advice = cube_advice(state, probs)
    win, gammon, backgammon, lose_gammon, lose_backgammon = (float(p) for p in probs[:5])
    return Chances(state.on_roll, win, gammon, backgammon, lose_gammon, lose_backgammon, advice)


__all__ = [
    "ADVICE_PARTS",
    "Chances",
    "advice_words",
    "analyse_position",
    "can_analyse",
    "cube_advice",
    "cube_due",
]
