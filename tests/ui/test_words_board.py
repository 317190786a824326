"""The board in another language: every word it draws goes through the catalogue, and
holds when a language is 40% longer than English.

The board is drawn in the pseudo-language (``game.i18n.PSEUDO``: every text longer,
accented and marked) in its main states (before the roll, the cube offered and the
resignations asked for, a roll with plays to choose, the hint card, the tutor's card,
the chances panel with the cube's advice, the move list, the game over) at 1280x800 and
1920x1080. A word drawn without the pseudo-language's accents did not go through the
catalogue (``words_seen.untranslated``); a text ``fit_text`` had to cut (the ``cut``
fixture), a line of the message scaled below a readable size or a button's label set
smaller than that, is a text that did not fit.
"""

from __future__ import annotations

import re

import pygame
import pytest
from scene_kit import resize
from stepping import my_turn, press, run_until, step
from test_hints import judge_as, open_hint, play_by_hand
from words_seen import untranslated, words_drawn

from game import i18n
from game.play.session import GameSetup, Seat
from game.rules import actions as a
from game.rules import match as m
from game.ui.render import board_controls
from game.ui.scenes.board import BoardScene
from tests.small_nets import use_small_networks

SIZES = [(1280, 800), (1920, 1080)]
READABLE = 14  # px: the smallest a line of the message or a button's label may be set
TWO_PEOPLE = GameSetup("backgammon", {"cube": True}, seats=(Seat(), Seat()), seed=5)
PRACTICE = GameSetup(
    "backgammon",
    {"cube": True},
    seats=(Seat(), Seat(human=False)),
    seed=11,
    mode="practice",
    hints=True,
)


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language(i18n.ENGLISH)


@pytest.fixture
def net(monkeypatch):
    return use_small_networks(monkeypatch)


@pytest.fixture
def seen(monkeypatch):
    """The texts drawn from now on, in the pseudo-language."""
    i18n.set_language(i18n.PSEUDO)
    return words_drawn(monkeypatch)


def sized(app, size):
    if size != tuple(app.screen.get_size()):
        resize(app, size)


def board(app, setup) -> BoardScene:
    scene = BoardScene(app)
    app.push(scene, setup)
    return scene


def at_the_roll(app, setup=TWO_PEOPLE) -> BoardScene:
    """A person to roll, with the cube theirs to offer (the opening throw played)."""
    scene = board(app, setup)
    assert run_until(app, lambda: scene.turn is not None and not scene.busy)
    scene.commit(m.legal_plays(scene.state)[0], animate=False)
    assert run_until(app, lambda: scene.state.phase is m.Phase.ROLL and "roll" in scene.buttons)
    step(app)
    return scene


def my_move(app, setup=PRACTICE) -> BoardScene:
    """A person to move after the roll, with a choice of plays."""
    return my_turn(app, setup)


def drawn(app, scene, frames: int = 2) -> None:
    step(app, frames)
    scene.lay_out()
    scene.draw(app.screen)


def too_small(scene) -> list[tuple[str, float]]:
    """The message's lines scaled below ``READABLE`` px, and the buttons' labels set
    smaller than that, as (text, the size it is seen at)."""
    out: list[tuple[str, float]] = []
    controls = board_controls.layout_controls(scene)
    message = controls.message
    for line in message.lines if message is not None else ():
        whole = board_controls.font("italic", line.size).size(line.text)[0]
        seen_at = line.size * min(1.0, line.fit / whole) if line.fit and whole else line.size
        if seen_at < READABLE:
            out.append((line.text, seen_at))
    for button in controls.buttons:
        if button.size and button.size < READABLE:
            out.append((button.text, button.size))
    return out


# The dice's seal under the side column: hexadecimal digits, the same in every language.
SEAL = re.compile(r"[0-9a-f]{8} [0-9a-f]{8}")


def check(scene, seen, cut) -> None:
    plain = [text for text in untranslated(seen) if not SEAL.fullmatch(text)]
    assert plain == [], "\n".join(plain)
    assert cut == [], "\n".join(map(repr, cut))
    small = too_small(scene)
    assert small == [], "\n".join(map(repr, small))


