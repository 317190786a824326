"""Rows: a label on the left, a value on the right (:class:`Choice`, :class:`Toggle`,
:class:`Slider`), and the :class:`Segmented` row of options."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.i18n import N_, _, percent
from game.ui.widgets.drawing import rounded_box
from game.ui.widgets.style import DEFAULT_STYLE, Colour, Style, approach, mix
from game.ui.widgets.text import draw_text, fit_size, fit_text, get_font, text_width, wrap_words
from game.ui.widgets.widget import Widget


class Row(Widget):
    """A row with a label on the left and a value on the right (choices, toggles, sliders).

    The base of every such row: it keeps the label, the value's words (``fmt``), the
    text size and the ``on_change`` callback, draws the background, the focus light and
    the label, and leaves the value to :meth:`draw_value` in :meth:`value_area`.
    """

    def __init__(
        self,
        label: str,
        on_change: Callable[[Any], Any] | None,
        *,
        fmt: Callable[[Any], str],
        help: str,
        enabled: bool,
        size: float,
        style: Style,
    ) -> None:
        super().__init__(help=help, enabled=enabled, style=style)
        self.label = label
        self.on_change = on_change
        self.fmt = fmt
        self.size = size

    @property
    def name(self) -> str:
        return self.label

    def value_area(self) -> pygame.Rect:
        w = min(self.rect.w * 0.56, self.px(260))
        return pygame.Rect(self.rect.right - w - self.px(8), self.rect.y, w, self.rect.h)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        self.draw_row(surface)
        self.draw_value(surface, self.value_area())

    def draw_value(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Draw the value in ``area`` (the right part of the row)."""

    def draw_row(self, surface: pygame.Surface) -> None:
        """The row's background, focus highlight and label."""
        st = self.style
        rect = self.rect
        if self.glow > 0.01:
            box = rounded_box(
                rect.size,
                self.px(7),
                mix(st.panel, st.button_hover, 0.6),
                st.accent,
                max(1, self.px(1)),
                0.85,
                None,
                255,
            )
            box.set_alpha(round(200 * self.glow))
            surface.blit(box, rect)
            box.set_alpha(None)
        colour = st.text if self.enabled else st.text_disabled
        size, lines = self.label_lines()
        label_w = self.label_width()
        lh = get_font("text", size).get_linesize()
        if len(lines) > 2 or len(lines) * lh > rect.h:  # no room for two: on one, cut
            lines = [self.label]
        y = rect.centery - (len(lines) - 1) * lh / 2
        for line in lines:
            draw_text(
                surface,
                fit_text(line, "text", size, label_w),
                (rect.x + self.px(12), round(y)),
                role="text",
                size=size,
                colour=colour,
                anchor="midleft",
            )
            y += lh

    def label_width(self) -> int:
        """The px the label has: the row less its value and their margins."""
        return self.rect.w - self.value_area().w - self.px(24)

    def label_lines(self) -> tuple[float, list[str]]:
        """The label's size and lines: one line, set up to 15% smaller where it is long;
        longer still (a longer language), two lines at that smallest size (drawn so where
        the row is tall enough: ``label_height``)."""
        width = self.label_width()
        full = self.px(self.size)
        size = fit_size(self.label, "text", full, width, full * 0.85)
        if text_width(self.label, "text", size) <= width:
            return size, [self.label]
        return size, wrap_words(self.label, get_font("text", size), width)

    def label_height(self) -> int:
        """The px the label's lines take (a row this tall holds them)."""
        size, lines = self.label_lines()
        return len(lines) * get_font("text", size).get_linesize()


