"""Quinze Tablas: RULES.md scenarios 10 and 11, the two-man cap, the ends, options, seeded games.

Positions are written with both sides' men on the pos of side 0 (the side to
move unless a test says otherwise): ``position({...}, {...})`` turns the
second dict into side 1's own pos (my pos p is its pos 25 - p) and checks
the position with ``validate`` (fifteen men a side, at most two men on a
point, never two sides on one point).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.engine import handle
from game.rules import match as m
from game.rules.errors import OptionError, PositionError
from game.rules.outcome import Kind, Outcome, Termination
from game.rules.position import Position, position_from_counts
from game.rules.search import Board
from game.rules.serial import state_from_json, state_to_json
from game.rules.variants import find_variant
from game.rules.variants.base import Variant

# Alfonso's reading (one man may take several dice; a game nobody can move in is a
# draw), the default before the opening decided too many games: these tests play it
# unless they name those options. The defaults are tested in test_quinze_readings.py.
ALFONSO = {"one_die_per_man": False, "last_mover_wins": False}


def qt(options: dict | None = None) -> Variant:
    return find_variant("quinze_tablas", {**ALFONSO, **(options or {})})


QT = qt()
FREE = qt({"free_entry": True})
RACE = qt({"bear_off_race": True})
WAIT = qt({"only_opponent_points": True})
LAST = qt({"last_mover_wins": True})

OFF = 25
START = {**{p: 2 for p in range(1, 8)}, 8: 1}


def pairs(first: int, last: int) -> dict[int, int]:
    """Two men on each pos from ``first`` to ``last``."""
    return {p: 2 for p in range(first, last + 1)}


def facing(counts: dict[int, int]) -> dict[int, int]:
    """Men given on side 0's pos, on the other side's own pos (the bar and off stay)."""
    return {p if p in (0, OFF) else OFF - p: n for p, n in counts.items()}


def position(mine: dict[int, int], theirs: dict[int, int], to_act: int = 0, variant=QT) -> Position:
    """Side 0's men and side 1's men, both on side 0's pos; validated."""
    pos = position_from_counts([mine, facing(theirs)], 24, to_act=to_act)
    variant.validate(pos)
    return pos


def row(counts: dict[int, int]) -> tuple[int, ...]:
    return tuple(counts.get(p, 0) for p in range(OFF + 1))


def plays(variant: Variant, pos: Position, dice) -> set[tuple[tuple[int, int], ...]]:
    """The legal plays, each as its (src, dst) steps sorted (search order aside)."""
    found = variant.generate_plays(pos, dice)
    return {tuple(sorted((s.src, s.dst) for s in p)) for p in found}


def results(variant: Variant, pos: Position, dice) -> set[tuple[int, ...]]:
    """The mover's row after each legal play."""
    side = pos.to_act
    return {variant.apply_play(pos, p).board[side] for p in variant.generate_plays(pos, dice)}


def steps(variant: Variant, pos: Position, die: int) -> set[tuple[int, int, bool]]:
    """The legal first steps of one die: (src, dst, hit)."""
    return {(s.src, s.dst, s.hit) for s in variant.legal_steps(Board(variant, pos), die)}


def move(variant: Variant, pos: Position, dice, chosen=None) -> m.GameState:
    """Play ``dice`` in ``pos`` through the match: the only legal play, or ``chosen``."""
    state = m.GameState(variant, pos, m.Phase.MOVE, tuple(dice))
    legal = m.legal_plays(state)
    if chosen is None:
        assert len(legal) == 1, legal
        chosen = legal[0]
    return m.play(state, chosen, legal)


# -- the board and the start -------------------------------------------------------------------


def test_start_two_men_on_pos_1_to_7_and_one_on_pos_8_on_the_other_sides_goal():
    start = QT.start_position()
    QT.validate(start)
    assert start.board[0] == start.board[1] == row(START)
    # Side 0's pos 1-8 are side 1's pos 24-17: each side starts on the other's goal.
    assert {QT.cell(0, p) for p in range(1, 9)} == {QT.cell(1, p) for p in range(17, 25)}
    assert QT.facing_pos(0, 8, 1) == 17
    assert QT.dice_count == 3 and not QT.doubles_repeat
    state = m.roll(m.new_game(QT, random.Random(3)), random.Random(4))
    assert len(state.dice) == 3


