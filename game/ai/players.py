"""The computer's levels, on one trained evaluation per variant.

- ``novice``: a random legal play (seeded).
- ``beginner``, ``intermediate``, ``advanced``: the evaluation with a
  deterministic error added to each play's value. The error depends only on
  the level and the position the play leaves (as GNU Backgammon does it), so
  the same position always gets the same misjudgement, and it shrinks from
  level to level.
- ``expert``: no error, and a look-ahead: for the most promising plays it
  averages, over the opponent's 21 rolls, the value left after the
  opponent's best reply.

So far only backgammon has a trained network (``assets/weights``); asking
for a trained level of another variant is an error that says so.
"""

from __future__ import annotations

import random
import zlib
from functools import cache
from pathlib import Path

import numpy as np

from game.ai.encode import encode_backgammon
from game.ai.network import Network, equity
from game.rules import match as m
from game.rules.dice import chance_outcomes
from game.rules.errors import RulesError
from game.rules.play import Play
from game.rules.position import Position
from game.rules.variants.base import Variant

LEVELS = ("novice", "beginner", "intermediate", "advanced", "expert")
NOISE = {"beginner": 0.30, "intermediate": 0.12, "advanced": 0.035, "expert": 0.0}
EXPERT_CANDIDATES = 4  # plays looked at more deeply
EXPERT_WINDOW = 0.12  # ... among those within this much of the best


class LevelUnavailable(RulesError):
    """A trained level asked of a variant that has no network yet."""


def weights_path(variant_id: str) -> Path:
    from game.paths import asset

    return asset("weights", f"{variant_id}.npz")


@cache
def network_for(variant_id: str) -> Network | None:
    path = weights_path(variant_id)
    return Network.load(path) if path.is_file() else None


def _win_value(variant: Variant, after: Position, mover: int) -> float | None:
    done = variant.outcome(after, mover)
    return None if done is None else float(done.points)


def play_values(
    net: Network, variant: Variant, position: Position, plays: list[Play]
) -> np.ndarray:
    """The evaluation of each play for the side that makes it (expected points)."""
    mover = position.to_act
    afters = [variant.apply_play(position, p) for p in plays]
    values = np.empty(len(plays))
    rows = []
    for i, after in enumerate(afters):
        won = _win_value(variant, after, mover)
        if won is None:
            rows.append(i)
        else:
            values[i] = won
    if rows:
        x = np.stack([encode_backgammon(afters[i]) for i in rows])
        values[rows] = -equity(net.evaluate(x))
    return values


def _error(level: str, after: Position) -> float:
    """The level's fixed misjudgement of the position ``after`` (same every time)."""
    sigma = NOISE.get(level, 0.0)
    if not sigma:
        return 0.0
    key = zlib.crc32(repr((level, after.board, after.to_act)).encode())
    return random.Random(key).gauss(0.0, sigma)


def _lookahead(net: Network, variant: Variant, after: Position) -> float:
    """The value of ``after`` for the side that just moved, averaged over the opponent's
    rolls, each answered by the opponent's best play by the evaluation."""
    total = 0.0
    for dice, chance in chance_outcomes(2, 6):
        replies = variant.generate_plays(after, dice)
        best = float(np.max(play_values(net, variant, after, replies)))
        total += chance * -best
    return total


def ranked_plays(state: m.GameState, level: str = "expert") -> list[tuple[Play, float]]:
    """Every legal play with its value for the mover, best first (hints use this)."""
    variant = state.variant
    net = network_for(variant.id)
    if net is None:
        raise LevelUnavailable(f"{variant.id} has no trained evaluation yet")
    plays = m.legal_plays(state)
    values = play_values(net, variant, state.position, plays)
    if level == "expert" and len(plays) > 1:
        order = np.argsort(-values)
        top = [
            int(i)
            for i in order[:EXPERT_CANDIDATES]
            if values[i] >= values[order[0]] - EXPERT_WINDOW
        ]
        for i in top:
            after = variant.apply_play(state.position, plays[i])
            if _win_value(variant, after, state.position.to_act) is None:
                values[i] = _lookahead(net, variant, after)
        # Plays not looked at deeper keep their shallow value but stay below those that were.
        rest = [i for i in range(len(plays)) if i not in top]
        if rest and top:
            floor = min(values[i] for i in top) - 1e-6
            for i in rest:
                values[i] = min(values[i], floor)
    ranked = sorted(zip(plays, values.tolist(), strict=True), key=lambda pv: -pv[1])
    return ranked


def choose_play(state: m.GameState, level: str, seed: int = 0) -> Play:
    """The play the computer makes at ``level`` (deterministic for a seed)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
    plays = m.legal_plays(state)
    if level == "novice" or len(plays) == 1:
        return random.Random(seed).choice(plays)
    variant = state.variant
    net = network_for(variant.id)
    if net is None:
        raise LevelUnavailable(
            f"level {level!r} needs a trained evaluation, which {variant.id} does not have yet"
        )
    if level == "expert":
        return ranked_plays(state, "expert")[0][0]
    values = play_values(net, variant, state.position, plays)
    for i, play in enumerate(plays):
        values[i] += _error(level, variant.apply_play(state.position, play))
    return plays[int(np.argmax(values))]


def has_levels(variant_id: str) -> bool:
    """Whether the trained levels can play ``variant_id`` (else only novice)."""
    return variant_id == "backgammon" and network_for(variant_id) is not None
