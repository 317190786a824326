"""Property: a board survives any interleaving of a person's inputs with the game's own
progress, and its record always replays to the state it shows.

Each example is a board (a variant, its seats and options, a seed, an animation speed,
the turn ending at once or when the dice are picked up) and a list of steps: clicks on
the men, points, dice and buttons (``benchmarks.soak.targets``), a man that may move
clicked and then a point it may go to, drags from one control to another, the keys a
person plays with (Space, Enter, Backspace, U, H, Tab, Up, Down), a few frames (an
animation part-way), or the game left to go on until a person is to act (the
computer's moves, the animations ending). The workers (the computer's decision, a
hint, the tutor, the board's painting) do their jobs at once, in the window's thread
(``Inline``), so that an example plays the same way on every run and a failure shrinks
and reproduces; the hint and the tutor rank the first legal plays in order (their
look-ahead is tested elsewhere, and would take most of the time here).

After every step: no exception; the record (``Table.saved().replay()``) replays to the
table's state; a board at rest shows that state; and a board that says it is still
(nothing moving, no wake asked for: the window sleeps until an input) stays as it is
however long it is left (the window would otherwise sleep through the game).

On a failure hypothesis prints the example (setup, steps); a note gives the step it
failed at, the scene and the last steps.
"""

from __future__ import annotations

from concurrent.futures import Executor, Future
from dataclasses import replace

import pygame
import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from scene_kit import open_app, reset_app

from benchmarks.soak import _centroid, _quick_paint, targets
from game.ai.players import Ranked
from game.play import table as table_module
from game.play import tutoring
from game.play.session import GameSetup, Seat
from game.play.table import Table
from game.rules import match as m
from game.rules.replay import apply_entry, first_state, replay_states
from game.ui.render import board_view
from game.ui.scenes.board import BoardScene

PERSON, COMPUTER = Seat(), Seat(human=False)
SETUPS = (
    GameSetup("backgammon", seats=(PERSON, COMPUTER), seed=1),
    GameSetup("backgammon", {"match_length": 3}, (PERSON, PERSON), seed=2),
    GameSetup("backgammon", seats=(PERSON, COMPUTER), seed=3, mode="practice", hints=True),
    GameSetup("duodecim", seats=(PERSON, COMPUTER), seed=4),
    GameSetup("quinze_tablas", seats=(PERSON, COMPUTER), seed=5),
    GameSetup("lombardorum", seats=(COMPUTER, PERSON), seed=6),
    GameSetup("el_mundo", seats=(PERSON, COMPUTER, PERSON, COMPUTER), seed=7),
    GameSetup("anglicorum", seats=(PERSON, COMPUTER), seed=8),
)
KEYS = {
    "space": pygame.K_SPACE,
    "enter": pygame.K_RETURN,
    "backspace": pygame.K_BACKSPACE,
    "u": pygame.K_u,
    "h": pygame.K_h,
    "tab": pygame.K_TAB,
    "up": pygame.K_UP,
    "down": pygame.K_DOWN,
}
GO_ON_FRAMES = 1200  # the most frames "go on" waits for a person to be asked
STILL_FRAMES = 8  # frames a still board is left alone to see that nothing happens

