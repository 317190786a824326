"""Panels: the framed, gilded panel under a scene's widgets, and an overlay's card (the
pause menu, a question, the level card, the dice cards over the board)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.widgets.drawing import dim, draw_shadow, rounded_box
from game.ui.widgets.style import DEFAULT_STYLE, Style, mix
from game.ui.widgets.text import draw_text


class Panel:
    """A framed panel: a soft shadow, a dark lacquered body and a gilded double edge with
    small corner diamonds. Not focusable; scenes draw it under their widgets."""

    def __init__(self, *, style: Style = DEFAULT_STYLE, alpha: int = 236, ornate: bool = True):
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.style = style
        self.alpha = alpha
        self.ornate = ornate

    def place(self, rect: pygame.Rect | tuple[int, int, int, int], scale: float) -> None:
        self.rect = pygame.Rect(rect)
        self.scale = scale

    def inner(self, pad: float = 24) -> pygame.Rect:
        """The rectangle inside the frame, ``pad`` design px in."""
        p = round(pad * self.scale)
        return self.rect.inflate(-2 * p, -2 * p)

    def draw(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self.rect, self.scale, self.style, alpha=self.alpha, ornate=self.ornate)

    def draw_overlay(self, surface: pygame.Surface, title: Title, *, veil: int = 0) -> pygame.Rect:
        """Draw the panel as an overlay's card (see :func:`draw_overlay_panel`)."""
        return draw_overlay_panel(
            surface, self.rect, self.scale, self.style, title, alpha=self.alpha, veil=veil
        )


@dataclass(frozen=True, slots=True)
class Title:
    """An overlay card's title: gilded caps of ``size`` design px, centred ``top`` design
    px below the card's top edge, with a drop shadow of ``shadow`` design px (0: none)."""

    text: str
    size: float = 20
    top: float = 14
    shadow: float = 0


def draw_overlay_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    scale: float,
    style: Style,
    title: Title,
    *,
    alpha: int = 236,
    veil: int = 0,
) -> pygame.Rect:
    """An overlay's card over the scene below: the scene dimmed by ``veil`` (0: left as
    it is), the framed panel in ``rect`` and its title. Returns the title's rectangle
    (what follows is laid out below it)."""
    if veil:
        dim(surface, veil)
    draw_panel(surface, rect, scale, style, alpha=alpha)
    return draw_text(
        surface,
        title.text,
        (rect.centerx, rect.y + round(title.top * scale)),
        role="caps",
        size=title.size * scale,
        colour=style.accent,
        anchor="midtop",
        shadow=round(title.shadow * scale),
    )


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    scale: float,
    style: Style = DEFAULT_STYLE,
    *,
    alpha: int = 236,
    ornate: bool = True,
) -> None:
    """Draw a framed, gilded panel in ``rect`` (see :class:`Panel`)."""
    if rect.w < 8 or rect.h < 8:
        return
    st = style
    radius = max(3, round(14 * scale))
    draw_shadow(surface, rect, scale, radius=radius, blur=26, drop=10, alpha=st.shadow_alpha)
    bw = max(1, round(2 * scale))
    body = rounded_box(
        rect.size,
        radius,
        st.panel,
        st.accent,
        bw,
        0.62,
        mix(st.accent_dark, st.panel, 0.2) if ornate else None,
        alpha,
    )
    surface.blit(body, rect)
    if ornate:
        d = max(3, 5 * scale)
        inset = max(3, round(6 * scale)) + bw
        for cx, cy in (
            (rect.x + inset, rect.y + inset),
            (rect.right - inset - 1, rect.y + inset),
            (rect.x + inset, rect.bottom - inset - 1),
            (rect.right - inset - 1, rect.bottom - inset - 1),
        ):
            points = [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)]
            pygame.draw.polygon(surface, st.accent, points)
            pygame.draw.aalines(surface, st.accent_light, True, points)
