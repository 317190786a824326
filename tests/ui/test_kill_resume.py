"""Kill-and-resume for every variant, El Mundo's bonus plays included.

A game is played by the board as the window plays it (the computer at every seat, each
play kept as the game in progress), "killed" at chosen moments (the app dropped with no
goodbye: its database connection closed without committing, nothing stopped), and
started again on the same TABULA_HOME: the menu offers Continue, the game resumes at the
same state with the same record, and plays on to the end exactly as the game played
straight through. A few runs kill a real process with SIGKILL at a random moment.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import pygame
import pytest

from game.play.session import GameSetup, SavedGame, Seat
from game.rules import actions as a
from game.rules import match as m
from game.rules.replay import apply_entry, first_state, replay_states
from game.rules.variants import VARIANTS
from game.store.settings import Settings
from game.ui.app import App
from game.ui.progress import load_in_progress, replay_of
from game.ui.scenes.board import BoardScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.results import ResultsScene

SETTINGS = replace(Settings(), muted=True, animation="instant")
# Seeds whose games are short for their variant (the suite must stay fast); El Mundo's
# has both kinds of bonus play early on.
CASES = {
    "backgammon": ({"match_length": 3}, 5),  # a match: the cube can be turned
    "duodecim": ({}, 6),
    "quinze_tablas": ({}, 2),
    "lombardorum": ({}, 5),
    "el_mundo": ({}, 8),
    "anglicorum": ({}, 1),
    "tabula": ({}, 3),
    "portes": ({}, 4),
    "plakoto": ({}, 2),
    "fevga": ({}, 7),
    "nard": ({}, 5),
    "acey_deucey": ({}, 3),
}


def setup_of(variant: str) -> GameSetup:
    options, seed = CASES[variant]
    players = 4 if variant == "el_mundo" else 2
    return GameSetup(variant, options, (Seat(human=False),) * players, seed=seed)


def open_app() -> App:
    """The app as the player starts it: its files in TABULA_HOME (persist on)."""
    app = App(SETTINGS, persist=True)
    app.start((1280, 800))
    app.running = True
    return app


def kill(app: App) -> None:
    """What a kill leaves: no orderly stop; what was not committed is lost."""
    if app._records is not None:
        app._records.db.close()
    app._records = None
    for scene in app.stack.scenes:
        if isinstance(scene, BoardScene) and scene.executor is not None:
            scene.executor.shutdown(wait=False, cancel_futures=True)  # its thread dies too


def drive(app: App, board: BoardScene, until, limit: int = 200_000) -> None:
    """Update the board as the window does (no drawing: it changes nothing) until
    ``until()``; a computer's decision is awaited rather than polled frame by frame."""
    for _ in range(limit):
        if until():
            return
        if app.stack.top is not board:
            raise AssertionError(f"the board left before {until.__doc__ or 'the goal'}")
        if board.pending is not None:
            board.pending.result(timeout=300)
        board.update(0.5)
    raise AssertionError("the game went on too long")


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    return tmp_path


@dataclass(frozen=True)
class Snapshot:
    """The game as the killed board had it: what a resumed game must be."""

    saved: SavedGame
    states: list[m.GameState]
    rng: object
    ai_rng: object


def snapshot(board: BoardScene) -> Snapshot:
    return Snapshot(
        board.saved(), list(board.game.states), board.rng.getstate(), board.ai_rng.getstate()
    )


def resume(expected: Snapshot) -> tuple[App, BoardScene]:
    """Start again: the menu offers Continue, which resumes the game as it was."""
    app = open_app()
    menu = MenuScene(app)
    app.push(menu)
    assert menu.buttons[0].label == "Continue", "the killed game is not offered"
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    board = app.stack.top
    assert isinstance(board, BoardScene)
    assert board.state == expected.saved.state
    assert board.log == list(expected.saved.log)
    assert board.game.states == expected.states  # rebuilt from the record
    # The same dice to come, and the same computer's choices.
    assert board.rng.getstate() == expected.rng
    assert board.ai_rng.getstate() == expected.ai_rng
    assert tuple(board.hits) == expected.saved.hits
    app.draw()  # the resumed board draws
    return app, board


def play_killing_at(setup: GameSetup, moments: list[Callable[[BoardScene], bool]]) -> int:
    """Play ``setup``'s game, killed and resumed at each of ``moments`` that comes before
    its end, then to the end; the finished game's record replays to the same end.
    Returns how many kills there were."""
    app = open_app()
    board = BoardScene(app)
    app.push(board, setup)
    kills = 0
    for moment in moments:
        drive(app, board, lambda m=moment, b=board: m(b) or b.state.is_over)
        if board.state.is_over:
            break
        expected = snapshot(board)
        kill(app)
        kills += 1
        app, board = resume(expected)
    drive(app, board, lambda b=board: b.state.is_over)
    final = board.state
    drive(app, board, lambda: isinstance(app.stack.top, ResultsScene))
    assert load_in_progress(app) is None  # a finished game is no longer offered
    (game,) = app.records.games()
    assert replay_states(replay_of(game))[-1] == final
    app.stop()
    return kills


