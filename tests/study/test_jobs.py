"""Study work beside the window (game.study.jobs): one job class for the analysis scene's
whole-game analysis and the editor's hint and rollout. Each job tells its progress, then
its result, or one line of error; stop and close end it; nothing is left running when
it is closed, when the window closes, or when the window is killed outright (the
watchdog)."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import dying  # tests/study on the path
import pytest

from game.rules.replay import Replay
from game.rules.serial import state_to_json
from game.study import jobs
from game.study.rollout import rollout
from tests.study.test_position_rollout import bear_off

WAIT = 90.0
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def no_nice(monkeypatch):
    """The job lowers its own priority: not the test process's."""
    niced: list[int] = []
    monkeypatch.setattr(jobs.os, "nice", niced.append)
    return niced


def told(kind: str, payload: dict) -> list[tuple]:
    """The messages of ``kind``'s work run in this process (a thread's worth)."""
    out: queue.Queue = queue.Queue()
    stop = threading.Event()
    jobs.run(jobs.KINDS[kind], payload, out, stop)
    stop.set()  # the watch ends
    return [out.get_nowait() for _ in range(out.qsize())]


def wait(job: jobs.StudyJob) -> None:
    deadline = time.monotonic() + WAIT
    while not job.finished:
        assert time.monotonic() < deadline
        job.poll()
        time.sleep(0.02)


def gone(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return True
    return "\nState:\tZ" in status


# -- the work, in this process ----------------------------------------------------------------


def test_a_rollout_tells_its_progress_then_its_answer(no_nice) -> None:
    state = bear_off()
    messages = told("rollout", {"state": state_to_json(state), "games": 4, "seed": 2})
    assert messages[:4] == [("progress", n, 4) for n in range(1, 5)]
    assert messages[4] == ("done", rollout(state, 4, 2).to_json())
    assert no_nice == [jobs.NICE]


def test_a_hint_answers_the_plays_best_first(no_nice) -> None:
    from game.rules.serial import state_from_json

    text = state_to_json(bear_off())
    text.update(phase="move", dice=[6, 1])
    state_from_json(text)
    [(word, ranked)] = told("hint", {"state": text})
    assert word == "done" and ranked
    assert ranked[0][2] == 0.0 and all(r[2] >= 0 for r in ranked)


@pytest.mark.parametrize(
    "kind, payload",
    [
        ("rollout", {}),
        ("rollout", {"state": {"variant": "nonsense"}, "games": 3}),
        ("rollout", {"state": state_to_json(bear_off()), "games": 0}),
        ("analysis", {"replay": {"variant": "backgammon"}}),
        ("analysis", {"replay": [1, 2]}),
        ("hint", {"state": "nonsense"}),
    ],
)
def test_work_that_cannot_be_done_says_so_in_one_line(no_nice, kind, payload) -> None:
    [(word, words)] = told(kind, payload)
    assert word == "error" and words and "\n" not in words


def test_a_kind_is_a_name_and_a_function() -> None:
    assert set(jobs.KINDS) >= {"analysis", "rollout", "hint"}
    with pytest.raises(ValueError, match="no study job 'guess'"):
        jobs.StudyJob("guess", {})


# -- in a process of its own -------------------------------------------------------------------


def test_the_editors_rollout_answers_from_its_own_process() -> None:
    state = bear_off()
    job = jobs.StudyJob("rollout", {"state": state_to_json(state), "games": 3, "seed": 5})
    job.start()
    assert job.process is not None and job.process.pid != os.getpid()
    wait(job)
    assert job.error == "" and not job.stopped
    assert job.result == job.answer == rollout(state, 3, 5).to_json()
    assert (job.done, job.total) == (3, 3)
    pid = job.process.pid
    deadline = time.monotonic() + WAIT
    while not gone(pid):  # reaped: no zombie left behind
        assert time.monotonic() < deadline
        jobs.reap()
        time.sleep(0.05)


def test_a_record_that_breaks_the_rules_comes_back_as_one_line() -> None:
    bad = Replay("backgammon", {}, 5, ({"action": "play", "play": "24/1"},)).to_json()
    job = jobs.StudyJob("analysis", {"replay": bad, "names": ["A", "B"]}).start()
    wait(job)
    assert job.result is None and not job.stopped
    assert "\n" not in job.error and "entry 1" in job.error


def test_a_stopped_rollout_answers_with_the_games_played_so_far() -> None:
    job = jobs.StudyJob("rollout", {"state": state_to_json(bear_off()), "games": 100_000})
    job.start()
    deadline = time.monotonic() + WAIT
    while job.done < 2:
        assert time.monotonic() < deadline and not job.finished
        job.poll()
        time.sleep(0.02)
    job.stop()
    assert job.stopping and not job.finished
    wait(job)
    assert job.result["stopped"] and 2 <= job.result["games"] < 100_000


def test_close_ends_the_process_at_once_and_nothing_more_comes(monkeypatch) -> None:
    monkeypatch.setitem(jobs.KINDS, "analysis", dying.linger)  # a minute, never looking
    job = jobs.StudyJob("analysis", {}).start()
    process = job.process
    job.close()
    assert job.finished and job.stopped and job.result is None and job.error == ""
    process.join(WAIT)
    assert not process.is_alive()
    assert job.poll() is False and job.error == ""
    assert process not in jobs.running()


def test_a_process_gone_without_a_word_is_said_so(monkeypatch) -> None:
    monkeypatch.setitem(jobs.KINDS, "hint", dying.die)
    job = jobs.StudyJob("hint", {}).start()
    wait(job)
    assert job.error == "the hint ended without an answer (exit code 9)"


def test_the_windows_close_ends_every_job(monkeypatch) -> None:
    monkeypatch.setitem(jobs.KINDS, "analysis", dying.linger)
    started = [jobs.StudyJob("analysis", {}).start() for _ in range(2)]
    jobs.close_all()
    assert all(job.finished and not job.alive() for job in started)
    assert jobs.running() == []


WINDOW = """\
import os, sys, time
from game.study import jobs
import dying
if __name__ == "__main__":
    kind, payload = sys.argv[1], {}
    if kind == "rollout":
        from game.rules.serial import state_to_json
        from tests.study.test_position_rollout import bear_off
        payload = {"state": state_to_json(bear_off()), "games": 1_000_000}
    else:
        jobs.KINDS[kind] = dying.linger
    job = jobs.StudyJob(kind, payload).start()
    print(job.process.pid, flush=True)
    time.sleep(2.5)
    job.poll()
    print(job.alive(), flush=True)
    os._exit(9)
"""


@pytest.mark.parametrize("kind", ["analysis", "rollout"])
def test_a_job_leaves_when_its_window_is_killed(tmp_path, kind) -> None:
    """A window killed outright (no stop, no exit handlers) leaves no job running: the
    analysis scene's (a stand-in that never looks at its stop) or the editor's rollout."""
    path = tmp_path / "window.py"
    path.write_text(WINDOW)
    done = subprocess.run(
        [sys.executable, str(path), kind],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=WAIT,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests/study")])},
    )
    pid_text, alive = done.stdout.split()[:2]
    assert alive == "True", done.stderr  # at work when its window died
    deadline = time.monotonic() + WAIT
    while not gone(int(pid_text)):
        assert time.monotonic() < deadline, "the job outlived its window"
        time.sleep(0.1)
