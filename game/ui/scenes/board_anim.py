"""The board's moving pictures of what the table did: one man's step sliding along its
track (``StepAnimation``), a struck man flying to its bar (``Knocked``), and the
position helpers they share. The rules have moved first; these only bring the
picture at rest (``scene.shown``) up to date as each ends."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.play import Step
from game.rules.position import Position
from game.ui.anim.effects import Impact, Slide, Sparkle
from game.ui.render.layout import SpotKey, path
from game.ui.theme import side_colours

if TYPE_CHECKING:
    from game.ui.scenes.board import BoardScene

STEP_TIME = 0.085  # seconds per point a man slides past, at normal speed


def count_at(scene: BoardScene, key: SpotKey, position: Position) -> int:
    """The men drawn at ``key`` in ``position`` (of every side on a cell)."""
    kind, index = key
    if kind == "hand":
        return position.hand[index]
    if kind == "bar":
        return position.board[index][0]
    if kind == "off":
        return position.board[index][-1]
    # Every side's men on the cell: a pinned man stands under its pinners (Plakoto).
    variant = scene.variant
    total = 0
    for side in range(position.players):
        for pos in range(1, variant.track_length + 1):
            if position.board[side][pos] and variant.cell(side, pos) == index:
                total += position.board[side][pos]
    return total


def with_man(position: Position, side: int, pos: int, change: int, hand: bool) -> Position:
    """``position`` with ``change`` men of ``side`` more at ``pos`` (or in hand)."""
    rows = [list(r) for r in position.board]
    hands = list(position.hand)
    if hand:
        hands[side] += change
    else:
        rows[side][pos] += change
    return Position(tuple(tuple(r) for r in rows), position.to_act, tuple(hands), position.flags)


def lift(position: Position, side: int, pos: int) -> Position:
    """``position`` with one man of ``side`` taken up from ``pos`` (bar before hand)."""
    from_hand = pos == 0 and position.board[side][0] == 0
    return with_man(position, side, pos, -1, from_hand)


def drop(position: Position, side: int, pos: int) -> Position:
    return with_man(position, side, pos, +1, False)


def knock(scene: BoardScene, side: int, pos: int) -> None:
    """The man struck on ``side``'s ``pos`` flies to its owner's bar, with a bang."""
    variant, layout = scene.variant, scene.view.layout
    for other in range(variant.players):
        where = variant.facing_pos(side, pos, other) if other != side else None
        if where is None or not scene.shown.board[other][where]:
            continue
        centre = layout.man_centre(scene.key_of(other, where, scene.shown), 0, 1)
        scene.shown = with_man(scene.shown, other, where, -1, False)
        bar = ("bar", other)
        n = count_at(scene, bar, scene.shown)
        end = layout.man_centre(bar, n, n + 1)
        colour = side_colours(scene.theme, other).body
        scene.effects.append(Impact(centre, layout.radius, colour, scene.fx_rng))
        scene.app.audio.play("hit")
        scene.table.hits[side] += 1
        flight = Knocked(scene, other, Slide([centre, end], 0.35))
        scene.flying[flight] = (other, flight.slide)
        scene.effects.append(flight)
        return


class StepAnimation:
    """One step of one man on the board: slide along the track, land, maybe hit."""

    def __init__(self, scene: BoardScene, side: int, step: Step) -> None:
        self.scene = scene
        self.side = side
        self.step = step
        self.slide: Slide | None = None
        self._done = False

    @property
    def done(self) -> bool:
        return self._done

    def _begin(self) -> None:
        scene, side, step = self.scene, self.side, self.step
        layout = scene.view.layout
        src_key = scene.key_of(side, step.src, scene.shown)
        count = count_at(scene, src_key, scene.shown)
        start = layout.man_centre(src_key, max(count - 1, 0), max(count, 1))
        scene.shown = lift(scene.shown, side, step.src)
        dst_key = scene.key_of(side, step.dst, scene.shown)
        n = count_at(scene, dst_key, scene.shown)
        if step.hit:
            n = 0  # the struck man leaves as this one lands
        end = layout.man_centre(dst_key, n, n + 1)
        points = [start]
        if step.src and step.dst <= scene.variant.track_length:
            points += path(scene.variant, layout, side, step.src, step.dst)[:-1]
        points.append(end)
        self.slide = Slide(points, STEP_TIME)
        scene.flying[self] = (side, self.slide)

    def update(self, dt: float) -> float:
        if self._done:
            return dt
        if self.slide is None:
            self._begin()
        assert self.slide is not None
        left = self.slide.update(dt)
        if self.slide.done:
            self._land()
        return left

    def skip(self) -> None:
        if self._done:
            return
        if self.slide is None:
            self._begin()
        assert self.slide is not None
        self.slide.skip()
        self._land()

    def _land(self) -> None:
        scene, side, step = self.scene, self.side, self.step
        scene.flying.pop(self, None)
        self._done = True
        if step.hit:
            knock(scene, side, step.dst)
        scene.shown = drop(scene.shown, side, step.dst)
        key = scene.key_of(side, step.dst, scene.shown)
        n = count_at(scene, key, scene.shown)
        centre = scene.view.layout.man_centre(key, n - 1, n)
        if step.dst == scene.variant.off_pos:
            colour = side_colours(scene.view.theme, side).light
            scene.effects.append(Sparkle(centre, scene.view.layout.radius, colour, scene.fx_rng))
            scene.app.audio.play("bear_off")
        elif not step.hit:
            scene.app.audio.play("move")


class Knocked:
    """A struck man flying to its bar (an effect: it does not hold up the game)."""

    def __init__(self, scene: BoardScene, side: int, slide: Slide) -> None:
        self.scene = scene
        self.side = side
        self.slide = slide

    @property
    def done(self) -> bool:
        return self.slide.done

    def update(self, dt: float) -> float:
        left = self.slide.update(dt)
        if self.slide.done:
            self._land()
        return left

    def skip(self) -> None:
        self.slide.skip()
        self._land()

    def _land(self) -> None:
        if self.scene.flying.pop(self, None) is not None:
            self.scene.shown = drop(self.scene.shown, self.side, 0)


__all__ = ["STEP_TIME", "Knocked", "StepAnimation", "count_at", "drop", "knock", "lift"]
