"""Analysis in the window: Records → Analyse → the progress of a worker process → the
analysis stepped through beside the board; Stop; the analysis kept and reused; a
damaged one made again; the scene at every window size the layout tests pin.

Where a test is about the window the expert is stood in for (``fake_analysis``: made-up
losses, at once or one gate at a time), run by the real job in its own process."""

from __future__ import annotations

import os
import time
from dataclasses import replace

import fake_analysis  # tests/ui on the path
import pygame
import pytest
from fake_analysis import CALLS, GATES, kept_for, made_up, played  # tests/ui on the path
from scene_kit import click, open_app, press, reset_app, resize
from test_layout_pinned import SIZES

from game.rules import actions as a
from game.rules import match as m
from game.rules.notation import format_turn
from game.rules.replay import Replay
from game.store.records import FinishedGame
from game.study import jobs
from game.study.analysis import Decision, replay_game
from game.study.stored import VERSION, analysis_from_json, replay_key
from game.ui.analysis_board import play_named
from game.ui.routes import AnalysisRequest, Route
from game.ui.scenes.analysis import STOPPED, AnalysisScene
from game.ui.scenes.records import RecordsScene

WAIT = 90.0  # seconds at most for a worker process to answer (it takes about one)


@pytest.fixture(scope="module")
def started_app(tmp_path_factory):
    yield from open_app(tmp_path_factory)


@pytest.fixture
def app(started_app, monkeypatch, tmp_path):
    monkeypatch.setitem(jobs.KINDS, "analysis", fake_analysis.quick)
    calls = tmp_path / "calls"
    calls.mkdir()
    monkeypatch.setenv(CALLS, str(calls))
    started_app.calls = calls
    return reset_app(started_app)


def keep_game(app, replay: Replay) -> None:
    assert replay.result is not None
    app.records.add_game(
        FinishedGame(
            "local",
            replay.variant_id,
            replay.options,
            [dict(s) for s in replay.seats],
            replay.seed,
            list(replay.plays),
            dict(replay.result),
        )
    )


def records_scene(app) -> RecordsScene:
    app.go(Route.MENU)
    scene = app.go(Route.RECORDS)
    assert isinstance(scene, RecordsScene)
    return scene


def analyse_first(app) -> AnalysisScene:
    records = records_scene(app)
    click(app, records.analyse_button.rect.center)
    scene = app.stack.top
    assert isinstance(scene, AnalysisScene), getattr(records, "message", "")
    begun(app, scene)
    return scene


def begun(app, scene: AnalysisScene) -> None:
    """Frames until the scene has begun: its worker started, or the kept analysis shown
    (the record is replayed a slice a frame, the worker started the frame after the
    scene's first), and its pictures made beside the window."""
    pump(
        app,
        lambda: scene.job is not None or scene.analysis is not None or bool(scene.failed),
        "start",
    )
    scene.settle()
    app.step(1 / 60)


def pump(app, until, what: str) -> None:
    """Frames until ``until()`` (each one an ordinary ``App.step``: never waiting)."""
    deadline = time.monotonic() + WAIT
    while not until():
        assert time.monotonic() < deadline, f"no {what} in {WAIT} s"
        app.step(1 / 60)
        time.sleep(0.01)


def ready(app) -> AnalysisScene:
    scene = analyse_first(app)
    pump(app, lambda: scene.analysis is not None or scene.failed, "analysis")
    assert not scene.failed
    app.step(1 / 60)
    return scene


def shown(app) -> AnalysisScene:
    """A finished game whose (made-up) analysis is kept, opened from Records: shown at
    once, with no worker (for the tests of stepping through it)."""
    replay = played()
    keep_game(app, replay)
    kept_for(app.records, replay, ["Ivory", "Crimson"])
    scene = analyse_first(app)
    assert scene.job is None and scene.analysis is not None
    app.step(1 / 60)
    return scene


def kept_rows(app) -> int:
    return app.records.db.execute("SELECT COUNT(*) FROM analyses").fetchone()[0]


# -- the worker beside the window -------------------------------------------------------------


