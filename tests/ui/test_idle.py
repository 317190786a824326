"""Idle means idle: a still menu or board is not drawn again frame after frame (nor at
all once its ornaments have settled), and an input, a change of scene or an animation
draws it at once (``App.step``, ``App.wait``). Frames are counted over simulated time:
no test here depends on the machine's speed."""

from __future__ import annotations

import math
import time
from dataclasses import replace

import pygame
import pytest
from scene_kit import SCENES, enter
from stepping import run_until  # tests/ui is on the path (rootdir-less import)

from game.play.session import GameSetup, Seat
from game.rules import match as m
from game.store.settings import Settings
from game.ui.app import AFTERGLOW, FPS, App
from game.ui.backdrop import MOTE_RATE
from game.ui.render.board_words import MESSAGE_TIME
from game.ui.scenes.base import EASE, SETTLE
from game.ui.scenes.board import BoardScene
from game.ui.scenes.menu import MenuScene


@pytest.fixture
def app(tmp_path, monkeypatch):
    """Animations at their normal speed (the dice tumble, the men slide)."""
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    app = App(replace(Settings(), muted=True), persist=False)
    app.start((1280, 800))
    app.running = True
    yield app
    app.stop()


def frames(app: App, seconds: float) -> list[bool]:
    """Step ``seconds`` of 1/60 s frames: for each, whether it was drawn."""
    return [app.step(1 / FPS) for _ in range(round(seconds * FPS))]


def still_board(app: App) -> BoardScene:
    """A board where a person is to roll (backgammon, seed 1: the computer opens and
    plays), with nothing moving and no input for a while."""
    scene = BoardScene(app)
    app.push(scene, GameSetup("backgammon", seats=(Seat(), Seat(human=False)), seed=1))

    def still() -> bool:
        return (
            scene.state.phase is m.Phase.ROLL
            and scene.human_to_act()
            and not scene.animating()
            and scene.pending is None
        )

    assert run_until(app, still, seconds=60)
    frames(app, AFTERGLOW + MESSAGE_TIME)  # the opening's words give way to the prompt
    return scene


def test_a_still_board_is_not_drawn_again_until_an_input(app):
    scene = still_board(app)
    assert scene.wake_after() is None and not scene.animating()
    assert app.idle_for() == math.inf  # the loop sleeps until an event
    drawn = frames(app, 10.0)
    assert sum(drawn) == 0  # it was 600 frames, then one look a second
    assert_current(app)


def assert_current(app: App) -> None:
    """What is on the screen is what a drawing now gives: nothing was left undrawn."""
    assert app.screen is not None
    shown = pygame.image.tobytes(app.screen, "RGB")
    app.draw()
    assert pygame.image.tobytes(app.screen, "RGB") == shown


def test_an_input_draws_the_still_board_at_once_and_for_the_afterglow(app):
    still_board(app)
    frames(app, 0.2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=()))
    drawn = frames(app, AFTERGLOW + 0.3)
    assert drawn[0]  # the very frame the input came in
    assert all(drawn[: round(AFTERGLOW * FPS)])  # a hover's glow settles smoothly
    assert sum(drawn[round(AFTERGLOW * FPS) + 1 :]) <= 1


def test_an_animation_draws_every_frame_until_it_ends(app):
    scene = still_board(app)
    frames(app, AFTERGLOW + 0.1)
    scene.roll()  # the dice tumble (an event of the table, not an input)
    assert scene.animating()
    drawn = frames(app, 0.3)
    assert all(drawn)
    assert run_until(app, lambda: not scene.animating(), seconds=10)


def test_a_message_is_drawn_away_when_its_time_is_up(app):
    scene = still_board(app)
    frames(app, AFTERGLOW + 0.1)
    scene.say("A word for a while")
    wake = scene.wake_after()
    assert wake is not None and MESSAGE_TIME - 0.1 < wake <= MESSAGE_TIME + 0.1
    drawn = frames(app, MESSAGE_TIME + 0.2)
    assert any(drawn[round((MESSAGE_TIME - 0.05) * FPS) :])  # the prompt comes back
    assert_current(app)


