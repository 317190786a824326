"""Portes (Greek backgammon): backgammon's board and moves, no cube, its own scoring.

Positions and plays are written in standard backgammon numbering from the
mover's side (its points 24 down to 1, then off), as in
test_backgammon_movegen.py: ``setup({13: 2}, {6: 2})`` puts two of the mover's
men on its 13-point and two opposing men on the mover's 6-point. Men not
placed are off.
"""

from __future__ import annotations

import random

import pytest

from game.rules import actions as a
from game.rules import match as m
from game.rules.errors import IllegalPlayError, OptionError, RulesError
from game.rules.notation import format_play
from game.rules.outcome import Kind, Outcome
from game.rules.position import Position, position_from_counts
from game.rules.serial import state_from_json, state_to_json
from game.rules.variants.backgammon import Backgammon
from game.rules.variants.portes import Portes

PORTES = Portes()
THREE = Portes({"backgammon_counts_3": True})
BG = Backgammon()


def setup(mover: dict[int | str, int], opponent: dict[int | str, int], side: int = 0) -> Position:
    """``side`` to act; keys are the mover's points (or "bar"); men not placed are off."""
    mine: dict[int, int] = {}
    for point, n in mover.items():
        pos = 0 if point == "bar" else 25 - int(point)
        mine[pos] = mine.get(pos, 0) + n
    theirs: dict[int, int] = {}
    for point, n in opponent.items():
        pos = 0 if point == "bar" else int(point)  # the mover's point q is their pos q
        theirs[pos] = theirs.get(pos, 0) + n
    mine[25] = 15 - sum(mine.values())
    theirs[25] = 15 - sum(theirs.values())
    position = position_from_counts([mine, theirs] if side == 0 else [theirs, mine], 24, side)
    PORTES.validate(position)
    return position


def plays(position: Position, dice: tuple[int, ...], variant: Portes = PORTES) -> list[str]:
    return sorted(format_play(variant, p) for p in variant.generate_plays(position, dice))


# -- the board, the dice and the opening ----------------------------------------


def test_backgammons_start_two_dice_and_doubles_four_times():
    assert PORTES.start_position() == BG.start_position()
    assert (PORTES.dice_count, PORTES.track_length, PORTES.men) == (2, 24, 15)
    assert PORTES.doubles_repeat and not PORTES.uses_hand
    assert PORTES.result_kinds == {Kind.SINGLE, Kind.GAMMON, Kind.BACKGAMMON}
    assert not PORTES.checks_deadlock  # a backgammon game always ends: no tie


def test_options_are_one_the_backgammon_scoring():
    assert [s.name for s in PORTES.option_specs] == ["backgammon_counts_3"]
    spec = PORTES.option_specs[0]
    assert spec.default is False and spec.label and spec.description and spec.source
    with pytest.raises(OptionError, match="no option"):
        Portes({"cube": True})
    with pytest.raises(OptionError, match="no option"):
        Portes({"match_length": 5})
    assert PORTES.sources and all(s.author and s.work for s in PORTES.sources)


def test_the_opening_winner_throws_again_instead_of_playing_the_opening_dice():
    for seed in range(20):
        state = m.new_game(PORTES, random.Random(seed))
        assert state.phase is m.Phase.ROLL and state.dice == ()
        assert state.to_act == state.opening.index(max(state.opening))
    # In a match the previous game's winner starts, with no opening throw.
    state = m.new_game(PORTES, random.Random(1), starter=1)
    assert state.phase is m.Phase.ROLL and state.to_act == 1 and state.opening == ()


def test_the_moves_are_backgammons():
    # Every roll in positions of seeded games: the same plays as backgammon.
    rng = random.Random(8)
    state = m.new_game(BG, rng)
    checked = 0
    while not state.is_over and checked < 40:
        if state.phase is m.Phase.MOVE:
            pos = state.position
            for dice in [(6, 5), (4, 4), (2, 1), state.dice]:
                assert set(PORTES.generate_plays(pos, dice)) == set(BG.generate_plays(pos, dice))
            state = m.play(state, rng.choice(m.legal_plays(state)))
            checked += 1
        else:
            state = m.roll(state, rng)
    assert checked == 40


def test_doubles_are_played_four_times():
    start = PORTES.start_position()
    assert "24/18(2) 13/7(2)" in plays(start, (6, 6))
    assert all(len(p) == 4 for p in PORTES.generate_plays(start, (6, 6)))


def test_a_blot_is_hit_and_goes_to_the_bar():
    pos = setup({13: 2, 6: 13}, {10: 1, 24: 2})
    assert "13/10* 13/8" in plays(pos, (5, 3))
    hit = [p for p in PORTES.generate_plays(pos, (5, 3)) if format_play(PORTES, p) == "13/10* 13/8"]
    after = PORTES.apply_play(pos, hit[0])
    assert after.board[1][0] == 1 and after.board[1][10] == 0


def test_higher_die_must_be_played_when_only_one_fits():
    # RULES scenario 6: the man on 15 can take the 6 or the 3, never both (the
    # opponent holds the 6-point, where either would land next; the men on the
    # 1-point cannot bear off while he is outside): only the 6 is legal.
    pos = setup({15: 1, 1: 14}, {6: 2})
    assert plays(pos, (6, 3)) == ["15/9"]
    assert plays(pos, (3, 6)) == ["15/9"]


