"""A rollout: what a position is worth by playing it out many times (pure: no window).

From any state of any of the twelve games, ``games`` games are played to their end by
the expert's quick play: the trained evaluation's best play with no look-ahead (the
play ``game.ai.players.first_look`` ranks first), Anglicorum's die named as the
evaluation names it, a double taken and a resignation refused, and no side ever
doubles. The result of each side is the mean over those games in the game's own
units: expected points at a cube of 1 when two sides play (a result scored with the
cube at 4 counts a quarter), each side's chance to win in El Mundo; with a 95%
confidence interval (the mean's normal interval, 1.96 standard errors either side),
and the chance of each kind of win the game has (a win, a gammon counting a
backgammon, a backgammon, Long Nardy's mars, a blockade win ...).

Every game has dice of its own, drawn from the seed and the game's number, so the same
seed gives the same result whatever the number of processes, and a rollout of N games
is the first N games of a longer one. ``progress`` is told after every game, and once
``stop`` is set the rollout ends after the game in hand with the games played so far.

``game.ai.rollout`` is another thing: training targets for backgammon's network (its
games stop where contact ends and the network's race value is taken).
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from game.ai.evaluate import Evaluator, name_die
from game.ai.players import evaluator_for, has_levels
from game.rules import match as m
from game.rules.outcome import Kind, Outcome, Termination
from game.rules.play import Play
from game.rules.serial import state_from_json, state_to_json

Z95 = 1.96  # the normal distribution's 97.5% point: a 95% interval either side
MAX_PLIES = 2_000  # a game longer than this is counted as a tie (none comes near)
BLOCK = 8  # games a worker plays at a time (stop is seen between blocks)

Progress = Callable[[int, int], None]
StopFlag = threading.Event | Any  # anything with is_set() (a process's Event too)

# Kinds of win worth more than a single game, counted together as "gammon" where the
# game has gammons (a backgammon is a gammon too).
GAMMONS = (Kind.GAMMON, Kind.BACKGAMMON)


@dataclass(frozen=True, slots=True)
class SideResult:
    """One side's result over the games played: its mean in the game's units, the 95%
    interval's half-width, and its chances of each kind of win."""

    side: int
    mean: float
    half_width: float
    win: float
    kinds: dict[str, float]

    @property
    def low(self) -> float:
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        return self.mean + self.half_width

    def to_json(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "mean": round(self.mean, 6),
            "ci95": [round(self.low, 6), round(self.high, 6)],
            "win": round(self.win, 6),
            **{k: round(v, 6) for k, v in self.kinds.items()},
        }


@dataclass(frozen=True, slots=True)
class RolloutResult:
    variant_id: str
    units: str  # "points" (expected points at a cube of 1) or "chance to win"
    games: int  # games played
    asked: int  # games asked for (more than ``games`` when stopped)
    seed: int
    sides: tuple[SideResult, ...]

    @property
    def stopped(self) -> bool:
        return self.games < self.asked

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant_id,
            "units": self.units,
            "games": self.games,
            "asked": self.asked,
            "seed": self.seed,
            "stopped": self.stopped,
            "sides": [s.to_json() for s in self.sides],
        }


def check_start(state: m.GameState) -> None:
    """Raise ``ValueError`` where ``state`` cannot be rolled out (no trained evaluation)."""
    if not has_levels(state.variant.id):
        raise ValueError(f"{state.variant.name} has no trained evaluation to roll out with")


def game_dice(seed: int, number: int) -> random.Random:
    """The dice of game ``number`` (0-based) of a rollout seeded ``seed``."""
    return random.Random(f"rollout {seed} {number}")


def quick_step(state: m.GameState, ev: Evaluator, rng: random.Random) -> m.GameState:
    """One step of a game by the expert's quick play: the throw, the die named, the double
    taken, the resignation refused, or (``Phase.MOVE``) the play the first look values most."""
    phase = state.phase
    if phase is m.Phase.ROLL:
        return m.roll(state, rng)
    if phase is m.Phase.CHOOSE:
        return m.choose_die(state, name_die(ev, state))
    if phase is m.Phase.TAKE:
        return m.take(state)
    if phase is m.Phase.RESIGN:
        return m.reject(state)
    plays = m.legal_plays(state)
    return m.play(state, quick_choice(state, ev, plays), plays)


def quick_choice(state: m.GameState, ev: Evaluator, plays: Sequence[Play]) -> Play:
    """The play of ``plays`` (the state's legal plays) the first look values most."""
    if len(plays) == 1:
        return plays[0]
    values, _ = ev.play_values(state.position, plays)
    return plays[int(np.argmax(values))]


