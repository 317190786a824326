"""Game states: the opening, the cube, resigning, matches, and whole seeded games."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from game.rules import match as m
from game.rules.errors import IllegalPlayError, RulesError
from game.rules.outcome import Kind, Termination
from game.rules.play import Play, Step
from game.rules.position import position_from_counts
from game.rules.serial import state_from_json, state_to_json
from game.rules.variants import find_variant

BG = find_variant("backgammon")


def bearoff_race(winner_left: int, loser: dict[int, int]):
    """Side 0 on roll with ``winner_left`` men on its ace point (pos 24); side 1 as given."""
    loser_counts = dict(loser)
    loser_counts[25] = 15 - sum(loser.values())
    me = {24: winner_left, 25: 15 - winner_left}
    return position_from_counts([me, loser_counts], 24, to_act=0)


def state_at(position, variant=BG, **kw):
    return m.GameState(variant, position, **kw)


def test_opening_throw_is_two_different_dice_and_the_starter_plays_them():
    for seed in range(50):
        state = m.new_game(BG, random.Random(seed))
        assert state.phase is m.Phase.MOVE
        assert len(state.opening) == 2 and state.opening[0] != state.opening[1]
        starter = state.on_roll
        assert state.opening[starter] == max(state.opening)
        assert sorted(state.dice) == sorted(state.opening)


def test_same_seed_gives_the_same_opening():
    a = m.new_game(BG, random.Random(7))
    b = m.new_game(BG, random.Random(7))
    assert a == b


def test_winning_with_loser_off_scores_single():
    pos = bearoff_race(1, {24: 5})  # the loser has borne off 10
    state = state_at(pos, phase=m.Phase.MOVE, dice=(6, 5))
    (only,) = m.legal_plays(state)
    after = m.play(state, only)
    assert after.result.kind is Kind.SINGLE and after.result.points == 1 and after.winner == 0


def test_winning_before_loser_bears_off_scores_gammon():
    pos = bearoff_race(1, {20: 15})
    after = m.play(
        state_at(pos, phase=m.Phase.MOVE, dice=(2, 1)),
        m.legal_plays(state_at(pos, phase=m.Phase.MOVE, dice=(2, 1)))[0],
    )
    assert after.result.kind is Kind.GAMMON and after.result.points == 2


def test_loser_in_winners_home_board_scores_backgammon():
    # The loser's pos 1-6 is the winner's home board.
    pos = bearoff_race(1, {3: 1, 20: 14})
    state = state_at(pos, phase=m.Phase.MOVE, dice=(2, 1))
    after = m.play(state, m.legal_plays(state)[0])
    assert after.result.kind is Kind.BACKGAMMON and after.result.points == 3


def test_loser_on_the_bar_scores_backgammon():
    pos = bearoff_race(1, {0: 1, 20: 14})
    state = state_at(pos, phase=m.Phase.MOVE, dice=(2, 1))
    after = m.play(state, m.legal_plays(state)[0])
    assert after.result.kind is Kind.BACKGAMMON


def test_cube_multiplies_the_result():
    pos = bearoff_race(1, {20: 15})
    state = state_at(pos, phase=m.Phase.MOVE, dice=(2, 1), cube=m.Cube(4, 0))
    after = m.play(state, m.legal_plays(state)[0])
    assert after.result.points == 8
    assert after.match.score == (8, 0)


def test_jacoby_counts_a_gammon_single_while_the_cube_is_centred():
    jacoby = find_variant("backgammon", {"jacoby": True})
    pos = bearoff_race(1, {20: 15})
    state = state_at(pos, jacoby, phase=m.Phase.MOVE, dice=(2, 1))
    after = m.play(state, m.legal_plays(state)[0])
    assert after.result.kind is Kind.GAMMON and after.result.points == 1
    turned = replace(state, cube=m.Cube(2, 1))
    after = m.play(turned, m.legal_plays(turned)[0])
    assert after.result.points == 4


def test_jacoby_does_not_apply_in_match_play():
    match_variant = find_variant("backgammon", {"jacoby": True, "match_length": 5})
    pos = bearoff_race(1, {20: 15})
    state = state_at(pos, match_variant, phase=m.Phase.MOVE, dice=(2, 1), match=m.MatchScore(5))
    after = m.play(state, m.legal_plays(state)[0])
    assert after.result.points == 2


def test_double_take_gives_the_cube_to_the_taker():
    state = state_at(BG.start_position(), phase=m.Phase.ROLL)
    assert m.can_double(state)
    offered = m.double(state)
    assert offered.phase is m.Phase.TAKE and offered.to_act == 1 and offered.on_roll == 0
    taken = m.take(offered)
    assert taken.cube == m.Cube(2, 1) and taken.phase is m.Phase.ROLL and taken.to_act == 0
    # Only the owner may redouble: side 0 cannot, side 1 can on its turn.
    assert not m.can_double(taken)
    side1 = replace(taken, position=taken.position.with_to_act(1))
    assert m.can_double(side1)


def test_drop_loses_the_present_cube_value():
    state = state_at(BG.start_position(), phase=m.Phase.ROLL, cube=m.Cube(2, 0))
    dropped = m.drop(m.double(state))
    assert dropped.is_over and dropped.winner == 0
    assert dropped.result.points == 2 and dropped.result.termination is Termination.DROPPED


def test_no_double_after_rolling_or_without_the_cube_option():
    state = state_at(BG.start_position(), phase=m.Phase.MOVE, dice=(3, 1))
    assert not m.can_double(state)
    with pytest.raises(IllegalPlayError):
        m.double(state)
    nocube = find_variant("backgammon", {"cube": False})
    assert not m.can_double(state_at(nocube.start_position(), nocube))


def test_beaver_only_in_money_play_with_the_option():
    beavers = find_variant("backgammon", {"beavers": True})
    offered = m.double(state_at(beavers.start_position(), beavers))
    assert m.can_beaver(offered)
    beavered = m.beaver(offered)
    assert beavered.cube == m.Cube(4, 1) and beavered.phase is m.Phase.ROLL
    plain = m.double(state_at(BG.start_position()))
    assert not m.can_beaver(plain)
    with pytest.raises(IllegalPlayError):
        m.beaver(plain)


def test_resignation_accepted_scores_its_level_times_the_cube():
    state = state_at(BG.start_position(), phase=m.Phase.ROLL, cube=m.Cube(2, 1))
    offer = m.resign(state, 2)
    assert offer.phase is m.Phase.RESIGN and offer.to_act == 1
    done = m.accept(offer)
    assert done.winner == 1 and done.result.kind is Kind.GAMMON
    assert done.result.points == 4 and done.result.termination is Termination.RESIGNED


def test_rejected_resignation_resumes_play():
    state = state_at(BG.start_position(), phase=m.Phase.MOVE, dice=(3, 1))
    back = m.reject(m.resign(state, 1))
    assert back.phase is m.Phase.MOVE and back.dice == (3, 1) and back.resign_offer == 0


@pytest.mark.parametrize("phase", [m.Phase.ROLL, m.Phase.MOVE])
def test_an_answered_or_overtaken_resignation_leaves_no_offer_behind(phase):
    # Outside the resign phase the state JSON keeps no offer: a state that kept one
    # would not read back the same (a saved game would not resume as it was).
    dice = (3, 1) if phase is m.Phase.MOVE else ()
    state = state_at(BG.start_position(), phase=phase, dice=dice)
    offer = m.resign(state, 2)
    refused = m.reject(offer)
    assert refused == state
    for after in (refused, m.accept(offer), m.concede(offer, 0)):
        assert (after.resign_offer, after.resume) == (0, m.Phase.ROLL)
        assert state_from_json(state_to_json(after)) == after


def test_crawford_game_follows_the_first_time_a_side_reaches_match_point():
    five = find_variant("backgammon", {"match_length": 5})
    rng = random.Random(3)
    state = m.new_game(five, rng)
    over = m._finish(replace(state, match=m.MatchScore(5, (2, 1))), m.Outcome(0, Kind.GAMMON, 2))
    assert over.match.score == (4, 1)
    crawford = m.next_game(over, rng)
    assert crawford.match.crawford and not m.can_double(replace(crawford, phase=m.Phase.ROLL))
    over2 = m._finish(crawford, m.Outcome(1, Kind.SINGLE, 1))
    post = m.next_game(over2, rng)
    assert not post.match.crawford and post.match.crawford_done
    assert m.can_double(replace(post, phase=m.Phase.ROLL, dice=()))


def test_no_crawford_game_without_the_rule():
    five = find_variant("backgammon", {"match_length": 5, "crawford": False})
    rng = random.Random(3)
    over = m._finish(
        replace(m.new_game(five, rng), match=m.MatchScore(5, (3, 0))), m.Outcome(0, Kind.SINGLE, 1)
    )
    assert not m.next_game(over, rng).match.crawford


def test_match_ends_when_a_side_reaches_the_length():
    three = find_variant("backgammon", {"match_length": 3})
    rng = random.Random(1)
    over = m._finish(
        replace(m.new_game(three, rng), match=m.MatchScore(3, (1, 2))), m.Outcome(0, Kind.GAMMON, 2)
    )
    assert over.match.winner == 0
    with pytest.raises(RulesError):
        m.next_game(over, rng)


def test_illegal_play_is_refused_and_changes_nothing():
    state = state_at(BG.start_position(), phase=m.Phase.MOVE, dice=(3, 1))
    bogus = Play((Step(1, 7, 6),))
    with pytest.raises(IllegalPlayError):
        m.play(state, bogus)
    assert state.position == BG.start_position()


def test_undo_returns_to_the_state_before():
    game = m.Game(m.new_game(BG, random.Random(5)))
    before = game.state
    game.push(m.play(before, m.legal_plays(before)[0]))
    assert game.state != before
    assert game.undo() == before
    assert game.undo() == before  # nothing before the first state


def play_random_game(seed: int, variant=BG, cube_chance: float = 0.0):
    """A whole game with random legal choices; checks invariants at every step."""
    rng = random.Random(seed)
    state = m.new_game(variant, rng)
    states = [state]
    for _ in range(2000):
        if state.is_over:
            break
        if state.phase is m.Phase.ROLL:
            if m.can_double(state) and rng.random() < cube_chance:
                state = m.double(state)
            else:
                state = m.roll(state, rng)
        elif state.phase is m.Phase.TAKE:
            state = m.take(state) if rng.random() < 0.7 else m.drop(state)
        else:
            plays = m.legal_plays(state)
            assert len(set(plays)) == len(plays)
            results = {variant.apply_play(state.position, p) for p in plays}
            assert len(results) == len(plays), "two plays leave the same position"
            state = m.play(state, rng.choice(plays), plays)
        variant.validate(state.position)  # 15 men a side, never both sides on a point
        states.append(state)
    return states


@pytest.mark.parametrize("chunk", range(4))
def test_seeded_random_games_end_with_a_correct_score(chunk):
    for seed in range(chunk * 75, chunk * 75 + 75):
        states = play_random_game(seed, cube_chance=0.05)
        final = states[-1]
        assert final.is_over, f"seed {seed} did not end"
        result = final.result
        winner = result.winner
        loser = 1 - winner
        pos = final.position
        if result.termination is Termination.BORNE_OFF:
            assert pos.off(winner) == 15
            row = pos.board[loser]
            if row[25]:
                expected = Kind.SINGLE
            elif row[0] or any(row[1:7]):
                expected = Kind.BACKGAMMON
            else:
                expected = Kind.GAMMON
            assert result.kind is expected
            base = {Kind.SINGLE: 1, Kind.GAMMON: 2, Kind.BACKGAMMON: 3}[expected]
            assert result.points == base * final.cube.value
        else:
            assert result.termination is Termination.DROPPED
        assert final.match.score[winner] == result.points


def test_same_seed_replays_the_same_game():
    assert play_random_game(42, cube_chance=0.1) == play_random_game(42, cube_chance=0.1)
    assert play_random_game(42) != play_random_game(43)


# -- every option set: seeded matches end, every man kept (RULES.md scenario 15) -------------

OPTION_SETS = [
    {"jacoby": True},
    {"beavers": True},
    {"cube": False},
    {"match_length": 1},
    {"match_length": 5},
    {"match_length": 7, "crawford": False},
]
BASE_POINTS = {Kind.SINGLE: 1, Kind.GAMMON: 2, Kind.BACKGAMMON: 3}


def play_match(seed: int, variant) -> list[m.GameState]:
    """Seeded random games of a match (or three games of money play), the cube used
    freely; checks the men, the cube and the score after every decision. The last
    state of each game, in order."""
    rng = random.Random(seed)
    state = m.new_game(variant, rng)
    finals = []
    while True:
        crawford = state.match.crawford
        for _ in range(2000):
            if state.is_over:
                break
            if state.phase is m.Phase.ROLL:
                if crawford or not variant.options["cube"]:
                    assert not m.can_double(state)
                doubling = m.can_double(state) and rng.random() < 0.1
                state = m.double(state) if doubling else m.roll(state, rng)
            elif state.phase is m.Phase.TAKE:
                answer = rng.random()
                if m.can_beaver(state) and answer < 0.2:
                    state = m.beaver(state)
                else:
                    state = m.take(state) if answer < 0.8 else m.drop(state)
            else:
                state = m.play(state, rng.choice(m.legal_plays(state)))
            variant.validate(state.position)  # 15 men a side, never both sides on a point
        assert state.is_over, f"seed {seed}: a game did not end"
        before = finals[-1].match.score if finals else (0, 0)
        result, winner = state.result, state.winner
        if result.termination is Termination.BORNE_OFF:
            assert state.position.off(winner) == 15
            base = BASE_POINTS[result.kind]
            if variant.options["jacoby"] and state.money and state.cube.value == 1:
                base = 1
            assert result.points == base * state.cube.value
        else:
            assert result.termination is Termination.DROPPED
        assert state.match.score[winner] == before[winner] + result.points
        assert state.match.score[1 - winner] == before[1 - winner]
        finals.append(state)
        if state.match.winner is not None or (state.money and len(finals) == 3):
            return finals
        assert len(finals) < 100
        state = m.next_game(state, rng)


@pytest.mark.parametrize("options", OPTION_SETS, ids=[str(o) for o in OPTION_SETS])
def test_seeded_matches_of_every_option_set_end_keep_every_man_and_score(options):
    variant = find_variant("backgammon", options)
    for seed in range(3):
        finals = play_match(seed, variant)
        length = variant.options["match_length"]
        if length:
            final = finals[-1]
            assert final.match.score[final.winner] >= length > final.match.score[1 - final.winner]
            crawfords = [f for f in finals if f.match.crawford]
            assert len(crawfords) <= (1 if variant.options["crawford"] else 0)
            assert all(f.cube.value == 1 for f in crawfords)
            with pytest.raises(RulesError):
                m.next_game(final, random.Random(0))


def test_a_money_session_past_the_match_ids_score_reads_back():
    """A money session's score may outgrow the Match ID's 15 bits (a beavered cube of
    2**15 and a backgammon score 98,304 in one game): the state is still written and
    read back unchanged (without a Match ID), and the engine plays on from it."""
    from game.engine import handle

    state = m.new_game(find_variant("backgammon"), random.Random(5))
    for score in [(98_304, 7), (32_767, 0), (32_768, 32_768)]:
        big = replace(state, match=replace(state.match, score=score))
        data = state_to_json(big)
        assert ("match_id" in data) == (max(score) < 1 << 15)
        assert state_from_json(json.loads(json.dumps(data))) == big
        answer = handle({"cmd": "legal", "state": data})
        assert answer["ok"], answer
        assert answer["moves"][0]["state"]["match"]["score"] == list(score)
