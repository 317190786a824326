"""The cube's advice shown is the expert's, and practice tells a level's deliberate cube
errors from the advice (issue 45: the intermediate level doubled where the cube advice
shown said "No double"). The advice (``analysis.cube_advice``, what the chances panel
shows) always agrees with what the expert does; a computer seat's cube decision in
practice is kept beside it, marked as agreeing or as its level's error, saved with the
game and handed to the summary."""

from __future__ import annotations

import random

import pytest
from tabletop import new_table  # tests/play on the path

from game.ai import players
from game.play.analysis import analyse_position, cube_advice, cube_due
from game.play.session import (
    CubeCall,
    GameSetup,
    Seat,
    cube_call_from_json,
    cube_call_to_json,
    saved_from_json,
    saved_to_json,
)
from game.rules import actions as a
from game.rules import match as m
from game.rules.serial import state_to_json
from game.rules.variants import find_variant


def cube_states(options: dict, games: int = 8):
    """Cube decisions met in random games (each double offered, to be answered)."""
    variant = find_variant("backgammon", options)
    for seed in range(games):
        rng = random.Random(seed)
        state = m.new_game(variant, rng)
        for _ in range(300):
            if state.is_over:
                break
            if state.phase is m.Phase.ROLL:
                if cube_due(state):
                    yield state
                    yield m.double(state)
                state = a.apply_action(state, a.throw(state, rng))
            elif state.phase is m.Phase.MOVE:
                state = m.play(state, rng.choice(m.legal_plays(state)))
            else:
                break


def agrees(words: str, action, state) -> bool:
    """Whether the advice in words says to do ``action``."""
    if state.phase is m.Phase.ROLL:
        return isinstance(action, a.Double) == words.startswith("Double")
    answer = words.rsplit(", ", 1)[1]
    if answer == "beaver" and not m.can_beaver(state):
        answer = "take"
    return {"take": a.Take, "pass": a.Drop, "beaver": a.Beaver}[answer] is type(action)


@pytest.mark.parametrize(
    "options", [{"cube": True}, {"cube": True, "match_length": 5}], ids=["money", "match"]
)
def test_the_advice_shown_is_always_the_expert_s_decision(options):
    differ = 0
    for state in cube_states(options):
        words = cube_advice(state)
        assert words and analyse_position(state).cube == words
        expert = players.decide(state, "expert")
        assert agrees(words, expert, state), (state.turn, words, expert)
        intermediate = players.decide(state, "intermediate")
        differ += intermediate != expert  # a level's own error never moves the advice
    assert differ  # the levels' errors were met


def a_deliberate_double():
    """The person's play (side 0) after which the computer (side 1, intermediate) is to
    roll and doubles though the expert would not: the state it is played in, the play,
    and the computer's state."""
    variant = find_variant("backgammon", {"cube": True})
    for seed in range(200):
        rng = random.Random(seed)
        state = m.new_game(variant, rng)
        while not state.is_over and state.turn < 300:
            if state.phase is m.Phase.ROLL:
                state = a.apply_action(state, a.throw(state, rng))
                continue
            play = rng.choice(m.legal_plays(state))
            after = m.play(state, play)
            if (
                state.to_act == 0
                and after.to_act == 1
                and cube_due(after)
                and players.decide(after, "intermediate") == a.Double()
                and players.decide(after, "expert") is None
            ):
                return state, play, after
            state = after
    raise AssertionError("no deliberate double found")


def test_a_computer_s_cube_error_is_kept_beside_the_expert_s_advice():
    before, play, state = a_deliberate_double()
    setup = GameSetup(
        "backgammon",
        {"cube": True},
        (Seat(), Seat(human=False, level="intermediate")),
        seed=4,
        mode="practice",
        hints=True,
        first=state_to_json(before),
    )
    saves = []
    table = new_table(setup, saves)
    assert table.advice and table.state == before
    table.commit(play, animate=False)
    assert table.state.position == state.position and table.state.to_act == 1
    for _ in range(2000):
        table.advance()
        table.poll()
        if table.state.phase is m.Phase.TAKE:
            break
        for job in (table.pending, table.pending_cube):
            if job is not None:
                job.result(timeout=120)
    assert table.state.phase is m.Phase.TAKE  # the computer doubled
    (call,) = table.cube_calls
    assert call == CubeCall(
        1, state.turn, "intermediate", "double", analyse_position(state).cube, False
    )
    assert call.advice.startswith(("No double", "Too good"))
    words = call.words("Crimson")
    assert "doubled where the expert's advice was" in words
    assert "deliberate error of the intermediate level" in words
    # Kept with the game (a resumed game still knows it) and handed to the summary.
    saved = saved_from_json(saved_to_json(saves[-1]))
    assert saved.cube_calls == (call,)
    assert table.summary().cube_calls == (call,)


def test_an_agreeing_decision_says_so_and_bad_records_are_refused():
    call = CubeCall(0, 3, "expert", "take", "Double, take", True)
    words = call.words("Ivory")
    assert words == "Turn 4: Ivory took the double, as the expert advised (Double, take)"
    assert cube_call_from_json(cube_call_to_json(call)) == call
    for bad in (
        [],
        {"side": 0},
        {"side": "0", "turn": 3, "level": "e", "action": "take", "advice": "", "agreed": True},
        {"side": 0, "turn": 3, "level": "e", "action": "roll", "advice": "", "agreed": True},
        {"side": 0, "turn": -1, "level": "e", "action": "take", "advice": "", "agreed": 1},
    ):
        with pytest.raises(ValueError, match="cube decision"):
            cube_call_from_json(bad)
