"""The analysis scene's panes: where the result's parts go, the progress card and the
worker's count, the decision at hand and each side's figures, set line by line by
``Writer`` (each line shrunk to fit its width, never below ``SMALLEST``).

Drawing only: each function reads the scene (``game.ui.scenes.analysis``) and paints.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _, ngettext
from game.names import game_name
from game.ui.analysis_graph import grade_colour
from game.ui.analysis_words import (
    KEYS_HELP,
    decision_heading,
    decision_lines,
    pr_help,
    result_words,
    row_label,
    side_words,
)
from game.ui.theme import side_colours
from game.ui.widgets import Style, draw_text, fit_size, fit_text, get_font, text_width, wrap_words

if TYPE_CHECKING:
    from game.ui.scenes.analysis import AnalysisScene

# The decision's lines, as (role, design size): its number, whose, and four rows at most.
DECISION_LINES = (("caps", 18), ("bold", 17)) + (("text", 16),) * 4
SMALLEST = 10.0  # px: text is set no smaller than this
TAB = 64  # design px: where a row's words begin after its label, at the least


def label_tab(labels: list[str], width: int, scale: float) -> int:
    """Where the rows' words begin: after the widest of ``labels`` (``TAB`` at the least,
    a third of ``width`` at the most, where a longer label is cut)."""
    widest = max((text_width(label, "italic", 15 * scale) for label in labels), default=0)
    return min(width // 3, max(round(TAB * scale), widest + round(8 * scale)))


def decision_height(scale: float) -> int:
    """How tall the decision's box is at ``scale``: room for ``DECISION_LINES``."""
    line = round(2 * scale)
    return sum(get_font(r, z * scale).get_linesize() + line for r, z in DECISION_LINES)


def card_places(scene: AnalysisScene) -> tuple[pygame.Rect, tuple[int, int], pygame.Rect]:
    """Where the progress card's game line goes, its count line and its bar."""
    s = scene.scale
    inner = scene.card.inner(24)
    line = get_font("text", 16 * s).get_linesize()
    game = pygame.Rect(inner.x, inner.y + round(40 * s), inner.w, line)
    count = (inner.centerx, game.bottom + round(6 * s))  # (apart from the game's line)
    bar = pygame.Rect(inner.x, count[1] + line + round(10 * s), inner.w, round(18 * s))
    return game, count, bar


