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
    through its JSON form and back unchanged.
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


# -- a reference: the rules written out plainly, to check the search against -----------------


def reference_results(
    where: Position,
    dice: tuple[int, ...],
    *,
    head_rule: bool = False,
    runner_goal: int = 0,
    blocks_banned: bool = True,
    start_table_rule: bool = False,
) -> set[tuple[int, ...]]:
    """The mover's rows after every legal play of ``dice``, found by trying every sequence
    of steps with RULES.md's words for Long Nardy (``head_rule``) or Fevga (``runner_goal``,
    ``start_table_rule``): slow and plain, not the engine's hooks."""
    side = where.to_act
    theirs = where.board[1 - side]
    first_turn = where.board[side][1] == 15
    rolled = dice * 2 if dice[0] == dice[1] else dice
    may_leave_head = 2 if first_turn and len(rolled) == 4 and rolled[0] in (3, 4, 6) else 1

    def held_by_them(my_pos: int) -> bool:
        return theirs[(my_pos + 11) % 24 + 1] > 0

    def breaks_rule(row: list[int]) -> bool:
        if start_table_rule and all(row[p] for p in range(1, 7)):
            return True
        if not blocks_banned:
            return False
        for low in range(1, 20):  # six in a row on their track: their pos low..low+5
            closed = all(row[(q + 11) % 24 + 1] for q in range(low, low + 6))
            if closed and not any(theirs[q] for q in range(low + 6, 26)):
                return True
        return False

    def steps(row: list[int], die: int, off_head: int) -> Iterator[tuple[int, int]]:
        for src in range(1, 25):
            if not row[src]:
                continue
            if src == 1 and head_rule and off_head >= may_leave_head:
                continue
            if src == 1 and runner_goal and row[1] < 15 and not any(row[runner_goal:26]):
                continue
            dst = src + die
            if dst <= 24:
                if held_by_them(dst):
                    continue
            else:
                home = not any(row[1:19])
                if not home or (dst > 25 and any(row[19:src])):
                    continue
                dst = 25
            after = list(row)
            after[src] -= 1
            after[dst] += 1
            if dst <= 24 and breaks_rule(after):
                continue
            yield src, dst

    found: dict[tuple[int, ...], list[int]] = {}  # result -> the best dice used (high first)
    # A row with the same dice left (so the same dice used) and the same men off the head
    # was reached by moving men in another order: it leads to the same plays.
    seen: set[tuple[tuple[int, ...], tuple[int, ...], int]] = set()

    def search(row: list[int], left: tuple[int, ...], used: list[int], off_head: int) -> None:
        here = (tuple(row), tuple(sorted(left)), off_head)
        if here in seen:
            return
        seen.add(here)
        moved = False
        for i, die in enumerate(left):
            for src, dst in steps(row, die, off_head):
                moved = True
                after = list(row)
                after[src] -= 1
                after[dst] += 1
                rest = left[:i] + left[i + 1 :]
                search(after, rest, [*used, die], off_head + (src == 1))
        if not moved:
            key = tuple(row)
            score = sorted(used, reverse=True)
            if key not in found or (len(score), score) > (len(found[key]), found[key]):
                found[key] = score

    search(list(where.board[side]), rolled, [], 0)
    most = max(len(s) for s in found.values())
    best = max(s for s in found.values() if len(s) == most)
    return {row for row, s in found.items() if s == best}


def engine_results(
    variant: Variant, where: Position, dice: tuple[int, ...]
) -> set[tuple[int, ...]]:
    """The mover's rows after every legal play the engine finds (each once)."""
    found = m.legal_plays(m.GameState(variant, where, m.Phase.MOVE, dice))
    rows = {variant.apply_play(where, play).board[where.to_act] for play in found}
    assert len(rows) == len(found)
    return rows


ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def positions_of(variant: Variant, seed: int) -> list[Position]:
    """Every position a seeded game of random plays puts before a side to move."""
    rng = random.Random(seed)
    state = m.new_game(variant, rng)
    seen = []
    while not state.is_over:
        if state.phase is m.Phase.ROLL:
            state = m.roll(state, rng)
            continue
        seen.append(state.position)
        legal = m.legal_plays(state)
        state = m.play(state, rng.choice(legal), legal)
    return seen
