"""The board's controls are laid out by ``update`` and ``on_resize``, never by ``draw``: a
board that was never drawn answers clicks on its buttons, its cards and its dice entry,
and drawing changes nothing in the scene, whatever the phase."""

from __future__ import annotations

import dataclasses
import time
from typing import Any

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st
from stepping import run_until  # tests/ui is on the path (rootdir-less import)

from game.ai.players import Ranked
from game.play import table as board_module  # the flow (hints) lives in the table
from game.play import tutoring  # the tutor's judgement
from game.play.session import GameSetup, Seat
from game.rules import actions as a
from game.rules import match as m
from game.rules.replay import Replay
from game.ui.scenes.board import BoardScene
from game.ui.tutor_card import TutorCard, Verdict

PEOPLE = (Seat(), Seat())


def ranking(state: m.GameState) -> list[Ranked]:
    """A fixed ranking of the legal plays (no evaluation needed)."""
    return [Ranked(p, 0.6 - 0.01 * i, True) for i, p in enumerate(m.legal_plays(state)[:6])]


def no_loss(state: m.GameState, play) -> tuple[float, list[Ranked]]:
    """The tutor's judgement, fixed: the play made is the best."""
    return 0.0, [Ranked(play, 0.5, True)]


@pytest.fixture
def advice(monkeypatch):
    monkeypatch.setattr(board_module, "advice_available", lambda variant_id: True)
    monkeypatch.setattr(board_module, "hint_first_look", lambda state, plays=None: ranking(state))
    monkeypatch.setattr(board_module, "hint_ranking", lambda state, stop=None: ranking(state))
    monkeypatch.setattr(tutoring, "tutor_judgement", no_loss)


@pytest.fixture
def undrawn(monkeypatch):
    """Any drawing of the board fails the test."""

    def draw(self, surface):
        raise AssertionError("the board was drawn")

    monkeypatch.setattr(BoardScene, "draw", draw)


def push(app, setup) -> BoardScene:
    """A board in place of the scene on top (if any)."""
    scene = BoardScene(app)
    app.replace(scene, setup)
    return scene


def tick(scene: BoardScene, until=lambda: True, seconds: float = 30.0) -> None:
    """Update the scene in 1/60 s frames, never drawing it, until ``until()`` (giving a
    worker thread ``seconds`` of wall-clock time as well)."""
    deadline = time.monotonic() + seconds
    frames = 0
    while True:
        scene.update(1 / 60)
        frames += 1
        if until():
            return
        if frames > seconds * 60 and time.monotonic() > deadline:
            raise AssertionError("the board never got there")
        if frames > 600:
            time.sleep(0.002)  # leave the cores to a worker


def frames(scene: BoardScene, n: int) -> None:
    for _ in range(n):
        scene.update(1 / 60)


def click(app, point) -> None:
    """A click posted as the window would, handled without drawing."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=1))
    for event in pygame.event.get():
        app.handle(event)


def key(app, name: int, char: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=name, mod=0, unicode=char))
    for event in pygame.event.get():
        app.handle(event)


# -- never drawn --------------------------------------------------------------------------


def test_a_board_never_drawn_answers_a_click_on_roll(app, undrawn):
    scene = push(app, GameSetup("lombardorum", seats=PEOPLE, seed=4))
    tick(scene, lambda: "roll" in scene.buttons)
    assert scene.state.phase is m.Phase.ROLL
    click(app, scene.buttons["roll"].center)
    assert scene.state.phase is m.Phase.MOVE and scene.log[-1]["action"] == "roll"
    frames(scene, 1)
    assert "roll" not in scene.buttons  # the next update lays the buttons out anew


def test_a_board_never_drawn_answers_clicks_on_the_hint_card(app, undrawn, advice):
    setup = GameSetup("backgammon", {"cube": False}, PEOPLE, seed=11, mode="practice", hints=True)
    scene = push(app, setup)
    tick(scene, lambda: scene.turn is not None and "hint" in scene.buttons)
    click(app, scene.buttons["hint"].center)
    card = scene.hint_card
    assert card is not None
    tick(scene, lambda: not card.thinking and bool(card.rows))
    click(app, card.rows[1].center)
    assert card.chosen == 1
    chosen = card.chosen_play
    frames(scene, 3)  # it may be gliding aside from the play: its buttons go with it
    before = scene.state
    click(app, card.buttons["apply"].center)
    assert scene.hint_card is None
    tick(scene, lambda: not scene.busy and scene.table.waiting_pick_up())
    assert scene.state is before  # the play waits for the dice to be picked up
    key(app, pygame.K_SPACE)
    tick(scene, lambda: scene.state is not before)
    assert scene.state.position.board == before.variant.apply_play(before.position, chosen).board


def test_a_board_never_drawn_takes_dice_entered_by_clicks(app, undrawn):
    setup = GameSetup("backgammon", {"cube": False}, PEOPLE, manual_dice=True)
    scene = push(app, setup)
    frames(scene, 1)
    entry = scene.dice_entry
    assert entry is not None and entry.opening and len(entry.face_rects) == 6
    click(app, entry.face_rects[4].center)  # a 5
    click(app, entry.face_rects[1].center)  # a 2
    assert scene.dice_entry is None and scene.state.dice == (5, 2)


def test_a_resize_lays_the_buttons_out_again(app, undrawn):
    scene = push(app, GameSetup("lombardorum", seats=PEOPLE, seed=4))
    tick(scene, lambda: "roll" in scene.buttons)
    before = scene.buttons["roll"].copy()
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=700, size=(1000, 700)))
    after = scene.buttons["roll"]
    assert after != before and app.screen.get_rect().contains(after)
    click(app, after.center)
    assert scene.state.phase is m.Phase.MOVE


# -- drawing changes nothing ----------------------------------------------------------------


def cached(owner: object, name: str) -> bool:
    """Whether ``owner.name`` is a memo that drawing may fill: the board view's sprites
    and texts, the turn's search of the steps from here."""
    kind = type(owner).__name__
    return (kind == "BoardView" and name.startswith("_")) or (kind, name) == ("TurnInput", "_next")


