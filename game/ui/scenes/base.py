"""The scene protocol and the stack that holds scenes.

A scene implements ``on_enter(payload)``, ``on_exit()``, ``handle_event(event)
-> bool`` (True when it used the event), ``update(dt)`` (seconds) and
``draw(surface)`` (which never changes state); ``animating()`` and
``wake_after()`` say whether anything moves (the app draws a still scene only
when it changes). Motion that only adorns a still scene (the menu's drifting dust,
the pulse of a board's highlights) comes to rest after ``SETTLE`` seconds without an
input (``pace``), so that a window left alone is not drawn at all; it moves again at
the next input. Scenes never call ``display.flip``, ``set_mode`` or
``sys.exit``: they ask the app.

An overlay (``opaque = False``, e.g. pause) is drawn over the scenes below it;
only the top scene gets events and updates, unless a scene below sets
``updates_below`` (the board keeps animating under a menu? no: a paused game
stands still, so the default is False).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.ui.app import App

POLL = 1 / 15  # seconds between looks at a worker's result while nothing moves
SETTLE = 6.0  # quiet seconds (no input, nothing animated) after which ornaments rest...
EASE = 2.0  # ...slowing to a stop over the last of them


class Scene:
    """Base class: every hook does nothing."""

    opaque = True  # False: the scene below shows through (overlays)

    def __init__(self, app: App) -> None:
        self.app = app

    def on_enter(self, payload: Any = None) -> None:
        """The scene comes on top of the stack (pushed, or uncovered by a pop)."""

    def on_exit(self) -> None:
        """The scene leaves the stack."""

    def on_resume(self, result: Any = None) -> None:
        """A scene pushed above this one was popped, returning ``result``."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size (or went full-screen)."""

    def on_language(self) -> None:
        """The language of the words changed (``game.i18n``): every word the scene has
        made ready is made again. By default the scene is laid out again, as at a resize
        (words looked up as they are drawn need nothing more); a scene that keeps words
        made on entering (buttons' labels) makes them again here."""
        screen = getattr(self.app, "screen", None)
        if screen is not None:
            self.on_resize(screen.get_size())

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene; never change state here."""

    def animating(self) -> bool:
        """True while anything the scene draws moves (a tween, tumbling dice, a fading
        word...): the app draws every frame. False (the default): the scene stands
        still and is drawn again only after an input or at ``wake_after``."""
        return False

    def easing(self) -> bool:
        """True while a widget's glow eases after a change of focus: drawn every frame,
        though not motion (the ornaments' ``pace`` does not wait for it)."""
        return False

    def wake_after(self) -> float | None:
        """While the scene is still: the seconds after which it must be updated and drawn
        again though no input comes (a worker's result polled, a word that expires,
        dust drifting at a low rate while ``pace()`` is above 0); None: only an input
        changes it (the app sleeps until one comes)."""
        return None

    def pace(self) -> float:
        """How fast the scene's ornaments move (drifting dust, a breathing glow, a pulse):
        1 until ``SETTLE - EASE`` quiet seconds (``App.quiet_for``), easing to 0, at rest,
        at ``SETTLE``; 1 again at the next input."""
        quiet = getattr(self.app, "quiet_for", None)
        if quiet is None:
            return 1.0
        return max(0.0, min(1.0, (SETTLE - quiet()) / EASE))


class SceneStack:
    """Push, pop and replace scenes; draw from the topmost opaque one up."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene, payload: Any = None) -> None:
        self.scenes.append(scene)
        scene.on_enter(payload)

    def pop(self, result: Any = None) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.on_exit()
        if self.scenes:
            self.scenes[-1].on_resume(result)
        return scene

    def replace(self, scene: Scene, payload: Any = None) -> None:
        if self.scenes:
            self.scenes.pop().on_exit()
        self.push(scene, payload)

    def clear_to(self, scene: Scene, payload: Any = None) -> None:
        """Leave every scene and start again from ``scene`` (e.g. back to the menu)."""
        while self.scenes:
            self.scenes.pop().on_exit()
        self.push(scene, payload)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the topmost opaque one up."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self.scenes:
            scene.on_resize(size)

    def language_changed(self) -> None:
        for scene in self.scenes:
            scene.on_language()
