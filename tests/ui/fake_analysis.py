"""Stand-ins for the expert's analysis, run as ``game.study.jobs``'s "analysis" kind in
its own process where a window test is about the window, not the analysis (the real one
takes seconds).

``quick`` judges a game at once with made-up losses: every play of the record is a
decision, every third one an error (doubtful, bad and very bad in turn), with chances
that swing from turn to turn. ``gated`` does the same one decision at a time, each
only once the test has opened its gate (a file ``N`` in the folder ``GATES`` names),
so a test can hold the analysis half done while it drives the window. Each call leaves
a file in the folder ``CALLS`` names (when set): how many analyses were made.
"""

from __future__ import annotations

import os
import random
import threading
import time
import uuid
from pathlib import Path
from typing import Any

from game.ai.players import decide
from game.rules import actions as a
from game.rules import match as m
from game.rules.notation import format_turn
from game.rules.replay import Replay, replay_from_json
from game.rules.variants import find_variant
from game.study.analysis import AnalysisStopped, Decision, GameAnalysis, Point, replay_game

GATES = "TABULA_TEST_GATES"
CALLS = "TABULA_TEST_CALLS"
LOSSES = (0.0, 0.01, 0.04, 0.0, 0.002, 0.08, 0.0, 0.005, 0.2)  # every third an error


def played(variant_id: str = "backgammon", seed: int = 4, entries: int = 2_000) -> Replay:
    """A game of computer novices (finished unless cut at ``entries``)."""
    variant = find_variant(variant_id)
    replay = Replay(variant.id, dict(variant.options), seed, ())
    rng = replay.dice()
    state = m.new_game(variant, rng)
    log = []
    pick = random.Random(seed)
    while not state.is_over and len(log) < entries:
        action = decide(state, "novice", pick.randrange(1 << 30)) or a.throw(state, rng)
        log.append(a.action_to_json(state, action))
        state = a.apply_action(state, action)
    seats = tuple({"human": False, "level": "novice"} for _ in range(variant.players))
    result = state.result.to_json() if state.result is not None else None
    return Replay(variant.id, dict(variant.options), seed, tuple(log), seats, result=result)


def kept_for(records: Any, replay: Replay, names: list[str]) -> None:
    """A made-up analysis of ``replay`` kept in ``records``, as a finished one would be
    (the analysis scene then shows it at once, with no worker)."""
    from game.study.stored import VERSION, replay_key

    records.keep_analysis(replay_key(replay), VERSION, made_up(replay.to_json(), names, _none))


def _none(*_: Any) -> None:
    return None


def made_up(replay_json: dict[str, Any], names: list[str], step: Any) -> dict[str, Any]:
    replay = replay_from_json(replay_json)
    states, actions = replay_game(replay)
    calls = os.environ.get(CALLS)
    if calls and step is not _none:
        Path(calls, uuid.uuid4().hex).write_text("called")
    variant = states[0].variant
    decisions = []
    points = []
    moves = [i for i, action in enumerate(actions) if isinstance(action, a.Move)]
    for n, i in enumerate(moves):
        step(n + 1, len(moves))
        state = states[i]
        loss = LOSSES[n % len(LOSSES)]
        play = actions[i].play  # type: ignore[attr-defined]
        decisions.append(
            Decision(
                i,
                state.to_act,
                "play",
                format_turn(variant, state.dice, play),
                "24/18 13/11" if loss else format_turn(variant, state.dice, play),
                loss,
                tuple(state.dice),
                2 + n % 3,
                0.01 * ((n % 5) - 2),
            )
        )
    for i, state in enumerate(states[:-1]):
        if i == 0 or state.phase is m.Phase.ROLL:
            first = 0.5 + 0.4 * (((i * 7) % 11) / 10 - 0.5)
            rest = (1 - first) / (variant.players - 1)
            points.append(Point(i, (first,) + (rest,) * (variant.players - 1)))
    last = states[-1]
    winner = last.result.winner if last.result is not None else None
    end = (
        tuple(1.0 if side == winner else 0.0 for side in range(variant.players))
        if winner is not None
        else (1 / variant.players,) * variant.players
    )
    points.append(Point(len(states) - 1, end))
    return GameAnalysis(
        variant.id,
        variant.players,
        tuple(names),
        tuple(decisions),
        tuple(points),
        True,
        last.result.to_json() if last.result is not None else None,
    ).to_json()


def quick(payload: dict[str, Any], progress: Any, stop: threading.Event) -> dict[str, Any]:
    return made_up(payload["replay"], payload["names"], progress)


def gated(payload: dict[str, Any], progress: Any, stop: threading.Event) -> dict[str, Any]:
    gates = Path(os.environ[GATES])

    def step(done: int, total: int) -> None:
        while not (gates / str(done)).exists():
            if stop.is_set():
                raise AnalysisStopped
            time.sleep(0.01)
        progress(done, total)

    return made_up(payload["replay"], payload["names"], step)


def broken(payload: dict[str, Any], progress: Any, stop: threading.Event) -> dict[str, Any]:
    raise ValueError("Fevga has no trained evaluation to judge it by")
