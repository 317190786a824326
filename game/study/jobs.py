"""Study work run in a process of its own beside the window (pure: no window here).

``run`` is a process's target: it reads the state from its JSON, does one job, and puts
its messages on a queue: ``("progress", done, total)`` while it works, then ``("done",
answer)`` or ``("error", words)``. A stop event ends a rollout after the game in hand
(its answer the games played so far).

- ``"rollout"``: ``game.study.rollout`` of ``games`` games, seeded; the answer is its JSON.
- ``"hint"``: the expert's ranking of the plays (``game.ai.players.ranked_plays``); the
  answer is a list of ``[notation, value, loss]``, best first.
- ``"drill"``: a drill's table of plays (``game.study.drill_rank``): a list of
  ``[notation, loss]``, least loss first.
- ``"judge"``: a drill's answer judged: the expert's ranking with the play ``play``
  (its notation) looked at as deeply as the best; the same form as ``"hint"``'s.
"""

from __future__ import annotations

import contextlib
import os
from typing import Any

NICE = 5  # how much lower than the window's the job's priority is


def run(kind: str, payload: dict[str, Any], queue: Any, stop: Any) -> None:
    """Do the job ``kind`` on ``payload`` and tell ``queue`` (a process's target). The
    process yields the processor to the window first (a lower priority where it can)."""
    with contextlib.suppress(AttributeError, OSError):  # no priorities here: run as it is
        os.nice(NICE)
    try:
        queue.put(("done", answer(kind, payload, queue, stop)))
    except Exception as exc:  # anything at all: the window is told in words, never crashes
        queue.put(("error", str(exc) or type(exc).__name__))


def answer(kind: str, payload: dict[str, Any], queue: Any, stop: Any) -> Any:
    from game.rules.serial import state_from_json

    state = state_from_json(payload["state"])
    if kind == "rollout":
        from game.study.rollout import rollout

        def progress(done: int, total: int) -> None:
            queue.put(("progress", done, total))

        result = rollout(state, int(payload["games"]), int(payload.get("seed", 0)), progress, stop)
        return result.to_json()
    if kind == "hint":
        from game.ai.players import ranked_plays
        from game.play.advice import play_text

        ranked = ranked_plays(state, "expert")
        best = ranked[0].value if ranked else 0.0
        return [[play_text(state, r.play), r.value, best - r.value] for r in ranked]
    if kind == "drill":
        from game.study.drill_rank import drill_table

        return [[text, loss] for text, loss in drill_table(state)[1]]
    if kind == "judge":
        from game.ai.players import play_loss
        from game.play.advice import play_text
        from game.rules.notation import parse_play

        play = parse_play(state.variant, state.position, state.dice, str(payload["play"]))
        _, ranked = play_loss(state, play)
        best = ranked[0].value if ranked else 0.0
        return [[play_text(state, r.play), r.value, best - r.value] for r in ranked]
    raise ValueError(f"no study job {kind!r}")
