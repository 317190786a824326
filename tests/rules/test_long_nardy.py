"""Long Nardy as RULES.md decides it: the geometry, the head rule (with the first turn's
6-6, 4-4 and 3-3), the block of six (checked after every step, across the mover's own
24/1 seam but not the opponent's), oin and mars, and seeded games.

Positions are written on side 0's pos (``same_way_games.position``): side 1's men are
given by the side-0 pos of their point (its head, its pos 1, is side 0's pos 13).
Plays are named in the mover's notation, one per position they leave.
"""

from __future__ import annotations

import random

import pytest

from game.rules import match as m
from game.rules.errors import PositionError, RulesError
from game.rules.outcome import Kind, Outcome, Termination
from game.rules.search import Board
from game.rules.serial import state_from_json
from game.rules.variants._nard_common import HEAD
from game.rules.variants.long_nardy import LongNardy
from tests.rules.same_way_games import (
    ROLLS,
    after,
    engine_results,
    first_steps,
    plays,
    position,
    positions_of,
    reference_results,
    seeded_game,
)

NARDY = LongNardy()


class NardyWithoutBlockRule(LongNardy):
    """Long Nardy with the block of six allowed: to show what the rule takes away."""

    id = "nardy_without_block_rule"

    @property
    def blocks_banned(self) -> bool:
        return False


class NardyWithoutHeadRule(LongNardy):
    """Long Nardy with any number of men off the head: to show what the rule takes away."""

    id = "nardy_without_head_rule"

    def begin_roll(self, board: Board, dice: tuple[int, ...]) -> None:
        pass


WITHOUT_HEAD = NardyWithoutHeadRule()


# -- the board -------------------------------------------------------------------------


def test_both_heads_hold_fifteen_at_opposite_corners_and_both_run_the_same_way():
    start = NARDY.start_position()
    NARDY.validate(start)
    assert start.board[0][HEAD] == start.board[1][HEAD] == 15
    assert NARDY.facing_pos(1, 1, 0) == 13 and NARDY.facing_pos(0, 1, 1) == 13
    assert NARDY.facing_pos(0, 24, 1) == 12 and NARDY.facing_pos(1, 12, 0) == 24
    # Side 0's pos 1 is cell 23 (backgammon's 24-point), side 1's is cell 11 (the 12-point);
    # both run down the cells, side 1 round the seam from cell 0 to cell 23.
    assert [NARDY.cell(0, p) for p in (1, 13, 24)] == [23, 11, 0]
    assert [NARDY.cell(1, p) for p in (1, 12, 13, 24)] == [11, 0, 23, 12]
    assert all(NARDY.cell(1, p) == NARDY.cell(0, NARDY.facing_pos(1, p, 0)) for p in range(1, 25))


def test_the_starter_throws_afresh():
    state = m.opened(NARDY, (2, 5))
    assert (state.on_roll, state.phase, state.dice) == (1, m.Phase.ROLL, ())


def test_positions_no_play_leaves_are_refused():
    with pytest.raises(PositionError, match="share a point"):
        position(NARDY, {1: 14, 13: 1}, {13: 15})
    with pytest.raises(PositionError, match="bar"):
        position(NARDY, {1: 14, 0: 1}, {13: 15})
    # Six in a row (its pos 15-20) with side 1's men all behind them.
    with pytest.raises(PositionError, match="in a row"):
        position(NARDY, {1: 9, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1}, {13: 15})
    # The same six with one of side 1's men past them (on its pos 21, my pos 9).
    position(NARDY, {1: 9, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1}, {13: 14, 9: 1})


# -- the head ----------------------------------------------------------------------------


def test_on_the_first_turn_one_man_leaves_the_head():
    start = NARDY.start_position()
    assert plays(NARDY, start, (6, 5)) == {"1/12"}
    assert plays(WITHOUT_HEAD, start, (6, 5)) == {"1/12", "1/6 1/7"}
    assert plays(NARDY, start, (5, 5)) == {"1/21"}  # 5-5 is no exception
    assert plays(NARDY, start, (2, 2)) == {"1/9"}
    assert plays(NARDY, start, (1, 1)) == {"1/5"}