def test_records_analyse_shows_the_workers_progress_and_then_the_analysis(
    app, monkeypatch, tmp_path
):
    """The analysis runs in another process; the window's frames go on while it is held
    half done (it waits at a gate the test opens): each frame returns, the bar shows the
    progress the worker told, and the result is shown and kept once it is done."""
    gates = tmp_path / "gates"
    gates.mkdir()
    monkeypatch.setenv(GATES, str(gates))
    monkeypatch.setitem(jobs.KINDS, "analysis", fake_analysis.gated)
    replay = played()
    keep_game(app, replay)
    scene = analyse_first(app)
    job = scene.job
    assert job is not None and job.process is not None
    assert job.process.pid != os.getpid()  # not a thread of the window's process
    (gates / "1").touch()
    (gates / "2").touch()
    pump(app, lambda: job.done == 2, "progress")
    # The worker now waits at gate 3 while frames are updated and drawn.
    frames = app.draws
    for _ in range(5):
        app.step(1 / 60)
        scene.draw(app.screen)
    assert job.alive() and job.done == 2 and job.total > 2
    assert scene.analysis is None and app.draws >= frames
    assert 0 < job.fraction < 1
    for n in range(3, job.total + 1):
        (gates / str(n)).touch()
    pump(app, lambda: scene.analysis is not None, "analysis")
    assert kept_rows(app) == 1
    assert app.records.analysis(replay_key(replay), VERSION) is not None
    assert scene.moments[-1] == len(scene.states) - 1


def test_stop_ends_the_worker_and_keeps_nothing(app, monkeypatch, tmp_path):
    gates = tmp_path / "gates"
    gates.mkdir()
    monkeypatch.setenv(GATES, str(gates))
    monkeypatch.setitem(jobs.KINDS, "analysis", fake_analysis.gated)
    keep_game(app, played())
    scene = analyse_first(app)
    job = scene.job
    assert job is not None and job.process is not None
    (gates / "1").touch()
    pump(app, lambda: job.done == 1, "progress")
    process = job.process
    click(app, scene.stop_button.rect.center)
    top = app.stack.top
    assert isinstance(top, RecordsScene) and top.message == STOPPED
    process.join(WAIT)
    assert not process.is_alive()
    for n in range(1, 400):  # the gates all open: a worker left running would finish
        (gates / str(n)).touch()
    for _ in range(10):
        app.step(1 / 60)
    assert kept_rows(app) == 0


def test_esc_while_working_stops_too(app, monkeypatch, tmp_path):
    monkeypatch.setenv(GATES, str(tmp_path))  # no gate ever opens
    monkeypatch.setitem(jobs.KINDS, "analysis", fake_analysis.gated)
    keep_game(app, played())
    scene = analyse_first(app)
    process = scene.job.process
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, RecordsScene)
    process.join(WAIT)
    assert not process.is_alive() and kept_rows(app) == 0


# -- kept in the records book ------------------------------------------------------------------


def test_a_kept_analysis_is_shown_again_without_analysing(app):
    keep_game(app, played())
    first = ready(app)
    made = first.analysis
    assert len(list(app.calls.iterdir())) == 1
    press(app, pygame.K_ESCAPE)
    second = analyse_first(app)
    assert second.job is None and second.analysis == made
    assert len(list(app.calls.iterdir())) == 1  # the analysis function was not called again


DAMAGES = {
    "not JSON": "{not json",
    "a list": "[1, 2]",
    "a decision's loss as text": "loss",
    "an old version": "version",
    "of another game": "variant",
}


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_a_damaged_kept_analysis_is_made_again(app, damage):
    replay = played()
    keep_game(app, replay)
    good = ready(app).analysis
    assert good is not None
    press(app, pygame.K_ESCAPE)
    key = replay_key(replay)
    data = good.to_json()
    version = VERSION
    how = DAMAGES[damage]
    if how == "loss":
        data["decisions"][0]["loss"] = "a lot"
    elif how == "version":
        version = data["version"] = VERSION - 1
    elif how == "variant":
        data["variant"] = "fevga"
    import json

    text = how if how.startswith(("{", "[")) else json.dumps(data)
    with app.records.transaction() as db:
        db.execute("UPDATE analyses SET data = ?, version = ? WHERE game = ?", (text, version, key))
    again = analyse_first(app)
    assert again.job is not None  # made again, not shown
    pump(app, lambda: again.analysis is not None or again.failed, "analysis")
    assert again.analysis == good
    assert len(list(app.calls.iterdir())) == 2
    kept = app.records.analysis(key, VERSION)
    assert kept is not None and analysis_from_json(kept) == good


def test_a_game_without_a_trained_evaluation_is_refused_plainly(app, untrained):
    keep_game(app, played(untrained, seed=3, entries=2_000))
    records = records_scene(app)
    click(app, records.analyse_button.rect.center)
    assert app.stack.top is records
    assert "cannot be analysed" in records.message and "no trained evaluation" in records.message


# -- stepping and the graph --------------------------------------------------------------------


