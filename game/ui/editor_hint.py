"""The position editor's hint: the practice table's hint card (``game.ui.hints.HintCard``)
in the hint strip the board keeps for it (``board_controls.hint_strip``), the board laid
out beside it. The first look comes at once; the expert's deeper ranking from the study
job replaces it. A row chosen shows its play on the board as the hint does on the game's
board; "Play it" sets up the position after that play; Close (or any edit) closes it."""

from __future__ import annotations

from typing import Any

import pygame

from game.ai.players import Ranked, first_look
from game.play.advice import play_text
from game.rules import match as m
from game.rules.play import Play
from game.ui.hints import HintCard
from game.ui.render.board_controls import hint_strip
from game.ui.render.board_view import BoardView


def open_card(state: m.GameState) -> HintCard:
    """The card for ``state`` (its dice thrown) with the first look in it."""
    card = HintCard(state, len(m.legal_plays(state)))
    card.ranked, card.deep = first_look(state), False
    return card


def deepen(card: HintCard, answer: Any) -> None:
    """The study job's ranking (``[notation, value, loss]`` rows, best first) in place of
    the first look; rows whose play is not found are left out."""
    state = card.state
    plays = {play_text(state, play): play for play in m.legal_plays(state)}
    ranked = [
        Ranked(plays[str(text)], float(value), True)
        for text, value, _loss in answer
        if str(text) in plays
    ]
    if ranked:
        card.deepen(ranked)
    else:
        card.failed = True


def fit(view: BoardView, card: HintCard | None, board: tuple[int, int], scale: float) -> None:
    """Lay the board out beside the card's strip (or over the whole area without a card)
    and put the card in its strip."""
    if card is None:
        if view.room is not None:
            view.resize(board)
        return
    room, rect = hint_strip(view.variant, board, view.viewer, card.size(scale), scale)
    if view.room != room or view.size != board:
        view.resize(board, room)
    card.place(rect, scale)


def chosen(card: HintCard | None) -> Play | None:
    return None if card is None else card.chosen_play


def click(card: HintCard, at: tuple[int, int]) -> str:
    """A click on the card: "apply", "close", "row" (a row chosen or unchosen), "card"
    (elsewhere on it) or "" (not on it)."""
    hit = card.hit(at)
    if hit is None:
        return ""
    kind, what = hit
    if kind == "row":
        card.chosen = None if card.chosen == what else what
        return "row"
    if kind == "button":
        return str(what)
    return "card"


def after(card: HintCard) -> m.GameState | None:
    """The state after the chosen play (None: none chosen)."""
    play = card.chosen_play
    if play is None:
        return None
    return m.play(card.state, play)


def draw(surface: pygame.Surface, card: HintCard | None, style: Any) -> None:
    if card is not None and card.placed:
        card.draw(surface, style)


__all__ = ["after", "chosen", "click", "deepen", "draw", "fit", "open_card"]
