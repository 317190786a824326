"""Buttons whose words are longer in another language: the width a row of buttons needs
for its labels, and a label set smaller (never below a least size) rather than cut.

Layout only: the button's ``size`` (its design size) is the one thing changed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.ui.widgets import Button, fit_size, text_width

PAD = 16  # design px: the button's label is cut this much inside its edges (Button)


def needed_width(labels: Iterable[str], scale: float, size: float = 22, least: float = 0) -> int:
    """The width in px a button needs to show the widest of ``labels`` at design ``size``
    (``least`` design px at the least)."""
    widest = max((text_width(label, "caps", size * scale) for label in labels), default=0)
    return max(round(least * scale), widest + round((PAD + 8) * scale))


def fit_labels(
    buttons: Sequence[Button],
    scale: float,
    largest: float = 22,
    smallest: float = 13,
    more: Iterable[str] = (),
) -> None:
    """Each placed button's label at the largest design size up to ``largest`` at which
    it fits (and ``more``, the other words a button may show, fit too), ``smallest`` at
    the least; all the row's buttons at one size, as the smallest needs."""
    size = largest
    labels = [(b.label, b.rect.w) for b in buttons]
    width = min((b.rect.w for b in buttons), default=0)
    labels += [(label, width) for label in more]
    for label, w in labels:
        room = w - round(PAD * scale)
        px = fit_size(label, "caps", size * scale, room, smallest * scale)
        size = min(size, int(px) / scale)  # (whole pixels: the button rounds)
    for button in buttons:
        button.size = size


__all__ = ["fit_labels", "needed_width"]