def at_play(n: int) -> Callable[[BoardScene], bool]:
    return lambda board: len(board.log) >= n


def bonus(all_dice: bool) -> Callable[[BoardScene], bool]:
    """El Mundo: a bonus play awaits, with all the dice passed on (the roller could use
    none of them) or only some."""

    def moment(board: BoardScene) -> bool:
        state = board.state
        return (
            state.roller is not None
            and state.phase is m.Phase.MOVE
            and (len(state.dice) == state.variant.dice_count) == all_dice
        )

    return moment


def double_offered(board: BoardScene) -> bool:
    """Backgammon: a double awaits its answer. The computer at novice never doubles, so
    the side to roll doubles here as the Double button makes a person double."""
    state = board.state
    if state.phase is m.Phase.ROLL and m.can_double(state):
        board.apply(a.Double())
    return board.state.phase is m.Phase.TAKE


def test_every_variant_has_a_kill_case():
    """A game added to the registry is killed and resumed too (not only the first six)."""
    assert set(CASES) == set(VARIANTS)


@pytest.mark.parametrize("variant", list(CASES))
def test_every_variant_resumes_after_a_kill(home, variant):
    rng = random.Random(variant)
    moments = [at_play(1), at_play(rng.randrange(5, 30)), at_play(rng.randrange(30, 80))]
    if variant == "backgammon":  # while a double awaits its answer
        moments.insert(2, double_offered)
    if variant == "el_mundo":
        moments.append(bonus(all_dice=False))
    assert play_killing_at(setup_of(variant), moments) == len(moments)


def test_el_mundo_resumes_while_a_bonus_play_of_all_the_dice_awaits(home):
    """El Mundo: the roller could use none of its three dice, so all three are played as
    a bonus by the next player; killed then, the game resumes with the same bonus."""
    assert play_killing_at(setup_of("el_mundo"), [bonus(all_dice=True)]) == 1


# -- a real process, killed ----------------------------------------------------------------

# The window's own loop (real time, 60 frames a second), in a process of its own.
CHILD = """
import json, sys
from dataclasses import replace
from game.store.settings import Settings
from game.ui.app import App
from game.ui.scenes.board import BoardScene
from game.play.session import GameSetup, Seat

variant, options, seed, players = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
app = App(replace(Settings(), muted=True, animation="instant"), persist=True)
app.start((1280, 800))
seats = (Seat(human=False),) * players
app.push(BoardScene(app), GameSetup(variant, json.loads(options), seats, seed=seed))
print("ready", flush=True)
app.run()
"""


def replayed(saved: SavedGame) -> Snapshot:
    """What the saved game must resume as, worked out from its seed and record alone:
    every state, and the dice generator as the game left it."""
    replay = saved.replay()
    rng = replay.dice()
    states = [first_state(replay, rng)]
    for n, entry in enumerate(saved.log):
        states.append(apply_entry(states[-1], entry, rng, n))
    assert states[-1] == saved.state, "the saved state is not where its record leads"
    assert rng.getstate() == saved.rng_state, "the saved dice are not the seed's"
    return Snapshot(saved, states, saved.rng_state, saved.ai_rng_state)


def test_a_process_killed_at_random_moments_resumes(tmp_path, monkeypatch):
    """Games in real processes, each killed with SIGKILL at a random moment: each
    resumes where its record and seed lead, and plays on to the end."""
    rng = random.Random(20)
    variants = ["backgammon", "lombardorum", "quinze_tablas"]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    children = []
    for variant in variants:
        folder = tmp_path / variant
        folder.mkdir()
        setup = setup_of(variant)
        args = [variant, json.dumps(setup.options), str(setup.seed), str(len(setup.seats))]
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, *args],
            env=dict(env, TABULA_HOME=str(folder)),
            stdout=subprocess.PIPE,
            cwd=Path(__file__).resolve().parents[2],
        )
        children.append((variant, folder, child))
    try:
        for _, _, child in children:
            assert child.stdout is not None
            for line in child.stdout:  # (pygame may greet first)
                if line.strip() == b"ready":
                    break
        started = time.monotonic()
        moments = sorted(rng.uniform(0.3, 1.5) for _ in children)  # seconds into the games
        for (_, _, child), moment in zip(children, moments, strict=True):
            time.sleep(max(0.0, started + moment - time.monotonic()))
            child.send_signal(signal.SIGKILL)
    finally:
        for _, _, child in children:
            if child.poll() is None:
                child.kill()
            child.wait(timeout=60)
    for variant, folder, child in children:
        assert child.returncode == -signal.SIGKILL, f"{variant}: the game ended before the kill"
        monkeypatch.setenv("TABULA_HOME", str(folder))
        app = open_app()
        saved = load_in_progress(app)
        assert saved is not None, f"{variant}: the killed game cannot be resumed"
        app.stop()
        expected = replayed(saved)
        app, board = resume(expected)
        drive(app, board, lambda b=board: b.state.is_over)
        app.stop()
