"""Whole games played by the computer levels, as replays: what the analysis tests judge."""

from __future__ import annotations

import random
from typing import Any

from game.ai.players import decide
from game.rules import actions as a
from game.rules import match as m
from game.rules.replay import Replay
from game.rules.variants import find_variant


def played_game(
    variant_id: str,
    seed: int,
    levels: tuple[str, ...] = ("beginner", "intermediate"),
    options: dict[str, Any] | None = None,
    max_entries: int = 2_000,
) -> tuple[Replay, list[m.GameState]]:
    """A game of ``variant_id`` played to its end by ``levels`` (one a side, round the
    table), its dice from ``seed``; the replay and every state."""
    variant = find_variant(variant_id, options or {})
    replay = Replay(variant.id, dict(variant.options), seed, ())
    rng = replay.dice()
    state = m.new_game(variant, rng)
    states = [state]
    log = []
    pick = random.Random(seed)
    while not state.is_over and len(log) < max_entries:
        level = levels[state.to_act % len(levels)]
        action = decide(state, level, pick.randrange(1 << 30))
        if action is None:
            action = a.throw(state, rng)
        log.append(a.action_to_json(state, action))
        state = a.apply_action(state, action)
        states.append(state)
    seats = tuple(
        {"human": False, "level": levels[i % len(levels)]} for i in range(variant.players)
    )
    result = state.result.to_json() if state.result is not None else None
    return Replay(variant.id, dict(variant.options), seed, tuple(log), seats, result=result), states