@pytest.mark.parametrize("size", SIZES)
def test_before_the_roll_the_cube_and_the_resignations(app, net, seen, cut, size):
    sized(app, size)
    scene = at_the_roll(app)
    drawn(app, scene)
    assert {"roll", "double"} <= set(scene.buttons)
    check(scene, seen, cut)
    # The chances and the cube's advice (C).
    press(app, pygame.K_c)
    assert run_until(app, lambda: scene.chances.chances is not None)
    drawn(app, scene)
    assert any("⟦" in line for line in scene.chances.chances.lines())
    check(scene, seen, cut)
    press(app, pygame.K_c)
    # How much to resign.
    scene.resigning = True
    drawn(app, scene)
    assert "resign3" in scene.buttons
    check(scene, seen, cut)
    scene.resigning = False
    scene.lay_out()
    # The double offered: the other side takes or drops it.
    assert scene.press("double")
    assert run_until(app, lambda: scene.state.phase is m.Phase.TAKE and "take" in scene.buttons)
    drawn(app, scene)
    check(scene, seen, cut)


@pytest.mark.parametrize("size", SIZES)
def test_a_roll_the_hint_and_the_move_list(app, net, seen, cut, size):
    sized(app, size)
    scene = my_move(app)
    drawn(app, scene)
    assert "hint" in scene.buttons
    check(scene, seen, cut)
    open_hint(app, scene)
    drawn(app, scene)
    check(scene, seen, cut)
    press(app, pygame.K_h)
    press(app, pygame.K_l)
    assert scene.move_list.open
    drawn(app, scene)
    check(scene, seen, cut)


@pytest.mark.parametrize("size", SIZES)
def test_the_tutors_card(app, net, seen, cut, size, monkeypatch):
    sized(app, size)
    judge_as(monkeypatch, 0.2)
    scene = my_move(app)
    play_by_hand(app, scene)
    assert run_until(app, lambda: scene.tutor_card is not None and scene.tutor_card.placed)
    drawn(app, scene)
    check(scene, seen, cut)


@pytest.mark.parametrize("size", SIZES)
def test_the_game_over(app, net, seen, cut, size):
    sized(app, size)
    scene = at_the_roll(app)
    scene.apply(a.Concede(scene.state.to_act))
    assert scene.state.is_over
    assert run_until(app, lambda: scene.table.finished, seconds=5)
    drawn(app, scene, frames=0)  # (before the results' page follows)
    assert app.stack.top is scene
    assert "⟦" in board_controls.layout_controls(scene).message.text
    check(scene, seen, cut)


def test_the_board_follows_a_change_of_language(app, net):
    """The words the board keeps (the last play named) are made again in the new
    language, and its prompt and buttons follow at once."""
    scene = my_move(app)
    english = dict(scene.last_named)
    i18n.set_language(i18n.PSEUDO)
    app.stack.language_changed()
    step(app, 2)
    assert all("⟦" in words for words in scene.last_named.values())
    assert set(scene.last_named) == set(english)
    assert all("⟦" in label for _, label in scene.wanted_buttons())


@pytest.mark.parametrize("size", SIZES)
def test_the_throw_card_and_the_dice_entered_by_hand(app, net, seen, cut, size):
    """The card that asks for the player's throw before the first die (a fresh seed),
    and the card that takes dice thrown at the table (dice entered by hand)."""
    sized(app, size)
    scene = board(app, GameSetup("backgammon", {"cube": False}, seats=(Seat(), Seat())))
    step(app, 3)
    assert scene.throw_prompt is not None
    drawn(app, scene)
    check(scene, seen, cut)
    app.pop()
    by_hand = GameSetup(
        "backgammon", {"cube": False}, seats=(Seat(), Seat(human=False)), manual_dice=True
    )
    scene = board(app, by_hand)
    step(app, 3)
    assert scene.dice_entry is not None and scene.dice_entry.opening
    drawn(app, scene)
    check(scene, seen, cut)


@pytest.mark.parametrize("size", SIZES)
def test_a_replay_stepped_through(app, net, seen, cut, size):
    """A finished game watched again: its prompt, the keys and the play stepped."""
    from hostile import small_replay  # tests/ is on the path too

    from game.rules.replay import replay_from_json

    sized(app, size)
    scene = board(app, replay_from_json(small_replay()))
    step(app, 3)
    drawn(app, scene)
    check(scene, seen, cut)
    for _ in range(3):
        press(app, pygame.K_RIGHT)
    drawn(app, scene, frames=30)
    check(scene, seen, cut)