def snapshot(value: Any, depth: int = 0, seen: frozenset[int] = frozenset()) -> Any:
    """A comparable copy of ``value``: containers, rectangles and the game's mutable
    objects (cards, entries, turns, the timeline) are copied down; a frozen value (a
    state, a play, a laid-out button) or anything else is its identity."""
    if isinstance(value, (int, float, str, bytes, bool, type(None))):
        return value
    if isinstance(value, pygame.Rect):
        return ("rect", tuple(value))
    if id(value) in seen or depth > 8 or isinstance(value, BoardScene):
        return ("id", id(value))
    seen = seen | {id(value)}
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(snapshot(v, depth + 1, seen) for v in value))
    if isinstance(value, (set, frozenset)):
        return ("set", frozenset(snapshot(v, depth + 1, seen) for v in value))
    if isinstance(value, dict):
        items = tuple((snapshot(k), snapshot(v, depth + 1, seen)) for k, v in value.items())
        return ("dict", items)
    if dataclasses.is_dataclass(value) and type(value).__dataclass_params__.frozen:
        return ("id", id(value))
    if type(value).__module__.startswith("game.") and hasattr(value, "__dict__"):
        fields = {k: v for k, v in vars(value).items() if not cached(value, k)}
        return (type(value).__name__, id(value), snapshot(fields, depth + 1, seen))
    return ("id", id(value))


def scene_state(scene: BoardScene) -> dict[str, Any]:
    """Every attribute of the scene, copied down (not the app's own state)."""
    return {name: snapshot(value) for name, value in vars(scene).items() if name != "app"}


def assert_draw_changes_nothing(app, scene: BoardScene) -> None:
    scene.update(1 / 60)
    before = scene_state(scene)
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    scene.draw(surface)
    after = scene_state(scene)
    changed = sorted(
        name for name in before.keys() | after.keys() if before.get(name) != after.get(name)
    )
    assert not changed, f"drawing changed {changed}"


def test_drawing_changes_nothing_in_a_game_with_the_cube(app):
    scene = push(app, GameSetup("backgammon", {"cube": True}, PEOPLE, seed=5))
    tick(scene, lambda: scene.turn is not None and not scene.busy)
    assert_draw_changes_nothing(app, scene)  # the opening move, with its buttons
    src = sorted(scene.turn.sources())[0]
    scene.selected = src
    assert_draw_changes_nothing(app, scene)  # a man lifted, its destinations lit
    scene.make(next(iter(scene.turn.moves_from(src).values())))
    tick(scene, lambda: not scene.busy)
    assert_draw_changes_nothing(app, scene)  # a step made: Undo
    scene.resigning = True
    assert_draw_changes_nothing(app, scene)  # the resignation column
    scene.resigning = False
    scene.commit(scene.turn.complete() or m.legal_plays(scene.state)[0], animate=False)
    tick(scene, lambda: scene.state.phase is m.Phase.ROLL and not scene.busy)
    scene.press("double")
    assert scene.state.phase is m.Phase.TAKE
    assert_draw_changes_nothing(app, scene)  # a double offered
    scene.press("take")
    scene.apply(a.Resign(2))
    assert_draw_changes_nothing(app, scene)  # a resignation offered
    scene.press("accept")
    tick(scene, lambda: scene.finished)
    assert_draw_changes_nothing(app, scene)  # the game over


