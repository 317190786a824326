"""Every save the board writes replays: whatever kind of roll it was written after (the
seed's, the seed mixed with the player's throw, dice entered by hand, an opening
throw, the first of a match's next game), the saved record rebuilds the saved state,
the saved game resumes with the same dice to come, and the finished game replays."""

from __future__ import annotations

import json
import random

import pygame
import pytest
from stepping import run_until  # tests/ui is on the path (rootdir-less import)

import game.ui.scenes.board as board_module
from game.play.session import GameSetup, Seat, saved_from_json, saved_to_json
from game.rules import match as m
from game.rules.replay import Replay, replay_states
from game.rules.variants import find_variant
from game.ui.progress import replay_of
from game.ui.routes import NextGame
from game.ui.scenes.board import BoardScene

PEOPLE = (Seat(), Seat(human=False))
COMPUTERS = (Seat(human=False), Seat(human=False))


@pytest.fixture
def saves(monkeypatch):
    """Every game in progress the board saves, as the JSON it writes."""
    written: list[dict] = []
    original = board_module.save_in_progress

    def keep(app, saved):
        written.append(json.loads(json.dumps(saved_to_json(saved))))
        original(app, saved)

    monkeypatch.setattr(board_module, "save_in_progress", keep)
    return written


def finished_match_game() -> m.GameState:
    """A backgammon game of a 7-point match, played to its end at random."""
    variant = find_variant("backgammon", {"match_length": 7, "cube": False})
    rng, pick = random.Random(4), random.Random(5)
    state = m.new_game(variant, rng)
    while not state.is_over:
        if state.phase is m.Phase.ROLL:
            state = m.roll(state, rng)
        else:
            state = m.play(state, pick.choice(m.legal_plays(state)))
    return state


KINDS = {
    # the kind of roll: (setup, previous game, whether the test throws for the player)
    "seed": (GameSetup("lombardorum", seats=COMPUTERS, seed=8), None),
    "seed and contribution": (
        GameSetup("lombardorum", seats=COMPUTERS, seed=2**127 + 9, contribution="t=5 fair"),
        None,
    ),
    "the player's throw": (GameSetup("backgammon", {"cube": False}, PEOPLE), None),
    "by hand": (GameSetup("backgammon", {"cube": False}, COMPUTERS, manual_dice=True), None),
    "by hand, a person": (
        GameSetup("duodecim", seats=PEOPLE, manual_dice=True),
        None,
    ),
    "next game, the player's throw": (
        GameSetup("backgammon", {"match_length": 7, "cube": False}, PEOPLE),
        "previous",
    ),
    "next game, by hand": (
        GameSetup("backgammon", {"match_length": 7, "cube": False}, COMPUTERS, manual_dice=True),
        "previous",
    ),
}


def drive(app, board: BoardScene, entries: int, dice: random.Random) -> None:
    """Play on until the record has ``entries`` entries: the player's throw, dice by hand
    and the person's plays made as a player would."""
    for _ in range(20000):
        if len(board.log) >= entries or board.state.is_over:
            return
        if board.throw_prompt is not None:
            for char in "ok":
                app.handle(pygame.event.Event(pygame.KEYDOWN, key=0, mod=0, unicode=char))
            app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
        elif board.dice_entry is not None:
            value = dice.randint(1, board.dice_entry.faces)
            key = getattr(pygame, f"K_{value}")
            app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=str(value)))
        elif board.human_to_act() and not board.busy:
            state = board.state
            if state.phase is m.Phase.ROLL:
                board.roll()
            elif state.phase is m.Phase.MOVE and board.turn is not None:
                board.commit(board.turn.plays[0], animate=False)
        app.step(1 / 60)
    raise AssertionError("the game did not go on")


def rebuilt(data: dict) -> list[m.GameState]:
    """The states a save's record rebuilds, the way the records and replays rebuild it."""
    return replay_states(replay_from_file(as_replay(saved_from_json(data))))


def as_replay(saved) -> Replay:
    """A saved game's record as a replay."""
    return saved.replay(tuple({"human": seat.human} for seat in saved.setup.seats))


def replay_from_file(replay: Replay) -> Replay:
    from game.rules.replay import replay_from_json

    return replay_from_json(json.loads(json.dumps(replay.to_json())))


# Every kind of roll, after every decision, is saved, replayed and resumed against the
# table in tests/play/test_table.py; here the kinds a player makes through the window
# (the throw card, dice typed in, the next game of a match handed to the board).
WINDOW_KINDS = ("the player's throw", "by hand, a person", "next game, by hand")


@pytest.mark.parametrize("kind", WINDOW_KINDS)
def test_every_save_after_every_kind_of_roll_replays_and_resumes(app, saves, kind):
    setup, previous = KINDS[kind]
    board = BoardScene(app)
    app.push(board, NextGame(setup, finished_match_game()) if previous else setup)
    drive(app, board, 14, random.Random(kind))
    rolls = [s for s in saves if s["log"] and s["log"][-1]["action"] == "roll"]
    openings = [s for s in saves if not s["log"]]
    assert rolls and openings, "the game saved after its opening and after a roll"
    for data in saves:
        states = rebuilt(data)
        assert states[-1] == saved_from_json(data).state, f"a save after {data['log'][-1:]}"
    contributed = saves[-1]["start"]["contribution"]
    assert bool(contributed) == (kind in ("seed and contribution",) or "throw" in kind)
    if "by hand" in kind:
        assert all(e.get("manual") for e in saves[-1]["log"] if e["action"] == "roll")
    # The game left right after its last roll resumes with the same dice to come.
    last = saved_from_json(rolls[-1])
    straight = [e for e in board.log if e["action"] == "roll"]
    resumed = BoardScene(app)
    app.replace(resumed, last)
    assert resumed.state == last.state and resumed.log == list(last.log)
    assert resumed.contribution == last.start.get("contribution", "")
    # Every state before it is rebuilt from the save (not just the saved one).
    assert len(resumed.game.states) == len(last.log) + 1
    if not setup.manual_dice:
        drive(app, resumed, len(board.log), random.Random(kind))
        again = [e for e in resumed.log if e["action"] == "roll"]
        assert again[: len(straight)] == straight[: len(again)]
    # And the saved record, watched as a replay, reaches the saved state roll by roll.
    record = saved_from_json(saves[-1])
    viewer = BoardScene(app)
    app.replace(viewer, as_replay(record))
    for _ in range(len(record.log)):
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
        for _ in range(3):
            app.step(1 / 60)
    assert "stops" not in viewer.message
    assert viewer.log == list(record.log) and viewer.state == record.state


def test_a_finished_game_with_the_players_throw_replays_from_the_records(app, saves):
    setup = GameSetup("lombardorum", seats=PEOPLE)
    board = BoardScene(app)
    app.push(board, setup)
    assert board.throw_prompt is not None and board.log == []
    drive(app, board, 10**6, random.Random(1))
    assert board.state.is_over
    run_until(app, lambda: not isinstance(app.stack.top, BoardScene), 60)
    game = app.records.games()[0]  # the seed back from the database
    assert game["seed"] == board.seed and board.seed.bit_length() > 64  # 128 bits
    replay = replay_of(game)
    assert replay.contribution == board.contribution and replay.contribution.startswith("t=")
    assert replay.to_json()["version"] == 2
    assert replay_states(replay)[-1].result == board.state.result
