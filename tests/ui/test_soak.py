"""A soak test of the window: 10,000 random clicks and keys across every scene, and no
exception (benchmarks/soak.py drives it; ``python -m benchmarks.soak`` runs it longer)."""

from __future__ import annotations

import logging

from benchmarks.soak import REQUIRED, soak

EVENTS = 10_000


def test_ten_thousand_random_inputs_across_every_scene(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))  # a throw-away folder for the records
    report = soak(EVENTS, seed=20, home=tmp_path / "home")
    assert report.events == EVENTS
    if report.failures:
        raise AssertionError(
            f"{len(report.failures)} exceptions in {EVENTS} events; the first:\n"
            f"{report.failures[0]}\n\n{report.summary()}"
        )
    assert not report.missing, report.summary()
    assert report.draws > EVENTS // 10
    assert report.games_finished >= 2  # into the results, the records and the replays
    logging.getLogger(__name__).info(report.summary())


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
