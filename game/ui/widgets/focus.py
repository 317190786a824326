"""The focus list: a screen's widgets in keyboard order, and which has the focus."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.ui.widgets.buttons import Button
from game.ui.widgets.widget import Widget


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

    def easing(self) -> bool:
        """Whether a shown widget is still easing (a focus given by the scene, not by an
        input, glows in over frames the window must draw)."""
        return any(widget.visible and widget.easing() for widget in self.widgets)

    def draw(self, surface: pygame.Surface) -> None:
        for widget in self.widgets:
            if widget.visible:
                widget.draw(surface)
