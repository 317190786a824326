"""Tabula (Zeno's game): RULES.md's Zeno position, each rule and option, seeded games.

Positions are side 0's to move unless a test says otherwise. On the shared
track (the default) both sides count the same pos: ``position({5: 1}, {8: 1})``
puts side 0's man and side 1's man on cells 4 and 7. Men a test does not
place nor put in hand are borne off (pos 25). Plays are compared by their
notation: entering (from the bar or the hand) is written ``bar/d``.
"""

from __future__ import annotations

import random

import pytest

from game.rules import match as m
from game.rules.errors import OptionError, PositionError
from game.rules.notation import format_play
from game.rules.outcome import Kind, Outcome, Termination
from game.rules.position import Position, position_from_counts
from game.rules.search import search_plays
from game.rules.serial import state_from_json, state_to_json
from game.rules.variants.base import Variant
from game.rules.variants.tabula import Tabula

TAB = Tabula()
CONTRARY = Tabula({"contrary": True})
EXACT = Tabula({"exact_bear_off": True})
OFF = 25
OPTION_SETS = [
    {"contrary": contrary, "exact_bear_off": exact}
    for contrary in (False, True)
    for exact in (False, True)
]


def position(
    mine: dict[int, int],
    theirs: dict[int, int],
    hand: tuple[int, int] = (0, 0),
    to_act: int = 0,
) -> Position:
    """Side ``to_act`` owns ``mine`` (and ``hand[to_act]`` men in hand); every man of
    a side not placed nor in hand is off."""
    rows = [dict(mine), dict(theirs)] if to_act == 0 else [dict(theirs), dict(mine)]
    for side, row in enumerate(rows):
        row[OFF] = row.get(OFF, 0) + 15 - sum(row.values()) - hand[side]
    return position_from_counts(rows, 24, to_act=to_act, hand=hand)


def plays(variant: Variant, pos: Position, dice: tuple[int, ...]) -> list[str]:
    """The legal plays in notation, sorted (the position checked first)."""
    variant.validate(pos)
    return sorted(format_play(variant, p) for p in variant.generate_plays(pos, dice))


def after(variant: Variant, pos: Position, dice: tuple[int, ...], text: str) -> Position:
    """The position after the legal play written ``text``."""
    found = [p for p in variant.generate_plays(pos, dice) if format_play(variant, p) == text]
    assert len(found) == 1, text
    return variant.apply_play(pos, found[0])


# -- the board and the dice ---------------------------------------------------


def test_start_has_all_fifteen_in_hand_and_three_dice():
    start = TAB.start_position()
    TAB.validate(start)
    assert start.hand == (15, 15)
    assert not any(any(row) for row in start.board)
    assert (TAB.dice_count, TAB.track_length, TAB.cells, TAB.men) == (3, 24, 24, 15)
    assert TAB.uses_hand and not TAB.has_cube and not TAB.has_opening_roll_play
    assert not TAB.doubles_repeat
    assert TAB.result_kinds == {Kind.SINGLE, Kind.TIE}


def test_the_opening_winner_throws_three_dice_afresh():
    state = m.new_game(TAB, random.Random(4))
    assert state.phase is m.Phase.ROLL and state.dice == ()
    rolled = m.roll(state, random.Random(5))
    assert len(rolled.dice) == 3 and rolled.phase is m.Phase.MOVE


def test_options_are_specified_with_their_sources():
    assert [spec.name for spec in TAB.option_specs] == ["contrary", "exact_bear_off"]
    for spec in TAB.option_specs:
        assert spec.default is False and spec.values == (True, False)
        assert spec.label and spec.description and spec.source
    assert dict(TAB.options) == {"contrary": False, "exact_bear_off": False}
    with pytest.raises(OptionError, match="no option"):
        Tabula({"dice": 2})
    with pytest.raises(OptionError, match="cannot be"):
        Tabula({"contrary": 1})
    assert any("Austin" in s.author for s in TAB.sources)
    assert any("Agathias" in s.author for s in TAB.sources)


def test_the_shared_track_puts_both_sides_pos_p_on_one_cell():
    for pos in range(1, 25):
        assert TAB.cell(0, pos) == TAB.cell(1, pos) == pos - 1
        assert TAB.facing_pos(0, pos, 1) == TAB.facing_pos(1, pos, 0) == pos


def test_contrary_directions_face_pos_p_with_25_minus_p():
    for pos in range(1, 25):
        assert CONTRARY.cell(0, pos) == CONTRARY.cell(1, 25 - pos) == 24 - pos
        assert CONTRARY.facing_pos(0, pos, 1) == CONTRARY.facing_pos(1, pos, 0) == 25 - pos