def test_the_menu_draws_its_drifting_dust_at_a_low_rate_then_lets_it_settle(app):
    menu = MenuScene(app)
    app.push(menu)
    frames(app, AFTERGLOW + 0.1)
    drawn = frames(app, 2.0)
    assert MOTE_RATE * 2 - 3 <= sum(drawn) <= MOTE_RATE * 2 + 3  # not 120
    frames(app, SETTLE)
    assert menu.pace() == 0 and menu.wake_after() is None and app.idle_for() == math.inf
    dust = [list(mote) for mote in menu.motes.motes]
    assert sum(frames(app, 10.0)) == 0  # settled: not drawn at all
    assert [list(mote) for mote in menu.motes.motes] == dust  # and the dust stands still
    assert_current(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
    assert app.step(1 / FPS)  # a key is drawn at once
    assert menu.pace() == 1  # and the dust drifts again at once, from where it stood
    drawn = frames(app, 1.0)
    assert all(drawn[: round(AFTERGLOW * FPS) - 1])
    assert [list(mote) for mote in menu.motes.motes] != dust
    moved = max(  # how far each mote rose (it wraps from the top to the bottom)
        min(abs(a[1] - b[1]), 1.1 - abs(a[1] - b[1]))
        for a, b in zip(menu.motes.motes, dust, strict=True)
    )
    assert moved < 0.05  # a second's drift, not the ten it slept


def test_the_dust_slows_to_a_stop_rather_than_halting(app):
    menu = MenuScene(app)
    app.push(menu)
    frames(app, SETTLE - EASE)
    paces = []
    for _ in range(round(EASE * FPS)):
        app.step(1 / FPS)
        paces.append(menu.pace())
    assert paces == sorted(paces, reverse=True) and paces[0] > 0.95 and paces[-1] < 0.05


def test_a_new_scene_is_drawn_at_once(app):
    app.push(MenuScene(app))
    frames(app, AFTERGLOW + 0.1)
    app.push(MenuScene(app))
    assert app.step(1 / FPS)


def test_the_sleeping_loop_wakes_at_once_for_an_event_and_sleeps_until_the_next_wake(app):
    still_board(app)
    idle = app.idle_for()
    assert idle > 0.1  # nothing moves: the loop may sleep
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=0, unicode=""))
    started = time.monotonic()
    assert app.wait() < 0.05 and time.monotonic() - started < 0.05
    assert app.idle_for() == 0  # the event waits for the next frame, which comes at once
    assert app.step(1 / FPS)
    frames(app, AFTERGLOW + 0.05)
    assert app.idle_for() == math.inf  # no wake asked for: only an input ends the sleep
    slept = app.wait(0.3)  # ...or the limit given
    assert 0.28 <= slept <= 0.3 + 0.25
    app.stack.top.say("A word for a while")  # a word that expires: a wake
    frames(app, MESSAGE_TIME - 0.4)
    idle = app.idle_for()
    assert 0.3 < idle <= 0.45
    slept = app.wait()
    assert idle - 0.02 <= slept <= idle + 0.25


def test_the_real_loop_leaves_a_still_board_undrawn(app):
    still_board(app)
    drawn = app.draws
    app.run(seconds=1.0)  # it ends though the board asks for no wake
    assert app.draws - drawn == 0  # it was 60, then one a second