def test_keys_step_through_the_decisions(app):
    scene = shown(app)
    assert scene.at == 0
    press(app, pygame.K_RIGHT)
    assert scene.at == 1
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)  # not before the first
    assert scene.at == 0
    press(app, pygame.K_END)
    assert scene.at == len(scene.moments) - 1 and scene.decision is None
    press(app, pygame.K_HOME)
    press(app, pygame.K_PAGEDOWN)
    first_error = scene.decision
    assert first_error is not None and first_error.grade is not None
    assert all(d.grade is None for d in scene.analysis.decisions if d.entry < first_error.entry)
    press(app, pygame.K_PAGEDOWN)
    press(app, pygame.K_PAGEUP)
    assert scene.decision == first_error


def test_clicking_each_mark_of_the_graph_lands_on_its_decision(app):
    scene = shown(app)
    marks = scene.graph.marks()
    assert len(marks) == sum(1 for d in scene.analysis.decisions if d.grade is not None) > 3
    for mark in reversed(marks):
        click(app, (round(mark.at[0]), round(mark.at[1])))
        assert scene.decision is not None and scene.decision.entry == mark.entry, mark
        assert scene.decision.grade == mark.grade


def test_clicking_the_graph_off_the_marks_goes_to_the_nearest_decision(app):
    scene = shown(app)
    plot = scene.graph.plot
    click(app, (plot.right - 1, plot.y + 2))
    assert scene.at == len(scene.moments) - 1
    click(app, (plot.x + 1, plot.y + 2))
    assert scene.at == 0


# -- every size --------------------------------------------------------------------------------


@pytest.mark.parametrize("variant_id", ["backgammon", "el_mundo"])
def test_the_scene_fits_every_pinned_window_size(app, cut, monkeypatch, variant_id):
    """At each size the layout tests pin: the board, the figures and the graph inside the
    window and apart, and no text cut short or drawn past the window's edge."""
    from game.ui import analysis_graph
    from game.ui.scenes import analysis, analysis_panes

    drawn: list[pygame.Rect] = []
    for module in (analysis, analysis_panes, analysis_graph):
        real = module.draw_text

        def watched(*args, _real=real, **kwargs):
            rect = _real(*args, **kwargs)
            drawn.append(rect)
            return rect

        monkeypatch.setattr(module, "draw_text", watched)
    replay = played(variant_id, seed=2, entries=60)
    replay = replace(replay, result=None)  # a record cut short is analysed too
    scene = app.go(Route.ANALYSIS, AnalysisRequest(replay, ("You", "B", "C", "D"), "A test"))
    pump(app, lambda: scene.analysis is not None or scene.failed, "analysis")
    assert not scene.failed
    press(app, pygame.K_PAGEDOWN)  # a decision graded: the longest words
    for size in SIZES:
        resize(app, size)
        drawn.clear()
        scene.update(1 / 60)
        scene.draw(app.screen)
        window = pygame.Rect((0, 0), size)
        parts = [scene.board_rect, scene.side_panel.rect, scene.graph_panel.rect]
        parts += [b.rect for b in (scene.prev_button, scene.next_button, scene.back_button)]
        for n, part in enumerate(parts):
            assert window.contains(part), (size, part)
            for other in parts[n + 1 :]:
                assert not part.colliderect(other), (size, part, other)
        assert drawn and all(window.contains(r) for r in drawn), size
        page = pygame.Surface(size)
        for at in range(len(scene.moments)):  # every decision's words fit their box
            scene.go_to(at)
            assert scene.paint_decision(pygame.Surface(scene.decision_box.size)) == 0, size
        assert scene.paint_figures(page, scene.figures_box) == 0, size
        press(app, pygame.K_HOME)
        press(app, pygame.K_PAGEDOWN)
    assert cut == []


def test_b_shows_the_experts_best_play_and_back(app):
    """The board draws the play made, or (B, or the button) the expert's best, which is
    a legal play of the position shown; the label of the one shown is lit."""
    scene = shown(app)
    press(app, pygame.K_PAGEDOWN)
    decision = scene.decision
    made = scene.actions[decision.entry].play
    assert scene.play_shown() == made
    state = scene.states[decision.entry]
    best = next(p for p in m.legal_plays(state) if p != made)
    words = format_turn(state.variant, state.dice, best)
    assert play_named(state, words) == best
    scene.analysis = replace(
        scene.analysis,
        decisions=tuple(
            replace(d, best=words) if d.entry == decision.entry else d
            for d in scene.analysis.decisions
        ),
    )
    press(app, pygame.K_b)
    assert scene.best_shown and scene.play_shown() == best
    assert scene.best_button.label == "Show played"
    scene.draw(app.screen)
    click(app, scene.best_button.rect.center)
    assert not scene.best_shown and scene.play_shown() == made


