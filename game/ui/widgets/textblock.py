"""Long text: :class:`TextBlock`, paragraphs of kinds that scroll with keys, wheel and thumb."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from game.ui.widgets.drawing import rounded_box
from game.ui.widgets.style import DEFAULT_STYLE, Colour, Style, approach, mix
from game.ui.widgets.text import draw_text, get_font, text_surface, typeset, wrap_words
from game.ui.widgets.widget import Widget

# -- long text -----------------------------------------------------------------------------

# Paragraph kinds of a TextBlock: font role, design size, colour key, space before/after
# (in lines of body text), and indent.
_KINDS: dict[str, tuple[str, float, str, float, float]] = {
    "title": ("caps", 38, "accent_light", 0.0, 0.25),
    "tagline": ("italic", 20, "text_dim", 0.0, 0.9),
    "heading": ("caps", 24, "accent", 1.0, 0.35),
    "body": ("text", 19, "text", 0.0, 0.6),
    "lead": ("text", 19, "text", 0.0, 0.6),  # with a decorated initial
    "note": ("italic", 18, "text_dim", 0.0, 0.6),
    "source": ("italic", 17, "text_dim", 0.0, 0.25),
}


@dataclass(frozen=True, slots=True)
class _Line:
    kind: str
    text: str
    x: int
    y: int
    role: str
    size: int
    colour: Colour
    initial: str = ""  # a decorated initial drawn at (x, y) of this line


class TextBlock(Widget):
    """Long text, word-wrapped to the rectangle and scrolled smoothly: the wheel, Up/Down,
    PgUp/PgDn, Home/End, or dragging the gold thumb of the scroll bar. The first letter
    of a "lead" paragraph is a decorated initial three lines tall.

    ``paragraphs`` are ``(kind, text)`` pairs, kinds: title, tagline, heading, body, lead,
    note, source.
    """

    def __init__(
        self,
        paragraphs: Sequence[tuple[str, str]] = (),
        *,
        scale_text: float = 1.0,
        help: str = "",
        style: Style = DEFAULT_STYLE,
    ) -> None:
        super().__init__(help=help, style=style)
        self.paragraphs: tuple[tuple[str, str], ...] = tuple(paragraphs)
        self.scale_text = scale_text
        self.scroll = 0.0  # px shown above the top
        self.target = 0.0
        self.lines: list[_Line] = []
        self.content_height = 0
        self.dragging: int | None = None  # mouse y offset into the thumb while dragging
        self._layout_key: tuple[Any, ...] = ()
        self._view: tuple[Any, pygame.Surface] | None = None

    @property
    def name(self) -> str:
        return self.paragraphs[0][1][:30] if self.paragraphs else "text"

    def set_content(self, paragraphs: Sequence[tuple[str, str]]) -> None:
        self.paragraphs = tuple(paragraphs)
        self.scroll = self.target = 0.0
        self._layout()

    def place(self, rect: pygame.Rect | tuple[int, int, int, int], scale: float) -> None:
        super().place(rect, scale)
        self._layout()
        self.target = self.scroll = min(self.scroll, self.max_scroll)

    @property
    def max_scroll(self) -> float:
        return float(max(0, self.content_height - self.rect.h))

    @property
    def text_width(self) -> int:
        return max(40, self.rect.w - self.px(28))

    def _layout(self) -> None:
        key = (self.paragraphs, self.rect.size, self.scale, self.scale_text, self.style)
        if key == self._layout_key:
            return
        self._layout_key = key
        st = self.style
        width = self.text_width
        body = get_font("text", self.px(_KINDS["body"][1] * self.scale_text))
        body_line = body.get_linesize()
        lines: list[_Line] = []
        y = 0
        for kind, text in self.paragraphs:
            role, size, colour_key, before, after = _KINDS.get(kind, _KINDS["body"])
            px = self.px(size * self.scale_text)
            f = get_font(role, px)
            line_h = round(f.get_linesize() * (1.06 if role == "text" else 1.0))
            colour = getattr(st, colour_key)
            if lines:
                y += round(before * body_line)
            initial = ""
            indent_lines = 0
            indent = 0
            text = typeset(text, role)
            words = text
            if kind == "lead" and text[:1].isascii() and text[:1].isalpha() and text[:1].isupper():
                initial, words = text[0], text[1:]
                drop = line_h * 3 - round(line_h * 0.18)
                indent = drop + self.px(10)
                indent_lines = 3
            if initial:
                first = wrap_words(words, f, width - indent)
                # The letters after the initial join it: no space after the initial.
                head = first[:indent_lines]
                rest = " ".join(first[indent_lines:])
                wrapped = head + wrap_words(rest, f, width)
            else:
                wrapped = wrap_words(words, f, width)
            for i, line in enumerate(wrapped):
                x = indent if i < indent_lines else 0
                lines.append(_Line(kind, line, x, y, role, px, colour, initial if i == 0 else ""))
                y += line_h
            if initial and len(wrapped) < indent_lines:
                y += line_h * (indent_lines - len(wrapped))
            y += round(after * body_line)
        self.lines = lines
        self.content_height = y

    def scroll_by(self, pixels: float) -> None:
        self.target = max(0.0, min(self.max_scroll, self.target + pixels))

    def wheel(self, clicks: float) -> None:
        """Scroll by mouse-wheel clicks (positive: up), three lines each."""
        line = get_font("text", self.px(19 * self.scale_text)).get_linesize()
        self.scroll_by(-clicks * 3 * line)

    def scroll_to(self, pixels: float) -> None:
        self.target = max(0.0, min(self.max_scroll, pixels))

    def handle_key(self, key: int, mod: int = 0) -> bool:
        line = get_font("text", self.px(19 * self.scale_text)).get_linesize()
        page = max(line, self.rect.h - 2 * line)
        # Up/Down scroll while there is more to see that way; at the end they move on.
        if key == pygame.K_UP:
            if self.target <= 0:
                return False
            self.scroll_by(-2 * line)
        elif key == pygame.K_DOWN:
            if self.target >= self.max_scroll:
                return False
            self.scroll_by(2 * line)
        elif key == pygame.K_PAGEUP:
            self.scroll_by(-page)
        elif key == pygame.K_PAGEDOWN:
            self.scroll_by(page)
        elif key == pygame.K_HOME:
            self.scroll_to(0)
        elif key == pygame.K_END:
            self.scroll_to(self.max_scroll)
        else:
            return False
        return True

    def thumb(self) -> pygame.Rect | None:
        if self.max_scroll <= 0:
            return None
        track = self.scroll_track()
        h = max(self.px(30), round(track.h * self.rect.h / max(1, self.content_height)))
        y = track.y + round((track.h - h) * self.scroll / self.max_scroll)
        return pygame.Rect(track.x, y, track.w, h)

    def scroll_track(self) -> pygame.Rect:
        w = self.px(6)
        return pygame.Rect(
            self.rect.right - w - self.px(2), self.rect.y + self.px(4), w, self.rect.h - self.px(8)
        )

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            if self.contains(pygame.mouse.get_pos()) or self.focused:
                self.wheel(event.y)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            thumb = self.thumb()
            if thumb is not None and thumb.inflate(self.px(12), 0).collidepoint(event.pos):
                self.dragging = event.pos[1] - thumb.y
                return True
            track = self.scroll_track().inflate(self.px(12), 0)
            if thumb is not None and track.collidepoint(event.pos):
                self.scroll_by(self.rect.h * (1 if event.pos[1] > thumb.centery else -1))
                return True
            return self.contains(event.pos)
        if event.type == pygame.MOUSEMOTION and self.dragging is not None:
            thumb = self.thumb()
            if thumb is not None:
                track = self.scroll_track()
                free = max(1, track.h - thumb.h)
                t = (event.pos[1] - self.dragging - track.y) / free
                self.scroll_to(t * self.max_scroll)
                self.scroll = self.target
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging is not None:
            self.dragging = None
            return True
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        before = self.scroll
        self.scroll = approach(self.scroll, self.target, dt, 16.0)
        if abs(self.scroll - self.target) < 0.5:
            self.scroll = self.target
        self.eased |= self.scroll != before

    def easing(self) -> bool:
        return super().easing() or self.scroll != self.target

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.w < 8 or self.rect.h < 8:
            return
        st = self.style
        top = round(self.scroll)
        key = (top, self._layout_key)
        if self._view is None or self._view[0] != key:
            # A cache of the text as it stands: redrawn only when it scrolls or changes.
            self._view = (key, self._render_view(top))
        surface.blit(self._view[1], self.rect)
        thumb = self.thumb()
        if thumb is not None:
            track = self.scroll_track()
            surface.blit(rounded_box(track.size, track.w // 2, st.track), track)
            colour = (
                st.accent
                if (self.dragging is not None or self.glow > 0.5)
                else (mix(st.accent_dark, st.accent, 0.6))
            )
            surface.blit(rounded_box(thumb.size, thumb.w // 2, colour, None, 0, 0.8), thumb)

    def _render_view(self, top: int) -> pygame.Surface:
        """The visible text, scrolled ``top`` px, faded at the edges it scrolls past."""
        st = self.style
        view = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        for line in self.lines:
            y = line.y - top
            if y > self.rect.h or y + line.size * 4 < 0:
                continue
            if line.initial:
                self._draw_initial(view, line, y)
            draw_text(
                view, line.text, (line.x, y), role=line.role, size=line.size, colour=line.colour
            )
            if line.kind == "heading":
                rule_y = y + get_font(line.role, line.size).get_linesize() + self.px(1)
                pygame.draw.line(
                    view,
                    st.accent_dark,
                    (0, rule_y),
                    (min(self.text_width, self.px(180)), rule_y),
                    max(1, self.px(1)),
                )
        # Fade the text out at the edges it scrolls past.
        fade = self.px(28)
        if top > 1:
            view.blit(_fade_mask(self.rect.w, fade, True), (0, 0), None, pygame.BLEND_RGBA_MULT)
        if top < self.max_scroll - 1:
            view.blit(
                _fade_mask(self.rect.w, fade, False),
                (0, self.rect.h - fade),
                None,
                pygame.BLEND_RGBA_MULT,
            )
        return view

    def _draw_initial(self, view: pygame.Surface, line: _Line, y: int) -> None:
        """The initial of a lead paragraph, three lines tall, in gold: a decorated letter
        where the Initials face has one, else a capital in a small illuminated square."""
        st = self.style
        f = get_font(line.role, line.size)
        size = f.get_linesize() * 3 - round(f.get_linesize() * 0.18)
        box = pygame.Rect(0, y + round(f.get_linesize() * 0.12), size, size)
        if has_initial(line.initial):
            initial = text_surface(line.initial, "initials", size, st.accent)
            # The Initials face draws its letter in a square of about its size.
            if initial.get_height() != size:
                w = round(initial.get_width() * size / max(1, initial.get_height()))
                initial = pygame.transform.smoothscale(initial, (w, size))
            view.blit(initial, initial.get_rect(center=box.center))
            return
        square = box.inflate(-self.px(4), -self.px(4))
        view.blit(
            rounded_box(
                square.size,
                self.px(3),
                mix(st.primary, st.panel_deep, 0.35),
                st.accent,
                max(1, self.px(1.2)),
                0.7,
                mix(st.accent_dark, st.primary, 0.3),
            ),
            square,
        )
        letter = get_font("caps", square.h * 0.8)
        draw_text(
            view,
            line.initial,
            (square.centerx, square.centery + letter.get_descent() // 3),
            role="caps",
            size=square.h * 0.8,
            colour=st.accent_light,
            anchor="center",
        )


@lru_cache(maxsize=64)
def has_initial(letter: str) -> bool:
    """Whether the decorated Initials face has ``letter`` (it has only some capitals)."""
    f = get_font("initials", 40)
    return f.metrics(letter) != f.metrics("\ue000")


@lru_cache(maxsize=32)
def _fade_mask(width: int, height: int, top: bool) -> pygame.Surface:
    """An alpha ramp (white, transparent at the outer edge) to fade text at an edge."""
    small = pygame.Surface((1, 16), pygame.SRCALPHA)
    for i in range(16):
        t = i / 15 if top else 1 - i / 15
        small.set_at((0, i), (255, 255, 255, round(255 * t)))
    return pygame.transform.smoothscale(small, (max(1, width), max(1, height)))
