"""The garbage collector kept off the frames.

Python's full collection walks every object the program holds. With the trained nets,
the fonts, the pictures and the tables loaded, that is 30 to 50 ms, and it comes when it
will, often in the middle of a busy frame (an analysis replaying a record made a frame
that long). ``settle`` runs when the window has opened, a moment that is a break for the
player anyway: it collects once and sets every object alive then aside (``gc.freeze``),
so that later collections walk only what was made since (the scenes and the games), which
is little. ``release`` gives them back when the window closes: an object set aside is
still freed as soon as nothing refers to it, but a cycle of them waits for ``release``.
"""

from __future__ import annotations

import gc


def settle() -> None:
    """Collect now, then set every survivor aside from later collections."""
    gc.collect()
    gc.freeze()


def release() -> None:
    """Give what ``settle`` set aside back to the collector (the window is closing)."""
    gc.unfreeze()


__all__ = ["release", "settle"]
