"""The drills in the window: the menu's count of what is due, the list of games, a
drill made on the board and its verdict (the schedule kept), the next, and back; a
play the stored ranking does not hold judged by the study job (here run in-process by
the real job's own code), the window never waiting for it."""

from __future__ import annotations

import time
from dataclasses import replace
from threading import Event

import pygame
import pytest
from scene_kit import resize  # tests/ui is on the path
from stepping import press, run_until, step
from test_layout_pinned import SIZES as PINNED_SIZES

from game.play.turn import Move
from game.rules import match as m
from game.store.drill_book import DrillBook
from game.study import jobs
from game.study.drills import DAY, INTERVALS
from game.study.starters import starters
from game.ui.routes import Route
from game.ui.scenes.drill import DrillScene
from game.ui.scenes.drills import DrillsScene
from game.ui.scenes.menu import MenuScene


class InlineJob:
    """The study job's own answer, worked out when first polled (no process)."""

    def __init__(self, kind, payload):
        self.kind, self.payload = kind, payload
        self.finished, self.answer, self.error = False, None, ""
        self.polls = 0

    def start(self):
        return self

    def poll(self):
        self.polls += 1
        if self.polls < 6:  # a few frames pass with the job still working
            return False
        self.answer = jobs.KINDS[self.kind](self.payload, lambda done, total: None, Event())
        self.finished = True
        return True

    def close(self):
        pass


def make_play(app, scene, play):
    """The play made on the board as a player makes it, the dice left to pick up."""
    turn = scene.turn
    for s in play:
        scene.make(Move(s.src, s.dst, (s,)))
        assert run_until(app, lambda: not scene.busy)
    assert turn.complete() is not None


def the_drill_scene(app):
    app.go(Route.MENU)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    drills = app.go(Route.DRILLS)
    assert isinstance(drills, DrillsScene)
    return menu, drills


def test_a_starting_drill_answered_on_the_board_then_the_next_then_back(app, monkeypatch):
    monkeypatch.setattr(DrillScene, "job_type", InlineJob)
    menu, drills = the_drill_scene(app)
    assert menu.drills_button.label == "Drills"  # nothing due yet: no count
    assert "starting set" in drills.status
    button = next(b for b in drills.game_buttons if b.label == "Backgammon")
    assert button.detail == "Starting set: 12 positions"
    button.activate()
    scene = app.stack.top
    assert isinstance(scene, DrillScene)
    step(app, 5)
    drill = scene.drill
    assert scene.state.phase is m.Phase.MOVE and scene.state.dice
    assert scene.message.startswith("Find the best play")
    assert scene.movable() and not scene.seal_shown()  # the person's men are marked to move
    make_play(app, scene, drill.best_play())
    started = time.time()
    press(app, pygame.K_RETURN)  # pick up the dice
    assert scene.showing(), scene.verdict
    words = " ".join(w for w, _ in scene.verdict)
    assert words.startswith("Good: the best play"), words
    assert "again in 3 days" in words
    assert scene.preview_play() == drill.best_play()  # the best play shown on the board
    # While the verdict is shown nothing on the board asks to be moved; no drill shows the
    # seal of dice it did not throw.
    assert not scene.movable() and not scene.human_to_act() and not scene.seal_shown()
    kept = {d.key: d for d in DrillBook(app.records).drills()}[drill.key]
    assert kept.step == 1 and kept.asked == 1
    assert started + INTERVALS[1] - 5 <= kept.due <= time.time() + INTERVALS[1]
    scene.draw(app.screen)
    # The next drill: a play other than the best, judged by the ranking at once.
    press(app, pygame.K_RETURN)
    assert not scene.showing() and scene.drill.key != drill.key
    second = scene.drill
    worst = second.ranking[-1]
    assert worst[1] > 0
    state = second.game_state()
    from game.rules.notation import parse_play

    make_play(app, scene, parse_play(state.variant, state.position, state.dice, worst[0]))
    press(app, pygame.K_RETURN)
    words = " ".join(w for w, _ in scene.verdict)
    assert "you gave away" in words or "close to the best" in words, words
    scene.draw(app.screen)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is drills
    assert drills.all_button.label.startswith("All games · ")  # the rest of the set is due
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is menu
    due = DrillBook(app.records).due(time.time())
    assert due > 0 and menu.drills_button.label == f"Drills · {due}"


def test_a_drill_without_a_ranking_is_judged_beside_the_window(app, monkeypatch):
    monkeypatch.setattr(DrillScene, "job_type", InlineJob)
    drill = starters("plakoto", time.time())[0]
    bare = replace(drill, ranking=(), source="mistake", played="x")
    DrillBook(app.records).keep([bare])
    _, drills = the_drill_scene(app)
    assert drills.all_button.label == "All games · 1 due"
    drills.all_button.activate()
    scene = app.stack.top
    assert isinstance(scene, DrillScene) and scene.job is not None  # ranking, at once
    assert run_until(app, lambda: scene.job is None)
    assert scene.drill.ranking  # ranked while the player thinks
    make_play(app, scene, scene.drill.best_play())
    press(app, pygame.K_RETURN)
    assert scene.showing() and scene.verdict[0][0].startswith("Good")
    press(app, pygame.K_RETURN)  # no more: the end of the run says so
    assert scene.over and "Done: 1 of 1" in scene.verdict[0][0]
    kept = DrillBook(app.records).drills()
    assert kept[0].ranking and kept[0].step == 1
    assert kept[0].due > time.time() + 2 * DAY


