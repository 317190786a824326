"""The playing field of the board scene: the board, the marks of a person's move, the
men (at rest, in flight, dragged), the effects, and the preview of the hint's play (the
men it moves faded, a gold arc along each man's way, a ghost where it lands).

Drawing only: nothing here changes the scene, which is read through ``BoardReader``.
"""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING

import pygame

from game.play.advice import moves_of
from game.rules.play import Play
from game.ui.render.board_marks import (
    highlights,
    movable,
    preview_changes,
    preview_piles,
    preview_struck,
)
from game.ui.render.layout import Point, SpotKey, spot_key
from game.ui.render.stacks import below
from game.ui.theme import Colour

if TYPE_CHECKING:
    from game.ui.render.board_reader import BoardReader


def draw_field(surface: pygame.Surface, scene: BoardReader) -> None:
    """The board with its men, marks and effects (everything but the controls, the
    dice, the words and the cards)."""
    view = scene.view
    view.draw_board(surface)
    turn = scene.turn
    selected = None
    if scene.selected is not None and turn is not None:
        selected = scene.key_of(scene.state.to_act, scene.selected, turn.position)
    hidden: dict[SpotKey, int] = {}
    if scene.drag_from is not None and scene.drag_at is not None and selected is not None:
        hidden[selected] = 1
    preview = scene.preview_play()  # the hint's play (a drill's verdict: the best)
    if preview is None:
        view.draw_highlights(surface, movable(scene), scene.pulse_t, strength=0.35)
        view.draw_highlights(surface, highlights(scene), scene.pulse_t)
    else:
        leaving, arriving = preview_changes(scene, preview)
        view.draw_highlights(surface, leaving, scene.pulse_t, strength=0.45)
        view.draw_highlights(surface, arriving, scene.pulse_t)
        for key, n in leaving.items():
            hidden[key] = hidden.get(key, 0) + n
        for key, _other in preview_struck(scene, preview):
            hidden[key] = hidden.get(key, 0) + 1
    view.draw_men(surface, scene.shown, hidden=hidden, selected=selected)
    if preview is not None:
        draw_preview(surface, scene, preview)
    view.draw_labels(surface, scene.shown, scene.state.on_roll)
    for side, slide in scene.flying.values():
        view.draw_man(surface, side, slide.position(), lift=slide.lift())
    if hidden and scene.drag_at is not None:
        view.draw_man(surface, scene.state.to_act, scene.drag_at, lift=1.0)
    for effect in scene.effects:
        if hasattr(effect, "draw"):
            effect.draw(surface)


def draw_preview(surface: pygame.Surface, scene: BoardReader, play: Play) -> None:
    """The hint's play on the board: the men it moves faded where they stand, a gold
    arc along each man's way, and a ghost of it where it lands."""
    view, layout = scene.view, scene.view.layout
    side = scene.state.to_act
    start, before, after = preview_piles(scene, play)
    leaving, arriving = preview_changes(scene, play)
    end = scene.variant.apply_play(start, play)
    # Men of the other side under the mover's (a pinned man), before and after the play.
    under_before = {k: below(scene.variant, start, k, side) for k in before}
    under_after = {k: below(scene.variant, end, k, side) for k in after}
    for key, other in preview_struck(scene, play):
        if key in layout.spots:
            view.draw_man(surface, other, layout.man_centre(key, 0, 1), alpha=80)
    for key, n in leaving.items():
        count = before[key]
        if key[0] in ("off", "hand") or key not in layout.spots:
            continue
        b = under_before.get(key, 0)
        for i in range(count - n, count):
            view.draw_man(surface, side, layout.man_centre(key, b + i, b + count), alpha=80)
    # Where each man goes (by way of any blot it hits on the way).
    taken = dict.fromkeys(before, 0)
    landed: dict[SpotKey, int] = {}
    frame = layout.frame
    for move in moves_of(play):
        key = scene.key_of(side, move[0].src, start)
        if key not in layout.spots:
            continue
        count = before.get(key, 1)
        taken[key] = taken.get(key, 0) + 1
        b = under_before.get(key, 0)
        points = [layout.man_centre(key, b + max(0, count - taken[key]), b + count)]
        for step in move:
            dst = spot_key(scene.variant, side, step.dst)
            if dst not in layout.spots:
                continue
            if step is move[-1]:
                total = after.get(dst, 1)
                slot = total - arriving.get(dst, 1) + landed.get(dst, 0)
                landed[dst] = landed.get(dst, 0) + 1
                b = under_after.get(dst, 0)
                points.append(layout.man_centre(dst, b + min(slot, total - 1), b + total))
            elif step.hit:  # the man stops where it hits on its way
                points.append(layout.man_centre(dst, 0, 1))
        draw_arcs(surface, points, layout.radius, frame, scene.theme.accent)
    for key, n in arriving.items():
        total = after[key]
        if key[0] in ("off", "hand") or key not in layout.spots:
            continue
        b = under_after.get(key, 0)
        for i in range(total - n, total):
            view.draw_man(surface, side, layout.man_centre(key, b + i, b + total), alpha=175)


