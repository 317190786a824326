"""Your rating (Records → Rating): per game, the Elo rating after each game against the
computer and the performance rating of each analysed game, over time.

One game at a time: the arrows (or Left/Right) go through the two-sided games that
have computer levels, starting at the one rated last. Pointing at a dot, or clicking
it, says which game it is and when it was played, on the line under the plots.
"""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

import pygame

from game.ai.players import has_levels
from game.i18n import _, ngettext, number
from game.names import game_name
from game.rules.variants import VARIANTS
from game.store.rating_book import (
    current_rating,
    performance_points,
    rated_variants,
    rating_history,
)
from game.study.level_table import DEFAULT_STEP, shipped
from game.study.stored import replay_key
from game.ui.backdrop import draw_page
from game.ui.progress import replay_of
from game.ui.rating_graph import Dot, RatingGraph
from game.ui.scenes.widget_scene import WidgetScene
from game.ui.theme import theme_for
from game.ui.widgets import Button, Panel, draw_text, fit_text

log = logging.getLogger(__name__)


def rated_games() -> list[str]:
    """The games a rating is kept for: two-sided, with computer levels, in menu order."""
    ids = [v for v, spec in VARIANTS.items() if spec.players == 2 and has_levels(v)]
    return sorted(ids, key=lambda v: VARIANTS[v].order)


def analysis_key(game: dict[str, Any]) -> str:
    """The key a finished game's analysis is kept under."""
    return replay_key(replay_of(game))


class KeyCache:
    """``analysis_key`` of each finished game, worked out once per visit (a game's
    record never changes once kept)."""

    def __init__(self) -> None:
        self.keys: dict[int, str] = {}

    def __call__(self, game: dict[str, Any]) -> str:
        game_id = game.get("id")
        if not isinstance(game_id, int):
            return analysis_key(game)
        if game_id not in self.keys:
            self.keys[game_id] = analysis_key(game)
        return self.keys[game_id]


class RatingScene(WidgetScene):
    """The rating plots of one game, and the arrows to the others."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.panel = Panel(alpha=226)
        self.games = rated_games()
        self.index = 0
        self.graph: RatingGraph | None = None
        self.keys = KeyCache()
        self.pointed = ""  # what the dot under the pointer (or last clicked) says
        self.dot: Dot | None = None  # that dot
        self.summary = ""

    def on_enter(self, payload: Any = None) -> None:
        self.prev_button = Button("<", lambda: self.turn(-1), help=_("The game before (Left)"))
        self.next_button = Button(">", lambda: self.turn(1), help=_("The next game (Right)"))
        self.back_button = Button(_("Back"), self.back, help=_("Back to your records (Esc)"))
        start = payload if isinstance(payload, str) else ""
        if not start:
            try:
                rated = [v for v in rated_variants(self.app.records) if v in self.games]
            except sqlite3.Error as exc:
                log.warning("cannot read the ratings: %s", exc)
                rated = []
            start = rated[0] if rated else "backgammon"
        self.index = self.games.index(start) if start in self.games else 0
        self.focus.set([self.prev_button, self.next_button, self.back_button])
        self.focus.focus(self.back_button)
        self.load()

    def on_language(self) -> None:
        """The buttons and the words in the new language, the same game shown."""
        at = self.focus.index
        self.on_enter(self.variant_id)
        if 0 <= at < len(self.focus.widgets):
            self.focus.index = at
        super().on_language()

    @property
    def variant_id(self) -> str:
        return self.games[self.index]

    def turn(self, step: int) -> None:
        self.index = (self.index + step) % len(self.games)
        self.load()

    def load(self) -> None:
        """Read the chosen game's ratings and analyses, and make its graph."""
        variant = self.variant_id
        records = self.app.records
        table = shipped()
        try:
            ratings = rating_history(records, variant)
            performance = performance_points(records, variant, self.keys)
            rating, games = current_rating(records, variant)
        except sqlite3.Error as exc:
            log.warning("cannot read the ratings of %s: %s", variant, exc)
            ratings, performance, rating, games = [], [], None, 0
        theme = theme_for(variant, self.app.settings.palette)
        self.graph = RatingGraph(theme, ratings, performance, table.ratings(variant))
        if games and rating is not None:
            summary = ngettext(
                "Your rating: {rating} after {n} game",
                "Your rating: {rating} after {n} games",
                games,
            ).format(rating=number(rating), n=games)
        else:
            summary = _("No rated game yet")
        if table.is_measured(variant):
            measured = table.date_of(variant)
            levels = _("the levels' ratings from the ladder of {date}").format(date=measured)
        else:
            levels = _("the levels {step} apart (not measured)").format(step=number(DEFAULT_STEP))
        self.summary = f"{summary} · {levels}"
        self.pointed, self.dot = "", None
        self.relayout()

    # -- layout and drawing ------------------------------------------------------------

    def layout(self, size: tuple[int, int], scale: float) -> None:
        self.dot = None  # its place moves with the plots
        w, h = size
        s = scale
        m = round(28 * s)
        top = m + round(78 * s)
        bh = round(46 * s)
        bottom = h - m - bh - round(64 * s)
        width = min(w - 2 * m, round(1180 * s))
        x = (w - width) // 2
        self.panel.place(pygame.Rect(x, top, width, bottom - top), s)
        inner = self.panel.inner(16)
        arrow = round(46 * s)
        self.prev_button.place(pygame.Rect(inner.x, inner.y, arrow, arrow), s)
        self.next_button.place(pygame.Rect(inner.right - arrow, inner.y, arrow, arrow), s)
        if self.graph is not None:
            plots = pygame.Rect(
                inner.x, inner.y + arrow + round(14 * s), inner.w, inner.h - arrow - round(14 * s)
            )
            self.graph.place(plots, s)
        bw = round(180 * s)
        self.back_button.place(pygame.Rect((w - bw) // 2, h - m - bh, bw, bh), s)

    def paint_static(self, surface: pygame.Surface) -> None:
        s = self.scale
        st = self.back_button.style
        draw_page(surface, _("Your rating"), s, st)
        self.panel.draw(surface)
        inner = self.panel.inner(16)
        name = game_name(self.variant_id)
        draw_text(
            surface,
            fit_text(name, "caps", 26 * s, inner.w - round(120 * s)),
            (inner.centerx, self.prev_button.rect.centery),
            role="caps",
            size=26 * s,
            colour=st.accent,
            anchor="center",
        )
        if self.graph is not None:
            self.graph.draw(surface)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_static(surface)
        if self.graph is not None and self.dot is not None:
            self.graph.draw_pointed(surface, self.dot)
        s = self.scale
        st = self.back_button.style
        w = surface.get_width()
        words = self.pointed or self.summary
        y = self.panel.rect.bottom + round(12 * s)
        text = fit_text(words, "italic", 16 * s, w - round(40 * s))
        colour = st.text if self.pointed else st.text_dim
        draw_text(
            surface, text, (w // 2, y), role="italic", size=16 * s, colour=colour, anchor="midtop"
        )
        self.focus.draw(surface)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Left/Right: another game; a dot under the pointer, or clicked, says what it is."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.click()
            self.turn(-1 if event.key == pygame.K_LEFT else 1)
            return True
        if self.graph is not None and event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            dot = self.graph.nearest(event.pos)
            if dot is not None or event.type == pygame.MOUSEMOTION:
                self.dot = dot
                self.pointed = dot.words if dot is not None else ""
            if dot is not None and event.type == pygame.MOUSEBUTTONDOWN:
                return True
        return super().handle_event(event)