def test_bar_man_must_enter_first():
    # The opponent holds the mover's 24- to 20-points: only a 6 enters (on the
    # 19-point), and nothing else moves before it.
    pos = setup({"bar": 1, 13: 14}, {24: 2, 23: 2, 22: 2, 21: 2, 20: 2})
    assert plays(pos, (6, 1)) == ["bar/18", "bar/19 13/12"]
    assert plays(pos, (5, 4)) == ["pass"]


# -- no cube ------------------------------------------------------------------------


def test_no_cube_is_offered_and_only_a_single_game_may_be_resigned():
    state = m.new_game(PORTES, random.Random(2))
    assert state.phase is m.Phase.ROLL
    assert not PORTES.has_cube and not m.can_double(state)
    assert a.decisions(state) == [a.Resign(1)]
    assert not any(isinstance(x, a.Double) for x in a.legal_actions(state))
    with pytest.raises(IllegalPlayError, match="double"):
        a.apply_action(state, a.Double())
    with pytest.raises(IllegalPlayError, match="resign"):
        a.apply_action(state, a.Resign(2))


def test_a_state_has_no_cube_and_refuses_one():
    state = m.new_game(PORTES, random.Random(2))
    text = state_to_json(state)
    assert text["variant"] == "portes" and "cube" not in text and "position_id" not in text
    assert state_from_json(text) == state
    with pytest.raises(RulesError, match="no doubling cube"):
        state_from_json({**text, "cube": {"value": 2, "owner": 0}})
    with pytest.raises(RulesError, match="no match to N points"):
        state_from_json({**text, "match": {"length": 5, "score": [0, 0]}})


# -- scoring --------------------------------------------------------------------------


def finish(variant: Portes, theirs: dict[int | str, int]) -> Outcome:
    """Side 0 bears off its last man (on its 1-point) against ``theirs``; the result."""
    pos = setup({1: 1}, theirs)
    state = m.GameState(variant, pos, m.Phase.MOVE, (2, 1))
    done = m.play(state, m.legal_plays(state)[0])
    assert done.is_over and done.match.score == (done.result.points, 0)
    assert done.result is not None
    return done.result


@pytest.mark.parametrize("variant", [PORTES, THREE], ids=["default", "counts_3"])
def test_single_1_and_gammon_2(variant):
    # The opponent's men by the mover's point: 19-24 is the opponent's home board.
    assert finish(variant, {20: 5, 21: 5, 22: 4}) == Outcome(0, Kind.SINGLE, 1)
    assert finish(variant, {20: 5, 21: 5, 22: 5}) == Outcome(0, Kind.GAMMON, 2)


def test_a_backgammon_scores_2_like_a_gammon():
    # None off and a man in the winner's home board (the mover's 1-6), or on the bar.
    assert finish(PORTES, {20: 5, 21: 5, 22: 4, 3: 1}) == Outcome(0, Kind.BACKGAMMON, 2)
    assert finish(PORTES, {20: 5, 21: 5, 22: 4, "bar": 1}) == Outcome(0, Kind.BACKGAMMON, 2)
    # A man only in the outfield (the mover's 7-18) is a gammon.
    assert finish(PORTES, {20: 5, 21: 5, 22: 4, 12: 1}) == Outcome(0, Kind.GAMMON, 2)


def test_backgammon_counts_3_option():
    assert finish(THREE, {20: 5, 21: 5, 22: 4, 3: 1}) == Outcome(0, Kind.BACKGAMMON, 3)
    assert finish(THREE, {20: 5, 21: 5, 22: 4, "bar": 1}) == Outcome(0, Kind.BACKGAMMON, 3)
    assert finish(THREE, {20: 5, 21: 5, 22: 4, 12: 1}) == Outcome(0, Kind.GAMMON, 2)


def test_side_1_wins_the_same_way():
    pos = setup({1: 1}, {20: 5, 21: 5, 22: 4, 2: 1}, side=1)
    state = m.GameState(PORTES, pos, m.Phase.MOVE, (2, 1))
    done = m.play(state, m.legal_plays(state)[0])
    assert done.result == Outcome(1, Kind.BACKGAMMON, 2) and done.match.score == (0, 2)


# -- seeded games -------------------------------------------------------------------------


@pytest.mark.parametrize("variant", [PORTES, THREE], ids=["default", "counts_3"])
def test_seeded_games_end_conserve_men_and_round_trip_through_json(variant):
    kinds = set()
    every = {Kind.SINGLE, Kind.GAMMON, Kind.BACKGAMMON}
    for seed in range(16):
        if kinds == every:
            break
        rng = random.Random(seed)
        state = m.new_game(variant, rng)
        assert state_from_json(state_to_json(state)) == state
        for count in range(3000):
            if state.is_over:
                break
            if state.phase is m.Phase.ROLL:
                state = m.roll(state, rng)
            else:
                legal = m.legal_plays(state)
                state = m.play(state, rng.choice(legal), legal)
                variant.validate(state.position)  # fifteen men each, no point shared
            if count % 5 == 0:
                assert state_from_json(state_to_json(state)) == state
        assert state.is_over, seed
        assert state_from_json(state_to_json(state)) == state
        result = state.result
        assert result is not None and result.winner is not None
        assert state.position.off(result.winner) == 15
        expected = {Kind.SINGLE: 1, Kind.GAMMON: 2, Kind.BACKGAMMON: 3 if variant is THREE else 2}
        assert result.points == expected[result.kind]
        kinds.add(result.kind)
    # Random play ends in every kind of win within a few games (which games depends on
    # the order the legal plays are listed in).
    assert kinds == every
