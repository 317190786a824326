"""When a bear-off cannot go wrong: contact over, every man home, one sure play.

``contact_over(state, side)``: no man of any other side can ever again meet, hit or
block one of ``side``'s men (nor the other way round). Every variant moves its men
one way along its own track (pos 1 to L, then off), and a man goes back only when
it is hit; so the cells a side's men may still stand on are the cells of the pos
from each man's own pos to the end of its track (the whole track for a man on the
bar or in hand). Where those cells of ``side`` and of every other side are apart,
no step of either can land where the other stands or may come, and so nobody hits
anybody: the cells only shrink. With more than two sides (El Mundo) two others may
still hit each other, and a man hit comes back on at the start of its track: such
a side counts with its whole track (and so does any side one of them might then
hit, and so on).

``sure_play(state, plays)``: the play a person cannot play better, when contact is
over and all the mover's men are home (none on the bar, in hand or before the
bearing table), or None. It is one of these, in order:

1. the only result: every legal play leaves the same position (and, in El Mundo,
   hands on the same dice): a forced play;
2. a play that bears off the last man: the game is won now (all such plays leave
   the same position);
3. (not in El Mundo, whose unused dice go to the others) a play after which the
   mover is sure to have borne off every man within k of its turns (k = 1 or 2),
   whatever the dice, while after any other play it could not, even with the
   best dice, have done so within k - 1 turns; and it has a man off already.

Why 3 cannot be argued with: once contact is over the others' men go their own way
whatever the mover does, the dice are the same, and after that play the mover is
home no later than after any other, on every throw of the dice; with a man off it
cannot lose a gammon (or Lombardorum's double) that another play would have saved.
So it is at least as good for winning, for the score of a match and for the cube.
Nothing weaker is used: a man further on is not always better (in backgammon a man
on the 5- and one on the 6-point bear off with 2-2, two men on the 5-point do not),
so a play is never chosen for "bearing off more" or "leaving the men lower".
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations_with_replacement

from game.rules.match import GameState, Phase
from game.rules.play import Play, dice_left
from game.rules.position import Position
from game.rules.variants.base import Variant


@cache
def _cells(variant: Variant) -> tuple[tuple[int, ...], ...]:
    """``_cells(v)[side][pos]``: the board cell of ``side``'s ``pos`` (1..L)."""
    last = variant.track_length
    return tuple(
        (-1, *(variant.cell(side, pos) for pos in range(1, last + 1)))
        for side in range(variant.players)
    )


def reach(variant: Variant, position: Position, side: int) -> frozenset[int]:
    """The cells ``side``'s men may still stand on if none of them is hit again."""
    row = position.board[side]
    cells = _cells(variant)[side]
    last = variant.track_length
    if row[0] or position.hand[side]:
        return frozenset(cells[1:])
    rearmost = next((pos for pos in range(1, last + 1) if row[pos]), last + 1)
    return frozenset(cells[rearmost:])


def position_contact_over(variant: Variant, position: Position, side: int) -> bool:
    """``contact_over`` for a bare position of ``variant``."""
    sides = range(variant.players)
    reached = [reach(variant, position, s) for s in sides]
    whole = [frozenset(_cells(variant)[s][1:]) for s in sides]
    others = [s for s in sides if s != side]
    # Others that may yet be hit: in touch with another of the others, then anyone
    # a man of theirs coming back on from the start might touch, and so on.
    exposed = {s for s in others if any(reached[s] & reached[t] for t in others if t != s)}
    grown = True
    while grown:
        grown = False
        for s in others:
            if s not in exposed and any(reached[s] & whole[t] for t in exposed):
                exposed.add(s)
                grown = True
    mine = reached[side]
    return not any(mine & (whole[s] if s in exposed else reached[s]) for s in others)


def contact_over(state: GameState, side: int) -> bool:
    """No man of any other side can ever again meet, hit or block one of ``side``'s
    men, however the game goes on (see the module's docstring)."""
    return position_contact_over(state.variant, state.position, side)


def all_home(variant: Variant, position: Position, side: int) -> bool:
    """Every man of ``side`` stands in its bearing table or is off (none waits)."""
    row = position.board[side]
    return not position.hand[side] and not any(row[0 : variant.bear_from])


