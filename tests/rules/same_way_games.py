"""Helpers of the Long Nardy and Fevga tests: literal positions, plays named by notation,
seeded games that check every position they pass through.

Positions are written on side 0's pos: ``position(variant, {1: 14, 9: 1}, {13: 15})``
gives side 0's men and then side 1's men by the side-0 pos of their point (side 1's
own pos is 12 further round: my pos 13 is its pos 1). Pos 25 is off for both.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

from game.rules import match as m
from game.rules.notation import format_play
from game.rules.play import Play
from game.rules.position import Position, position_from_counts
from game.rules.search import Board
from game.rules.serial import state_from_json, state_to_json
from game.rules.variants._nard_common import OFF, SHIFT
from game.rules.variants.base import Variant


def theirs_on_own_track(counts: dict[int, int]) -> dict[int, int]:
    """Side 1's men given on side 0's pos, on side 1's own pos (off stays off)."""
    return {p if p == OFF else SHIFT[p]: n for p, n in counts.items()}


def position(
    variant: Variant, mine: dict[int, int], theirs: dict[int, int], to_act: int = 0
) -> Position:
    """Side 0's men and side 1's men, both on side 0's pos; validated."""
    where = position_from_counts([mine, theirs_on_own_track(theirs)], 24, to_act=to_act)
    variant.validate(where)
    return where


def plays(variant: Variant, where: Position, dice: tuple[int, ...]) -> set[str]:
    """The legal plays of ``dice`` in the mover's notation (one per resulting position)."""
    found = m.legal_plays(m.GameState(variant, where, m.Phase.MOVE, dice))
    named = {format_play(variant, play) for play in found}
    assert len(named) == len(found), found
    return named


def first_steps(variant: Variant, where: Position, die: int) -> set[tuple[int, int]]:
    """The legal first steps of one die (no roll begun): (src, dst)."""
    return {(s.src, s.dst) for s in variant.legal_steps(Board(variant, where), die)}


def after(variant: Variant, where: Position, dice: tuple[int, ...], text: str) -> m.GameState:
    """The state after the legal play written ``text``."""
    state = m.GameState(variant, where, m.Phase.MOVE, dice)
    legal = m.legal_plays(state)
    chosen = [p for p in legal if format_play(variant, p) == text]
    assert chosen, (text, {format_play(variant, p) for p in legal})
    return m.play(state, chosen[0], legal)


def seeded_game(variant: Variant, seed: int) -> Iterator[tuple[m.GameState, Play, m.GameState]]:
    """A game of random legal plays: (state before, play, state after) for every play.

    Every position is validated (fifteen men a side, never two sides on one point,
    no man on the bar, the variant's rules of holding points) and every state goes
    through its JSON form and back unchanged (the variant must be registered).
    """
    rng = random.Random(seed)
    state = m.new_game(variant, rng)
    while not state.is_over:
        if state.phase is m.Phase.ROLL:
            state = m.roll(state, rng)
            assert_round_trip(state)
            continue
        legal = m.legal_plays(state)
        chosen = rng.choice(legal)
        before = state
        state = m.play(state, chosen, legal)
        variant.validate(state.position)
        assert_round_trip(state)
        yield before, chosen, state
        assert state.turn < 1000, (seed, state.position)


def assert_round_trip(state: m.GameState) -> None:
    text = json.dumps(state_to_json(state))
    assert state_from_json(json.loads(text)) == state
