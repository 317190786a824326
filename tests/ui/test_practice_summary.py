"""The practice summary: average loss, the tutor's tally, the luck, the worst plays."""

from __future__ import annotations

import random
from dataclasses import replace

import pygame
import pytest

from game.play.advice import TutorTally
from game.play.session import GameSetup, GameSummary, Judged, Seat
from game.rules import match as m
from game.rules.variants import find_variant
from game.store.settings import Settings
from game.ui.app import App
from game.ui.scenes.practice import PracticeSummaryScene, worst_plays
from game.ui.scenes.results import ResultsScene


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    app = App(replace(Settings(), muted=True), persist=False)
    app.start((1280, 800))
    app.running = True
    yield app
    app.stop()


def practice_summary():
    variant = find_variant("backgammon", {"cube": False})
    rng = random.Random(8)
    states = [m.new_game(variant, rng)]
    judged = []
    while not states[-1].is_over:
        state = states[-1]
        if state.phase is m.Phase.ROLL:
            states.append(m.roll(state, rng))
            continue
        plays = m.legal_plays(state)
        play = rng.choice(plays)
        if state.to_act == 0 and len(plays) > 1:
            judged.append(Judged(state, play, plays[0], rng.random() * 0.2))
        states.append(m.play(state, play, plays))
    tally = TutorTally()
    for j in judged:
        tally = tally.add(j.loss)
    setup = GameSetup(
        "backgammon", {"cube": False}, (Seat(), Seat(human=False)), mode="practice", hints=True
    )
    final = states[-1]
    return GameSummary(
        setup,
        final,
        8,
        final.turn,
        (0, 0),
        (0, 0),
        tutor=(tally, None),
        judged=tuple(judged),
        states=tuple(states),
    )


def test_the_summary_shows_the_loss_the_luck_and_the_worst_plays(app):
    summary = practice_summary()
    worst = worst_plays(summary)
    assert len(worst) == 3
    assert worst[0].loss == max(j.loss for j in summary.judged)
    assert worst[0].loss >= worst[1].loss >= worst[2].loss

    app.push(ResultsScene(app), summary)
    results = app.stack.top
    button = next(b for b in results.buttons if b.label == "Your play")
    button.activate()
    scene = app.stack.top
    assert isinstance(scene, PracticeSummaryScene)
    assert "Average loss per move" in scene.headline()
    assert scene.luck_line().startswith("Measuring the luck")
    scene.job.result(timeout=240)  # the worker's pace is the machine's: wait for it, then poll
    app.step(1 / 60)
    assert scene.luck_done
    assert scene.luck is not None and len(scene.luck) == 2
    assert scene.luck_line().startswith("Luck of the dice (points): ")
    app.step(1 / 60)
    app.draw()
    assert len(scene.pictures) == 3  # a small board for each of the worst plays
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert app.stack.top is results


def test_the_summary_tells_the_computer_s_cube_errors_from_the_expert_s_advice(app, cut):
    """Issue 45: a computer seat's double against the cube advice shown is told as a
    deliberate error of its level, beside the decisions that followed the advice."""
    from game.play.session import CubeCall

    calls = (
        CubeCall(1, 6, "intermediate", "no double", "No double, take", True),
        CubeCall(1, 15, "intermediate", "double", "No double, take", False),
        CubeCall(1, 22, "intermediate", "drop", "Double, take", False),
        CubeCall(1, 30, "intermediate", "take", "Double, take", True),
    )
    summary = replace(practice_summary(), cube_calls=calls)
    scene = PracticeSummaryScene(app)
    app.push(scene, summary)
    lines = scene.cube_lines()
    assert lines[0] == "The computer's cube: 4 decisions, 2 as the expert advised"
    name = scene.side_name(1)
    assert lines[1] == (
        f"Turn 16: {name} doubled where the expert's advice was No double, take:"
        " a deliberate error of the intermediate level"
    )
    assert lines[2].startswith(f"Turn 23: {name} passed the double where")
    assert len(lines) == 3
    app.step(1 / 60)
    app.draw()
    assert not [text for text, _ in cut if "cube" in text or "Turn " in text]  # all fit
    plain = PracticeSummaryScene(app)
    app.push(plain, practice_summary())
    assert plain.cube_lines() == []  # no cube in the game: no line
