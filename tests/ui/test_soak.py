"""A soak test of the window: 8,000 random clicks and keys across every scene, and no
exception (benchmarks/soak.py drives it; ``python -m benchmarks.soak --events 100000`` runs
it longer: the suite keeps to its five minutes)."""

from __future__ import annotations

import logging
import sys

from benchmarks.soak import REQUIRED, soak

EVENTS = 8_000
SEED = 20


def test_eight_thousand_random_inputs_across_every_scene(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))  # a throw-away folder for the records
    report = soak(EVENTS, seed=SEED, home=tmp_path / "home")
    again = f"python -m benchmarks.soak --seed {SEED} --events {EVENTS}"
    for failure in report.failures:  # every one, in full, where pytest shows it
        print(failure, file=sys.stderr)
    where = f"(seed {SEED}, {EVENTS} events: {again})\n{report.summary()}"
    assert report.events == EVENTS, where
    if report.failures:
        raise AssertionError(
            f"{len(report.failures)} exceptions in {EVENTS} events {where}\n\nthe first:\n"
            f"{report.failures[0]}"
        )
    assert not report.missing, where
    assert report.draws > EVENTS // 10, where
    # At least one game through the results, the records and the replays (how many the
    # random inputs finish varies with the computer's pace: one to six in 6,000).
    assert report.games_finished >= 1, where
    logging.getLogger(__name__).info(report.summary())


def test_a_soak_failure_says_how_to_run_it_again():
    """The message of a failure names the seed, the event and the command, with the trace."""
    from benchmarks.soak import Failure

    text = str(Failure(17, "BoardScene", "Traceback ...\nValueError: x", ["a", "b"], 20, 300))
    assert "event 17 in BoardScene" in text and "ValueError: x" in text
    assert "python -m benchmarks.soak --seed 20 --events 300" in text


def test_the_soak_reaches_every_required_scene_by_name():
    """The list of what a soak must visit names real scenes and every variant."""
    from game.rules.variants import VARIANTS
    from game.ui.scenes import (
        campaign,
        dice_stats,
        menu,
        pause,
        records,
        results,
        rules,
        settings,
        setup,
    )

    modules = (campaign, dice_stats, menu, pause, records, results, rules, settings, setup)
    names = {name for module in modules for name in vars(module)}
    scenes = {r for r in REQUIRED if not r.startswith("board:")}
    assert scenes <= names
    assert {f"board:{v}" for v in VARIANTS} <= REQUIRED


def test_a_soak_plays_the_same_for_the_same_seed(tmp_path, monkeypatch):
    """Whatever the machine's speed: the same events, scenes and drawings (a failure
    found by one run is found again by ``python -m benchmarks.soak`` with its seed)."""
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    first = soak(400, seed=7, home=tmp_path / "first")
    second = soak(400, seed=7, home=tmp_path / "second")
    assert first.trail.hexdigest() == second.trail.hexdigest()
    assert first.visited == second.visited and first.draws == second.draws
    assert len(first.failures) == len(second.failures)
