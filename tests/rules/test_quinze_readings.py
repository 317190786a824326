"""Quinze Tablas' reading "one die a man": each die moves a different man.

The search counts the men moved this turn (``Board.moved``); here it is checked
against a plain search that gives every man a name and lets each named man take
one die, on literal positions and on every decision of seeded games; the opening
throw can no longer reach the other side's lone man; a person's turn in the
window moves each man once and says why a moved man cannot go again.
"""

from __future__ import annotations

import itertools
import random

import pytest

from game.play.reasons import MOVED_ONCE, why_not
from game.play.turn import TurnInput
from game.rules import match as m
from game.rules.play import Play, Step
from game.rules.position import Position
from game.rules.search import Board
from game.rules.variants import find_variant
from game.rules.variants.base import Variant

ONE = find_variant("quinze_tablas", {"one_die_per_man": True})
TWO = find_variant("quinze_tablas", {"one_die_per_man": False})
OFF = 25


def named_search(variant: Variant, position: Position, dice) -> set[Position]:
    """The positions every legal play leaves, found by naming each man: a man that has
    taken a die is never moved again. Where a step may go is asked of the variant's
    own step rules (the cap, hitting, entering), on a board that knows nothing of
    which men moved; the most dice are used."""
    side = position.to_act
    men = [pos for pos, n in enumerate(position.board[side][:OFF]) for _ in range(n)]
    men += [0] * position.hand[side]
    ends: dict[Position, int] = {}

    def go(board: Board, men: list[int], moved: frozenset[int], left: tuple[int, ...], used: int):
        after = Position(
            tuple(tuple(r) for r in board.rows),
            position.to_act,
            tuple(board.hand),
            tuple(board.flags),
        )
        ends[after] = max(ends.get(after, 0), used)
        for i, die in enumerate(left):
            legal = set(variant.legal_steps(board, die))
            for who, where in enumerate(men):
                if who in moved:
                    continue
                for step in legal:
                    if step.src != where:
                        continue
                    token = board.apply(step)
                    go(
                        board,
                        [*men[:who], step.dst, *men[who + 1:]],
                        moved | {who},
                        left[:i] + left[i + 1 :],
                        used + 1,
                    )
                    board.undo(step, token)

    go(Board(variant, position), men, frozenset(), tuple(dice), 0)
    most = max(ends.values())
    return {after for after, used in ends.items() if used == most}


def searched(variant: Variant, position: Position, dice) -> set[Position]:
    return {
        variant.apply_play(position, play).with_to_act(position.to_act)
        for play in variant.generate_plays(position, dice)
    }


def test_the_opening_throw_cannot_reach_the_lone_man():
    """At the start the other side's lone man stands nine points from the nearest man
    (pos 8 to its pos 8, my pos 17): two dice on one man reach it, one die cannot."""
    start = ONE.start_position()
    for dice in itertools.combinations_with_replacement(range(1, 7), 3):
        assert not any(s.hit for play in ONE.generate_plays(start, dice) for s in play), dice
    hits = [p for p in TWO.generate_plays(start, (5, 4, 1)) if any(s.hit for s in p)]
    assert [s.dst for play in hits for s in play if s.hit] == [17]  # the lone man, by 7-12-16-17


@pytest.mark.parametrize("dice", [(1, 2, 3), (6, 6, 6), (5, 3, 1), (4, 4, 2), (6, 5, 1)])
def test_the_start_against_named_men(dice):
    start = ONE.start_position()
    assert searched(ONE, start, dice) == named_search(ONE, start, dice)
    assert searched(ONE, start, dice) < searched(TWO, start, dice)  # fewer plays, none new