def test_a_person_to_move_sees_the_pulse_at_its_low_rate(app):
    from game.ui.scenes.board_idle import PULSE_RATE

    scene = still_board(app)
    scene.roll()
    assert run_until(app, lambda: scene.state.phase is m.Phase.MOVE and not scene.animating())
    frames(app, MESSAGE_TIME + AFTERGLOW)
    assert scene.wake_after() == pytest.approx(1 / PULSE_RATE)
    drawn = frames(app, 1.0)
    assert PULSE_RATE - 3 <= sum(drawn) <= PULSE_RATE + 1  # not 60
    frames(app, SETTLE)  # no input: the pulse slows to a stop
    assert scene.wake_after() is None and app.idle_for() == math.inf
    pulse = scene.pulse_t
    assert sum(frames(app, 10.0)) == 0
    assert scene.pulse_t == pulse
    assert_current(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=()))
    frames(app, AFTERGLOW + 0.1)
    assert scene.pulse_t > pulse  # it pulses again from the input on
    assert scene.wake_after() == pytest.approx(1 / PULSE_RATE)


def test_the_computer_thinking_is_looked_at_a_few_times_a_second(app):
    from game.ui.scenes.base import POLL

    scene = still_board(app)
    scene.table.pending = scene.table.worker().submit(time.sleep, 0.05)  # a decision awaited
    assert scene.wake_after() == pytest.approx(POLL)
    scene.table.pending.result()
    scene.table.pending = None
    assert scene.wake_after() is None


def test_the_expert_s_cube_advice_awaited_is_looked_at_too(app):
    """Practice: the computer's cube decision waits for the expert's advice on it (the
    same worker, after the decision): the board keeps looking until both are done."""
    from game.ui.scenes.base import POLL

    scene = still_board(app)
    done = scene.table.worker().submit(int)
    done.result()
    scene.table.pending = done  # the decision is made ...
    scene.table.pending_cube = scene.table.worker().submit(time.sleep, 0.05)  # ... not this
    assert scene.wake_after() == pytest.approx(POLL)
    scene.table.pending_cube.result()
    scene.table.pending = scene.table.pending_cube = None
    assert scene.wake_after() is None


def settled(app: App) -> bool:
    """Nothing moves, no input is recent and the scene asked for no wake: the loop would
    sleep until an event."""
    return app.idle_for() == math.inf


@pytest.mark.parametrize("name", SCENES)
def test_every_scene_left_alone_settles_and_is_not_drawn_again(app, name):
    """The menu, the setup, the settings, the records, the campaign map, the rules, the
    pause card, the results...: once settled, ten seconds without input draw nothing,
    what is shown is what a drawing gives, and an input draws at once."""
    enter(app, name)
    assert run_until(app, lambda: settled(app), seconds=SETTLE + 30), name
    assert sum(frames(app, 10.0)) == 0, name
    assert_current(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=()))
    assert app.step(1 / FPS)


def eased_by_itself(app, scene, change) -> None:
    """``change`` the settled ``scene`` as its own code would (no input): the easing it
    starts is drawn frame by frame to its end, then nothing more, and the screen is left
    as a drawing gives it (not at an easing's first step)."""
    app.push(scene)
    assert run_until(app, lambda: settled(app), seconds=SETTLE + 30)
    change(scene)
    assert scene.easing()  # drawn every frame while it eases
    drawn = frames(app, 3.0)
    assert sum(drawn) >= 5 and not scene.easing()
    assert settled(app)
    assert_current(app)


def test_a_focus_given_without_an_input_glows_in_on_screen(app):
    """(The analysis focuses its first button when the result arrives, long after any
    input: its halo was left at the glow's first step.)"""

    def focus_another(scene):
        widgets = [w for w in scene.focus.widgets if w.can_focus and w.visible]
        scene.focus.focus(next(w for w in widgets if w is not scene.focus.focused))

    eased_by_itself(app, MenuScene(app), focus_another)


def test_a_toggle_set_without_an_input_slides_on_screen(app):
    from game.ui.scenes.settings import SettingsScene

    eased_by_itself(app, SettingsScene(app), lambda scene: scene.mute.set(not scene.mute.value))


def test_a_page_scrolled_without_an_input_scrolls_on_screen(app):
    from game.ui.scenes.rules import RulesScene

    eased_by_itself(app, RulesScene(app), lambda scene: scene.text.scroll_by(400))
