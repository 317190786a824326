"""The graph of the winning chances over an analysed game, in the game's own look.

Two sides: one line, the first side's chance to win before every turn; its colour fills
the field below the line and the other side's above it, so whoever holds more of the
field is ahead. More sides (El Mundo): a line each in its colour. A mark sits on the
line at every decision graded doubtful or worse (bigger and redder as it is worse, ringed
in the colour of the side that made it); a gold upright stands at the position shown
(``draw_cursor``, drawn every frame over the rest, which is painted once).
``hit`` says which decision a click on a mark chose, or which state a click elsewhere.

Drawing only, and the hit test: nothing here changes the scene.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.i18n import _, percent
from game.study.analysis import GameAnalysis, Point
from game.ui.analysis_words import grade_word
from game.ui.plot_style import axis_label, dashed_line, draw_field, draw_frame
from game.ui.theme import Colour, Theme, side_colours
from game.ui.widgets import draw_text, fit_size, fit_text, mix

GRADES = ("doubtful", "bad", "very bad")
MARK_R = {"doubtful": 4.5, "bad": 5.5, "very bad": 6.5}  # design px
HIT_R = 11  # design px: a click this near a mark chooses it


def grade_colour(theme: Theme, grade: str) -> Colour:
    """A grade's colour: the theme's gold for doubtful, its red for very bad."""
    if grade == "very bad":
        return theme.danger
    if grade == "bad":
        return mix(theme.accent, theme.danger, 0.55)
    return theme.accent


@dataclass(frozen=True, slots=True)
class Mark:
    """An error's mark: the decision (its entry), who made it, its grade, where drawn."""

    entry: int
    side: int
    grade: str
    at: tuple[float, float]