def test_listing_and_sources():
    assert QT.name == "Quinze Tablas" and type(QT).order == 20
    assert {s.author for s in type(QT).sources} >= {"Alfonso X", "Ludii Portal"}
    names = [spec.name for spec in type(QT).option_specs]
    assert names == [
        "one_die_per_man",
        "free_entry",
        "bear_off_race",
        "only_opponent_points",
        "play_while_shut",
        "last_mover_wins",
    ]
    assert all(spec.label and spec.description and spec.source for spec in type(QT).option_specs)
    assert type(QT).result_kinds == {Kind.SINGLE, Kind.SHUTOUT, Kind.TIE, Kind.LAST_MOVER}


# -- RULES.md scenarios ------------------------------------------------------------------------

# A man on the bar, an own pair on pos 3, twelve men parked on pos 19-24;
# the opponent holds pos 7-13 and has a blot on pos 14.
BAR_AND_PAIR_ON_3 = ({0: 1, 3: 2, **pairs(19, 24)}, {**pairs(7, 13), 14: 1})


def test_scenario_10_own_pair_on_pos_3_keeps_the_3_from_entering():
    pos = position(*BAR_AND_PAIR_ON_3)
    assert plays(QT, pos, (3, 3, 3)) == {()}
    assert steps(QT, pos, 3) == set()
    # With a 5 the man enters on pos 5; only then do the 3s move (3/6 twice).
    assert plays(QT, pos, (3, 3, 5)) == {((0, 5), (3, 6), (3, 6))}
    assert not QT.shut_out(pos, 0)  # pos 1, 2, 4, 5 and 6 have room


def test_scenario_11_at_the_start_only_pos_8_takes_one_more_man():
    start = QT.start_position()
    # Pos 2-7 hold two men each: only pos 8 and the empty points beyond take a man.
    assert steps(QT, start, 1) == {(7, 8, False), (8, 9, False)}
    assert steps(QT, start, 2) == {(6, 8, False), (7, 9, False), (8, 10, False)}
    assert steps(QT, start, 6) == {(p, p + 6, False) for p in range(2, 9)}
    # 1-1-1: every result; pos 8 ends with two men at most, pos 2-7 never gain one.
    s = START
    assert results(QT, start, (1, 1, 1)) == {
        row({**s, 5: 1, 6: 2, 7: 2, 8: 2}),  # 5/6 6/7 7/8
        row({**s, 6: 1, 7: 2, 8: 1, 9: 1}),  # 6/7 7/8 8/9
        row({**s, 7: 0, 8: 2, 9: 1}),  # 7/8 7/8 8/9
        row({**s, 7: 1, 8: 0, 9: 2}),  # 7/8 8/9 8/9
        row({**s, 7: 1, 8: 1, 10: 1}),  # 7/8 8/10
        row({**s, 8: 0, 11: 1}),  # 8/11
    }


# -- the two-man cap ---------------------------------------------------------------------------


def test_no_point_of_either_side_takes_a_third_man():
    # Mine: pos 1, own blot on 3, own pair on 4, parked men on 19-24 (immobile).
    # Theirs: a blot on 5, a pair on 6, pairs on 13-18.
    pos = position({1: 1, 3: 1, 4: 2, 19: 1, **pairs(20, 24)}, {5: 1, 6: 2, **pairs(13, 18)})
    assert steps(QT, pos, 1) == {(1, 2, False), (4, 5, True)}  # 3/4: own pair
    assert steps(QT, pos, 2) == {(1, 3, False), (3, 5, True)}  # 4/6: their pair
    assert steps(QT, pos, 3) == {(4, 7, False)}  # 1/4 own pair, 3/6 their pair
    assert steps(QT, pos, 4) == {(1, 5, True), (3, 7, False), (4, 8, False)}
    assert steps(QT, pos, 5) == {(3, 8, False), (4, 9, False)}  # 1/6 their pair
    assert steps(QT, pos, 6) == {(1, 7, False), (3, 9, False), (4, 10, False)}


