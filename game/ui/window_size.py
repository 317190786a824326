"""The window's size at start: about 80% of the screen at the board's proportions the
first time, then the size the player left it at (never larger than the screen it
opens on). Pure: the screen's size is given (``App.start`` asks pygame for it)."""

from __future__ import annotations

DEFAULT = (1280, 800)  # the screen's size is unknown and nothing is remembered
MIN_SIZE = (800, 500)  # the smallest window the scenes lay out well (unless the screen is)
SHARE = 0.8  # of the screen's width and height the first window may take
ASPECT = 1.6  # width / height of the first window (1280x800's)


def first_size(
    desktop: tuple[int, int] | None, remembered: tuple[int, int] | None = None
) -> tuple[int, int]:
    """The window's size on a screen of ``desktop`` (None: unknown), given the size the
    player left it at last time (None: never)."""
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        return remembered if remembered is not None else DEFAULT
    width, height = desktop
    low_w, low_h = min(MIN_SIZE[0], width), min(MIN_SIZE[1], height)
    w: float
    h: float
    if remembered is not None:
        w, h = remembered
    else:
        w = min(SHARE * width, SHARE * height * ASPECT)
        h = w / ASPECT
    return (
        round(max(low_w, min(w, width))),
        round(max(low_h, min(h, height))),
    )


__all__ = ["ASPECT", "DEFAULT", "MIN_SIZE", "SHARE", "first_size"]