def test_validate_refuses_two_sides_on_one_cell_of_the_shared_track():
    with pytest.raises(PositionError, match="share a point"):
        TAB.validate(position({8: 1}, {8: 2}))
    TAB.validate(position({8: 1}, {17: 2}))  # my 8 is their 8, not their 17
    with pytest.raises(PositionError, match="share a point"):
        CONTRARY.validate(position({8: 1}, {17: 2}))


def test_validate_counts_men_in_hand_and_on_the_bar():
    TAB.validate(position({0: 2, 7: 3}, {}, hand=(10, 15)))
    wrong = position_from_counts([{7: 3}, {}], 24, hand=(11, 15))
    with pytest.raises(PositionError, match="has 14 men"):
        TAB.validate(wrong)


# -- Zeno's position -----------------------------------------------------------

ZENO_WHITE = {6: 7, 9: 1, 10: 2, 19: 2, 20: 2, 23: 1}
ZENO_BLACK = {8: 2, 11: 2, 12: 2, 13: 1, 14: 2, 15: 2, 18: 2, 21: 2}


@pytest.mark.parametrize("white", [0, 1])
def test_zenos_throw_has_one_legal_play_and_it_leaves_eight_blots(white):
    pos = position(ZENO_WHITE, ZENO_BLACK, to_act=white)
    assert pos.men(white) == pos.men(1 - white) == 15 and pos.off(white) == 0
    assert plays(TAB, pos, (2, 5, 6)) == ["10/16 19/24 20/22"]
    for dice in [(2, 5, 6), (6, 5, 2), (5, 2, 6)]:  # the order thrown does not matter
        assert plays(TAB, pos, dice) == ["10/16 19/24 20/22"]
    left = after(TAB, pos, (2, 5, 6), "10/16 19/24 20/22")
    row = left.board[white]
    blots = [p for p in range(1, 25) if row[p] == 1]
    assert blots == [9, 10, 16, 19, 20, 22, 23, 24]
    assert left.board[1 - white] == pos.board[1 - white]  # nothing was hit
    assert left.to_act == 1 - white


# -- entering and waiting -----------------------------------------------------


def test_at_the_start_the_dice_enter_men_one_die_or_several_each():
    assert plays(TAB, TAB.start_position(), (1, 3, 5)) == [
        "bar/1 bar/3 bar/5",
        "bar/1 bar/8",
        "bar/3 bar/6",
        "bar/4 bar/5",
        "bar/9",
    ]


def test_men_never_entered_may_wait_while_the_track_moves():
    # One man in hand, one on pos 5: he may take all three dice and leave the
    # man in hand waiting, or enter it with any one die or two.
    pos = position({5: 1}, {}, hand=(1, 0))
    assert plays(TAB, pos, (1, 2, 3)) == [
        "5/11",
        "bar/1 5/10",
        "bar/2 5/9",
        "bar/3 5/8",
        "bar/4 5/7",
        "bar/6",
    ]


def test_waiting_yields_to_the_most_dice():
    # The man on pos 20 cannot bear off while a man is in hand, so only entering
    # uses all three dice: the man in hand must come on.
    pos = position({20: 1}, {}, hand=(1, 0))
    assert plays(TAB, pos, (1, 2, 3)) == [
        "bar/2 20/24",
        "bar/3 20/23",
        "bar/4 20/22",
        "bar/5 20/21",
        "bar/6",
    ]


def test_a_hit_man_enters_before_any_other_man_moves():
    # A hit man on the bar, three in hand, one on pos 10; side 1 holds my 2 and 4.
    # The hit man must enter, and only the 6 enters it; the 2 and the 4 then move
    # it or the man on pos 10 (the men in hand cannot enter with them).
    pos = position({0: 1, 10: 1}, {2: 2, 4: 2}, hand=(3, 0))
    assert plays(TAB, pos, (2, 4, 6)) == ["bar/12", "bar/6 10/16", "bar/8 10/14"]
    for play in TAB.generate_plays(pos, (2, 4, 6)):
        assert play.steps[0].src == 0 and play.steps[0].dst == 6
    # The same men with none hit (four in hand): they may wait, and the man on
    # pos 10 may take all three dice.
    waiting = position({10: 1}, {2: 2, 4: 2}, hand=(4, 0))
    assert plays(TAB, waiting, (2, 4, 6)) == ["10/22", "bar/12", "bar/6 10/16", "bar/8 10/14"]