def test_a_lone_runner_goes_one_die_only():
    """One man out, the rest in pairs on a full goal that cannot move: it takes one die
    and the other two stay unplayed (under the other reading it takes two)."""
    mine = {p: 2 for p in range(18, 25)} | {9: 1}  # pairs on 18-24, a runner on 9
    theirs = {p: 2 for p in range(18, 25)} | {17: 1}  # on their own pos: my 1-8
    pos = Position(
        tuple(tuple(side.get(p, 0) for p in range(OFF + 1)) for side in (mine, theirs)),
        0,
        (0, 0),
        (0, 0),
    )
    ONE.validate(pos)
    plays = ONE.generate_plays(pos, (1, 3, 5))
    assert {tuple((s.src, s.dst) for s in p) for p in plays} == {
        ((9, 10),),
        ((9, 12),),
        ((9, 14),),
    }
    assert {len(p) for p in TWO.generate_plays(pos, (1, 3, 5))} == {2}


def test_every_decision_of_seeded_games_matches_named_men():
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = m.new_game(ONE, rng)
        while not state.is_over and state.turn < 400:
            if state.phase is m.Phase.ROLL:
                state = m.roll(state, rng)
                continue
            legal = m.legal_plays(state)
            if state.turn % 3 == 0:
                assert searched(ONE, state.position, state.dice) == named_search(
                    ONE, state.position, state.dice
                ), (seed, state.turn)
                checked += 1
            state = m.play(state, rng.choice(legal), legal)
    assert checked > 30


def test_a_person_moves_each_man_once():
    """In the window: after a man moves, it offers no further step and a click on it
    says why; a man is never offered a chained move of two dice."""
    state = m.GameState(ONE, ONE.start_position(), m.Phase.MOVE, (5, 4, 1))
    turn = TurnInput(state, m.legal_plays(state))
    assert all(
        len(move.steps) == 1 for src in turn.sources() for move in turn.moves_from(src).values()
    )
    turn.make(turn.moves_from(8)[13])  # the lone man on 8 takes the 5
    assert 13 not in turn.sources()
    assert why_not(turn, 13) == MOVED_ONCE
    # Under the other reading the same man may go on to hit with the 4.
    state = m.GameState(TWO, TWO.start_position(), m.Phase.MOVE, (5, 4, 1))
    other = TurnInput(state, m.legal_plays(state))
    other.make(other.moves_from(8)[13])
    assert 17 in other.moves_from(13)
    assert why_not(other, 13) == ""


# -- play on while shut in by one's own pairs ----------------------------------------------

WAIT = find_variant("quinze_tablas", {"only_opponent_points": True, "one_die_per_man": False})
PLAY_ON = find_variant(
    "quinze_tablas",
    {"only_opponent_points": True, "play_while_shut": True, "one_die_per_man": False},
)


def shut_in() -> Position:
    """A man to enter; pos 1-3 are its own pairs, pos 4-6 the other side's."""
    mine = {0: 1, 1: 2, 2: 2, 3: 2, 10: 2, 11: 2, 12: 2, 13: 2}
    theirs_on_mine = {4: 2, 5: 2, 6: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 1}
    theirs = {OFF - p: n for p, n in theirs_on_mine.items()}
    pos = Position(
        tuple(tuple(side.get(p, 0) for p in range(OFF + 1)) for side in (mine, theirs)),
        0,
        (0, 0),
        (0, 0),
    )
    PLAY_ON.validate(pos)
    return pos


def test_shut_in_by_own_pairs_waits_or_plays_on():
    pos = shut_in()
    assert not WAIT.shut_out(pos, 0) and not PLAY_ON.shut_out(pos, 0)  # own pairs: no loss
    assert TWO.shut_out(pos, 0)  # the default: shut out whoever holds the points
    assert [tuple(p) for p in WAIT.generate_plays(pos, (1, 2, 5))] == [()]  # it waits
    plays = PLAY_ON.generate_plays(pos, (1, 2, 5))
    assert all(len(p) == 3 for p in plays)
    ends = {PLAY_ON.apply_play(pos, p).board[0] for p in plays}
    # 3-8 and 1-3 open pos 1, and the man enters there with the 1.
    entered = dict(
        enumerate(
            PLAY_ON.apply_play(pos, Play((Step(3, 8, 5), Step(1, 3, 2), Step(0, 1, 1)))).board[0]
        )
    )
    assert tuple(entered.values()) in ends
    # Once a point is open the man must enter before another man moves: 1-3 then 3-8
    # opens pos 1 for the 1 still to play, so the 1 cannot move a third man.
    moved_on = PLAY_ON.apply_play(pos, Play((Step(3, 8, 5), Step(1, 3, 2), Step(10, 11, 1))))
    assert moved_on.board[0] not in ends
    both = find_variant("quinze_tablas", {**PLAY_ON.options, "one_die_per_man": True})
    assert named_search(both, pos, (1, 2, 5)) == searched(both, pos, (1, 2, 5))


