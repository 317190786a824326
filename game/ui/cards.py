"""The board's advice cards' common part: a small gilded panel in the menus' style
that knows its size, glides to where it is going and says what a click hit (``Card``),
its buttons (``draw_card_button``), and whether it hides given points (``covers``). The
two cards are ``game.ui.hints.HintCard`` and ``game.ui.tutor_card.TutorCard``; the board
places them in a strip of their own (``board_controls.hint_strip``)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import pygame

from game.ui.widgets import (
    Style,
    _mix,
    draw_panel,
    draw_shadow,
    draw_text,
    fit_text,
    get_font,
    rounded_box,
)

Point = tuple[float, float]

GRADE_COLOURS = {
    "doubtful": (232, 196, 104),
    "bad": (236, 142, 72),
    "very bad": (236, 92, 76),
}
GOOD_COLOUR = (150, 200, 130)

# Design sizes (px at 1280x800) and the smallest each may become in a small window.
TITLE = (22, 15)
ROW = (19, 14)
SMALL = (15, 12)
BUTTON = (18, 13)


def design_px(design: tuple[int, int], scale: float) -> int:
    size, floor = design
    return max(floor, round(size * scale))


def card_font(role: str, design: tuple[int, int], scale: float) -> pygame.font.Font:
    return get_font(role, design_px(design, scale))


def draw_card_button(
    surface: pygame.Surface,
    rect: pygame.Rect,
    label: str,
    scale: float,
    style: Style,
    *,
    primary: bool = False,
    hover: bool = False,
    enabled: bool = True,
) -> None:
    """A button as the menus draw them: lacquer, a gilded edge, small capitals."""
    st = style
    radius = max(3, round(8 * scale))
    glow = 1.0 if hover and enabled else 0.0
    if not enabled:
        fill, border = st.disabled, _mix(st.accent_dark, st.disabled, 0.5)
    elif primary:
        fill = _mix(st.primary, st.primary_hover, glow)
        border = _mix(st.accent, st.accent_light, glow)
    else:
        fill = _mix(st.button, st.button_hover, glow)
        border = _mix(st.accent_dark, st.accent_light, 0.35 + 0.65 * glow)
    draw_shadow(surface, rect, scale, radius=radius, blur=8, drop=3, alpha=110 if enabled else 60)
    bw = max(1, round(1.5 * scale))
    box = rounded_box(rect.size, radius, _mix(fill, (255, 255, 255), 0.06), border, bw, 0.7)
    surface.blit(box, rect)
    colour = st.text if enabled else st.text_disabled
    if primary and enabled:
        colour = _mix(st.text, st.accent_light, 0.5)
    size = design_px(BUTTON, scale)
    draw_text(
        surface,
        fit_text(label, "caps", size, rect.w - round(10 * scale)),
        (rect.centerx, rect.centery - max(1, round(scale))),
        role="caps",
        size=size,
        colour=colour,
        anchor="center",
    )


def _glide(now: int, to: int, k: float) -> int:
    """A step of ``k`` of the way from ``now`` to ``to``, in whole pixels: at least one
    (a step that rounds to nothing would leave the card short of its place for ever),
    and there at once from a pixel away."""
    if abs(to - now) <= 1:
        return to
    step = round((to - now) * k)
    if step == 0:
        step = 1 if to > now else -1
    return now + step


class Card:
    """A panel that knows its size, where it is going and what is where inside it."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)  # where it is drawn
        self.target = pygame.Rect(0, 0, 0, 0)  # where it is going
        self.placed = False
        self.scale = 1.0
        self.hover: tuple[str, Any] | None = None

    def size(self, scale: float) -> tuple[int, int]:
        raise NotImplementedError

    def place(self, rect: pygame.Rect, scale: float) -> None:
        """Go to ``rect``: at once the first time (or after a resize), else smoothly."""
        jump = not self.placed or scale != self.scale
        self.scale = scale
        self.target = rect.copy()
        if jump:
            self.rect = rect.copy()
        else:
            self.rect.size = rect.size
        self.placed = True

    def update(self, dt: float) -> None:
        if self.rect.topleft == self.target.topleft:
            return
        k = 1.0 - math.exp(-14.0 * dt)
        self.rect.topleft = (
            _glide(self.rect.x, self.target.x, k),
            _glide(self.rect.y, self.target.y, k),
        )

    def settle(self) -> None:
        self.rect = self.target.copy()

    pad_design = 18  # px at 1280x800 inside the card's edge

    def button_specs(self) -> tuple[tuple[str, str, bool, bool], ...]:
        """The card's buttons: ``(name, label, primary, enabled)``, left to right."""
        return ()

    def button_row(self) -> list[tuple[tuple[str, str, bool, bool], pygame.Rect]]:
        """Each button and where it is: side by side along the foot of the card."""
        specs = self.button_specs()
        if not specs:
            return []
        s = self.scale
        pad = round(16 * s)
        gap = round(10 * s)
        h = self.button_height(s)
        bottom = self.rect.bottom - round(self.pad_design * s)
        w = (self.rect.w - 2 * pad - gap * (len(specs) - 1)) // len(specs)
        x = self.rect.x + pad
        out = []
        for spec in specs:
            out.append((spec, pygame.Rect(x, bottom - h, w, h)))
            x += w + gap
        return out

    @property
    def buttons(self) -> dict[str, pygame.Rect]:
        """The buttons a click presses (the enabled ones), by name, where they are now."""
        return {spec[0]: rect for spec, rect in self.button_row() if spec[3]}

    def hit(self, point: tuple[int, int]) -> tuple[str, Any] | None:
        """What ``point`` is on: ("button", name), ("row", index), ("card", None) or None."""
        for name, rect in self.buttons.items():
            if rect.collidepoint(point):
                return ("button", name)
        if self.rect.collidepoint(point):
            return ("card", None)
        return None

    def hover_at(self, point: tuple[int, int]) -> None:
        self.hover = self.hit(point)

    def _frame(self, surface: pygame.Surface, style: Style) -> None:
        draw_panel(surface, self.rect, self.scale, style, alpha=242)

    def _header_rule(
        self, surface: pygame.Surface, style: Style, title: pygame.Rect, label: str
    ) -> int:
        """The small italic ``label`` at the right of the title line and the rule under
        it; returns where the card's body begins."""
        s = self.scale
        pad = round(18 * s)
        x0, x1 = self.rect.x + pad, self.rect.right - pad
        draw_text(
            surface,
            label,
            (x1, title.bottom - round(3 * s)),
            role="italic",
            size=design_px(SMALL, s),
            colour=style.text_dim,
            anchor="bottomright",
        )
        y = title.bottom + round(5 * s)
        pygame.draw.line(surface, style.accent_dark, (x0, y), (x1, y), max(1, round(s)))
        return y + round(7 * s)

    def _draw_keys(
        self, surface: pygame.Surface, style: Style, lines: list[str], at: tuple[int, int]
    ) -> int:
        """The card's keys at its foot, a line each from ``at``; returns the y after them."""
        s = self.scale
        x, y = at
        for line in lines:
            draw_text(
                surface,
                line,
                (x, y),
                role="italic",
                size=design_px(SMALL, s),
                colour=_mix(style.text_dim, style.panel, 0.3),
            )
            y += card_font("italic", SMALL, s).get_linesize()
        return y

    def _button_row(self, surface: pygame.Surface, style: Style) -> None:
        """The buttons, where ``button_row`` puts them."""
        s = self.scale
        for (name, label, primary, enabled), rect in self.button_row():
            hover = self.hover == ("button", name)
            draw_card_button(
                surface, rect, label, s, style, primary=primary, hover=hover, enabled=enabled
            )

    def button_height(self, scale: float) -> int:
        return round(card_font("caps", BUTTON, scale).get_height() + 14 * scale)


# -- where a card goes ----------------------------------------------------------------------


def _inside(rect: pygame.Rect, points: Iterable[Point], margin: float) -> int:
    area = rect.inflate(round(2 * margin), round(2 * margin))
    return sum(1 for p in points if area.collidepoint(p))


def covers(rect: pygame.Rect, points: Iterable[Point], margin: float) -> bool:
    """Whether ``rect`` (grown by ``margin``) hides any of ``points``."""
    return _inside(rect, points, margin) > 0
