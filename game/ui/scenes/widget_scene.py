"""The menu scenes' base: a focus list, laid out on enter, on resize and in ``update``
when the window's size changed; ``draw`` only draws (it never lays out: input must not
depend on the last frame drawn)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.scenes.base import Scene
from game.ui.widgets.focus import FocusList
from game.ui.widgets.style import ui_scale

if TYPE_CHECKING:
    from game.ui.app import App


class WidgetScene(Scene):
    """A menu scene: a focus list, laid out on enter and on every resize.

    Subclasses build their widgets in ``on_enter`` and set them in
    ``self.focus``; ``layout(size, scale)`` places them (never ``draw``); ``back()`` is Esc.
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

    def easing(self) -> bool:
        """A widget easing (a button's glow, a toggle's knob, a page's scroll) is drawn
        frame by frame."""
        return self.focus.easing()

    def on_exit(self) -> None:
        self._static = None  # a full-window picture: let it go with the scene

    def layout(self, size: tuple[int, int], scale: float) -> None:
        """Place every widget for a window of ``size``."""

    def ensure_layout(self) -> None:
        """Lay out again if the window's size is not the last layout's (``update`` calls it:
        a resize the scene was not told of is caught before the next input)."""
        if self.window_size() != self.size:
            self.relayout()

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
        self.ensure_layout()
        self.t += dt
        self.focus.update(dt)
