"""Backgammon move generation: literal positions with the exact legal set.

Positions and plays here are written in standard backgammon numbering, from
the mover's side: the mover's points 24 (its back men) down to 1, then off.
The opponent's men are placed by the mover's point number they stand on (the
opponent's 6-point is the mover's 19-point). The mover is side 0 unless a
test says otherwise. Expected plays are written in standard notation and
applied by ``after`` below, which follows RULES.md on its own (a man landing
on a lone opposing man hits it); the engine's set must be exactly the set of
positions those plays leave, each listed once.
"""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.movegen import backgammon_plays
from game.rules.play import Play, Step
from game.rules.position import Position, position_from_counts
from game.rules.variants.backgammon import Backgammon

BG = Backgammon()
ALL_ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def setup(
    mover: dict[int | str, int], opponent: dict[int | str, int], mover_side: int = 0
) -> Position:
    """A position with ``mover_side`` to act; keys are the mover's points or ``"bar"``.

    Men not placed are off. The opponent's man on the mover's point q is on
    the opponent's own pos q (its point 25 - q).
    """
    mine: dict[int, int] = {}
    for point, n in mover.items():
        pos = 0 if point == "bar" else 25 - int(point)
        mine[pos] = mine.get(pos, 0) + n
    theirs: dict[int, int] = {}
    for point, n in opponent.items():
        pos = 0 if point == "bar" else int(point)
        theirs[pos] = theirs.get(pos, 0) + n
    mine[25] = 15 - sum(mine.values())
    theirs[25] = 15 - sum(theirs.values())
    counts = [mine, theirs] if mover_side == 0 else [theirs, mine]
    position = position_from_counts(counts, 24, mover_side)
    BG.validate(position)
    return position


def parse(notation: str) -> list[tuple[int, int]]:
    """``"24/18*/14 13/10(2)"`` as (src, dst) pos pairs of the mover; ``*`` is ignored."""
    moves: list[tuple[int, int]] = []
    for token in notation.split():
        repeat = 1
        if token.endswith(")"):
            token, count = token[:-1].split("(")
            repeat = int(count)
        places = [p.rstrip("*") for p in token.split("/")]
        pos = [0 if p == "bar" else 25 if p == "off" else 25 - int(p) for p in places]
        moves += list(pairwise(pos)) * repeat
    return moves


def after(position: Position, notation: str) -> Position:
    """The position ``notation`` leaves, applied from the rules (not by the engine)."""
    side = position.to_act
    board = [list(r) for r in position.board]
    me, them = board[side], board[1 - side]
    for src, dst in parse(notation):
        assert me[src] > 0, f"no man on pos {src} in {notation!r}"
        me[src] -= 1
        me[dst] += 1
        if 1 <= dst <= 24:
            assert them[25 - dst] <= 1, f"{notation!r} lands on a held point"
            if them[25 - dst] == 1:
                them[25 - dst] = 0
                them[0] += 1
    return Position(tuple(tuple(r) for r in board), 1 - side, (0, 0), (0, 0))


def both_searches(position: Position, dice: tuple[int, int]) -> list[list[Play]]:
    """The plays of the variant (fast search) and of the plain search."""
    return [
        BG.generate_plays(position, dice),
        backgammon_plays(position, dice, shortcuts=False),
    ]


def results(position: Position, dice: tuple[int, int]) -> set[Position]:
    """The positions the legal plays leave, the same for both searches, each once."""
    found = []
    for plays in both_searches(position, dice):
        left = [BG.apply_play(position, play) for play in plays]
        assert len(set(left)) == len(left), "two plays that leave the same position must be one"
        for result in left:
            BG.validate(result)
        found.append(set(left))
    assert found[0] == found[1], "the fast and the plain search disagree"
    return found[0]


def assert_plays(position: Position, dice: tuple[int, int], *notations: str) -> None:
    assert results(position, dice) == {after(position, n) for n in notations}


def assert_pass(position: Position, dice: tuple[int, int]) -> None:
    for plays in both_searches(position, dice):
        assert plays == [Play(())]


def only_play(position: Position, dice: tuple[int, int]) -> Play:
    """The one legal play (the fast search's; the plain one must leave the same position)."""
    fast, plain = both_searches(position, dice)
    assert len(fast) == 1 and len(plain) == 1, (fast, plain)
    assert BG.apply_play(position, fast[0]) == BG.apply_play(position, plain[0])
    return fast[0]


