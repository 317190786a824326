"""The search's hooks that see the whole roll (``begin_roll``) and the whole result
of a candidate play (``allows_result``), on small Nard-like toy variants.

The toys play on a track of 12 points with 6 men a side (the real Long Nardy comes
later): ``HeadToy`` lets one man leave the head (pos 1) a turn, two on a first turn
of 3-3 (Nardy's 6-6, 4-4, 3-3); ``PrimeToy`` forbids a play that leaves three
points in a row (Nardy's six) with no opposing man ahead of them (past them, in
the opponent's direction: at a lower pos of the mover's track). Each test names
the legal plays of a literal position by the men they leave.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.rules import match as m
from game.rules.outcome import Outcome
from game.rules.play import Step
from game.rules.position import Position
from game.rules.search import Board, DiceRule
from game.rules.variants import VARIANTS, find_variant
from game.rules.variants.base import Variant

TRACK, MEN = 12, 6


class Toy(Variant):
    """Two sides moving contrary on 12 points, 6 men each; no end is ever reached."""

    id = "toy"
    name = "Toy"
    track_length = TRACK
    cells = TRACK
    men = MEN
    bear_from = 7

    def start_position(self) -> Position:
        return position({1: MEN}, {TRACK: MEN})

    def outcome(self, position: Position, mover: int) -> Outcome | None:
        return None


class RepeatToy(Toy):
    """The toy with doubles played four times (as in Nardy)."""

    id = "repeat_toy"

    @property
    def doubles_repeat(self) -> bool:
        return True


class HeadToy(RepeatToy):
    """One man leaves the head a turn; on a first turn (all men on the head) a 3-3
    lets two leave."""

    id = "head_toy"
    HEAD = 1

    def begin_roll(self, board: Board, dice: tuple[int, ...]) -> None:
        first = board.mine[self.HEAD] == self.men
        double_three = len(dice) == 4 and set(dice) == {3}
        board.turn = {
            "head": board.mine[self.HEAD],
            "may_leave": 2 if first and double_three else 1,
        }

    def legal_steps(self, board: Board, die: int) -> Iterator[Step]:
        turn = board.turn
        left_head = turn.get("head", 0) - board.mine[self.HEAD]
        for step in super().legal_steps(board, die):
            if step.src == self.HEAD and turn and left_head >= turn["may_leave"]:
                continue
            yield step


class PrimeToy(Toy):
    """No play may leave three points in a row with no opposing man past them."""

    id = "prime_toy"
    PRIME = 3

    def allows_result(self, position: Position, board: Board, steps: tuple[Step, ...]) -> bool:
        mine, side = board.mine, board.side
        other = 1 - side
        passed = [  # the mover's pos of each opposing man on the track
            pos
            for q in range(1, TRACK + 1)
            for _ in range(board.rows[other][q])
            if (pos := self.facing_pos(other, q, side)) is not None
        ]
        return not any(
            all(mine[p] for p in range(low, low + self.PRIME)) and not any(p < low for p in passed)
            for low in range(1, TRACK - self.PRIME + 2)
        )


class HigherPrimeToy(PrimeToy):
    """The prime rule under backgammon's dice rule: the most dice, then the higher."""

    id = "higher_prime_toy"
    default_dice_rule = DiceRule.MOST_THEN_HIGHER


def position(mine: dict[int, int], theirs_on_my_track: dict[int, int]) -> Position:
    """Side 0 to move: its men by pos; side 1's men by side 0's pos of their point."""
    rows = [[0] * (TRACK + 2), [0] * (TRACK + 2)]
    for pos, n in mine.items():
        rows[0][pos] = n
    for pos, n in theirs_on_my_track.items():
        rows[1][TRACK + 1 - pos] = n
    return Position((tuple(rows[0]), tuple(rows[1])), 0)


def results(variant: Variant, where: Position, dice: tuple[int, ...]) -> set[tuple[int, ...]]:
    """The legal plays, each named by the mover's men it leaves (their pos, sorted)."""
    variant.validate(where)
    plays = m.legal_plays(m.GameState(variant, where, m.Phase.MOVE, dice))
    named = set()
    for play in plays:
        after = variant.apply_play(where, play)
        named.add(tuple(p for p in range(TRACK + 2) for _ in range(after.board[0][p])))
    assert len(named) == len(plays)
    return named


def test_the_toys_are_not_variants_a_player_can_choose():
    assert not {"toy", "repeat_toy", "head_toy", "prime_toy", "higher_prime_toy"} & set(VARIANTS)


# -- the whole roll: begin_roll -------------------------------------------------------


def test_a_first_three_three_lets_two_men_leave_the_head():
    start = position({1: 6}, {12: 6})
    # One man can go three steps of 3 (1-4-7-10; 13 would bear off, not yet allowed).
    assert results(HeadToy(), start, (3, 3)) == {(1, 1, 1, 1, 4, 10), (1, 1, 1, 1, 7, 7)}
    # Without the head rule every man may leave: four men off the head is a play.
    assert (1, 1, 4, 4, 4, 4) in results(RepeatToy(), start, (3, 3))


