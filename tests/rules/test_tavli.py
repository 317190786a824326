"""Tavli: Portes, Plakoto and Fevga in turn, a match to 3, 5 or 7 (``game.rules.tavli``).

The three games are found by id; until their modules are registered (named
without the leading underscore) the tests register them for themselves.
"""

from __future__ import annotations

import importlib
import json
import random
import re

import pytest

from game.rules import match as m
from game.rules import tavli
from game.rules.errors import RulesError
from game.rules.mat import MatError, mat_text
from game.rules.outcome import Kind, Outcome, Termination
from game.rules.replay import Replay, replay_from_json
from game.rules.serial import state_from_json, state_to_json
from game.rules.variants import VARIANTS, find_variant
from game.rules.variants.base import Variant


def variant_class(variant_id: str) -> type[Variant]:
    """The game's class, registered or not yet (its module still ``_portes``...)."""
    if variant_id in VARIANTS:
        return VARIANTS[variant_id]
    module = importlib.import_module(f"game.rules.variants._{variant_id}")
    return next(
        v
        for v in vars(module).values()
        if isinstance(v, type) and issubclass(v, Variant) and vars(v).get("id") == variant_id
    )


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    for variant_id in tavli.CYCLE:
        monkeypatch.setitem(VARIANTS, variant_id, variant_class(variant_id))


def first_game(length: int = 5, seed: int = 1) -> m.GameState:
    match = tavli.start_match(length)
    return m.new_game(tavli.variant_in_turn(match), random.Random(seed), match)


def play_out(state: m.GameState, pick: random.Random) -> m.GameState:
    """Random legal plays to the game's end."""
    while not state.is_over:
        if state.phase is m.Phase.ROLL:
            state = m.roll(state, pick)
        else:
            state = m.play(state, pick.choice(m.legal_plays(state)))
    return state


def test_the_games_cycle_portes_plakoto_fevga_and_round_again():
    state = first_game(7)
    seen = []
    for number in range(6):
        seen.append(state.variant.id)
        assert state.match.game == number and state.match.cycle == tavli.CYCLE
        state = m.next_game(m.concede(state, number % 2), random.Random(number))
    assert seen == ["portes", "plakoto", "fevga", "portes", "plakoto", "fevga"]
    assert state.match.score == (3, 3)  # six games conceded in turn, a point each


def test_each_game_is_played_with_its_default_options():
    state = first_game()
    for _ in range(3):
        assert state.variant == find_variant(state.variant.id)
        state = m.next_game(m.concede(state, 0), random.Random(0))


@pytest.mark.parametrize("winner", [0, 1])
def test_the_winner_of_a_game_starts_the_next_without_an_opening_throw(winner):
    state = first_game()
    over = m.concede(state, 1 - winner)
    match, starter = m.next_match(over)
    assert starter == winner and match.game == 1
    nxt = m.next_game(over, random.Random(5))
    assert nxt.variant.id == "plakoto" and nxt.on_roll == winner
    assert nxt.phase is m.Phase.ROLL and nxt.opening == ()


def test_a_tie_scores_nothing_and_the_match_goes_on_to_the_next_game_with_an_opening_throw():
    state = first_game(5)
    state = m.next_game(m.concede(state, 1), random.Random(1))  # Plakoto, side 0 leads 1-0
    tie = m._finish(state, Outcome(None, Kind.TIE, 0, Termination.DEADLOCK))
    assert tie.match.score == (1, 0)
    match, starter = m.next_match(tie)
    assert starter is None and match.game == 2 and match.score == (1, 0)
    nxt = m.next_game(tie, random.Random(2))
    assert nxt.variant.id == "fevga" and len(nxt.opening) == 2  # the opening throw decides


@pytest.mark.parametrize("length", tavli.LENGTHS)
def test_the_match_ends_when_a_side_reaches_its_length(length):
    state = first_game(length)
    games = 0
    while True:
        over = m.concede(state, 1)  # side 0 wins every game, a single point
        games += 1
        if over.match.winner is not None:
            break
        state = m.next_game(over, random.Random(games))
    assert games == length and over.match.winner == 0 and over.match.score == (length, 0)
    with pytest.raises(RulesError, match="the match is over"):
        m.next_match(over)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_random_match_adds_each_games_points_and_ends_at_its_length(seed):
    pick = random.Random(seed)
    state = first_game(5, seed)
    total = [0, 0]
    kinds = set()
    for number in range(60):
        assert state.variant.id == tavli.CYCLE[number % 3]
        over = play_out(state, pick)
        result = over.result
        assert result is not None
        kinds.add((over.variant.id, result.kind))
        if result.winner is not None:
            total[result.winner] += result.points
        assert list(over.match.score) == total and over.match.crawford is False
        if over.match.winner is not None:
            break
        state = m.next_game(over, pick)
        if result.winner is not None:
            assert state.on_roll == result.winner and state.opening == ()
    assert over.match.winner == max((0, 1), key=lambda s: total[s]) and max(total) >= 5
    assert max(total) <= 5 + 1  # a game scores at most 2 (the mother, a gammon)