def test_a_first_six_six_four_four_or_three_three_takes_two_men_off_the_head():
    start = NARDY.start_position()
    # One man alone could not use the dice: the opponent's head (pos 13) stops it.
    assert plays(NARDY, start, (6, 6)) == {"1/7(2)"}
    assert plays(NARDY, start, (4, 4)) == {"1/9(2)"}
    assert plays(NARDY, start, (3, 3)) == {"1/7(2)", "1/4 1/10"}


def test_the_second_side_s_first_turn_has_the_same_exception():
    # Side 0 opened with 6-5 (its man on side 1's pos 24); side 1 throws 6-6.
    where = position(NARDY, {1: 14, 12: 1}, {13: 15}, to_act=1)
    assert plays(NARDY, where, (6, 6)) == {"1/7(2)"}
    assert plays(NARDY, where, (6, 5)) == {"1/12"}


def test_two_must_leave_the_head_where_that_plays_more_dice():
    # Side 1 opened 5-5 to side 0's pos 9. Side 0's first 4-4: a man stops at 5 (9 is
    # held); a second man off the head plays a second die, so it must.
    where = position(NARDY, {1: 15}, {13: 14, 9: 1})
    assert plays(NARDY, where, (4, 4)) == {"1/5(2)"}
    assert plays(NARDY, where, (3, 3)) == {"1/7(2)", "1/4 1/10"}


def test_after_the_first_turn_a_double_takes_one_man_off_the_head():
    where = position(NARDY, {1: 14, 12: 1}, {13: 14, 21: 1})
    # 6-6: the head's man to 7 (13 is held), the other man 12-18-24; the fourth six is lost.
    assert plays(NARDY, where, (6, 6)) == {"1/7 12/24"}
    assert plays(WITHOUT_HEAD, where, (6, 6)) == {"1/7(2) 12/24", "1/7(3) 12/18", "1/7(4)"}
    assert plays(NARDY, where, (3, 3)) == {"1/10 12/15", "1/7 12/18"}


def test_with_no_roll_begun_the_head_is_open():
    # (``is_stuck`` asks whether any die could move; a replayed play is checked as made.)
    where = position(NARDY, {1: 14, 12: 1}, {13: 14, 21: 1})
    assert (1, 7) in first_steps(NARDY, where, 6)


# -- the block of six ------------------------------------------------------------------


# Five in a row on 4-8; the opponent holds 2, so the head's man reaches 3 only with a 2.
ROW_OF_FIVE = {1: 10, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1}
BEHIND = {2: 1, 13: 10, 14: 1, 15: 1, 16: 1, 17: 1}  # every man of side 1 behind 3-8


def test_a_step_that_makes_six_in_a_row_with_nobody_past_them_is_not_legal():
    where = position(NARDY, ROW_OF_FIVE, BEHIND)
    assert (1, 3) not in first_steps(NARDY, where, 2)
    # The head's man reaches 3 only where another man has left the row first; 1/4 (by
    # 3, since 2 is held) leaves no block but rests on 3 on the way, so it is not legal.
    assert plays(NARDY, where, (2, 1)) == {
        "1/3 4/5", "1/3 5/6", "1/3 6/7", "1/3 7/8", "1/3 8/9",
        "4/5 6/8", "4/5 7/9", "4/5 8/10", "4/6 5/6", "4/6 7/8", "4/6 8/9", "4/7",
        "5/6 7/9", "5/6 8/10", "5/7 6/7", "5/7 8/9", "5/8",
        "6/7 8/10", "6/8 7/8", "6/9", "7/10", "7/9 8/9", "8/11",
    }  # fmt: skip
    assert "1/4" in plays(NardyWithoutBlockRule(), where, (2, 1))


def test_six_in_a_row_with_an_opponent_man_past_them_is_legal():
    # One of side 1's men stands on its pos 21 (my 9), past 3-8 on its track.
    where = position(NARDY, ROW_OF_FIVE, {**BEHIND, 17: 0, 9: 1})
    assert (1, 3) in first_steps(NARDY, where, 2)
    assert plays(NARDY, where, (2, 1)) == {
        "1/3 4/5", "1/3 5/6", "1/3 6/7", "1/3 7/8", "1/4",
        "4/5 6/8", "4/5 8/10", "4/6 5/6", "4/6 7/8", "4/7",
        "5/6 8/10", "5/7 6/7", "5/8", "6/7 8/10", "6/8 7/8", "7/10", "8/11",
    }  # fmt: skip


