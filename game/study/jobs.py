"""Study work in a process of its own beside the window: one job class for every kind.

A whole game's analysis, a rollout or the expert's ranking of the plays is seconds of
Python; in a thread of the window's process it would hold the interpreter's lock and make
frames stutter. ``StudyJob`` runs it in a new process (started afresh, "spawn", as on
every system) at a lower priority. The window calls ``poll`` each frame (it never
waits) and reads what the job has told: its progress (``done`` of ``total``), then its
``result``, or ``error`` (one line), or that it ``stopped``.

Stopping: ``stop`` asks the work to end (a rollout answers with the games played so far;
an analysis ends with nothing); ``close`` ends the process now, whatever it was doing
(a scene left, Stop on the analysis: nothing more comes from it). Nothing is left
running: a process ended is reaped on later polls (``reap``); a process whose window
died (killed outright, no exit handlers) sees it within ``WATCH`` seconds and leaves by
itself (the watchdog); the window's exit ends the rest (they are daemons).

A kind of job is a name and a function ``work(payload, progress, stop)``: ``payload``
the JSON it was given, ``progress(done, total)`` to tell how far it is, ``stop`` an
event (``is_set()``) to look at between steps; what it returns is the job's result
(anything that pickles; JSON keeps it simple). ``KINDS`` maps the names to the
functions; a new kind is one more entry (``KINDS["name"] = function``), the function
defined at the top level of any module (the new process imports it by name).

Pure standard library and game.study: no window, no records book.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.queues  # (loaded now: not in the frame that starts the first job)
import multiprocessing.synchronize
import os
import queue as queues
import threading
import weakref
from collections.abc import Callable
from typing import Any

from game.study.analysis import AnalysisStopped

NICE = 5  # how much lower than the window's the process's claim on the processor is
WATCH = 0.5  # seconds between the worker's looks at its stop and at its window
SILENT_POLLS = 10  # polls of a process gone without a word before it is given up
CONTEXT = multiprocessing.get_context("spawn")

Progress = Callable[[int, int], None]
Work = Callable[[dict[str, Any], Progress, threading.Event], Any]


# -- the kinds -------------------------------------------------------------------------------


def analysis_work(payload: dict[str, Any], progress: Progress, stop: threading.Event) -> Any:
    """``"analysis"``: the whole game of ``payload["replay"]`` (a replay's JSON), judged by
    the expert, its sides called ``payload["names"]``; the result is the analysis's JSON."""
    from game.rules.replay import replay_from_json
    from game.study.analysis import analyse_replay

    replay = replay_from_json(payload["replay"])
    return analyse_replay(replay, payload.get("names", ()), progress, stop).to_json()


def rollout_work(payload: dict[str, Any], progress: Progress, stop: threading.Event) -> Any:
    """``"rollout"``: ``game.study.rollout`` of ``games`` games from ``state``, seeded;
    stopped, it answers with the games played so far. The result is its JSON."""
    from game.rules.serial import state_from_json
    from game.study.rollout import rollout

    state = state_from_json(payload["state"])
    games, seed = int(payload["games"]), int(payload.get("seed", 0))
    return rollout(state, games, seed, progress, stop).to_json()


def hint_work(payload: dict[str, Any], progress: Progress, stop: threading.Event) -> Any:
    """``"hint"``: the expert's ranking of the plays of ``state``
    (``game.ai.players.ranked_plays``): a list of ``[notation, value, loss]``, best first."""
    from game.ai.players import ranked_plays
    from game.play.advice import play_text
    from game.rules.serial import state_from_json

    state = state_from_json(payload["state"])
    ranked = ranked_plays(state, "expert")
    best = ranked[0].value if ranked else 0.0
    return [[play_text(state, r.play), r.value, best - r.value] for r in ranked]


def drill_work(payload: dict[str, Any], progress: Progress, stop: threading.Event) -> Any:
    """``"drill"``: a drill's table of plays (``game.study.drill_rank``): a list of
    ``[notation, loss]``, least loss first."""
    from game.rules.serial import state_from_json
    from game.study.drill_rank import drill_table

    state = state_from_json(payload["state"])
    return [[text, loss] for text, loss in drill_table(state)[1]]


def judge_work(payload: dict[str, Any], progress: Progress, stop: threading.Event) -> Any:
    """``"judge"``: a drill's answer judged: the expert's ranking with the play
    ``payload["play"]`` (its notation) looked at as deeply as the best; as ``"hint"``'s."""
    from game.ai.players import play_loss
    from game.play.advice import play_text
    from game.rules.notation import parse_play
    from game.rules.serial import state_from_json

    state = state_from_json(payload["state"])
    play = parse_play(state.variant, state.position, state.dice, str(payload["play"]))
    _, ranked = play_loss(state, play)
    best = ranked[0].value if ranked else 0.0
    return [[play_text(state, r.play), r.value, best - r.value] for r in ranked]


KINDS: dict[str, Work] = {
    "analysis": analysis_work,
    "rollout": rollout_work,
    "hint": hint_work,
    "drill": drill_work,
    "judge": judge_work,
}


# -- the process's side ------------------------------------------------------------------------


def run(work: Work, payload: dict[str, Any], out: Any, stopped: Any) -> None:
    """The process's body: ``work`` on ``payload``, its messages put on ``out``:
    ``("progress", done, total)`` while it works, then ``("done", result)``,
    ``("stopped",)`` or ``("error", words)``. Runs in a thread too (the tests')."""
    with contextlib.suppress(AttributeError, OSError):  # no priorities here: run as it is
        os.nice(NICE)  # on a busy machine the window's frames come first
    stop = threading.Event()
    window = os.getppid()

    def watch() -> None:
        """The window's stop, passed on to the work; and the watchdog: a process whose
        window is gone (killed, no word) leaves at once, never orphaned and busy."""
        while not stopped.wait(WATCH):
            if os.getppid() != window:
                os._exit(0)
        stop.set()

    threading.Thread(target=watch, name="job-watch", daemon=True).start()

    def progress(done: int, total: int) -> None:
        out.put(("progress", int(done), int(total)))

    try:
        out.put(("done", work(payload, progress, stop)))
    except AnalysisStopped:
        out.put(("stopped",))
    except Exception as exc:  # anything at all: the window is told in one line, never crashes
        words = " ".join((str(exc) or type(exc).__name__).split())
        out.put(("error", words[:300]))


# -- the window's side ------------------------------------------------------------------------

_ended: list[Any] = []  # processes ended and not yet reaped
_live: weakref.WeakSet[StudyJob] = weakref.WeakSet()  # jobs started and not yet ended


def reap() -> None:
    """Let go of the processes ended that have left (never waits)."""
    _ended[:] = [p for p in _ended if p.is_alive()]


def running() -> list[Any]:
    """Every job process still there: at work, or ended and still leaving."""
    reap()
    working = [job.process for job in list(_live) if job.alive()]
    return working + [p for p in _ended if p not in working]


def close_all(wait: float = 1.0) -> None:
    """End every job (the window closes): nothing of them left running once this
    returns, but a process that takes more than ``wait`` seconds to leave."""
    for job in list(_live):
        job.close()
    for process in list(_ended):
        process.join(wait)
        if process.is_alive():
            process.kill()
            process.join(wait)
    reap()


def prepare() -> None:
    """Start multiprocessing's helper (its resource tracker) if it is not running: the
    first job's start would (tens of milliseconds): call it beside the window first."""
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()


class StudyJob:
    """One job beside the window: ``start``, then ``poll`` every frame until ``finished``."""

    def __init__(self, kind: str, payload: dict[str, Any], *, total: int = 0) -> None:
        if kind not in KINDS:
            raise ValueError(f"no study job {kind!r}")
        self.kind = kind
        self.payload = payload
        self.done = 0
        self.total = total
        self.result: Any = None
        self.error = ""
        self.stopped = False  # it ended without a result (stopped, or closed)
        self.stopping = False  # asked to stop
        self.finished = False
        self.process: Any = None
        self._silent = 0
        self._queue: Any = None
        self._stop: Any = None

    @property
    def answer(self) -> Any:
        """The result (the editor's first name for it)."""
        return self.result

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 0.0

    def start(self) -> StudyJob:
        self._queue = CONTEXT.Queue()
        self._stop = CONTEXT.Event()
        self.process = CONTEXT.Process(
            target=run,
            args=(KINDS[self.kind], self.payload, self._queue, self._stop),
            name=f"tabula-{self.kind}",
            daemon=True,  # quitting the window never waits for a job
        )
        self.process.start()
        _live.add(self)
        return self

    def alive(self) -> bool:
        return self.process is not None and self.process.is_alive()

    def poll(self) -> bool:
        """Take what the process has told so far (never waits); whether anything changed."""
        reap()
        if self.finished or self._queue is None:
            return False
        changed = False
        while not self.finished:
            try:
                message = self._queue.get_nowait()
            except queues.Empty:
                break
            except (OSError, ValueError, EOFError) as exc:  # the queue broke
                self._finish(error=f"the {self.kind} could not be read ({exc})")
                return True
            changed = True
            word = message[0]
            if word == "progress":
                self.done, self.total = int(message[1]), int(message[2])
            elif word == "done":
                self._finish(result=message[1])
            elif word == "stopped":
                self._finish(stopped=True)
            else:
                self._finish(error=str(message[1]))
        if not self.finished and not self.alive():
            # Ended without a word (killed, out of memory): what it put last may still be
            # on its way through the queue, so look a few more polls before saying so.
            self._silent += 1
            if self._silent > SILENT_POLLS:
                code = None if self.process is None else self.process.exitcode
                self._finish(error=f"the {self.kind} ended without an answer (exit code {code})")
                changed = True
        return changed

    def stop(self) -> None:
        """Ask the work to end: a rollout answers with the games played so far; an
        analysis ends with nothing (``poll`` tells when)."""
        self.stopping = True
        if self._stop is not None:
            self._stop.set()

    def close(self) -> None:
        """End the job now, whatever it was doing (nothing more comes from it); never
        waits: a process still leaving is reaped later."""
        if self._stop is not None:
            self._stop.set()
        if not self.finished:
            self._finish(stopped=True)
        self._end()

    def _finish(self, *, result: Any = None, error: str = "", stopped: bool = False) -> None:
        self.result, self.error, self.stopped = result, error, stopped
        self.finished = True
        self._end()

    def _end(self) -> None:
        """Let the process go: ended if it is still there, reaped once it has left."""
        _live.discard(self)
        process = self.process
        if process is None:
            return
        if process.is_alive():
            process.terminate()
        if process.is_alive():
            _ended.append(process)
        if self._queue is not None:
            self._queue.cancel_join_thread()
            self._queue.close()
            self._queue = None


__all__ = ["KINDS", "StudyJob", "close_all", "prepare", "reap", "run", "running"]
