"""Ludus Duodecim Scriptorum: RULES.md scenario 14, each rule, seeded games, the protocol.

Positions are written from side 0's pos unless a test says otherwise. Men a
helper does not place are off (pos 37), so that every side has fifteen.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

import game.rules.variants.duodecim as duodecim_module
from game.engine import handle
from game.rules import match as m
from game.rules.errors import OptionError, PositionError
from game.rules.outcome import Kind, Termination
from game.rules.play import Step
from game.rules.position import Position, position_from_counts
from game.rules.search import Board
from game.rules.serial import state_from_json, state_to_json
from game.rules.variants import find_variant
from game.rules.variants.base import Variant

DUO = find_variant("duodecim")
OFF = 37


def position(
    mine: dict[int, int],
    theirs: dict[int, int],
    hand: tuple[int, int] = (0, 0),
    to_act: int = 0,
) -> Position:
    """Side ``to_act`` owns ``mine``; the men of each side not placed nor in hand are off."""
    rows = [dict(mine), dict(theirs)] if to_act == 0 else [dict(theirs), dict(mine)]
    for side, row in enumerate(rows):
        row[OFF] = row.get(OFF, 0) + 15 - sum(row.values()) - hand[side]
    return position_from_counts(rows, 36, to_act=to_act, hand=hand)


def plays(pos: Position, dice: tuple[int, ...]) -> set[tuple[tuple[int, int], ...]]:
    return {tuple((s.src, s.dst) for s in p) for p in DUO.generate_plays(pos, dice)}


def results(pos: Position, dice: tuple[int, ...]) -> set[tuple[object, ...]]:
    """The boards (and hands) the legal plays leave."""
    out = set()
    for play in DUO.generate_plays(pos, dice):
        after = DUO.apply_play(pos, play)
        out.add((after.board, after.hand))
    return out


def boards(*positions: Position) -> set[tuple[object, ...]]:
    return {(p.board, p.hand) for p in positions}


# -- the board --------------------------------------------------------------------------


def test_start_has_all_fifteen_in_hand_and_three_dice():
    start = DUO.start_position()
    DUO.validate(start)
    assert start.hand == (15, 15)
    assert all(n == 0 for row in start.board for n in row)
    assert DUO.dice_count == 3 and DUO.track_length == 36 and DUO.cells == 36
    assert DUO.name == "Ludus Duodecim Scriptorum" and DUO.order == 10


def test_the_game_says_it_is_a_reconstruction_after_murray():
    assert "reconstruction" in (duodecim_module.__doc__ or "")
    murray = [s for s in DUO.sources if "Murray" in s.author]
    assert murray and murray[0].year == "1951"
    assert "History of Board-Games" in murray[0].work


def test_cells_middle_row_alike_outer_rows_crosswise():
    # Middle row: both sides' pos k is cell k - 1.
    for k in range(1, 13):
        assert DUO.cell(0, k) == DUO.cell(1, k) == k - 1
        assert DUO.facing_pos(0, k, 1) == DUO.facing_pos(1, k, 0) == k
    # Side 0: far row (cells 12-23) then near row (24-35); side 1 the other way round.
    assert [DUO.cell(0, k) for k in (13, 24, 25, 36)] == [12, 23, 24, 35]
    assert [DUO.cell(1, k) for k in (13, 24, 25, 36)] == [35, 24, 23, 12]
    for k in range(13, 37):
        assert DUO.facing_pos(0, k, 1) == DUO.facing_pos(1, k, 0) == 49 - k
    for side in (0, 1):
        assert sorted(DUO.cell(side, k) for k in range(1, 37)) == list(range(36))
        for k in range(1, 37):
            other = DUO.facing_pos(side, k, 1 - side)
            assert DUO.cell(1 - side, other) == DUO.cell(side, k)


def test_validate_refuses_two_sides_on_one_cell():
    DUO.validate(position({20: 1}, {20: 1}))  # cells 19 and 28
    with pytest.raises(PositionError):
        DUO.validate(position({20: 1}, {29: 1}))  # both cell 19
    with pytest.raises(PositionError):
        DUO.validate(position({5: 1}, {5: 1}))  # the middle row is shared
    with pytest.raises(PositionError):
        DUO.validate(position_from_counts([{20: 1}, {5: 15}], 36))  # side 0 has one man


# -- RULES.md scenario 14: summed jumps --------------------------------------------------


# Side 0's other fourteen men stand on pos 36: they cannot move while the man
# on pos 3 is out of the last row (no bearing off yet).
STUCK = {36: 14}


def test_scenario_14_the_summed_9_jumps_the_closed_points_to_pos_12():
    # Roll 2-3-4; the opponent holds pos 5 and 6. The single 2 and 3 land on
    # closed points; the 4 (to 7) and every sum may be played, and the most
    # dice must be: the one play leaves the man on pos 12.
    pos = position({3: 1, **STUCK}, {5: 2, 6: 2, 30: 11})
    board = Board(DUO, pos)
    assert list(DUO.legal_steps(board, 2)) == [] and list(DUO.legal_steps(board, 3)) == []
    assert results(pos, (2, 3, 4)) == boards(position({12: 1, **STUCK}, {5: 2, 6: 2, 30: 11}))
    (play,) = DUO.generate_plays(pos, (2, 3, 4))
    assert sorted(play.dice_used) == [2, 3, 4]
    assert not any(step.dst in (5, 6) for step in play)


def test_scenario_14_with_every_resting_point_closed_only_the_9_is_left():
    # Also pos 7, 8, 9 and 10 closed: the 4, 2+3, 2+4 and 3+4 are dead too;
    # the jump of 9 passes over them all.
    theirs = {5: 2, 6: 2, 7: 2, 8: 2, 9: 2, 10: 2, 30: 3}
    pos = position({3: 1, **STUCK}, theirs)
    assert plays(pos, (2, 3, 4)) == {((3, 12),)}
    (play,) = DUO.generate_plays(pos, (2, 3, 4))
    assert play[0] == Step(3, 12, 9, False, (4, 3, 2))


def test_scenario_14_with_pos_12_closed_two_dice_are_the_most():
    theirs = {5: 2, 6: 2, 12: 2, 30: 9}
    pos = position({3: 1, **STUCK}, theirs)
    assert results(pos, (2, 3, 4)) == boards(
        position({8: 1, **STUCK}, theirs),  # 2+3
        position({9: 1, **STUCK}, theirs),  # 2+4, or 4 then 2
        position({10: 1, **STUCK}, theirs),  # 3+4, or 4 then 3
    )
    assert all(len(p.dice_used) == 2 for p in DUO.generate_plays(pos, (2, 3, 4)))


def test_a_die_is_never_divided():
    # Every die and every sum of a 4-5-6 from pos 3 lands on a closed point
    # (7, 8, 9, 12, 13, 14, 18): no play. Half a die (3 to 5) is no way out.
    theirs = {7: 2, 8: 2, 9: 2, 12: 2, 36: 2, 35: 2, 31: 2, 30: 1}  # their 36/35/31: our 13/14/18
    pos = position({3: 1, **STUCK}, theirs)
    assert plays(pos, (4, 5, 6)) == {()}


def test_a_play_counts_the_most_dice_any_way_of_making_it_uses():
    # From pos 1 the 1 and the 2 are closed, but 1+2 and the 3 both reach pos 4,
    # where the rest is dead: a play of two dice (the sum), whatever order the
    # dice come in. The man on 4 plays 1+3 or 2+3 instead: two dice too.
    theirs = {2: 2, 3: 2, 5: 2, 6: 2, 7: 2, 10: 2}
    pos = position({1: 1, 4: 1}, theirs)
    expected = boards(
        position({4: 2}, theirs),
        position({1: 1, 8: 1}, theirs),
        position({1: 1, 9: 1}, theirs),
    )
    for dice in itertools.permutations((1, 2, 3)):
        assert results(pos, dice) == expected, dice


# -- entering ---------------------------------------------------------------------------


def entered(*points: int) -> Position:
    """Side 0 has entered men on ``points`` from the start; side 1 all in hand."""
    mine = Counter(points)
    return position(dict(mine), {}, hand=(15 - len(points), 15)).with_to_act(1)


def test_a_die_or_a_sum_enters_a_man_into_the_middle_row():
    start = DUO.start_position()
    assert results(start, (2, 3, 4)) == boards(
        entered(2, 3, 4), entered(5, 4), entered(6, 3), entered(7, 2), entered(9)
    )


def test_no_sum_enters_beyond_the_middle_row():
    start = DUO.start_position()
    # 6+6+5 = 17 and 6+6+6 = 18 do not enter; 6+6 = 12 does.
    assert results(start, (6, 6, 5)) == boards(entered(6, 6, 5), entered(12, 5), entered(11, 6))
    assert results(start, (6, 6, 6)) == boards(entered(6, 6, 6), entered(12, 6))


def test_every_man_in_hand_enters_before_any_man_moves_on():
    # Two men in hand, thirteen on pos 30 (side 1 all in hand), roll 1-2-4:
    # both enter first; only the die left over may move a man. (Or one man
    # enters with all three dice summed, 7, and the other still waits: that
    # too uses every die.)
    pos = position({30: 13}, {}, hand=(2, 15))

    def after(*men: int) -> Position:
        mine = Counter({30: 13})
        for point in men:
            if point > 30:
                mine[30] -= 1
            mine[point] += 1
        return position(dict(mine), {}, hand=(0, 15)).with_to_act(1)

    one_waits = position({7: 1, 30: 13}, {}, hand=(1, 15)).with_to_act(1)
    assert results(pos, (1, 2, 4)) == {(one_waits.board, one_waits.hand)} | boards(
        after(1, 2, 34),
        after(1, 4, 32),
        after(2, 4, 31),
        after(2, 5),
        after(1, 6),
        after(3, 4),
    )


def test_a_hit_man_re_enters_first_and_entering_hits():
    # One man on the bar, fourteen on pos 20; a lone opponent on pos 6 of the
    # shared middle row. Roll 6-6-6: the bar man enters with a 6 (hitting) or
    # with 6+6 (12); 18 cannot enter. Only then may the pos 20 men move.
    theirs = {6: 1, 30: 14}
    pos = position({0: 1, 20: 14}, theirs)

    def after(mine: dict[int, int], hit: bool) -> Position:
        other = {0: 1, 30: 14} if hit else theirs
        return position(mine, other).with_to_act(1)

    assert results(pos, (6, 6, 6)) == boards(
        after({18: 1, 20: 14}, hit=True),  # enter 6 (hit), then 6 and 6 (or 12)
        after({18: 1, 20: 14}, hit=False),  # enter 12, then 6
        after({12: 1, 26: 1, 20: 13}, hit=True),  # enter 6 (hit), 6 more; a 20 man 6
        after({12: 1, 26: 1, 20: 13}, hit=False),  # enter 12; a 20 man 6
        after({6: 1, 32: 1, 20: 13}, hit=True),  # enter 6 (hit); a 20 man 12
        after({6: 1, 26: 2, 20: 12}, hit=True),  # enter 6 (hit); two 20 men 6 each
    )


# -- hitting on the outer rows ------------------------------------------------------------


def test_an_outer_row_blot_is_hit_across_the_sides_49_minus_k():
    # Side 0's man on pos 20 throws 3-3-3; side 1's lone man on its pos 26 is
    # our pos 23. Resting there (3 first) hits it; the 6 or the 9 jumps it.
    theirs = {26: 1, 5: 14}
    pos = position({20: 1, **STUCK}, theirs)
    assert results(pos, (3, 3, 3)) == boards(
        position({29: 1, **STUCK}, {0: 1, 5: 14}).with_to_act(1),
        position({29: 1, **STUCK}, theirs).with_to_act(1),
    )


def test_side_1_hits_side_0_across_the_outer_rows_too():
    # Side 1 to move, its man on its pos 14 (our 35), 14 more stuck on its 36
    # (our 13); side 0's blot on pos 33 is side 1's pos 16: a 2 hits it.
    pos = position({14: 1, 36: 14}, {33: 1, 5: 14}, to_act=1)
    hits = [p for p in DUO.generate_plays(pos, (2, 5, 6)) if p[0] == Step(14, 16, 2, True)]
    assert hits
    after = DUO.apply_play(pos, hits[0])
    assert after.board[0][33] == 0 and after.board[0][0] == 1


def test_an_outer_row_pair_closes_the_point_for_the_other_side():
    # Side 1's pair on its pos 26 closes our pos 23: 20 + 3 is no resting point.
    pos = position({20: 1, **STUCK}, {26: 2, 5: 13})
    assert results(pos, (3, 3, 3)) == boards(
        position({29: 1, **STUCK}, {26: 2, 5: 13}).with_to_act(1)
    )
    assert all(step.dst != 23 for p in DUO.generate_plays(pos, (3, 3, 3)) for step in p)


# -- bearing off --------------------------------------------------------------------------


ASIDE = {5: 15}  # side 1 keeps to the middle row, out of the way


def test_bearing_off_needs_an_exact_die():
    pos = position({33: 1, 35: 1}, ASIDE)
    # No higher throw bears off the rearmost man: 6-6-6 cannot move at all.
    assert plays(pos, (6, 6, 6)) == {()}
    # The 4 bears off pos 33 and the 2 pos 35; the 6 has nothing left to do.
    assert results(pos, (4, 2, 6)) == boards(position({}, ASIDE).with_to_act(1))
    # 4-5-6: only the 4 fits.
    assert results(pos, (4, 5, 6)) == boards(position({35: 1}, ASIDE).with_to_act(1))


def test_bearing_off_with_an_exact_sum():
    # Pos 30 needs 7: the 3 and the 4 land on closed points (their 16 and 15
    # are our 33 and 34), so only the summed 3+4 bears the man off.
    theirs = {16: 2, 15: 2, 5: 11}
    pos = position({30: 1}, theirs)
    assert plays(pos, (3, 4, 5)) == {((30, OFF),)}
    (play,) = DUO.generate_plays(pos, (3, 4, 5))
    assert play[0].dice == (4, 3)


def test_bearing_off_waits_until_all_fifteen_are_in_the_last_row():
    # 4-4-4 with men on pos 24 and 33: pos 33 bears off only after the pos 24
    # man has come home (to 28) with an earlier 4 (or 8) of the same play.
    pos = position({24: 1, 33: 1}, ASIDE)
    assert results(pos, (4, 4, 4)) == boards(
        position({32: 1}, ASIDE).with_to_act(1),  # 24-28, 33 off, 28-32
        position({33: 1, 36: 1}, ASIDE).with_to_act(1),  # 24-36 in three 4s or by sums
    )
    board = Board(DUO, pos)
    assert not DUO.may_bear_off(board, 33, 4)
    assert DUO.may_bear_off(Board(DUO, position({28: 1, 33: 1}, ASIDE)), 33, 4)


def test_no_bearing_off_while_a_man_waits_in_hand():
    board = Board(DUO, position({33: 14}, ASIDE, hand=(1, 0)))
    assert not DUO.may_bear_off(board, 33, 4)


def test_bearing_off_all_fifteen_wins_a_single_game():
    pos = position({36: 1}, ASIDE)
    state = m.GameState(DUO, pos, m.Phase.MOVE, (1, 5, 6))
    (play,) = m.legal_plays(state)
    over = m.play(state, play)
    assert over.winner == 0
    assert over.result.kind is Kind.SINGLE and over.result.points == 1
    assert over.result.termination is Termination.BORNE_OFF


# -- deadlock ---------------------------------------------------------------------------


def test_a_side_that_only_a_sum_can_move_is_not_stuck():
    # Pos 4-9 closed: no single die moves the man on pos 3, but 7 (a sum) does.
    theirs = {4: 2, 5: 2, 6: 2, 7: 2, 8: 2, 9: 2, 30: 3}
    pos = position({3: 1, **STUCK}, theirs)
    assert Variant.is_stuck(DUO, pos, 0)  # with single dice only it would look stuck
    assert not DUO.is_stuck(pos, 0)
    assert results(pos, (3, 4, 5)) == boards(position({15: 1, **STUCK}, theirs).with_to_act(1))


# -- the fast search against a plain one -------------------------------------------------


def reference(pos: Position, dice: tuple[int, ...]) -> set[tuple[object, ...]]:
    """Every order of every unit over the hooks, no pruning; the most dice per board."""
    board = Board(DUO, pos)
    found: dict[tuple[object, ...], int] = {}

    def visit(left: tuple[int, ...], used: int) -> None:
        moved = False
        for value, group, rest in DUO.dice_units(left):
            for step in DUO.legal_steps(board, value):
                moved = True
                token = board.apply(step)
                visit(rest, used + (len(group) or 1))
                board.undo(step, token)
        if not moved:
            key = (tuple(map(tuple, board.rows)), tuple(board.hand))
            found[key] = max(found.get(key, 0), used)

    visit(dice, 0)
    most = max(found.values())
    return {key for key, used in found.items() if used == most}


def test_the_search_finds_what_a_plain_search_over_the_hooks_finds():
    # Every fifth position of a seeded game, from the entering to the bearing off.
    rng = random.Random(2024)
    state = m.new_game(DUO, rng)
    checked = 0
    while not state.is_over:
        if state.phase is m.Phase.ROLL:
            state = m.roll(state, rng)
            continue
        legal = m.legal_plays(state)
        if state.turn % 5 == 0:
            pos, dice = state.position, state.dice
            got = set()
            for play in legal:
                after = DUO.apply_play(pos, play)
                got.add((after.board, after.hand))
                assert len(play.dice_used) == len(legal[0].dice_used)
            assert got == reference(pos, dice), (pos, dice)
            assert len(got) == len(legal)
            checked += 1
        state = m.play(state, rng.choice(legal), legal)
    assert checked > 40


# -- seeded games -------------------------------------------------------------------------


def check_play(pos: Position, dice: tuple[int, ...], play: tuple[Step, ...]) -> None:
    """Each step spends a die or a sum of dice of the roll; waiting men enter first."""
    assert not Counter(d for s in play for d in s.dice_used) - Counter(dice)
    side = pos.to_act
    waiting = pos.board[side][0] + pos.hand[side]
    for i, step in enumerate(play):
        travel = step.dst if step.src == 0 else step.dst - step.src
        assert travel == step.die == sum(step.dice_used)
        assert (step.src == 0) == (i < waiting)
        if step.src == 0:
            assert step.dst <= 12


def test_seeded_games_end_and_conserve_men():
    lengths = []
    for seed in range(12):
        rng = random.Random(seed)
        state = m.new_game(DUO, rng)
        for _ in range(3000):
            if state.is_over:
                break
            if state.phase is m.Phase.ROLL:
                state = m.roll(state, rng)
                continue
            legal = m.legal_plays(state)
            chosen = rng.choice(legal)
            check_play(state.position, state.dice, chosen)
            state = m.play(state, chosen, legal)
            DUO.validate(state.position)  # fifteen men each, no cell shared
        assert state.is_over, seed
        if state.winner is None:
            assert state.result.termination is Termination.DEADLOCK
        else:
            assert state.position.off(state.winner) == 15
        lengths.append(state.turn)
    assert max(lengths) < 3000


# -- the protocol and JSON ------------------------------------------------------------------


def ok(request: dict[str, object]) -> dict[str, object]:
    answer = handle(request)
    assert answer["ok"], answer
    return answer


def test_protocol_new_roll_legal_play_best():
    state = ok({"cmd": "new", "variant": "duodecim", "options": {}, "seed": 3})["state"]
    assert state["hand"] == [15, 15] and state["phase"] == "roll"
    for n in range(6):
        state = ok({"cmd": "roll", "state": state, "seed": n})["state"]
        assert len(state["dice"]) == 3
        moves = ok({"cmd": "legal", "state": state})["moves"]
        move = moves[n % len(moves)]
        played = ok({"cmd": "play", "state": state, "notation": move["notation"]})["state"]
        assert played == move["state"]
        best = ok({"cmd": "best", "state": state, "level": "novice", "seed": n})["move"]
        assert best in moves
        state = played
    assert sum(state["hand"]) < 30


def test_protocol_reads_a_summed_jump_back():
    pos = position({3: 1, **STUCK}, {5: 2, 6: 2, 7: 2, 8: 2, 9: 2, 10: 2, 30: 3})
    state = state_to_json(m.GameState(DUO, pos, m.Phase.MOVE, (2, 3, 4)))
    moves = ok({"cmd": "legal", "state": state})["moves"]
    assert [move["notation"] for move in moves] == ["3/12"]
    after = ok({"cmd": "play", "state": state, "notation": "3/12"})["state"]
    assert after["board"][0][12] == 1 and after["board"][0][3] == 0


def test_protocol_refuses_a_bad_option_name_and_bad_options():
    error = handle({"cmd": "new", "variant": "duodecim", "options": {"dice": 2}})
    assert error["ok"] is False and "no option 'dice'" in error["error"]
    error = handle({"cmd": "new", "variant": "duodecim", "options": ["dice"]})
    assert error["ok"] is False and "options" in error["error"]
    with pytest.raises(OptionError, match="no option"):
        find_variant("duodecim", {"summed_jumps": False})


def test_states_round_trip_through_json():
    # (No man is off while others wait in hand: none bears off before all have entered.)
    state = m.GameState(
        DUO, position({0: 1, 14: 2, 30: 3}, {12: 2, 20: 1}, hand=(9, 12)), m.Phase.MOVE, (6, 1, 3)
    )
    assert state_from_json(state_to_json(state)) == state
    rng = random.Random(9)
    state = m.new_game(DUO, rng)
    for _ in range(40):
        assert state_from_json(state_to_json(state)) == state
        if state.phase is m.Phase.ROLL:
            state = m.roll(state, rng)
        else:
            state = m.play(state, rng.choice(m.legal_plays(state)))