def test_resting_points_obey_the_cap():
    # One man on pos 9; their pairs on 11 and 13 and a blot on 12. With 1-2-3 the
    # 2 first rests on 11 and the 3 then 1 rests on 13: both closed. The man goes
    # 9/10/12*/15 or 9/12*/14/15, one result, and the blot is hit on the way.
    pos = position({9: 1, **pairs(18, 24)}, {11: 2, 12: 1, 13: 2, **pairs(1, 5)})
    found = QT.generate_plays(pos, (1, 2, 3))
    assert {QT.apply_play(pos, p) for p in found} == {
        position_from_counts(
            [{15: 1, **pairs(18, 24)}, facing({0: 1, 11: 2, 13: 2, **pairs(1, 5)})], 24, to_act=1
        )
    }
    assert all(p.hits == 1 and len(p) == 3 for p in found)


def test_validate_rejects_a_third_man_and_men_off_without_the_race():
    crowded = position_from_counts([{1: 3, **pairs(3, 8)}, START], 24)
    with pytest.raises(PositionError, match="at most 2"):
        QT.validate(crowded)
    borne = position_from_counts([{OFF: 1, **pairs(3, 9)}, START], 24)
    with pytest.raises(PositionError, match="bears no man off"):
        QT.validate(borne)
    RACE.validate(borne)


# -- entering ----------------------------------------------------------------------------------


def test_entering_by_die_lands_on_pos_d_and_hits_a_blot_there():
    # Their blot on 2 and pair on 5; my own pair on 3.
    pos = position({0: 1, 3: 2, **pairs(19, 24)}, {2: 1, 5: 2, **pairs(7, 12)})
    assert steps(QT, pos, 1) == {(0, 1, False)}
    assert steps(QT, pos, 2) == {(0, 2, True)}
    assert steps(QT, pos, 3) == steps(QT, pos, 5) == set()
    assert steps(QT, pos, 6) == {(0, 6, False)}


def test_free_entry_takes_any_point_of_pos_1_to_6_with_room_for_any_die():
    pos = position({0: 1, 3: 2, **pairs(19, 24)}, {2: 1, 5: 2, **pairs(7, 12)})
    every = {(0, 1, False), (0, 2, True), (0, 4, False), (0, 6, False)}
    assert all(steps(FREE, pos, die) == every for die in range(1, 7))


def test_free_entry_scenario_10_position_with_3_3_3():
    # The pair on 3 still keeps the man off pos 3, but any 3 enters it elsewhere;
    # entering on pos 6 would leave only one more 3 playable, so it is not legal.
    pos = position(*BAR_AND_PAIR_ON_3)
    parked = pairs(19, 24)
    assert results(FREE, pos, (3, 3, 3)) == {
        row({**parked, 3: 1, 4: 1, 6: 1}),  # bar/1/4 3/6
        row({**parked, 1: 1, 6: 2}),  # bar/1 3/6(2)
        row({**parked, 3: 1, 5: 1, 6: 1}),  # bar/2/5 3/6
        row({**parked, 2: 1, 6: 2}),  # bar/2 3/6(2)
        row({**parked, 4: 1, 6: 2}),  # bar/4 3/6(2)
        row({**parked, 5: 1, 6: 2}),  # bar/5 3/6(2)
    }


# -- the goal ----------------------------------------------------------------------------------

# Fourteen men on pos 18-24 and one on 16; the opponent on 9-15 and one man on 1.
ALMOST_HOME = ({16: 1, **pairs(18, 24)}, {1: 1, **pairs(9, 15)})


def test_all_fifteen_on_pos_17_to_24_win_and_no_man_bears_off():
    pos = position(*ALMOST_HOME)
    assert plays(QT, pos, (1, 1, 1)) == {((16, 17),)}  # pos 18-24 are full: one die only
    over = move(QT, pos, (1, 1, 1))
    assert over.is_over and over.result == Outcome(0, Kind.SINGLE, 1, Termination.BORNE_OFF)
    # Men never leave pos 17-24: with 6-6-6 nothing can move at all.
    assert plays(QT, pos, (6, 6, 6)) == {()}


