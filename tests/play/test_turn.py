"""A person's turn step by step: only steps that begin a legal play are offered."""

from __future__ import annotations

import random

from game.play.turn import TurnInput, apply_steps
from game.rules import match as m
from game.rules.position import position_from_counts
from game.rules.variants import find_variant

BG = find_variant("backgammon")


def turn(variant, position, dice):
    state = m.GameState(variant, position, m.Phase.MOVE, tuple(dice))
    return TurnInput(state, m.legal_plays(state))


def test_opening_31_offers_each_men_and_chained_moves():
    t = turn(BG, BG.start_position(), (3, 1))
    # pos p is the standard point 25 - p: men on pos 1 (24pt), 12 (13pt), 17 (8pt), 19 (6pt).
    assert t.sources() == {1, 12, 17, 19}
    from_8pt = t.moves_from(17)
    assert set(from_8pt) == {18, 20, 21}  # 8/7, 8/5, and 8/4 as one chained move
    assert len(from_8pt[21].steps) == 2
    t.make(from_8pt[20])
    assert t.complete() is None
    assert t.dice_remaining == (1,)
    t.make(t.moves_from(19)[20])  # 6/5: the point
    play = t.complete()
    assert play is not None and sorted((s.src, s.dst) for s in play) == [(17, 20), (19, 20)]


def test_a_step_that_begins_no_legal_play_is_not_offered():
    # The higher-die rule: one man on the 24-point can play the 6 or the 5 but not both;
    # the 5 alone is never a legal play, so it is not offered.
    # One man on our 24-point (pos 1). Their men (their own pos) hold their 6-point
    # (pos 19, our pos 6) and their 12-point (pos 13, our pos 12): 24/19 (5) is closed,
    # 24/18 (6) is open, and then 18/13 (5) is closed. Only 24/18 is legal.
    mine = {1: 1, 25: 14}
    theirs = {19: 2, 13: 2, 25: 11}
    pos = position_from_counts([mine, theirs], 24)
    t = turn(BG, pos, (6, 5))
    assert set(t.moves_from(1)) == {7}
    t.make(t.moves_from(1)[7])
    assert t.complete() is not None


def test_undo_takes_back_the_last_move_whole():
    t = turn(BG, BG.start_position(), (6, 5))
    t.make(t.moves_from(1)[12])  # 24/13 as one move (run)
    assert t.complete() is not None
    t.undo()
    assert t.steps == [] and t.position == BG.start_position()
    t.make(t.moves_from(1)[7])  # 24/18
    assert t.complete() is None and t.dice_remaining == (5,)


def test_pass_and_forced_plays_are_known():
    mine = {0: 1, 25: 14}
    theirs = {p: 2 for p in range(19, 25)} | {25: 3}
    pos = position_from_counts([mine, theirs], 24)
    t = turn(BG, pos, (6, 5))
    assert t.is_pass and t.forced is not None and not t.forced


def test_every_person_made_play_of_random_games_is_legal():
    # Random step-by-step turns always end in one of the legal plays, in every variant.
    for vid in ("backgammon", "lombardorum", "quinze_tablas", "anglicorum", "duodecim"):
        variant = find_variant(vid)
        rng = random.Random(7)
        state = m.new_game(variant, rng)
        for _ in range(30):
            if state.is_over:
                break
            if state.phase is m.Phase.ROLL:
                state = m.roll(state, rng)
                continue
            plays = m.legal_plays(state)
            t = TurnInput(state, plays)
            while (play := t.complete()) is None:
                src = rng.choice(sorted(t.sources()))
                moves = t.moves_from(src)
                t.make(moves[rng.choice(sorted(moves))])
            assert play in plays
            assert apply_steps(variant, state.position, t.steps) == apply_steps(
                variant, state.position, play
            )
            state = m.play(state, play, plays)
