"""A study job (a rollout, a hint's ranking) in a process of its own, so that the window's
frames stay smooth while it works: ``StudyJob`` starts it, ``poll`` reads what it has told
so far without waiting, ``stop`` asks it to end and ``close`` ends it for good.

The process runs ``game.study.jobs.run`` (no window there); it is started by "spawn", so
it shares nothing with the window's process but the state it is given as JSON.
"""

from __future__ import annotations

import multiprocessing
import queue as queues
from dataclasses import dataclass, field
from typing import Any

from game.study.jobs import run

CONTEXT = multiprocessing.get_context("spawn")


@dataclass
class StudyJob:
    """One job beside the window and what it has told: progress, then its answer or error."""

    kind: str
    payload: dict[str, Any]
    done: int = 0
    total: int = 0
    answer: Any = None
    error: str = ""
    finished: bool = False
    stopping: bool = False
    _process: Any = field(default=None, repr=False)
    _queue: Any = field(default=None, repr=False)
    _stop: Any = field(default=None, repr=False)

    def start(self) -> StudyJob:
        self._queue = CONTEXT.Queue()
        self._stop = CONTEXT.Event()
        self._process = CONTEXT.Process(
            target=run, args=(self.kind, self.payload, self._queue, self._stop), daemon=True
        )
        self._process.start()
        return self

    def poll(self) -> bool:
        """Read every message told so far (never waits); whether anything changed."""
        changed = False
        while not self.finished and self._queue is not None:
            try:
                message = self._queue.get_nowait()
            except queues.Empty:
                break
            changed = True
            if message[0] == "progress":
                self.done, self.total = int(message[1]), int(message[2])
            elif message[0] == "done":
                self.answer, self.finished = message[1], True
            else:
                self.error, self.finished = str(message[1]), True
        if not self.finished and self._process is not None and not self._process.is_alive():
            # Ended without a word (killed): look once more, then say so.
            try:
                message = self._queue.get(timeout=0.2)
            except queues.Empty:
                self.error, self.finished = "the work ended without an answer", True
                return True
            self._queue.put(message)
            return self.poll()
        if self.finished:
            self._reap()
        return changed

    def stop(self) -> None:
        """Ask the job to end (a rollout answers with the games played so far)."""
        self.stopping = True
        if self._stop is not None:
            self._stop.set()

    def close(self) -> None:
        """End the job now, whatever it was doing (the scene is left)."""
        self.stop()
        process = self._process
        if process is not None and process.is_alive():
            process.join(0.5)
            if process.is_alive():
                process.terminate()
                process.join(1.0)
        self._reap()

    def _reap(self) -> None:
        process, self._process = self._process, None
        if process is not None:
            process.join(1.0)
            if process.is_alive():
                process.terminate()
