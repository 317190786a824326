"""An analysis in words: the text ``python -m game.study`` prints (pure).

It stays English in every language: a command-line export read beside the records and
the log (which are English), not a word of the window (that is ``game.ui.analysis_words``).
"""

from __future__ import annotations

from game.play.advice import chance_game, loss_words
from game.rules.variants import find_variant
from game.study.analysis import GameAnalysis


def summary_lines(analysis: GameAnalysis, title: str = "") -> list[str]:
    """Each side's rating, luck and errors, then every decision graded doubtful or worse."""
    players = analysis.players
    name = find_variant(analysis.variant_id).name
    out = [title or f"{name}: analysis by the expert"]
    for side in range(players):
        who = analysis.names[side]
        rating = analysis.rating(side)
        luck = analysis.luck(side)
        counts = analysis.grade_counts(side)
        parts = [
            f"rating {rating:.1f}" if rating is not None else "no real choice to rate",
            f"{analysis.counted(side)} real choices",
            f"{counts['doubtful']} doubtful, {counts['bad']} bad, {counts['very bad']} very bad",
        ]
        if luck is not None:
            parts.append(f"luck {_signed(luck, players)}")
        out.append(f"  {who}: " + "; ".join(parts))
    errors = [d for d in analysis.decisions if d.grade is not None]
    if errors:
        out.append("Errors:")
    for d in errors:
        dice = "-".join(str(x) for x in d.dice)
        where = f"entry {d.entry + 1}"
        head = f"{analysis.names[d.side]}, {where}" + (f", {dice}" if dice else "")
        out.append(
            f"  {head}: {d.chosen} ({d.grade}, {loss_words(d.loss, players)}); best {d.best}"
        )
    for note in analysis.notes:
        out.append(note)
    return out


def _signed(value: float, players: int) -> str:
    if chance_game(players):
        return f"{100 * value:+.1f}% chance to win"
    return f"{value:+.3f} points"


__all__ = ["summary_lines"]
