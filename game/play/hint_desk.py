"""The hint's two looks at one state: a first look taken at once (every play valued
once), and the expert's deeper ranking made by a worker thread, which replaces it.

``Table`` owns one ``HintDesk`` and gives it the worker and the two functions that
look (``game.play.table.hint_first_look`` and ``hint_ranking``), so the table decides
what the looks are and the desk only keeps them apart from other states: a ranking
of a state the game has left is dropped, never told.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import CancelledError, Executor, Future
from typing import Any

from game.play import events as ev
from game.rules import match as m
from game.rules.play import Play

log = logging.getLogger(__name__)

FirstLook = Callable[[m.GameState, "list[Play] | None"], list[Any]]
Ranking = Callable[[m.GameState, "threading.Event | None"], list[Any]]


class HintDesk:
    """The looks at ``state`` made so far, and the worker's job on it."""

    def __init__(self) -> None:
        self.job: Future[list[Any]] | None = None
        self.stop: threading.Event | None = None  # set: the job's result is not wanted
        self.state: m.GameState | None = None  # the state the looks are for
        self.first: list[Any] | None = None  # the first look at ``state``
        self.ranked: list[Any] | None = None  # the deeper ranking of ``state``

    def ask(
        self,
        state: m.GameState,
        plays: list[Play] | None,
        worker: Callable[[], Executor],
        first_look: FirstLook,
        ranking: Ranking,
    ) -> ev.HintReady | None:
        """The hint for ``state``: the deeper ranking if made; else a first look, taken
        at once, while the worker ranks more deeply. None: no look could be taken."""
        if self.state is not state:
            self.drop()
            self.state, self.first, self.ranked = state, None, None
        if self.ranked is not None:
            return ev.HintReady(state, self.ranked)
        if self.first is None:
            try:
                self.first = first_look(state, plays)
            except Exception:
                log.exception("the hint could not take a first look at the plays")
        if self.job is None:
            self.stop = threading.Event()
            self.job = worker().submit(ranking, state, self.stop)
        if self.first is None:
            return None
        return ev.HintReady(state, self.first, deep=False)

    def drop(self) -> None:
        """Nobody waits for the deeper ranking any more: the worker stops on it and its
        result is never told. The looks already made stay, for the same state."""
        if self.stop is not None:
            self.stop.set()
        if self.job is not None:
            self.job.cancel()
        self.job = self.stop = None

    def join(self, timeout: float | None = None) -> bool:
        """Wait (at most ``timeout`` seconds) for the deeper ranking; whether it is done."""
        job = self.job
        if job is None:
            return True
        try:
            job.exception(timeout)
        except TimeoutError:
            return False
        except CancelledError:
            pass
        return True

    def poll(self, current: m.GameState) -> ev.HintReady | None:
        """The deeper ranking, once made for the state the game is still in."""
        job = self.job
        if job is None:
            return None
        if self.state is not current:
            self.drop()  # the turn moved on: the ranking is stale, never told
            return None
        if not job.done():
            return None
        self.job = self.stop = None
        try:
            ranked = job.result()
        except Exception:
            log.exception("the hint could not rank the plays")
            ranked = None
        if ranked is not None:
            self.ranked = ranked
        return ev.HintReady(current, ranked)

    def judgement(self, state: m.GameState, play: Play) -> tuple[float, list[Any]] | None:
        """The tutor's judgement of ``play`` read from the hint's deeper ranking of the same
        state, where that ranking looked deeply at both its best play and this one: then
        the tutor and the hint name the same best play (their own look-aheads, started
        from different plays, can rank two close plays the other way round). None: the
        tutor judges for itself."""
        ranked = self.ranked
        if self.state is not state or not ranked or not ranked[0].deep:
            return None
        variant, position = state.variant, state.position
        after = variant.apply_play(position, play)
        mine = next(
            (r for r in ranked if r.deep and variant.apply_play(position, r.play) == after),
            None,
        )
        if mine is None:
            return None
        return max(0.0, ranked[0].value - mine.value), ranked