def _rolls(variant: Variant) -> tuple[tuple[int, ...], ...]:
    """Every throw the mover could have to play: each set of ``dice_count`` dice (a
    superset where a die is fixed or named, which only makes ``_sure`` stricter and
    ``_can`` more willing: both err on the side of playing nothing)."""
    return _rolls_of(variant.dice_count, variant.faces)


@cache
def _rolls_of(count: int, faces: int) -> tuple[tuple[int, ...], ...]:
    return tuple(combinations_with_replacement(range(1, faces + 1), count))


def _pips(variant: Variant, dice: tuple[int, ...]) -> int:
    """The most pips ``dice`` can move (backgammon's doubles four times)."""
    if variant.doubles_repeat and len(dice) == 2 and dice[0] == dice[1]:
        return 4 * dice[0]
    return sum(dice)


def _moves(variant: Variant, dice: tuple[int, ...]) -> int:
    """The most men ``dice`` can bear off."""
    if variant.doubles_repeat and len(dice) == 2 and dice[0] == dice[1]:
        return 4
    return len(dice)


def _done(variant: Variant, position: Position, side: int) -> bool:
    return position.off(side) == variant.men


def _afters(variant: Variant, position: Position, dice: tuple[int, ...]) -> list[Position]:
    plays = variant.generate_plays(position, dice)
    return variant.apply_plays(position, plays) if any(plays) else [position]


@lru_cache(maxsize=8192)
def _sure(variant: Variant, position: Position, side: int, turns: int) -> bool:
    """Whatever the dice, ``side`` can bear off every man within ``turns`` turns (the
    others' men apart: contact is over)."""
    if _done(variant, position, side):
        return True
    if not turns:
        return False
    men = variant.men - position.off(side)
    pips = position.pip_count(side)
    rolls = _rolls(variant)
    # Quick no: the worst throw cannot bear off that many men or pips in time.
    if men > turns * min(_moves(variant, r) for r in rolls):
        return False
    if pips > turns * min(_pips(variant, r) for r in rolls):
        return False
    mine = position.with_to_act(side)
    return all(
        any(_sure(variant, after, side, turns - 1) for after in _afters(variant, mine, dice))
        for dice in rolls
    )


@lru_cache(maxsize=8192)
def _can(variant: Variant, position: Position, side: int, turns: int) -> bool:
    """With the best dice, ``side`` could bear off every man within ``turns`` turns."""
    if _done(variant, position, side):
        return True
    if not turns:
        return False
    men = variant.men - position.off(side)
    rolls = _rolls(variant)
    if men > turns * max(_moves(variant, r) for r in rolls):
        return False
    if position.pip_count(side) > turns * max(_pips(variant, r) for r in rolls):
        return False
    mine = position.with_to_act(side)
    return any(
        any(_can(variant, after, side, turns - 1) for after in _afters(variant, mine, dice))
        for dice in rolls
    )


SURE_TURNS = 2  # how far ahead rule 3 looks (its cost grows fast with it)


def sure_play(state: GameState, plays: Sequence[Play]) -> Play | None:
    """The play that cannot be bettered in a bear-off with contact over, or None (see
    the module's docstring). ``plays``: the legal plays of ``state``."""
    if state.phase is not Phase.MOVE or not plays:
        return None
    variant, position = state.variant, state.position
    side = position.to_act
    if not all_home(variant, position, side) or not contact_over(state, side):
        return None
    results: dict[tuple[Position, tuple[int, ...]], Play] = {}
    for play in plays:
        left = tuple(sorted(dice_left(state.dice, play))) if variant.passes_dice else ()
        results.setdefault((variant.apply_play(position, play), left), play)
    if len(results) == 1:  # 1. forced
        return next(iter(results.values()))
    home = [play for (after, _), play in results.items() if _done(variant, after, side)]
    if home:  # 2. the last man off: the game is won now
        return home[0]
    if variant.passes_dice:
        return None
    ends = {after: play for (after, _), play in results.items()}
    for turns in range(1, SURE_TURNS + 1):  # 3. home surely sooner than any other can be
        for after, play in ends.items():
            if not after.off(side) or not _sure(variant, after, side, turns):
                continue
            others = (other for other in ends if other != after)
            if not any(_can(variant, other, side, turns - 1) for other in others):
                return play
    return None


__all__ = [
    "all_home",
    "contact_over",
    "position_contact_over",
    "reach",
    "sure_play",
]
