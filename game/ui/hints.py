"""The board's two advice cards: the hint (the best plays, ranked) and the tutor's
verdict on a play just made (Doubtful, Bad, Very bad; Take back or Keep).

Each card is a small gilded panel in the menus' style that the board scene
places where it hides the least (``place_card``: beside the board when there is
room, else over the part of the board with the fewest men that matter), moves
there smoothly, and asks what a click hit (``hit``). Where a card's buttons and rows
are follows from where the card is (``buttons``, ``HintCard.rows``), so a click is
answered the same whether or not the card was drawn since it moved. The cards hold no
game logic: the board scene decides what a row, a button or a key does.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.play.advice import (
    GRADE_TITLES,
    HINT_ROWS,
    chance_game,
    difference_text,
    look_words,
    loss_words,
    play_text,
    unit_note,
    value_text,
)
from game.rules import match as m
from game.rules.play import Play
from game.ui.widgets import (
    Style,
    _mix,
    draw_panel,
    draw_shadow,
    draw_text,
    fit_text,
    get_font,
    rounded_box,
    wrap_words,
)

Point = tuple[float, float]

GRADE_COLOURS = {
    "doubtful": (232, 196, 104),
    "bad": (236, 142, 72),
    "very bad": (236, 92, 76),
}
GOOD_COLOUR = (150, 200, 130)

# Design sizes (px at 1280x800) and the smallest each may become in a small window.
TITLE = (22, 15)
ROW = (19, 14)
SMALL = (15, 12)
BUTTON = (18, 13)


def _px(design: tuple[int, int], scale: float) -> int:
    size, floor = design
    return max(floor, round(size * scale))


def _font(role: str, design: tuple[int, int], scale: float) -> pygame.font.Font:
    return get_font(role, _px(design, scale))


def draw_card_button(
    surface: pygame.Surface,
    rect: pygame.Rect,
    label: str,
    scale: float,
    style: Style,
    *,
    primary: bool = False,
    hover: bool = False,
    enabled: bool = True,
) -> None:
    """A button as the menus draw them: lacquer, a gilded edge, small capitals."""
    st = style
    radius = max(3, round(8 * scale))
    glow = 1.0 if hover and enabled else 0.0
    if not enabled:
        fill, border = st.disabled, _mix(st.accent_dark, st.disabled, 0.5)
    elif primary:
        fill = _mix(st.primary, st.primary_hover, glow)
        border = _mix(st.accent, st.accent_light, glow)
    else:
        fill = _mix(st.button, st.button_hover, glow)
        border = _mix(st.accent_dark, st.accent_light, 0.35 + 0.65 * glow)
    draw_shadow(surface, rect, scale, radius=radius, blur=8, drop=3, alpha=110 if enabled else 60)
    bw = max(1, round(1.5 * scale))
    box = rounded_box(rect.size, radius, _mix(fill, (255, 255, 255), 0.06), border, bw, 0.7)
    surface.blit(box, rect)
    colour = st.text if enabled else st.text_disabled
    if primary and enabled:
        colour = _mix(st.text, st.accent_light, 0.5)
    size = _px(BUTTON, scale)
    draw_text(
        surface,
        fit_text(label, "caps", size, rect.w - round(10 * scale)),
        (rect.centerx, rect.centery - max(1, round(scale))),
        role="caps",
        size=size,
        colour=colour,
        anchor="center",
    )


def _glide(now: int, to: int, k: float) -> int:
    """A step of ``k`` of the way from ``now`` to ``to``, in whole pixels: at least one
    (a step that rounds to nothing would leave the card short of its place for ever),
    and there at once from a pixel away."""
    if abs(to - now) <= 1:
        return to
    step = round((to - now) * k)
    if step == 0:
        step = 1 if to > now else -1
    return now + step


class Card:
    """A panel that knows its size, where it is going and what is where inside it."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)  # where it is drawn
        self.target = pygame.Rect(0, 0, 0, 0)  # where it is going
        self.placed = False
        self.scale = 1.0
        self.hover: tuple[str, Any] | None = None

    def size(self, scale: float) -> tuple[int, int]:
        raise NotImplementedError

    def place(self, rect: pygame.Rect, scale: float) -> None:
        """Go to ``rect``: at once the first time (or after a resize), else smoothly."""
        jump = not self.placed or scale != self.scale
        self.scale = scale
        self.target = rect.copy()
        if jump:
            self.rect = rect.copy()
        else:
            self.rect.size = rect.size
        self.placed = True

    def update(self, dt: float) -> None:
        if self.rect.topleft == self.target.topleft:
            return
        k = 1.0 - math.exp(-14.0 * dt)
        self.rect.topleft = (
            _glide(self.rect.x, self.target.x, k),
            _glide(self.rect.y, self.target.y, k),
        )

    def settle(self) -> None:
        self.rect = self.target.copy()

    pad_design = 18  # px at 1280x800 inside the card's edge

    def button_specs(self) -> tuple[tuple[str, str, bool, bool], ...]:
        """The card's buttons: ``(name, label, primary, enabled)``, left to right."""
        return ()

    def button_row(self) -> list[tuple[tuple[str, str, bool, bool], pygame.Rect]]:
        """Each button and where it is: side by side along the foot of the card."""
        specs = self.button_specs()
        if not specs:
            return []
        s = self.scale
        pad = round(16 * s)
        gap = round(10 * s)
        h = self.button_height(s)
        bottom = self.rect.bottom - round(self.pad_design * s)
        w = (self.rect.w - 2 * pad - gap * (len(specs) - 1)) // len(specs)
        x = self.rect.x + pad
        out = []
        for spec in specs:
            out.append((spec, pygame.Rect(x, bottom - h, w, h)))
            x += w + gap
        return out

    @property
    def buttons(self) -> dict[str, pygame.Rect]:
        """The buttons a click presses (the enabled ones), by name, where they are now."""
        return {spec[0]: rect for spec, rect in self.button_row() if spec[3]}

    def hit(self, point: tuple[int, int]) -> tuple[str, Any] | None:
        """What ``point`` is on: ("button", name), ("row", index), ("card", None) or None."""
        for name, rect in self.buttons.items():
            if rect.collidepoint(point):
                return ("button", name)
        if self.rect.collidepoint(point):
            return ("card", None)
        return None

    def hover_at(self, point: tuple[int, int]) -> None:
        self.hover = self.hit(point)

    def _frame(self, surface: pygame.Surface, style: Style) -> None:
        draw_panel(surface, self.rect, self.scale, style, alpha=242)

    def _header_rule(
        self, surface: pygame.Surface, style: Style, title: pygame.Rect, label: str
    ) -> int:
        """The small italic ``label`` at the right of the title line and the rule under
        it; returns where the card's body begins."""
        s = self.scale
        pad = round(18 * s)
        x0, x1 = self.rect.x + pad, self.rect.right - pad
        draw_text(
            surface,
            label,
            (x1, title.bottom - round(3 * s)),
            role="italic",
            size=_px(SMALL, s),
            colour=style.text_dim,
            anchor="bottomright",
        )
        y = title.bottom + round(5 * s)
        pygame.draw.line(surface, style.accent_dark, (x0, y), (x1, y), max(1, round(s)))
        return y + round(7 * s)

    def _button_row(self, surface: pygame.Surface, style: Style) -> None:
        """The buttons, where ``button_row`` puts them."""
        s = self.scale
        for (name, label, primary, enabled), rect in self.button_row():
            hover = self.hover == ("button", name)
            draw_card_button(
                surface, rect, label, s, style, primary=primary, hover=hover, enabled=enabled
            )

    def button_height(self, scale: float) -> int:
        return round(_font("caps", BUTTON, scale).get_height() + 14 * scale)


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
        words = look_words(self.state.variant.id, self.deep)
        if self.deep:
            return words
        if self.failed:
            return f"{words} (no deeper look)"
        return f"{words}  ·  deepening"

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
        f = _font("text", ROW, s)
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
        f = _font("italic", SMALL, scale)
        words = unit_note(self.players)
        return wrap_words(words, f, width - 2 * pad)

    def _height(self, width: int, scale: float) -> int:
        s = scale
        pad = round(18 * s)
        title = _font("caps", TITLE, s).get_linesize()
        row_h = self.row_height(s)
        small = _font("italic", SMALL, s).get_linesize()
        notes = len(self._note_lines(width, s)) + 2  # the look, the unit, then the keys
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
        return _font("text", ROW, scale).get_linesize() + round(8 * scale)

    def button_specs(self) -> tuple[tuple[str, str, bool, bool], ...]:
        return (
            ("apply", "Play it", True, self.chosen_play is not None),
            ("close", "Close", False, True),
        )

    def row_area(self) -> pygame.Rect:
        """Where the rows go: under the title and its rule, across the card."""
        s = self.scale
        pad = round(18 * s)
        title = get_font("caps", _px(TITLE, s)).size("Best plays")[1]
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
        x0, x1 = rect.x + pad, rect.right - pad
        y = rect.y + pad
        dice = "-".join(str(d) for d in self.state.dice)
        title = draw_text(
            surface,
            "Best plays",
            (x0, y),
            role="caps",
            size=_px(TITLE, s),
            colour=st.accent_light,
            shadow=max(1, round(2 * s)),
        )
        count = f"{dice}  ·  {self.plays} play{'s' if self.plays != 1 else ''}"
        self._header_rule(surface, st, title, count)
        row_h = self.row_height(s)
        area = self.row_area()
        if self.thinking:
            dots = "." * (1 + int(self.t * 3) % 3)
            label = draw_text(
                surface,
                "Weighing the plays",
                (area.centerx, area.centery),
                role="italic",
                size=_px(ROW, s),
                colour=st.text_dim,
                anchor="center",
            )
            draw_text(
                surface,
                dots,
                (label.right + round(2 * s), label.centery),
                role="italic",
                size=_px(ROW, s),
                colour=st.text_dim,
                anchor="midleft",
            )
        elif self.error:
            for i, line in enumerate(wrap_words(self.error, _font("italic", ROW, s), area.w)[:3]):
                draw_text(
                    surface,
                    line,
                    (area.centerx, area.y + i * row_h + row_h // 2),
                    role="italic",
                    size=_px(ROW, s),
                    colour=st.text_dim,
                    anchor="center",
                )
        else:
            self._draw_rows(surface, st, area, row_h)
        y = area.bottom + round(10 * s)
        small = _font("italic", SMALL, s)
        self._draw_look(surface, st, (x0, y), x1 - x0)
        y += small.get_linesize()
        for line in self._note_lines(rect.w, s):
            draw_text(surface, line, (x0, y), role="italic", size=_px(SMALL, s), colour=st.text_dim)
            y += small.get_linesize()
        keys = "1\u20135 or a click: show  ·  Enter: play  ·  H: close"
        draw_text(
            surface,
            fit_text(keys, "italic", _px(SMALL, s), x1 - x0),
            (x0, y),
            role="italic",
            size=_px(SMALL, s),
            colour=_mix(st.text_dim, st.panel, 0.3),
        )
        self._button_row(surface, st)

    def _draw_look(self, surface: pygame.Surface, st: Style, at: Point, room: int) -> None:
        """The line saying how deeply the rows were looked at: the first look in gold,
        with dots while the deeper look is worked out; the deeper look quietly."""
        text = self.look_text()
        if not text:
            return
        s = self.scale
        size = _px(SMALL, s)
        dots = "." * (1 + int(self.t * 3) % 3) if self.deepening else ""
        room -= get_font("italic", size).size("...")[0] if dots else 0
        colour = st.text_dim if self.deep else st.accent
        label = draw_text(
            surface,
            fit_text(text, "italic", size, room),
            at,
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
        rank_w, _, value_w, diff_w = self.columns(s)
        size = _px(ROW, s)
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
                    "best",
                    (diff_x, cy),
                    role="italic",
                    size=size,
                    colour=st.accent,
                    anchor="midright",
                )


@dataclass
class Verdict:
    """The tutor's judgement of a play a person has just made (not yet passed on)."""

    state: m.GameState  # the turn judged
    play: Play  # what the person played
    loss: float  # what it gives away against the best
    best: Play  # the best play
    grade: str  # "doubtful", "bad" or "very bad"
    ranked: list[Any] = field(default_factory=list)


class TutorCard(Card):
    """The tutor's word on a play that gave away too much: how much, the best play,
    and Take back (try again) or Keep (go on)."""

    pad_design = 20

    def __init__(self, verdict: Verdict) -> None:
        super().__init__()
        self.verdict = verdict

    def button_specs(self) -> tuple[tuple[str, str, bool, bool], ...]:
        return (("takeback", "Take back", True, True), ("keep", "Keep", False, True))

    @property
    def players(self) -> int:
        return self.verdict.state.variant.players

    def lines(self) -> tuple[str, str, str]:
        v = self.verdict
        loss = loss_words(v.loss, self.players)
        return (
            f"This play gives away {loss}.",
            play_text(v.state, v.play),
            play_text(v.state, v.best),
        )

    def size(self, scale: float) -> tuple[int, int]:
        s = scale
        pad = round(20 * s)
        f = _font("text", ROW, s)
        sentence, mine, best = self.lines()
        label_w = self.label_width(s)
        width = max(
            f.size(sentence)[0] // 2 + round(40 * s),
            label_w + max(f.size(mine)[0], f.size(best)[0]),
            round(320 * s),
        )
        width = min(width + 2 * pad, round(460 * s))
        return width, self._height(width, s)

    def label_width(self, scale: float) -> int:
        f = _font("italic", ROW, scale)
        return max(f.size("Yours")[0], f.size("Best")[0]) + round(16 * scale)

    def _sentence_lines(self, width: int, scale: float) -> list[str]:
        pad = round(20 * scale)
        return wrap_words(self.lines()[0], _font("text", ROW, scale), width - 2 * pad)

    def _height(self, width: int, scale: float) -> int:
        s = scale
        pad = round(20 * s)
        row = _font("text", ROW, s).get_linesize()
        small = _font("italic", SMALL, s).get_linesize()
        return (
            pad
            + _font("caps", TITLE, s).get_linesize()
            + round(12 * s)
            + row * len(self._sentence_lines(width, s))
            + round(8 * s)
            + (row + round(4 * s)) * 2
            + round(10 * s)
            + small
            + round(12 * s)
            + self.button_height(s)
            + pad
        )

    def draw(self, surface: pygame.Surface, style: Style) -> None:
        s = self.scale
        st = style
        rect = self.rect
        v = self.verdict
        self._frame(surface, st)
        pad = round(20 * s)
        x0, x1 = rect.x + pad, rect.right - pad
        y = rect.y + pad
        colour = GRADE_COLOURS[v.grade]
        title = draw_text(
            surface,
            GRADE_TITLES[v.grade],
            (x0 + round(22 * s), y),
            role="caps",
            size=_px(TITLE, s),
            colour=colour,
            shadow=max(1, round(2 * s)),
        )
        # A mark before the grade: a ring, filled as the mistake grows.
        r = max(5, round(8 * s))
        cx, cy = x0 + r, title.centery + round(1 * s)
        pygame.draw.circle(surface, colour, (cx, cy), r, max(1, round(2 * s)))
        if v.grade != "doubtful":
            pygame.draw.circle(surface, colour, (cx, cy), r - max(2, round(4 * s)))
        if v.grade == "very bad":
            pygame.draw.circle(surface, colour, (cx, cy), r)
        y = self._header_rule(surface, st, title, "Tutor")
        size = _px(ROW, s)
        f = get_font("text", size)
        for line in self._sentence_lines(rect.w, s):
            draw_text(surface, line, (x0, y), role="text", size=size, colour=st.text)
            y += f.get_linesize()
        y += round(8 * s)
        _sentence, mine, best = self.lines()
        label_w = self.label_width(s)
        for label, text, ink in (("Yours", mine, colour), ("Best", best, st.accent_light)):
            draw_text(
                surface,
                label,
                (x0, y),
                role="italic",
                size=size,
                colour=st.text_dim,
            )
            draw_text(
                surface,
                fit_text(text, "text", size, x1 - x0 - label_w),
                (x0 + label_w, y),
                role="text",
                size=size,
                colour=ink,
            )
            y += f.get_linesize() + round(4 * s)
        y += round(10 * s) - round(4 * s)
        draw_text(
            surface,
            fit_text(
                "Backspace takes it back  ·  Enter keeps it", "italic", _px(SMALL, s), x1 - x0
            ),
            (x0, y),
            role="italic",
            size=_px(SMALL, s),
            colour=_mix(st.text_dim, st.panel, 0.3),
        )
        self._button_row(surface, st)


# -- where a card goes ----------------------------------------------------------------------


def _inside(rect: pygame.Rect, points: Iterable[Point], margin: float) -> int:
    area = rect.inflate(round(2 * margin), round(2 * margin))
    return sum(1 for p in points if area.collidepoint(p))


def place_card(
    size: tuple[int, int],
    window: tuple[int, int],
    frame: tuple[float, float, float, float],
    scale: float,
    *,
    field: tuple[float, float, float, float] | None = None,
    avoid: Sequence[Point] = (),
    soft: Sequence[Point] = (),
    men: Sequence[Point] = (),
    blocked: Sequence[pygame.Rect] = (),
    shun: Sequence[pygame.Rect] = (),
    radius: float = 0.0,
) -> pygame.Rect:
    """Where a card of ``size`` hides the least.

    Beside the board when a column there has room, else over the playing
    ``field`` (the frame by default): where it covers the fewest ``avoid``
    points (the men the advice is about), ``soft`` points (other men it
    mentions, the names) and ``men``, overlaps the ``shun`` rectangles (the
    dice) as little as it can, and never the ``blocked`` ones (the buttons, the
    message) when it can help it.
    """
    width, height = window
    cw, ch = size
    fx, fy, fw, fh = frame
    ix, iy, iw, ih = field if field is not None else frame
    m = round(12 * scale)
    candidates: list[tuple[float, float, bool]] = []
    right = width - (fx + fw)
    if right >= cw + 2 * m:
        x = fx + fw + (right - cw) / 2
        for y in (fy + m, fy + fh / 2 - ch / 2, fy + fh - m - ch):
            candidates.append((x, y, False))
    if fx >= cw + 2 * m:
        x = (fx - cw) / 2
        for y in (fy + m, fy + fh / 2 - ch / 2, fy + fh - m - ch):
            candidates.append((x, y, False))
    for x in (m, width - m - cw):  # against the window's edge, partly over the case
        for y in (fy + m, fy + fh / 2 - ch / 2, fy + fh - m - ch):
            candidates.append(
                (
                    x,
                    y,
                    pygame.Rect(round(x), round(y), cw, ch).colliderect(
                        pygame.Rect(round(fx), round(fy), round(fw), round(fh))
                    ),
                )
            )
    xs = [ix + m, ix + iw / 2 - cw / 2, ix + iw - m - cw]
    xs += [ix + iw / 4 - cw / 2, ix + 3 * iw / 4 - cw / 2]
    ys = [iy + m, iy + ih / 2 - ch / 2, iy + ih - m - ch]
    for x in xs:
        for y in ys:
            candidates.append((x, y, True))
    best: tuple[float, pygame.Rect] | None = None
    screen = pygame.Rect(0, 0, width, height)
    for x, y, over in candidates:
        rect = pygame.Rect(round(x), round(y), cw, ch)
        rect.clamp_ip(screen.inflate(-2 * m, -2 * m) if cw + 2 * m <= width else screen)
        score = 0.0
        for other in blocked:
            clip = rect.clip(other)
            if clip.w > 0 and clip.h > 0:
                score += 10000 + clip.w * clip.h
        for other in shun:
            clip = rect.clip(other)
            if clip.w > 0 and clip.h > 0:
                score += 800 + clip.w * clip.h / 100
        score += 300 * _inside(rect, avoid, radius * 0.6)
        score += 40 * _inside(rect, soft, radius * 0.4)
        score += 6 * _inside(rect, men, -radius * 0.3)
        if over:
            score += 25
        score -= rect.centerx / max(1, width)  # a tie goes right, nearer the buttons
        if best is None or score < best[0]:
            best = (score, rect)
    assert best is not None
    return best[1]


def covers(rect: pygame.Rect, points: Iterable[Point], margin: float) -> bool:
    """Whether ``rect`` (grown by ``margin``) hides any of ``points``."""
    return _inside(rect, points, margin) > 0


__all__ = ["HintCard", "TutorCard", "Verdict", "covers", "draw_card_button", "place_card"]