def test_only_plays_and_real_cube_choices_are_stepped_through(app):
    """A cube turn where no one doubled or should have is not a stop of its own; one
    that was a real choice (and every take or pass) is."""
    replay = played()
    keep_game(app, replay)
    states, actions = replay_game(replay)
    data = made_up(replay.to_json(), ["A", "B"], lambda *_: None)
    rolls = [i for i, action in enumerate(actions) if isinstance(action, a.Roll)]
    cube = [Decision(i, states[i].to_act, "double", "No double", "No double", 0.0) for i in rolls]
    cube[3] = replace(cube[3], best="Double", loss=0.05)  # should have doubled
    decisions = sorted(
        [d for d in data["decisions"]] + [c.to_json() for c in cube], key=lambda d: d["entry"]
    )
    data["decisions"] = decisions
    records = records_scene(app)
    key = replay_key(records.replay())
    app.records.keep_analysis(key, VERSION, data)
    click(app, records.analyse_button.rect.center)
    scene = app.stack.top
    begun(app, scene)
    assert isinstance(scene, AnalysisScene) and scene.job is None
    plays = {i for i, action in enumerate(actions) if isinstance(action, a.Move)}
    assert set(scene.moments) == plays | {cube[3].entry, len(states) - 1}
    scene.go_to(scene.moments.index(cube[3].entry))
    assert scene.decision.kind == "double" and scene.decision.grade == "doubtful"
    scene.draw(app.screen)


def test_a_failed_analysis_is_said_in_one_line_and_back_goes_to_records(app, monkeypatch):
    monkeypatch.setitem(jobs.KINDS, "analysis", fake_analysis.broken)
    keep_game(app, played())
    scene = analyse_first(app)
    pump(app, lambda: bool(scene.failed), "failure")
    assert "no trained evaluation" in scene.failed and scene.analysis is None
    scene.draw(app.screen)
    assert kept_rows(app) == 0
    click(app, scene.back_button.rect.center)
    assert isinstance(app.stack.top, RecordsScene)


def test_an_analysis_that_cannot_be_kept_is_shown_all_the_same(app, monkeypatch):
    import sqlite3

    def refuse(*_):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(app.records, "keep_analysis", refuse)
    keep_game(app, played())
    scene = ready(app)
    assert scene.analysis is not None and "could not be kept" in scene.note
    assert kept_rows(app) == 0


def test_an_imported_replay_file_is_analysed_and_shares_the_games_analysis(app, tmp_path):
    """A replay file listed in Records is analysed as its game in the records is: the
    same game read from either is one analysis, made once."""
    from pathlib import Path

    replay = played()
    keep_game(app, replay)
    first = ready(app)
    press(app, pygame.K_ESCAPE)
    records = app.stack.top
    records.refresh(files=[(Path("game.json"), replay)])
    records.choose(len(records.items) - 1)
    click(app, records.analyse_button.rect.center)
    scene = app.stack.top
    begun(app, scene)
    assert isinstance(scene, AnalysisScene) and scene.job is None
    assert scene.analysis == first.analysis
    assert len(list(app.calls.iterdir())) == 1


def test_a_record_that_breaks_the_rules_is_refused_in_one_line(app):
    bad = Replay("backgammon", {}, 5, ({"action": "play", "play": "24/1"},))
    scene = app.go(Route.ANALYSIS, AnalysisRequest(bad, ("A", "B"), "broken"))
    assert scene.failed.startswith("This game cannot be analysed: entry 1")
    assert "\n" not in scene.failed and scene.job is None
    scene.update(1 / 60)
    scene.draw(app.screen)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is not scene
    assert kept_rows(app) == 0


@pytest.mark.parametrize("size", SIZES)
def test_the_progress_card_fits_every_pinned_window_size(app, cut, monkeypatch, tmp_path, size):
    monkeypatch.setenv(GATES, str(tmp_path))  # held before its first decision
    monkeypatch.setitem(jobs.KINDS, "analysis", fake_analysis.gated)
    keep_game(app, played())
    scene = analyse_first(app)
    resize(app, size)
    scene.update(1 / 60)
    scene.draw(app.screen)
    window = pygame.Rect((0, 0), size)
    assert window.contains(scene.card.rect) and scene.card.rect.contains(scene.stop_button.rect)
    _game, _count, bar = scene.card_places()
    assert scene.card.rect.contains(bar) and not bar.colliderect(scene.stop_button.rect)
    assert cut == []
    click(app, scene.stop_button.rect.center)
    assert isinstance(app.stack.top, RecordsScene)
