"""An analysis finished in the window (Records → Analyse, the expert stood in for by
``fake_analysis``, run by the real job in its own process) makes drills of the bad
plays of the person at the table only, and says so; the menu then counts them once due."""

from __future__ import annotations

import time
from dataclasses import replace

import fake_analysis  # tests/ui is on the path
from fake_analysis import CALLS, played
from test_analysis_scene import analyse_first, keep_game, pump

from game.play.advice import BAD
from game.store.drill_book import DrillBook
from game.study import jobs
from game.study.drills import DAY
from game.study.stored import analysis_from_json


def test_a_finished_analysis_makes_drills_of_the_persons_bad_plays_only(app, monkeypatch, tmp_path):
    monkeypatch.setitem(jobs.KINDS, "analysis", fake_analysis.quick)
    monkeypatch.setenv(CALLS, str(tmp_path))
    replay = replace(played(), seats=({"human": True}, {"human": False, "level": "novice"}))
    keep_game(app, replay)
    started = time.time()
    scene = analyse_first(app)
    pump(app, lambda: scene.analysis is not None or bool(scene.failed), "analysis")
    assert not scene.failed
    analysis = scene.analysis
    wanted = {
        d.entry for d in analysis.decisions if d.kind == "play" and d.side == 0 and d.loss >= BAD
    }
    drills = DrillBook(app.records).drills()
    assert wanted and len(drills) == len(wanted)
    assert all(d.game_state().to_act == 0 and d.source == "mistake" for d in drills)
    assert all(started + DAY - 5 <= d.due <= time.time() + DAY for d in drills)
    assert f"{len(wanted)} of your plays became drills" in scene.note
    assert analysis_from_json(app.records.analysis(scene.key, 1)) == analysis
    assert DrillBook(app.records).due(time.time() + DAY + 1) == len(wanted)
