"""H before the roll (issue 45): it did nothing. In practice it now shows the chances and
the cube's advice (as C does) where they can be worked out, and otherwise says plainly
why there is no hint yet; H again hides the chances."""

from __future__ import annotations

import time

import pygame
import pytest

from game.play.session import GameSetup, Seat
from game.rules import match as m
from game.ui.render import board_words
from game.ui.scenes.board import BoardScene
from tests.small_nets import use_small_networks


def key(app, name: int) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=name, mod=0, unicode=""))


def before_my_roll(app, variant_id: str, options: dict, players: int = 2) -> BoardScene:
    """A practice board where the person is to roll (the turns before played at once)."""
    scene = BoardScene(app)
    seats = (Seat(),) + (Seat(human=False),) * (players - 1)
    setup = GameSetup(variant_id, options, seats, seed=3, mode="practice", hints=True)
    app.replace(scene, setup)
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "the person never came to roll"
        scene.update(1 / 60)
        state = scene.state
        if scene.busy or not scene.human_to_act():
            continue
        if state.phase is m.Phase.ROLL:
            return scene
        if state.phase is m.Phase.MOVE and scene.turn is not None:
            scene.commit(m.legal_plays(state)[0], animate=False)


def test_h_before_the_roll_shows_the_chances_and_the_cube_s_advice(app, monkeypatch):
    use_small_networks(monkeypatch)
    scene = before_my_roll(app, "backgammon", {"cube": True})
    state = scene.state
    assert state.phase is m.Phase.ROLL and m.can_double(state)
    assert not scene.chances.shown
    key(app, pygame.K_h)
    assert scene.chances.shown
    assert "cube's advice" in scene.message and "roll" in scene.message
    deadline = time.monotonic() + 60
    while scene.chances.chances is None:
        scene.update(1 / 60)
        assert time.monotonic() < deadline
    lines = scene.chances.chances.lines()
    assert lines[0].startswith("Wins ") and lines[-1].startswith("Cube: ")
    assert scene.state is state  # nothing was decided for the person
    key(app, pygame.K_h)
    assert not scene.chances.shown


@pytest.mark.parametrize(("variant_id", "players"), [("el_mundo", 4), ("duodecim", 2)])
def test_h_before_the_roll_says_why_when_there_is_nothing_to_show(
    app, monkeypatch, variant_id, players
):
    """Four sides have no chances of two to show; a game without a trained evaluation
    has no hint at all: either way H says so, in plain words."""
    if variant_id == "el_mundo":
        use_small_networks(monkeypatch)
    else:
        from game.ai import players as ai_players

        monkeypatch.setattr(ai_players, "network_for", lambda variant: None)
    scene = before_my_roll(app, variant_id, {}, players)
    assert scene.state.phase is m.Phase.ROLL
    scene.message = ""
    key(app, pygame.K_h)
    assert not scene.chances.shown and scene.state.phase is m.Phase.ROLL
    if variant_id == "el_mundo":
        assert scene.message == board_words.hint_before_roll(scene.state, shown=False)
        assert "roll the dice" in scene.message
    else:
        assert scene.message == scene.hint_note()


def test_what_h_says_stays_after_the_window_slept_before_the_key(app, monkeypatch):
    """The window sleeps while nothing moves; the frame after a key brings the time it
    slept before it. What the key made the board say is still shown then (it was not:
    a board left for twenty seconds showed the prompt again at once)."""
    use_small_networks(monkeypatch)
    scene = before_my_roll(app, "backgammon", {"cube": True})
    key(app, pygame.K_h)
    said = scene.message
    assert said.startswith("Hint:")
    scene.update(20.0)  # the first frame after the key, after a long sleep
    assert board_words.message_text(scene) == said
    scene.update(board_words.MESSAGE_TIME + 0.5)
    assert board_words.message_text(scene) != said  # then it gives way, as ever


def test_the_chances_give_way_to_a_card_and_never_show_cut_short(app, monkeypatch):
    """The chances shown by H before the roll stayed beside the board once the hint card
    took its strip, squeezed into a column too narrow for them ("Ivory's cha…"): while a
    card is open they give way to it, and come back when it closes."""
    from game.ui import chances_panel

    use_small_networks(monkeypatch)
    scene = before_my_roll(app, "backgammon", {"cube": True})
    key(app, pygame.K_h)
    assert scene.chances.shown
    key(app, pygame.K_SPACE)  # roll
    deadline = time.monotonic() + 60
    while scene.state.phase is not m.Phase.MOVE or scene.busy:
        scene.update(1 / 60)
        assert time.monotonic() < deadline
    key(app, pygame.K_h)
    while scene.hint_card is None or scene.next_view is not None:
        scene.update(1 / 60)
        assert time.monotonic() < deadline
    drawn: list[str] = []
    real = chances_panel.draw_text
    monkeypatch.setattr(
        chances_panel,
        "draw_text",
        lambda s, text, *a, **k: drawn.append(text) or real(s, text, *a, **k),
    )
    scene.draw(app.screen)
    assert drawn == [], drawn
    scene.close_hint()
    while scene.next_view is not None:
        scene.update(1 / 60)
    scene.draw(app.screen)
    # (a text cut short ends in an ellipsis; "Thinking…" is a whole word of the panel's)
    assert drawn and not any(text.endswith("…") and text != "Thinking…" for text in drawn), drawn