# The head and 2, 3, 22, 23 held: a man to 24 closes 22-3, six in a row on side 1's
# track (its pos 10-15) across side 0's own 24/1 seam.
SEAM = {1: 10, 2: 1, 3: 1, 18: 1, 22: 1, 23: 1}


def test_the_block_counts_across_the_mover_s_own_seam():
    where = position(NARDY, SEAM, {13: 11, 14: 1, 15: 1, 16: 1, 17: 1})
    assert (18, 24) not in first_steps(NARDY, where, 6)
    # 18/24 only once 2 or 3 has been left (the head always holds men).
    assert plays(NARDY, where, (6, 5)) == {
        "1/12", "1/6 2/8", "1/6 3/9", "1/7 18/23", "1/7 2/7", "1/7 3/8",
        "2/7 18/24", "2/7 3/9", "2/8 18/23", "2/8 3/8", "3/8 18/24", "3/9 18/23",
    }  # fmt: skip
    # With a man of side 1 on its pos 22 (my 10), past 22-3, the block is allowed.
    passed = position(NARDY, SEAM, {13: 11, 14: 1, 15: 1, 16: 1, 10: 1})
    assert "1/6 18/24" in plays(NARDY, passed, (6, 5))


def test_the_block_does_not_count_across_the_opponent_s_seam():
    # 9-15 on my track is side 1's pos 21-24 then 1-3: no six in a row on its track, so
    # 9/13 may close it though all of side 1's men (its pos 4-8) are behind 9-12.
    where = position(
        NARDY,
        {1: 9, 9: 1, 10: 1, 11: 1, 12: 1, 14: 1, 15: 1},
        {16: 3, 17: 3, 18: 3, 19: 3, 20: 3},
    )
    assert (9, 13) in first_steps(NARDY, where, 4)
    assert {"9/13 10/11", "9/14", "9/13 14/15"} <= plays(NARDY, where, (4, 1))


# -- the end -------------------------------------------------------------------------------


def test_the_winner_scores_oin_or_mars():
    last_man = {24: 1, 25: 14}
    mars = after(NARDY, position(NARDY, last_man, {7: 15}), (3, 1), "24/off")
    assert mars.result == Outcome(0, Kind.MARS, 2, Termination.BORNE_OFF)
    oin = after(NARDY, position(NARDY, last_man, {7: 14, 25: 1}), (3, 1), "24/off")
    assert oin.result == Outcome(0, Kind.SINGLE, 1, Termination.BORNE_OFF)
    assert LongNardy.result_kinds == {Kind.SINGLE, Kind.MARS, Kind.TIE}


def test_bearing_off_waits_for_every_man_home_and_a_higher_die_takes_the_rearmost():
    # 17 is outside pos 19-24: the 1 bears off the man on 24 only after 17/23 brings it home.
    gate = position(NARDY, {17: 1, 24: 1, 25: 13}, {7: 15})
    assert plays(NARDY, gate, (6, 1)) == {"17/24", "17/23 24/off"}
    # The 6 bears off the rearmost man (20), never the man on 24 while 20 stands behind it.
    high = position(NARDY, {20: 1, 24: 1, 25: 13}, {7: 15})
    assert plays(NARDY, high, (6, 1)) == {"20/off 24/off", "20/off"}


def test_a_game_nobody_can_move_in_is_a_tie():
    assert NARDY.checks_deadlock
    assert NARDY.deadlock_outcome(NARDY.start_position(), 0) == Outcome(
        None, Kind.TIE, 0, Termination.DEADLOCK
    )


# -- seeded games ------------------------------------------------------------------------


def test_seeded_games_end_and_keep_every_rule():
    lengths = []
    for seed in range(6):
        for before, play, state in seeded_game(NARDY, seed):
            end = state
            mover = before.on_roll
            first = before.position.board[mover][HEAD] == 15
            left_head = sum(1 for step in play if step.src == HEAD)
            dice = before.dice
            assert left_head <= (2 if first and dice[0] == dice[1] in (3, 4, 6) else 1)
        assert end.result is not None and end.result.winner is not None
        assert end.result.kind in LongNardy.result_kinds
        loser = 1 - end.result.winner
        assert (end.result.kind is Kind.MARS) == (end.position.off(loser) == 0)
        lengths.append(end.turn)
    assert min(lengths) > 40