# -- the helpers read the board the way the engine does ------------------------


def test_helpers_place_men_as_the_start_position_does() -> None:
    start = setup({24: 2, 13: 5, 8: 3, 6: 5}, {1: 2, 12: 5, 17: 3, 19: 5})
    assert start == BG.start_position()
    opening = BG.apply_play(start, Play((Step(17, 20, 3), Step(19, 20, 1))))
    assert after(start, "8/5 6/5") == opening


# -- entering from the bar -------------------------------------------------------


def test_two_men_on_the_bar_both_enter_before_any_other_man_moves() -> None:
    position = setup({"bar": 2, 13: 2}, {})
    assert_plays(position, (6, 2), "bar/19 bar/23")


def test_only_one_of_two_bar_men_enters_and_the_rest_of_the_roll_is_lost() -> None:
    position = setup({"bar": 2, 13: 2}, {19: 2})  # the opponent holds its 6-point
    assert_plays(position, (6, 2), "bar/23")
    assert only_play(position, (6, 2)) == Play((Step(0, 2, 2, False),))


def test_bar_man_enters_then_the_other_die_moves_any_man() -> None:
    position = setup({"bar": 1, 13: 2}, {19: 2})
    assert_plays(position, (6, 2), "bar/23/17", "bar/23 13/7")


def test_two_bar_men_enter_with_doubles_then_the_rest_is_played() -> None:
    position = setup({"bar": 2, 13: 2}, {})
    assert_plays(
        position,
        (3, 3),
        "bar/22(2) 22/19(2)",
        "bar/22(2) 22/16",
        "bar/22(2) 22/19 13/10",
        "bar/22(2) 13/10(2)",
        "bar/22(2) 13/7",
    )


def test_bar_man_enters_with_the_higher_die_when_either_fits_but_not_both() -> None:
    # It can enter on 19 or on 22, but 16 is held, so it cannot go on.
    position = setup({"bar": 1}, {16: 2})
    assert_plays(position, (6, 3), "bar/19")
    assert_plays(position, (3, 6), "bar/19")


def test_bar_man_enters_with_the_lower_die_when_the_higher_cannot() -> None:
    position = setup({"bar": 1}, {19: 2, 16: 2})
    assert_plays(position, (6, 3), "bar/22")


def test_four_of_five_bar_men_enter_with_doubles_and_nothing_else_moves() -> None:
    position = setup({"bar": 5, 13: 2}, {23: 1})
    assert_plays(position, (2, 2), "bar/23*(4)")
    assert [step.hit for step in only_play(position, (2, 2))] == [True, False, False, False]


def test_four_bar_men_enter_with_doubles_and_use_the_whole_roll() -> None:
    position = setup({"bar": 4, 13: 2}, {})
    assert_plays(position, (5, 5), "bar/20(4)")


def test_bar_man_facing_a_closed_board_passes_whatever_the_roll() -> None:
    closed = {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2}
    position = setup({"bar": 1, 13: 4, 6: 5}, closed)
    for dice in ALL_ROLLS:
        assert_pass(position, dice)


def test_bar_man_blocked_on_both_dice_loses_the_whole_roll() -> None:
    position = setup({"bar": 1, 13: 2}, {20: 2, 22: 2})
    assert_pass(position, (5, 3))


def test_entering_hits_a_blot_on_the_entry_point() -> None:
    position = setup({"bar": 1}, {22: 1, 9: 2})
    assert_plays(position, (3, 4), "bar/22*/18", "bar/21/18")
    hit = after(position, "bar/22*/18")
    assert hit.board[1][0] == 1 and hit.board[1][22] == 0


# -- hitting and blocked points ---------------------------------------------------


# The man on the 8-point cannot move a 6 or a 4 (the opponent holds 2 and 4):
# with two men outside, the variant's fast contact search answers.
STUCK_ON_8 = {2: 2, 4: 2}


def test_hit_on_a_resting_point_sends_the_blot_to_the_bar() -> None:
    position = setup({24: 1, 8: 1}, {18: 1, **STUCK_ON_8})
    assert_plays(position, (6, 4), "24/18*/14", "24/20/14")
    hit = after(position, "24/18*/14")
    assert hit.board[1][0] == 1 and hit.board[1][18] == 0
    for found in both_searches(position, (6, 4)):
        plays = {BG.apply_play(position, p): p for p in found}
        assert plays[hit] == Play((Step(1, 7, 6, True), Step(7, 11, 4, False)))
        assert not any(step.hit for step in plays[after(position, "24/20/14")])


