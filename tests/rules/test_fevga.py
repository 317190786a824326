"""Fevga as RULES.md decides it: the first runner (and the option that it pass the
opponent's start), the start table never held whole, no block of six with nobody past it
(and the option that allows it), single and gammon, and seeded games of every option set.

Positions are written on side 0's pos (``same_way_games.position``): side 1's men are
given by the side-0 pos of their point (its pos 1 is side 0's pos 13). Plays are named
in the mover's notation, one per position they leave.
"""

from __future__ import annotations

import random

import pytest

from game.rules import match as m
from game.rules.errors import OptionError, PositionError
from game.rules.outcome import Kind, Outcome, Termination
from game.rules.variants._nard_common import HEAD
from game.rules.variants.fevga import Fevga
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

FEVGA = Fevga()
PASS_START = Fevga({"runner_passes_start": True})
PRIMES = Fevga({"primes_allowed": True})


def test_options_are_named_with_their_sources():
    specs = {spec.name: spec for spec in Fevga.option_specs}
    assert set(specs) == {"runner_passes_start", "primes_allowed"}
    assert all(spec.default is False and spec.label and spec.source for spec in specs.values())
    with pytest.raises(OptionError, match="runner"):
        Fevga({"runner_passes_start": 14})
    assert FEVGA.runner_goal == 13 and PASS_START.runner_goal == 14


def test_the_start_and_the_first_throw():
    start = FEVGA.start_position()
    FEVGA.validate(start)
    assert start.board[0][HEAD] == start.board[1][HEAD] == 15
    assert FEVGA.facing_pos(1, 1, 0) == 13
    state = m.opened(FEVGA, (6, 1))
    assert (state.on_roll, state.phase, state.dice) == (0, m.Phase.ROLL, ())


# -- the first runner ------------------------------------------------------------------------


def test_one_man_runs_first():
    start = FEVGA.start_position()
    assert plays(FEVGA, start, (6, 5)) == {"1/12"}
    # 6-6: the runner stops at 7 (the opponent's start, 13, is held); no second man may go.
    assert plays(FEVGA, start, (6, 6)) == {"1/7"}
    assert plays(FEVGA, start, (3, 3)) == {"1/10"}
    # 5-5: the runner jumps the opponent's start to 16 with three fives, then the fourth
    # may take a second man off pos 1 (checked before each step).
    assert plays(FEVGA, start, (5, 5)) == {"1/21", "1/6 1/16"}


def test_the_runner_crosses_with_one_die_and_a_second_man_leaves_with_the_other():
    where = position(FEVGA, {1: 14, 10: 1}, {13: 15})
    assert plays(FEVGA, where, (5, 3)) == {"10/18", "1/4 10/15"}
    # With 3-2 the runner arrives only with both dice: nothing else moves.
    assert plays(FEVGA, where, (3, 2)) == {"10/15"}
    assert (1, 4) not in first_steps(FEVGA, where, 3)


# Side 1 has left its start (its runner on its pos 14, my pos 2), so my runner can land on 13.
OPEN_START = {2: 1, 16: 3, 17: 3, 19: 3, 20: 3, 22: 2}


def test_the_runner_must_reach_the_opponent_s_start_or_with_the_option_pass_it():
    where = position(FEVGA, {1: 14, 10: 1}, OPEN_START)
    assert plays(FEVGA, where, (3, 2)) == {"10/15", "1/3 10/13"}
    assert plays(PASS_START, where, (3, 2)) == {"10/15"}
    # Once it has passed (on 14, stuck behind side 1's men), two men may leave pos 1.
    passed = position(PASS_START, {1: 14, 14: 1}, OPEN_START)
    assert plays(PASS_START, passed, (3, 2)) == {"1/3 1/4", "1/6"}


def test_positions_where_a_second_man_left_before_the_runner_arrived_are_refused():
    with pytest.raises(PositionError, match="first runner"):
        position(FEVGA, {1: 13, 10: 1, 4: 1}, {13: 15})
    position(FEVGA, {1: 13, 13: 1, 4: 1}, OPEN_START)
    with pytest.raises(PositionError, match="first runner"):
        position(PASS_START, {1: 13, 13: 1, 4: 1}, OPEN_START)


# -- the start table and the block of six -------------------------------------------------


# Pos 1-5 held and a man of side 1 on its pos 20 (my 8), past 1-6 on its track.
FIVE_AT_START = {1: 9, 2: 1, 3: 1, 4: 1, 5: 1, 20: 1, 21: 1}
PAST = {8: 1, 13: 14}


def test_the_six_points_of_the_start_table_are_never_all_held():
    where = position(FEVGA, FIVE_AT_START, PAST)
    assert (1, 6) not in first_steps(FEVGA, where, 5)
    # 1/6 only where 2-5 has been left first (5/6 then 1/6: each step leaves one open).
    expected = {
        "1/2 4/9", "1/2 5/10", "1/6 2/3", "1/6 3/4", "1/6 4/5", "1/6 5/6", "1/7",
        "2/3 4/9", "2/3 5/10", "2/7 20/21", "2/7 21/22", "2/7 3/4", "2/7 4/5", "2/7 5/6",
        "3/4 5/10", "3/9", "4/10", "4/9 20/21", "4/9 21/22", "4/9 5/6",
        "5/10 20/21", "5/10 21/22", "5/11",
    }  # fmt: skip
    assert plays(FEVGA, where, (5, 1)) == expected
    # The rule stands with an opponent man past and with primes allowed.
    assert plays(PRIMES, where, (5, 1)) == expected
    with pytest.raises(PositionError, match="all six"):
        position(PRIMES, {1: 9, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 21: 1}, PAST)


