"""The expert's speed-ups change none of its choices.

tests/data/expert-choices.json holds positions of every variant (from seeded random
games, backgammon's doubles among them, and the worst positions of
``benchmarks.decisions``) with the play the expert chose in each and its value, as
recorded before the look-ahead was made faster. A speed-up that only does the same
work faster must choose the same play, valued the same (to float rounding).

Only a change that means to play differently (the networks retrained, the
look-ahead's pruning or budget changed, with its strength measured) re-records them:

    PYTHONPATH=. python tests/ai/test_expert_choices.py      # from the repository's root
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

from game.ai import players
from game.ai.budget import Budget
from game.rules.play import Play, Step
from game.rules.serial import state_from_json, state_to_json

DATA = Path(__file__).resolve().parent.parent / "data" / "expert-choices.json"
# The variants and option sets, and how many positions of each.
SETS: tuple[tuple[str, dict[str, object]], ...] = (
    ("backgammon", {}),
    ("lombardorum", {}),
    ("lombardorum", {"dice": 3}),
    ("el_mundo", {}),
    ("quinze_tablas", {}),
    ("anglicorum", {}),
    ("duodecim", {}),
)
PER_SET = 6
QUICK_CPU = 0.06  # positions decided in less (processor seconds) are quick, and each set's quickest


def _play_json(play: Play) -> list[list[Any]]:
    return [[s.src, s.dst, s.die, s.hit, list(s.dice)] for s in play]


def _play_of(steps: list[list[Any]]) -> Play:
    return Play([Step(src, dst, die, hit, tuple(dice)) for src, dst, die, hit, dice in steps])


def _entries() -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))
    return entries


def _decide(entry: dict[str, Any]) -> tuple[Play, float]:
    state = state_from_json(entry["state"])
    budget = Budget.for_variant(state.variant, seconds=float("inf"))
    best = players.ranked_plays(state, "expert", budget=budget)[0]
    return best.play, best.value


def _check(entry: dict[str, Any]) -> None:
    play, value = _decide(entry)
    assert play == _play_of(entry["play"]), entry["name"]
    assert value == pytest.approx(entry["value"], abs=1e-5), entry["name"]


def test_the_recorded_positions_cover_every_variant_and_doubles():
    entries = _entries()
    names = {e["state"]["variant"] for e in entries}
    assert names == {variant_id for variant_id, _ in SETS}
    doubles = [e for e in entries if e["state"]["variant"] == "backgammon" and _double(e)]
    assert len(doubles) >= 3
    assert any(e["quick"] for e in entries) and not all(e["quick"] for e in entries)


def _double(entry: dict[str, Any]) -> bool:
    dice = entry["state"]["dice"]
    return len(dice) == 2 and dice[0] == dice[1]


@pytest.mark.parametrize("index", range(len(_entries()) if DATA.is_file() else 0))
def test_the_expert_still_chooses_the_recorded_play(index):
    """Every recorded position (named slow in tests/slow.py: some take a second)."""
    _check(_entries()[index])


def test_the_expert_still_chooses_the_recorded_play_quickly():
    """The recorded positions that are quick to decide, for ``make quick``."""
    quick = [e for e in _entries() if e["quick"]]
    assert len(quick) >= 10
    for entry in quick:
        _check(entry)


def record() -> None:  # pragma: no cover - run by hand, see the module's docstring
    """Write tests/data/expert-choices.json from the expert as it plays now."""
    from benchmarks.decisions import CASES
    from game.ai.arena import random_decisions
    from game.rules.variants import find_variant

    found: list[tuple[str, Any]] = []
    for variant_id, options in SETS:
        variant = find_variant(variant_id, options)
        taken, seed = 0, 22
        while taken < PER_SET:
            for k, (state, _) in enumerate(random_decisions(variant, random.Random(seed))):
                if k % 5 == 0 and taken < PER_SET:
                    found.append((f"{variant_id}{options or ''} seed {seed} decision {k}", state))
                    taken += 1
            seed += 1
    found += [(case.name, case.state()) for case in CASES]
    entries, cheapest = [], {}
    for name, state in found:
        entry: dict[str, Any] = {"name": name, "state": state_to_json(state)}
        started = time.process_time()
        play, value = _decide(entry)
        cpu = time.process_time() - started
        entry |= {"play": _play_json(play), "value": value, "quick": cpu < QUICK_CPU}
        entries.append(entry)
        key = (state.variant.id, repr(state.variant.options))
        cheapest[key] = min(cheapest.get(key, (cpu, entry)), (cpu, entry), key=lambda c: c[0])
        print(f"{name:48} {cpu:6.3f} s", flush=True)
    for _, entry in cheapest.values():
        entry["quick"] = True  # every variant has a quick one
    from game.files import write_atomic

    lines = ",\n".join(json.dumps(entry, separators=(",", ":")) for entry in entries)
    write_atomic(DATA, f"[\n{lines}\n]\n".encode())  # a position a line


if __name__ == "__main__":  # pragma: no cover
    record()
