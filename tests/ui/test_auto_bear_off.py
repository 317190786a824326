"""The setting "Bear off automatically" at the board: with it on, the sure play of a
bear-off is made for the person, its men sliding, named in words, and waits for the
dice to be picked up; with it off the board waits for the person. The setting has its
row in the settings, next to "End the turn when the dice are used"."""

from __future__ import annotations

from dataclasses import replace

import pygame
from stepping import press, run_until, step

from game.play.session import GameSetup, Seat
from game.rules import match as m
from game.rules.position import position_from_counts
from game.ui.scenes.board import BoardScene
from game.ui.scenes.settings import SettingsScene

SETUP = GameSetup("backgammon", {"cube": False}, (Seat(), Seat()), seed=3)
# Side 0's last men on its 4-, 2- and 1-points, the other side's on its ace point: 4-2.
COUNTS = [{21: 1, 23: 1, 24: 1, 25: 12}, {24: 15}]


def board_at_sure_bear_off(app, *, auto: bool) -> tuple[BoardScene, m.GameState]:
    app.settings = replace(app.settings, auto_bear_off=auto)
    scene = BoardScene(app)
    app.push(scene, SETUP)
    assert run_until(app, lambda: scene.turn is not None and not scene.busy)
    variant = scene.variant
    position = position_from_counts(COUNTS, variant.track_length)
    state = m.GameState(variant, position, m.Phase.MOVE, (4, 2))
    scene.table.game = m.Game(state)
    scene.table.turn = None
    scene.shown = position
    scene.shown_dice = state.dice
    return scene, state


def test_with_the_setting_on_the_board_bears_off_by_itself(app, tmp_path):
    scene, state = board_at_sure_bear_off(app, auto=True)
    step(app, 2)
    assert scene.turn is not None and len(scene.turn.moves) == 2
    assert scene.busy or scene.wait  # the men slide (at once here: instant), then a pause
    assert "Played for" in scene.message and "4/off 2/off" in scene.message
    assert run_until(app, lambda: not scene.busy)
    step(app, 30)
    assert scene.state is state and scene.table.waiting_pick_up()
    assert scene.shown.board[0][25] == 14  # the picture shows the two men off
    pygame.image.save(app.screen, str(tmp_path / "auto.png"))
    press(app, pygame.K_BACKSPACE)  # undo still works until the dice are picked up
    assert len(scene.turn.moves) == 1 and scene.state is state
    press(app, pygame.K_BACKSPACE)
    step(app, 30)
    assert not scene.turn.moves and scene.state is state  # not made again


def test_with_the_setting_off_the_board_waits_for_the_person(app):
    scene, state = board_at_sure_bear_off(app, auto=False)
    step(app, 60)
    assert scene.state is state and scene.turn is not None and not scene.turn.moves
    assert "Played for" not in scene.message


def test_the_setting_is_shown_and_kept(app):
    scene = SettingsScene(app)
    app.push(scene)
    step(app, 2)
    rows = [row.label for row in scene.rows]
    assert (
        rows.index("Bear off automatically")
        == rows.index("End the turn when the dice are used") + 1
    )
    assert scene.auto_bear_off.value is False
    scene.auto_bear_off.set(True)
    assert app.settings.auto_bear_off is True
