"""The move list: the game's record in the standard notation on a card over the board's
left half (L opens and closes it; the wheel, Up and Down scroll it; Escape closes it).
It opens at the latest moves."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from game.i18n import N_, _
from game.play.record import record_lines
from game.ui.widgets import Style, draw_panel, draw_text, fit_text

# TRANSLATORS: the title of the game's record: the moves made so far
TITLE = N_("Moves")
# TRANSLATORS: L, Up and Down are the keys; the wheel is the mouse's
HELP = N_("L closes  ·  wheel or Up/Down to scroll")


class MoveList:
    """Whether the list is open, and how far it is scrolled back from the latest."""

    def __init__(self) -> None:
        self.open = False
        self.back = 0  # lines scrolled back from the last

    def toggle(self) -> None:
        self.open = not self.open
        self.back = 0

    def scroll(self, lines: int, total: int) -> None:
        """Scroll ``lines`` towards the start (negative: towards the latest)."""
        self.back = max(0, min(max(0, total - 1), self.back + lines))


def card_rect(frame: tuple[float, float, float, float], scale: float) -> pygame.Rect:
    """Where the card stands: over the board's left half, clear of its edges."""
    fx, fy, fw, fh = frame
    margin = 18 * scale
    w = min(430 * scale, fw * 0.46)
    return pygame.Rect(round(fx + margin), round(fy + margin), round(w), round(fh - 2 * margin))


def visible_lines(lines: list[str], back: int, rows: int) -> list[str]:
    """The ``rows`` lines shown, ending ``back`` lines before the last."""
    end = max(0, len(lines) - back)
    return lines[max(0, end - rows) : end]


def draw_move_list(
    surface: pygame.Surface,
    rect: pygame.Rect,
    names: list[str],
    log: Sequence[Mapping[str, Any]],
    moves: MoveList,
    scale: float,
    style: Style,
) -> None:
    """The card with the record's lines, the latest at the bottom."""
    draw_panel(surface, rect, scale, style, alpha=238, ornate=False)
    pad = round(16 * scale)
    size = max(14.0, 17 * scale)
    row_h = round(size * 1.35)
    draw_text(
        surface,
        fit_text(_(TITLE), "caps", 22 * scale, rect.w - 2 * pad),
        (rect.x + pad, rect.y + pad),
        role="caps",
        size=22 * scale,
        colour=style.accent_light,
    )
    top = rect.y + pad + round(34 * scale)
    bottom = rect.bottom - pad - row_h
    rows = max(1, (bottom - top) // row_h)
    lines = record_lines(log, names)
    if not lines:
        draw_text(
            surface,
            _("No moves yet"),
            (rect.x + pad, top),
            role="italic",
            size=size,
            colour=style.text_dim,
        )
    width = rect.w - 2 * pad
    shown = visible_lines(lines, moves.back, rows)
    first = len(lines) - moves.back - len(shown)
    for i, text in enumerate(shown):
        number = f"{first + i + 1}."
        y = top + i * row_h
        draw_text(surface, number, (rect.x + pad, y), size=size, colour=style.text_dim)
        line = fit_text(text, "text", size, width - round(44 * scale))
        draw_text(
            surface, line, (rect.x + pad + round(44 * scale), y), size=size, colour=style.text
        )
    draw_text(
        surface,
        fit_text(_(HELP), "italic", max(14.0, 14 * scale), rect.w - 2 * pad),
        (rect.centerx, rect.bottom - pad),
        role="italic",
        size=max(14.0, 14 * scale),
        colour=style.text_dim,
        anchor="midbottom",
    )


__all__ = ["MoveList", "card_rect", "draw_move_list", "visible_lines"]