def test_hit_on_the_final_point_is_the_same_play_by_either_route() -> None:
    position = setup({24: 1, 8: 1}, {14: 1, **STUCK_ON_8})
    play = only_play(position, (6, 4))
    assert BG.apply_play(position, play) == after(position, "24/18/14*")
    assert [step.hit for step in play] == [False, True]


def test_man_may_not_land_on_a_point_held_by_two_opposing_men() -> None:
    position = setup({24: 1}, {18: 2})
    assert_plays(position, (6, 5), "24/19/13")


def test_man_may_not_land_on_a_point_held_by_three_opposing_men() -> None:
    position = setup({24: 1}, {18: 3, 19: 2})
    assert_pass(position, (6, 5))


def test_resting_point_must_be_open_for_a_man_taking_both_dice() -> None:
    position = setup({24: 1}, {18: 2, 20: 2})  # 24/14 would rest on 18 or 20
    assert_pass(position, (6, 4))


# -- doubles ------------------------------------------------------------------------


def test_doubles_are_played_four_times() -> None:
    position = setup({24: 1, 13: 1, 1: 13}, {2: 2})
    assert_plays(
        position,
        (3, 3),
        "13/1",
        "24/21 13/4",
        "24/18 13/7",
        "24/15 13/10",
        "24/12",
    )
    assert all(len(p) == 4 for p in BG.generate_plays(position, (3, 3)))


def test_doubles_are_played_as_often_as_possible_when_blocked() -> None:
    # The back man stops before the opponent's point on 15; the 5-point man
    # moves once (no bear-off while the back man is out): three steps in all.
    position = setup({24: 1, 5: 1, 1: 13}, {15: 2})
    assert_plays(position, (3, 3), "24/18 5/2")
    assert len(only_play(position, (3, 3))) == 3


def test_doubles_with_four_men_outside_are_played_as_often_as_possible() -> None:
    # The back men cannot move (21 held); 20/17 and 9/6 cannot go on (14 and 3
    # held): two steps in all, through the fast search for doubles.
    position = setup({24: 2, 20: 1, 9: 1, 1: 11}, {21: 2, 14: 2, 3: 2})
    assert_plays(position, (3, 3), "20/17 9/6")
    assert len(only_play(position, (3, 3))) == 2


def test_doubles_with_four_men_outside_are_played_four_times() -> None:
    # The 9-point man stops on 6 (3 held); the 20-point man runs freely.
    position = setup({24: 2, 20: 1, 9: 1, 1: 11}, {21: 2, 3: 2})
    assert_plays(position, (3, 3), "20/8", "20/11 9/6")
    assert all(len(p) == 4 for p in BG.generate_plays(position, (3, 3)))


def test_doubles_played_once_when_only_one_step_fits() -> None:
    position = setup({24: 1, 1: 14}, {18: 2})
    assert_plays(position, (3, 3), "24/21")


# -- use of the dice ---------------------------------------------------------------


# A back man on the 24-point that cannot move a 6 or a 3 (the opponent holds
# 18 and 21): with two men outside, the fast contact search answers.
STUCK_ON_24 = {18: 2, 21: 2}


def test_both_dice_must_be_used_when_possible() -> None:
    # 15/9 is blocked: the 3 must be played first so that the 6 can follow.
    position = setup({15: 1, 24: 1, 1: 13}, {9: 2, **STUCK_ON_24})
    assert_plays(position, (6, 3), "15/12/6")


def test_both_dice_must_be_used_rather_than_a_one_die_play() -> None:
    # Either man can take the 6, but after 13/7 no 4 fits (10/6 and 7/3 are
    # blocked): the 6 must be played from the 10-point so the 4 can follow.
    position = setup({13: 1, 10: 1, 1: 13}, {6: 2, 3: 2})
    assert_plays(position, (6, 4), "13/9 10/4")