def test_after_the_first_turn_a_double_lets_one_man_leave_the_head():
    later = position({1: 5, 2: 1}, {12: 6})
    # The head's man goes 1, 2 or 3 steps; the man on 2 the rest (2-5-8-11).
    assert results(HeadToy(), later, (3, 3)) == {
        (1, 1, 1, 1, 4, 11),
        (1, 1, 1, 1, 7, 8),
        (1, 1, 1, 1, 5, 10),
    }


def test_a_first_turn_that_is_not_three_three_lets_one_man_leave():
    start = position({1: 6}, {12: 6})
    assert results(HeadToy(), start, (2, 1)) == {(1, 1, 1, 1, 1, 4)}
    assert results(Toy(), start, (2, 1)) == {(1, 1, 1, 1, 1, 4), (1, 1, 1, 1, 2, 3)}
    # A 4-4 on the first turn is not 3-3: one man, four steps (1-5-9 then 13 is off).
    assert results(HeadToy(), start, (4, 4)) == {(1, 1, 1, 1, 1, 9)}


# -- the whole result: allows_result ----------------------------------------------------


def test_a_play_that_builds_a_prime_with_no_man_past_it_is_refused():
    where = position({5: 2, 7: 1, 8: 1, 12: 2}, {12: 0, 11: 6})
    # 1-2 from 5, 5, 7, 8 (the 12s cannot bear off yet; 11 is the opponent's).
    every = {
        (5, 5, 8, 10, 12, 12),
        (5, 6, 8, 9, 12, 12),
        (5, 5, 9, 9, 12, 12),
        (5, 7, 8, 8, 12, 12),
        (5, 7, 7, 9, 12, 12),
        (6, 7, 7, 8, 12, 12),  # 6-7-8
        (5, 6, 7, 10, 12, 12),  # 5-6-7
    }
    assert results(Toy(), where, (1, 2)) == every
    assert results(PrimeToy(), where, (1, 2)) == every - {
        (6, 7, 7, 8, 12, 12),
        (5, 6, 7, 10, 12, 12),
    }


def test_a_prime_with_an_opposing_man_past_it_is_allowed():
    where = position({5: 2, 7: 1, 8: 1, 12: 2}, {11: 5, 2: 1})
    assert results(PrimeToy(), where, (1, 2)) == results(Toy(), where, (1, 2))
    assert len(results(PrimeToy(), where, (1, 2))) == 7


def test_refused_plays_do_not_count_for_the_dice_rule():
    # The runner on 3 can use both 2s only by going on to 7, making 7-8-9 with nobody
    # past it; the men on 8 and 9 are blocked (10 and 11 are the opponent's), the
    # three on 12 cannot bear off yet. So one die is played: the runner to 5.
    where = position({3: 1, 8: 1, 9: 1, 12: 3}, {10: 4, 11: 2})
    assert results(Toy(), where, (2, 2)) == {(7, 8, 9, 12, 12, 12)}
    assert results(PrimeToy(), where, (2, 2)) == {(5, 8, 9, 12, 12, 12)}
    # With an opposing man past the prime (on 1), the prime may be made.
    passed = position({3: 1, 8: 1, 9: 1, 12: 3}, {10: 3, 11: 2, 1: 1})
    assert results(PrimeToy(), passed, (2, 2)) == {(7, 8, 9, 12, 12, 12)}


def test_the_higher_die_rule_judges_only_allowed_plays():
    # 3-2 from 2: the runner can use both dice only by going on to 7 (7-8-9, nobody
    # past it); the men on 8 and 9 are blocked. Either die alone is allowed, and the
    # dice rule then asks for the higher: the 3.
    where = position({2: 1, 8: 2, 9: 3}, {10: 2, 11: 2, 12: 2})
    assert results(HigherPrimeToy(), where, (3, 2)) == {(5, 8, 8, 9, 9, 9)}
    assert results(PrimeToy(), where, (3, 2)) == {(5, 8, 8, 9, 9, 9), (4, 8, 8, 9, 9, 9)}
    without = type(
        "HigherToy", (Toy,), {"id": "higher_toy", "default_dice_rule": DiceRule.MOST_THEN_HIGHER}
    )
    assert results(without(), where, (3, 2)) == {(7, 8, 8, 9, 9, 9)}


# Which registered variants use the hooks: only Long Nardy sees the whole roll (its first
# turn's 3-3, 4-4 or 6-6 lets two men leave the head); none judges a play by its result
# (Long Nardy's and Fevga's primes are checked step by step). The others skip both.
BEGINS_ROLL = {"nard"}
JUDGES_RESULTS: set[str] = set()


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_each_variant_uses_the_hooks_it_is_listed_for(variant_id):
    variant = find_variant(variant_id)
    assert variant.begins_roll == (variant_id in BEGINS_ROLL)
    assert variant.judges_results == (variant_id in JUDGES_RESULTS)


def test_the_toys_use_the_hooks_they_override():
    assert HeadToy().begins_roll and not HeadToy().judges_results
    assert PrimeToy().judges_results and not PrimeToy().begins_roll
