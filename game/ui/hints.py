"""The hint card: the best plays, ranked, with their values, while the expert's deeper
look is worked out and after it (a ``Card``, game.ui.cards, placed and moved as the
tutor's card is). Where its buttons and rows are follows from where the card is
(``buttons``, ``HintCard.rows``), so a click is answered the same whether or not the
card was drawn since it moved. It holds no game logic: the board scene decides what a
row, a button or a key does.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import _, ngettext
from game.play.advice import (
    HINT_ROWS,
    chance_game,
    difference_text,
    look_words,
    play_text,
    unit_note,
    value_text,
)
from game.rules import match as m
from game.rules.play import Play
from game.ui.cards import ROW, SMALL, TITLE, Card, Point, card_font, design_px
from game.ui.widgets import (
    Style,
    _mix,
    draw_text,
    fit_text,
    get_font,
    rounded_box,
    wrap_words,
)


class HintCard(Card):
    """The best plays of the roll, best first: notation, value, and the step down from
    the best; the chosen one is shown on the board. A first look (every play valued
    once) comes at once, said to be one, and the deeper look replaces it when the worker
    has it (``deepen``); "thinking" only if not even the first look could be taken."""

    def __init__(self, state: m.GameState, plays: int) -> None:
        super().__init__()
        self.state = state
        self.plays = plays  # legal plays of the roll (different positions)
        self.ranked: list[Any] | None = None  # Ranked(play, value, deep), best first
        self.deep = False  # the rows are the deeper look (else the first look)
        self.failed = False  # the deeper look could not be made: the first look stands
        self.error = ""
        self.chosen: int | None = None
        self.t = 0.0

    @property
    def players(self) -> int:
        return self.state.variant.players

    @property
    def thinking(self) -> bool:
        return self.ranked is None and not self.error

    @property
    def deepening(self) -> bool:
        """Whether the rows are a first look and the deeper one is still to come."""
        return self.ranked is not None and not self.deep and not self.failed

    def deepen(self, ranked: list[Any], deep: bool = True) -> None:
        """The deeper look replaces the rows. The row chosen follows its play, to its new
        rank (or is unchosen if it is no longer listed); the top row stays the top row."""
        chosen = self.chosen_play
        top = self.chosen == 0
        self.ranked, self.deep, self.failed = ranked, deep, False
        if self.chosen is None or top:
            return
        plays = [r.play for r in self.shown]
        self.chosen = plays.index(chosen) if chosen in plays else None

    def look_text(self) -> str:
        """What the rows are: the first look (still deepening, or all there is) or the
        deeper look; nothing while thinking or after an error."""
        if self.ranked is None:
            return ""
        return self._look_text(self.deep, self.failed)

    def _look_text(self, deep: bool, failed: bool) -> str:
        words = look_words(self.state.variant.id, deep)
        if deep:
            return words
        if failed:
            # TRANSLATORS: the hint's first look, when no deeper one could be made
            return _("{look} (no deeper look)").format(look=words)
        # TRANSLATORS: the hint's first look, while the deeper one is being worked out
        return _("{look}  ·  deepening").format(look=words)

    @property
    def shown(self) -> list[Any]:
        return [] if self.ranked is None else self.ranked[:HINT_ROWS]

    @property
    def chosen_play(self) -> Play | None:
        shown = self.shown
        if self.chosen is None or self.chosen >= len(shown):
            return None
        return shown[self.chosen].play

    def row_count(self) -> int:
        return max(1, min(HINT_ROWS, self.plays if self.ranked is None else len(self.ranked)))

    def texts(self) -> list[tuple[str, str, str, str]]:
        """Per row: the rank, the notation, the value and the difference from the best."""
        out: list[tuple[str, str, str, str]] = []
        shown = self.shown
        if not shown:
            return out
        best = shown[0].value
        for i, ranked in enumerate(shown):
            diff = "" if i == 0 else difference_text(best - ranked.value, self.players)
            out.append(
                (
                    str(i + 1),
                    play_text(self.state, ranked.play),
                    value_text(ranked.value, self.players),
                    diff,
                )
            )
        return out

    def columns(self, scale: float) -> tuple[int, int, int, int]:
        """Widths of the rank, notation, value and difference columns."""
        s = scale
        f = card_font("text", ROW, s)
        sample_value = "100.0%" if chance_game(self.players) else "+0.000"
        sample_diff = "\u221299.9%" if chance_game(self.players) else "\u22120.000"
        notation = max((f.size(t[1])[0] for t in self.texts()), default=round(170 * s))
        notation = max(notation, round(150 * s))
        return (
            round(30 * s),
            notation,
            f.size(sample_value)[0] + round(14 * s),
            f.size(sample_diff)[0] + round(14 * s),
        )

    def size(self, scale: float) -> tuple[int, int]:
        s = scale
        pad = round(18 * s)
        width = sum(self.columns(s)) + 2 * pad + round(10 * s)
        width = max(width, round(300 * s))
        width = min(width, round(470 * s))
        return width, self._height(width, s)

    def _note_lines(self, width: int, scale: float) -> list[str]:
        pad = round(18 * scale)
        f = card_font("italic", SMALL, scale)
        words = unit_note(self.players)
        return wrap_words(words, f, width - 2 * pad)

    def _key_lines(self, width: int, scale: float) -> list[str]:
        """The keys of the card, at its foot (on more lines where a language needs)."""
        pad = round(18 * scale)
        f = card_font("italic", SMALL, scale)
        # TRANSLATORS: 1–5, Enter and H are the keys
        keys = _("1–5 or a click: show  ·  Enter: play  ·  H: close")
        return wrap_words(keys, f, width - 2 * pad)

    def _look_lines(self, text: str, width: int, scale: float) -> list[str]:
        """The look's line (``look_text``), wrapped: room is kept after it for the dots."""
        pad = round(18 * scale)
        f = card_font("italic", SMALL, scale)
        return wrap_words(text, f, width - 2 * pad - f.size("...")[0])

    def _look_room(self, width: int, scale: float) -> int:
        """The lines the look takes at most, whichever it is (the card keeps its size
        as the first look gives way to the deeper one)."""
        texts = [
            self._look_text(deep, failed)
            for deep, failed in ((True, False), (False, False), (False, True))
        ]
        return max(len(self._look_lines(text, width, scale)) for text in texts)

    def _height(self, width: int, scale: float) -> int:
        s = scale
        pad = round(18 * s)
        title = card_font("caps", TITLE, s).get_linesize()
        row_h = self.row_height(s)
        small = card_font("italic", SMALL, s).get_linesize()
        # The look, the unit, then the keys.
        notes = (
            self._look_room(width, s)
            + len(self._note_lines(width, s))
            + len(self._key_lines(width, s))
        )
        return (
            pad
            + title
            + round(12 * s)
            + row_h * self.row_count()
            + round(10 * s)
            + small * notes
            + round(12 * s)
            + self.button_height(s)
            + pad
        )

    def row_height(self, scale: float) -> int:
        return card_font("text", ROW, scale).get_linesize() + round(8 * scale)

    def button_specs(self) -> tuple[tuple[str, str, bool, bool], ...]:
        return (
            # TRANSLATORS: the hint card's button: make the play chosen on the board
            ("apply", _("Play it"), True, self.chosen_play is not None),
            ("close", _("Close"), False, True),
        )

    def row_area(self) -> pygame.Rect:
        """Where the rows go: under the title and its rule, across the card."""
        s = self.scale
        pad = round(18 * s)
        title = get_font("caps", design_px(TITLE, s)).size(_("Best plays"))[1]
        top = self.rect.y + pad + title + round(5 * s) + round(7 * s)
        width = self.rect.w - 2 * pad
        return pygame.Rect(self.rect.x + pad, top, width, self.row_height(s) * self.row_count())

    @property
    def rows(self) -> list[pygame.Rect]:
        """Where each play shown is listed (none while thinking, or after an error)."""
        if self.thinking or self.error:
            return []
        area = self.row_area()
        row_h = self.row_height(self.scale)
        grow = round(12 * self.scale)
        return [
            pygame.Rect(area.x, area.y + i * row_h, area.w, row_h).inflate(grow, 0)
            for i in range(len(self.texts()))
        ]

    def hit(self, point: tuple[int, int]) -> tuple[str, Any] | None:
        for i, rect in enumerate(self.rows):
            if rect.collidepoint(point) and i < len(self.shown):
                return ("row", i)
        return super().hit(point)

    def draw(self, surface: pygame.Surface, style: Style) -> None:
        s = self.scale
        st = style
        rect = self.rect
        self._frame(surface, st)
        pad = round(18 * s)
        x0 = rect.x + pad
        y = rect.y + pad
        dice = "-".join(str(d) for d in self.state.dice)
        title = draw_text(
            surface,
            _("Best plays"),
            (x0, y),
            role="caps",
            size=design_px(TITLE, s),
            colour=st.accent_light,
            shadow=max(1, round(2 * s)),
        )
        # TRANSLATORS: how many different plays the roll allows
        plays = ngettext("{n} play", "{n} plays", self.plays).format(n=self.plays)
        count = f"{dice}  ·  {plays}"
        self._header_rule(surface, st, title, count)
        row_h = self.row_height(s)
        area = self.row_area()
        if self.thinking:
            dots = "." * (1 + int(self.t * 3) % 3)
            label = draw_text(
                surface,
                _("Weighing the plays"),
                (area.centerx, area.centery),
                role="italic",
                size=design_px(ROW, s),
                colour=st.text_dim,
                anchor="center",
            )
            draw_text(
                surface,
                dots,
                (label.right + round(2 * s), label.centery),
                role="italic",
                size=design_px(ROW, s),
                colour=st.text_dim,
                anchor="midleft",
            )
        elif self.error:
            for i, line in enumerate(
                wrap_words(self.error, card_font("italic", ROW, s), area.w)[:3]
            ):
                draw_text(
                    surface,
                    line,
                    (area.centerx, area.y + i * row_h + row_h // 2),
                    role="italic",
                    size=design_px(ROW, s),
                    colour=st.text_dim,
                    anchor="center",
                )
        else:
            self._draw_rows(surface, st, area, row_h)
        y = area.bottom + round(10 * s)
        small = card_font("italic", SMALL, s)
        self._draw_look(surface, st, (x0, y))
        y += small.get_linesize() * self._look_room(rect.w, s)
        for line in self._note_lines(rect.w, s):
            draw_text(
                surface, line, (x0, y), role="italic", size=design_px(SMALL, s), colour=st.text_dim
            )
            y += small.get_linesize()
        self._draw_keys(surface, st, self._key_lines(rect.w, s), (x0, y))
        self._button_row(surface, st)

    def _draw_look(self, surface: pygame.Surface, st: Style, at: Point) -> None:
        """The line saying how deeply the rows were looked at: the first look in gold,
        with dots while the deeper look is worked out; the deeper look quietly."""
        text = self.look_text()
        if not text:
            return
        s = self.scale
        size = design_px(SMALL, s)
        dots = "." * (1 + int(self.t * 3) % 3) if self.deepening else ""
        colour = st.text_dim if self.deep else st.accent
        step = card_font("italic", SMALL, s).get_linesize()
        label = pygame.Rect(round(at[0]), round(at[1]), 0, 0)
        for i, line in enumerate(self._look_lines(text, self.rect.w, s)):
            label = draw_text(
                surface,
                line,
                (at[0], at[1] + i * step),
                role="italic",
                size=size,
                colour=colour,
            )
        if dots:
            draw_text(
                surface,
                dots,
                (label.right + 1, label.y),
                role="italic",
                size=size,
                colour=colour,
            )

    def _draw_rows(self, surface: pygame.Surface, st: Style, area: pygame.Rect, row_h: int) -> None:
        s = self.scale
        rank_w, __, value_w, diff_w = self.columns(s)
        size = design_px(ROW, s)
        diff_x = area.right - round(4 * s)
        value_x = diff_x - diff_w
        note_x = area.x + rank_w
        note_room = value_x - value_w - note_x - round(6 * s)
        for i, ((rank, notation, value, diff), row) in enumerate(
            zip(self.texts(), self.rows, strict=True)
        ):
            chosen = i == self.chosen
            hover = self.hover == ("row", i)
            if chosen or hover:
                fill = _mix(st.primary, st.accent_dark, 0.35) if chosen else st.button_hover
                edge = st.accent if chosen else _mix(st.accent_dark, st.button_hover, 0.3)
                box = rounded_box(
                    row.inflate(0, -round(2 * s)).size,
                    max(2, round(6 * s)),
                    fill,
                    edge,
                    max(1, round(s)),
                    0.8,
                )
                surface.blit(box, row.inflate(0, -round(2 * s)))
            cy = row.centery
            colour = st.accent_light if i == 0 else st.text
            # The rank in a small gilt ring.
            r = max(6, round(10 * s))
            cx = area.x + r + round(1 * s)
            pygame.draw.circle(surface, st.accent_dark if i else st.accent, (cx, cy), r)
            pygame.draw.circle(surface, st.panel_deep, (cx, cy), r - max(1, round(1.5 * s)))
            draw_text(
                surface,
                rank,
                (cx, cy - max(1, round(s))),
                role="text",
                size=max(11, round(size * 0.8)),
                colour=colour,
                anchor="center",
            )
            draw_text(
                surface,
                fit_text(notation, "text", size, note_room),
                (note_x, cy),
                role="text",
                size=size,
                colour=colour,
                anchor="midleft",
            )
            draw_text(
                surface,
                value,
                (value_x, cy),
                role="text",
                size=size,
                colour=colour,
                anchor="midright",
            )
            if diff:
                draw_text(
                    surface,
                    diff,
                    (diff_x, cy),
                    role="text",
                    size=size,
                    colour=_mix(st.text_dim, (236, 120, 90), 0.25),
                    anchor="midright",
                )
            else:
                draw_text(
                    surface,
                    # TRANSLATORS: the hint card: the top play, where the others show how
                    # far they fall behind it
                    _("best"),
                    (diff_x, cy),
                    role="italic",
                    size=size,
                    colour=st.accent,
                    anchor="midright",
                )
