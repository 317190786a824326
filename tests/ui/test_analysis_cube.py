"""The analysis scene's board draws the doubling cube as the game's board does: its value,
and its owner by where it stands (centred, or towards its owner), for every game played
with a cube; nothing where the game has none; and at every step of the scene."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.rules import match as m
from game.rules.serial import state_from_json
from game.ui import analysis_board
from game.ui.render.board_view import BoardView
from game.ui.theme import theme_for

SIZE = (640, 480)
CUBE_GAMES = [("backgammon", {}), ("acey_deucey", {"cube": True})]


def state_with(variant_id: str, options: dict, value: int, owner: int) -> m.GameState:
    state = state_from_json({"variant": variant_id, "options": options})
    return replace(state, cube=m.Cube(value, owner))


def board(state: m.GameState) -> tuple[pygame.Surface, BoardView]:
    theme = theme_for(state.variant.id, "classic")
    view = BoardView(state.variant, theme, SIZE)
    surface = pygame.Surface(SIZE)
    analysis_board.draw_position(surface, view, theme, state, None, (), 1.0)
    return surface, view


def cube_box(view: BoardView, owner: int) -> pygame.Rect:
    """Where the board scene puts the cube (board_hud.draw_cube), viewer side 0."""
    fx, fy, _, fh = view.layout.frame
    offset = 0.0 if owner < 0 else (0.13 if owner == view.viewer else -0.13)
    size = round(view.layout.radius * 2.0)
    box = pygame.Rect(0, 0, size, size)
    box.center = (round(fx / 2), round(fy + fh * (0.5 + offset)))
    return box


def body_share(surface: pygame.Surface, box: pygame.Rect, colour) -> float:
    """The share of the box's pixels in the cube's body colour."""
    inside = [(x, y) for x in range(box.left, box.right) for y in range(box.top, box.bottom)]
    same = sum(1 for at in inside if tuple(surface.get_at(at))[:3] == tuple(colour))
    return same / len(inside)


@pytest.fixture(scope="module", autouse=True)
def fonts():
    pygame.init()
    yield


@pytest.mark.parametrize("variant_id, options", CUBE_GAMES)
@pytest.mark.parametrize("value, owner", [(1, -1), (2, 0), (4, 1), (64, 0)])
def test_the_cube_stands_where_its_owner_is(variant_id, options, value, owner) -> None:
    state = state_with(variant_id, options, value, owner)
    surface, view = board(state)
    body = theme_for(state.variant.id, "classic").dice_body
    here = body_share(surface, cube_box(view, owner), body)
    assert here > 0.4, (variant_id, value, owner, here)
    for other in {-1, 0, 1} - {owner}:
        assert body_share(surface, cube_box(view, other), body) < here / 2


def test_the_cubes_value_is_drawn() -> None:
    two, view = board(state_with("backgammon", {}, 2, 1))
    eight, _ = board(state_with("backgammon", {}, 8, 1))
    box = cube_box(view, 1)
    assert pygame.image.tobytes(two.subsurface(box), "RGB") != pygame.image.tobytes(
        eight.subsurface(box), "RGB"
    )


@pytest.mark.parametrize(
    "variant_id, options", [("backgammon", {"cube": False}), ("plakoto", {}), ("nard", {})]
)
def test_no_cube_where_the_game_has_none(variant_id, options) -> None:
    state = state_from_json({"variant": variant_id, "options": options})
    surface, view = board(state)
    body = theme_for(state.variant.id, "classic").dice_body
    for owner in (-1, 0, 1):
        assert body_share(surface, cube_box(view, owner), body) < 0.2


def test_the_scene_draws_the_cube_of_each_step(app, monkeypatch) -> None:
    from fake_analysis import kept_for, played  # tests/ui on the path

    from game.ui.routes import AnalysisRequest, Route

    seen: list[m.GameState] = []
    monkeypatch.setattr(analysis_board, "draw_cube", lambda _s, reader: seen.append(reader.state))
    replay = played(entries=40)
    kept_for(app.records, replay, ["A", "B"])
    scene = app.go(Route.ANALYSIS, AnalysisRequest(replay, ("A", "B"), "cube"))
    while scene.analysis is None:  # (the record is replayed a slice a frame)
        app.step(1 / 60)
    scene.settle()
    for at in range(len(scene.moments)):
        scene.go_to(at)
        seen.clear()
        while scene.cached_key("board") != scene.picture_key():  # one painting a frame
            app.step(1 / 60)
        assert seen == [scene.states[scene.moments[at]]]
