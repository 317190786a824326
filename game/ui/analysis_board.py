"""The analysis scene's board: the position before a decision, its dice, the cube and the
match score (as the board draws them, ``board_hud.draw_cube``), and a play drawn on it
as the board draws the hint's (``board_preview.draw_preview``: the men it
moves faded where they stand, a gold arc along each one's way, a ghost where it lands).

Drawing only. The board's drawing of a play reads a board scene (``BoardReader``); the
few things it reads of one are given here by ``PositionReader``.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import TYPE_CHECKING, cast

import pygame

from game.rules import match as m
from game.rules.notation import format_turn
from game.rules.play import Play
from game.rules.position import Position
from game.ui.render.board_hud import draw_cube
from game.ui.render.board_marks import preview_changes, preview_struck
from game.ui.render.board_preview import draw_preview
from game.ui.render.board_view import BoardView
from game.ui.render.layout import SpotKey, spot_key
from game.ui.theme import Theme

if TYPE_CHECKING:
    from game.ui.render.board_reader import BoardReader


class PositionReader:
    """What ``draw_preview`` reads of a board scene, for a position at rest."""

    def __init__(
        self, view: BoardView, theme: Theme, state: m.GameState, scale: float = 1.0
    ) -> None:
        self.view = view
        self.theme = theme
        self.state = state
        self.variant = state.variant
        self.viewer = view.viewer
        self.app = SimpleNamespace(scale=scale)
        self.turn = SimpleNamespace(start=state.position)

    def key_of(self, side: int, pos: int, position: Position) -> SpotKey:
        in_hand = pos == 0 and position.board[side][0] == 0 and position.hand[side] > 0
        return spot_key(self.variant, side, pos, in_hand=in_hand)


def play_named(state: m.GameState, words: str) -> Play | None:
    """The legal play of ``state`` written ``words`` (the analysis's notation), if any."""
    if state.phase is not m.Phase.MOVE or not state.dice:
        return None
    for play in m.legal_plays(state):
        if format_turn(state.variant, state.dice, play) == words:
            return play
    return None


def draw_position(
    surface: pygame.Surface,
    view: BoardView,
    theme: Theme,
    state: m.GameState,
    play: Play | None,
    dice: tuple[int, ...],
    scale: float = 1.0,
) -> None:
    """The board of ``state`` with ``dice`` thrown, and ``play`` shown on it; the cube
    (its value, and its owner by where it stands) and the score where the game has them."""
    draw_men_part(surface, view, theme, state, play)
    draw_marks_part(surface, view, theme, state, play, dice, scale)


def draw_men_part(
    surface: pygame.Surface, view: BoardView, theme: Theme, state: m.GameState, play: Play | None
) -> None:
    """``draw_position``'s first half: the board and the men (those ``play`` moves left
    out where they stand)."""
    view.draw_board(surface)
    hidden: dict[SpotKey, int] = {}
    reader = cast("BoardReader", PositionReader(view, theme, state))
    if play is not None and play:
        leaving, _arriving = preview_changes(reader, play)
        for key, n in leaving.items():
            hidden[key] = hidden.get(key, 0) + n
        for key, _other in preview_struck(reader, play):
            hidden[key] = hidden.get(key, 0) + 1
    view.draw_men(surface, state.position, hidden=hidden)


def draw_marks_part(
    surface: pygame.Surface,
    view: BoardView,
    theme: Theme,
    state: m.GameState,
    play: Play | None,
    dice: tuple[int, ...],
    scale: float = 1.0,
) -> None:
    """``draw_position``'s second half, over the first: the play's way, the labels, the
    cube and the score, the dice."""
    reader = cast("BoardReader", PositionReader(view, theme, state, scale))
    if play is not None and play:
        draw_preview(surface, reader, play)
    view.draw_labels(surface, state.position, state.on_roll)
    draw_cube(surface, reader)
    if dice:
        x, y, w, h = view.layout.dice_area
        size = min(h * 0.8, w / (len(dice) + 1))
        for i, value in enumerate(dice):
            centre = (x + w * (i + 1) / (len(dice) + 1), y + h / 2)
            view.draw_die(surface, value, centre, size, faces=state.variant.faces)


def draw_cube_of(
    surface: pygame.Surface, view: BoardView, theme: Theme, state: m.GameState, scale: float
) -> None:
    """The cube and the match score of ``state`` beside its board, as the board draws them."""
    draw_cube(surface, cast("BoardReader", PositionReader(view, theme, state, scale)))


__all__ = [
    "PositionReader",
    "draw_cube_of",
    "draw_marks_part",
    "draw_men_part",
    "draw_position",
    "play_named",
]