def test_the_search_agrees_with_the_rules_written_plainly():
    """Every roll in the positions above, and a plain and a double roll in every position
    of a seeded game: the engine's plays leave exactly the rows the reference finds."""
    literal = [
        NARDY.start_position(),
        position(NARDY, {1: 15}, {13: 14, 9: 1}),
        position(NARDY, {1: 14, 12: 1}, {13: 15}, to_act=1),
        position(NARDY, {1: 14, 12: 1}, {13: 14, 21: 1}),
        position(NARDY, ROW_OF_FIVE, BEHIND),
        position(NARDY, ROW_OF_FIVE, {**BEHIND, 17: 0, 9: 1}),
        position(NARDY, SEAM, {13: 11, 14: 1, 15: 1, 16: 1, 17: 1}),
        position(NARDY, {17: 1, 24: 1, 25: 13}, {7: 15}),
    ]
    checks = [(where, roll) for where in literal for roll in ROLLS]
    rng = random.Random(7)
    for where in positions_of(NARDY, 7):
        double = rng.randint(1, 6)
        checks += [(where, (rng.randint(1, 6), rng.randint(1, 6))), (where, (double, double))]
    for where, roll in checks:
        assert engine_results(NARDY, where, roll) == reference_results(
            where, roll, head_rule=True
        ), (where, roll)


# -- the head rule on states read in ----------------------------------------------------------


def head_state(side: int, left: int, turn: int, opening: list[int] | None = None) -> dict:
    """A Nard state after ``turn`` plays, side 0 having started, with ``left`` men of
    ``side`` off its head (on its pos 2, where they make no block)."""
    board = [[0, 15] + [0] * 24, [0, 15] + [0] * 24]
    board[side][HEAD] -= left
    board[side][2] += left
    return {
        "variant": "nard",
        "board": board,
        "on_roll": turn % 2,
        "phase": "roll",
        "turn": turn,
        "opening": opening or [],
    }


def most_off_the_head(plays: int) -> int:
    """RULES.md: one man a turn leaves the head, two on a side's first turn with 6-6, 4-4
    or 3-3: after ``plays`` plays of a side at most this many have left it."""
    return 0 if plays == 0 else min(15, plays + 1)


@pytest.mark.parametrize("turn", range(32))
def test_a_state_read_in_has_no_more_men_off_the_head_than_its_plays_can_take(turn):
    for side in (0, 1):
        plays = (turn + 1 - side) // 2  # side 0 started: it has made the odd play more
        most = most_off_the_head(plays)
        assert state_from_json(head_state(side, most, turn)).position.board[side][HEAD] == 15 - most
        if most < 15:
            with pytest.raises(RulesError, match=f"at most {most}$") as refused:
                state_from_json(head_state(side, most + 1, turn))
            assert str(refused.value).startswith(f"{most + 1} m")
            assert f" of side {side} left its head" in str(refused.value)


def test_the_issue_s_states_are_refused_by_the_engine_and_as_a_replay_s_start():
    from game.engine import handle
    from game.rules.replay import Replay, ReplayError, replay_from_json

    all_off_at_start = head_state(0, 15, 0)
    head_empty_at_turn_4 = head_state(0, 15, 4)
    for state in (all_off_at_start, head_empty_at_turn_4):
        answer = handle({"cmd": "roll", "state": state, "seed": 1})
        assert answer["ok"] is False and "left its head" in answer["error"], answer
        first = {**state, "phase": "move", "dice": [6, 5]}
        replay = Replay("nard", {}, 1, (), first=first)
        with pytest.raises(ReplayError, match="left its head"):
            replay_from_json(replay.to_json())
    # The opening throw known, a state before the first play has every man where it began.
    with pytest.raises(RulesError, match="no play has been made"):
        state_from_json(head_state(0, 1, 0, opening=[6, 1]))
    assert state_from_json(head_state(0, 2, 1, opening=[6, 1])).turn == 1


def test_every_state_of_seeded_games_keeps_within_the_head_bound():
    for seed in range(4):
        for _, _, state in seeded_game(NARDY, seed):
            starter = (state.on_roll - state.turn) % 2
            for side in (0, 1):
                plays = (state.turn + (side == starter)) // 2
                assert 15 - state.position.board[side][HEAD] <= most_off_the_head(plays)