def play_out(state: m.GameState, ev: Evaluator, rng: random.Random) -> Outcome:
    """One game from ``state`` to its end by the expert's quick play; its outcome, with
    points at a cube of 1 where a cube is in play."""
    cube = state.cube.value
    for _ in range(MAX_PLIES):
        if state.is_over:
            break
        state = quick_step(state, ev, rng)
        cube = state.cube.value  # (only a take changes it; the last one is the game's)
    result = state.result
    if result is None:  # past MAX_PLIES: counted as a tie
        return Outcome(None, Kind.TIE, 0, Termination.DEADLOCK)
    if cube > 1:  # the points at a cube of 1 (a cube's points are a multiple of it)
        return replace(result, points=result.points // cube)
    return result


def _values(outcome: Outcome, players: int) -> list[float]:
    """What one game came to for each side, in the game's units."""
    if players == 2:
        if outcome.winner is None:
            return [0.0, 0.0]
        points = float(outcome.points)
        return [points if s == outcome.winner else -points for s in range(2)]
    if outcome.winner is None:
        return [1.0 / players] * players
    return [1.0 if s == outcome.winner else 0.0 for s in range(players)]


def play_games(state_json: dict[str, Any], seed: int, numbers: Sequence[int]) -> list[Outcome]:
    """Games ``numbers`` of a rollout of the state ``state_json`` (a worker's task: the
    state goes as its JSON, read back and checked)."""
    state = state_from_json(state_json)
    ev = evaluator_for(state.variant)
    return [play_out(state, ev, game_dice(seed, n)) for n in numbers]


def rollout(
    state: m.GameState,
    games: int,
    seed: int = 0,
    progress: Progress | None = None,
    stop: StopFlag | None = None,
    workers: int = 1,
) -> RolloutResult:
    """``games`` games from ``state`` by the expert's quick play, and each side's result
    (``RolloutResult``); ends early, with the games played so far, once ``stop`` is set.
    ``workers`` above 1 plays blocks of games in that many processes (the same result)."""
    if games < 1:
        raise ValueError("a rollout plays at least one game")
    check_start(state)
    outcomes: list[Outcome] = []
    if state.is_over:
        assert state.result is not None
        outcomes = [state.result] * games
        if progress is not None:
            progress(games, games)
        return summarise(state, outcomes, games, seed)
    blocks = [list(range(i, min(i + BLOCK, games))) for i in range(0, games, BLOCK)]
    if workers > 1:
        text = state_to_json(state)
        with ProcessPoolExecutor(workers) as pool:
            futures = [pool.submit(play_games, text, seed, block) for block in blocks]
            for future in futures:
                if stop is not None and stop.is_set():
                    for f in futures:
                        f.cancel()
                    break
                outcomes.extend(future.result())
                if progress is not None:
                    progress(len(outcomes), games)
    else:
        ev = evaluator_for(state.variant)
        for n in range(games):
            if stop is not None and stop.is_set():
                break
            outcomes.append(play_out(state, ev, game_dice(seed, n)))
            if progress is not None:
                progress(len(outcomes), games)
    return summarise(state, outcomes, games, seed)


def summarise(
    state: m.GameState, outcomes: Sequence[Outcome], asked: int, seed: int
) -> RolloutResult:
    """Each side's mean, interval and chances over ``outcomes``."""
    variant = state.variant
    players = variant.players
    n = len(outcomes)
    rows = np.array([_values(o, players) for o in outcomes], dtype=np.float64).reshape(n, players)
    kinds = sorted(str(k) for k in variant.result_kinds if k not in (Kind.SINGLE, Kind.TIE))
    sides = []
    for side in range(players):
        if n:
            mean = float(rows[:, side].mean())
            sd = float(rows[:, side].std(ddof=1)) if n > 1 else 0.0
            half = Z95 * sd / math.sqrt(n) if n > 1 else 0.0
        else:
            mean, half = 0.0, 0.0
        won = [o for o in outcomes if o.winner == side]
        chances: dict[str, float] = {}
        if Kind.GAMMON in variant.result_kinds:
            chances["gammon"] = _share(sum(1 for o in won if o.kind in GAMMONS), n)
        for kind in kinds:
            if kind != "gammon":
                chances[kind] = _share(sum(1 for o in won if str(o.kind) == kind), n)
        sides.append(SideResult(side, mean, half, _share(len(won), n), chances))
    units = "points" if players == 2 else "chance to win"
    return RolloutResult(variant.id, units, n, asked, seed, tuple(sides))


def _share(count: int, n: int) -> float:
    return count / n if n else 0.0


__all__ = [
    "RolloutResult",
    "SideResult",
    "check_start",
    "game_dice",
    "play_out",
    "rollout",
    "summarise",
]