@pytest.mark.parametrize("size", PINNED_SIZES)
def test_the_menus_drills_count_and_the_drills_page_fit_whole(app, cut, size):
    """With drills due, "Drills · N" shares Records' slot, whole, at every pinned size;
    the Drills page's entries too."""
    book = DrillBook(app.records)
    book.add(starters("backgammon", time.time()) + starters("fevga", time.time()))
    resize(app, size)
    app.go(Route.MENU)
    menu = app.stack.top
    assert menu.drills_button.label == "Drills · 24"
    records = next(b for b in menu.buttons if b.label == "Records")
    assert records.rect.y == menu.drills_button.rect.y
    assert records.rect.colliderect(menu.drills_button.rect) is False
    menu.draw(app.screen)
    drills = app.go(Route.DRILLS)
    drills.draw(app.screen)
    assert drills.all_button.label == "All games · 24 due"
    assert all(app.screen.get_rect().contains(b.rect) for b in drills.focus.widgets)
    assert cut == []


def test_an_answer_the_ranking_does_not_hold_is_judged_by_a_job_frames_going_on(app, monkeypatch):
    monkeypatch.setattr(DrillScene, "job_type", InlineJob)
    drill = starters("backgammon", time.time())[0]
    only_best = replace(drill, ranking=drill.ranking[:1], source="mistake")
    DrillBook(app.records).keep([only_best])
    _, drills = the_drill_scene(app)
    drills.all_button.activate()
    scene = app.stack.top
    assert scene.job is None  # a ranking is kept: nothing to work out yet
    step(app, 5)
    state = scene.drill.game_state()
    from game.rules.notation import parse_play

    other = parse_play(state.variant, state.position, state.dice, drill.ranking[-1][0])
    make_play(app, scene, other)
    press(app, pygame.K_RETURN)
    assert scene.job is not None and scene.job.kind == "judge"
    assert not scene.showing() and scene.judging == other  # the window goes on meanwhile
    assert run_until(app, scene.showing)
    kept = DrillBook(app.records).drills()[0]
    assert len(kept.ranking) > 1  # the job's ranking kept with the drill
    loss = kept.loss_of(other)  # the expert's look with that play in it
    assert loss is not None and loss > 0.1
    assert scene.verdict[0][0] == f"Very bad: you gave away {loss:.3f} points"


def test_zenos_throw_is_answered_by_its_one_play_and_the_game_never_goes_on(app):
    """A play the dice force is the answer: it is never made, and the computer's seat
    never plays in a drill."""
    from game.ui.routes import DrillRun

    zeno = [d for d in starters("tabula", time.time()) if d.best == "10/16 19/24 20/22"]
    app.go(Route.MENU)
    scene = app.go(Route.DRILL, DrillRun(tuple(zeno), "Tabula"))
    step(app, 30)
    assert scene.showing() and scene.verdict[0][0] == "The only play the dice allow"
    assert len(scene.table.game.states) == 1 and scene.state.phase is m.Phase.MOVE
    press(app, pygame.K_RETURN)
    assert scene.over and scene.verdict[0][0] == "Done: 1 of 1 answered well."
    press(app, pygame.K_RETURN)
    assert app.stack.top is not scene


def test_the_drill_never_drawn_answers_back_and_next_at_a_new_size(app):
    """Its card's buttons are laid out on entering and on a resize, never by a drawing."""
    from scene_kit import click, enter

    scene, below = enter(app, "drill")
    resize(app, (800, 500))
    assert scene.focus.widgets == [scene.back_button]
    assert app.screen.get_rect().contains(scene.back_button.rect)
    step_free = scene.drill
    scene.answered(scene.drill.best_play())  # as picking up the dice does
    scene.lay_out()
    assert scene.focus.widgets == [scene.next_button, scene.back_button]
    click(app, scene.next_button.rect.center)
    assert scene.drill.key != step_free.key and not scene.showing()
    click(app, scene.back_button.rect.center)
    assert app.stack.top is below


def test_a_book_that_cannot_be_written_still_drills_and_says_so_once(app, monkeypatch):
    from scene_kit import enter

    monkeypatch.setattr(app.records, "unkept", "Your records cannot be written")
    scene, _ = enter(app, "drill")
    said = []
    for _ in range(2):
        step(app, 5)
        make_play(app, scene, scene.drill.best_play())
        press(app, pygame.K_RETURN)
        assert scene.showing() and scene.verdict[0][0].startswith("Good")
        said.append(any("not kept" in words for words, _ in scene.verdict))
        press(app, pygame.K_RETURN)
    assert said == [True, False]
