"""Plakoto as RULES.md decides it: contrary movement from pos 1, pinning instead of hitting
(the pinned man stays, its point is closed to its own side, the pinner's side may add men,
it is freed when the last pinner leaves, bearing off included), a point with two free
opponent men closed, bearing off blocked while a man is pinned (and the option), the mother
with its timing and points, both mothers a tie, single and gammon, and seeded games.

Positions are written on side 0's pos: side 1's men are given by the side-0 pos of their
point (side 1's own pos is 25 - p: its start, its pos 1, is side 0's pos 24), and so are
the pinned men of both sides. Plays are named in the mover's notation (its own pos), one
per position they leave; a pin is written like any other move (no ``*``: nothing is hit).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator

import pytest

from game.rules import match as m
from game.rules.errors import OptionError, PositionError
from game.rules.notation import format_play, parse_play
from game.rules.outcome import Kind, Outcome, Termination
from game.rules.play import Play
from game.rules.position import Position, position_from_counts
from game.rules.search import Board
from game.rules.serial import state_from_json, state_to_json
from game.rules.variants.plakoto import OFF, Plakoto, mother_pinned, pinned_pos

PLAKOTO = Plakoto()
WHILE_PINNED = Plakoto({"bear_off_while_pinned": True})


def position(
    mine: dict[int, int],
    theirs: dict[int, int],
    *,
    my_pins: Iterable[int] = (),
    their_pins: Iterable[int] = (),
    to_act: int = 0,
    variant: Plakoto = PLAKOTO,
) -> Position:
    """Side 0's men, side 1's men and the pinned men of each, all on side 0's pos
    (pos 25 is off for both); validated."""
    theirs_own = {p if p == OFF else OFF - p: n for p, n in theirs.items()}
    flags = (
        sum(1 << p for p in my_pins),
        sum(1 << (OFF - p) for p in their_pins),
    )
    where = position_from_counts([mine, theirs_own], 24, to_act=to_act, flags=flags)
    variant.validate(where)
    return where


def plays(where: Position, dice: tuple[int, int], variant: Plakoto = PLAKOTO) -> set[str]:
    """The legal plays of ``dice`` in the mover's notation (one per resulting position)."""
    found = m.legal_plays(m.GameState(variant, where, m.Phase.MOVE, dice))
    named = {format_play(variant, play) for play in found}
    assert len(named) == len(found), found
    return named


def first_steps(where: Position, die: int, variant: Plakoto = PLAKOTO) -> set[tuple[int, int]]:
    return {(s.src, s.dst) for s in variant.legal_steps(Board(variant, where), die)}


def after(
    where: Position, dice: tuple[int, int], text: str, variant: Plakoto = PLAKOTO
) -> m.GameState:
    """The state after the legal play written ``text``."""
    state = m.GameState(variant, where, m.Phase.MOVE, dice)
    legal = m.legal_plays(state)
    chosen = [p for p in legal if format_play(variant, p) == text]
    assert chosen, (text, {format_play(variant, p) for p in legal})
    return m.play(state, chosen[0], legal)


def pins(where: Position, side: int) -> list[int]:
    """``side``'s pinned men, on side 0's pos."""
    own = pinned_pos(where.flags[side])
    return own if side == 0 else sorted(OFF - p for p in own)


# -- the board -----------------------------------------------------------------------------


def test_fifteen_each_on_pos_1_facing_the_opponent_s_pos_24():
    start = PLAKOTO.start_position()
    PLAKOTO.validate(start)
    assert start.board[0][1] == start.board[1][1] == 15 and start.flags == (0, 0)
    assert PLAKOTO.facing_pos(0, 1, 1) == 24 and PLAKOTO.facing_pos(1, 1, 0) == 24
    # Contrary directions on backgammon's cells: side 0 starts on cell 23, side 1 on cell 0.
    assert (PLAKOTO.cell(0, 1), PLAKOTO.cell(1, 1)) == (23, 0)
    assert PLAKOTO.cell(0, 7) == PLAKOTO.cell(1, 18)


def test_the_opening_winner_throws_afresh_two_dice_doubles_four_times():
    state = m.opened(PLAKOTO, (6, 1))
    assert (state.on_roll, state.phase, state.dice) == (0, m.Phase.ROLL, ())
    assert PLAKOTO.dice_count == 2 and PLAKOTO.doubles_repeat
    # 6-6 from the start: four sixes shared among men from pos 1 (none bears off).
    assert plays(PLAKOTO.start_position(), (6, 6)) == {
        "1/7(4)",
        "1/7(2) 1/13",
        "1/13(2)",
        "1/7 1/19",
    }


