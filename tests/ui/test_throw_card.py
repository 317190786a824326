"""The player's throw: the seal is shown before any die, the throw (its timing and a
phrase) is mixed into the dice, the board says so, and seeded games need no throw."""

from __future__ import annotations

import pygame
import pytest

from game.play.session import GameSetup, Seat
from game.rules import match as m
from game.rules.dice import dice_stream, seed_seal
from game.ui.dice_seal import (
    ThrowPrompt,
    contribution_text,
    mixed_words,
    seal_lines,
    seed_note,
)
from game.ui.scenes.board import BoardScene

PERSON = (Seat(), Seat(human=False))


def typed(app, text):
    for char in text:
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=0, mod=0, unicode=char))


def test_the_seal_is_shown_before_any_die_and_the_throw_is_mixed_in(app):
    board = BoardScene(app)
    app.push(board, GameSetup("backgammon", {"cube": False}, PERSON))
    for _ in range(20):  # the card is drawn, and nothing is thrown while it waits
        app.step(1 / 60)
    prompt = board.throw_prompt
    assert prompt is not None and prompt.seal == seed_seal(board.seed)
    assert board.seed.bit_length() > 64 and board.log == [] and board.state.dice == ()
    assert board.state.opening == () and board.shown_dice == ()
    typed(app, "my lucky day")
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode=""))
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert board.throw_prompt is None
    contribution = board.contribution
    assert contribution.startswith("t=") and contribution.endswith(" my lucky da")
    assert board.start["contribution"] == contribution
    # The opening throw is the seed's and the contribution's, not the seed's alone.
    first = board.game.states[0]
    expected = m.new_game(board.variant, dice_stream(board.seed, contribution))
    assert first == expected
    assert "Mixed into the dice: your throw" in board.message and "my lucky da" in board.message
    assert seal_lines(board.seed, contribution, manual=False)[-1] == "+ your throw"
    app.step(1 / 60)


def test_a_click_throws_too(app):
    board = BoardScene(app)
    app.push(board, GameSetup("lombardorum", seats=PERSON))
    app.step(1 / 60)
    centre = board.throw_prompt.rect.center
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1))
    assert board.throw_prompt is None and board.contribution.startswith("t=")
    assert " " not in board.contribution  # no phrase typed


@pytest.mark.parametrize(
    "setup",
    [
        GameSetup("backgammon", {"cube": False}, PERSON, seed=5),
        GameSetup("backgammon", {"cube": False}, PERSON, seed=5, contribution="t=9 x"),
        GameSetup("backgammon", {"cube": False}, (Seat(human=False),) * 2),
        GameSetup("backgammon", {"cube": False}, PERSON, manual_dice=True),
    ],
)
def test_seeded_computer_and_hand_dice_games_ask_for_no_throw(app, setup):
    board = BoardScene(app)
    app.push(board, setup)
    assert board.throw_prompt is None
    if setup.seed is not None:  # the same seed and contribution: the same dice
        expected = m.new_game(board.variant, dice_stream(setup.seed, setup.contribution))
        assert board.game.states[0] == expected
        assert board.contribution == setup.contribution


def test_a_demo_asks_for_no_throw(app):
    app.demo = True
    board = BoardScene(app)
    app.push(board, GameSetup("lombardorum", seats=PERSON))
    assert board.throw_prompt is None and board.contribution == ""


def test_the_words_for_a_contribution():
    assert contribution_text(1_834_012_377) == "t=1834012377"
    assert contribution_text(5, "  hello \x07") == "t=5 hello"
    assert contribution_text(-3) == "t=0"
    assert mixed_words("") == ""
    assert mixed_words("t=1834012377") == "Mixed into the dice: your throw 1.834 s after the seal"
    assert "your phrase 'hi there'" in mixed_words("t=1 hi there")
    assert seal_lines(7, "", manual=True) == ("Dice entered", "by hand")
    assert seal_lines(7, "", manual=False) == (
        "Dice sealed",
        f"{seed_seal(7)[:8]} {seed_seal(7)[8:16]}",
    )
    assert seed_note(2**127, "t=1").endswith("your throw mixed in")
    assert "..." in seed_note(2**127, "")
    assert seed_note(42, "") == f"dice seed 42 (seal {seed_seal(42)[:8]})"
    prompt = ThrowPrompt("ab" * 32, shown_ns=100)
    prompt.phrase = "x"
    assert prompt.throw(now_ns=350) == "t=250 x" and prompt.thrown == "t=250 x"
