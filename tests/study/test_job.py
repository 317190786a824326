"""The analysis in its own process: its answer, a fault told in one line, and stop."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

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


def test_the_worker_leaves_when_its_window_is_killed(tmp_path):
    """A window killed outright (no stop, no exit handlers) leaves no analysis running."""
    script = (
        "import os, sys, time\n"
        "from game.study.job import AnalysisJob\n"
        "if __name__ == '__main__':\n"
        "    job = AnalysisJob({}, (), target='dying:linger')\n"
        "    job.start()\n"
        "    print(job.process.pid, flush=True)\n"
        "    time.sleep(3)\n"  # the worker is up and running its stand-in
        "    os._exit(9)\n"
    )
    path = tmp_path / "window.py"
    path.write_text(script)
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, str(path)],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=WAIT,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(root), str(root / "tests/study")])},
    )
    pid = int(done.stdout.split()[0])
    deadline = time.monotonic() + WAIT
    while _running(pid):
        assert time.monotonic() < deadline, "the worker outlived its window"
        time.sleep(0.1)


def _running(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status