def test_higher_die_must_be_played_when_only_one_fits() -> None:
    # RULES scenario 6: either die can be played, but never both.
    position = setup({15: 1, 24: 1, 1: 13}, {6: 2, **STUCK_ON_24})
    assert_plays(position, (6, 3), "15/9")
    assert_plays(position, (3, 6), "15/9")


def test_higher_die_is_played_when_only_one_fits_with_one_man_outside() -> None:
    position = setup({15: 1, 1: 14}, {6: 2})
    assert_plays(position, (6, 3), "15/9")
    assert_plays(position, (3, 6), "15/9")


def test_lower_die_is_played_when_the_higher_cannot_be() -> None:
    position = setup({15: 1, 24: 1, 1: 13}, {9: 2, 6: 2, **STUCK_ON_24})
    assert_plays(position, (6, 3), "15/12")
    assert_plays(position, (3, 6), "15/12")


def test_lower_die_is_played_when_the_higher_cannot_be_with_one_man_outside() -> None:
    position = setup({15: 1, 1: 14}, {9: 2, 6: 2})
    assert_plays(position, (6, 3), "15/12")


def test_lower_die_playable_only_after_the_higher_gives_higher_then_lower() -> None:
    # RULES scenario 6: the 3 is blocked from 15 but fits after the 6.
    higher_then_lower = Play((Step(10, 16, 6, False), Step(16, 19, 3, False)))
    for position in (
        setup({15: 1, 1: 14}, {12: 2}),
        setup({15: 1, 24: 1, 1: 13}, {12: 2, **STUCK_ON_24}),
    ):
        for dice in ((6, 3), (3, 6)):
            for plays in both_searches(position, dice):
                assert plays == [higher_then_lower]


def test_two_plays_that_reach_the_same_position_are_listed_once() -> None:
    position = setup({13: 2, 1: 13}, {})
    # 13/10/9 and 13/12/9 leave the same position.
    assert_plays(position, (3, 1), "13/10 13/12", "13/9")
    assert len(BG.generate_plays(position, (3, 1))) == 2


# -- bearing off -------------------------------------------------------------------


def test_die_bears_off_a_man_from_the_point_it_exactly_reaches_off_from() -> None:
    position = setup({6: 1, 3: 1}, {})
    assert_plays(position, (3, 1), "6/5 3/off", "6/3/2")


def test_higher_die_bears_off_only_from_the_rearmost_point() -> None:
    position = setup({5: 1, 2: 1}, {})
    # The 6 bears off the rearmost (5-point) man, never the 2-point man.
    assert_plays(position, (6, 1), "5/off 2/1", "5/4/off")


def test_higher_die_may_not_bear_off_while_a_man_stands_further_back() -> None:
    position = setup({5: 1, 1: 1}, {})
    # Neither die bears off the 1-point man while the 5-point man is behind it.
    assert_plays(position, (4, 3), "5/1 1/off")


def test_scenario_7_a_five_moves_the_six_point_man_to_the_one_point() -> None:
    # RULES scenario 7: men only on the 6- and 2-points; the 5 may not bear
    # off the 2-point man while a man stands on the 6-point.
    position = setup({6: 2, 2: 1}, {})
    assert_plays(position, (5, 4), "6/1 6/2")
    only_one_man_on_six = setup({6: 1, 2: 1}, {})
    assert_plays(only_one_man_on_six, (5, 1), "6/1 2/1", "6/1/off")


def test_no_man_bears_off_until_all_are_home() -> None:
    position = setup({10: 1, 3: 1}, {})
    assert_plays(position, (3, 1), "10/7/6", "10/7 3/2")


def test_man_coming_home_with_the_first_die_lets_the_second_bear_off() -> None:
    position = setup({10: 1, 3: 1}, {})
    assert_plays(position, (4, 3), "10/6/3", "10/6 3/off")


def test_man_on_the_bar_stops_bearing_off() -> None:
    position = setup({"bar": 1, 3: 2}, {})
    assert_plays(position, (6, 3), "bar/19/16")


