"""The analysis scene's words: the decision at hand, each side's figures, and how the
rating and the grades are defined (pure: no pygame).

The analysis stores language-neutral values (a grade is "doubtful", a cube decision
"Double", a note its English text); they are put in the player's language here, as they
are shown. The drills use the same words for a loss and its grade.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.i18n import N_, _, ngettext, number, percent, pgettext
from game.play.advice import (
    BAD,
    DOUBTFUL,
    GRADE_TITLES,
    GRADE_WORDS,
    VERY_BAD,
    chance_game,
    grade_word,
    loss_words,
)
from game.rules.notation import PASS_TEXT
from game.study.analysis import Decision, GameAnalysis

# How a game was won, by its kind (game.rules.outcome.Kind; a single game: WON).
WON = N_("{name} won")
KIND_WORDS = {
    "gammon": N_("{name} won a gammon"),
    "backgammon": N_("{name} won a backgammon"),
    "shutout": N_("{name} won by a shut-out"),
    "lympolding": N_("{name} won by lympolding"),
    "lurching": N_("{name} won by lurching"),
    "last_mover": N_("{name} won as the last to move"),
    "mars": N_("{name} won a mars"),
    "mother": N_("{name} won by pinning the mother"),
}


# TRANSLATORS: {scale} is 500; {doubtful}, {bad} and {very_bad} are losses (0.03, 0.06, 0.12).
PR_HELP = N_(
    "PR, the performance rating: {scale} × the average loss per real decision (a play with "
    "more than one choice, a take or pass, a cube turn that doubled or should have); in "
    "games without a cube, the same over the plays alone. 0 is perfect play. A loss of "
    "{doubtful} or more is doubtful, {bad} bad, {very_bad} very bad."
)
# TRANSLATORS: the analysis's keys: Left, Right, Home, End, PgUp, PgDn, B and Esc are the
# keyboard's keys.
KEYS_HELP = N_(
    "Left/Right: step  ·  Home/End: first and last  ·  PgUp/PgDn: the errors  ·  "
    "B: the best play on the board, or the one made  ·  click the graph: go there  ·  "
    "Esc: back"
)


def pr_help() -> str:
    """What PR and the grades mean, in the language in use (the tutor's thresholds)."""
    return _(PR_HELP).format(
        scale=number(500),
        doubtful=number(DOUBTFUL, 2),
        bad=number(BAD, 2),
        very_bad=number(VERY_BAD, 2),
    )


def grade_title(grade: str) -> str:
    """A grade at the head of a sentence ("Doubtful", "Bad", "Very bad")."""
    return _(GRADE_TITLES[grade]) if grade in GRADE_TITLES else grade


def grade_count(grade: str, n: int) -> str:
    """How many decisions earned ``grade``: "2 doubtful", "1 very bad"."""
    if grade == "doubtful":
        return ngettext("{n} doubtful", "{n} doubtful", n).format(n=n)
    if grade == "bad":
        return ngettext("{n} bad", "{n} bad", n).format(n=n)
    return ngettext("{n} very bad", "{n} very bad", n).format(n=n)


def _sign(value: float) -> str:
    return "+" if value >= 0 else "-"


def points_words(points: str, whole_one: bool) -> str:
    """``points`` (a number already written: "0.085", "+1.000") as points of a game."""
    # TRANSLATORS: an amount of points with three decimals ("0.085 points")
    return ngettext("{points} point", "{points} points", 1 if whole_one else 2).format(
        points=points
    )


def signed(value: float, players: int) -> str:
    """A luck or value with its sign: ``+0.123 points`` or ``+4.5% chance to win``."""
    if chance_game(players):
        shown = _sign(value) + percent(abs(value), 1)
        return _("{value} chance to win").format(value=shown)
    return points_words(_sign(value) + number(abs(value), 3), abs(abs(value) - 1) < 5e-4)


def dice_words(dice: Sequence[int]) -> str:
    return "-".join(str(d) for d in dice)


def side_name(names: Sequence[str], side: int) -> str:
    """A side's name, or "Side 2" where none is given."""
    return names[side] if side < len(names) else _("Side {n}").format(n=side + 1)


def choice_words(words: str) -> str:
    """A decision's choice as shown: a play's notation as it is, a cube decision (stored
    in English: "Double", "Take", ...) in the language in use."""
    cube = {
        # TRANSLATORS: the cube decisions an analysis names (what was chosen, the best).
        "Double": pgettext("cube", "Double"),
        "No double": pgettext("cube", "No double"),
        "Take": pgettext("cube", "Take"),
        "Pass": pgettext("cube", "Pass"),
        "Beaver": pgettext("cube", "Beaver"),
        # TRANSLATORS: a turn with no legal move, where a play's notation would be.
        PASS_TEXT: pgettext("play", "no move"),
    }
    return cube.get(words, words)


def row_label(key: str) -> str:
    """The label of one of ``decision_lines``' rows (its key: Played, Best, Loss, Luck)."""
    labels = {
        # TRANSLATORS: labels of the decision judged: the play made, the expert's best,
        # what the play gave away, and the luck of the throw.
        "Played": pgettext("analysis row", "Played"),
        "Best": pgettext("analysis row", "Best"),
        "Loss": pgettext("analysis row", "Loss"),
        "Luck": pgettext("analysis row", "Luck"),
    }
    return labels.get(key, key)


def decision_heading(decision: Decision | None, names: Sequence[str]) -> str:
    """Who decides what at the position shown ("Crimson to play 6-2")."""
    if decision is None:
        return _("After the last decision")
    who = side_name(names, decision.side)
    if decision.kind == "play":
        return _("{name} to play {dice}").format(name=who, dice=dice_words(decision.dice))
    if decision.kind == "double":
        return _("{name}: double or not").format(name=who)
    return _("{name}: take or pass").format(name=who)


def decision_lines(decision: Decision, players: int) -> list[tuple[str, str, str | None]]:
    """The decision judged, as (row, words, grade) rows: what was played, the expert's
    best, the loss and its grade, the luck of the throw. A row is named by its key
    (Played, Best, Loss, Luck: ``row_label`` shows it); the words are shown as they are."""
    rows: list[tuple[str, str, str | None]] = [("Played", choice_words(decision.chosen), None)]
    if decision.kind == "play" and decision.choices <= 1:
        rows.append(("Best", _("the only play: nothing to choose"), None))
    else:
        rows.append(("Best", choice_words(decision.best), None))
        if decision.grade is None:
            if decision.loss < 5e-4:
                loss = pgettext("loss", "none")
            else:
                loss = loss_words(decision.loss, players)
            rows.append(("Loss", _("{loss} (a good choice)").format(loss=loss), None))
        else:
            words = _("{loss}: {grade}").format(
                loss=loss_words(decision.loss, players), grade=grade_word(decision.grade)
            )
            rows.append(("Loss", words, decision.grade))
    if decision.luck is not None:
        luck = _("{luck} (the throw)").format(luck=signed(decision.luck, players))
        rows.append(("Luck", luck, None))
    return rows


def result_words(result: Mapping[str, Any] | None, names: Sequence[str]) -> str:
    """How the game ended, in a few words."""
    if not result:
        return _("The record ends before the game does.")
    winner = result.get("winner")
    if not isinstance(winner, int) or not 0 <= winner < len(names):
        return _("The game ended in a tie.")
    won = _(KIND_WORDS.get(str(result.get("kind")), WON)).format(name=names[winner])
    points = result.get("points")
    if isinstance(points, int):
        # TRANSLATORS: {won} is a sentence as "Crimson won a gammon".
        return ngettext("{won}, {n} point.", "{won}, {n} points.", points).format(won=won, n=points)
    return _("{won}.").format(won=won)


def side_words(analysis: GameAnalysis, side: int) -> str:
    """One side's figures: its rating, its luck, its errors."""
    rating = analysis.rating(side)
    if rating is not None:
        parts = [_("PR {rating}").format(rating=number(rating, 1))]
    else:
        parts = [_("PR: no real choice")]
    luck = analysis.luck(side)
    if luck is not None:
        parts.append(_("luck {luck}").format(luck=signed(luck, analysis.players)))
    counts = analysis.grade_counts(side)
    parts.append(", ".join(grade_count(g, n) for g, n in counts.items()))
    return "  ·  ".join(parts)


__all__ = [
    "GRADE_TITLES",
    "GRADE_WORDS",
    "KEYS_HELP",
    "KIND_WORDS",
    "PR_HELP",
    "choice_words",
    "decision_heading",
    "decision_lines",
    "dice_words",
    "grade_count",
    "grade_title",
    "grade_word",
    "loss_words",
    "points_words",
    "pr_help",
    "result_words",
    "row_label",
    "side_name",
    "side_words",
    "signed",
]
