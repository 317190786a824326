"""The last play of the other seats, left on the board until they play again: an arc
in the side's colour from where each man started to where it came to rest, so a
player can see what the computer (or the other person) just did after the men have
stopped sliding or the animation was skipped."""

from __future__ import annotations

import pygame

from game.play.advice import moves_of
from game.rules.play import Play, Step
from game.rules.position import Position
from game.ui.render.board_marks import piles
from game.ui.render.board_preview import draw_arcs
from game.ui.render.board_reader import BoardReader
from game.ui.render.board_words import trails_shown
from game.ui.render.layout import spot_key
from game.ui.render.stacks import below
from game.ui.theme import side_colours

Point = tuple[float, float]


def trail_lines(scene: BoardReader, side: int) -> list[list[Point]]:
    """For each man ``side`` moved in its last play: the points of its way (where it
    started, where it hit on the way, where it rests)."""
    before, play = scene.last_plays[side]
    return play_lines(scene, side, before, play)


def play_lines(
    scene: BoardReader, side: int, before: Position, play: Play
) -> list[list[Point]]:
    """The way of each man ``side`` moves in ``play``, made from ``before``."""
    variant, layout = scene.variant, scene.view.layout
    after_position = variant.apply_play(before, play)
    start_piles = piles(variant, before, side)
    end_piles = piles(variant, after_position, side)
    taken: dict[object, int] = {}
    landed: dict[object, int] = {}
    lines: list[list[Point]] = []
    for move in men_moves(play):
        key = scene.key_of(side, move[0].src, before)
        end = spot_key(variant, side, move[-1].dst)
        if key not in layout.spots or end not in layout.spots:
            continue
        count = start_piles.get(key, 1)
        taken[key] = taken.get(key, 0) + 1
        b = below(variant, before, key, side)  # a pinned man under the mover's men
        points = [layout.man_centre(key, b + max(0, count - taken[key]), b + count)]
        for step in move[:-1]:
            if step.hit:
                points.append(layout.man_centre(spot_key(variant, side, step.dst), 0, 1))
        total = end_piles.get(end, 1)
        landed[end] = landed.get(end, 0) + 1
        b = below(variant, after_position, end, side)
        points.append(layout.man_centre(end, b + max(0, total - landed[end]), b + total))
        lines.append(points)
    return lines


def men_moves(play: Play) -> list[tuple[Step, ...]]:
    """The play as the ways of single men, whatever order its steps come in: a move
    that starts where another ends is that man going on (13/8 8/2 is one man 13/2, as
    the notation names it), so each man gets one arc chain with one head."""
    moves = list(moves_of(play))
    joined = True
    while joined:
        joined = False
        for i, first in enumerate(moves):
            j = next(
                (
                    j
                    for j, then in enumerate(moves)
                    if j != i and then[0].src != 0 and then[0].src == first[-1].dst
                ),
                None,
            )
            if j is not None:
                moves[i] = first + moves[j]
                del moves[j]
                joined = True
                break
    return moves


def draw_trails(surface: pygame.Surface, scene: BoardReader) -> None:
    """Draw the last play of each side ``trails_shown`` names (or, looking back over the
    game, the play looked at)."""
    layout = scene.view.layout
    looked = scene.looked_play()
    if looked is not None:
        side, before, play = looked
        colour = side_colours(scene.theme, side).light
        for points in play_lines(scene, side, before, play):
            draw_arcs(surface, points, layout.radius, layout.frame, colour)
        return
    for side in trails_shown(scene):
        colour = side_colours(scene.theme, side).light
        for points in trail_lines(scene, side):
            draw_arcs(surface, points, layout.radius, layout.frame, colour)


__all__ = ["draw_trails", "men_moves", "play_lines", "trail_lines", "trails_shown"]
