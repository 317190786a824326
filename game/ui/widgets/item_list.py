"""The variants' list (the setup's and Rules & history's left column): its entries
stacked from the top of the panel, each as tall as it may be up to ``height`` and never
under the picture's height, so that every game stays in the panel however many there are."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.ui.widgets.buttons import Button

PICTURE_H = 44  # the entries' thumbnails (game.ui.pictures: 68x44 at scale 1)


def place_items(
    items: Iterable[Button], inner: pygame.Rect, scale: float, height: float, gap: float
) -> None:
    """Place ``items`` down ``inner``: ``height`` and ``gap`` apart at ``scale`` where they
    fit, else each row shrunk to share the panel (the gap down to 4, the entry down to a
    picture's height: twelve games at the smallest window)."""
    entries = list(items)
    if not entries:
        return
    n = len(entries)
    ih, ig = round(height * scale), round(gap * scale)
    if n * ih + (n - 1) * ig > inner.h:
        ig = min(ig, round(4 * scale))
        ih = max(round(PICTURE_H * scale), (inner.h - (n - 1) * ig) // n)
    for i, item in enumerate(entries):
        item.place(pygame.Rect(inner.x, inner.y + i * (ih + ig), inner.w, ih), scale)


__all__ = ["PICTURE_H", "place_items"]
