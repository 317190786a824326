"""The analysis in its own process: its answer, a fault told in one line, and stop."""

from __future__ import annotations

import os
import time

from game.rules.replay import Replay
from game.study.job import AnalysisJob

WAIT = 90.0


def wait(job: AnalysisJob) -> None:
    deadline = time.monotonic() + WAIT
    while not job.finished:
        assert time.monotonic() < deadline
        job.poll()
        time.sleep(0.02)


def test_a_record_that_breaks_the_rules_comes_back_as_one_line():
    bad = Replay("backgammon", {}, 5, ({"action": "play", "play": "24/1"},)).to_json()
    job = AnalysisJob(bad, ("A", "B"))
    job.start()
    assert job.process is not None and job.process.pid != os.getpid()
    wait(job)
    assert job.result is None and not job.stopped
    assert "\n" not in job.error and "entry 1" in job.error


def test_a_target_that_is_not_there_is_a_fault_not_a_crash():
    job = AnalysisJob({}, (), target="game.study.job:nothing_here")
    job.start()
    wait(job)
    assert "nothing_here" in job.error


def test_stop_ends_the_process_at_once():
    job = AnalysisJob({}, (), target="time:sleep")  # would fail, were it not stopped
    job.start()
    job.stop()
    assert job.finished and job.stopped and job.result is None
    assert job.process is not None
    job.process.join(WAIT)
    assert not job.process.is_alive()
    job.poll()  # nothing more comes
    assert job.error == ""


def test_a_process_gone_without_a_word_is_said_so():
    job = AnalysisJob({}, (), target="dying:die")  # tests/study on the path
    job.start()
    wait(job)
    assert job.error == "the analysis ended without an answer (exit code 9)"
