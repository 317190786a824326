"""Ludus Lombardorum: RULES.md scenarios 1-5, the options, and seeded games."""

from __future__ import annotations

import random

import pytest

from game.rules import match as m
from game.rules.outcome import Kind, Termination
from game.rules.position import Position, position_from_counts
from game.rules.serial import state_from_json
from game.rules.variants import find_variant
from game.rules.variants.lombardorum import START_EMPTIED

LOMB = find_variant("lombardorum")


# Two opposing men on their pos 2, our pos 11: out of the way of most tests.
ASIDE = {2: 2}


def position(mine: dict[int, int], theirs: dict[int, int], flags=(0, 0)) -> Position:
    """Side 0 to move; the rest of each side's fifteen men are off (pos 13)."""
    mine = {**mine, 13: 15 - sum(mine.values())}
    theirs = {**theirs, 13: 15 - sum(theirs.values())}
    return position_from_counts([mine, theirs], 12, to_act=0, flags=flags)


def plays(variant, pos, dice):
    return {tuple((s.src, s.dst) for s in p) for p in variant.generate_plays(pos, dice)}


def results(variant, pos, dice):
    return {variant.apply_play(pos, p).board[0] for p in variant.generate_plays(pos, dice)}


def row(counts: dict[int, int]) -> tuple[int, ...]:
    return tuple(counts.get(p, 0) for p in range(14))


def test_start_has_fifteen_men_each_on_pos_1_facing_each_other():
    start = LOMB.start_position()
    LOMB.validate(start)
    assert start.board[0][1] == start.board[1][1] == 15
    assert LOMB.facing_pos(0, 1, 1) == 12  # my pos k is the opponent's 13 - k


def test_scenario_1_bar_man_enters_with_the_4_not_the_1_then_the_1_is_played():
    # Pos 1 still holds men, so it may receive none: the 1 cannot enter.
    pos = position({1: 10, 0: 1}, ASIDE)
    found = plays(LOMB, pos, (1, 4))
    assert all(p[0] == (0, 4) for p in found)
    assert ((0, 4), (1, 2)) in found
    assert all(len(p) == 2 for p in found)


def test_scenario_2_pos_4_takes_no_second_own_man_but_pos_3_takes_one():
    pos = position({4: 1, 1: 5}, ASIDE)
    found = plays(LOMB, pos, (3, 2))
    firsts = {step for p in found for step in p}
    assert (1, 4) not in firsts
    assert (1, 3) in firsts


def test_scenario_3_resting_on_a_full_restricted_point_is_illegal():
    pos = position({4: 1, 2: 1}, ASIDE)
    found = plays(LOMB, pos, (2, 5))
    assert ((2, 4),) not in found and not any((2, 4) in p for p in found)
    assert ((2, 7), (7, 9)) in found


def test_scenario_4_one_enters_the_other_waits_and_nothing_else_moves():
    pos = position({0: 2, 7: 5}, {10: 2})  # their pos 10 is our pos 3
    assert plays(LOMB, pos, (3, 5)) == {((0, 5),)}


def test_scenario_5_bear_off_exact_and_from_the_rearmost():
    pos = position({10: 1, 12: 1}, ASIDE)
    after = results(LOMB, pos, (6, 1))
    assert row({13: 15}) in after
    blocked = position({10: 1, 12: 1, 5: 1}, ASIDE)
    assert all(r[13] == 12 for r in results(LOMB, blocked, (6, 1)))


def test_free_use_of_the_dice_keeps_plays_the_modern_rule_forbids():
    # One man on pos 2 can take the 4 (to 6) or the 5 (to 7) but never both:
    # their men hold our pos 11 and 12. Free use lets either die be played;
    # the modern rule demands the higher.
    pos = position({2: 1, 10: 1}, {2: 2, 1: 2})
    assert plays(LOMB, pos, (4, 5)) == {((2, 6),), ((2, 7),)}
    modern = find_variant("lombardorum", {"modern": True})
    assert plays(modern, pos, (4, 5)) == {((2, 7),)}


def test_modern_rule_plays_are_always_among_the_free_ones():
    modern = find_variant("lombardorum", {"modern": True})
    rng = random.Random(11)
    state = m.new_game(LOMB, rng)
    for _ in range(300):
        if state.is_over:
            state = m.new_game(LOMB, rng)
        if state.phase is m.Phase.ROLL:
            state = m.roll(state, rng)
            continue
        assert results_of(modern, state) <= results_of(LOMB, state)
        state = m.play(state, rng.choice(m.legal_plays(state)))


def results_of(variant, state):
    pos = state.position
    return {variant.apply_play(pos, p) for p in variant.generate_plays(pos, state.dice)}


