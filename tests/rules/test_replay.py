"""Replays rebuild a game exactly from its seed and record (.mat export: test_mat.py)."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace

import pytest

from game.rules import actions as a
from game.rules import match as m
from game.rules.replay import Replay, ReplayError, replay_from_json, replay_states
from game.rules.variants import VARIANTS, find_variant


def record(variant, seed, choices=1, previous=None, cube=False):
    """A game played at random the way the board plays it: the dice from
    ``Random(seed)`` alone, the choices from another generator. Returns the replay
    and the states."""
    rng, pick = random.Random(seed), random.Random(choices)
    state = m.next_game(previous, rng) if previous is not None else m.new_game(variant, rng)
    start, states, log = state, [state], []
    while not state.is_over:
        action: a.Action
        if state.phase is m.Phase.ROLL:
            doubles = cube and m.can_double(state) and pick.random() < 0.1
            action = a.Double() if doubles else a.throw(state, rng)
        elif state.phase is m.Phase.TAKE:
            action = a.Take() if pick.random() < 0.7 else a.Drop()
        elif state.phase is m.Phase.CHOOSE:
            action = a.NameDie(pick.choice(m.die_choices(state)))
        else:
            action = a.Move(pick.choice(m.legal_plays(state)))
        log.append(a.action_to_json(state, action))
        after = a.apply_action(state, action)
        states.append(after)
        state = after
    replay = Replay(
        variant.id,
        dict(variant.options),
        seed,
        tuple(log),
        match=start.match,
        starter=previous.winner if previous is not None and start.opening == () else None,
        result=state.result.to_json(),
    )
    return replay, states


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_a_replay_reproduces_the_game_exactly(variant_id):
    options = {"third_die": "player"} if variant_id == "anglicorum" else {}
    variant = find_variant(variant_id, options)
    replay, states = record(variant, seed=12, cube=variant.has_cube)
    # Through its file form and back.
    again = replay_from_json(json.loads(json.dumps(replay.to_json())))
    assert replay_states(again) == states


def test_a_replay_that_does_not_follow_is_refused():
    variant = find_variant("backgammon")
    replay, _ = record(variant, seed=3)
    plays = list(replay.plays)
    roll = next(i for i, e in enumerate(plays) if e["action"] == "roll")
    faked = dict(plays[roll], dice=[6, 6] if plays[roll]["dice"] != [6, 6] else [1, 1])
    with pytest.raises(ReplayError, match=f"entry {roll + 1}: the seed throws"):
        replay_states(replace(replay, plays=(*plays[:roll], faked, *plays[roll + 1 :])))
    move = next(i for i, e in enumerate(plays) if e["action"] == "play")
    wrong = dict(plays[move], play="24/1")
    with pytest.raises(ReplayError, match=f"entry {move + 1}"):
        replay_states(replace(replay, plays=(*plays[:move], wrong, *plays[move + 1 :])))
    with pytest.raises(ReplayError, match="ends before the game does"):
        replay_states(replace(replay, plays=replay.plays[:-1]))
    for bad, words in [
        ({}, "not a Tabula replay"),
        ({**replay.to_json(), "variant": "chess"}, "variant"),
        ({**replay.to_json(), "seed": "x"}, "'seed'"),
        ({**replay.to_json(), "version": 9}, "version 9"),
    ]:
        with pytest.raises(ReplayError, match=words):
            replay_from_json(bad)


def test_the_seal_is_the_sha256_of_the_seed_and_the_checker_says_so(tmp_path, capsys):
    import hashlib

    from game.rules.dice import seed_seal
    from game.rules.replay import main

    assert seed_seal(123456) == hashlib.sha256(b"tabula-dice-seed:123456").hexdigest()
    replay, _states = record(find_variant("lombardorum"), seed=77)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(replay.to_json()))
    assert main([str(path)]) == 0
    out = capsys.readouterr().out
    assert seed_seal(77) in out and "rolls match random.Random(77)" in out
    bad = replay.to_json()
    bad["seed"] = 78
    path.write_text(json.dumps(bad))
    assert main([str(path)]) == 1
    assert "the seed throws" in capsys.readouterr().err


def test_the_command_line_checks_refuse_hostile_files_at_once(tmp_path, capsys):
    """``python -m game.rules.replay`` and ``python -m game.rules.mat`` read a file as the
    window's import does: a FIFO, a device, deep nesting or an oversize file is one
    message and exit status 1, never a hang or a traceback."""
    from game.rules.mat import main as mat_main
    from game.rules.replay import main
    from game.store.exports import MAX_BYTES
    from tests.hostile import deadline, make_hostile

    make_hostile(tmp_path, ".json", MAX_BYTES)
    paths = sorted(tmp_path.iterdir())
    assert len(paths) >= 6
    for path in paths:
        for command in (main, mat_main):
            with deadline(10):
                assert command([str(path)]) == 1
            assert "Traceback" not in capsys.readouterr().err


def _opened_replay(variant_id: str, opening: tuple[int, ...]) -> Replay:
    variant = find_variant(variant_id)
    return Replay(variant.id, dict(variant.options), 0, (), opening=opening)


def test_an_opening_entered_by_hand_starts_the_game_as_the_table_did():
    from game.rules.replay import first_state

    rng = random.Random(0)
    bg = first_state(_opened_replay("backgammon", (2, 5)), rng)
    assert bg == m.opened(find_variant("backgammon"), (2, 5))
    assert bg.to_act == 1 and bg.dice == (5, 2) and bg.opening == (2, 5)
    # Tied throws before the one that decides (as the table threw again) are passed over.
    again = first_state(_opened_replay("backgammon", (3, 3, 6, 6, 2, 5)), rng)
    assert again == bg
    # The seed is not drawn from for an opening entered by hand.
    assert rng.random() == random.Random(0).random()


@pytest.mark.parametrize(
    ("opening", "words"),
    [
        ((4, 4), "the opening throw entered by hand does not decide who starts"),
        ((4,), "the opening throw entered by hand does not decide who starts"),
        ((), "the opening throw entered by hand does not decide who starts"),
        ((4, 4, 2), "the opening throw entered by hand does not decide who starts"),
        ((9, 1), "a die of 9 is not between 1 and 6"),
        ((0, 3), "a die of 0 is not between 1 and 6"),
    ],
)
def test_an_opening_by_hand_that_decides_nothing_is_refused(opening, words):
    replay = _opened_replay("backgammon", opening)
    with pytest.raises(ReplayError, match=words):
        replay_states(replay)
    with pytest.raises(ReplayError, match=words):
        replay_states(replay_from_json(json.loads(json.dumps(replay.to_json()))))


def test_a_replays_entries_are_read_as_actions_and_refused_with_their_number():
    variant = find_variant("backgammon")
    replay, _ = record(variant, seed=5)
    first = replay.plays[0]  # the opening play
    cases = [
        (dict(first, dice=[1, 1]), "entry 1: the dice are"),
        ({k: v for k, v in first.items() if k != "play"}, "entry 1: the play is missing"),
        (dict(first, play="8/5 " * 200), "entry 1: the play's notation is"),
        (dict(first, action="fly"), "entry 1: unknown action 'fly'"),
        (dict(first, side=1 - first["side"]), "entry 1: side"),
        ({"side": first["side"], "action": "take"}, r"entry 1 \(take\): "),
    ]
    for entry, words in cases:
        with pytest.raises(ReplayError, match=words):
            replay_states(replace(replay, plays=(entry, *replay.plays[1:])))


def test_a_seeded_roll_that_differs_names_the_contribution():
    from game.rules.dice import dice_stream

    variant = find_variant("backgammon")
    state = m.opened(variant, (3, 1))
    state = a.apply_action(state, a.Move(m.legal_plays(state)[0]))
    thrown = a.throw(state, dice_stream(7, "mine"))
    wrong = [6, 6] if sorted(thrown.dice) != [6, 6] else [1, 1]
    entry = {"side": state.to_act, "action": "roll", "dice": wrong}
    from game.rules.replay import apply_entry

    with pytest.raises(ReplayError, match=r"entry 4: the seed and the contribution throw"):
        apply_entry(state, entry, dice_stream(7, "mine"), 3, "mine")
    with pytest.raises(
        ReplayError,
        match="entry 1: the seed throws "
        + re.escape(f"{list(thrown.dice)}, the record says {wrong}"),
    ):
        apply_entry(state, entry, dice_stream(7, "mine"))
    right = dict(entry, dice=list(thrown.dice))
    assert apply_entry(state, right, dice_stream(7, "mine")) == a.apply_action(state, thrown)


@pytest.mark.parametrize(
    ("score", "crawford", "words"),
    [([9, 1], False, "already over"), ([3, 0], False, "already over"), ([2, 0], False, "Crawford")],
)
def test_a_replay_whose_match_no_play_reaches_is_refused(score, crawford, words):
    """A game's start in its match is checked as a state read in: a score at or past the
    length, or Crawford fields the score does not call for (a 3-point match)."""
    from tests.hostile import small_replay

    obj = small_replay()
    obj["match"].update(score=score, crawford=crawford)
    with pytest.raises(ReplayError, match=words):
        replay_states(replay_from_json(obj))
    obj["match"].update(score=[2, 0], crawford=True)  # the Crawford game: read
    assert replay_states(replay_from_json(obj))[0].match.score == (2, 0)
