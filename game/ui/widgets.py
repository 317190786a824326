"""The menus' widgets: buttons, choices, toggles, sliders, text blocks and panels.

Every size derives from a scale (1.0 at 1280x800, see :func:`ui_scale`): a
scene lays its widgets out with ``widget.place(rect, scale)`` whenever the
window changes, and each widget draws itself to fit its rectangle. Expensive
pieces (rounded, gilded boxes drawn supersampled; blurred shadows; rendered
text) are cached per size, so a frame costs a few blits.

Keyboard and mouse go through a :class:`FocusList`: arrows and Tab move the
focus, Enter or Space activates, Left/Right change a choice or a slider, the
mouse hovers (which moves the focus too) and clicks. It plays the ``click``
sound through the callable it is given whenever a widget acts.

:class:`WidgetScene` is the base of the menu scenes: it keeps a focus list,
lays out on enter and on resize, sends Esc to :meth:`WidgetScene.back`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame

from game.ui import assets
from game.ui.scenes.base import Scene

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.theme import Theme

Colour = tuple[int, int, int]
MIN_TEXT = 10  # px: the smallest text drawn
SUPERSAMPLE = 3  # rounded boxes are drawn this many times larger, then smoothed down

# -- style ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Style:
    """The menus' colours: dark lacquered wood, ivory text, a gold accent."""

    text: Colour = (240, 230, 208)
    text_dim: Colour = (172, 160, 140)
    text_disabled: Colour = (112, 104, 94)
    accent: Colour = (224, 182, 92)
    accent_light: Colour = (255, 232, 168)
    accent_dark: Colour = (120, 86, 36)
    panel: Colour = (38, 30, 26)
    panel_deep: Colour = (22, 17, 15)
    button: Colour = (70, 44, 34)
    button_hover: Colour = (96, 60, 42)
    primary: Colour = (118, 30, 32)
    primary_hover: Colour = (150, 42, 40)
    disabled: Colour = (44, 38, 35)
    track: Colour = (18, 14, 12)
    shadow_alpha: int = 150

    @classmethod
    def from_theme(cls, theme: Theme) -> Style:
        """The default style with the theme's text and gold."""
        return replace(
            cls(),
            text=theme.text,
            text_dim=theme.text_dim,
            accent=theme.accent,
            accent_light=_mix(theme.accent, (255, 255, 255), 0.45),
            accent_dark=_mix(theme.accent, (0, 0, 0), 0.45),
        )


DEFAULT_STYLE = Style()


def ui_scale(size: tuple[int, int]) -> float:
    """How big to draw menus in a window of ``size``: 1.0 at 1280x800 (as ``App.scale``)."""
    width, height = size
    return max(0.5, min(width / 1280, height / 800))


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    t = max(0.0, min(1.0, t))
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _approach(value: float, target: float, dt: float, rate: float = 12.0) -> float:
    """Move ``value`` towards ``target`` exponentially (frame-rate independent)."""
    return target + (value - target) * math.exp(-rate * dt)


# -- text ------------------------------------------------------------------------------------


def get_font(role: str, size: float) -> pygame.font.Font:
    """The shipped font at ``size`` px (survives a ``pygame.quit()`` between app runs).

    Never smaller than ``MIN_TEXT`` px: small windows stay readable."""
    px = max(MIN_TEXT, round(size))
    f = assets.font(role, px)
    try:
        f.get_height()
        f.size("x")
    except pygame.error:
        assets.font.cache_clear()  # pygame was restarted: the cached fonts died with it
        f = assets.font(role, px)
    return f


@lru_cache(maxsize=4096)
def text_surface(text: str, role: str, size: int, colour: Colour) -> pygame.Surface:
    """``text`` rendered antialiased (cached)."""
    return get_font(role, size).render(text, True, colour)


def text_width(text: str, role: str, size: float) -> int:
    return get_font(role, size).size(text)[0]


@lru_cache(maxsize=256)
def has_glyph(role: str, char: str) -> bool:
    """Whether the ``role`` font draws ``char`` (the bold face lacks some punctuation)."""
    f = get_font(role, 40)
    return f.metrics(char) != f.metrics("\ue000")


def fit_text(text: str, role: str, size: float, width: int) -> str:
    """``text``, cut with an ellipsis if it is wider than ``width`` px."""
    f = get_font(role, size)
    if f.size(text)[0] <= width:
        return text
    dots = "…" if has_glyph(role, "…") else "..."
    while text and f.size(text + dots)[0] > width:
        text = text[:-1]
    return text.rstrip(" ,;:.") + dots


def typeset(text: str, role: str = "text") -> str:
    """Curly quotes and apostrophes for straight ones, where the font has them."""
    if ("'" not in text and '"' not in text) or not has_glyph(role, "“"):
        return text
    out = []
    for i, ch in enumerate(text):
        opening = i == 0 or text[i - 1].isspace() or text[i - 1] in "([{—-"
        if ch == '"':
            out.append("“" if opening else "”")
        elif ch == "'":
            out.append("‘" if opening else "’")
        else:
            out.append(ch)
    return "".join(out)