def paint_card(scene: AnalysisScene, surface: pygame.Surface) -> None:
    """The progress card's still parts: its title, the game, the bar's track, the
    note and Stop (the count and the bar's fill are drawn each frame: ``draw_progress``)."""
    s, st = scene.scale, scene.style
    scene.card.draw(surface)
    inner = scene.card.inner(24)
    title = _("Analysis") if not scene.failed else _("No analysis")
    draw_text(
        surface,
        title,
        (inner.centerx, inner.y),
        role="caps",
        size=24 * s,
        colour=st.accent,
        anchor="midtop",
    )
    game_box, count, bar = card_places(scene)
    game = scene.request.title or game_name(scene.variant.id)
    size = fit_size(game, "text", 16 * s, inner.w, SMALLEST)
    draw_text(
        surface,
        fit_text(game, "text", size, inner.w),
        game_box.midtop,
        role="text",
        size=size,
        colour=st.text,
        anchor="midtop",
    )
    if scene.failed:
        y = count[1]
        for line in wrap_words(scene.failed, get_font("text", 15 * s), inner.w)[:3]:
            draw_text(
                surface,
                fit_text(line, "text", 15 * s, inner.w),
                (inner.centerx, y),
                role="text",
                size=15 * s,
                colour=st.text,
                anchor="midtop",
            )
            y += get_font("text", 15 * s).get_linesize()
        return
    pygame.draw.rect(surface, st.track, bar, border_radius=bar.h // 2)
    pygame.draw.rect(surface, st.accent_dark, bar, max(1, round(s)), bar.h // 2)
    note = _("It runs beside the window; Stop ends it and keeps nothing.")
    draw_text(
        surface,
        fit_text(note, "italic", 14 * s, inner.w),
        (inner.centerx, bar.bottom + round(10 * s)),
        role="italic",
        size=14 * s,
        colour=st.text_dim,
        anchor="midtop",
    )


def draw_progress(scene: AnalysisScene, surface: pygame.Surface) -> None:
    """What the worker has told so far: the count and the bar's fill."""
    job = scene.job
    if job is None or scene.failed:
        return
    s, st = scene.scale, scene.style
    _game, count, bar = card_places(scene)
    if not job.total:
        words = _("The expert is getting ready...")
    else:
        words = ngettext(
            "{done} of {total} decision and throw judged",
            "{done} of {total} decisions and throws judged",
            job.total,
        ).format(done=job.done, total=job.total)
    draw_text(
        surface,
        fit_text(words, "text", 16 * s, bar.w),
        count,
        role="text",
        size=16 * s,
        colour=st.text,
        anchor="midtop",
    )
    if job.fraction > 0:
        done = pygame.Rect(bar.x, bar.y, max(bar.h, round(bar.w * job.fraction)), bar.h)
        pygame.draw.rect(surface, st.accent, done, border_radius=bar.h // 2)


def paint_decision(scene: AnalysisScene, surface: pygame.Surface) -> int:
    """The decision at hand: whose, what was played and the expert's best, the loss
    and its grade, the luck of the throw (or, at the end, the result). Returns how
    many lines did not fit (none, at every size the tests try)."""
    analysis = scene.analysis
    assert analysis is not None
    writer = Writer(surface, surface.get_rect(), scene.scale, scene.style)
    decision = scene.decision
    count = len(scene.moments) - 1  # the last is the end of the record
    if decision is not None:
        heading = _("Decision {n} of {count}").format(n=scene.at + 1, count=count)
    else:
        # TRANSLATORS: the end of the game's record, after its last decision
        heading = _("The end")
    writer.line(heading, "caps", 18, scene.style.accent)
    writer.line(decision_heading(decision, scene.names), "bold", 17, scene.style.text)
    if decision is None:
        writer.line(result_words(analysis.result, scene.names), "text", 16, scene.style.text)
        return writer.left_out
    rows = decision_lines(decision, analysis.players)
    writer.tab = label_tab(
        [row_label(key) for key, _words, _grade in rows], surface.get_width(), scene.scale
    )
    for key, words, grade in rows:
        colour = grade_colour(scene.theme, grade) if grade else scene.style.text
        on_board = decision.kind == "play" and key == ("Best" if scene.best_shown else "Played")
        writer.row(row_label(key), words, colour, on_board)
    return writer.left_out


def paint_figures(scene: AnalysisScene, surface: pygame.Surface, box: pygame.Rect) -> int:
    """Each side's figures, and what PR and the grades mean (they never change).
    Returns how many lines did not fit."""
    analysis = scene.analysis
    assert analysis is not None
    writer = Writer(surface, box, scene.scale, scene.style)
    writer.line(_("Each side"), "caps", 16, scene.style.accent)
    for side in range(analysis.players):
        writer.line(scene.names[side], "bold", 15, side_colours(scene.theme, side).light)
        writer.line(side_words(analysis, side), "text", 14, scene.style.text)
    # The analysis's notes are kept in English (``game.study.analysis`` marks them); the
    # scene's own note is made in the language in use.
    for note in (*(_(n) for n in analysis.notes), scene.note):
        if note:
            writer.paragraph(note, "italic", 14, scene.style.text_dim)
    writer.gap(8)
    writer.paragraph(pr_help(), "italic", 14, scene.style.text_dim)
    writer.gap(6)
    writer.paragraph(_(KEYS_HELP), "italic", 14, scene.style.text_dim)
    return writer.left_out


def card_place(size: tuple[int, int], s: float) -> pygame.Rect:
    """Where the progress card goes in a window of ``size`` (scale ``s``)."""
    w, h = size
    m = round(16 * s)
    cw, ch = min(w - 2 * m, round(620 * s)), min(h - 2 * m, round(250 * s))
    return pygame.Rect((w - cw) // 2, (h - ch) // 2, cw, ch)


def result_places(size: tuple[int, int], s: float) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """Where the result goes in a window of ``size`` (scale ``s``): the board, the
    figures' panel and the graph's panel (the buttons go under the graph)."""
    w, h = size
    m, gap, bh = round(16 * s), round(12 * s), round(40 * s)
    foot = bh + round(8 * s)
    gh = max(round(120 * s), round(h * 0.24))
    graph = pygame.Rect(m, h - m - foot - gh, w - 2 * m, gh)
    top = pygame.Rect(m, m, w - 2 * m, graph.y - gap - m)
    if h > w:  # a tall window: the board over the figures
        board_h = round((top.h - gap) * 0.64)
        board = pygame.Rect(top.x, top.y, top.w, board_h)
        figures = pygame.Rect(top.x, top.y + board_h + gap, top.w, top.h - board_h - gap)
    else:
        board_w = round((top.w - gap) * 0.58)
        board = pygame.Rect(top.x, top.y, board_w, top.h)
        figures = pygame.Rect(top.x + board_w + gap, top.y, top.w - board_w - gap, top.h)
    return board, figures, graph


class Writer:
    """Lines set top-down in a box, each shrunk to fit its width (never below
    ``SMALLEST``); a line that would pass the box's foot is left out."""

    def __init__(
        self, surface: pygame.Surface, box: pygame.Rect, scale: float, style: Style
    ) -> None:
        self.surface, self.box, self.scale, self.style = surface, box, scale, style
        self.y = box.y
        self.left_out = 0  # lines that did not fit (the layout tests look for none)
        self.tab = round(TAB * scale)  # where a row's words begin (``label_tab``)

    def room(self, height: int) -> bool:
        return self.y + height <= self.box.bottom

    def line(self, text: str, role: str, size: float, colour: tuple[int, int, int]) -> None:
        px = fit_size(text, role, size * self.scale, self.box.w, SMALLEST)
        height = get_font(role, px).get_linesize()
        if not self.room(height):
            self.left_out += 1
            return
        draw_text(
            self.surface,
            fit_text(text, role, px, self.box.w),
            (self.box.x, self.y),
            role=role,
            size=px,
            colour=colour,
        )
        self.y += height + round(2 * self.scale)

    def row(self, label: str, words: str, colour: tuple[int, int, int], lit: bool = False) -> None:
        """A label in the dim colour (gold when ``lit``: the play on the board) and its
        words after it."""
        s = self.scale
        tab = self.tab
        px = fit_size(words, "text", 16 * s, self.box.w - tab, SMALLEST)
        height = get_font("text", px).get_linesize()
        if not self.room(height):
            self.left_out += 1
            return
        draw_text(
            self.surface,
            fit_text(label, "italic", min(px, 15 * s), tab - round(6 * s)),
            (self.box.x, self.y),
            role="italic",
            size=min(px, 15 * s),
            colour=self.style.accent if lit else self.style.text_dim,
        )
        draw_text(
            self.surface,
            fit_text(words, "text", px, self.box.w - tab),
            (self.box.x + tab, self.y),
            role="text",
            size=px,
            colour=colour,
        )
        self.y += height + round(2 * s)

    def paragraph(self, text: str, role: str, size: float, colour: tuple[int, int, int]) -> None:
        px = max(SMALLEST, size * self.scale)
        face = get_font(role, px)
        lines = wrap_words(text, face, self.box.w)
        if not self.room((face.get_linesize() + round(2 * self.scale)) * len(lines)):
            self.left_out += len(lines)
            return  # a paragraph is shown whole or not at all
        for line in lines:
            self.line(line, role, px / self.scale, colour)

    def gap(self, design: float) -> None:
        self.y += round(design * self.scale)


__all__ = [
    "DECISION_LINES",
    "SMALLEST",
    "Writer",
    "card_place",
    "card_places",
    "decision_height",
    "draw_progress",
    "paint_card",
    "paint_decision",
    "paint_figures",
    "result_places",
]