def test_bear_off_race_bears_off_exactly_once_all_stand_on_pos_17_to_24():
    pos = position(*ALMOST_HOME, variant=RACE)
    # The 1 cannot bear the pos 24 man off while pos 16 holds a man; once 16/17
    # brings it in, the later 1s bear off exactly.
    assert plays(RACE, pos, (1, 1, 1)) == {
        ((16, 17), (23, 24), (24, OFF)),
        ((16, 17), (24, OFF), (24, OFF)),
    }
    after = move(RACE, pos, (1, 1, 1), next(iter(RACE.generate_plays(pos, (1, 1, 1)))))
    assert not after.is_over  # reaching pos 17-24 is no win in the race
    # Exact throws only: the 6 bears off neither man (only a man on 19 could use it).
    last = position({22: 1, 24: 1, OFF: 13}, {1: 1, **pairs(9, 15)}, variant=RACE)
    assert plays(RACE, last, (1, 3, 6)) == {((22, OFF), (24, OFF))}
    assert plays(RACE, last, (6, 6, 2)) == {((22, 24),)}
    over = move(RACE, last, (1, 3, 6))
    assert over.result == Outcome(0, Kind.SINGLE, 1, Termination.BORNE_OFF)


def test_bear_off_race_gate_opens_when_all_fifteen_stand_on_pos_17_to_24():
    # RULES.md: once all are in pos 17-24 (under the two-man cap pos 19-24 hold only
    # twelve). A man on pos 17 counts as in, and so do men already off; a man on pos
    # 16, on the bar or further back keeps every man in. Exact throws only.
    theirs = {1: 1, **pairs(9, 15)}

    def off_steps(variant: Variant, mine: dict[int, int], die: int) -> set[int]:
        found = steps(variant, position(mine, theirs, variant=variant), die)
        return {src for src, dst, _ in found if dst == OFF}

    home = {17: 1, **pairs(18, 24)}
    assert off_steps(RACE, home, 1) == {24}
    assert off_steps(RACE, home, 2) == {23}  # not the pos 24 man: exact only
    assert off_steps(RACE, {**pairs(19, 24), 17: 2, OFF: 1}, 1) == {24}
    assert off_steps(RACE, {**pairs(18, 24), 16: 1}, 1) == set()
    assert off_steps(RACE, {**pairs(18, 24), 0: 1}, 1) == set()
    assert off_steps(RACE, {**pairs(18, 24), 5: 1}, 1) == set()
    assert off_steps(QT, home, 1) == set()  # without the race no man ever bears off


# -- the shut-out ------------------------------------------------------------------------------

# Side 1 to move. Side 0 has a man on the bar; its own pairs stand on 1-3,
# side 1's pairs on 4 and 5 and a blot on 6 that its man on 8 can cover with a 2.
BEFORE_SHUTOUT = (
    {0: 1, **pairs(1, 3), **pairs(21, 24)},
    {**pairs(4, 5), 6: 1, 8: 1, **pairs(12, 15), 16: 1},
)


def covering(pos: Position, dice):
    """Side 1's legal plays that make its pos 19 (side 0's pos 6) a pair, and the rest."""
    legal = m.legal_plays(m.GameState(QT, pos, m.Phase.MOVE, dice))
    made = [p for p in legal if QT.apply_play(pos, p).board[1][19] == 2]
    return made, [p for p in legal if p not in made]


def test_shut_out_by_own_and_opponent_pairs_loses_at_once():
    pos = position(*BEFORE_SHUTOUT, to_act=1)
    made, other = covering(pos, (2, 1, 1))
    assert made and other
    over = move(QT, pos, (2, 1, 1), made[0])
    assert over.result == Outcome(1, Kind.SHUTOUT, 1, Termination.BLOCKADE)
    going = move(QT, pos, (2, 1, 1), other[0])
    assert not going.is_over and going.on_roll == 0


def test_only_opponent_points_option_makes_a_side_blocked_by_its_own_pairs_wait():
    pos = position(*BEFORE_SHUTOUT, to_act=1, variant=WAIT)
    made, _ = covering(pos, (2, 1, 1))
    after = move(WAIT, pos, (2, 1, 1), made[0])
    assert not after.is_over  # pos 1-3 are side 0's own pairs
    assert not WAIT.shut_out(after.position, 0) and QT.shut_out(after.position, 0)
    assert plays(WAIT, after.position, (1, 2, 6)) == {()}  # it waits: the turn is lost


# Side 1 to move with 1-1-1: its man on its pos 12 goes 12/13/14*/15, hitting side
# 0's blot (side 0's pos 11). Side 1 then holds all of side 0's pos 1-6 and cannot
# move again; side 0 cannot enter: shut out, and a deadlock as well.
BEFORE_HIT = (
    {11: 1, **pairs(7, 8), **pairs(19, 23)},
    {**pairs(1, 6), **pairs(9, 9), 13: 1},
)