STEPS = st.one_of(
    st.tuples(st.just("click"), st.integers(0, 99)),
    st.tuples(st.just("move"), st.integers(0, 99), st.integers(0, 99)),
    st.tuples(st.just("button"), st.integers(0, 9)),
    st.tuples(st.just("drag"), st.integers(0, 99), st.integers(0, 99)),
    st.tuples(st.just("key"), st.sampled_from(sorted(KEYS))),
    st.tuples(st.just("frames"), st.integers(1, 30)),
    st.tuples(st.just("go on"), st.just(0)),
)
EXAMPLE = settings(
    derandomize=True,  # the same examples on every run: CI is reproducible
    database=None,
    deadline=None,
    max_examples=7,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


class Inline(Executor):
    """A worker that does each job at once, in the caller's thread: its future is done
    when ``submit`` returns (the machine's speed cannot change the game's course)."""

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[override]
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # the board reads it from the future, as from a thread
            future.set_exception(exc)
        return future


def ranking(state: m.GameState) -> list[Ranked]:
    """A quick hint: the first legal plays, best first."""
    return [Ranked(p, 0.6 - 0.01 * i, True) for i, p in enumerate(m.legal_plays(state)[:6])]


def judgement(state: m.GameState, play) -> tuple[float, list[Ranked]]:
    """A quick tutor: the play is as good as the hint's first, or a little short of it."""
    ranked = ranking(state)
    return (0.0 if ranked and ranked[0].play == play else 0.02), ranked


@pytest.fixture(scope="module")
def window(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(board_view.BoardView, "_paint", _quick_paint(board_view.BoardView._paint))
        patch.setattr(Table, "worker", lambda self: Inline())
        patch.setattr(Table, "adviser", lambda self: Inline())
        patch.setattr(table_module, "hint_ranking", ranking)
        patch.setattr(tutoring, "tutor_judgement", judgement)
        yield from open_app(tmp_path_factory)


def frame(app, board: BoardScene) -> None:
    app.step(1 / 60)


def post(*events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)


def click_at(pos: tuple[int, int]) -> None:
    post(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    )


def do(app, board: BoardScene, step: tuple) -> None:
    """One step of an example (inputs go through the window's queue, then a frame)."""
    kind = step[0]
    top = app.stack.top
    points = targets(top) or [(app.size[0] // 2, app.size[1] // 2)]
    if kind == "click":
        click_at(points[step[1] % len(points)])
    elif kind == "move":  # a man that may move, then where it may go (if it is chosen)
        spots = board.view.layout.spots
        men = sorted((k for k in board.movable() if k in spots), key=repr) if top is board else []
        if not men:
            click_at(points[step[1] % len(points)])
        else:
            click_at(_centroid(spots[men[step[1] % len(men)]].hit_area))
            frame(app, board)
            to = sorted((k for k in board.highlights() if k in spots), key=repr)
            if to and app.stack.top is board:
                click_at(_centroid(spots[to[step[2] % len(to)]].hit_area))
    elif kind == "button":
        buttons = list(getattr(top, "buttons", {}).values()) if top is board else []
        click_at(buttons[step[1] % len(buttons)].center if buttons else points[0])
    elif kind == "drag":
        start, end = points[step[1] % len(points)], points[step[2] % len(points)]
        mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
        post(
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
            pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(1, 0), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 0), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
        )
    elif kind == "key":
        key = KEYS[step[1]]
        post(
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0),
        )
    elif kind == "frames":
        for _ in range(step[1] - 1):
            frame(app, board)
    elif kind == "go on":
        for _ in range(GO_ON_FRAMES):
            if app.stack.top is not board or board.state.is_over:
                break
            if not board.busy and board.human_to_act():
                break
            frame(app, board)
    frame(app, board)


class Replayer:
    """The table's record replayed as it grows: only the new entries are applied (a
    record that changed otherwise, as after a take-back, is replayed from its start)."""

    def __init__(self) -> None:
        self.plays: list = []
        self.state = None
        self.rng = None

    def state_of(self, board: BoardScene):
        replay = board.table.saved().replay()
        plays = list(replay.plays)
        if self.state is None or plays[: len(self.plays)] != self.plays:
            self.rng = replay.dice()
            self.state, self.plays = first_state(replay, self.rng), []
        for n in range(len(self.plays), len(plays)):
            self.state = apply_entry(self.state, plays[n], self.rng, n, replay.contribution)
        self.plays = plays
        return self.state


def check(app, board: BoardScene, replayer: Replayer) -> None:
    """The record replays to the table's state; a board at rest shows it; a still board
    stays still."""
    table = board.table
    replayed = replayer.state_of(board)
    assert replayed == table.state, "the record does not replay to the table's state"
    if app.stack.top is not board:
        return
    if not board.busy and board.looking is None:
        assert board.shown == board.resting(), "the board at rest shows another position"
    if not board.animating() and board.wake_after() is None:
        before = (table.state, len(table.log), board.message, board.shown)
        for _ in range(STILL_FRAMES):
            frame(app, board)
        after = (table.state, len(table.log), board.message, board.shown)
        assert after == before, "a board that asked for no wake changed on its own"


@given(
    setup=st.sampled_from(SETUPS),
    seed=st.integers(0, 2**16),
    speed=st.sampled_from(("instant", "fast")),
    at_once=st.booleans(),
    steps=st.lists(STEPS, min_size=15, max_size=40),
)
@EXAMPLE
def test_any_interleaving_of_inputs_and_the_games_progress(
    window, setup, seed, speed, at_once, steps
):
    app = reset_app(window)
    app.settings = replace(app.settings, animation=speed, end_turn_at_once=at_once)
    board = BoardScene(app)
    app.push(board, replace(setup, seed=seed))
    recent: list[str] = []
    index, step = -1, None
    replayer = Replayer()
    try:
        for index, step in enumerate(steps):
            if board not in app.stack.scenes or not app.running:
                break  # the game is over (the results), or the window was closed
            recent = [*recent[-7:], f"{index}: {step} on {type(app.stack.top).__name__}"]
            do(app, board, step)
            check(app, board, replayer)
        # The whole record, replayed at once, ends where the game stands.
        assert replay_states(board.table.saved().replay())[-1] == board.table.state
    except BaseException:
        note(
            f"failed at step {index} of {len(steps)} ({step}) on "
            f"{type(app.stack.top).__name__}, {setup.variant_id} seed {seed}; the last steps:\n"
            + "\n".join(recent)
        )
        raise
    finally:
        while app.stack.scenes:
            app.stack.scenes.pop().on_exit()


def test_what_the_table_does_without_a_slide_is_shown_in_the_same_frame(window):
    """Found by the property above: a turn that ended in a frame's ``advance`` (a person's
    play made once the last man is set down, the computer's play at instant speed:
    nothing slides) was shown only in the next frame, and a board that asks for no wake
    is not drawn again (the window would sleep on it)."""
    app = reset_app(window)
    app.settings = replace(app.settings, animation="instant", end_turn_at_once=True)
    board = BoardScene(app)
    # A person's play is completed by setting its last man down (the table then ends the
    # turn in the next frame's advance, nothing sliding), and the computer replies at
    # instant speed: the moves are made on the board directly, so no click's aim can
    # decide whether the case is reached.
    app.push(board, GameSetup("backgammon", {"cube": False}, (PERSON, COMPUTER), seed=5))
    plays = 0
    for i in range(60):
        log = len(board.table.log)
        turn = board.turn
        if board.human_to_act() and not board.busy and turn is not None and turn.sources():
            board.make(next(iter(turn.moves_from(sorted(turn.sources())[0]).values())))
        frame(app, board)
        plays += sum(entry["action"] == "play" for entry in board.table.log[log:])
        if not board.busy:
            assert board.shown == board.resting(), f"frame {i}, after {plays} plays"
    assert plays >= 2  # the person's and the computer's
