"""The analysis scene never holds a frame (issue 46: every frame under 20 ms): the frame
that enters it replays no more than a slice of the record and starts neither the worker
nor the pictures; the pictures are made beside the window before they are needed; and
from the result's arrival on, no frame paints more than one of its pictures (the still
parts, the figures, the decision, the board and its men, the rest of the board).
Counted, not timed: the machine is shared."""

from __future__ import annotations

import time

from fake_analysis import GATES, played  # tests/ui on the path

from game.rules.replay import Replay
from game.study import jobs
from game.ui.render.board_view import BoardView
from game.ui.routes import AnalysisRequest, Route
from game.ui.scenes import analysis as scene_module
from game.ui.scenes.analysis import AnalysisScene, result_places

WAIT = 90.0
PICTURES = ("paint_static", "paint_figures_box", "paint_decision", "draw_board_men", "draw_board")


def until(app, done, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not done():
        assert time.monotonic() < deadline, f"no {what}"
        app.step(1 / 60)
        time.sleep(0.005)


def test_entering_replays_a_slice_and_starts_nothing(app, monkeypatch) -> None:
    import fake_analysis

    monkeypatch.setitem(jobs.KINDS, "analysis", fake_analysis.quick)
    replay: Replay = played()
    assert len(replay.plays) > 100
    started = time.perf_counter()
    scene = app.go(Route.ANALYSIS, AnalysisRequest(replay, ("A", "B"), "frames"))
    assert isinstance(scene, AnalysisScene)
    assert scene.replaying is not None and len(scene.states) < len(replay.plays)
    assert scene.job is None and scene.warmer is None  # both in later frames
    assert not scene.opaque  # Records (below) is drawn until its pictures are made
    slices = 0
    while scene.replaying is not None:
        app.step(1 / 60)
        slices += 1
    assert slices > 1  # the record took several frames, a slice each
    assert time.perf_counter() - started < WAIT
    until(app, lambda: scene.analysis is not None, "analysis")


def test_pictures_are_made_ahead_and_painted_one_a_frame(app, monkeypatch, tmp_path) -> None:
    import fake_analysis

    monkeypatch.setenv(GATES, str(tmp_path))
    monkeypatch.setitem(jobs.KINDS, "analysis", fake_analysis.gated)
    replay = played()
    scene = app.go(Route.ANALYSIS, AnalysisRequest(replay, ("A", "B"), "frames"))
    until(app, lambda: scene.job is not None and scene.replaying is None, "worker")
    scene.settle()
    # While the worker is held, the result's board is painted beside the window.
    board, _figures, _graph = result_places(scene.size, scene.scale)
    assert BoardView(scene.variant, scene.theme, board.size).painted()
    painted: list[tuple[int, str]] = []
    frame = [0]
    for name in PICTURES:
        real = getattr(AnalysisScene, name)

        def watched(self, *args, _real=real, _name=name, **kwargs):
            painted.append((frame[0], _name))
            return _real(self, *args, **kwargs)

        monkeypatch.setattr(AnalysisScene, name, watched)
    for n in range(1, 400):
        (tmp_path / str(n)).touch()
    while scene.analysis is None or scene.cached_key("board") != scene.picture_key():
        frame[0] += 1
        app.step(1 / 60)
        time.sleep(0.005)
        assert frame[0] < 20_000
    per_frame = [f for f, _ in painted]
    assert {name for _, name in painted} == set(PICTURES)
    assert len(per_frame) == len(set(per_frame)), painted  # never two in one frame
    assert scene_module.REPLAY_BUDGET <= 0.008
