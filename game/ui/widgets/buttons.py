"""Buttons: a label (and maybe a note or an icon) in a gilded box that acts when pressed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.ui.widgets.drawing import draw_shadow, rounded_box
from game.ui.widgets.style import DEFAULT_STYLE, Colour, Style, mix
from game.ui.widgets.text import (
    draw_text,
    fit_size,
    fit_text,
    get_font,
    text_width,
    wrap_words,
)
from game.ui.widgets.widget import Widget


class Button(Widget):
    """A button: lacquered body, gilded edge, label in small capitals.

    ``kind`` is "normal", "primary" (the main action: red lacquer) or "item"
    (an entry of a list that can be ``selected``: left-aligned, with a
    ``detail`` line under the label). A disabled button shows its ``note``.
    ``on_focus`` is called when the keyboard brings the focus to it.
    """

    def __init__(
        self,
        label: str,
        on_click: Callable[[], Any] | None = None,
        *,
        kind: str = "normal",
        note: str = "",
        detail: str = "",
        help: str = "",
        enabled: bool = True,
        size: float = 22,
        on_focus: Callable[[], Any] | None = None,
        style: Style = DEFAULT_STYLE,
    ) -> None:
        super().__init__(help=help or note, enabled=enabled, style=style)
        self.label = label
        self.on_click = on_click
        self.kind = kind
        self.note = note
        self.detail = detail
        self.size = size
        self.on_focus = on_focus
        self.selected = False
        self.clicks = 0  # how many times it was activated (tests, demos)
        self.icon: pygame.Surface | None = None  # an "item"'s picture, drawn on its left
        self.icon_width = 0.0  # design px kept for the picture (0: none)

    @property
    def name(self) -> str:
        return self.label

    def label_width(self, scale: float, shrink: float = 0.8) -> int:
        """The px the label needs set at ``shrink`` of its size (a fifth smaller is the
        least it is set at: ``_draw_label``), its margins too: the width to give a
        button whose label must not be cut."""
        size = max(1, round(self.size * scale))
        return text_width(self.label, "caps", size * shrink) + round(18 * scale)

    def item_width(self, scale: float, *, wrapped: bool = False) -> int:
        """The px an "item" needs so that nothing of it is cut: its picture, its detail
        on one line and each word of its label (which wraps onto two lines). ``wrapped``:
        the least it needs on three lines, the label on two and the detail on one or
        the label on one and the detail on two (``_draw_item`` wraps the detail where
        the entry is tall enough)."""
        size = max(1, round(self.size * scale))
        detail_size = self.detail_size(size, scale)
        label = [_narrowest(self.label, "bold", size, n) for n in (1, 2)]
        detail = [_narrowest(self.detail, "italic", detail_size, n) for n in (1, 2)]
        text = max(label[1], detail[0])
        if wrapped:
            text = min(text, max(label[0], detail[1]))
        picture = round(self.icon_width * scale) + round(12 * scale) if self.icon_width else 0
        return round(14 * scale) * 2 + picture + text + 2

    def detail_size(self, size: float, scale: float) -> float:
        """An item's detail line's size beside a label of ``size`` px: 14 px at 1280x800
        at least (readable)."""
        return max(size * 0.74, round(14 * scale))

    def activate(self) -> bool:
        if not self.enabled:
            return False
        self.clicks += 1
        self.sound()
        if self.on_click is not None:
            self.on_click()
        return True

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.contains(event.pos):
            self.pressed = self.enabled
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.contains(event.pos):
                self.activate()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.w < 4 or self.rect.h < 4:
            return
        rect = self.rect.copy()
        if self.pressed and self.enabled:
            rect.y += self.px(2)
        radius = self.px(9 if self.kind != "item" else 8)
        item = self.kind == "item"
        if not item or self.selected or self.glow > 0.02:
            draw_shadow(
                surface,
                rect,
                self.scale,
                radius=radius,
                blur=10,
                drop=2 if self.pressed else 5,
                alpha=130 if self.enabled else 70,
            )
        fill, border = self._body_colours()
        bw = max(1, self.px(1.6 if self.enabled else 1))
        inner = mix(fill, border, 0.45) if self.kind != "item" and self.enabled else None
        box = rounded_box(
            rect.size, radius, mix(fill, (255, 255, 255), 0.06), border, bw, 0.7, inner
        )
        surface.blit(box, rect)
        if self.focused and self.enabled:
            self._draw_halo(surface, rect, radius)
        st = self.style
        colour = st.text if self.enabled else st.text_disabled
        if self.kind == "primary" and self.enabled:
            colour = mix(st.text, st.accent_light, 0.5)
        if item:
            self._draw_item(surface, rect, self.px(self.size), colour)
        else:
            self._draw_label(surface, rect, colour)

    def _body_colours(self) -> tuple[Colour, Colour]:
        """The body's fill and its edge, for the kind, the state and the glow."""
        st = self.style
        if not self.enabled:
            fill, border = st.disabled, mix(st.accent_dark, st.disabled, 0.5)
        elif self.kind == "primary":
            fill = mix(st.primary, st.primary_hover, self.glow)
            border = mix(st.accent, st.accent_light, self.glow)
        elif self.kind == "item":
            base = mix(st.panel_deep, st.button, 0.5 if self.selected else 0.0)
            fill = mix(base, st.button_hover, self.glow * 0.7)
            border = st.accent if self.selected else mix(st.accent_dark, st.accent, self.glow)
        else:
            fill = mix(st.button, st.button_hover, self.glow)
            border = mix(st.accent_dark, st.accent_light, 0.35 + 0.65 * self.glow)
        if self.pressed and self.enabled:
            fill = mix(fill, (0, 0, 0), 0.25)
        return fill, border

    def _draw_halo(self, surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
        """A gold halo around the focused button."""
        st = self.style
        halo = rounded_box(
            rect.inflate(self.px(6), self.px(6)).size,
            radius + self.px(3),
            st.accent,
            st.accent_light,
            max(1, self.px(1.5)),
            1.0,
            None,
            0,
        )
        halo.set_alpha(round(90 + 120 * self.glow))
        surface.blit(halo, rect.inflate(self.px(6), self.px(6)))
        halo.set_alpha(None)

    def _draw_label(self, surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
        """The label in small capitals (and, on a disabled button, its note below); a label
        too long for the button (a longer language) is set up to a fifth smaller first."""
        size: float = self.px(self.size)
        size = fit_size(self.label, "caps", size, rect.w - self.px(16), size * 0.8)
        cy = rect.centery - self.px(1)
        if self.note and not self.enabled:
            cy -= self.px(7)
        draw_text(
            surface,
            fit_text(self.label, "caps", size, rect.w - self.px(16)),
            (rect.centerx, cy),
            role="caps",
            size=size,
            colour=colour,
            anchor="center",
            shadow=self.px(2),
        )
        if self.note and not self.enabled:
            note_size = size * 0.62
            draw_text(
                surface,
                fit_text(self.note, "italic", note_size, rect.w - self.px(16)),
                (rect.centerx, cy + size * 0.62),
                role="italic",
                size=note_size,
                colour=self.style.text_disabled,
                anchor="center",
            )

    def _draw_item(
        self, surface: pygame.Surface, rect: pygame.Rect, size: int, colour: Colour
    ) -> None:
        """A list entry: an optional picture on the left, the label (on up to two lines)
        and the detail line; a gold bar marks the selected entry."""
        st = self.style
        pad = self.px(14)
        if self.selected:
            bar = pygame.Rect(
                rect.x + self.px(5), rect.y + self.px(10), self.px(3), rect.h - self.px(20)
            )
            pygame.draw.rect(surface, st.accent, bar, border_radius=self.px(2))
        x = rect.x + pad
        if self.icon_width:
            box = pygame.Rect(x, rect.y, self.px(self.icon_width), rect.h)
            if self.icon is not None:
                icon = self.icon.get_rect(center=box.center)
                draw_shadow(surface, icon, self.scale, radius=3, blur=5, drop=2, alpha=150)
                surface.blit(self.icon, icon)
            x = box.right + self.px(12)
        width = rect.right - pad - x
        f = get_font("bold", size)
        label = wrap_words(self.label, f, width)
        if len(label) > 2:
            label = [label[0], fit_text(" ".join(label[1:]), "bold", size, width)]
        detail_size = self.detail_size(size, self.scale)
        fd = get_font("italic", detail_size)
        lh = f.get_linesize()
        step = lh - self.px(3)  # the label's lines a little closer than the font's
        dh = fd.get_linesize()
        details = wrap_words(self.detail, fd, width) if self.detail else []
        # A detail too long for one line (a longer language) goes on a second where the
        # entry is tall enough for it; else it stays on one.
        if len(details) > 1 and (
            len(details) > 2 or len(label) * step + self.px(3) + 2 * dh > rect.h - self.px(2)
        ):
            details = [self.detail]
        top = rect.centery - (lh * len(label) + dh * len(details)) // 2 + self.px(1)
        label_colour = st.accent_light if self.selected else colour
        for line in label:
            draw_text(
                surface,
                fit_text(line, "bold", size, width),
                (x, top),
                role="bold",
                size=size,
                colour=label_colour,
                shadow=self.px(2),
            )
            top += step
        for line in details:
            draw_text(
                surface,
                fit_text(line, "italic", detail_size, width),
                (x, top + self.px(1)),
                role="italic",
                size=detail_size,
                colour=st.text_dim if self.enabled else st.text_disabled,
            )
            top += dh


def _narrowest(text: str, role: str, size: float, lines: int) -> int:
    """The px ``text`` needs on at most ``lines`` lines (one or two) broken at a space:
    on two, the wider of its halves at the best place to break."""
    if not text:
        return 0
    words = text.split()
    if lines < 2 or len(words) < 2:
        return text_width(text, role, size)
    return min(
        max(
            text_width(" ".join(words[:k]), role, size), text_width(" ".join(words[k:]), role, size)
        )
        for k in range(1, len(words))
    )