def test_man_hit_during_bear_off_must_come_round_again() -> None:
    # Side 1 enters with the 1 on side 0's 1-point and hits the blot there.
    position = setup({1: 1, 2: 2}, {"bar": 1, 20: 2}, mover_side=0).with_to_act(1)
    plays = BG.generate_plays(position, (2, 1))
    assert plays and all(play[0] == Step(0, 1, 1, True) for play in plays)
    on_to_three = next(p for p in plays if p[-1].dst == 3)
    hit = BG.apply_play(position, on_to_three)
    assert hit.to_act == 0
    assert hit == setup({"bar": 1, 2: 2}, {3: 1, 20: 2})
    # Side 0 must enter and may not bear off before the man comes home.
    assert_plays(hit, (6, 5), "bar/19/14")
    for dice in ALL_ROLLS:
        for play in BG.generate_plays(hit, dice):
            assert play.is_pass or play[0].src == 0, (dice, play)  # 5-5 cannot enter
            assert all(step.dst != 25 for step in play), (dice, play)


# -- the fast search agrees with the plain one over random games --------------------

MAX_TURNS = 1000


def _no_shared_point(position: Position) -> bool:
    a, b = position.board
    return not any(a[p] and b[25 - p] for p in range(1, 25))


@pytest.mark.parametrize("seed", range(200))
def test_shortcut_and_plain_search_agree_over_a_seeded_random_game(seed: int) -> None:
    rng = random.Random(seed)
    position = BG.start_position().with_to_act(rng.randrange(2))
    for turn in range(MAX_TURNS):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = BG.generate_plays(position, dice)
        plain = backgammon_plays(position, dice, shortcuts=False)
        fast_left = [BG.apply_play(position, p) for p in plays]
        plain_left = [BG.apply_play(position, p) for p in plain]
        where = f"seed {seed} turn {turn} dice {dice} {position!r}"
        assert BG.apply_plays(position, plays) == fast_left, where  # the unchecked fast path
        assert set(fast_left) == set(plain_left), where
        assert len(set(fast_left)) == len(fast_left), where
        assert len(set(plain_left)) == len(plain_left), where
        assert len({len(p) for p in plays}) == 1, where  # every play uses as many dice
        # A step's hit is a bool (saved games and the protocol write it as true or false).
        assert all(type(step.hit) is bool for p in plays + plain for step in p), where
        mover = position.to_act
        position = BG.apply_play(position, rng.choice(plays))
        assert position.men(0) == 15 and position.men(1) == 15, where
        assert _no_shared_point(position), where
        BG.validate(position)
        if position.off(mover) == 15:
            outcome = BG.outcome(position, mover)
            assert outcome is not None and outcome.winner == mover, where
            assert position.off(1 - mover) < 15
            return
        assert BG.outcome(position, mover) is None, where
    pytest.fail(f"seed {seed}: no side bore off all 15 men in {MAX_TURNS} turns")


# -- the fast search agrees with the plain one on any position ----------------------


@st.composite
def positions_and_dice(draw: st.DrawFn) -> tuple[Position, tuple[int, int]]:
    """Any legal position, its men spread from a drawn rear point on (so races, bear-offs
    and men on the bar all come up), the opponent only where the mover has no man."""
    rear = draw(st.sampled_from((0, 0, 7, 13, 19)))
    mine = draw(st.lists(st.integers(rear, 25), min_size=15, max_size=15))
    free = [q for q in range(26) if q in (0, 25) or 25 - q not in mine]
    their_rear = draw(st.sampled_from((0, 0, 7, 13, 19)))
    theirs = draw(
        st.lists(st.sampled_from([q for q in free if q >= their_rear]), min_size=15, max_size=15)
    )
    counts = [{q: mine.count(q) for q in set(mine)}, {q: theirs.count(q) for q in set(theirs)}]
    side = draw(st.integers(0, 1))
    position = position_from_counts(counts if side == 0 else counts[::-1], 24, side)
    dice = (draw(st.integers(1, 6)), draw(st.integers(1, 6)))
    return position, dice


@settings(max_examples=700, deadline=None)
@given(positions_and_dice())
def test_shortcut_and_plain_search_agree_on_any_position(
    case: tuple[Position, tuple[int, int]],
) -> None:
    position, dice = case
    BG.validate(position)
    plays = BG.generate_plays(position, dice)
    plain = backgammon_plays(position, dice, shortcuts=False)
    left = [BG.apply_play(position, p) for p in plays]
    assert BG.apply_plays(position, plays) == left  # every step's hit is right
    assert set(left) == {BG.apply_play(position, p) for p in plain}
    assert len(set(left)) == len(left)
    assert len({len(p) for p in plays}) == 1
    assert all(type(step.hit) is bool for p in plays for step in p)
