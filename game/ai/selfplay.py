"""Self-play games for training, played in rounds on one core, many, or a cluster.

A training run is a sequence of rounds of ``batch`` games. Every game of a round is
played by the network as it stood when the round began, its dice thrown by a generator
seeded with the run's seed and the game's number, and the games are learned from in
the order of their numbers. What a run learns therefore depends on its seed and batch,
never on how many workers played its games or where they ran:

- ``InProcess``: this process plays every game (``--workers 1``);
- ``Processes``: a pool of processes on this machine (``--workers N``), each started
  afresh (spawned), so it behaves alike on every platform;
- ``RayCluster``: the tasks of a Ray cluster (``--ray ADDRESS``). Ray is an optional
  extra (``pip install tabula[train]``) that the game itself never needs; the
  cluster's machines need Tabula installed, as the tasks import it.

A worker sends back each game's positions already encoded as the network's inputs,
so the encoding, the larger part of learning's work, is spread over the workers too.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from itertools import repeat
from multiprocessing import get_context
from types import ModuleType
from typing import Any, Protocol, TypeVar

import numpy as np

from game.ai.arena import play_game
from game.ai.evaluate import Evaluator, name_die
from game.ai.network import Network
from game.rules import match as m
from game.rules.outcome import Outcome
from game.rules.play import Play
from game.rules.position import Position
from game.rules.variants import find_variant
from game.rules.variants.base import Variant

SURE_WIN = 10.0  # a play that wins now is always taken


class Greedy:
    """The network's best play by a one-ply look (self-play and the checks)."""

    def __init__(self, evaluator: Evaluator) -> None:
        self.evaluator = evaluator

    def play(self, state: m.GameState, plays: list[Play]) -> Play:
        values, _ = self.evaluator.play_values(state.position, plays, sure_win=SURE_WIN)
        return plays[int(np.argmax(values))]

    def name_die(self, state: m.GameState) -> int:
        return name_die(self.evaluator, state)


class Exploring(Greedy):
    """``Greedy``, but a random legal play ``share`` of the time (drawn from ``rng``):
    self-play then meets positions the network's own plays would never reach."""

    def __init__(self, evaluator: Evaluator, share: float, rng: random.Random) -> None:
        super().__init__(evaluator)
        self.share = share
        self.rng = rng

    def play(self, state: m.GameState, plays: list[Play]) -> Play:
        if self.rng.random() < self.share:
            return self.rng.choice(plays)
        return super().play(state, plays)


def self_play_game(
    evaluator: Evaluator, rng: random.Random, explore: float = 0.0, number: int = 0
) -> tuple[list[Position], Outcome]:
    """One game of the network against itself: every position in which a side was
    about to roll (seen by that side), and how the game ended. With ``explore``, that
    share of the plays is random, drawn by a generator seeded with ``number``."""
    positions: list[Position] = []
    greedy = Greedy(evaluator)
    if explore:
        greedy = Exploring(evaluator, explore, random.Random(f"tabula explore {number}"))
    players = [greedy] * evaluator.variant.players
    end = play_game(evaluator.variant, players, rng, seen=lambda s: positions.append(s.position))
    assert end.result is not None
    return positions, end.result


def game_dice(seed: int, number: int) -> random.Random:
    """The dice of game ``number`` (counted from 1) of a run seeded ``seed``."""
    return random.Random(f"tabula self-play {seed} {number}")


@dataclass(frozen=True)
class Job:
    """What a worker needs to play a round's games: the variant, the run's seed and
    the network's weights as the round began."""

    variant_id: str
    options: tuple[tuple[str, Any], ...]
    seed: int
    weights: tuple[np.ndarray, ...]  # w1, b1, w2, b2
    # A task's own settings (self-play: the share of exploring plays; distillation: that,
    # the rolls a target looks ahead, the share of positions kept).
    extra: tuple[float, ...] = ()
    late: tuple[np.ndarray, ...] = ()  # the network's late network's weights, if it has one
    late_home: int = 0

    @classmethod
    def of(cls, variant: Variant, seed: int, net: Network, extra: tuple[float, ...] = ()) -> Job:
        return cls(
            variant.id,
            tuple(sorted(variant.options.items())),
            seed,
            tuple(p.copy() for p in net.params),
            extra,
            tuple(p.copy() for p in net.late.params) if net.late is not None else (),
            net.late_home,
        )