def test_options_are_named_with_their_sources():
    specs = {spec.name: spec for spec in Plakoto.option_specs}
    assert set(specs) == {"bear_off_while_pinned", "mother_points"}
    assert all(spec.label and spec.source and spec.description for spec in specs.values())
    assert specs["bear_off_while_pinned"].default is False
    assert specs["mother_points"].default == 2 and specs["mother_points"].values == (1, 2, 3)
    with pytest.raises(OptionError, match="mother_points"):
        Plakoto({"mother_points": 4})
    assert Plakoto.result_kinds == {Kind.SINGLE, Kind.GAMMON, Kind.MOTHER, Kind.TIE}


# -- pinning -------------------------------------------------------------------------------

# Side 0 moves its men on pos 3 and 10 (its thirteen on pos 24 cannot move: not all home);
# side 1 has a lone man on side 0's pos 8 and fourteen on its own pos 24 (side 0's pos 1).
LONE_AT_8 = {1: 14, 8: 1}


def test_a_man_landing_on_a_lone_man_pins_it_and_frees_it_when_it_moves_on():
    where = position({24: 13, 3: 1, 10: 1}, LONE_AT_8)
    # 3/10 is one play whether the man rested on 8 (pinning) or on 5.
    assert plays(where, (5, 2)) == {"3/8 10/12", "3/5 10/15", "3/10", "10/17"}
    pinned = after(where, (5, 2), "3/8 10/12").position
    assert pins(pinned, 1) == [8] and pins(pinned, 0) == []
    assert pinned.board[0][8] == 1 and pinned.board[1][OFF - 8] == 1  # both on one cell
    PLAKOTO.validate(pinned)
    passed = after(where, (5, 2), "3/10").position
    assert passed.flags == (0, 0)


def test_the_step_that_pins_is_no_hit_and_its_notation_has_no_star():
    where = position({24: 13, 3: 1, 10: 1}, LONE_AT_8)
    state = m.GameState(PLAKOTO, where, m.Phase.MOVE, (5, 2))
    (play,) = [p for p in m.legal_plays(state) if format_play(PLAKOTO, p) == "3/8 10/12"]
    assert not any(step.hit for step in play)
    # A reader who marks the pin with GNU's star still names the same play.
    assert parse_play(PLAKOTO, where, (5, 2), "3/8* 10/12") == play
    assert parse_play(PLAKOTO, where, (5, 2), "10/12 3/8") == play


def test_a_point_with_two_free_opponent_men_is_closed():
    where = position({24: 13, 3: 1, 10: 1}, {1: 12, 8: 1, 13: 2})
    assert first_steps(where, 3) == {(3, 6)}  # 10/13 lands on two free men
    # Pinning on 8 with the 5 leaves a 3 only the pinner can play on (8/11): no pin stays.
    assert plays(where, (5, 3)) == {"3/11", "3/6 10/15", "10/18"}


# Side 0's man on its pos 8 is pinned under one man of side 1 (side 1's pos 17).
PINNED_AT_8 = {1: 13, 8: 1, 11: 1}


def test_a_pinned_man_cannot_move_and_its_point_is_closed_to_its_own_side():
    where = position({24: 12, 3: 1, 5: 1, 8: 1}, PINNED_AT_8, my_pins=[8])
    assert first_steps(where, 5) == {(5, 10)}  # 3/8 would land on its own pinned man
    assert first_steps(where, 3) == {(3, 6)}  # 5/8 likewise; 8/11 is the pinned man
    assert plays(where, (5, 3)) == {"3/6 5/10", "5/13", "3/11"}