# The start and 2, 3, 22, 23 held: a man to 24 closes 22-3, six in a row on side 1's track
# (its pos 10-15) across my own 24/1 seam; side 1's runner is on its pos 5 (my 17), behind.
SEAM = {1: 10, 2: 1, 3: 1, 18: 1, 22: 1, 23: 1}


def test_no_block_of_six_with_nobody_past_it_unless_primes_are_allowed():
    where = position(FEVGA, SEAM, {13: 14, 17: 1})
    assert (18, 24) not in first_steps(FEVGA, where, 6)
    assert (18, 24) in first_steps(PRIMES, where, 6)
    expected = {
        "1/12", "1/6 1/7", "1/6 2/8", "1/6 3/9", "1/7 18/23", "1/7 2/7", "1/7 3/8",
        "2/7 18/24", "2/7 3/9", "2/8 18/23", "2/8 3/8", "3/14", "3/8 18/24", "3/9 18/23",
    }  # fmt: skip
    assert plays(FEVGA, where, (6, 5)) == expected
    assert plays(PRIMES, where, (6, 5)) == expected | {"1/6 18/24"}
    # A man of side 1 past the block (its pos 22, my 10) allows it under the default too.
    passed = position(FEVGA, SEAM, {13: 14, 10: 1})
    assert "1/6 18/24" in plays(FEVGA, passed, (6, 5))
    with pytest.raises(PositionError, match="in a row"):
        position(FEVGA, {**SEAM, 18: 0, 24: 1}, {13: 14, 17: 1})
    position(PRIMES, {**SEAM, 18: 0, 24: 1}, {13: 14, 17: 1})


# -- the end -----------------------------------------------------------------------------


def test_the_winner_scores_single_or_gammon():
    last_man = {24: 1, 25: 14}
    gammon = after(FEVGA, position(FEVGA, last_man, {7: 15}), (2, 1), "24/off")
    assert gammon.result == Outcome(0, Kind.GAMMON, 2, Termination.BORNE_OFF)
    single = after(FEVGA, position(FEVGA, last_man, {7: 14, 25: 1}), (2, 1), "24/off")
    assert single.result == Outcome(0, Kind.SINGLE, 1, Termination.BORNE_OFF)
    assert Fevga.result_kinds == {Kind.SINGLE, Kind.GAMMON, Kind.TIE}
    assert FEVGA.deadlock_outcome(FEVGA.start_position(), 0).kind is Kind.TIE


# -- seeded games --------------------------------------------------------------------------

OPTION_SETS = [
    {},
    {"runner_passes_start": True},
    {"primes_allowed": True},
    {"runner_passes_start": True, "primes_allowed": True},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=[str(o or "default") for o in OPTION_SETS])
def test_seeded_games_end_and_keep_every_rule(options):
    variant = Fevga(options)
    for seed in range(2):
        for _before, _play, state in seeded_game(variant, seed):
            end = state
        assert end.result is not None and end.result.winner is not None
        assert end.result.kind in Fevga.result_kinds
        loser = 1 - end.result.winner
        assert (end.result.kind is Kind.GAMMON) == (end.position.off(loser) == 0)


@pytest.mark.parametrize("options", [OPTION_SETS[0], OPTION_SETS[3]], ids=["default", "both"])
def test_the_search_agrees_with_the_rules_written_plainly(options):
    """Every roll in the positions above, and a plain and a double roll in the positions of
    a seeded game: the engine's plays leave exactly the rows the reference finds."""
    variant = Fevga(options)
    rules = {
        "runner_goal": variant.runner_goal,
        "start_table_rule": True,
        "blocks_banned": not options.get("primes_allowed", False),
    }
    literal = [
        FEVGA.start_position(),
        position(FEVGA, {1: 14, 10: 1}, {13: 15}),
        position(FEVGA, {1: 14, 10: 1}, OPEN_START),
        position(FEVGA, {1: 14, 14: 1}, OPEN_START),
        position(FEVGA, FIVE_AT_START, PAST),
        position(FEVGA, SEAM, {13: 14, 17: 1}),
        position(FEVGA, SEAM, {13: 14, 10: 1}),
    ]
    checks = [(where, roll) for where in literal for roll in ROLLS]
    rng = random.Random(3)
    for where in positions_of(variant, 3)[::4]:
        double = rng.randint(1, 6)
        checks += [(where, (rng.randint(1, 6), rng.randint(1, 6))), (where, (double, double))]
    for where, roll in checks:
        assert engine_results(variant, where, roll) == reference_results(where, roll, **rules), (
            where,
            roll,
        )