def test_a_hit_man_that_cannot_enter_stops_every_other_move():
    # Side 1 holds my 2, 4 and 6: the hit man cannot enter with 2, 4 or 6, so
    # neither the men in hand nor the man on pos 10 may move.
    pos = position({0: 1, 10: 1}, {2: 2, 4: 2, 6: 2}, hand=(3, 0))
    assert plays(TAB, pos, (2, 4, 6)) == ["pass"]
    # With men only in hand (none hit), the man on pos 10 moves instead.
    waiting = position({10: 1}, {2: 2, 4: 2, 6: 2}, hand=(4, 0))
    assert plays(TAB, waiting, (2, 4, 6)) == ["10/22"]
    # A hit man facing six held points: nothing moves whatever the throw.
    shut = position({0: 1, 24: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2})
    assert plays(TAB, shut, (6, 5, 4)) == ["pass"]
    assert TAB.is_stuck(shut, 0)


def test_entering_hits_a_lone_man_on_the_shared_entry_quarter():
    pos = position({}, {3: 1, 5: 2}, hand=(15, 0))
    assert "bar/3* bar/4 bar/6" in plays(TAB, pos, (3, 4, 6))
    hit = after(TAB, pos, (3, 4, 6), "bar/3* bar/4 bar/6")
    assert hit.board[1][0] == 1 and hit.board[1][3] == 0 and hit.hand == (12, 0)


# -- moving and hitting on the shared track ----------------------------------


def test_a_blot_on_a_resting_point_is_hit_on_the_shared_track():
    # Side 1 has a blot on pos 8 (my pos 8) and holds pos 10.
    pos = position({5: 1, 24: 14}, {8: 1, 10: 2})
    assert plays(TAB, pos, (3, 1, 1)) == ["5/7", "5/8*/9", "5/9"]
    hit = after(TAB, pos, (3, 1, 1), "5/8*/9")
    assert hit.board[1][0] == 1 and hit.board[1][8] == 0
    TAB.validate(hit)


def test_side_1_hits_side_0_on_the_same_pos():
    # Side 1 to move from its pos 12; side 0's blot stands on pos 15 (of both).
    pos = position({12: 1}, {15: 1}, to_act=1)
    assert plays(TAB, pos, (1, 2, 6)) == ["12/15*/21", "12/21"]
    assert plays(TAB, pos, (3, 3, 3)) == ["12/15*/21"]
    hit = after(TAB, pos, (3, 3, 3), "12/15*/21")
    assert hit.board[0][0] == 1 and hit.board[0][15] == 0 and hit.board[1][21] == 1
    TAB.validate(hit)


def test_most_dice_but_no_higher_die_rule():
    # Side 1 holds my 11, 14, 16 and 18: the man on pos 10 takes the 3 or the 5,
    # and nothing after either. Both stand (a higher-die rule would keep the 5).
    pos = position({10: 1, 24: 14}, {11: 2, 14: 2, 16: 2, 18: 2})
    assert plays(TAB, pos, (1, 3, 5)) == ["10/13", "10/15"]


def test_doubles_and_triples_give_no_extra_moves():
    pos = position({1: 1, 24: 14}, {})
    assert plays(TAB, pos, (2, 2, 2)) == ["1/7"]


# -- bearing off -----------------------------------------------------------------


def test_bear_off_exact_or_higher_for_the_rearmost_man():
    pos = position({20: 1, 22: 1}, {})
    # The 6 bears off the rearmost man (pos 20); the 1s move the other on.
    assert plays(TAB, pos, (6, 1, 1)) == ["20/off", "20/off 22/23", "20/off 22/24"]
    assert plays(TAB, pos, (5, 3, 4)) == ["20/off 22/off"]


def test_no_bearing_off_while_a_man_waits_in_hand_or_on_the_bar():
    # Thirteen men on pos 24, two in hand: the 1s enter and move, none bears off.
    assert plays(TAB, position({24: 13}, {}, hand=(2, 0)), (1, 1, 1)) == [
        "bar/1 bar/2",
        "bar/3",
    ]
    # A hit man on the bar: it enters and takes the other 6s, none bears off.
    assert plays(TAB, position({0: 1, 24: 14}, {}), (6, 6, 6)) == ["bar/18"]


def test_a_man_coming_home_lets_the_later_dice_bear_off():
    pos = position({17: 1, 24: 14}, {})
    # The 2 or the 3 brings the man home; the 1 then bears off from pos 24 (the
    # 3 or the 2 left may not: the man now home stands further back).
    assert plays(TAB, pos, (2, 1, 3)) == ["17/22 24/off", "17/23"]