def test_the_pinner_s_side_may_add_men_and_the_man_is_freed_when_the_last_pinner_leaves():
    where = position({24: 12, 3: 1, 5: 1, 8: 1}, PINNED_AT_8, my_pins=[8], to_act=1)
    # Side 1 (own pos): a man on 14 and the pinner on 17 (side 0's 8); side 0's lone man on
    # side 1's 20 (side 0's 5) can be pinned too. 14/17 adds a man on the pinned man.
    assert first_steps(where, 3) == {(14, 17), (17, 20)}
    assert plays(where, (3, 1)) == {"14/18", "14/15 17/20", "17/21"}
    # 14/18: one man stays on 17 (whichever): still pinned.
    kept = after(where, (3, 1), "14/18").position
    assert pins(kept, 0) == [8]
    # 17/20 and 14/15: the last pinner left 8 and pinned the man on side 0's pos 5.
    moved = after(where, (3, 1), "14/15 17/20").position
    assert pins(moved, 0) == [5]
    # 17/21: freed on 8, and the man on 5 was pinned only on the way.
    gone = after(where, (3, 1), "17/21").position
    assert gone.flags == (0, 0)
    # Two pinners: one leaving keeps the pin, the second frees the man.
    two = position({24: 12, 3: 1, 5: 1, 8: 1}, {1: 13, 8: 2}, my_pins=[8], to_act=1)
    assert pins(after(two, (1, 2), "17/18 17/19").position, 0) == []
    # (17/20 also pins the lone man on side 0's 5 on its way past.)
    assert pins(after(two, (2, 1), "17/20").position, 0) == [5, 8]


def test_a_pinner_bearing_off_frees_the_man_under_it():
    # Side 0's man on its pos 3 is pinned under side 1's man on side 1's pos 22.
    where = position({2: 14, 3: 1}, {6: 14, 3: 1}, my_pins=[3], to_act=1)
    assert plays(where, (6, 3)) == {"19/22 19/off", "19/off 22/off"}
    assert pins(after(where, (6, 3), "19/22 19/off").position, 0) == [3]
    assert after(where, (6, 3), "19/off 22/off").position.flags == (0, 0)


# -- bearing off ---------------------------------------------------------------------------

# Side 0 is all home, its man on pos 20 pinned by side 1's man there (side 1's pos 5);
# side 1's other fourteen stand on its pos 1 (side 0's 24), which closes pos 24 to side 0.
HOME_PINNED = {19: 13, 20: 1, 22: 1}
PINNER_AT_20 = {24: 14, 20: 1}


def test_no_man_bears_off_while_one_is_pinned():
    where = position(HOME_PINNED, PINNER_AT_20, my_pins=[20])
    assert first_steps(where, 6) == set()
    assert plays(where, (6, 2)) == {"19/21"}


def test_with_the_option_the_free_men_bear_off_while_one_is_pinned():
    where = position(HOME_PINNED, PINNER_AT_20, my_pins=[20], variant=WHILE_PINNED)
    assert first_steps(where, 6, WHILE_PINNED) == {(19, OFF)}
    assert plays(where, (6, 2), WHILE_PINNED) == {"19/21 19/off"}


def test_a_pinned_man_is_still_the_rearmost():
    # Only a man on 23 and the pinned man on 20: a 6 or a 5 may not bear off the man on 23,
    # and the pinned man cannot use the exact 5.
    where = position({20: 1, 23: 1, 25: 13}, PINNER_AT_20, my_pins=[20], variant=WHILE_PINNED)
    assert plays(where, (6, 5), WHILE_PINNED) == {"pass"}
    assert plays(where, (2, 1), WHILE_PINNED) == {"23/off"}
    assert plays(where, (2, 1)) == {"pass"}  # without the option, not even the exact 2


# -- the mother ---------------------------------------------------------------------------

# Side 0's mother (its last man on pos 1) is pinned under side 1's man there (side 1's 24).
MOTHER_0 = {1: 1, 10: 14}


def test_the_mother_pinned_waits_while_the_pinner_still_has_men_on_its_own_start():
    where = position(MOTHER_0, {1: 1, 24: 2, 18: 12}, my_pins=[1], to_act=1)
    assert mother_pinned(where, 0) and not mother_pinned(where, 1)
    assert PLAKOTO.outcome(where, 1) is None
    # Side 1 (own pos) plays one man off its start: the other stays, play goes on.
    on = after(where, (2, 1), "1/3 7/8")
    assert on.result is None and on.phase is m.Phase.ROLL
    # Both leave: the pinner's start is empty, side 0 loses its mother: 2 points.
    won = after(where, (2, 1), "1/2 1/3")
    assert won.result == Outcome(1, Kind.MOTHER, 2, Termination.MOTHER)
    assert won.match.score == (0, 2)


@pytest.mark.parametrize("points", [1, 3])
def test_the_mother_s_points_are_an_option(points):
    variant = Plakoto({"mother_points": points})
    where = position(MOTHER_0, {1: 1, 24: 2, 18: 12}, my_pins=[1], to_act=1, variant=variant)
    won = after(where, (2, 1), "1/2 1/3", variant)
    assert won.result == Outcome(1, Kind.MOTHER, points, Termination.MOTHER)


