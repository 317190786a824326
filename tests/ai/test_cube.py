"""The doubling cube: the match equity table and the computer's cube actions."""

from __future__ import annotations

import numpy as np
import pytest

from game.ai import cube, met
from game.ai.met import Stage, match_equity
from game.rules import match as m
from game.rules.actions import Beaver, Drop, Take
from game.rules.variants import find_variant


def probs(win, wg=0.0, wbg=0.0, lg=0.0, lbg=0.0):
    return np.array([win, wg, wbg, lg, lbg])


def state(
    options=None,
    score=(0, 0),
    *,
    to_act=0,
    value=1,
    owner=-1,
    phase=m.Phase.ROLL,
    crawford=False,
    crawford_done=False,
):
    options = {"cube": True, **(options or {})}
    variant = find_variant("backgammon", options)
    position = variant.start_position().with_to_act(to_act)
    score = m.MatchScore(options.get("match_length", 0), score, crawford, crawford_done)
    return m.GameState(variant, position, phase, cube=m.Cube(value, owner), match=score)


def seven(score, **kwargs):
    return state({"match_length": 7}, score, **kwargs)


# -- the match equity table ------------------------------------------------------------


def test_the_table_is_symmetric_to_25_points():
    table = met.table()
    for a in range(1, 26):
        for b in range(1, 26):
            assert match_equity(a, b) + match_equity(b, a) == pytest.approx(1.0, abs=1e-12)
            free = table.equity(a, b, Stage.FREE) + table.equity(b, a, Stage.FREE)
            assert free == pytest.approx(1.0, abs=1e-12)


def test_needing_fewer_points_is_better():
    for a in range(1, 25):
        for b in range(1, 26):
            assert match_equity(a, b) > match_equity(a + 1, b)
            assert match_equity(b, a) < match_equity(b, a + 1)
    # After the Crawford game the trailer's even scores are worth no more than the odd
    # ones below them (the free drop), but never less.
    for n in range(1, 25):
        assert match_equity(n, 1, post_crawford=True) >= match_equity(n + 1, 1, post_crawford=True)


def test_ends_and_equal_scores():
    assert match_equity(0, 3) == 1.0
    assert match_equity(4, 0) == 0.0
    assert match_equity(1, 1) == 0.5
    for n in range(2, 26):
        assert match_equity(n, n) == pytest.approx(0.5, abs=1e-12)


def test_the_crawford_game():
    leader = match_equity(1, 2, crawford=True)
    assert 0.68 <= leader <= 0.72
    assert leader == match_equity(1, 2)  # the usual tables' 1-away row is the Crawford game
    assert 0.29 <= match_equity(2, 1, crawford=True) <= 0.32
    with pytest.raises(ValueError):
        match_equity(3, 2, crawford=True)


def test_after_the_crawford_game():
    assert 0.47 <= match_equity(2, 1, post_crawford=True) <= 0.52
    assert 0.29 <= match_equity(3, 1, post_crawford=True) <= 0.33
    # The trailer doubles at once and the leader takes: each game is worth two points.
    assert match_equity(4, 1, post_crawford=True) == pytest.approx(
        match_equity(3, 1, post_crawford=True)
    )


# Snowie's table for a gammon rate of 26% (rec.games.backgammon, bkgm.com/rgb/rgb.cgi?view+809),
# row: my points away, column: the opponent's; 1-away rows are the Crawford game.
PUBLISHED = {
    (1, 2): 0.685, (1, 3): 0.751, (1, 4): 0.820, (1, 5): 0.843, (1, 7): 0.908,
    (2, 3): 0.604, (2, 4): 0.685, (2, 5): 0.753, (2, 7): 0.851, (2, 9): 0.909,
    (3, 4): 0.578, (3, 5): 0.653, (3, 7): 0.768, (4, 5): 0.579, (4, 7): 0.703,
    (5, 6): 0.568, (5, 7): 0.628, (6, 8): 0.619, (7, 8): 0.556, (8, 9): 0.555,
}  # fmt: skip


@pytest.mark.parametrize(("a", "b"), sorted(PUBLISHED))
def test_close_to_published_figures(a, b):
    assert match_equity(a, b) == pytest.approx(PUBLISHED[a, b], abs=0.025)
    assert match_equity(b, a) == pytest.approx(1.0 - PUBLISHED[a, b], abs=0.025)


