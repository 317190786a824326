"""The analysis scene's words: the decision at hand, each side's figures, and how the
rating and the grades are defined (pure: no pygame)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.play.advice import BAD, DOUBTFUL, VERY_BAD, chance_game, loss_words
from game.study.analysis import Decision, GameAnalysis

# How a game was won, after "won" (game.rules.outcome.Kind; a single game and a tie: "").
KIND_WORDS = {
    "gammon": " a gammon",
    "backgammon": " a backgammon",
    "shutout": " by a shut-out",
    "lympolding": " by lympolding",
    "lurching": " by lurching",
    "last_mover": " as the last to move",
    "mars": " a mars",
    "mother": " by pinning the mother",
}

PR_HELP = (
    "PR, the performance rating: 500 × the average loss per real decision (a play with "
    "more than one choice, a take or pass, a cube turn that doubled or should have); in "
    "games without a cube, the same over the plays alone. 0 is perfect play. A loss of "
    f"{DOUBTFUL:.2f} or more is doubtful, {BAD:.2f} bad, {VERY_BAD:.2f} very bad."
)
KEYS_HELP = (
    "Left/Right: step  ·  Home/End: first and last  ·  PgUp/PgDn: the errors  ·  "
    "B: the best play on the board, or the one made  ·  click the graph: go there  ·  "
    "Esc: back"
)


def signed(value: float, players: int) -> str:
    """A luck or value with its sign: ``+0.123 points`` or ``+4.5% chance to win``."""
    if chance_game(players):
        return f"{100 * value:+.1f}% chance to win"
    return f"{value:+.3f} points"


def dice_words(dice: Sequence[int]) -> str:
    return "-".join(str(d) for d in dice)


def decision_heading(decision: Decision | None, names: Sequence[str]) -> str:
    """Who decides what at the position shown ("Crimson to play 6-2")."""
    if decision is None:
        return "After the last decision"
    who = names[decision.side] if decision.side < len(names) else f"Side {decision.side + 1}"
    if decision.kind == "play":
        return f"{who} to play {dice_words(decision.dice)}"
    if decision.kind == "double":
        return f"{who}: double or not"
    return f"{who}: take or pass"


def decision_lines(decision: Decision, players: int) -> list[tuple[str, str, str | None]]:
    """The decision judged, as (label, words, grade) rows: what was played, the
    expert's best, the loss and its grade, the luck of the throw."""
    rows: list[tuple[str, str, str | None]] = [("Played", decision.chosen, None)]
    if decision.kind == "play" and decision.choices <= 1:
        rows.append(("Best", "the only play: nothing to choose", None))
    else:
        rows.append(("Best", decision.best, None))
        if decision.grade is None:
            loss = "none" if decision.loss < 5e-4 else loss_words(decision.loss, players)
            rows.append(("Loss", f"{loss} (a good choice)", None))
        else:
            rows.append(
                ("Loss", f"{loss_words(decision.loss, players)}: {decision.grade}", decision.grade)
            )
    if decision.luck is not None:
        rows.append(("Luck", f"{signed(decision.luck, players)} (the throw)", None))
    return rows


def result_words(result: Mapping[str, Any] | None, names: Sequence[str]) -> str:
    """How the game ended, in a few words."""
    if not result:
        return "The record ends before the game does."
    winner = result.get("winner")
    if not isinstance(winner, int) or not 0 <= winner < len(names):
        return "The game ended in a tie."
    points = result.get("points")
    worth = f", {points} point{'s' if points != 1 else ''}" if isinstance(points, int) else ""
    kind = KIND_WORDS.get(str(result.get("kind")), "")
    return f"{names[winner]} won{kind}{worth}."


def side_words(analysis: GameAnalysis, side: int) -> str:
    """One side's figures: its rating, its luck, its errors."""
    rating = analysis.rating(side)
    parts = [f"PR {rating:.1f}" if rating is not None else "PR: no real choice"]
    luck = analysis.luck(side)
    if luck is not None:
        parts.append(f"luck {signed(luck, analysis.players)}")
    counts = analysis.grade_counts(side)
    parts.append(", ".join(f"{n} {g}" for g, n in counts.items()))
    return "  ·  ".join(parts)


__all__ = [
    "KEYS_HELP",
    "PR_HELP",
    "decision_heading",
    "decision_lines",
    "dice_words",
    "result_words",
    "side_words",
    "signed",
]