def test_exact_bear_off_option_bears_off_only_with_the_exact_number():
    pos = position({20: 1, 22: 1}, {})
    assert plays(EXACT, pos, (6, 1, 1)) == ["20/21 22/23", "20/22", "22/24"]
    assert plays(EXACT, pos, (5, 3, 4)) == ["20/24 22/off", "20/off 22/off"]


# -- contrary directions ----------------------------------------------------------


def test_contrary_option_hits_across_25_minus_p():
    # Side 1's blot on its pos 20 is my pos 5; its pair on its pos 17 is my pos 8.
    pos = position({3: 1, 24: 14}, {20: 1, 17: 2})
    assert plays(CONTRARY, pos, (2, 5, 1)) == ["3/11", "3/5*/11"]
    hit = after(CONTRARY, pos, (2, 5, 1), "3/5*/11")
    assert hit.board[1][0] == 1 and hit.board[1][20] == 0
    # On the shared track the same rows are no contact at all: their 20 is my 20.
    assert plays(TAB, pos, (2, 5, 1)) == ["3/11"]


def test_contrary_sides_enter_at_opposite_ends():
    start = CONTRARY.start_position()
    one = after(CONTRARY, start, (1, 2, 3), "bar/1 bar/2 bar/3")
    two = after(CONTRARY, one, (1, 2, 3), "bar/1 bar/2 bar/3")
    cells = {CONTRARY.cell(s, p) for s in (0, 1) for p in (1, 2, 3)}
    assert cells == {23, 22, 21, 0, 1, 2}
    CONTRARY.validate(two)


# -- the end -------------------------------------------------------------------------


def test_bearing_off_all_fifteen_wins_a_single_game():
    pos = position({23: 1, 24: 1}, {5: 3})
    state = m.GameState(TAB, pos, m.Phase.MOVE, (2, 1, 6))
    done = m.play(state, m.legal_plays(state)[0])
    assert done.is_over and done.result == Outcome(0, Kind.SINGLE, 1)
    assert done.match.score == (1, 0)


# -- the search and seeded games --------------------------------------------------


def check_play(variant: Variant, before: Position, after_: Position) -> None:
    """No man created or lost; men never return to the hand; no cell shared."""
    variant.validate(after_)
    for side in (0, 1):
        assert after_.hand[side] <= before.hand[side]
        assert after_.off(side) >= before.off(side)
        if after_.hand[side]:
            assert after_.off(side) == 0  # no bearing off before every man entered


def check_search(variant: Variant, pos: Position, dice: tuple[int, ...]) -> None:
    """``generate_plays`` is written out for speed; ``search_plays`` follows the hooks
    (legal_steps, landing, may_bear_off) step by step: both leave the same positions,
    each play listed once."""
    fast = variant.generate_plays(pos, dice)
    left = {variant.apply_play(pos, p) for p in fast}
    assert len(left) == len(fast)
    assert left == {variant.apply_play(pos, p) for p in search_plays(variant, pos, dice)}


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(k for k in o if o[k]))
def test_seeded_games_end_conserve_men_and_round_trip_through_json(options):
    # One seeded random game per option set: it ends; no man is created or lost;
    # every state reads back from JSON (every fourth, to keep the test quick); the
    # fast search agrees with the plain one on every 25th play and through the
    # bear-off at the end.
    variant = Tabula(options)
    rng = random.Random(3)
    state = m.new_game(variant, rng)
    seen: list[tuple[Position, tuple[int, ...]]] = []
    for count in range(2000):
        if count % 4 == 0 or state.is_over:
            assert state_from_json(state_to_json(state)) == state
        if state.is_over:
            break
        if state.phase is m.Phase.ROLL:
            state = m.roll(state, rng)
            continue
        legal = m.legal_plays(state)
        assert legal
        seen.append((state.position, state.dice))
        before = state.position
        state = m.play(state, rng.choice(legal), legal)
        check_play(variant, before, state.position)
    assert state.is_over, options
    if state.winner is None:
        assert state.result.termination is Termination.DEADLOCK
    else:
        assert state.position.off(state.winner) == 15
        assert state.result.kind is Kind.SINGLE and state.result.points == 1
    for pos, dice in seen[:-6:25] + seen[-6:]:
        check_search(variant, pos, dice)


def test_a_state_with_men_hit_and_men_in_hand_round_trips():
    state = m.GameState(
        TAB, position({0: 1, 6: 2, 14: 1}, {9: 2}, hand=(11, 13)), m.Phase.MOVE, (6, 1, 3)
    )
    text = state_to_json(state)
    assert text["variant"] == "tabula" and text["hand"] == [11, 13] and text["board"][0][0] == 1
    assert state_from_json(text) == state