def test_pinning_the_mother_wins_at_once_when_the_pinner_s_start_is_already_empty():
    # Side 1 (own pos) has left its start; its man on 21 lands on side 0's lone mother.
    where = position({1: 1, 10: 14}, {4: 1, 18: 14}, to_act=1)
    won = after(where, (3, 1), "7/8 21/24")
    assert won.result == Outcome(1, Kind.MOTHER, 2, Termination.MOTHER)
    assert pins(won.position, 0) == [1]
    # While side 1 still has a man on its start, the same pin does not end the game.
    waiting = position({1: 1, 10: 14}, {4: 1, 18: 13, 24: 1}, to_act=1)
    assert after(waiting, (3, 1), "7/8 21/24").result is None


def test_both_mothers_pinned_is_a_tie():
    # Side 0's mother is pinned; side 0 pins side 1's mother (side 0's 24) with its man on 22.
    where = position({1: 1, 22: 1, 10: 13}, {1: 1, 24: 1, 15: 13}, my_pins=[1])
    tied = after(where, (2, 1), "10/11 22/24")
    assert tied.result == Outcome(None, Kind.TIE, 0, Termination.MOTHER)
    assert mother_pinned(tied.position, 0) and mother_pinned(tied.position, 1)
    assert tied.match.score == (0, 0)


def test_a_man_pinned_on_pos_1_among_others_of_its_side_cannot_be():
    # A lone man is pinned: while two stand on pos 1, the opponent cannot land there.
    where = position({1: 2, 10: 13}, {4: 1, 18: 14}, to_act=1)
    assert (21, 24) not in first_steps(where, 3)


# -- the end ------------------------------------------------------------------------------


def test_bearing_off_all_fifteen_wins_single_or_gammon():
    last_man = {24: 1, 25: 14}
    gammon = after(position(last_man, {7: 15}), (2, 1), "24/off")
    assert gammon.result == Outcome(0, Kind.GAMMON, 2, Termination.BORNE_OFF)
    single = after(position(last_man, {6: 14, 25: 1}), (2, 1), "24/off")
    assert single.result == Outcome(0, Kind.SINGLE, 1, Termination.BORNE_OFF)
    assert PLAKOTO.deadlock_outcome(PLAKOTO.start_position(), 0).kind is Kind.TIE


# -- positions ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mine", "theirs", "my_pins", "their_pins", "message"),
    [
        ({1: 14, 8: 1}, {24: 14, 8: 1}, [], [], "pos 8: exactly one man there must be pinned"),
        ({1: 14, 8: 1}, {24: 14, 8: 1}, [8], [8], "pos 8: .* pinned, not 2"),
        ({1: 13, 8: 2}, {24: 14, 8: 1}, [8], [], "alone on its point"),
        ({1: 14, 8: 1}, {24: 15}, [8], [], "no opponent man"),
        ({1: 14, 24: 1}, {24: 15}, [24], [], "bits 1-23"),
        ({1: 14, 0: 1}, {24: 15}, [], [], "no man is on the bar"),
        ({1: 1, 25: 14}, {24: 15}, [], [], "borne off 14 men with men still outside"),
    ],
)
def test_validate_refuses_what_no_play_leaves(mine, theirs, my_pins, their_pins, message):
    theirs_own = {p if p == OFF else OFF - p: n for p, n in theirs.items()}
    flags = (sum(1 << p for p in my_pins), sum(1 << (OFF - p) for p in their_pins))
    where = position_from_counts([mine, theirs_own], 24, flags=flags)
    with pytest.raises(PositionError, match=message):
        PLAKOTO.validate(where)


def test_validate_still_counts_the_men_and_the_shape():
    with pytest.raises(PositionError, match="14 men"):
        PLAKOTO.validate(position_from_counts([{1: 14}, {1: 15}], 24))
    with pytest.raises(PositionError, match="flags"):
        PLAKOTO.validate(Position(PLAKOTO.start_position().board, 0, (0, 0), (0,)))
    with pytest.raises(PositionError, match="not pinned points"):
        PLAKOTO.validate(Position(PLAKOTO.start_position().board, 0, (0, 0), (1, 0)))


