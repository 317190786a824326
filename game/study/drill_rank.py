"""A drill's table of plays: what each gives away against the expert's best, made
where the work may take seconds (the starting sets' maker, a study job beside the
window), so that the window judges most answers at once.

The table holds the plays the expert's look-ahead saw (``ranked_plays``), and each of
the first ``JUDGED`` plays of its ranking judged by the tutor's own measure
(``play_loss``: the look-ahead with that play in it) where it did not; an answer
among the others is judged by the study job when it is given.
"""

from __future__ import annotations

from typing import Any

from game.ai.players import play_loss, ranked_plays
from game.play.advice import play_text
from game.rules import match as m
from game.study.drills import MAX_RANKED

JUDGED = 6  # the first plays of the ranking each judged as the tutor judges a play


def drill_table(state: m.GameState) -> tuple[list[Any], tuple[tuple[str, float], ...]]:
    """The expert's ranking of ``state``'s plays and the drill's table of them, least
    loss first (the best play first, at 0)."""
    ranked = ranked_plays(state, "expert")
    best = ranked[0].value
    seen: dict[str, float] = {}
    for n, r in enumerate(ranked[:MAX_RANKED]):
        text = play_text(state, r.play)
        if n == 0 or r.deep:
            seen.setdefault(text, max(0.0, best - r.value))
        elif n < JUDGED and text not in seen:
            seen[text] = play_loss(state, r.play)[0]
    return ranked, tuple(sorted(seen.items(), key=lambda item: item[1]))


__all__ = ["JUDGED", "drill_table"]
