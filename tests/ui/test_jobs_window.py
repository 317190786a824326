"""No study job outlives its window: the window's stop ends every job still running
(the analysis scene's and the editor's alike), whichever scene is on top."""

from __future__ import annotations

from dataclasses import replace

import fake_analysis  # tests/ui on the path
from fake_analysis import GATES

from game.store.settings import Settings
from game.study import jobs
from game.ui.app import App


def test_the_windows_stop_ends_the_jobs_still_running(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    monkeypatch.setenv(GATES, str(tmp_path))  # no gate opens: the work never ends alone
    monkeypatch.setitem(jobs.KINDS, "analysis", fake_analysis.gated)
    app = App(replace(Settings(), animation="instant", muted=True), persist=False)
    app.start((640, 400))
    started = [
        jobs.StudyJob("analysis", {"replay": {}, "names": []}).start(),
        jobs.StudyJob("rollout", {"state": {"variant": "backgammon"}, "games": 10**6}).start(),
    ]
    processes = [job.process for job in started]
    assert all(p.is_alive() for p in processes)
    app.stop()
    assert all(job.finished for job in started)
    assert all(not p.is_alive() for p in processes) and jobs.running() == []