def test_pos_1_takes_one_man_once_emptied():
    pos = position({0: 1, 3: 1}, ASIDE, flags=(START_EMPTIED, 0))
    assert any(p and p[0] == (0, 1) for p in plays(LOMB, pos, (1, 1)))
    unemptied = position({0: 1, 1: 1}, ASIDE)
    assert not any(p and p[0] == (0, 1) for p in plays(LOMB, unemptied, (1, 1)))


def test_emptying_pos_1_sets_the_flag():
    pos = position({1: 1, 7: 14}, ASIDE)
    for play in LOMB.generate_plays(pos, (2, 3)):
        after = LOMB.apply_play(pos, play)
        emptied = any(step.src == 1 for step in play)
        assert bool(after.flags[0] & START_EMPTIED) == emptied


def test_hitting_the_last_man_on_pos_1_empties_it_for_its_side():
    # Side 1's last man on its pos 1 (our pos 12) is hit: its pos 1 is emptied, and
    # its man coming back may enter there with the 1 (RULES.md: "whether the last one
    # moved away or was hit").
    pos = position({10: 1}, {1: 1, 7: 14})
    state = m.GameState(LOMB, pos, m.Phase.MOVE, (2, 1))
    (hit,) = [p for p in m.legal_plays(state) if p[0][:4] == (10, 12, 2, True)]
    after = m.play(state, hit)
    assert after.position.bar(1) == 1 and after.position.board[1][1] == 0
    assert after.position.flags[1] & START_EMPTIED
    theirs = LOMB.generate_plays(after.position, (1, 4))
    assert any(p[0][:2] == (0, 1) for p in theirs)


def test_a_pos_1_emptied_by_a_hit_before_the_flag_was_kept_still_takes_a_man():
    # Earlier versions set the flag only when the side moved its last man away: a
    # state saved after a hit has pos 1 empty and no flag. It loads, and plays by
    # the rule.
    pos = position({0: 1, 7: 14}, ASIDE)
    data = {"variant": "lombardorum", "board": [list(r) for r in pos.board], "on_roll": 0}
    data.update({"flags": [0, 0], "phase": "move", "dice": [1, 3]})
    state = state_from_json(data)
    assert state.position.flags == (0, 0)
    assert ((0, 1), (1, 4)) in plays(LOMB, state.position, (1, 3))


def test_strict_option_limits_every_start_table_point_to_one():
    strict = find_variant("lombardorum", {"strict": True})
    pos = position({2: 1, 1: 3}, ASIDE)
    assert not any((1, 2) in p for p in plays(strict, pos, (1, 4)))
    assert any((1, 2) in p for p in plays(LOMB, pos, (1, 4)))


def test_three_dice_option_throws_three():
    three = find_variant("lombardorum", {"dice": 3})
    assert three.dice_count == 3
    state = m.roll(m.new_game(three, random.Random(1)), random.Random(2))
    assert len(state.dice) == 3


def test_shutout_scores_double_with_the_option():
    option = find_variant("lombardorum", {"shutout_double": True})
    pos = position({12: 1}, {1: 15})
    state = m.GameState(option, pos, m.Phase.MOVE, (1, 2))
    over = m.play(state, m.legal_plays(state)[0])
    assert over.result.kind is Kind.SHUTOUT and over.result.points == 2
    plain = m.play(m.GameState(LOMB, pos, m.Phase.MOVE, (1, 2)), m.legal_plays(state)[0])
    assert plain.result.kind is Kind.SINGLE and plain.result.points == 1


@pytest.mark.parametrize(
    "options", [{}, {"dice": 3}, {"strict": True}, {"modern": True}, {"shutout_double": True}]
)
def test_seeded_games_end_and_conserve_men(options):
    variant = find_variant("lombardorum", options)
    lengths = []
    for seed in range(40):
        rng = random.Random(seed)
        state = m.new_game(variant, rng)
        for _ in range(3000):
            if state.is_over:
                break
            state = (
                m.roll(state, rng)
                if state.phase is m.Phase.ROLL
                else m.play(state, rng.choice(m.legal_plays(state)))
            )
            variant.validate(state.position)
            for side in (0, 1):
                mine = state.position.board[side]
                limit_ok = all(mine[p] <= 1 for p in (3, 4, 5))
                assert limit_ok, (seed, state.position)
                # Pos 1 emptied (moved away or hit) is flagged, and then takes one man.
                flagged = state.position.flags[side] & START_EMPTIED
                assert flagged or mine[1], (seed, state.position)
                assert not flagged or mine[1] <= 1, (seed, state.position)
        assert state.is_over, seed
        if state.result.termination is Termination.DEADLOCK:
            assert state.winner is None
        lengths.append(state.turn)
    assert max(lengths) < 3000
