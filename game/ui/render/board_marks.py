"""What the board marks, without pygame: the spots a person may move from and to, the
dice used, and the hint's play shown (which men it takes from where, which it brings
where, whom it strikes, and where they all stand on the board).

Spots are ``layout.SpotKey`` values and points are the layout's pure geometry, so all of
this is testable without a window. The scene is read through ``BoardReader``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.play import Play
from game.rules.position import Position
from game.ui.render.layout import Point, SpotKey, spot_key
from game.ui.render.stacks import stacks

if TYPE_CHECKING:
    from game.rules.variants.base import Variant
    from game.ui.render.board_reader import BoardReader


def highlights(scene: BoardReader) -> set[SpotKey]:
    """Where the selected man may go."""
    turn = scene.turn
    if turn is None or scene.selected is None or not scene.human_to_act():
        return set()
    side = scene.state.to_act
    position = turn.position
    targets = turn.moves_from(scene.selected)
    if scene.target in targets:  # chosen with the keys: that one alone
        return {scene.key_of(side, scene.target, position)}
    return {scene.key_of(side, dst, position) for dst in targets}


def movable(scene: BoardReader) -> set[SpotKey]:
    """Where the person to act has men that may move."""
    turn = scene.turn
    if turn is None or not scene.human_to_act() or scene.busy or scene.looking is not None:
        return set()
    side = scene.state.to_act
    position = turn.position
    return {scene.key_of(side, src, position) for src in turn.sources()}


def used_dice(scene: BoardReader) -> list[bool]:
    """For each die shown, whether it has been played (drawn dimmed)."""
    dice = list(scene.shown_dice)
    turn, state = scene.turn, scene.state
    if turn is None or turn.state is not state:
        played = not state.dice and bool(dice)
        return [played] * len(dice)
    left = list(turn.dice_remaining)
    used = []
    for d in dice:
        if d in left:
            left.remove(d)
            used.append(False)
        else:
            used.append(True)
    return used


def move_marks(scene: BoardReader) -> list[bool]:
    """A double's moves, marked under its two dice: for each move the play can make
    (four in backgammon, fewer when fewer can be played), whether it has been made.
    Empty when the dice shown are one move each, or it is not a person's turn."""
    turn, state = scene.turn, scene.state
    if turn is None or turn.state is not state or len(turn.dice) <= len(scene.shown_dice):
        return []
    moves = max((len(play.dice_used) for play in turn.plays), default=0)
    made = len(turn.dice) - len(turn.dice_remaining)
    return [i < made for i in range(moves)]


def preview_play(scene: BoardReader) -> Play | None:
    """The hint's play shown on the board, if one is chosen and nothing moves."""
    card = scene.hint_card
    if card is None or scene.turn is None or scene.turn.moves or scene.busy:
        return None
    if card.state is not scene.state:
        return None
    return card.chosen_play


def piles(variant: Variant, position: Position, side: int) -> dict[SpotKey, int]:
    """The men of ``side`` per spot, as ``BoardView.draw_men`` stacks them."""
    out: dict[SpotKey, int] = {}
    for pos, count in enumerate(position.board[side]):
        if count:
            key = spot_key(variant, side, pos)
            out[key] = out.get(key, 0) + count
    if position.hand[side]:
        key = spot_key(variant, side, 0, in_hand=True)
        out[key] = out.get(key, 0) + position.hand[side]
    return out


def preview_piles(
    scene: BoardReader, play: Play
) -> tuple[Position, dict[SpotKey, int], dict[SpotKey, int]]:
    """The turn's starting position, and the mover's piles before and after ``play``."""
    assert scene.turn is not None
    side = scene.state.to_act
    start = scene.turn.start
    before = piles(scene.variant, start, side)
    after = piles(scene.variant, scene.variant.apply_play(start, play), side)
    return start, before, after


def preview_changes(
    scene: BoardReader, play: Play
) -> tuple[dict[SpotKey, int], dict[SpotKey, int]]:
    """The mover's men ``play`` takes from each spot, and brings to each spot."""
    _start, before, after = preview_piles(scene, play)
    leaving = {k: n - after.get(k, 0) for k, n in before.items() if after.get(k, 0) < n}
    arriving = {k: n - before.get(k, 0) for k, n in after.items() if before.get(k, 0) < n}
    return leaving, arriving


def preview_struck(scene: BoardReader, play: Play) -> list[tuple[SpotKey, int]]:
    """The blots ``play`` hits: their spot and their side."""
    assert scene.turn is not None
    variant = scene.variant
    side = scene.state.to_act
    start = scene.turn.start
    out = []
    for step in play:
        if not step.hit:
            continue
        for other in range(variant.players):
            where = variant.facing_pos(side, step.dst, other) if other != side else None
            if where is not None and start.board[other][where]:
                out.append((spot_key(variant, other, where), other))
                break
    return out


def preview_points(scene: BoardReader, play: Play | None) -> list[Point]:
    """Where the men ``play`` moves stand before it and after it (what a card about
    the play should not hide)."""
    if play is None or scene.turn is None:
        return []
    layout = scene.view.layout
    _start, before, after = preview_piles(scene, play)
    leaving, arriving = preview_changes(scene, play)
    out = []
    for changes, counts in ((leaving, before), (arriving, after)):
        for key, n in changes.items():
            if key not in layout.spots:
                continue
            total = counts[key]
            out += [layout.man_centre(key, i, total) for i in range(total - n, total)]
            out.append(layout.spots[key].base)
    return out


def men_points(scene: BoardReader) -> list[Point]:
    """Where every man at rest stands (what a card should hide least)."""
    layout = scene.view.layout
    position = scene.shown
    out = []
    for key, piles_here in stacks(scene.variant, position).items():
        if key in layout.spots and key[0] != "hand":
            total = sum(n for _, n in piles_here)
            out += [layout.man_centre(key, i, total) for i in range(total)]
    return out


__all__ = [
    "highlights",
    "men_points",
    "movable",
    "move_marks",
    "piles",
    "preview_changes",
    "preview_piles",
    "preview_play",
    "preview_points",
    "preview_struck",
    "used_dice",
]