def test_play_on_keeps_entering_first_while_a_point_is_open():
    start = PLAY_ON.start_position()
    pos = start.with_to_act(0)
    # Nothing waits at the start: the option changes nothing.
    assert searched(PLAY_ON, pos, (6, 5, 4)) == searched(WAIT, pos, (6, 5, 4))


# -- the default, and games stored before it -----------------------------------------------


def test_the_default_is_one_die_a_man_and_the_last_mover_wins():
    default = find_variant("quinze_tablas")
    assert default.options["one_die_per_man"] and default.options["last_mover_wins"]
    assert default.moves_each_man_once
    assert not any(
        s.hit
        for dice in itertools.combinations_with_replacement(range(1, 7), 3)
        for play in default.generate_plays(default.start_position(), dice)
        for s in play
    )


def _old_options(variant: Variant) -> dict:
    """The options as a save of the old default wrote them: the names it knew."""
    return {
        k: v for k, v in variant.options.items() if k not in ("one_die_per_man", "last_mover_wins")
    }


def test_a_game_saved_before_the_new_default_goes_on_under_its_own_rules():
    """A state, a replay and a setup written before these options existed name only the
    options of their day: they read back under the rules they were played under (one
    man may take several dice; a jam is a draw), and the new default is not forced on
    a game already begun."""
    from game.play.session import GameSetup, setup_from_json, setup_to_json
    from game.rules.replay import Replay, replay_from_json
    from game.rules.serial import state_from_json, state_to_json

    old = find_variant("quinze_tablas", {"one_die_per_man": False, "last_mover_wins": False})
    state = m.GameState(old, old.start_position(), m.Phase.MOVE, (5, 4, 1))
    written = state_to_json(state)
    written["options"] = _old_options(old)
    assert state_from_json(written).variant == old
    back = state_from_json(state_to_json(m.GameState(ONE, ONE.start_position())))
    assert back.variant == find_variant("quinze_tablas")  # a state that names them keeps them

    replay = Replay("quinze_tablas", dict(old.options), 5, ())
    stored = replay.to_json()
    stored["options"] = _old_options(old)
    assert find_variant("quinze_tablas", replay_from_json(stored).options) == old

    setup = GameSetup("quinze_tablas", dict(old.options))
    stored = setup_to_json(setup)
    stored["options"] = _old_options(old)
    assert setup_from_json(stored) == setup
    # A new game's setup names every option, so the new default is kept as chosen.
    fresh = GameSetup("quinze_tablas", dict(find_variant("quinze_tablas").options))
    assert setup_from_json(setup_to_json(fresh)) == fresh


def test_notation_names_each_mans_move_where_each_man_moves_once():
    """1/3 then 3/8 are two men's moves under "one die a man" (written so, and read back);
    under Alfonso's reading the same steps are one man's, written 1/8."""
    from game.rules.notation import format_play, parse_play

    play = Play((Step(1, 3, 2), Step(3, 8, 5), Step(7, 9, 2)))
    assert format_play(ONE, play) == "1/3 3/8 7/9"
    assert format_play(TWO, play) == "1/8 7/9"
    start = ONE.start_position()
    read = parse_play(ONE, start, (2, 5, 2), "1/3 3/8 7/9")
    assert ONE.apply_play(start, read) == ONE.apply_play(start, play)
