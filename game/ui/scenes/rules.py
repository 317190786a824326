"""Rules & history: each variant's story and rules as a page of a book, with its sources.

Given a variant id (from the pause menu) it shows that variant's text; given
None (from the main menu) a list of the variants on the left chooses which.
The text scrolls with the wheel, Up/Down, PgUp/PgDn and Home/End, or by the
scroll bar. The text comes from ``game.ui.texts``; if it cannot be read the
page falls back on what the rules engine knows (name, options and sources).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from game.i18n import _
from game.names import game_name
from game.rules.variants import VARIANTS
from game.ui.backdrop import draw_page
from game.ui.pages import era, page_paragraphs, variant_text
from game.ui.pictures import fill_thumbnails, thumbnails_missing
from game.ui.scenes.widget_scene import WidgetScene
from game.ui.widgets import Button, Panel, TextBlock, draw_text, fit_text, get_font, wrap_spaced
from game.ui.widgets.item_list import place_items


class RulesScene(WidgetScene):
    """The rules and history of one variant, or of any (a list on the left)."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.variant_id = next(iter(VARIANTS))
        self.choose = True
        self.items: dict[str, Button] = {}
        self.text = TextBlock(help=_("Wheel, arrows or PgUp/PgDn to read on"))
        self.back_button = Button(_("Back"), self.back, help=_("Return"))
        self.panel = Panel()
        self.list_panel = Panel(alpha=200, ornate=False)
        self.thumbs: dict[str, Any] = {}  # what picture each list entry has

    def on_enter(self, payload: Any = None) -> None:
        self.choose = payload is None
        if isinstance(payload, str) and payload in VARIANTS:
            self.variant_id = payload
        self.items = (
            {
                vid: Button(
                    game_name(vid),
                    partial(self.select, vid),
                    kind="item",
                    detail=era(vid),
                    size=17,
                    on_focus=partial(self.select, vid),
                )
                for vid in VARIANTS
            }
            if self.choose
            else {}
        )
        for item in self.items.values():
            item.icon_width = 70
        widgets: list[Any] = [*self.items.values(), self.text, self.back_button]
        self.focus.set(widgets)
        self.select(self.variant_id)
        self.focus.focus(self.items[self.variant_id] if self.choose else self.text)
        self.relayout()

    def on_language(self) -> None:
        """The list, the page and the buttons in the new language, the same page shown."""
        self.text.help = _("Wheel, arrows or PgUp/PgDn to read on")
        self.back_button.label, self.back_button.help = _("Back"), _("Return")
        at = self.focus.index
        self.text.set_content([])  # read again: the page is the new language's
        self.on_enter(None if self.choose else self.variant_id)
        if 0 <= at < len(self.focus.widgets):
            self.focus.index = at
        super().on_language()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.items:
            fill_thumbnails(self.items, self.thumbs, self.app.settings.palette, self.scale)

    def animating(self) -> bool:
        return thumbnails_missing(self.items, self.thumbs, self.app.settings.palette, self.scale)

    def select(self, variant_id: str) -> None:
        """Show ``variant_id``'s page."""
        if variant_id != self.variant_id or not self.text.paragraphs:
            self.variant_id = variant_id
            self.text.set_content(page_paragraphs(variant_text(variant_id)))
        for vid, item in self.items.items():
            item.selected = vid == variant_id

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        s = scale
        m = round(28 * s)
        top = m + round(64 * s)
        bottom = h - m - round(58 * s)
        page_w = min(round(760 * s), w - 2 * m)
        if self.choose:
            # As wide as the entries' words need (a longer language), a third at most.
            wanted = max(item.item_width(s) for item in self.items.values()) + round(24 * s)
            list_w = min(max(round(300 * s), wanted), (w - 2 * m) // 3)
            gap = round(24 * s)
            total = list_w + gap + page_w
            if total > w - 2 * m:
                page_w = w - 2 * m - list_w - gap
                total = w - 2 * m
            x = (w - total) // 2
            self.list_panel.place(pygame.Rect(x, top, list_w, bottom - top), s)
            inner = self.list_panel.inner(12)
            place_items(self.items.values(), inner, s, 66, 8)
            page_x = x + list_w + gap
        else:
            page_x = (w - page_w) // 2
        self.panel.place(pygame.Rect(page_x, top, page_w, bottom - top), s)
        inner = self.panel.inner(30)
        self.text.place(pygame.Rect(inner.x, inner.y, inner.w + round(14 * s), inner.h), s)
        bw, bh = round(180 * s), round(46 * s)
        self.back_button.place(pygame.Rect(w // 2 - bw // 2, h - m - bh, bw, bh), s)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_PAGEUP,
            pygame.K_PAGEDOWN,
            pygame.K_HOME,
            pygame.K_END,
        ):
            return self.text.handle_key(event.key)
        if event.type == pygame.MOUSEWHEEL:
            self.text.wheel(event.y)  # the page is the only thing that scrolls here
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_static(surface)
        self.focus.draw(surface)

    def paint_static(self, surface: pygame.Surface) -> None:
        """The table, the heading, the panels and the hint line."""
        s = self.scale
        st = self.back_button.style
        m = draw_page(surface, _("Rules & History"), s, st)
        if self.choose:
            self.list_panel.draw(surface)
        self.panel.draw(surface)
        if self.choose:
            hint = _("Up and Down choose a game  ·  Tab to the text  ·  PgUp / PgDn read on")
        else:
            hint = _("Arrows, PgUp / PgDn or the wheel to read on  ·  Esc to go back")
        # Beside Back, on two lines where one is too short (a longer language).
        f = get_font("italic", 15 * s)
        room = self.back_button.rect.x - 2 * m
        lines = wrap_spaced(hint, f, room)
        if len(lines) > 2:
            lines = [
                *lines[:1],
                fit_text(" ".join(lines[1:]), "italic", 15 * s, room),
            ]
        for i, line in enumerate(lines):
            draw_text(
                surface,
                line,
                (m, self.back_button.rect.centery + (i - (len(lines) - 1) / 2) * f.get_linesize()),
                role="italic",
                size=15 * s,
                colour=st.text_dim,
                anchor="midleft",
            )