@pytest.mark.parametrize(
    "options",
    [{}, {"only_opponent_points": True}, {"last_mover_wins": True}, {"free_entry": True}],
    ids=["default", "only_opponent_points", "last_mover_wins", "free_entry"],
)
def test_shut_out_by_the_opponent_outranks_the_deadlock(options):
    variant = qt(options)
    pos = position(*BEFORE_HIT, to_act=1, variant=variant)
    assert plays(variant, pos, (1, 1, 1)) == {((12, 13), (13, 14), (14, 15))}
    over = move(variant, pos, (1, 1, 1))
    after = over.position
    assert after.bar(0) == 1 and variant.is_stuck(after, 0) and variant.is_stuck(after, 1)
    assert over.result == Outcome(1, Kind.SHUTOUT, 1, Termination.BLOCKADE)


def test_shut_out_is_judged_only_for_the_side_about_to_act():
    pos = position(*BEFORE_SHUTOUT, to_act=1)
    made, _ = covering(pos, (2, 1, 1))
    assert not QT.shut_out(pos, 0)  # before side 1 plays, pos 6 still has room
    after = QT.apply_play(pos, made[0])  # side 0 to act, shut out
    assert QT.outcome(after, 1) == Outcome(1, Kind.SHUTOUT, 1, Termination.BLOCKADE)
    assert QT.outcome(after, 0) is None  # nobody wins by its own shut-out
    board = [list(r) for r in after.board]
    with pytest.raises(PositionError, match="already won"):
        state_from_json({"variant": "quinze_tablas", "board": board, "on_roll": 0})
    # Side 1 on roll while side 0 is shut out (as its own entering can leave it):
    # the game goes on, and side 0 loses only if it still is when its turn comes.
    waiting = after.with_to_act(1)
    assert QT.outcome(waiting, 0) is None and QT.outcome(waiting, 1) is None
    state = state_from_json({"variant": "quinze_tablas", "board": board, "on_roll": 1})
    assert state.phase is m.Phase.ROLL and state.on_roll == 1


# -- the deadlock ------------------------------------------------------------------------------

# Side 0 holds 4-9, side 1 holds 10-15: neither can pass the other. Side 0's last
# free man goes 20/23 with 1-1-1; then nobody can move with any throw.
BEFORE_DEADLOCK = ({**pairs(4, 9), 20: 1, 24: 2}, {1: 2, 2: 1, **pairs(10, 15)})


def test_deadlock_is_a_tie_by_default():
    pos = position(*BEFORE_DEADLOCK)
    assert plays(QT, pos, (1, 1, 1)) == {((20, 21), (21, 22), (22, 23))}
    over = move(QT, pos, (1, 1, 1))
    assert over.result == Outcome(None, Kind.TIE, 0, Termination.DEADLOCK)


def test_last_mover_wins_option_gives_the_deadlock_to_the_side_that_just_played():
    over = move(LAST, position(*BEFORE_DEADLOCK, variant=LAST), (1, 1, 1))
    assert over.result == Outcome(0, Kind.LAST_MOVER, 1, Termination.DEADLOCK)
    assert over.match.score == (1, 0)


# Side 0 to move with two men on the bar. Its pos 1-4 are side 1's pairs, pos 5 its own
# pair, pos 6 its own lone man; side 0's pairs on 10-13 (and side 1's own) pin side 1's
# men where none can move. With 6-6-6 one man enters on pos 6, making a pair there; the
# other cannot: side 0 has shut itself out, and nobody can move any more.
SELF_SHUT_OUT = (
    {0: 2, 5: 2, 6: 1, **pairs(10, 13), 20: 2},
    {**pairs(1, 4), **pairs(7, 9), 14: 1},
)


@pytest.mark.parametrize(
    "options", [{}, {"last_mover_wins": True}], ids=["default", "last_mover_wins"]
)
def test_a_side_that_shuts_itself_out_loses_though_nobody_can_move(options):
    # RULES.md's fine points: the shut-out outranks a tie and the last mover's win.
    variant = qt(options)
    pos = position(*SELF_SHUT_OUT, variant=variant)
    assert plays(variant, pos, (6, 6, 6)) == {((0, 6),)}
    over = move(variant, pos, (6, 6, 6))
    after = over.position
    assert variant.shut_out(after, 0) and variant.is_deadlocked(after, 0)
    assert over.result == Outcome(1, Kind.SHUTOUT, 1, Termination.BLOCKADE)
    assert over.match.score == (0, 1)


