"""Animation: time-based, eased, skippable.

- ``tween``: easing curves, :class:`Tween` and the items that chain them
  (:class:`Sequence`, :class:`Parallel`, :class:`Delay`, :class:`Call`), and
  the :class:`Timeline` a scene feeds each frame. Pure: no pygame.
- ``effects``: the board's set pieces drawn with pygame: dice that tumble and
  settle, a man sliding along its track, the impact of a hit, the sparkle of a
  man borne off and a pulsing glow for highlights.

Every item shares one protocol (``update(dt) -> leftover``, ``done``,
``skip()``), so effects queue on a timeline like any tween.
"""

from game.ui.anim.tween import (
    EASES,
    Animation,
    Call,
    Delay,
    Ease,
    Parallel,
    Sequence,
    Timeline,
    Tween,
    ease_in_cubic,
    ease_in_out_cubic,
    ease_out_back,
    ease_out_bounce,
    ease_out_cubic,
    lerp,
    linear,
)

__all__ = [
    "EASES",
    "Animation",
    "Call",
    "Delay",
    "Ease",
    "Parallel",
    "Sequence",
    "Timeline",
    "Tween",
    "ease_in_cubic",
    "ease_in_out_cubic",
    "ease_out_back",
    "ease_out_bounce",
    "ease_out_cubic",
    "lerp",
    "linear",
]
