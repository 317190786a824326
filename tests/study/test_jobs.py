"""The study jobs run beside the window (game.study.jobs): each tells its progress, then its
answer, or one line of error; nothing they are given can make them raise."""

from __future__ import annotations

import queue
import threading

import pytest

from game.rules.serial import state_to_json
from game.study import jobs
from game.study.rollout import rollout
from tests.study.test_position_rollout import bear_off


@pytest.fixture(autouse=True)
def no_nice(monkeypatch):
    """The job lowers its own priority: not the test process's."""
    niced: list[int] = []
    monkeypatch.setattr(jobs.os, "nice", niced.append)
    return niced


def told(kind: str, payload: dict, stop: threading.Event | None = None) -> list[tuple]:
    out: queue.Queue = queue.Queue()
    jobs.run(kind, payload, out, stop or threading.Event())
    return [out.get_nowait() for _ in range(out.qsize())]


def test_a_rollout_job_tells_its_progress_then_the_rollouts_answer(no_nice) -> None:
    state = bear_off()
    messages = told("rollout", {"state": state_to_json(state), "games": 4, "seed": 2})
    assert messages[:4] == [("progress", n, 4) for n in range(1, 5)]
    assert messages[4] == ("done", rollout(state, 4, 2).to_json())
    assert no_nice == [jobs.NICE]


def test_a_hint_job_answers_the_plays_best_first() -> None:
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
        ("guess", {"state": state_to_json(bear_off())}),
    ],
)
def test_a_job_that_cannot_be_done_says_so_in_one_line(kind, payload) -> None:
    [(word, words)] = told(kind, payload)
    assert word == "error" and words and "\n" not in words
