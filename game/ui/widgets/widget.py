"""The widget protocol (:class:`Widget`) and a plain :class:`Label`."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.widgets.style import DEFAULT_STYLE, Colour, Style, approach
from game.ui.widgets.text import draw_text, fit_text


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
        self.eased = False  # something eased in the last update (``easing``)
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

    def glow_target(self) -> float:
        """Where the glow eases to: 1 while hovered or focused (and enabled), else 0."""
        return 1.0 if (self.hovered or self.focused) and self.enabled else 0.0

    def easing(self) -> bool:
        """Whether the widget is easing (its glow, a knob, a scroll: it changes frame by
        frame), or reached its end in the last update (a frame must show the end)."""
        return self.eased or self.glow != self.glow_target()

    def update(self, dt: float) -> None:
        target = self.glow_target()
        before = self.glow
        self.glow = approach(self.glow, target, dt, 14.0)
        if abs(self.glow - target) < 0.005:
            self.glow = target  # settled: its cached pictures stop changing
        self.eased = self.glow != before  # (subclasses add their own easings)

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