def draw_text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[float, float],
    *,
    role: str = "text",
    size: float = 18,
    colour: Colour = DEFAULT_STYLE.text,
    anchor: str = "topleft",
    shadow: int = 0,
    alpha: int = 255,
) -> pygame.Rect:
    """Draw ``text`` with its ``anchor`` (a Rect attribute) at ``pos``; a soft drop shadow
    ``shadow`` px below when asked. Returns the rectangle drawn."""
    if not text:
        return pygame.Rect(round(pos[0]), round(pos[1]), 0, 0)
    px = max(MIN_TEXT, round(size))
    image = text_surface(text, role, px, colour)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        dark = text_surface(text, role, px, (0, 0, 0))
        dark.set_alpha(min(alpha, 150))
        surface.blit(dark, rect.move(max(1, shadow // 2), shadow))
        dark.set_alpha(255)  # not None: that would drop the per-pixel alpha
    if alpha < 255:
        image.set_alpha(alpha)
        surface.blit(image, rect)
        image.set_alpha(255)  # (a cached surface)
    else:
        surface.blit(image, rect)
    return rect


def wrap_words(text: str, f: pygame.font.Font, width: int) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` px (a long word stands alone)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if not line or f.size(trial)[0] <= width:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


# -- boxes, shadows, ornaments -----------------------------------------------------------


@lru_cache(maxsize=512)
def rounded_box(
    size: tuple[int, int],
    radius: int,
    fill: Colour,
    border: Colour | None = None,
    border_width: int = 0,
    shade: float = 0.72,
    inner: Colour | None = None,
    fill_alpha: int = 255,
) -> pygame.Surface:
    """A rounded box, antialiased by supersampling, lit from above.

    ``fill`` is its colour at the top; it darkens to ``shade`` of that at the
    bottom, and so does the ``border`` (a gilded edge when gold). ``inner``
    draws a fine second line just inside the border, as on a bound book.
    """
    w, h = max(1, size[0]), max(1, size[1])
    k = SUPERSAMPLE if w * h < 1_500_000 else 2
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    edge = border if border is not None and border_width > 0 else fill
    big.fill((*edge, 0))
    r = max(0, radius * k)
    rect = big.get_rect()
    bw = border_width * k if border is not None else 0
    if bw:
        pygame.draw.rect(big, (*edge, 255), rect, border_radius=r)
        body = rect.inflate(-2 * bw, -2 * bw)
        pygame.draw.rect(big, (*fill, fill_alpha), body, border_radius=max(0, r - bw))
    else:
        pygame.draw.rect(big, (*fill, fill_alpha), rect, border_radius=r)
    if inner is not None:
        gap = max(2 * k, bw + 2 * k)
        line = rect.inflate(-2 * gap, -2 * gap)
        pygame.draw.rect(big, (*inner, 255), line, max(1, k), border_radius=max(0, r - gap))
    if shade != 1.0:
        # Light from above: multiply the colours by a vertical ramp (alpha untouched).
        # shade < 1 darkens towards the bottom (raised); > 1 darkens the top (inset).
        top, bottom = (1.0, shade) if shade < 1.0 else (1.0 / shade, 1.0)
        ramp = pygame.Surface((2, 16))
        for i in range(16):
            v = round(255 * (top + (bottom - top) * i / 15))
            ramp.fill((v, v, v), (0, i, 2, 1))
        big.blit(
            pygame.transform.smoothscale(ramp, big.get_size()),
            (0, 0),
            None,
            pygame.BLEND_RGB_MULT,
        )
    return pygame.transform.smoothscale(big, (w, h))


@lru_cache(maxsize=256)
def soft_shadow(size: tuple[int, int], radius: int, blur: int, alpha: int = 150) -> pygame.Surface:
    """A blurred dark rounded rectangle, ``blur`` px bigger than ``size`` on every side
    (blit it at ``rect.topleft - blur``, offset down for light from above)."""
    w, h = max(1, size[0]), max(1, size[1])
    blur = max(1, blur)
    k = max(1, blur // 4)  # blur a smaller copy: fast at any size, the same look
    sw, sh = (w + 2 * blur) // k + 1, (h + 2 * blur) // k + 1
    small = pygame.Surface((sw, sh), pygame.SRCALPHA)
    small.fill((0, 0, 0, 0))
    pygame.draw.rect(
        small,
        (0, 0, 0, alpha),
        (blur // k, blur // k, max(1, w // k), max(1, h // k)),
        border_radius=max(0, radius // k),
    )
    small = pygame.transform.gaussian_blur(small, max(1, blur // (2 * k)))
    return pygame.transform.smoothscale(small, (w + 2 * blur, h + 2 * blur))


def draw_shadow(
    surface: pygame.Surface,
    rect: pygame.Rect,
    scale: float,
    *,
    radius: float = 10,
    blur: float = 14,
    drop: float = 5,
    alpha: int = 150,
) -> None:
    """A soft shadow under ``rect`` (light from above)."""
    b = max(2, round(blur * scale))
    image = soft_shadow(rect.size, round(radius * scale), b, alpha)
    surface.blit(image, (rect.x - b, rect.y - b + round(drop * scale)))


@lru_cache(maxsize=256)
def glow_sprite(radius: int, colour: Colour, strength: int = 255) -> pygame.Surface:
    """A soft round glow (for additive blending): bright centre, fading out smoothly."""
    radius = max(2, radius)
    r = min(radius, 48)  # drawn at most this big, then smoothed up
    sprite = pygame.Surface((2 * r, 2 * r))
    sprite.fill((0, 0, 0))
    for i in range(r, 0, -1):
        t = i / r
        a = strength / 255 * (1 - t) ** 2.2
        pygame.draw.circle(sprite, _mix((0, 0, 0), colour, a), (r, r), i)
    if r != radius:
        sprite = pygame.transform.smoothscale(sprite, (2 * radius, 2 * radius))
    return sprite


def draw_glow(
    surface: pygame.Surface,
    centre: tuple[float, float],
    radius: float,
    colour: Colour,
    strength: float = 1.0,
) -> None:
    """Add a soft glow of ``colour`` around ``centre`` (additive: it lightens)."""
    r = max(2, round(radius))
    image = glow_sprite(r, colour, max(0, min(255, round(255 * strength))))
    surface.blit(image, (round(centre[0]) - r, round(centre[1]) - r), None, pygame.BLEND_RGB_ADD)


def draw_rule(
    surface: pygame.Surface,
    centre: tuple[float, float],
    width: float,
    scale: float,
    colour: Colour,
    *,
    diamond: bool = True,
) -> None:
    """A gold rule fading out at both ends, with a small diamond in the middle."""
    cx, cy = centre
    half = max(4, round(width / 2))
    thick = max(1, round(1.2 * scale))
    strip = _rule_strip(half * 2, thick, colour)
    surface.blit(strip, (round(cx) - half, round(cy - thick / 2)))
    if diamond:
        d = max(3, 5 * scale)
        points = [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)]
        pygame.draw.polygon(surface, colour, points)
        pygame.draw.aalines(surface, colour, True, points)
        gap = d * 2.2
        for side in (-1, 1):
            x = cx + side * gap
            pygame.draw.circle(surface, colour, (x, cy), max(1.5, 1.6 * scale))


@lru_cache(maxsize=64)
def _rule_strip(width: int, thick: int, colour: Colour) -> pygame.Surface:
    small = pygame.Surface((32, 1), pygame.SRCALPHA)
    for x in range(32):
        t = abs(x - 15.5) / 15.5
        small.set_at((x, 0), (*colour, round(255 * (1 - t**2.2))))
    return pygame.transform.smoothscale(small, (max(2, width), max(1, thick)))


def dim(surface: pygame.Surface, alpha: int, colour: Colour = (0, 0, 0)) -> None:
    """Darken the whole surface (an overlay's veil)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((*colour, max(0, min(255, alpha))))
    surface.blit(veil, (0, 0))


# -- the widgets --------------------------------------------------------------------------


class Widget:
    """Something in a focus list: a rectangle that draws itself and takes input.

    ``place`` gives it a rectangle and a scale; ``handle_key`` gets the keys
    when it has the focus (True: used); ``handle_mouse`` gets mouse events;
    ``update`` eases its hover glow. ``help`` is shown by scenes when it has
    the focus.
    """

    focusable = True

    def __init__(self, *, help: str = "", enabled: bool = True, style: Style = DEFAULT_STYLE):
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.style = style
        self.help = help
        self.enabled = enabled
        self.visible = True
        self.hovered = False
        self.focused = False
        self.pressed = False
        self.glow = 0.0  # 0..1: eased towards 1 while hovered or focused
        self.sound: Callable[[], None] = lambda: None  # set by the focus list

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"

    @property
    def name(self) -> str:
        return ""

    @property
    def can_focus(self) -> bool:
        return self.focusable and self.enabled and self.visible

    def place(self, rect: pygame.Rect | tuple[int, int, int, int], scale: float) -> None:
        self.rect = pygame.Rect(rect)
        self.scale = scale

    def px(self, design: float) -> int:
        """A design size (at 1280x800) in pixels."""
        return max(1, round(design * self.scale))

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.visible and self.rect.collidepoint(pos)

    def activate(self) -> bool:
        """Enter or Space on the focused widget; True when something happened."""
        return False

    def handle_key(self, key: int, mod: int = 0) -> bool:
        return False

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        lit = (self.hovered or self.focused) and self.enabled
        target = 1.0 if lit else 0.0
        self.glow = _approach(self.glow, target, dt, 14.0)
        if abs(self.glow - target) < 0.005:
            self.glow = target  # settled: its cached pictures stop changing

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the widget in its rectangle (never changes state)."""


class Label(Widget):
    """Text that takes no focus (headings inside a layout)."""

    focusable = False

    def __init__(
        self,
        text: str,
        *,
        role: str = "caps",
        size: float = 18,
        colour: Colour | None = None,
        anchor: str = "midleft",
        style: Style = DEFAULT_STYLE,
    ) -> None:
        super().__init__(style=style)
        self.text = text
        self.role = role
        self.size = size
        self.colour = colour
        self.anchor = anchor

    @property
    def name(self) -> str:
        return self.text

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        pos = getattr(self.rect, self.anchor)
        draw_text(
            surface,
            fit_text(self.text, self.role, self.px(self.size), self.rect.w),
            pos,
            role=self.role,
            size=self.px(self.size),
            anchor=self.anchor,
            colour=self.colour or self.style.accent,
        )


class Button(Widget):
    """A button: lacquered body, gilded edge, label in small capitals.

    ``kind`` is "normal", "primary" (the main action: red lacquer) or "item"
    (an entry of a list that can be ``selected``: left-aligned, with a
    ``detail`` line under the label). A disabled button shows its ``note``.
    ``on_focus`` is called when the keyboard brings the focus to it.
    """

    def __init__(
        self,
        label: str,
        on_click: Callable[[], Any] | None = None,
        *,
        kind: str = "normal",
        note: str = "",
        detail: str = "",
        help: str = "",
        enabled: bool = True,
        size: float = 22,
        on_focus: Callable[[], Any] | None = None,
        style: Style = DEFAULT_STYLE,
    ) -> None:
        super().__init__(help=help or note, enabled=enabled, style=style)
        self.label = label
        self.on_click = on_click
        self.kind = kind
        self.note = note
        self.detail = detail
        self.size = size
        self.on_focus = on_focus
        self.selected = False
        self.clicks = 0  # how many times it was activated (tests, demos)
        self.icon: pygame.Surface | None = None  # an "item"'s picture, drawn on its left
        self.icon_width = 0.0  # design px kept for the picture (0: none)

    @property
    def name(self) -> str:
        return self.label

    def activate(self) -> bool:
        if not self.enabled:
            return False
        self.clicks += 1
        self.sound()
        if self.on_click is not None:
            self.on_click()
        return True

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.contains(event.pos):
            self.pressed = self.enabled
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.contains(event.pos):
                self.activate()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.w < 4 or self.rect.h < 4:
            return
        st = self.style
        rect = self.rect.copy()
        if self.pressed and self.enabled:
            rect.y += self.px(2)
        radius = self.px(9 if self.kind != "item" else 8)
        item = self.kind == "item"
        if not item or self.selected or self.glow > 0.02:
            draw_shadow(
                surface,
                rect,
                self.scale,
                radius=radius,
                blur=10,
                drop=2 if self.pressed else 5,
                alpha=130 if self.enabled else 70,
            )
        if not self.enabled:
            fill, border = st.disabled, _mix(st.accent_dark, st.disabled, 0.5)
        elif self.kind == "primary":
            fill = _mix(st.primary, st.primary_hover, self.glow)
            border = _mix(st.accent, st.accent_light, self.glow)
        elif item:
            base = _mix(st.panel_deep, st.button, 0.5 if self.selected else 0.0)
            fill = _mix(base, st.button_hover, self.glow * 0.7)
            border = st.accent if self.selected else _mix(st.accent_dark, st.accent, self.glow)
        else:
            fill = _mix(st.button, st.button_hover, self.glow)
            border = _mix(st.accent_dark, st.accent_light, 0.35 + 0.65 * self.glow)
        if self.pressed and self.enabled:
            fill = _mix(fill, (0, 0, 0), 0.25)
        bw = max(1, self.px(1.6 if self.enabled else 1))
        inner = _mix(fill, border, 0.45) if self.kind != "item" and self.enabled else None
        box = rounded_box(
            rect.size, radius, _mix(fill, (255, 255, 255), 0.06), border, bw, 0.7, inner
        )
        surface.blit(box, rect)
        if self.focused and self.enabled:
            # A gold halo around the focused button.
            halo = rounded_box(
                rect.inflate(self.px(6), self.px(6)).size,
                radius + self.px(3),
                st.accent,
                st.accent_light,
                max(1, self.px(1.5)),
                1.0,
                None,
                0,
            )
            halo.set_alpha(round(90 + 120 * self.glow))
            surface.blit(halo, rect.inflate(self.px(6), self.px(6)))
            halo.set_alpha(None)
        colour = st.text if self.enabled else st.text_disabled
        if self.kind == "primary" and self.enabled:
            colour = _mix(st.text, st.accent_light, 0.5)
        size = self.px(self.size)
        if item:
            self._draw_item(surface, rect, size, colour)
            return
        cy = rect.centery - self.px(1)
        if self.note and not self.enabled:
            cy -= self.px(7)
        draw_text(
            surface,
            fit_text(self.label, "caps", size, rect.w - self.px(16)),
            (rect.centerx, cy),
            role="caps",
            size=size,
            colour=colour,
            anchor="center",
            shadow=self.px(2),
        )
        if self.note and not self.enabled:
            note_size = size * 0.62
            draw_text(
                surface,
                fit_text(self.note, "italic", note_size, rect.w - self.px(16)),
                (rect.centerx, cy + size * 0.62),
                role="italic",
                size=note_size,
                colour=st.text_disabled,
                anchor="center",
            )

    def _draw_item(
        self, surface: pygame.Surface, rect: pygame.Rect, size: int, colour: Colour
    ) -> None:
        """A list entry: an optional picture on the left, the label (on up to two lines)
        and the detail line; a gold bar marks the selected entry."""
        st = self.style
        pad = self.px(14)
        if self.selected:
            bar = pygame.Rect(
                rect.x + self.px(5), rect.y + self.px(10), self.px(3), rect.h - self.px(20)
            )
            pygame.draw.rect(surface, st.accent, bar, border_radius=self.px(2))
        x = rect.x + pad
        if self.icon_width:
            box = pygame.Rect(x, rect.y, self.px(self.icon_width), rect.h)
            if self.icon is not None:
                icon = self.icon.get_rect(center=box.center)
                draw_shadow(surface, icon, self.scale, radius=3, blur=5, drop=2, alpha=150)
                surface.blit(self.icon, icon)
            x = box.right + self.px(12)
        width = rect.right - pad - x
        f = get_font("bold", size)
        label = wrap_words(self.label, f, width)
        if len(label) > 2:
            label = [label[0], fit_text(" ".join(label[1:]), "bold", size, width)]
        detail_size = size * 0.74
        lh = f.get_linesize()
        dh = get_font("italic", detail_size).get_linesize() if self.detail else 0
        top = rect.centery - (lh * len(label) + dh) // 2 + self.px(1)
        label_colour = st.accent_light if self.selected else colour
        for line in label:
            draw_text(
                surface,
                fit_text(line, "bold", size, width),
                (x, top),
                role="bold",
                size=size,
                colour=label_colour,
                shadow=self.px(2),
            )
            top += lh - self.px(3)
        if self.detail:
            draw_text(
                surface,
                fit_text(self.detail, "italic", detail_size, width),
                (x, top + self.px(1)),
                role="italic",
                size=detail_size,
                colour=st.text_dim if self.enabled else st.text_disabled,
            )


class _Row(Widget):
    """A row with a label on the left and a value on the right (choices, sliders)."""

    label: str
    size: float

    @property
    def name(self) -> str:
        return self.label

    def _value_area(self) -> pygame.Rect:
        w = min(self.rect.w * 0.56, self.px(260))
        return pygame.Rect(self.rect.right - w - self.px(8), self.rect.y, w, self.rect.h)

    def draw_row(self, surface: pygame.Surface) -> None:
        """The row's background, focus highlight and label."""
        st = self.style
        rect = self.rect
        if self.glow > 0.01:
            box = rounded_box(
                rect.size,
                self.px(7),
                _mix(st.panel, st.button_hover, 0.6),
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
        label_w = rect.w - self._value_area().w - self.px(24)
        draw_text(
            surface,
            fit_text(self.label, "text", self.px(self.size), label_w),
            (rect.x + self.px(12), rect.centery),
            role="text",
            size=self.px(self.size),
            colour=colour,
            anchor="midleft",
        )


class Choice(_Row):
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
        super().__init__(help=help, enabled=enabled, style=style)
        if not values:
            raise ValueError(f"choice {label!r} has no values")
        self.label = label
        self.values = tuple(values)
        self.value = value if value in self.values else self.values[0]
        self.on_change = on_change
        self.fmt = fmt
        self.size = size

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
        area = self._value_area()
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

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        st = self.style
        self.draw_row(surface)
        area = self._value_area()
        size = self.px(self.size)
        colour = st.accent_light if self.enabled else st.text_disabled
        text = fit_text(self.fmt(self.value), "bold", size, area.w - self.px(56))
        draw_text(
            surface, text, area.center, role="bold", size=size, colour=colour, anchor="center"
        )
        if self.enabled and len(self.values) > 1:
            chevron = _mix(st.accent_dark, st.accent_light, 0.4 + 0.6 * self.glow)
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
        words: tuple[str, str] = ("Off", "On"),
        style: Style = DEFAULT_STYLE,
    ) -> None:
        super().__init__(
            label,
            (False, True),
            bool(value),
            on_change,
            fmt=lambda v: words[1] if v else words[0],
            help=help,
            enabled=enabled,
            size=size,
            style=style,
        )
        self.knob = 1.0 if value else 0.0  # eased position of the switch's knob

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
        self.knob = _approach(self.knob, 1.0 if self.value else 0.0, dt, 16.0)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        st = self.style
        self.draw_row(surface)
        area = self._value_area()
        w, h = self.px(54), self.px(26)
        track = pygame.Rect(0, 0, w, h)
        track.midright = (area.right - self.px(8), area.centery)
        on = self.knob
        fill = _mix(st.track, _mix(st.primary, st.accent_dark, 0.3), on)
        box = rounded_box(
            track.size,
            h // 2,
            fill,
            _mix(st.accent_dark, st.accent, on),
            max(1, self.px(1.4)),
            1.25,
        )
        surface.blit(box, track)
        r = h // 2 - self.px(3)
        cx = track.x + h // 2 + (w - h) * on
        knob_colour = _mix(st.text_dim, st.accent_light, on)
        pygame.draw.circle(surface, (0, 0, 0), (cx, track.centery + self.px(1.5)), r)
        pygame.draw.circle(surface, _mix(knob_colour, (0, 0, 0), 0.25), (cx, track.centery), r)
        pygame.draw.circle(surface, knob_colour, (cx, track.centery - r * 0.15), r * 0.8)
        pygame.draw.aacircle(
            surface, _mix(knob_colour, (0, 0, 0), 0.4), (cx, track.centery), r, max(1, r // 8)
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
        for _ in range(len(self.values)):
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
        radius = self.rect.h // 2
        surface.blit(
            rounded_box(
                self.rect.size,
                radius,
                st.track,
                _mix(st.accent_dark, st.accent, 0.3 + 0.7 * self.glow),
                max(1, self.px(1.2)),
                1.3,
            ),
            self.rect,
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
                        _mix(st.primary, st.accent_dark, 0.25),
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
                colour = _mix(st.text_disabled, st.track, 0.3)
            role = "bold" if chosen else "text"
            text = fit_text(self.fmt(value), role, size, seg.w - self.px(4))
            draw_text(
                surface, text, seg.center, role=role, size=size, colour=colour, anchor="center"
            )


class Slider(_Row):
    """A value from 0 to 1 in ``step`` steps: drag, click, Left/Right, Home/End."""

    def __init__(
        self,
        label: str,
        value: float,
        on_change: Callable[[float], Any] | None = None,
        *,
        step: float = 0.05,
        fmt: Callable[[float], str] = lambda v: f"{v:.0%}",
        help: str = "",
        enabled: bool = True,
        size: float = 18,
        style: Style = DEFAULT_STYLE,
    ) -> None:
        super().__init__(help=help, enabled=enabled, style=style)
        self.label = label
        self.step_size = step
        self.value = self.snap(value)
        self.on_change = on_change
        self.fmt = fmt
        self.size = size
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
        w = min(self.rect.w * 0.56, self.px(260))
        return pygame.Rect(
            self.rect.right - w - self.px(8) + self.px(14),
            self.rect.centery - self.px(3),
            w - self.px(70),
            self.px(6),
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

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        st = self.style
        self.draw_row(surface)
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
        self.scroll = _approach(self.scroll, self.target, dt, 16.0)
        if abs(self.scroll - self.target) < 0.5:
            self.scroll = self.target

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
                else (_mix(st.accent_dark, st.accent, 0.6))
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
                _mix(st.primary, st.panel_deep, 0.35),
                st.accent,
                max(1, self.px(1.2)),
                0.7,
                _mix(st.accent_dark, st.primary, 0.3),
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


# -- panels -------------------------------------------------------------------------------------


class Panel:
    """A framed panel: a soft shadow, a dark lacquered body and a gilded double edge with
    small corner diamonds. Not focusable; scenes draw it under their widgets."""

    def __init__(self, *, style: Style = DEFAULT_STYLE, alpha: int = 236, ornate: bool = True):
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.style = style
        self.alpha = alpha
        self.ornate = ornate

    def place(self, rect: pygame.Rect | tuple[int, int, int, int], scale: float) -> None:
        self.rect = pygame.Rect(rect)
        self.scale = scale

    def inner(self, pad: float = 24) -> pygame.Rect:
        """The rectangle inside the frame, ``pad`` design px in."""
        p = round(pad * self.scale)
        return self.rect.inflate(-2 * p, -2 * p)

    def draw(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self.rect, self.scale, self.style, alpha=self.alpha, ornate=self.ornate)


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    scale: float,
    style: Style = DEFAULT_STYLE,
    *,
    alpha: int = 236,
    ornate: bool = True,
) -> None:
    """Draw a framed, gilded panel in ``rect`` (see :class:`Panel`)."""
    if rect.w < 8 or rect.h < 8:
        return
    st = style
    radius = max(3, round(14 * scale))
    draw_shadow(surface, rect, scale, radius=radius, blur=26, drop=10, alpha=st.shadow_alpha)
    bw = max(1, round(2 * scale))
    body = rounded_box(
        rect.size,
        radius,
        st.panel,
        st.accent,
        bw,
        0.62,
        _mix(st.accent_dark, st.panel, 0.2) if ornate else None,
        alpha,
    )
    surface.blit(body, rect)
    if ornate:
        d = max(3, 5 * scale)
        inset = max(3, round(6 * scale)) + bw
        for cx, cy in (
            (rect.x + inset, rect.y + inset),
            (rect.right - inset - 1, rect.y + inset),
            (rect.x + inset, rect.bottom - inset - 1),
            (rect.right - inset - 1, rect.bottom - inset - 1),
        ):
            points = [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)]
            pygame.draw.polygon(surface, st.accent, points)
            pygame.draw.aalines(surface, st.accent_light, True, points)


# -- focus -------------------------------------------------------------------------------------


class FocusList:
    """The widgets of a screen in keyboard order, and which one has the focus.

    Tab/Shift+Tab and Up/Down move the focus (Up/Down and Left/Right go to the
    focused widget first: a text block scrolls, a choice cycles); Left/Right move
    it when the widget does not use them (rows of buttons). Enter and Space
    activate. The mouse hovers (moving the focus there) and clicks.
    """

    def __init__(
        self, widgets: Sequence[Widget] = (), *, sound: Callable[[], None] | None = None
    ) -> None:
        self.sound = sound or (lambda: None)
        self.widgets: list[Widget] = []
        self.index = -1
        self.set(widgets)

    def set(self, widgets: Sequence[Widget]) -> None:
        """Use ``widgets`` (keeping the focus on the same widget if it is still there)."""
        previous = self.focused
        self.widgets = list(widgets)
        for widget in self.widgets:
            widget.sound = self.sound
            widget.focused = False
        self.index = -1
        if previous is not None and previous in self.widgets and previous.can_focus:
            self.focus(previous)
        else:
            self.move(1, wrap=True, keyboard=False)

    @property
    def focused(self) -> Widget | None:
        if 0 <= self.index < len(self.widgets):
            return self.widgets[self.index]
        return None

    def focus(self, widget: Widget | None, *, keyboard: bool = False) -> None:
        for w in self.widgets:
            w.focused = False
        if widget is None or widget not in self.widgets:
            self.index = -1
            return
        self.index = self.widgets.index(widget)
        widget.focused = True
        if keyboard and isinstance(widget, Button) and widget.on_focus is not None:
            widget.on_focus()

    def move(self, delta: int, *, wrap: bool = True, keyboard: bool = True) -> bool:
        """Move the focus to the next focusable widget ``delta`` away."""
        n = len(self.widgets)
        if n == 0:
            return False
        i = self.index if self.index >= 0 else (-1 if delta > 0 else n)
        for _ in range(n):
            i += 1 if delta > 0 else -1
            if not wrap and not 0 <= i < n:
                return False
            i %= n
            if self.widgets[i].can_focus:
                self.focus(self._entry(self.widgets[i]), keyboard=keyboard)
                return True
        return False

    def _entry(self, widget: Widget) -> Widget:
        """Coming into a list of entries from outside it lands on its selected entry
        (so that passing through does not choose another)."""
        if not (isinstance(widget, Button) and widget.kind == "item"):
            return widget
        previous = self.focused
        if isinstance(previous, Button) and previous.kind == "item":
            return widget
        for other in self.widgets:
            if isinstance(other, Button) and other.kind == "item" and other.selected:
                return other if other.can_focus else widget
        return widget

    def widget_at(self, pos: tuple[int, int]) -> Widget | None:
        for widget in reversed(self.widgets):
            if widget.visible and widget.contains(pos):
                return widget
        return None

    @property
    def help(self) -> str:
        """The help of the hovered widget, else of the focused one."""
        for widget in self.widgets:
            if widget.hovered and widget.help:
                return widget.help
        focused = self.focused
        return focused.help if focused is not None else ""

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self.handle_key(event.key, getattr(event, "mod", 0))
        if event.type in (
            pygame.MOUSEMOTION,
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.MOUSEWHEEL,
        ):
            return self.handle_mouse(event)
        return False

    def handle_key(self, key: int, mod: int = 0) -> bool:
        focused = self.focused
        if key == pygame.K_TAB:
            return self.move(-1 if mod & pygame.KMOD_SHIFT else 1)
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return focused.activate() if focused is not None else False
        if focused is not None and focused.enabled and focused.handle_key(key, mod):
            return True
        if key in (pygame.K_DOWN, pygame.K_RIGHT):
            return self.move(1)
        if key in (pygame.K_UP, pygame.K_LEFT):
            return self.move(-1)
        return False

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            under = self.widget_at(event.pos)
            for widget in self.widgets:
                widget.hovered = widget is under
            for widget in self.widgets:
                if widget.handle_mouse(event):
                    return True
            if under is not None and under.can_focus and under is not self.focused:
                self.focus(under)
            return under is not None
        if event.type == pygame.MOUSEWHEEL:
            return any(widget.handle_mouse(event) for widget in self.widgets if widget.visible)
        # Buttons down and up: every widget hears them (a drag or a press may end outside).
        used = False
        for widget in self.widgets:
            if widget.visible and widget.handle_mouse(event):
                used = True
                if event.type == pygame.MOUSEBUTTONDOWN and widget.can_focus:
                    self.focus(widget)
                break
        return used

    def update(self, dt: float) -> None:
        for widget in self.widgets:
            widget.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for widget in self.widgets:
            if widget.visible:
                widget.draw(surface)


# -- the menu scenes' base ------------------------------------------------------------------------


class WidgetScene(Scene):
    """A menu scene: a focus list, laid out on enter and on every resize.

    Subclasses build their widgets in ``on_enter`` and set them in
    ``self.focus``; ``layout(size, scale)`` places them; ``back()`` is Esc.
    """

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.focus = FocusList(sound=self.click)
        self.size: tuple[int, int] = (0, 0)
        self.scale = 1.0
        self.t = 0.0  # seconds since the scene entered (ornaments' animation)
        self._static: pygame.Surface | None = None

    def click(self) -> None:
        """The click every widget makes when it acts."""
        audio = getattr(self.app, "audio", None)
        if audio is not None:
            audio.play("click")

    def window_size(self) -> tuple[int, int]:
        screen = getattr(self.app, "screen", None)
        if screen is not None:
            return tuple(screen.get_size())  # type: ignore[return-value]
        return (1280, 800)

    def relayout(self, size: tuple[int, int] | None = None) -> None:
        size = size or self.window_size()
        self.size = (int(size[0]), int(size[1]))
        self.scale = ui_scale(self.size)
        self._static = None
        self.layout(self.size, self.scale)

    def paint_static(self, surface: pygame.Surface) -> None:
        """Paint the parts that stand still (background, panels, titles) onto ``surface``;
        :meth:`draw_static` keeps the result until the layout changes."""

    def draw_static(self, surface: pygame.Surface) -> None:
        """Blit the still parts, painting them first if the layout changed (a cache)."""
        if self._static is None or self._static.get_size() != surface.get_size():
            self._static = pygame.Surface(surface.get_size())
            self.paint_static(self._static)
        surface.blit(self._static, (0, 0))

    def on_exit(self) -> None:
        self._static = None  # a full-window picture: let it go with the scene

    def layout(self, size: tuple[int, int], scale: float) -> None:
        """Place every widget for a window of ``size``."""

    def ensure_layout(self, surface: pygame.Surface) -> None:
        """Lay out again if asked to draw at another size than the last layout's (a cache)."""
        if surface.get_size() != self.size:
            self.relayout(surface.get_size())

    def on_resize(self, size: tuple[int, int]) -> None:
        self.relayout(size)

    def back(self) -> None:
        """Esc: leave this scene."""
        self.click()
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return self.focus.handle_event(event)

    def update(self, dt: float) -> None:
        self.t += dt
        self.focus.update(dt)


# -- small pictures ------------------------------------------------------------------------------


def draw_token(
    surface: pygame.Surface,
    centre: tuple[float, float],
    radius: float,
    body: Colour,
    rim: Colour,
    light: Colour,
) -> None:
    """A small turned man seen from above (a side's swatch): shadow, rim, lit face."""
    x, y = centre
    r = max(3.0, radius)
    pygame.draw.aacircle(surface, _mix(rim, (0, 0, 0), 0.75), (x + r * 0.08, y + r * 0.2), r)
    pygame.draw.aacircle(surface, rim, (x, y), r)
    pygame.draw.aacircle(surface, body, (x, y - r * 0.06), r * 0.84)
    pygame.draw.aacircle(
        surface, _mix(body, rim, 0.4), (x, y - r * 0.06), r * 0.56, max(1, round(r * 0.09))
    )
    pygame.draw.aacircle(surface, _mix(body, light, 0.8), (x - r * 0.3, y - r * 0.38), r * 0.2)
    # A fine lit edge, so that a dark man still shows on a dark panel.
    pygame.draw.aacircle(surface, _mix(rim, light, 0.55), (x, y), r, max(1, round(r * 0.08)))
