"""The card before a game's first roll says in one plain sentence what the throw is for
(neither the computer nor the player can choose the dice, and the game can be checked
afterwards), not "The dice are sealed"; a setting leaves it out, and then the throw is
still taken, by itself, after the seal, as the game begins, and said as the clock's."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.play.session import GameSetup, Seat
from game.rules import match as m
from game.rules.dice import dice_stream, seed_seal
from game.rules.variants import VARIANTS
from game.store.records import Records
from game.store.settings import load_settings, save_settings
from game.ui import dice_seal
from game.ui.dice_seal import (
    ThrowPrompt,
    auto_contribution,
    is_auto,
    mixed_words,
    seal_lines,
    seed_note,
)
from game.ui.scenes.board import BoardScene
from game.ui.scenes.settings import SettingsScene
from game.ui.widgets import DEFAULT_STYLE

PERSON = (Seat(), Seat(human=False))


def card_texts(monkeypatch, app, prompt: ThrowPrompt) -> list[str]:
    """The texts the card draws (each checked to lie inside the card)."""
    shown: list[str] = []
    real = dice_seal.draw_text

    def watched(surface, text, *args, **kwargs):
        shown.append(text)
        drawn = real(surface, text, *args, **kwargs)
        assert prompt.rect.contains(drawn), text
        return drawn

    monkeypatch.setattr(dice_seal, "draw_text", watched)
    prompt.place(app.screen.get_rect().center, app.scale)
    prompt.draw(app.screen, DEFAULT_STYLE, app.scale)
    return shown


def test_the_card_says_it_in_one_plain_sentence(app, monkeypatch):
    board = BoardScene(app)
    app.push(board, GameSetup("backgammon", {"cube": False}, PERSON))
    app.step(1 / 60)
    prompt = board.throw_prompt
    assert prompt is not None
    prompt.phrase = "a phrase of my own"  # the card with a phrase typed holds it too
    card_texts(monkeypatch, app, prompt)
    prompt.phrase = ""
    texts = " ".join(card_texts(monkeypatch, app, prompt))
    assert "Neither the computer nor you can choose these dice" in texts
    assert "checked afterwards" in texts and "click or press Enter" in texts
    assert "sealed" not in texts.lower() and "mixed" not in texts.lower()  # no jargon
    assert prompt.seal[:8] in texts  # the seal's digits, for whoever checks
    assert "Settings" in texts  # where the card can be left out
    # Every line of it inside the card.
    for text, role, size in prompt.lines(app.scale):
        from game.ui.widgets import get_font

        assert get_font(role, size * app.scale).size(text)[0] <= prompt.rect.w, text


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_with_the_card_off_the_throw_is_taken_by_itself_after_the_seal(app, variant_id):
    app.settings = replace(app.settings, throw_card=False)
    players = VARIANTS[variant_id].players
    seats = (Seat(),) + (Seat(human=False),) * (players - 1)
    board = BoardScene(app)
    said: list[str] = []
    real_say = board.say

    def say(text, **kwargs):
        said.append(text)
        return real_say(text, **kwargs)

    board.say = say
    app.push(board, GameSetup(variant_id, seats=seats))
    for _ in range(3):
        app.step(1 / 60)
    assert board.throw_prompt is None  # no card: no click asked
    contribution = board.contribution
    assert is_auto(contribution), contribution
    assert board.start["contribution"] == contribution
    assert board.saved().start["contribution"] == contribution  # resumed with it
    # The game's dice are the seed's and the clock's, as a replay checks them.
    expected = m.new_game(board.variant, dice_stream(board.seed, contribution))
    assert board.game.states[0] == expected
    assert seal_lines(board.seed, contribution, manual=False) == (
        "Dice sealed",
        f"{seed_seal(board.seed)[:8]} {seed_seal(board.seed)[8:16]}",
        "+ the clock",
    )
    assert any(mixed_words(contribution) in text for text in said), said


def test_the_clock_throw_is_said_as_the_clocks_not_the_players():
    words = mixed_words(auto_contribution(123))
    assert "clock" in words and "your throw" not in words
    assert seed_note(5, "a=9").endswith("the clock mixed in")
    assert not is_auto("t=5") and not is_auto("a=5 phrase") and is_auto("a=0")
    assert auto_contribution(-4) == "a=0"


def test_the_setting_is_in_settings_and_kept(app, tmp_path, monkeypatch):
    scene = SettingsScene(app)
    app.push(scene)
    toggle = scene.throw_card
    assert toggle in scene.focus.widgets and toggle.value is True
    toggle.activate()
    assert app.settings.throw_card is False
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    records = Records.open(tmp_path / "records.sqlite")
    save_settings(app.settings, records)
    assert load_settings(records).throw_card is False
    records.save_settings_values({"throw_card": "no", "volume": 0.2})  # damaged: the default
    settings = load_settings(records)
    assert settings.throw_card is True and settings.volume == 0.2
    records.close()


def test_a_click_on_the_plain_card_still_throws(app):
    board = BoardScene(app)
    app.push(board, GameSetup("lombardorum", seats=PERSON))
    app.step(1 / 60)
    centre = board.throw_prompt.rect.center
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1))
    assert board.throw_prompt is None and board.contribution.startswith("t=")