def test_drawing_changes_nothing_with_the_hint_and_the_tutor(app, advice, monkeypatch):
    def judgement(state, play):
        best = next(p for p in m.legal_plays(state) if p != play)
        return 0.2, [Ranked(best, 0.5, True), Ranked(play, 0.3, True)]

    monkeypatch.setattr(tutoring, "tutor_judgement", judgement)
    setup = GameSetup("backgammon", {"cube": False}, PEOPLE, seed=11, mode="practice", hints=True)
    scene = push(app, setup)
    tick(scene, lambda: scene.turn is not None and "hint" in scene.buttons)
    scene.toggle_hint()
    card = scene.hint_card
    assert_draw_changes_nothing(app, scene)  # the card thinking
    tick(scene, lambda: not card.thinking)
    scene.choose_hint(1)
    assert_draw_changes_nothing(app, scene)  # the chosen play previewed, the card gliding
    scene.close_hint()
    turn = scene.turn
    while turn.complete() is None:
        scene.make(next(iter(turn.moves_from(sorted(turn.sources())[0]).values())))
        tick(scene, lambda: not scene.busy)
    assert_draw_changes_nothing(app, scene)  # the play waits for the dice to be picked up
    key(app, pygame.K_SPACE)
    tick(scene, lambda: scene.tutor_card is not None)
    assert_draw_changes_nothing(app, scene)  # the tutor's card


def test_drawing_changes_nothing_on_the_cards_that_ask_for_dice(app):
    manual = GameSetup("backgammon", {"cube": False}, PEOPLE, manual_dice=True)
    scene = push(app, manual)
    assert_draw_changes_nothing(app, scene)  # the dice entered by hand
    scene = push(app, GameSetup("lombardorum", seats=(Seat(), Seat(human=False))))
    assert scene.throw_prompt is not None
    assert_draw_changes_nothing(app, scene)  # the player's throw


def test_drawing_changes_nothing_in_a_replay_or_round_the_ring(app):
    game = push(app, GameSetup("lombardorum", seats=(Seat(human=False),) * 2, seed=3))
    assert run_until(app, lambda: len(game.log) >= 6, 300)
    seats = ({"human": False, "level": "novice"}, {"human": True})
    plays = tuple(game.log[:6])
    replay = Replay("lombardorum", {}, 3, plays, seats, match=game.start["match"])
    scene = push(app, replay)
    for _ in range(4):
        key(app, pygame.K_RIGHT)
        frames(scene, 5)
    assert len(scene.log) == 4
    assert_draw_changes_nothing(app, scene)
    seats = (Seat(),) + (Seat(human=False),) * 3
    scene = push(app, GameSetup("el_mundo", seats=seats, seed=5))
    assert run_until(app, lambda: scene.human_to_act() and not scene.busy, 300)
    assert scene.buttons and scene.view.layout.geometry == "round"
    assert_draw_changes_nothing(app, scene)


# -- a card glides all the way to its place ----------------------------------------------------


@given(
    st.integers(-900, 900),
    st.integers(-900, 900),
    st.sampled_from([1 / 144, 1 / 60, 1 / 30, 0.2]),
)
def test_a_card_glides_all_the_way_to_its_place(dx, dy, dt):
    """Each frame moves the card at least a pixel nearer, so it always arrives (a card
    two pixels short used to stay there, its step rounded to nothing)."""
    card = TutorCard(Verdict(None, (), 0.1, (), "bad"))
    card.place(pygame.Rect(300, 200, 200, 100), 1.0)
    card.place(pygame.Rect(300 + dx, 200 + dy, 200, 100), 1.0)
    frames = 0
    while card.rect != card.target:
        before = abs(card.rect.x - card.target.x) + abs(card.rect.y - card.target.y)
        card.update(dt)
        after = abs(card.rect.x - card.target.x) + abs(card.rect.y - card.target.y)
        assert after < before
        frames += 1
    assert frames <= 200