@dataclass(frozen=True)
class Game:
    """One finished self-play game, ready to learn from: the positions in which a side
    was about to roll, encoded as the network's inputs, which side that was in each,
    and how the game ended."""

    x: np.ndarray
    sides: tuple[int, ...]
    outcome: Outcome


@lru_cache(maxsize=8)
def _variant(variant_id: str, options: tuple[tuple[str, Any], ...]) -> Variant:
    return find_variant(variant_id, dict(options))


def job_evaluator(job: Job) -> Evaluator:
    """The network of ``job`` reading its variant."""
    w1, b1, w2, b2 = job.weights
    late = None
    if job.late:
        lw1, lb1, lw2, lb2 = job.late
        late = Network(lw1, lb1, lw2, lb2)
    net = Network(w1, b1, w2, b2, late, job.late_home)
    return Evaluator(_variant(job.variant_id, job.options), net)


def play(job: Job, number: int) -> Game:
    """Game ``number`` of ``job``'s round (a worker's task)."""
    evaluator = job_evaluator(job)
    explore = job.extra[0] if job.extra else 0.0
    key = job.seed * 1_000_003 + number
    positions, outcome = self_play_game(evaluator, game_dice(job.seed, number), explore, key)
    sides = tuple(p.to_act for p in positions)
    return Game(evaluator.scheme.encode(positions), sides, outcome)


T = TypeVar("T")
Item = TypeVar("Item")
# One item's work (a game's number, a block of positions): a module-level function, which
# workers import.
Task = Callable[[Job, Item], T]


class Runner(Protocol):
    """Does a round's work for each of its games, wherever it does it."""

    def map(self, task: Task[Item, T], job: Job, items: Sequence[Item]) -> list[T]:
        """``task(job, item)`` for each item (a game's number, mostly), in that order."""
        ...

    def close(self) -> None: ...


def games(runner: Runner, job: Job, numbers: Sequence[int]) -> list[Game]:
    """The self-play games ``numbers`` of ``job``'s round, in that order."""
    return runner.map(play, job, numbers)


class InProcess:
    """Every game in this process, one after another."""

    def map(self, task: Task[Item, T], job: Job, items: Sequence[Item]) -> list[T]:
        return [task(job, item) for item in items]

    def close(self) -> None:
        pass


class Processes:
    """A pool of ``workers`` processes on this machine, each game a task."""

    def __init__(self, workers: int) -> None:
        self._pool = ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn"))

    def map(self, task: Task[Item, T], job: Job, items: Sequence[Item]) -> list[T]:
        return list(self._pool.map(task, repeat(job), items))

    def close(self) -> None:
        self._pool.shutdown(cancel_futures=True)


def load_ray() -> ModuleType:
    """The ``ray`` module, or a clear error naming the extra that installs it."""
    try:
        ray: ModuleType = importlib.import_module("ray")
    except ImportError as exc:
        raise RuntimeError(
            "--ray needs Ray, an optional extra: pip install 'tabula[train]'"
        ) from exc
    return ray


class RayCluster:
    """The tasks of the Ray cluster at ``address`` ("auto": the one this machine is in)."""

    def __init__(self, address: str, ray: ModuleType | None = None) -> None:
        self._ray = ray or load_ray()
        self._ray.init(address=address)
        self._remote: dict[Callable[..., Any], Any] = {}

    def map(self, task: Task[Item, T], job: Job, items: Sequence[Item]) -> list[T]:
        remote = self._remote.get(task)
        if remote is None:
            remote = self._remote[task] = self._ray.remote(task)
        shared = self._ray.put(job)  # sent to the cluster once a round, not once a game
        done: list[T] = self._ray.get([remote.remote(shared, item) for item in items])
        return done

    def close(self) -> None:
        self._ray.shutdown()


def runner(workers: int = 1, ray_address: str | None = None) -> Runner:
    """Where a run's games are played: a Ray cluster if an address is given, else
    ``workers`` processes here (this one alone for 1)."""
    if ray_address:
        return RayCluster(ray_address)
    if workers <= 1:
        return InProcess()
    return Processes(workers)
