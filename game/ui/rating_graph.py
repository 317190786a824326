"""The player's rating in one game over time, in the game's own look (Records → Rating).

Two plots over one axis of the games in the order played. Above, the Elo rating after
each rated game: a gold line, a dot per game (gold a win, red a loss, dim a tie), the
computer's five levels as faint dashed lines named at the right. Below, the
performance rating of each analysed game (0 is perfect play: lower is better), in the
colour of the game's first side. ``hit`` says what the point nearest a position is,
in words (the game, its date, the figure); with nothing to draw, each plot says in a
plain sentence how to fill it.

Drawing only, and the hit test: nothing here changes the scene.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pygame

from game.i18n import N_, _, date, number, pgettext
from game.level_names import level_name
from game.store.rating_book import PerformancePoint, RatingRow
from game.store.records import finished_local
from game.ui.plot_style import axis_label, dashed_line, draw_field, draw_frame
from game.ui.theme import Theme, side_colours
from game.ui.widgets import draw_text, fit_text, get_font, mix, text_width, wrap_words

DOT_R = 4.5  # design px
HIT_R = 12  # design px: a pointer this near a dot tells of it
NO_RATING = N_("Play a game against the computer to get a rating")
NO_PERFORMANCE = N_(
    "Analyse a game you played against the computer (Records → Analyse) to see it here"
)


@dataclass(frozen=True, slots=True)
class Dot:
    """A point drawn: where, and what it says when pointed at."""

    at: tuple[float, float]
    words: str


def result_word(score: float | bool | None) -> str:
    """How a game went, for the words of its dot ("won", "lost", "a tie", "played")."""
    # TRANSLATORS: how a rated game went, in "Game 3, 12 May 2026: won against Expert"
    if score is None:
        return pgettext("game result", "played")
    if isinstance(score, bool):
        return pgettext("game result", "won") if score else pgettext("game result", "lost")
    if score == 1:
        return pgettext("game result", "won")
    if score == 0:
        return pgettext("game result", "lost")
    return pgettext("game result", "a tie")


def when_played(value: float, with_time: bool = True) -> str:
    """A game's date (and time) the locale's way; "unknown time" where the book holds no
    time a clock could have given."""
    local = finished_local(value)
    if local is None:
        return _("unknown time")
    return date(time.mktime(local), with_time=with_time)


class RatingGraph:
    """The rating and performance plots of one game."""

    def __init__(
        self,
        theme: Theme,
        ratings: Sequence[RatingRow],
        performance: Sequence[PerformancePoint],
        levels: Mapping[str, float],
    ) -> None:
        self.theme = theme
        self.ratings = list(ratings)
        self.performance = list(performance)
        self.levels = dict(levels)
        times = sorted({r.played for r in self.ratings} | {p.played for p in self.performance})
        self.rank = {t: n for n, t in enumerate(times)}
        self.count = len(times)
        values = [r.after for r in self.ratings] + [r.before for r in self.ratings[:1]]
        values += list(self.levels.values())
        low, high = (min(values), max(values)) if values else (1000.0, 1600.0)
        pad = max(40.0, (high - low) * 0.08)
        self.elo_range = (low - pad, high + pad)
        worst = max((p.rating for p in self.performance), default=0.0)
        self.pr_top = max(10.0, math.ceil(worst * 1.15 / 5) * 5)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.elo_plot = pygame.Rect(0, 0, 0, 0)
        self.pr_plot = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0

    def place(self, rect: pygame.Rect, scale: float) -> None:
        self.rect = pygame.Rect(rect)
        self.scale = s = scale
        left = round(52 * s)
        # Room at the right for the levels' names: the widest, at the size drawn. (An Elo
        # rating is written without a group separator in every language: 1184.)
        names = [text_width(self.level_words(n), "text", 14 * s) for n in self.levels]
        right = max([round(60 * s), *names]) + round(10 * s)
        title = round(24 * s)
        foot = round(40 * s)
        inner_h = max(2, rect.h - 2 * title - foot - round(14 * s))
        elo_h = round(inner_h * 0.62)
        x, w = rect.x + left, max(1, rect.w - left - right)
        self.elo_plot = pygame.Rect(x, rect.y + title, w, max(1, elo_h))
        top = self.elo_plot.bottom + round(14 * s) + title
        self.pr_plot = pygame.Rect(x, top, w, max(1, rect.bottom - foot - top))

    def level_words(self, level: str) -> str:
        return _("{level} {rating}").format(
            level=level_name(level), rating=f"{self.levels[level]:.0f}"
        )

    # -- geometry -----------------------------------------------------------------------

    def x_of(self, played: float) -> float:
        plot = self.elo_plot
        pad = DOT_R * 2 * self.scale
        if self.count <= 1:
            return plot.centerx
        return plot.x + pad + (plot.w - 2 * pad) * self.rank[played] / (self.count - 1)

    def elo_y(self, rating: float) -> float:
        low, high = self.elo_range
        share = (rating - low) / max(1.0, high - low)
        return self.elo_plot.bottom - self.elo_plot.h * max(0.0, min(1.0, share))

    def pr_y(self, rating: float) -> float:
        share = rating / self.pr_top
        return self.pr_plot.bottom - self.pr_plot.h * max(0.0, min(1.0, share))

    def rating_dots(self) -> list[Dot]:
        out = []
        for n, row in enumerate(self.ratings, 1):
            step = round(row.after) - round(row.before)
            # TRANSLATORS: a rated game's dot: its number, date, result ("won"), the level
            # met ("Expert") and its rating, the player's rating after it and its change
            words = _(
                "Game {n}, {when}: {result} against {level} ({level_rating}); rating {rating} "
                "({step})"
            ).format(
                n=n,
                when=when_played(row.played),
                result=result_word(row.score),
                level=level_name(row.level),
                level_rating=f"{row.level_rating:.0f}",
                rating=f"{row.after:.0f}",
                step=f"{step:+d}",
            )
            out.append(Dot((self.x_of(row.played), self.elo_y(row.after)), words))
        return out

    def performance_dots(self) -> list[Dot]:
        out = []
        for point in self.performance:
            words = _("Game of {when} ({result}): performance rating {rating}").format(
                when=when_played(point.played),
                result=result_word(point.won),
                rating=number(point.rating, 1),
            )
            out.append(Dot((self.x_of(point.played), self.pr_y(point.rating)), words))
        return out

    def nearest(self, pos: tuple[int, int]) -> Dot | None:
        """The dot nearest ``pos`` (None: no dot within reach)."""
        r = HIT_R * self.scale
        near = [
            ((d.at[0] - pos[0]) ** 2 + (d.at[1] - pos[1]) ** 2, n, d)
            for n, d in enumerate(self.rating_dots() + self.performance_dots())
        ]
        near = [n for n in near if n[0] <= r * r]
        return min(near)[2] if near else None

    def hit(self, pos: tuple[int, int]) -> str | None:
        """What the dot nearest ``pos`` says (None: no dot within reach)."""
        dot = self.nearest(pos)
        return dot.words if dot is not None else None

    def draw_pointed(self, surface: pygame.Surface, dot: Dot) -> None:
        """A gold ring round the dot pointed at (drawn every frame over the still plots)."""
        r = (DOT_R + 3.5) * self.scale
        pygame.draw.circle(surface, self.theme.accent, dot.at, r, max(1, round(2 * self.scale)))

    # -- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_elo(surface)
        self.draw_performance(surface)
        self.draw_foot(surface)

    def title(self, surface: pygame.Surface, plot: pygame.Rect, words: str) -> None:
        s = self.scale
        text = fit_text(words, "italic", 15 * s, self.rect.w)
        draw_text(
            surface,
            text,
            (self.rect.x, plot.y - round(4 * s)),
            role="italic",
            size=15 * s,
            colour=self.theme.text_dim,
            anchor="bottomleft",
        )

    def draw_elo(self, surface: pygame.Surface) -> None:
        theme, s, plot = self.theme, self.scale, self.elo_plot
        self.title(
            surface,
            plot,
            _(
                "Your rating after each game (gold a win, red a loss); dashed, the "
                "computer's levels"
            ),
        )
        draw_field(surface, plot, theme)
        faint = mix(theme.text_dim, theme.frame_dark, 0.55)
        last_label = -1e9
        for level, rating in sorted(self.levels.items(), key=lambda item: -item[1]):
            y = self.elo_y(rating)
            dashed_line(surface, faint, y, plot.x, plot.right, s)
            if y - last_label >= 15 * s:
                axis_label(
                    surface,
                    self.level_words(level),
                    (plot.right + round(6 * s), y),
                    theme,
                    s,
                    anchor="midleft",
                )
                last_label = y
        low, high = self.elo_range
        step = 100 if high - low < 900 else 200
        for value in range(math.ceil(low / step) * step, math.floor(high) + 1, step):
            at = (plot.x - round(5 * s), self.elo_y(value))
            axis_label(surface, f"{value}", at, theme, s)
        dots = self.rating_dots()
        if not dots:
            self.empty(surface, plot, _(NO_RATING))
        else:
            line = [d.at for d in dots]
            if len(line) > 1:
                pygame.draw.lines(surface, theme.accent, False, line, max(1, round(2 * s)))
            for row, dot in zip(self.ratings, dots, strict=True):
                colour = (
                    theme.accent
                    if row.score == 1
                    else theme.danger
                    if row.score == 0
                    else theme.text_dim
                )
                self.dot(surface, dot.at, colour, (20, 16, 14))
        draw_frame(surface, plot, theme, s)

    def draw_performance(self, surface: pygame.Surface) -> None:
        theme, s, plot = self.theme, self.scale, self.pr_plot
        self.title(
            surface,
            plot,
            _("Performance rating in each analysed game (0 is perfect; lower is better)"),
        )
        draw_field(surface, plot, theme)
        faint = mix(theme.text_dim, theme.frame_dark, 0.55)
        for value in (0.0, self.pr_top / 2, self.pr_top):
            y = self.pr_y(value)
            if 0 < value < self.pr_top:
                dashed_line(surface, faint, y, plot.x, plot.right, s)
            axis_label(surface, number(value), (plot.x - round(5 * s), y), theme, s)
        dots = self.performance_dots()
        if not dots:
            self.empty(surface, plot, _(NO_PERFORMANCE))
        else:
            colours = side_colours(theme, 0)
            line = [d.at for d in dots]
            if len(line) > 1:
                pygame.draw.lines(surface, colours.body, False, line, max(1, round(s)))
            for dot in dots:
                self.dot(surface, dot.at, colours.body, colours.rim)
        draw_frame(surface, plot, theme, s)

    def draw_foot(self, surface: pygame.Surface) -> None:
        """The time axis: the first and last game's dates, and what the axis counts."""
        theme, s, plot = self.theme, self.scale, self.pr_plot
        y = plot.bottom + round(4 * s)
        if self.count:
            times = sorted(self.rank)
            axis_label(
                surface,
                when_played(times[0], with_time=False),
                (plot.x, y),
                theme,
                s,
                anchor="topleft",
            )
            if self.count > 1:
                axis_label(
                    surface,
                    when_played(times[-1], with_time=False),
                    (plot.right, y),
                    theme,
                    s,
                    anchor="topright",
                )
        words = _("your games, in the order played")
        axis_label(surface, words, (plot.centerx, y), theme, s, anchor="midtop")

    def dot(
        self,
        surface: pygame.Surface,
        at: tuple[float, float],
        colour: tuple[int, int, int],
        ring: tuple[int, int, int],
    ) -> None:
        r = DOT_R * self.scale
        pygame.draw.circle(surface, ring, at, r + max(1.0, 1.5 * self.scale))
        pygame.draw.circle(surface, colour, at, r)

    def empty(self, surface: pygame.Surface, plot: pygame.Rect, words: str) -> None:
        """A plot with nothing to draw says, in its middle, how to fill it."""
        s = self.scale
        font = get_font("italic", 17 * s)
        lines = wrap_words(words, font, plot.w - round(40 * s))
        if len(lines) > 3:  # what would not fit joins the third line, cut short there
            lines = [*lines[:2], " ".join(lines[2:])]
        line_h = font.get_linesize()
        width = max(font.size(line)[0] for line in lines) + round(24 * s)
        box = pygame.Rect(0, 0, width, line_h * len(lines) + round(12 * s))
        box.center = plot.center
        pygame.draw.rect(surface, self.theme.frame_dark, box)
        y = box.y + round(6 * s)
        for line in lines:
            draw_text(
                surface,
                fit_text(line, "italic", 17 * s, plot.w - round(40 * s)),
                (plot.centerx, y),
                role="italic",
                size=17 * s,
                colour=self.theme.text,
                anchor="midtop",
            )
            y += line_h


__all__ = ["NO_PERFORMANCE", "NO_RATING", "RatingGraph", "result_word"]