class ChanceGraph:
    """The graph of one analysis over a game of ``last + 1`` states."""

    def __init__(self, analysis: GameAnalysis, last: int, theme: Theme) -> None:
        self.analysis = analysis
        self.last = max(1, last)
        self.theme = theme
        self.rect = pygame.Rect(0, 0, 0, 0)  # the whole graph: legend and plot
        self.plot = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0

    def place(self, rect: pygame.Rect, scale: float) -> None:
        self.rect = pygame.Rect(rect)
        self.scale = scale
        s = scale
        legend = round(24 * s)
        axis = round(44 * s)
        self.plot = pygame.Rect(
            rect.x + axis,
            rect.y + legend + round(4 * s),
            max(1, rect.w - axis - round(6 * s)),
            max(1, rect.h - legend - round(10 * s)),
        )

    # -- geometry -----------------------------------------------------------------------

    def x_of(self, state: float) -> float:
        return self.plot.x + self.plot.w * max(0.0, min(1.0, state / self.last))

    def y_of(self, chance: float) -> float:
        return self.plot.bottom - self.plot.h * max(0.0, min(1.0, chance))

    def chances_at(self, state: int) -> tuple[float, ...]:
        """The chances of the turn ``state`` belongs to (the last point at or before it)."""
        points = self.analysis.points
        found: Point = points[0]
        for point in points:
            if point.state > state:
                break
            found = point
        return found.chances

    def line_side(self, side: int) -> int:
        """The side whose line carries ``side``'s marks (the one line of two sides)."""
        return 0 if self.analysis.players == 2 else side

    def marks(self) -> list[Mark]:
        out = []
        for d in self.analysis.decisions:
            if d.grade is None:
                continue
            chance = self.chances_at(d.entry)[self.line_side(d.side)]
            out.append(Mark(d.entry, d.side, d.grade, (self.x_of(d.entry), self.y_of(chance))))
        return out

    def hit(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        """What a click at ``pos`` chose: ("mark", entry) on a mark, ("state", n) elsewhere
        on the plot, None off it."""
        reach = self.plot.inflate(round(2 * HIT_R * self.scale), round(2 * HIT_R * self.scale))
        if not reach.collidepoint(pos):
            return None
        r = HIT_R * self.scale
        near = [((m.at[0] - pos[0]) ** 2 + (m.at[1] - pos[1]) ** 2, m.entry) for m in self.marks()]
        near = [n for n in near if n[0] <= r * r]
        if near:
            return ("mark", min(near)[1])
        share = (pos[0] - self.plot.x) / max(1, self.plot.w)
        return ("state", round(max(0.0, min(1.0, share)) * self.last))

    # -- drawing ------------------------------------------------------------------------

    def draw_cursor(self, surface: pygame.Surface, shown: int) -> None:
        """The gold upright at state ``shown`` (drawn every frame over the still graph)."""
        x = round(self.x_of(shown))
        width = max(1, round(2 * self.scale))
        pygame.draw.line(
            surface, self.theme.accent, (x, self.plot.y), (x, self.plot.bottom - 1), width
        )

    def draw(self, surface: pygame.Surface, names: Sequence[str]) -> None:
        """The legend, the field, the line(s) and the marks (what never changes)."""
        theme, s = self.theme, self.scale
        self.draw_legend(surface, names)
        plot = self.plot
        draw_field(surface, plot, theme)
        players = self.analysis.players
        lines = [
            [(self.x_of(p.state), self.y_of(p.chances[side])) for p in self.analysis.points]
            for side in range(players)
        ]
        if players == 2:
            self.draw_fields(surface, lines[0])
        mid = self.y_of(0.5 if players == 2 else 1 / players)
        dashed_line(surface, theme.text_dim, mid, plot.x, plot.right, s)
        width = max(1, round(2 * s))
        for side, line in enumerate(lines[:1] if players == 2 else lines):
            colour = theme.accent if players == 2 else side_colours(theme, side).body
            if len(line) > 1:
                if players > 2:
                    rim = side_colours(theme, side).rim
                    pygame.draw.lines(surface, rim, False, line, width + 2)
                pygame.draw.lines(surface, colour, False, line, width)
        for mark in self.marks():
            r = MARK_R[mark.grade] * s
            ring = side_colours(theme, mark.side).rim if players > 2 else (20, 16, 14)
            pygame.draw.circle(surface, ring, mark.at, r + max(1.0, 1.5 * s))
            pygame.draw.circle(surface, grade_colour(theme, mark.grade), mark.at, r)
        draw_frame(surface, plot, theme, s)
        for chance in (1.0, 0.5 if players == 2 else 1 / players, 0.0):
            label = percent(chance)
            axis_label(surface, label, (plot.x - round(5 * s), self.y_of(chance)), theme, s)

    def draw_fields(self, surface: pygame.Surface, line: list[tuple[float, float]]) -> None:
        """Two sides: the first side's colour under its line, the other's over it."""
        plot = self.plot
        layer = pygame.Surface(plot.size, pygame.SRCALPHA)
        shifted = [(x - plot.x, y - plot.y) for x, y in line]
        if len(shifted) < 2:
            return
        first, last = shifted[0][0], shifted[-1][0]
        below = [(first, plot.h), *shifted, (last, plot.h)]
        above = [(first, 0.0), *shifted, (last, 0.0)]
        for side, shape in ((0, below), (1, above)):
            colour = side_colours(self.theme, side).body
            pygame.draw.polygon(layer, (*colour, 190), shape)
        surface.blit(layer, plot.topleft)

    def draw_legend(self, surface: pygame.Surface, names: Sequence[str]) -> None:
        """What the colours mean, in one line over the plot."""
        theme, s = self.theme, self.scale
        players = self.analysis.players
        if players == 2:
            # TRANSLATORS: the graph's legend; {first} and {second} are the sides' colours
            words = _("Chance to win: {first} below the line, {second} above").format(
                first=names[0], second=names[1]
            )
        else:
            words = _("Each side's chance to win, a line in its colour")
        # TRANSLATORS: after the legend, before the marks of the grades (doubtful, bad, ...)
        words = _("{legend}  ·  errors:").format(legend=words)
        keys = [(g, grade_colour(theme, g), grade_word(g)) for g in GRADES]
        key_w = sum(
            round((MARK_R[g] * 2 + 10) * s) + _width(label, 14 * s) for g, _c, label in keys
        )
        room = self.rect.w - key_w - round(12 * s)
        size = fit_size(words, "italic", 14 * s, room, 10)
        rect = draw_text(
            surface,
            fit_text(words, "italic", size, room),
            (self.rect.x, self.rect.y),
            role="italic",
            size=size,
            colour=theme.text_dim,
        )
        x = rect.right + round(8 * s)
        cy = rect.centery
        for grade, colour, label_words in keys:
            r = MARK_R[grade] * s
            pygame.draw.circle(surface, colour, (x + r, cy), r)
            x += round(2 * r + 4 * s)
            label = draw_text(
                surface,
                label_words,
                (x, cy),
                role="text",
                size=14 * s,
                colour=theme.text_dim,
                anchor="midleft",
            )
            x = label.right + round(6 * s)


def _width(text: str, size: float) -> int:
    from game.ui.widgets import text_width

    return text_width(text, "text", size)


__all__ = ["GRADES", "ChanceGraph", "Mark", "grade_colour"]