def test_a_side_blocked_by_its_own_pairs_is_not_shut_out_under_that_option():
    # Only the opponent's points shut a side out: side 0, blocked by its own pairs on 5
    # and 6, waits; nobody can move, so the deadlock decides.
    for options, result in (
        ({"only_opponent_points": True}, Outcome(None, Kind.TIE, 0, Termination.DEADLOCK)),
        (
            {"only_opponent_points": True, "last_mover_wins": True},
            Outcome(0, Kind.LAST_MOVER, 1, Termination.DEADLOCK),
        ),
    ):
        variant = qt(options)
        over = move(variant, position(*SELF_SHUT_OUT, variant=variant), (6, 6, 6))
        assert not variant.shut_out(over.position, 0)
        assert over.result == result


# -- options -----------------------------------------------------------------------------------


def test_bad_option_name_and_value_are_refused_clearly():
    with pytest.raises(OptionError, match="free_entyr"):
        qt({"free_entyr": True})
    with pytest.raises(OptionError, match="free_entry"):
        qt({"free_entry": 1})
    with pytest.raises(OptionError, match="last_mover_wins"):
        qt({"last_mover_wins": "yes"})
    bad = handle({"cmd": "new", "variant": "quinze_tablas", "options": {"dice": 2}})
    assert not bad["ok"] and "dice" in bad["error"] and "free_entry" in bad["error"]
    bad = handle({"cmd": "new", "variant": "quinze_tablas", "options": {"bear_off_race": "no"}})
    assert not bad["ok"] and "bear_off_race" in bad["error"]


# -- the engine protocol and JSON --------------------------------------------------------------


def test_protocol_new_roll_legal_play_best():
    new = handle(
        {"cmd": "new", "variant": "quinze_tablas", "options": {"free_entry": True}, "seed": 5}
    )
    assert new["ok"], new
    state = new["state"]
    assert state["options"]["free_entry"] is True and state["board"][0] == list(row(START))
    rolled = handle({"cmd": "roll", "state": state, "seed": 9})
    assert rolled["ok"] and len(rolled["state"]["dice"]) == 3
    legal = handle({"cmd": "legal", "state": rolled["state"]})
    assert legal["ok"] and legal["moves"]
    # (Some first plays already win: a hit on the lone man of pos 8 shuts the
    # opponent out while its own pairs fill pos 1-6.)
    chosen = next(mv for mv in legal["moves"] if mv["state"]["phase"] == "roll")
    played = handle({"cmd": "play", "state": rolled["state"], "notation": chosen["notation"]})
    assert played["ok"] and played["state"] == chosen["state"]
    assert played["state"]["phase"] == "roll" and played["state"]["on_roll"] != state["on_roll"]
    best = handle({"cmd": "best", "state": rolled["state"], "level": "novice", "seed": 1})
    assert best["ok"] and best["move"]["notation"] in {mv["notation"] for mv in legal["moves"]}
    listing = handle({"cmd": "variants"})
    ours = [v for v in listing["variants"] if v["id"] == "quinze_tablas"]
    assert ours and ours[0]["dice"] == 3
    assert list(ours[0]["options"]) == [spec.name for spec in type(QT).option_specs]


def test_protocol_refuses_an_illegal_play():
    state = m.set_dice(m.new_game(QT, random.Random(2)), (3, 3, 3))
    answer = handle({"cmd": "play", "state": state_to_json(state), "notation": "1/4"})
    assert not answer["ok"]  # pos 4 already holds two men


def test_json_round_trip_of_states_in_a_game_and_at_its_end():
    # A whole game, and the opening of a (long) free-entry game.
    for options, seed, states in (
        ({"last_mover_wins": True, "only_opponent_points": True}, 21, 1000),
        ({"free_entry": True}, 21, 40),
    ):
        variant = qt(options)
        rng = random.Random(seed)
        state = m.new_game(variant, rng)
        for _ in range(states):
            back = state_from_json(state_to_json(state))
            # The JSON of a variant without a cube carries no match score, so
            # the point just won is not read back (reported to the lead).
            assert replace(back, match=state.match) == state
            if state.is_over:
                break
            if state.phase is m.Phase.ROLL:
                state = m.roll(state, rng)
            else:
                state = m.play(state, rng.choice(m.legal_plays(state)))
        assert state.is_over or states < 1000
    ended = move(LAST, position(*BEFORE_DEADLOCK, variant=LAST), (1, 1, 1))
    back = state_from_json(state_to_json(ended))
    assert back.result == ended.result and back.position == ended.position
    shut = move(QT, position(*BEFORE_HIT, to_act=1), (1, 1, 1))
    assert state_from_json(state_to_json(shut)).result.kind is Kind.SHUTOUT