def _mid_game(variant_id: str, seed: int = 7) -> m.GameState:
    """A state some plays into the game ``variant_id`` of a Tavli match."""
    pick = random.Random(seed)
    state = first_game(5, seed)
    while state.variant.id != variant_id:
        state = m.next_game(m.concede(state, state.match.game % 2), pick)
    for _ in range(9):
        state = m.roll(state, pick) if state.phase is m.Phase.ROLL else state
        state = m.play(state, pick.choice(m.legal_plays(state)))
    return m.roll(state, pick) if state.phase is m.Phase.ROLL else state


@pytest.mark.parametrize("variant_id", tavli.CYCLE)
def test_a_state_mid_match_reads_back_with_the_game_in_turn_and_the_score(variant_id):
    state = _mid_game(variant_id)
    obj = json.loads(json.dumps(state_to_json(state)))
    assert obj["match"]["cycle"] == list(tavli.CYCLE)
    assert obj["match"]["game"] == tavli.CYCLE.index(variant_id)
    assert obj["match"]["length"] == 5
    back = state_from_json(obj)
    assert back == state and back.match.cycle == tavli.CYCLE
    assert tavli.describe(back.match).startswith(
        f"Game {back.match.game + 1} of the match: {tavli.NAMES[variant_id]}"
    )


def test_a_state_whose_game_is_not_the_one_in_turn_is_refused():
    obj = state_to_json(_mid_game("plakoto"))
    obj["match"]["game"] = 2  # Fevga's turn, yet the board is Plakoto's
    with pytest.raises(RulesError, match="game 3 of a Tavli match is fevga, not 'plakoto'"):
        state_from_json(obj)
    obj["match"].update(game=1, length=4)
    with pytest.raises(RulesError, match="played to"):
        state_from_json(obj)
    obj["match"].update(length=5, cycle=["plakoto"])
    with pytest.raises(RulesError, match="cycle must be"):
        state_from_json(obj)


def test_a_game_outside_a_match_still_refuses_a_match_length():
    state = m.new_game(find_variant("plakoto"), random.Random(1))
    obj = state_to_json(state)
    assert "cycle" not in obj["match"]
    obj["match"]["length"] = 5
    with pytest.raises(RulesError, match="plays no match"):
        state_from_json(obj)


def test_a_backgammon_matchs_json_is_unchanged_and_refuses_a_cycle():
    state = m.new_game(find_variant("backgammon", {"match_length": 5}), random.Random(1))
    obj = state_to_json(state)
    assert set(obj["match"]) == {"length", "score", "crawford", "crawford_done"}
    obj["match"].update(cycle=list(tavli.CYCLE), game=0)
    with pytest.raises(RulesError, match="is portes, not 'backgammon'"):
        state_from_json(obj)


@pytest.mark.parametrize("bad", [0, 4, 9, True, "5"])
def test_a_tavli_match_has_a_length_of_3_5_or_7(bad):
    with pytest.raises(tavli.TavliError, match="played to"):
        tavli.start_match(bad)


def test_a_tavli_match_begins_with_portes():
    with pytest.raises(tavli.TavliError, match="begins with portes, not 'fevga'"):
        tavli.start_match(5, "fevga")


def test_a_replay_of_a_tavli_game_keeps_its_place_in_the_match_and_mat_refuses_it():
    state = _mid_game("fevga")
    replay = Replay("fevga", {}, 1, (), match=state.match, starter=0)
    back = replay_from_json(json.loads(json.dumps(replay.to_json())))
    assert back.match == state.match
    with pytest.raises(MatError, match=r"Tavli match .* cannot be written as \.mat"):
        mat_text([back])
    wrong = dict(replay.to_json(), variant="portes")
    with pytest.raises(RulesError, match="fevga, not 'portes'"):
        replay_from_json(wrong)


