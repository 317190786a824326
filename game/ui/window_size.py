"""The window's size at start: about 80% of the screen at the board's proportions the
first time, then the size the player left it at (never larger than the screen it
opens on); and where the window goes back to on leaving full screen (``windowed_place``:
a size that fits the screen with its title bar, centred). Pure: the screen's size is
given (``App`` asks pygame for it)."""

from __future__ import annotations

DEFAULT = (1280, 800)  # the screen's size is unknown and nothing is remembered
MIN_SIZE = (800, 500)  # the smallest window the scenes lay out well (unless the screen is)
SHARE = 0.8  # of the screen's width and height the first window may take
ASPECT = 1.6  # width / height of the first window (1280x800's)
# Room left around a window coming back from full screen: on each side for its frame,
# above for its title bar, and as much below (a panel or task bar may be there).
FRAME_SIDE = 8
FRAME_TOP = 32


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


def windowed_place(
    desktop: tuple[int, int] | None, size: tuple[int, int]
) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """The window's size and its place (its inside's top-left corner) on a screen of
    ``desktop``, on leaving full screen at ``size``: never larger than the screen less
    the room kept around it (``FRAME_SIDE`` each side, ``FRAME_TOP`` above and below),
    nor smaller than ``MIN_SIZE`` where the screen has room, and centred in that room,
    so that every edge, title bar and all, is on the screen. An unknown screen (None)
    keeps ``size`` and gives no place (None)."""
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        return size, None
    width, height = desktop
    side = min(FRAME_SIDE, width // 8)  # (a tiny screen keeps less room)
    top = min(FRAME_TOP, height // 8)
    room_w = max(1, width - 2 * side)
    room_h = max(1, height - 2 * top)
    w = max(min(MIN_SIZE[0], room_w), min(size[0], room_w))
    h = max(min(MIN_SIZE[1], room_h), min(size[1], room_h))
    return (w, h), (side + (room_w - w) // 2, top + (room_h - h) // 2)


__all__ = [
    "ASPECT",
    "DEFAULT",
    "FRAME_SIDE",
    "FRAME_TOP",
    "MIN_SIZE",
    "SHARE",
    "first_size",
    "windowed_place",
]