class Choice(Row):
    """A labelled value that cycles through ``values``: Left/Right, Enter, or a click
    (a click on the left chevron goes back, elsewhere forward; right-click goes back).

    ``fmt`` words a value; ``help`` explains the row (the focus list shows it).
    """

    def __init__(
        self,
        label: str,
        values: Sequence[Any],
        value: Any,
        on_change: Callable[[Any], Any] | None = None,
        *,
        fmt: Callable[[Any], str] = str,
        help: str = "",
        enabled: bool = True,
        size: float = 18,
        style: Style = DEFAULT_STYLE,
    ) -> None:
        if not values:
            raise ValueError(f"choice {label!r} has no values")
        super().__init__(
            label, on_change, fmt=fmt, help=help, enabled=enabled, size=size, style=style
        )
        self.values = tuple(values)
        self.value = value if value in self.values else self.values[0]

    @property
    def index(self) -> int:
        return self.values.index(self.value)

    def set(self, value: Any, *, notify: bool = True) -> None:
        if value not in self.values or value == self.value:
            return
        self.value = value
        if notify:
            self.sound()
            if self.on_change is not None:
                self.on_change(value)

    def step(self, delta: int) -> bool:
        if not self.enabled or len(self.values) < 2:
            return False
        self.set(self.values[(self.index + delta) % len(self.values)])
        return True

    def activate(self) -> bool:
        return self.step(1)

    def handle_key(self, key: int, mod: int = 0) -> bool:
        if key == pygame.K_LEFT:
            self.step(-1)
            return True
        if key == pygame.K_RIGHT:
            self.step(1)
            return True
        return False

    def _left_chevron(self) -> pygame.Rect:
        area = self.value_area()
        return pygame.Rect(area.x, area.y, self.px(28), area.h)

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and self.contains(event.pos) and self.enabled:
            if event.button == 3 or (
                event.button == 1 and self._left_chevron().collidepoint(event.pos)
            ):
                self.step(-1)
                return True
            if event.button == 1:
                self.step(1)
                return True
        return False

    def draw_value(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        st = self.style
        size = self.px(self.size)
        colour = st.accent_light if self.enabled else st.text_disabled
        text = fit_text(self.fmt(self.value), "bold", size, area.w - self.px(56))
        draw_text(
            surface, text, area.center, role="bold", size=size, colour=colour, anchor="center"
        )
        if self.enabled and len(self.values) > 1:
            chevron = mix(st.accent_dark, st.accent_light, 0.4 + 0.6 * self.glow)
            for side in (-1, 1):
                x = area.x + self.px(12) if side < 0 else area.right - self.px(12)
                _chevron(surface, (x, area.centery), self.px(5), side, chevron, self.scale)


def _chevron(
    surface: pygame.Surface,
    centre: tuple[float, float],
    size: float,
    direction: int,
    colour: Colour,
    scale: float,
) -> None:
    x, y = centre
    points = [
        (x - direction * size * 0.5, y - size),
        (x + direction * size * 0.5, y),
        (x - direction * size * 0.5, y + size),
    ]
    pygame.draw.lines(surface, colour, False, points, max(1, round(2 * scale)))
    pygame.draw.aalines(surface, colour, False, points)


class Toggle(Choice):
    """On or off, drawn as a small gilded switch."""

    def __init__(
        self,
        label: str,
        value: bool,
        on_change: Callable[[bool], Any] | None = None,
        *,
        help: str = "",
        enabled: bool = True,
        size: float = 18,
        words: tuple[str, str] = (N_("Off"), N_("On")),  # shown through the catalogue
        style: Style = DEFAULT_STYLE,
    ) -> None:
        super().__init__(
            label,
            (False, True),
            bool(value),
            on_change,
            fmt=lambda v: _(words[1]) if v else _(words[0]),
            help=help,
            enabled=enabled,
            size=size,
            style=style,
        )
        self.knob = 1.0 if value else 0.0  # eased position of the switch's knob

    def value_area(self) -> pygame.Rect:
        """The switch and its word (drawn from the right), no wider than they need, so
        the label has the rest of the row."""
        font = get_font("bold", self.px(self.size))
        word = max(font.size(self.fmt(v))[0] for v in self.values)
        w = min(self.rect.w * 0.56, self.px(54 + 8 + 12 + 8) + word)
        return pygame.Rect(self.rect.right - w - self.px(8), self.rect.y, w, self.rect.h)

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button in (1, 3)
            and self.contains(event.pos)
            and self.enabled
        ):
            self.step(1)
            return True
        return False

    def handle_key(self, key: int, mod: int = 0) -> bool:
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.set(key == pygame.K_RIGHT)
            return True
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        before, target = self.knob, 1.0 if self.value else 0.0
        self.knob = approach(self.knob, target, dt, 16.0)
        if abs(self.knob - target) < 0.004:
            self.knob = target
        self.eased |= self.knob != before

    def easing(self) -> bool:
        return super().easing() or self.knob != (1.0 if self.value else 0.0)

    def draw_value(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        st = self.style
        w, h = self.px(54), self.px(26)
        track = pygame.Rect(0, 0, w, h)
        track.midright = (area.right - self.px(8), area.centery)
        on = self.knob
        fill = mix(st.track, mix(st.primary, st.accent_dark, 0.3), on)
        box = rounded_box(
            track.size,
            h // 2,
            fill,
            mix(st.accent_dark, st.accent, on),
            max(1, self.px(1.4)),
            1.25,
        )
        surface.blit(box, track)
        r = h // 2 - self.px(3)
        cx = track.x + h // 2 + (w - h) * on
        knob_colour = mix(st.text_dim, st.accent_light, on)
        pygame.draw.circle(surface, (0, 0, 0), (cx, track.centery + self.px(1.5)), r)
        pygame.draw.circle(surface, mix(knob_colour, (0, 0, 0), 0.25), (cx, track.centery), r)
        pygame.draw.circle(surface, knob_colour, (cx, track.centery - r * 0.15), r * 0.8)
        pygame.draw.aacircle(
            surface, mix(knob_colour, (0, 0, 0), 0.4), (cx, track.centery), r, max(1, r // 8)
        )
        size = self.px(self.size)
        colour = st.accent_light if self.value else st.text_dim
        if not self.enabled:
            colour = st.text_disabled
        draw_text(
            surface,
            self.fmt(self.value),
            (track.x - self.px(12), area.centery),
            role="bold",
            size=size,
            colour=colour,
            anchor="midright",
        )


class Segmented(Widget):
    """A row of joined pills, one per value; disabled values are drawn faded, skipped by
    Left/Right and refused on click, and their ``notes`` show as help on hover."""

    def __init__(
        self,
        values: Sequence[Any],
        value: Any,
        on_change: Callable[[Any], Any] | None = None,
        *,
        fmt: Callable[[Any], str] = str,
        allowed: Callable[[Any], bool] = lambda v: True,
        note: str = "",
        label: str = "",
        help: str = "",
        size: float = 15,
        style: Style = DEFAULT_STYLE,
    ) -> None:
        super().__init__(help=help, style=style)
        self.values = tuple(values)
        self.value = value if value in self.values else self.values[0]
        self.on_change = on_change
        self.fmt = fmt
        self.allowed = allowed
        self.note = note
        self.label = label
        self.size = size
        self.hover_index: int | None = None
        self.base_help = help

    @property
    def name(self) -> str:
        return self.label or "/".join(self.fmt(v) for v in self.values)

    def tracks(self) -> list[pygame.Rect]:
        """The rounded tracks the pills sit in: one, the whole row (a subclass may set
        its pills on more than one)."""
        return [self.rect]

    def segments(self) -> list[pygame.Rect]:
        n = len(self.values)
        out = []
        for i in range(n):
            x0 = self.rect.x + round(self.rect.w * i / n)
            x1 = self.rect.x + round(self.rect.w * (i + 1) / n)
            out.append(pygame.Rect(x0, self.rect.y, x1 - x0, self.rect.h))
        return out

    def set(self, value: Any) -> bool:
        if value not in self.values or not self.allowed(value):
            return False
        if value != self.value:
            self.value = value
            self.sound()
            if self.on_change is not None:
                self.on_change(value)
        return True

    def step(self, delta: int) -> bool:
        i = self.values.index(self.value)
        for _turn in range(len(self.values)):
            i = (i + delta) % len(self.values)
            if self.allowed(self.values[i]):
                return self.set(self.values[i])
        return False

    def handle_key(self, key: int, mod: int = 0) -> bool:
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step(-1 if key == pygame.K_LEFT else 1)
            return True
        return False

    def activate(self) -> bool:
        return self.step(1)

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover_index = None
            if self.contains(event.pos):
                for i, seg in enumerate(self.segments()):
                    if seg.collidepoint(event.pos):
                        self.hover_index = i
            value = None if self.hover_index is None else self.values[self.hover_index]
            self.help = (
                self.note if value is not None and not self.allowed(value) else (self.base_help)
            )
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.contains(event.pos):
            for value, seg in zip(self.values, self.segments(), strict=True):
                if seg.collidepoint(event.pos):
                    self.set(value)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.w < 8:
            return
        st = self.style
        for track in self.tracks():
            surface.blit(
                rounded_box(
                    track.size,
                    track.h // 2,
                    st.track,
                    mix(st.accent_dark, st.accent, 0.3 + 0.7 * self.glow),
                    max(1, self.px(1.2)),
                    1.3,
                ),
                track,
            )
        size = max(11, self.px(self.size))  # never too small to read
        for i, (value, seg) in enumerate(zip(self.values, self.segments(), strict=True)):
            ok = self.allowed(value)
            chosen = value == self.value
            if chosen:
                pill = seg.inflate(-self.px(4), -self.px(4))
                surface.blit(
                    rounded_box(
                        pill.size,
                        pill.h // 2,
                        mix(st.primary, st.accent_dark, 0.25),
                        st.accent,
                        max(1, self.px(1)),
                        0.75,
                    ),
                    pill,
                )
            elif ok and self.hover_index == i:
                pill = seg.inflate(-self.px(4), -self.px(4))
                surface.blit(rounded_box(pill.size, pill.h // 2, st.button_hover), pill)
            if chosen:
                colour = st.accent_light
            elif ok:
                colour = st.text_dim
            else:
                colour = mix(st.text_disabled, st.track, 0.3)
            role = "bold" if chosen else "text"
            text = fit_text(self.fmt(value), role, size, seg.w - self.px(4))
            draw_text(
                surface, text, seg.center, role=role, size=size, colour=colour, anchor="center"
            )


class Slider(Row):
    """A value from 0 to 1 in ``step`` steps: drag, click, Left/Right, Home/End."""

    def __init__(
        self,
        label: str,
        value: float,
        on_change: Callable[[float], Any] | None = None,
        *,
        step: float = 0.05,
        fmt: Callable[[float], str] = percent,  # the locale's way: 70%, %70
        help: str = "",
        enabled: bool = True,
        size: float = 18,
        style: Style = DEFAULT_STYLE,
    ) -> None:
        super().__init__(
            label, on_change, fmt=fmt, help=help, enabled=enabled, size=size, style=style
        )
        self.step_size = step
        self.value = self.snap(value)
        self.dragging = False

    def snap(self, value: float) -> float:
        value = max(0.0, min(1.0, float(value)))
        return round(round(value / self.step_size) * self.step_size, 6)

    def set(self, value: float) -> None:
        value = self.snap(value)
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def track(self) -> pygame.Rect:
        area = self.value_area()
        return pygame.Rect(
            area.x + self.px(14), self.rect.centery - self.px(3), area.w - self.px(70), self.px(6)
        )

    def handle_key(self, key: int, mod: int = 0) -> bool:
        if not self.enabled:
            return False
        moves = {pygame.K_LEFT: -self.step_size, pygame.K_RIGHT: self.step_size}
        if key in moves:
            before = self.value
            self.set(self.value + moves[key])
            if self.value != before:
                self.sound()
            return True
        if key in (pygame.K_HOME, pygame.K_END):
            self.set(0.0 if key == pygame.K_HOME else 1.0)
            return True
        return False

    def _value_at(self, x: int) -> float:
        t = self.track()
        return (x - t.x) / max(1, t.w)

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.contains(event.pos):
            hit = self.track().inflate(self.px(24), self.rect.h)
            if hit.collidepoint(event.pos):
                self.dragging = True
                self.set(self._value_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self.set(self._value_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            self.sound()
            return True
        return False

    def draw_value(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        st = self.style
        t = self.track()
        surface.blit(
            rounded_box(
                t.inflate(self.px(2), self.px(2)).size, t.h, st.track, st.accent_dark, 1, 1.2
            ),
            t.inflate(self.px(2), self.px(2)),
        )
        filled = t.copy()
        filled.w = max(t.h, round(t.w * self.value))
        if self.value > 0:
            surface.blit(rounded_box(filled.size, t.h // 2, st.accent_light, None, 0, 0.6), filled)
        cx = t.x + t.w * self.value
        r = self.px(9 + 1.5 * self.glow)
        pygame.draw.circle(surface, (0, 0, 0), (cx, t.centery + self.px(2)), r)
        pygame.draw.circle(surface, st.accent_dark, (cx, t.centery), r)
        pygame.draw.circle(surface, st.accent, (cx, t.centery - r * 0.12), r * 0.82)
        pygame.draw.circle(surface, st.accent_light, (cx - r * 0.25, t.centery - r * 0.35), r * 0.3)
        pygame.draw.aacircle(surface, st.accent_dark, (cx, t.centery), r, max(1, r // 8))
        colour = st.accent_light if self.enabled else st.text_disabled
        draw_text(
            surface,
            self.fmt(self.value),
            (self.rect.right - self.px(14), t.centery),
            role="bold",
            size=self.px(self.size),
            colour=colour,
            anchor="midright",
        )