def test_well_known_scores():
    assert 0.30 <= match_equity(2, 1) <= 0.32  # the Crawford trailer
    assert 0.25 <= match_equity(4, 2) <= 0.35


def test_the_gammon_rate_is_a_parameter():
    gammonless = met.MatchEquityTable(gammon_rate=0.0, size=4)
    # No gammons: the Crawford trailer must win two games in a row.
    assert gammonless.equity(2, 1, Stage.CRAWFORD) == pytest.approx(0.25)
    assert met.table() is met.table(met.GAMMON_RATE)
    with pytest.raises(ValueError):
        match_equity(26, 3)


# -- money play ---------------------------------------------------------------------------


def test_money_no_double():
    analysis = cube.analyse(state(), probs(0.55))
    assert not analysis.double and analysis.take
    assert analysis.words() == "No double, take"
    assert not cube.should_double(state(), probs(0.55))


def test_money_double_take():
    analysis = cube.analyse(state(), probs(0.70, 0.05))
    assert analysis.double and analysis.take and not analysis.too_good
    assert analysis.words() == "Double, take"
    assert cube.should_double(state(), probs(0.70, 0.05))
    assert cube.take_decision(state(phase=m.Phase.TAKE), probs(0.70, 0.05)) == Take()


def test_money_double_pass():
    analysis = cube.analyse(state(), probs(0.85))
    assert analysis.double and not analysis.take
    assert analysis.words() == "Double, pass"
    assert analysis.double_pass == 1.0
    assert cube.take_decision(state(phase=m.Phase.TAKE), probs(0.85)) == Drop()


def test_money_too_good():
    analysis = cube.analyse(state(), probs(0.90, 0.60))
    assert analysis.too_good and not analysis.take and not analysis.double
    assert analysis.words() == "Too good, pass"
    assert not cube.should_double(state(), probs(0.90, 0.60))


def test_the_jacoby_rule_makes_gammonish_positions_doubles():
    gammonish = probs(0.80, 0.40, 0.0, 0.02)
    plain = cube.analyse(state(), gammonish)
    jacoby = cube.analyse(state({"jacoby": True}), gammonish)
    assert plain.words() == "Too good, pass"
    assert jacoby.words() == "Double, pass"
    assert jacoby.no_double < plain.no_double
    assert jacoby.double_take == plain.double_take  # once turned, gammons count
    # A turned cube: the rule no longer applies.
    turned = state({"jacoby": True}, value=2, owner=0)
    assert cube.analyse(turned, gammonish).no_double == pytest.approx(
        cube.analyse(state(value=2, owner=0), gammonish).no_double
    )


def test_owning_the_cube_is_worth_something():
    y = probs(0.6, 0.1, 0.0, 0.08)
    mine = cube.analyse(state(value=2, owner=0), y).no_double
    centred = cube.analyse(state(), y).no_double
    theirs = cube.analyse(state(value=2, owner=1), y).no_double
    assert mine > centred > theirs


def test_a_cube_owned_by_the_opponent_cannot_be_turned():
    opponents = state(value=2, owner=1)
    assert not cube.should_double(opponents, probs(0.85))
    assert not cube.should_double(state({"cube": False}), probs(0.85))
    assert cube.should_double(state(value=2, owner=0), probs(0.85))  # a redouble


def test_money_take_points():
    taking = state(phase=m.Phase.TAKE)
    # The probabilities are the doubler's: the taker has 23% and 15%.
    assert cube.take_decision(taking, probs(0.77)) == Take()
    assert cube.take_decision(taking, probs(0.85)) == Drop()


def test_beavers():
    y = probs(0.55)  # a bad double: the taker is the favourite afterwards
    taking = state({"beavers": True}, phase=m.Phase.TAKE)
    analysis = cube.analyse(taking, y)
    assert analysis.beaver and analysis.words() == "No double, beaver"
    assert cube.take_decision(taking, y) == Beaver()
    assert cube.take_decision(state(phase=m.Phase.TAKE), y) == Take()  # not allowed
    assert not cube.analyse(taking, probs(0.70, 0.05)).beaver


