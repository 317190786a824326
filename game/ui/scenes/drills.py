"""The drills: what is due, of all games or of one, and the way into them.

"All games" asks every drill due now, the player's own mistakes first. Each game's
button says how many of its drills are due; a game with nothing due offers its
starting set (positions from the expert's self-play where the second-best play loses
the most, ``game.study.starters``) until every one of them has been taken up: once
begun, starting drills are kept and scheduled like the player's own. When nothing is
due anywhere the page says when the next drill is.
"""

from __future__ import annotations

import time
from functools import partial
from typing import Any

import pygame

from game.ai.players import has_levels
from game.i18n import N_, _, ngettext
from game.names import game_name
from game.rules.variants import VARIANTS
from game.study.drills import Drill, due_count
from game.study.starters import starters
from game.ui.backdrop import draw_page
from game.ui.drill_words import when_in
from game.ui.routes import DrillRun, Route
from game.ui.scenes.widget_scene import WidgetScene
from game.ui.widgets import Button, draw_text, fit_text, get_font, wrap_words

INTRO = N_(
    "Positions to solve: find the best play. Your own mistakes come from the games you "
    "analyse in Records; each is asked again after a day, three days and a week until "
    "you answer it well."
)


def drill_games() -> list[str]:
    """The games that have drills: every one with a trained evaluation."""
    return [vid for vid in VARIANTS if has_levels(vid)]


def ordered(drills: list[Drill]) -> list[Drill]:
    """Due drills to ask: the player's own mistakes first, then the soonest due."""
    return sorted(drills, key=lambda d: (d.source != "mistake", d.due, d.key))


class DrillsScene(WidgetScene):
    """The list of games to drill, with what is due in each."""

    def on_enter(self, payload: Any = None) -> None:
        from game.store.drill_book import DrillBook

        self.book = DrillBook(self.app.records)
        self.back_button = Button(_("Back"), self.back, help=_("Back to the menu (Esc)"))
        self.refresh()

    def on_language(self) -> None:
        """Every button's words made again in the new language, the same one in focus."""
        at = self.focus.index
        self.back_button.label = _("Back")
        self.back_button.help = _("Back to the menu (Esc)")
        self.refresh()
        self.focus.index = at

    def on_resume(self, result: Any = None) -> None:
        self.refresh()

    def refresh(self) -> None:
        now = time.time()
        self.drills = self.book.drills()
        kept = {d.key for d in self.drills}
        due = due_count(self.drills, now)
        if due:
            everything = ngettext("All games · {n} due", "All games · {n} due", due).format(n=due)
        else:
            everything = _("All games · nothing due")
        self.all_button = Button(
            everything,
            self.start_all,
            kind="primary",
            enabled=due > 0,
            help=_("Every drill due now, your own mistakes first"),
        )
        self.game_buttons: list[Button] = []
        for vid in drill_games():
            name = game_name(vid)
            n = due_count(self.drills, now, vid)
            fresh = [d for d in starters(vid, now) if d.key not in kept]
            if n:
                detail = ngettext("{n} due now", "{n} due now", n).format(n=n)
                helptext = _("The {game} drills due now").format(game=name)
            elif fresh:
                detail = ngettext(
                    "Starting set: {n} position", "Starting set: {n} positions", len(fresh)
                ).format(n=len(fresh))
                helptext = _("Positions from the expert's own games of {game}").format(game=name)
            else:
                detail, helptext = _("Nothing due"), _("Nothing of this game is due now")
            self.game_buttons.append(
                Button(
                    name,
                    partial(self.start_game, vid),
                    kind="item",
                    detail=detail,
                    enabled=bool(n or fresh),
                    help=helptext,
                    size=18,
                )
            )
        waiting = [d.due for d in self.drills if not d.learned and d.due > now]
        if due:
            self.status = ngettext("{n} drill due now.", "{n} drills due now.", due).format(n=due)
        elif waiting:
            when = when_in(min(waiting) - now)
            self.status = _("Nothing is due now. The next drill is due {when}.").format(when=when)
        else:
            self.status = _("Nothing is due now. Pick a game to try its starting set.")
        self.focus.set([self.all_button, *self.game_buttons, self.back_button])
        self.relayout()

    def start_all(self) -> None:
        now = time.time()
        due = [d for d in self.drills if d.is_due(now)]
        if due:
            self.app.go(Route.DRILL, DrillRun(tuple(ordered(due)), _("All games")))

    def start_game(self, variant_id: str) -> None:
        now = time.time()
        due = [d for d in self.drills if d.variant_id == variant_id and d.is_due(now)]
        if not due:
            kept = {d.key for d in self.drills}
            fresh = [d for d in starters(variant_id, now) if d.key not in kept]
            self.book.add(fresh)
            due = fresh
        if due:
            self.app.go(Route.DRILL, DrillRun(tuple(ordered(due)), game_name(variant_id)))

    def back(self) -> None:
        self.app.pop()

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        s = scale
        m = round(28 * s)
        top = m + round(110 * s)
        gap = round(8 * s)
        bw = min(round(720 * s), w - 2 * m)
        x = (w - bw) // 2
        bh = round(44 * s)
        self.all_button.place(pygame.Rect(x, top, bw, bh), s)
        rows = (len(self.game_buttons) + 1) // 2
        back_h = round(44 * s)
        f = get_font("italic", max(14.0, 16 * s))
        said = wrap_words(_(INTRO), f, min(w - 2 * m, round(760 * s)))
        intro = len(said) * f.get_linesize() + round(12 * s)
        room = h - m - back_h - gap * 2 - intro - (top + bh + gap * 2)
        rh = max(round(30 * s), min(round(54 * s), (room - (rows - 1) * gap) // max(1, rows)))
        half = (bw - gap) // 2
        y0 = top + bh + gap * 2
        for i, button in enumerate(self.game_buttons):
            col, row = i % 2, i // 2
            button.size = 18 if rh >= round(48 * s) else 15
            button.place(pygame.Rect(x + col * (half + gap), y0 + row * (rh + gap), half, rh), s)
        bw2 = round(180 * s)
        self.back_button.place(pygame.Rect(w // 2 - bw2 // 2, h - m - back_h, bw2, back_h), s)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_static(surface)
        self.focus.draw(surface)

    def paint_static(self, surface: pygame.Surface) -> None:
        w = surface.get_width()
        s = self.scale
        st = self.back_button.style
        m = draw_page(surface, _("Drills"), s, st)
        y = m + round(70 * s)
        draw_text(
            surface,
            fit_text(self.status, "text", 20 * s, w - 2 * m),
            (w // 2, y),
            role="text",
            size=20 * s,
            colour=st.text,
            anchor="midtop",
        )
        # The intro, wrapped, in the room between the games and Back.
        size = max(14.0, 16 * s)
        f = get_font("italic", size)
        lines = wrap_words(_(INTRO), f, min(w - 2 * m, round(760 * s)))
        y = self.back_button.rect.y - round(12 * s) - len(lines) * f.get_linesize()
        for line in lines:
            draw_text(
                surface,
                line,
                (w // 2, y),
                role="italic",
                size=size,
                colour=st.text_dim,
                anchor="midtop",
            )
            y += f.get_linesize()


__all__ = ["DrillsScene", "drill_games", "ordered"]
