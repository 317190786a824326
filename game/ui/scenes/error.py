"""The error card: what went wrong, where the details are, and the way back.

When a scene raises, the app (``App.recover``) saves the game if it can, goes
back to the main menu and shows this card over it: the error in a line, whether
the game was saved, and the log file that holds the traceback. Enter, Esc or the
button closes it.

The card draws with little beyond pygame itself, so that it still shows when the
trouble is in the drawing code the other scenes share.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import _
from game.ui.routes import ErrorCard
from game.ui.scenes.base import Scene

BACK = (28, 18, 14)
EDGE = (200, 150, 80)
TEXT = (236, 222, 200)
DIM = (188, 170, 150)


class ErrorScene(Scene):
    """The card over the menu; the payload is an :class:`~game.ui.routes.ErrorCard`.
    The card and its button are laid out on enter, on resize and in ``update`` when
    the window's size changed; ``draw`` only draws."""

    opaque = False

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.lines: list[tuple[str, tuple[int, int, int], int]] = []
        self.button = pygame.Rect(0, 0, 0, 0)
        self.card = pygame.Rect(0, 0, 0, 0)
        self.images: list[pygame.Surface] = []
        self.size: tuple[int, int] = (0, 0)
        self.hover = False
        self.scale = 1.0
        self.log = ""

    def on_enter(self, payload: Any = None) -> None:
        info = payload if isinstance(payload, ErrorCard) else ErrorCard()
        what, where, saved = info.what or _("an unexpected error"), info.where, info.saved
        log = self.log = info.log
        self.lines = [(_("Something went wrong"), EDGE, 34)]
        said = _("{what} (on {where})").format(what=what, where=where) if where else what
        self.lines.append((said, TEXT, 20))
        if saved is True:
            self.lines.append(
                (_("Your game was saved: Continue in the menu resumes it."), TEXT, 20)
            )
        elif saved is False:
            self.lines.append((_("Your game could not be saved."), TEXT, 20))
        if log:
            self.lines.append((_("The details are in the log:"), DIM, 17))
            self.lines.append((log, DIM, 17))
        else:
            self.lines.append(
                (_("No log file could be opened: the details went to the console."), DIM, 17)
            )
        self.payload = info

        self.layout(self.window_size())

    def window_size(self) -> tuple[int, int]:
        screen = getattr(self.app, "screen", None)
        return tuple(screen.get_size()) if screen is not None else (1280, 800)  # type: ignore[return-value]

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout(size)

    def on_language(self) -> None:
        self.on_enter(self.payload)

    def update(self, dt: float) -> None:
        if self.window_size() != self.size:
            self.layout(self.window_size())

    def close(self) -> None:
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_ESCAPE,
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
        ):
            self.close()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.button.collidepoint(event.pos)
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.button.collidepoint(event.pos)
        ):
            self.close()
            return True
        return True  # the card is modal

    def layout(self, size: tuple[int, int]) -> None:
        """Render the lines and place the card and its button for a window of ``size``."""
        self.size = (w, h) = size
        s = self.scale = max(0.5, min(w / 1280, h / 800))
        fonts = {size: _font(round(size * s)) for _, _, size in self.lines}
        self.images = [
            fonts[size].render(_cut(fonts[size], text, w - 80 * s, text == self.log), True, c)
            for text, c, size in self.lines
        ]
        pad = round(30 * s)
        bh = round(48 * s)
        cw = min(
            w - round(40 * s),
            max(round(560 * s), max(i.get_width() for i in self.images) + 2 * pad),
        )
        ch = pad + sum(i.get_height() + round(10 * s) for i in self.images) + bh + 2 * pad // 1
        self.card = pygame.Rect(0, 0, cw, ch)
        self.card.center = (w // 2, h // 2)
        self.button = pygame.Rect(0, 0, round(260 * s), bh)
        self.button.midbottom = (self.card.centerx, self.card.bottom - pad)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s, card = self.scale, self.card
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 160))
        surface.blit(veil, (0, 0))
        pygame.draw.rect(surface, BACK, card, border_radius=round(12 * s))
        pygame.draw.rect(surface, EDGE, card, max(1, round(2 * s)), border_radius=round(12 * s))
        y = card.y + round(30 * s)
        for image in self.images:
            surface.blit(image, image.get_rect(midtop=(card.centerx, y)))
            y += image.get_height() + round(10 * s)
        fill = (150, 40, 30) if self.hover else (120, 32, 24)
        pygame.draw.rect(surface, fill, self.button, border_radius=round(8 * s))
        pygame.draw.rect(
            surface, EDGE, self.button, max(1, round(2 * s)), border_radius=round(8 * s)
        )
        label = _font(round(20 * s)).render(_("Back to the menu"), True, TEXT)
        surface.blit(label, label.get_rect(center=self.button.center))


def _font(size: int) -> pygame.font.Font:
    try:
        from game.ui.widgets import get_font

        return get_font("text", size)
    except Exception:  # the shared fonts may be what failed: pygame's own will do
        return pygame.font.Font(None, max(8, size))


def _cut(font: pygame.font.Font, text: str, width: float, left: bool = False) -> str:
    """``text`` cut short with an ellipsis to fit ``width`` px (``left``: its start is
    cut, as for a file's path, whose end matters)."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[1:] if left else text[:-1]
    return "…" + text if left else text + "…"
