"""A man that cannot move says why (``game.play.reasons.why_not``)."""

from __future__ import annotations

import random

import pytest

from game.play import reasons as r
from game.play.turn import TurnInput
from game.rules import match as m
from game.rules.position import position_from_counts
from game.rules.variants import VARIANTS, find_variant


def turn_of(variant_id: str, counts: list[dict[int, int]], dice: tuple[int, ...]) -> TurnInput:
    variant = find_variant(variant_id)
    position = position_from_counts(counts, variant.track_length)
    state = m.GameState(variant, position, m.Phase.MOVE, dice)
    return TurnInput(state, m.legal_plays(state))


def test_men_waiting_on_the_bar_come_in_first():
    turn = turn_of("backgammon", [{0: 1, 13: 14}, {19: 15}], (3, 1))
    assert 0 in turn.sources()
    assert r.why_not(turn, 13) == r.ENTER_FIRST
    assert r.why_not(turn, 0) == ""  # it can move
    assert r.why_not(turn, 5) == ""  # no man of the mover there


def test_a_man_shut_in_says_so():
    # The mover's man on pos 1 faces a six-point prime on 2-7; the others run freely.
    opponent = {25 - p: 2 for p in range(2, 8)}
    opponent[25 - 20] = 3
    turn = turn_of("backgammon", [{1: 1, 13: 14}, opponent], (6, 5))
    assert 1 not in turn.sources()
    assert r.why_not(turn, 1) == r.BLOCKED


def test_the_dice_used_up_say_so():
    turn = turn_of("backgammon", [{13: 15}, {19: 15}], (3, 1))
    move = next(iter(turn.moves_from(13).values()))
    turn.make(move)
    while turn.sources():
        turn.make(next(iter(turn.moves_from(next(iter(turn.sources()))).values())))
    assert r.why_not(turn, 13) == r.DICE_USED


def test_no_bearing_off_before_every_man_is_home():
    turn = turn_of("backgammon", [{24: 1, 10: 14}, {19: 15}], (2, 1))
    assert 24 not in turn.sources()
    assert r.why_not(turn, 24) == r.NOT_HOME


def test_a_number_too_high_to_bear_off_says_so():
    # All home; the man on pos 23 (the 2-point) would go past the edge with the 3 while
    # men stand further back, and the opponent holds the 1-point: it is not shut in.
    turn = turn_of("backgammon", [{19: 3, 22: 4, 23: 6, 25: 2}, {24: 3, 1: 12}], (3, 1))
    assert 23 not in turn.sources()
    assert r.why_not(turn, 23) == r.TOO_HIGH


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_every_man_that_cannot_move_has_a_reason(variant_id):
    """In positions of seeded random games: a man of the mover that is not a source
    always gets a reason, and a source never does."""
    rng = random.Random(11)
    state = m.new_game(find_variant(variant_id), rng)
    checked = 0
    for _ in range(60):
        if state.is_over:
            break
        if state.phase is m.Phase.ROLL:
            state = m.roll(state, rng)
            continue
        if state.phase is not m.Phase.MOVE:
            state = m.choose_die(state, 1) if state.phase is m.Phase.CHOOSE else state
            continue
        plays = m.legal_plays(state)
        turn = TurnInput(state, plays)
        side = state.position.to_act
        sources = turn.sources()
        row = state.position.board[side]
        waiting = row[0] + state.position.hand[side]
        for pos in range(0, state.variant.track_length + 1):
            men = waiting if pos == 0 else row[pos]
            reason = r.why_not(turn, pos)
            if pos in sources:
                assert reason == ""
            elif men:
                assert reason, (variant_id, pos, state.dice)
                checked += 1
            if reason == r.BLOCKED:  # shut in: no die of its would carry it off
                left = turn.dice_remaining
                assert pos + max(left) <= state.variant.off_pos, (variant_id, pos, left)
        state = m.play(state, rng.choice(plays), plays)
    assert checked


# Quinze Tablas' greedy race ends in a deadlock before its men bear off (exactly only).
RACES = sorted(set(VARIANTS) - {"quinze_tablas"})


@pytest.mark.parametrize("variant_id", RACES)
def test_shut_in_is_never_said_of_a_man_a_die_would_carry_off(variant_id):
    """Into the bearing off of seeded racing games (each side makes the play that leaves
    it fewest pips): a man whose die would carry him past the edge is never told he is
    shut in (his number is too high, or men are not home)."""
    rng = random.Random(5)
    state = m.new_game(find_variant(variant_id), rng)
    past_the_edge = 0
    while not past_the_edge:
        assert not state.is_over, "the race ended before a die went past the edge"
        if state.phase is m.Phase.ROLL:
            state = m.roll(state, rng)
            continue
        if state.phase is not m.Phase.MOVE:
            state = m.choose_die(state, 6) if state.phase is m.Phase.CHOOSE else state
            continue
        plays = m.legal_plays(state)
        turn = TurnInput(state, plays)
        side = state.position.to_act
        for pos in range(1, state.variant.track_length + 1):
            if not state.position.board[side][pos] or pos in turn.sources():
                continue
            reason = r.why_not(turn, pos)
            if pos + max(turn.dice_remaining) > state.variant.off_pos:
                assert reason != r.BLOCKED, (variant_id, pos, state.dice)
                past_the_edge += reason == r.TOO_HIGH
        after = {
            play: state.variant.apply_play(state.position, play).pip_count(side) for play in plays
        }
        state = m.play(state, min(plays, key=after.__getitem__), plays)


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_a_click_on_another_sides_man_says_it_is_not_yours(variant_id):
    """Through a seeded game: every point of the mover's track where only another side's
    men stand answers that the man is not the mover's (a click there did nothing,
    without a word); an empty point still says nothing."""
    rng = random.Random(3)
    state = m.new_game(find_variant(variant_id), rng)
    theirs = empty = 0
    for _ in range(40):
        if state.is_over:
            break
        if state.phase is not m.Phase.MOVE:
            state = m.roll(state, rng) if state.phase is m.Phase.ROLL else m.choose_die(state, 1)
            continue
        plays = m.legal_plays(state)
        turn = TurnInput(state, plays)
        board = r.Board(state.variant, state.position)
        for pos in range(1, state.variant.track_length + 1):
            if board.mine[pos]:
                continue
            if board.others_at(pos)[1]:
                assert r.why_not(turn, pos) == r.THEIRS, pos
                theirs += 1
            else:
                assert r.why_not(turn, pos) == "", pos
                empty += 1
        state = m.play(state, rng.choice(plays), plays)
    assert theirs and empty
