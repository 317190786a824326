"""The pause overlay: the game stands still, veiled, under a small menu.

Resume (or Esc) goes back to the game; Rules opens the current variant's
rules; Settings the settings; Concede (asked twice, to be sure, saying what it
costs) gives the game up (not offered in a replay: ``PauseMenu.concede``); Quit to menu leaves it.
The choice goes back to the board as the result of ``app.pop(PauseChoice.X)``:
the board acts on it in ``on_resume``.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import _
from game.names import game_name
from game.play.session import PauseChoice
from game.rules.variants import VARIANTS
from game.ui.routes import PauseMenu, Route
from game.ui.scenes.widget_scene import WidgetScene
from game.ui.widgets import Button, Panel, Title, draw_rule, draw_text, fit_text
from game.ui.widgets.text import get_font, wrap_words

COST_SIZE = 17  # px at 1280x800: what conceding costs, under the buttons
COST_LINE = 24


class PauseScene(WidgetScene):
    """The pause menu, drawn over the board."""

    opaque = False

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.variant_id: str | None = None
        self.panel = Panel(alpha=244)
        self.confirming = False
        self.cost = ""  # what conceding costs, said while Concede asks to be sure
        self.cost_lines: list[str] = []
        self.cost_top = 0

    def on_enter(self, payload: Any = None) -> None:
        menu = payload if isinstance(payload, PauseMenu) else PauseMenu(str(payload or ""))
        self.variant_id = menu.variant_id if menu.variant_id in VARIANTS else None
        self.cost = menu.cost
        self.resume_button = Button(
            _("Resume"),
            lambda: self.choose(PauseChoice.RESUME),
            kind="primary",
            help=_("Back to the game (Esc)"),
        )
        self.rules_button = Button(
            _("Rules"), self.rules, help=_("The rules and history of this game")
        )
        self.settings_button = Button(
            _("Settings"), self.settings, help=_("Window, animation, sound and colours")
        )
        self.concede_button = Button(
            _("Concede"), self.concede, help=_("Give this game up: the opponent wins it")
        )
        self.menu_button = Button(
            _("Quit to menu"),
            lambda: self.choose(PauseChoice.MENU),
            help=_("Leave this game for the main menu"),
        )
        self.menu = menu
        self.buttons = [
            self.resume_button,
            self.rules_button,
            self.settings_button,
            *([self.concede_button] if menu.concede else []),  # none in a replay
            self.menu_button,
        ]
        self.focus.set(self.buttons)
        self.relayout()

    def on_resume(self, result: Any = None) -> None:
        self.relayout()

    def on_language(self) -> None:
        """The buttons in the new language, the same one in focus."""
        at, confirming = self.focus.index, self.confirming
        self.on_enter(self.menu)
        if 0 <= at < len(self.focus.widgets):
            self.focus.index = at
        if confirming:
            self.concede()
        super().on_language()

    # -- actions -------------------------------------------------------------------------------

    def choose(self, choice: PauseChoice) -> None:
        self.app.pop(choice)

    def back(self) -> None:
        """Esc resumes the game."""
        self.click()
        self.choose(PauseChoice.RESUME)

    def rules(self) -> None:
        self.app.go(Route.RULES, self.variant_id)

    def settings(self) -> None:
        self.app.go(Route.SETTINGS)

    def concede(self) -> None:
        """The first press asks again; the second gives the game up."""
        if self.confirming:
            self.choose(PauseChoice.CONCEDE)
            return
        self.confirming = True
        self.concede_button.label = _("Concede: sure?")
        self.concede_button.help = _("Press again to give the game up; anything else keeps playing")
        self.relayout()  # room for what it costs

    def handle_event(self, event: pygame.event.Event) -> bool:
        used = super().handle_event(event)
        if self.confirming and self.focus.focused is not self.concede_button:
            self.confirming = False
            self.concede_button.label = _("Concede")
            self.concede_button.help = _("Give this game up: the opponent wins it")
            self.relayout()
        return used

    # -- layout and drawing ---------------------------------------------------------------------

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        s = scale
        bw, bh, gap = round(300 * s), round(50 * s), round(12 * s)
        head = round(118 * s)
        pw = bw + round(80 * s)
        ph = head + len(self.buttons) * (bh + gap) - gap + round(40 * s)
        self.cost_lines = []
        if self.confirming and self.cost:
            self.cost_lines = wrap_words(self.cost, get_font("italic", COST_SIZE * s), bw)
            ph += len(self.cost_lines) * round(COST_LINE * s) + round(8 * s)
        panel = pygame.Rect(0, 0, pw, ph)
        panel.center = (w // 2, h // 2)
        self.panel.place(panel, s)
        y = panel.y + head
        for button in self.buttons:
            button.place(pygame.Rect(w // 2 - bw // 2, y, bw, bh), s)
            y += bh + gap
        self.cost_top = y - gap + round(12 * s)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        st = self.resume_button.style
        self.panel.draw_overlay(surface, Title(_("Paused"), size=40, top=24, shadow=3), veil=150)
        panel = self.panel.rect
        name = game_name(self.variant_id) if self.variant_id else ""
        if name:
            name = fit_text(name, "italic", 18 * s, panel.w - round(40 * s))
            draw_text(
                surface,
                name,
                (panel.centerx, panel.y + round(72 * s)),
                role="italic",
                size=18 * s,
                colour=st.text_dim,
                anchor="midtop",
            )
        draw_rule(surface, (panel.centerx, panel.y + round(102 * s)), panel.w * 0.7, s, st.accent)
        self.focus.draw(surface)
        for i, line in enumerate(self.cost_lines):
            draw_text(
                surface,
                line,
                (panel.centerx, self.cost_top + i * round(COST_LINE * s)),
                role="italic",
                size=COST_SIZE * s,
                colour=st.text,
                anchor="midtop",
            )