def test_words():
    assert cube.CubeAnalysis(0.5, 0.6, 1.0).words() == "Double, take"
    assert cube.CubeAnalysis(0.5, 1.2, 1.0).words() == "Double, pass"
    assert cube.CubeAnalysis(1.2, 2.0, 1.0).words() == "Too good, pass"
    assert cube.CubeAnalysis(1.2, 0.9, 1.0).words() == "Too good, take"
    assert cube.CubeAnalysis(0.1, -0.2, 1.0, taker_favourite=True).words() == "No double, beaver"


def test_bad_input():
    with pytest.raises(ValueError):
        cube.analyse(state(), np.array([0.5, 0.1, 0.0, 0.1]))
    with pytest.raises(ValueError):
        cube.analyse(state(), probs(0.5), cube_life=1.5)


# -- match play ------------------------------------------------------------------------------


def test_the_crawford_game_has_no_doubles():
    for to_act in (0, 1):
        crawford = seven((6, 3), to_act=to_act, crawford=True)
        for win in (0.3, 0.6, 0.8, 0.9):
            assert not cube.should_double(crawford, probs(win, 0.1, 0.0, 0.05))


def test_the_post_crawford_trailer_doubles_at_once():
    for win in (0.3, 0.4, 0.5, 0.6, 0.65):
        y = probs(win, 0.2 * win, 0.0, 0.2 * (1 - win))
        trailer = seven((6, 5), to_act=1, crawford_done=True)  # side 1 is 2-away
        assert cube.should_double(trailer, y), win
        leader = seven((6, 5), to_act=0, crawford_done=True)  # side 0 is 1-away
        assert not cube.should_double(leader, y), win
    # The free drop: the leader passes when the trailer is the favourite.
    taking = seven((6, 5), to_act=1, crawford_done=True, phase=m.Phase.TAKE)
    assert cube.take_decision(taking, probs(0.45)) == Take()
    assert cube.take_decision(taking, probs(0.60)) == Drop()


def test_the_cube_is_dead_at_one_away_each():
    dmp = seven((6, 6), crawford_done=True)
    for win in (0.2, 0.5, 0.8, 0.95):
        analysis = cube.analyse(dmp, probs(win, 0.3 * win))
        assert not analysis.double
        assert analysis.double_take == pytest.approx(analysis.no_double)
        assert analysis.no_double == pytest.approx(win)
        assert not cube.should_double(dmp, probs(win))


def test_no_redouble_past_the_match():
    # 2-away with a 2-cube: a redouble only hands the trailer a free take.
    owned = seven((5, 0), value=2, owner=0)
    for win in (0.7, 0.85, 0.95):
        analysis = cube.analyse(owned, probs(win))
        assert analysis.double_pass == 1.0
        assert not analysis.double
        assert analysis.take  # the trailer loses nothing more by taking
    taking = seven((5, 0), value=2, owner=0, phase=m.Phase.TAKE)
    assert cube.take_decision(taking, probs(0.95)) == Take()


def test_match_actions_at_the_start_of_a_match():
    start = seven((0, 0))
    assert cube.analyse(start, probs(0.5, 0.13, 0.0, 0.13)).words() == "No double, take"
    assert cube.analyse(start, probs(0.70, 0.10, 0.0, 0.05)).words() == "Double, take"
    assert cube.analyse(start, probs(0.85)).words() == "Double, pass"
    assert cube.analyse(start, probs(0.90, 0.50)).words() == "Too good, pass"
    analysis = cube.analyse(start, probs(0.70, 0.10, 0.0, 0.05))
    assert analysis.double_pass == pytest.approx(match_equity(6, 7))
    assert not cube.analyse(state({"match_length": 7, "beavers": True}), probs(0.55)).beaver


def test_match_values_are_for_the_side_on_roll():
    y = probs(0.68, 0.12, 0.01, 0.06)
    one = cube.analyse(seven((3, 5), to_act=0), y)
    other = cube.analyse(seven((5, 3), to_act=1), y)
    assert one == other
    leader = cube.analyse(seven((5, 3), to_act=0), y)
    assert leader.double_pass == pytest.approx(match_equity(1, 4))