def test_a_pinned_state_round_trips_through_json_and_bad_pins_are_refused():
    where = position({24: 12, 3: 1, 5: 1, 8: 1}, PINNED_AT_8, my_pins=[8], to_act=1)
    state = m.GameState(PLAKOTO, where, m.Phase.MOVE, (3, 1))
    obj = json.loads(json.dumps(state_to_json(state)))
    assert obj["flags"] == [1 << 8, 0]
    assert state_from_json(obj) == state
    obj["flags"] = [1 << 8, 1 << 17]  # side 1's pinner marked pinned too
    with pytest.raises(PositionError, match="must be pinned, not 2"):
        state_from_json(obj)
    # The mother's win reads back too.
    won = after(position(MOTHER_0, {1: 1, 24: 2, 18: 12}, my_pins=[1], to_act=1), (2, 1), "1/2 1/3")
    assert state_from_json(json.loads(json.dumps(state_to_json(won)))) == won


# -- seeded games ---------------------------------------------------------------------------

OPTION_SETS = [
    {"bear_off_while_pinned": flag, "mother_points": points}
    for flag in (False, True)
    for points in (1, 2, 3)
]


def seeded_game(
    variant: Plakoto, seed: int, *, round_trip: bool = True
) -> Iterator[tuple[m.GameState, Play, m.GameState]]:
    """A game of random legal plays: (state before, play, state after) for every play.
    Every position is validated (fifteen men a side, the pins agreeing with the board) and,
    with ``round_trip``, every state goes through its JSON form and back unchanged."""
    rng = random.Random(seed)
    state = m.new_game(variant, rng)
    while not state.is_over:
        if state.phase is m.Phase.ROLL:
            state = m.roll(state, rng)
            continue
        legal = m.legal_plays(state)
        chosen = rng.choice(legal)
        before = state
        state = m.play(state, chosen, legal)
        variant.validate(state.position)
        if round_trip:
            assert state_from_json(json.loads(json.dumps(state_to_json(state)))) == state
        yield before, chosen, state
        assert state.turn < 1000, (seed, state.position)


@pytest.mark.parametrize("options", OPTION_SETS, ids=[str(o) for o in OPTION_SETS])
def test_seeded_games_end_and_keep_every_rule(options):
    variant = Plakoto(options)
    seed = OPTION_SETS.index(options)
    for before, play, state in seeded_game(variant, seed):
        end = state
        side = before.position.to_act
        # A pinned man never moves; a man pinned stays pinned until its last pinner left.
        for p in pinned_pos(before.position.flags[side]):
            assert all(step.src != p for step in play)
        other = 1 - side
        for p in pinned_pos(before.position.flags[other]):
            still = state.position.board[side][OFF - p] > 0
            assert bool(state.position.flags[other] >> p & 1) == still
    result = end.result
    assert result is not None and result.kind in Plakoto.result_kinds
    if result.kind is Kind.MOTHER:
        assert result.points == options["mother_points"]
        loser = 1 - result.winner
        assert mother_pinned(end.position, loser) and not end.position.board[result.winner][1]
    elif result.kind is Kind.TIE:
        assert result.termination in (Termination.MOTHER, Termination.DEADLOCK)
    else:
        loser = 1 - result.winner
        assert (result.kind is Kind.GAMMON) == (end.position.off(loser) == 0)


def test_every_play_of_a_seeded_game_reads_back_from_its_notation():
    for before, play, _state in seeded_game(PLAKOTO, 11, round_trip=False):
        text = format_play(PLAKOTO, play)
        read = parse_play(PLAKOTO, before.position, before.dice, text)
        assert PLAKOTO.apply_play(before.position, read) == PLAKOTO.apply_play(
            before.position, play
        ), text


# -- a reference: the rules written out plainly, to check the search against -----------------

Result = tuple[tuple[int, ...], frozenset[int], frozenset[int]]


