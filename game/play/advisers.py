"""What the table asks of the computer, each in a worker thread or at once: whether a
variant can be advised, the hint's two looks, the tutor's judgement of a play, and a
computer seat's decision (``game.ai`` at its level, or a novice where the variant has
no trained evaluation).

``game.play.table`` imports these names and calls them through its own module, so a
test replaces one there (``monkeypatch.setattr(table, "hint_ranking", ...)``).
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from game.rules import actions as a
from game.rules import match as m
from game.rules.play import Play
from game.rules.variants.base import Variant

log = logging.getLogger("game.play.table")


def advice_available(variant_id: str) -> bool:
    """Whether hints and the tutor can judge ``variant_id`` (a trained evaluation)."""
    from game.ai.players import has_levels

    try:
        return has_levels(variant_id)
    except Exception:  # unreadable weights: no advice, but the game goes on
        log.exception("could not load the evaluation of %s", variant_id)
        return False


def warm_advice(variant: Variant) -> None:
    """Load once what valuing a play needs the first time (the evaluation, backgammon's
    bear-off database, the matrix library's set-up: up to a second), in the tutor's
    worker when a practice game begins, so the first hint's first look comes at once."""
    from game.ai.evaluate import one_blas_thread
    from game.ai.players import evaluator_for

    one_blas_thread()
    _ = evaluator_for(variant).bearoff


def hint_first_look(state: m.GameState, plays: list[Play] | None = None) -> list[Any]:
    """The hint's first look: every legal play valued once, best first (at once, in the
    window's thread: a few milliseconds)."""
    from game.ai.players import first_look

    return first_look(state, plays)


def hint_ranking(state: m.GameState, stop: threading.Event | None = None) -> list[Any]:
    """The hint's deeper ranking of every legal play, the expert's (worker thread); it
    stops early once ``stop`` is set (nobody waits for it any more)."""
    from game.ai.budget import Budget
    from game.ai.players import ranked_plays

    return ranked_plays(state, "expert", budget=Budget(stop=stop))


def tutor_judgement(state: m.GameState, play: Play) -> tuple[float, list[Any]]:
    """What ``play`` gives away against the best, and the ranking (worker thread)."""
    from game.ai.players import play_loss

    return play_loss(state, play)


def decide(state: m.GameState, level: str, seed: int) -> a.Action | None:
    """What a computer seat does now (worker thread): ``game.ai`` at its level, or a
    novice where the variant has no trained evaluation."""
    from game.ai.players import LevelUnavailable
    from game.ai.players import decide as ai_decide

    try:
        return ai_decide(state, level, seed)
    except LevelUnavailable:
        return ai_decide(state, "novice", seed)


def expert_cube(state: m.GameState) -> tuple[a.Action | None, str]:
    """What the expert does at a cube decision (``None``: no double, the dice fall) and
    its advice in words, as the chances panel shows it (worker thread): what a computer
    seat's cube decision is measured against in practice."""
    from game.ai.players import decide as ai_decide
    from game.play.analysis import cube_advice

    return ai_decide(state, "expert"), cube_advice(state)


__all__ = [
    "advice_available",
    "decide",
    "expert_cube",
    "hint_first_look",
    "hint_ranking",
    "tutor_judgement",
    "warm_advice",
]