# -- seeded games ------------------------------------------------------------------------------


def check_play(pos: Position, play, play_while_shut: bool = False) -> None:
    """Replay ``play`` by hand: every landing under the cap, hits only on blots; a man
    moves while one waits only with ``play_while_shut`` and every entry point full."""
    side = pos.to_act
    mine = list(pos.board[side])
    theirs = list(pos.board[1 - side])
    for step in play:
        there = theirs[OFF - step.dst] if step.dst < OFF else 0
        if step.dst < OFF:
            assert mine[step.dst] + there <= 1, f"{step} lands on a full point"
            assert step.hit == (there == 1)
        if step.hit:
            theirs[OFF - step.dst] = 0
            theirs[0] += 1
        if step.src != 0 and mine[0]:
            shut = all(mine[p] + theirs[OFF - p] >= 2 for p in range(1, 7))
            assert play_while_shut and shut, f"{step} moves while a man waits on the bar"
        mine[step.src] -= 1
        mine[step.dst] += 1


def check_cap(pos: Position) -> None:
    for side in (0, 1):
        assert all(n <= 2 for n in pos.board[side][1:OFF]), pos
    for p in range(1, OFF):
        assert not (pos.board[0][p] and pos.board[1][OFF - p]), pos


OPTION_SETS = [
    ({}, 10),
    ({"free_entry": True}, 4),
    ({"bear_off_race": True}, 6),
    ({"only_opponent_points": True}, 6),
    ({"last_mover_wins": True}, 4),
    ({"last_mover_wins": True, "only_opponent_points": True}, 6),
    ({"one_die_per_man": True}, 4),
    ({"one_die_per_man": True, "free_entry": True, "last_mover_wins": True}, 4),
    ({"one_die_per_man": True, "only_opponent_points": True, "play_while_shut": True}, 4),
    ({"only_opponent_points": True, "play_while_shut": True}, 4),
]


@pytest.mark.parametrize(
    ("options", "games"), OPTION_SETS, ids=[str(o or "default") for o, _ in OPTION_SETS]
)
def test_seeded_games_end_and_keep_every_rule(options, games):
    variant = qt(options)
    for seed in range(games):
        rng = random.Random(seed)
        state = m.new_game(variant, rng)
        while not state.is_over:
            if state.phase is m.Phase.ROLL:
                state = m.roll(state, rng)
                continue
            legal = m.legal_plays(state)
            chosen = rng.choice(legal)
            check_play(state.position, chosen, bool(options.get("play_while_shut")))
            state = m.play(state, chosen, legal)
            variant.validate(state.position)
            check_cap(state.position)
            assert state.turn < 3000, (seed, state.position)
        result, end = state.result, state.position
        assert result.kind in type(variant).result_kinds
        if result.kind in (Kind.TIE, Kind.LAST_MOVER):
            # The shut-out outranks both: neither side is shut out.
            assert not variant.shut_out(end, 0) and not variant.shut_out(end, 1)
        if result.kind is Kind.TIE:
            assert not options.get("last_mover_wins")
            assert result == Outcome(None, Kind.TIE, 0, Termination.DEADLOCK)
        elif result.kind is Kind.LAST_MOVER:
            assert options.get("last_mover_wins") and result.winner == 1 - end.to_act
            assert variant.is_stuck(end, 0) and variant.is_stuck(end, 1)
        elif result.kind is Kind.SHUTOUT:
            # The side about to act, or (nobody able to move) the side that just played.
            loser = 1 - result.winner
            assert end.bar(loser) and variant.shut_out(end, loser)
            assert loser == end.to_act or variant.is_deadlocked(end, loser)
        else:
            assert result == Outcome(result.winner, Kind.SINGLE, 1, Termination.BORNE_OFF)
            won = end.board[result.winner]
            assert (won[OFF] if options.get("bear_off_race") else sum(won[17:OFF])) == 15
