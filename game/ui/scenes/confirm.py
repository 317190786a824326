"""A question over the scene below: a title, a few words, and two buttons.

The payload is a :class:`~game.ui.routes.Question`: ``title``, ``text``, ``yes``
and ``no`` (the buttons' labels) and ``on_yes`` (called after the question
closes). Esc or the second button closes it and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.i18n import _
from game.ui.routes import Question
from game.ui.scenes.widget_scene import WidgetScene
from game.ui.widgets import Button, Panel, Title, draw_text, get_font, wrap_words


class ConfirmScene(WidgetScene):
    """Ask before doing something that cannot be undone."""

    opaque = False

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.panel = Panel(alpha=246)
        self.title = ""
        self.text = ""
        self.on_yes: Callable[[], Any] | None = None

    def on_enter(self, payload: Any = None) -> None:
        question = payload if isinstance(payload, Question) else Question()
        self.question = question
        self.title = question.title or _("Are you sure?")
        self.text = question.text
        self.on_yes = question.on_yes
        self.yes_button = Button(question.yes or _("Yes"), self.yes, kind="primary")
        self.no_button = Button(question.no or _("No"), self.no, help=_("Change nothing (Esc)"))
        self.buttons = [self.no_button, self.yes_button]
        self.focus.set(self.buttons)  # the safe answer has the focus
        self.relayout()

    def on_resume(self, result: Any = None) -> None:
        self.relayout()

    def on_language(self) -> None:
        """The question's own words in the new language (the asker's stay as given)."""
        self.on_enter(self.question)

    def yes(self) -> None:
        action = self.on_yes
        self.app.pop()
        if action is not None:
            action()

    def no(self) -> None:
        self.app.pop()

    def back(self) -> None:
        self.click()
        self.no()

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        s = scale
        gap, bh = round(20 * s), round(50 * s)
        # The buttons as wide as their labels need (a longer language), the panel with them.
        bw = max([round(250 * s)] + [b.label_width(s) for b in self.buttons])
        pw = min(max(round(620 * s), 2 * bw + gap + round(60 * s)), w - round(40 * s))
        bw = min(bw, (pw - gap - round(40 * s)) // 2)
        extra = max(0, len(self.text_lines(pw)) - 3) * get_font("text", 19 * s).get_linesize()
        ph = min(round(260 * s) + extra, h - round(40 * s))
        panel = pygame.Rect(0, 0, pw, ph)
        panel.center = (w // 2, h // 2)
        self.panel.place(panel, s)
        y = panel.bottom - bh - round(28 * s)
        x = panel.centerx - bw - gap // 2
        for button in self.buttons:
            button.place(pygame.Rect(x, y, bw, bh), s)
            x += bw + gap

    def text_lines(self, panel_w: int) -> list[str]:
        """The question's words, wrapped to the panel (six lines at most)."""
        f = get_font("text", 19 * self.scale)
        return wrap_words(self.text, f, panel_w - round(70 * self.scale))[:6]

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        st = self.yes_button.style
        self.panel.draw_overlay(surface, Title(self.title, size=30, top=28, shadow=2), veil=150)
        panel = self.panel.rect
        f = get_font("text", 19 * s)
        y = panel.y + round(86 * s)
        for line in self.text_lines(panel.w):
            draw_text(
                surface, line, (panel.centerx, y), size=19 * s, colour=st.text, anchor="midtop"
            )
            y += f.get_linesize()
        self.focus.draw(surface)
