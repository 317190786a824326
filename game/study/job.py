"""A whole-game analysis run in a process of its own, beside the window.

The analysis is seconds of the expert's work in Python; in a thread of the window's
process it would hold the interpreter's lock and make frames stutter. ``AnalysisJob``
runs it in a new process (started afresh, "spawn", as on every system), which tells its
progress and sends back the finished analysis as JSON through a queue. The window
calls ``poll`` each frame (it never waits), and ``stop`` ends the work for good: the
process is told to stop and ended at once (nothing it had done is kept).

Pure standard library and game.study: no window, no records book.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import multiprocessing
import os
import queue
import threading
from collections.abc import Callable, Sequence
from multiprocessing.context import SpawnProcess
from typing import Any

from game.rules.replay import replay_from_json
from game.study.analysis import AnalysisStopped, Progress, analyse_replay

log = logging.getLogger(__name__)

TARGET = "game.study.job:analyse_json"  # what the process runs (tests name a stand-in)
NICE = 5  # how much lower than the window's the process's claim on the processor is
WATCH = 0.5  # seconds between the worker's looks at whether its window is still there
SILENT_POLLS = 10  # polls of a process gone without a word before it is given up


def analyse_json(
    replay: dict[str, Any], names: Sequence[str], progress: Progress, stop: threading.Event
) -> dict[str, Any]:
    """The analysis of the replay ``replay`` (its JSON), as JSON."""
    return analyse_replay(replay_from_json(replay), names, progress, stop).to_json()


def _target(name: str) -> Callable[..., dict[str, Any]]:
    module, _, function = name.partition(":")
    found = getattr(importlib.import_module(module), function)
    if not callable(found):
        raise TypeError(f"{name} is not a function")
    return found  # type: ignore[no-any-return]


def _work(
    target: str,
    replay: dict[str, Any],
    names: list[str],
    out: Any,  # multiprocessing.Queue
    stopped: Any,  # multiprocessing.Event
) -> None:
    """The process's body: the analysis, its progress and its answer put on ``out``."""
    with contextlib.suppress(AttributeError, OSError):
        os.nice(NICE)  # on a busy machine the window's frames come first
    stop = threading.Event()
    window = os.getppid()

    def watch() -> None:
        """The window's stop, seen by the analysis between positions; and the window's
        end: a process whose window was killed leaves at once (never orphaned, busy)."""
        while not stopped.wait(WATCH):
            if os.getppid() != window:
                os._exit(0)
        stop.set()

    threading.Thread(target=watch, name="stop-watch", daemon=True).start()

    def progress(done: int, total: int) -> None:
        out.put(("progress", done, total))

    try:
        out.put(("done", _target(target)(replay, names, progress, stop)))
    except AnalysisStopped:
        out.put(("stopped",))
    except Exception as exc:  # every fault comes back as one line; the window lives on
        out.put(("failed", f"{type(exc).__name__}: {exc}"[:300]))


class AnalysisJob:
    """One analysis in its own process: ``start``, then ``poll`` every frame until
    ``finished``; ``result`` (the analysis as JSON) or ``error`` (one line) says how it
    ended; ``stop`` ends it."""

    def __init__(
        self, replay: dict[str, Any], names: Sequence[str] = (), target: str = TARGET
    ) -> None:
        self.replay = replay
        self.names = list(names)
        self.target = target
        self.done = 0
        self.total = 0
        self.result: dict[str, Any] | None = None
        self.error = ""
        self.stopped = False
        self.process: SpawnProcess | None = None
        self._silent = 0
        context = multiprocessing.get_context("spawn")
        self._queue = context.Queue()
        self._stop = context.Event()
        self._context = context

    def start(self) -> None:
        self.process = self._context.Process(
            target=_work,
            args=(self.target, self.replay, self.names, self._queue, self._stop),
            name="tabula-analysis",
            daemon=True,  # quitting the window never waits for an analysis
        )
        self.process.start()

    @property
    def finished(self) -> bool:
        return self.result is not None or bool(self.error) or self.stopped

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 0.0

    def alive(self) -> bool:
        return self.process is not None and self.process.is_alive()

    def poll(self) -> None:
        """Take what the process has said so far (never waits)."""
        if self.finished or self.process is None:
            return
        while True:
            try:
                message = self._queue.get_nowait()
            except queue.Empty:
                break
            except (OSError, ValueError, EOFError) as exc:  # the queue broke
                self.error = f"the analysis could not be read ({exc})"
                break
            kind = message[0]
            if kind == "progress":
                self.done, self.total = int(message[1]), int(message[2])
            elif kind == "done":
                self.result = message[1]
            elif kind == "stopped":
                self.stopped = True
            else:
                self.error = str(message[1])
            if self.finished:
                break
        if self.finished:
            self._end()
        elif not self.process.is_alive():
            # Ended without a word (killed, out of memory): what it put last may still be
            # on its way through the queue, so look a few more frames before saying so.
            self._silent += 1
            if self._silent > SILENT_POLLS:
                code = self.process.exitcode
                self.error = f"the analysis ended without an answer (exit code {code})"
                self._end()

    def stop(self) -> None:
        """End the work for good, at once (nothing more comes from it): the process is
        told to stop and ended without waiting for it."""
        if self.finished:
            return
        self._stop.set()
        self.stopped = True
        self._end()

    def _end(self) -> None:
        """Let the process go (never waits: a process still leaving is ended)."""
        process = self.process
        if process is None:
            return
        if process.is_alive():
            process.terminate()
        self._queue.cancel_join_thread()
        self._queue.close()


__all__ = ["TARGET", "AnalysisJob", "analyse_json"]