def reference_results(where: Position, dice: tuple[int, int], while_pinned: bool) -> set[Result]:
    """After every legal play of ``dice``: the mover's row, its pinned men and the opponent's
    pinned men (both on the mover's pos), found by trying every sequence of steps with
    RULES.md's words for Plakoto: slow and plain, not the engine's hooks."""
    side = where.to_act
    other = 1 - side
    theirs = [0] + [where.board[other][OFF - p] for p in range(1, 25)]  # on my pos
    my_pins0 = frozenset(pinned_pos(where.flags[side]))
    their_pins0 = frozenset(OFF - p for p in pinned_pos(where.flags[other]))
    rolled = dice * 2 if dice[0] == dice[1] else dice

    def steps(row: list[int], mine_pinned: frozenset[int], their_pinned: frozenset[int], die: int):
        for src in range(1, 25):
            if not row[src] or src in mine_pinned:  # a pinned man cannot move
                continue
            dst = src + die
            if dst <= 24:
                if dst in mine_pinned:  # its point is closed to its own side
                    continue
                free_there = 0 if dst in their_pinned else theirs[dst]
                if free_there >= 2:  # two or more free opponent men close a point
                    continue
            else:
                all_home = not any(row[1:19])
                if not all_home or (mine_pinned and not while_pinned):
                    continue
                if dst > 25 and any(row[19:src]):  # a higher die: the rearmost man only
                    continue
                dst = 25
            yield src, dst

    found: dict[Result, list[int]] = {}

    def search(row, mine_pinned, their_pinned, left, used) -> None:
        moved = False
        for i, die in enumerate(left):
            for src, dst in steps(row, mine_pinned, their_pinned, die):
                moved = True
                after_row = list(row)
                after_row[src] -= 1
                after_row[dst] += 1
                pinned = set(their_pinned)
                if not after_row[src]:
                    pinned.discard(src)  # the last pinner left: the man is free
                if dst <= 24 and theirs[dst] == 1:
                    pinned.add(dst)  # landing on a lone man pins it (or adds a pinner)
                rest = left[:i] + left[i + 1 :]
                search(after_row, mine_pinned, frozenset(pinned), rest, [*used, die])
        if not moved:
            key = (tuple(row), mine_pinned, their_pinned)
            score = sorted(used, reverse=True)
            if key not in found or (len(score), score) > (len(found[key]), found[key]):
                found[key] = score

    search(list(where.board[side]), my_pins0, their_pins0, rolled, [])
    most = max(len(s) for s in found.values())
    best = max(s for s in found.values() if len(s) == most)
    return {key for key, s in found.items() if s == best}


def engine_results(variant: Plakoto, where: Position, dice: tuple[int, int]) -> set[Result]:
    side = where.to_act
    found = m.legal_plays(m.GameState(variant, where, m.Phase.MOVE, dice))
    results = set()
    for play in found:
        after_play = variant.apply_play(where, play)
        results.add(
            (
                after_play.board[side],
                frozenset(pinned_pos(after_play.flags[side])),
                frozenset(OFF - p for p in pinned_pos(after_play.flags[1 - side])),
            )
        )
    assert len(results) == len(found)
    return results


ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


@pytest.mark.parametrize("while_pinned", [False, True], ids=["default", "bear_off_while_pinned"])
def test_the_search_agrees_with_the_rules_written_plainly(while_pinned):
    """Every roll in the literal positions above, and two rolls in every tenth position of
    a seeded game: the engine's plays leave exactly what the reference finds."""
    variant = Plakoto({"bear_off_while_pinned": while_pinned})
    literal = [
        PLAKOTO.start_position(),
        position({24: 13, 3: 1, 10: 1}, LONE_AT_8),
        position({24: 13, 3: 1, 10: 1}, {1: 12, 8: 1, 13: 2}),
        position({24: 12, 3: 1, 5: 1, 8: 1}, PINNED_AT_8, my_pins=[8]),
        position({24: 12, 3: 1, 5: 1, 8: 1}, PINNED_AT_8, my_pins=[8], to_act=1),
        position({2: 14, 3: 1}, {6: 14, 3: 1}, my_pins=[3], to_act=1),
        position(HOME_PINNED, PINNER_AT_20, my_pins=[20]),
        position({20: 1, 23: 1, 25: 13}, PINNER_AT_20, my_pins=[20]),
        position(MOTHER_0, {1: 1, 24: 2, 18: 12}, my_pins=[1], to_act=1),
    ]
    for where in literal:
        for dice in ROLLS:
            assert engine_results(variant, where, dice) == reference_results(
                where, dice, while_pinned
            ), (where, dice)
    rng = random.Random(5)
    game = seeded_game(variant, 3, round_trip=False)
    seen = [before.position for before, _play, _state in game][::10]
    assert any(any(p.flags) for p in seen)  # the game's positions include pins
    for where in seen:
        for dice in rng.sample(ROLLS, 2):
            assert engine_results(variant, where, dice) == reference_results(
                where, dice, while_pinned
            ), (where, dice)