def arc_line(
    points: list[Point], r: float, frame: tuple[float, float, float, float]
) -> list[Point]:
    """A line through ``points`` in curves bowed towards the middle of ``frame``, stopped
    short of the last point (the arrow's head rests on it)."""
    fx, fy, fw, fh = frame
    centre = (fx + fw / 2, fy + fh / 2)
    line: list[Point] = []
    for (ax, ay), (bx, by) in itertools.pairwise(points):
        dist = math.hypot(bx - ax, by - ay)
        if dist < 1:
            continue
        mx, my = (ax + bx) / 2, (ay + by) / 2
        nx, ny = -(by - ay) / dist, (bx - ax) / dist
        if (centre[0] - mx) * nx + (centre[1] - my) * ny < 0:
            nx, ny = -nx, -ny
        bow = min(dist * 0.22, r * 3.0)
        cx, cy = mx + nx * bow, my + ny * bow
        steps = max(8, int(dist / 12))
        for i in range(steps + 1):
            t = i / steps
            u = 1 - t
            x = u * u * ax + 2 * u * t * cx + t * t * bx
            line.append((x, u * u * ay + 2 * u * t * cy + t * t * by))
    if len(line) < 2:
        return line
    end = line[-1]
    while len(line) > 2 and math.hypot(line[-1][0] - end[0], line[-1][1] - end[1]) < r * 0.5:
        line.pop()
    return line


def draw_arcs(
    surface: pygame.Surface,
    points: list[Point],
    r: float,
    frame: tuple[float, float, float, float],
    gold: Colour,
) -> None:
    """Gold arcs through ``points``, bowed towards the board's middle, with a head."""
    line = arc_line(points, r, frame)
    if len(line) < 2:
        return
    width = max(2, round(r * 0.14))
    tip_x, tip_y = line[-1]
    back_x, back_y = line[-2]
    d = math.hypot(tip_x - back_x, tip_y - back_y) or 1.0
    ux, uy = (tip_x - back_x) / d, (tip_y - back_y) / d
    head = r * 0.6
    base = (tip_x - ux * head, tip_y - uy * head)
    wing = head * 0.6
    arrow = [
        (tip_x + ux * head * 0.2, tip_y + uy * head * 0.2),
        (base[0] - uy * wing, base[1] + ux * wing),
        (base[0] + uy * wing, base[1] - ux * wing),
    ]
    body = [*line[:-1], base]
    dark = (20, 14, 10)
    for colour, extra, shift in ((dark, 2, 2), (gold, 0, 0)):
        shifted = [(x + shift * 0.5, y + shift) for x, y in body]
        pygame.draw.lines(surface, colour, False, shifted, width + extra)
        for x, y in shifted[1:-1:3]:
            pygame.draw.circle(surface, colour, (x, y), (width + extra) / 2)
        tri = [(x + shift * 0.5, y + shift) for x, y in arrow]
        pygame.draw.polygon(surface, colour, tri)
        pygame.draw.aalines(surface, colour, True, tri)


__all__ = ["arc_line", "draw_arcs", "draw_field", "draw_preview"]
