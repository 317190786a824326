"""The shortcuts backgammon players expect (issue 22, point 5): a second click on a man
moves it by the larger die, the one way off is taken with one click, a man can be
dragged again after a wrong drop, the keys move men (Tab, Up/Down, Enter), and D asks
before it doubles."""

from __future__ import annotations

import time

import pygame
import pytest
from scene_kit import a_turn_with  # tests/ui is on the path

from game.play.session import GameSetup, Seat
from game.rules import match as m
from game.ui.scenes.board import BoardScene
from game.ui.scenes.confirm import ConfirmScene

PEOPLE = (Seat(), Seat())


def board(app, seed: int = 4, options=None) -> BoardScene:
    scene = BoardScene(app)
    app.replace(scene, GameSetup("backgammon", options or {"cube": False}, PEOPLE, seed=seed))
    deadline = time.monotonic() + 30
    while scene.turn is None or scene.busy or not scene.turn.sources():
        scene.update(1 / 60)
        assert time.monotonic() < deadline
    return scene


def centre(scene: BoardScene, pos: int) -> tuple[int, int]:
    side = scene.state.to_act
    key = scene.key_of(side, pos, scene.turn.position)
    spot = scene.view.layout.spots[key]
    return tuple(round(v) for v in spot.base)


def post(app, kind, pos, **extra) -> None:
    app.handle(pygame.event.Event(kind, pos=pos, button=1, **extra))


def click(app, pos) -> None:
    post(app, pygame.MOUSEBUTTONDOWN, pos)
    post(app, pygame.MOUSEBUTTONUP, pos)


def test_a_second_click_moves_the_man_by_the_larger_die(app):
    scene = board(app)
    turn = scene.turn
    larger = max(turn.dice_remaining)
    src = next(
        s
        for s in sorted(turn.sources())
        if any(
            len(mv.steps) == 1 and mv.steps[0].die == larger for mv in turn.moves_from(s).values()
        )
    )
    click(app, centre(scene, src))
    assert scene.selected == src and not turn.moves
    click(app, centre(scene, src))
    assert len(turn.moves) == 1 and turn.moves[0].steps[0].die == larger


def test_a_man_is_dragged_again_after_a_wrong_drop(app):
    scene = board(app)
    turn = scene.turn
    src = min(turn.sources())
    dst = min(turn.moves_from(src))
    start = centre(scene, src)
    post(app, pygame.MOUSEBUTTONDOWN, start)
    nowhere = (5, 5)  # off the board
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=nowhere, rel=(0, 0), buttons=(1, 0, 0)))
    post(app, pygame.MOUSEBUTTONUP, nowhere)
    assert not turn.moves and scene.selected == src
    post(app, pygame.MOUSEBUTTONDOWN, start)  # again, on the man still selected
    goal = centre(scene, dst)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=goal, rel=(0, 0), buttons=(1, 0, 0)))
    post(app, pygame.MOUSEBUTTONUP, goal)
    assert len(turn.moves) == 1 and turn.moves[0].dst == dst


def test_the_keys_choose_a_man_and_its_destination(app):
    scene = board(app)
    turn = scene.turn

    def key(name):
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=name, mod=0, unicode=""))

    key(pygame.K_TAB)
    assert scene.selected == min(turn.sources())
    key(pygame.K_DOWN)
    target = scene.target
    assert target == min(turn.moves_from(scene.selected))
    key(pygame.K_RETURN)
    assert len(turn.moves) == 1 and turn.moves[0].dst == target


def test_d_asks_before_doubling(app):
    scene = board(app, options={"cube": True})
    scene.commit(scene.turn.complete() or m.legal_plays(scene.state)[0], animate=False)
    deadline = time.monotonic() + 30
    while "double" not in scene.buttons:
        scene.update(1 / 60)
        assert time.monotonic() < deadline
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode=""))
    assert isinstance(app.stack.top, ConfirmScene)
    assert scene.state.phase is m.Phase.ROLL  # nothing offered yet


def test_a_release_after_the_turn_moved_on_does_nothing(app):
    """Pressed on the selected man, released after the turn was made otherwise (the
    window's events can interleave so): no move is made and nothing fails."""
    scene = board(app)
    turn = scene.turn
    src = min(turn.sources())
    where = centre(scene, src)
    click(app, where)
    post(app, pygame.MOUSEBUTTONDOWN, where)  # a second press: a click to come
    assert scene.second_click
    state = scene.state
    scene.commit(m.legal_plays(state)[0], animate=False)  # the turn is made meanwhile
    after = scene.state
    post(app, pygame.MOUSEBUTTONUP, where)
    assert scene.state is after and not scene.second_click


def singles(turn) -> list[int]:
    return [src for src in sorted(turn.sources()) if len(turn.moves_from(src)) == 1]


VARIANT_IDS = sorted(__import__("game.rules.variants", fromlist=["VARIANTS"]).VARIANTS)


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
def test_tab_then_enter_moves_a_man_with_one_destination(app, variant_id):
    """Issue 45: Tab picked a man with one place to go, and Enter did nothing. Every man
    Tab picks with one destination has it chosen at once, and Enter moves it there."""
    scene = a_turn_with(app, variant_id, singles)
    turn = scene.turn

    def key(name):
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=name, mod=0, unicode=""))

    sources = sorted(turn.sources())
    for _ in sources:  # Tab steps through every man that may move
        key(pygame.K_TAB)
        only = list(turn.moves_from(scene.selected))
        assert scene.target == (only[0] if len(only) == 1 else None)
    while scene.selected != singles(turn)[0]:
        key(pygame.K_TAB)
    src = scene.selected
    (dst,) = turn.moves_from(src)
    key(pygame.K_RETURN)
    assert len(turn.moves) == 1 and (turn.moves[0].src, turn.moves[0].dst) == (src, dst)


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
def test_up_and_down_still_choose_among_several_destinations(app, variant_id):
    def several(turn) -> bool:
        return any(len(turn.moves_from(src)) > 1 for src in turn.sources())

    scene = a_turn_with(app, variant_id, several)
    turn = scene.turn

    def key(name):
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=name, mod=0, unicode=""))

    key(pygame.K_TAB)
    while len(turn.moves_from(scene.selected)) < 2:
        key(pygame.K_TAB)
    src = scene.selected
    assert scene.target is None
    key(pygame.K_RETURN)  # no destination chosen among several: no move
    assert not turn.moves
    key(pygame.K_DOWN)
    key(pygame.K_DOWN)
    target = scene.target
    assert target == sorted(turn.moves_from(src))[1]
    key(pygame.K_RETURN)
    assert len(turn.moves) == 1 and (turn.moves[0].src, turn.moves[0].dst) == (src, target)
