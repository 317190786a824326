"""Physical dice entered by hand: a card over the board that asks for the dice thrown.

When a game is set to dice entered by hand, every throw (the opening throw, one
die per side, and each roll) waits for this card: the number keys or a click on
a face add a die, Backspace takes the last one back, and the card is done when
it has as many dice as the throw needs. The board then uses exactly those
values (``match.set_dice``) and records them as entered by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.i18n import _
from game.ui.widgets import (
    Style,
    Title,
    draw_overlay_panel,
    draw_shadow,
    draw_text,
    rounded_box,
)


@dataclass
class DiceEntry:
    """What the card asks for and what has been entered so far."""

    title: str  # "Ivory's throw", "Opening throw: one die for each side"
    count: int  # dice wanted
    faces: int = 6
    labels: tuple[str, ...] = ()  # a name per die (the opening throw: each side's)
    opening: bool = False  # the opening throw (one die for each side), not a roll
    values: list[int] = field(default_factory=list)
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    face_rects: list[pygame.Rect] = field(default_factory=list)

    @property
    def done(self) -> bool:
        return len(self.values) >= self.count

    def add(self, value: int) -> bool:
        if self.done or not 1 <= value <= self.faces:
            return False
        self.values.append(value)
        return True

    def back(self) -> bool:
        if not self.values:
            return False
        self.values.pop()
        return True

    def key(self, event: pygame.event.Event) -> bool:
        """Number keys add a die; Backspace takes one back."""
        if event.key in (pygame.K_BACKSPACE, pygame.K_u):
            return self.back()
        digit = {getattr(pygame, f"K_{n}"): n for n in range(1, 10)}
        digit.update({getattr(pygame, f"K_KP{n}"): n for n in range(1, 10)})
        if event.key in digit:
            return self.add(digit[event.key])
        return False

    def click(self, pos: tuple[int, int]) -> bool:
        for value, rect in enumerate(self.face_rects, 1):
            if rect.collidepoint(pos):
                return self.add(value)
        return self.rect.collidepoint(pos)  # a click on the card itself does nothing

    # -- drawing ----------------------------------------------------------------------------

    def place(self, centre: tuple[int, int], scale: float) -> None:
        size = round(46 * scale)
        gap = round(10 * scale)
        width = max(self.faces * (size + gap) - gap, round(360 * scale)) + round(48 * scale)
        height = round(200 * scale)
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = centre
        x = self.rect.centerx - (self.faces * (size + gap) - gap) // 2
        y = self.rect.y + round(118 * scale)
        self.face_rects = [
            pygame.Rect(x + i * (size + gap), y, size, size) for i in range(self.faces)
        ]

    def draw(self, surface: pygame.Surface, style: Style, scale: float) -> None:
        rect = self.rect
        draw_overlay_panel(surface, rect, scale, style, Title(self.title), alpha=244)
        shown = []
        for i in range(self.count):
            label = self.labels[i] if i < len(self.labels) else _("die {n}").format(n=i + 1)
            value = str(self.values[i]) if i < len(self.values) else "?"
            shown.append(f"{label}: {value}")
        draw_text(
            surface,
            "   ".join(shown),
            (rect.centerx, rect.y + round(50 * scale)),
            role="bold",
            size=19 * scale,
            colour=style.text,
            anchor="midtop",
        )
        draw_text(
            surface,
            # TRANSLATORS: Backspace is the key
            _("Type the numbers or click the faces; Backspace takes one back"),
            (rect.centerx, rect.y + round(84 * scale)),
            role="italic",
            size=14 * scale,
            colour=style.text_dim,
            anchor="midtop",
        )
        for number, face in enumerate(self.face_rects, 1):
            box = rounded_box(
                face.size,
                round(8 * scale),
                (240, 230, 208),
                style.accent_dark,
                max(1, round(scale)),
            )
            draw_shadow(surface, face, scale, radius=round(8 * scale), blur=6, drop=2, alpha=140)
            surface.blit(box, face)
            draw_text(
                surface,
                str(number),
                face.center,
                role="bold",
                size=22 * scale,
                colour=(40, 30, 24),
                anchor="center",
            )