def test_the_engine_begins_a_tavli_match_and_goes_on_to_the_next_game():
    from game.engine import handle

    listed = {v["id"]: v for v in handle({"cmd": "variants"})["variants"]}
    assert listed["tavli"]["options"]["match_length"]["values"] == [3, 5, 7]
    answer = handle({"cmd": "new", "variant": "tavli", "options": {"match_length": 5}, "seed": 3})
    assert answer["ok"], answer
    state = state_from_json(answer["state"])
    assert state.match.cycle == tavli.CYCLE and state.match.length == 5
    over = state_to_json(m.concede(state, 1))
    answer = handle({"cmd": "next", "state": over, "seed": 4})
    assert answer["ok"] and answer["state"]["variant"] == "plakoto", answer
    assert answer["state"]["match"]["game"] == 1 and answer["state"]["on_roll"] == 0
    default = handle({"cmd": "new", "variant": "tavli", "seed": 3})
    assert default["ok"] and default["state"]["match"]["length"] == 5, default
    refused = handle({"cmd": "new", "variant": "tavli", "options": {"match_length": 6}})
    assert not refused["ok"] and "played to" in refused["error"]
    refused = handle({"cmd": "new", "variant": "tavli", "options": {"cube": True}})
    assert not refused["ok"] and "no option 'cube'" in refused["error"]


# -- a match no play reaches (refused as backgammon's are) ------------------------------


def _refused_everywhere(obj: dict, words: str) -> None:
    """``obj`` (a state) is refused with ``words`` in the reason by reading it, by the
    engine protocol, and as the start of an imported replay."""
    from game.engine import handle
    from game.rules.replay import ReplayError, replay_states

    with pytest.raises(RulesError, match=words):
        state_from_json(obj)
    answer = handle({"cmd": "roll" if obj["phase"] == "roll" else "legal", "state": obj})
    assert answer["ok"] is False and re.search(words, answer["error"]), answer
    raw = obj["match"]
    match = m.MatchScore(raw["length"], tuple(raw["score"]), cycle=tavli.CYCLE, game=raw["game"])
    replay = Replay(obj["variant"], obj["options"], 1, (), match=match, starter=obj["on_roll"])
    with pytest.raises(ReplayError, match=words):
        replay_states(replay_from_json(json.loads(json.dumps(replay.to_json()))))


@pytest.mark.parametrize(("length", "score"), [(3, [9, 1]), (3, [3, 0]), (5, [0, 5]), (7, [8, 8])])
def test_a_score_at_or_past_the_length_while_a_game_is_played_is_refused(length, score):
    obj = state_to_json(first_game(length))
    obj["match"]["score"] = score
    _refused_everywhere(obj, "match was already over")


@pytest.mark.parametrize(
    ("variant_id", "score"),
    [("portes", [4, 4]), ("portes", [0, 1]), ("plakoto", [3, 0]), ("fevga", [2, 3])],
)
def test_more_points_than_the_games_played_can_give_are_refused(variant_id, score):
    obj = state_to_json(_mid_game(variant_id))  # game 1, 2 or 3 of a match to 5
    obj["match"]["score"] = score
    _refused_everywhere(obj, "score at most")


def test_scores_the_games_played_can_give_are_read():
    state = _mid_game("fevga")  # game 3: side 0 won game 2 and started this one
    assert state.match.game == 2 and not state.opening
    assert (state.on_roll - state.turn) % 2 == 0
    # Two games played give at most 2 points each: 2-2 (a gammon each way) or 4-0.
    for score in ([2, 2], [4, 0], [1, 2], [1, 1]):
        obj = state_to_json(state)
        obj["match"]["score"] = score
        assert state_from_json(obj).match.score == tuple(score)


def test_a_game_of_the_match_with_options_other_than_its_defaults_is_refused():
    obj = state_to_json(first_game(5))
    obj["options"] = {"backgammon_counts_3": True}
    _refused_everywhere(obj, "default options")


def test_a_game_begun_by_the_last_games_winner_needs_that_side_to_have_points():
    state = first_game(5)
    after = m.next_game(m.concede(state, 0), random.Random(2))  # side 1 won and starts
    assert after.opening == () and after.on_roll == 1
    obj = state_to_json(after)
    assert state_from_json(obj) == after
    obj["match"]["score"] = [1, 0]  # as if side 0 had won game 1, yet side 1 starts
    _refused_everywhere(obj, "won the game before, yet it had no points")


def test_the_last_game_of_a_match_reaching_its_length_is_read():
    obj = state_to_json(first_game(3))
    obj["match"]["score"] = [2, 0]
    obj["match"]["game"] = 3
    obj["variant"] = "portes"
    obj.pop("to_act")
    state = state_from_json({**obj, "opening": [], "turn": 0, "on_roll": 0, "phase": "roll"})
    over = m.concede(state, 1)
    assert over.match.score == (3, 0) and over.match.winner == 0
    assert state_from_json(state_to_json(over)) == over
