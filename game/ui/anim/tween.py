"""Tweens and the small algebra that chains them: pure time arithmetic, no pygame.

Everything here is measured in seconds and driven by ``update(dt)``. An
*animation item* (the :class:`Animation` protocol) has three members:

- ``update(dt) -> float`` advances it and returns the time it did not use (the
  leftover), so a chain hands the rest of a frame to the next item and never
  loses time: a 0.25 s tween followed by a 0.25 s tween, updated by 0.3 s, is
  0.05 s into the second one.
- ``done``: True once it has run to its end.
- ``skip()`` jumps to the end at once, running every :class:`Call` still
  pending, in order, exactly once.

:class:`Tween`, :class:`Delay`, :class:`Call`, :class:`Sequence` and
:class:`Parallel` are items; so are the effects in ``game.ui.anim.effects``.
A :class:`Timeline` is the queue a scene owns and feeds each frame, with a
``speed`` factor (``Settings.speed``): 2 runs twice as fast, 0 means no
animation at all (every queued item finishes at its next update).

Animation trails the rules: the engine commits a move at once and the
timeline merely replays it, so skipping or speed 0 never changes the game.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable
from typing import Protocol, TypeVar, runtime_checkable

Ease = Callable[[float], float]
"""An easing curve: maps the time fraction 0..1 to a progress (0 -> 0, 1 -> 1)."""

# -- easing curves ---------------------------------------------------------------------


def linear(t: float) -> float:
    """Constant speed."""
    return t


def ease_in_cubic(t: float) -> float:
    """Start slow and speed up (a man lifted off the board)."""
    return t * t * t


def ease_out_cubic(t: float) -> float:
    """Start fast and settle gently (a thrown die sliding to rest)."""
    u = 1.0 - t
    return 1.0 - u * u * u


def ease_in_out_cubic(t: float) -> float:
    """Slow at both ends: the natural curve for a man moved by hand."""
    if t < 0.5:
        return 4.0 * t * t * t
    u = -2.0 * t + 2.0
    return 1.0 - u * u * u / 2.0


_BACK = 1.70158  # the usual overshoot: about 10 %


def ease_out_back(t: float) -> float:
    """Overshoot the end a little and come back (a highlight popping in)."""
    u = t - 1.0
    return 1.0 + (_BACK + 1.0) * u * u * u + _BACK * u * u


def ease_out_bounce(t: float) -> float:
    """Fall and bounce three times with shrinking hops (Penner's bounce)."""
    n, d = 7.5625, 2.75
    if t < 1.0 / d:
        return n * t * t
    if t < 2.0 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


EASES: dict[str, Ease] = {
    "linear": linear,
    "ease_in_cubic": ease_in_cubic,
    "ease_out_cubic": ease_out_cubic,
    "ease_in_out_cubic": ease_in_out_cubic,
    "ease_out_back": ease_out_back,
    "ease_out_bounce": ease_out_bounce,
}

# -- interpolation ---------------------------------------------------------------------

V = TypeVar("V", float, tuple[float, ...])


def lerp(a: V, b: V, t: float) -> V:
    """``a`` moved the fraction ``t`` of the way to ``b``: floats, or tuples of floats.

    ``t`` may leave 0..1 (an overshooting ease); tuples must have one length.
    """
    if isinstance(a, tuple):
        if not isinstance(b, tuple) or len(a) != len(b):
            raise ValueError(f"cannot interpolate between {a!r} and {b!r}")
        return tuple(x + (y - x) * t for x, y in zip(a, b, strict=True))
    if isinstance(b, tuple):
        raise ValueError(f"cannot interpolate between {a!r} and {b!r}")
    return a + (b - a) * t


# -- the items -------------------------------------------------------------------------


@runtime_checkable
class Animation(Protocol):
    """Anything a :class:`Sequence`, :class:`Parallel` or :class:`Timeline` can run."""

    @property
    def done(self) -> bool: ...

    def update(self, dt: float) -> float: ...

    def skip(self) -> None: ...


def _check_duration(duration: float) -> float:
    if not duration >= 0.0 or math.isinf(duration):
        raise ValueError(f"a duration must be a finite number of seconds >= 0, not {duration!r}")
    return float(duration)


class Tween:
    """``duration`` seconds shaped by ``ease``; read it with :meth:`value`.

    ``fraction`` is the share of the time gone (0..1, linear); ``progress`` is
    that share through the ease (0 at the start, 1 at the end, and between
    them whatever the curve does: ``ease_out_back`` overshoots past 1).
    A tween of duration 0 is done from the start.
    """

    def __init__(self, duration: float, ease: Ease = ease_in_out_cubic) -> None:
        self.duration = _check_duration(duration)
        self.ease = ease
        self.elapsed = 0.0

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.duration!r}, {self.ease.__name__})"

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    @property
    def fraction(self) -> float:
        if self.duration <= 0.0:
            return 1.0
        return min(1.0, self.elapsed / self.duration)

    @property
    def progress(self) -> float:
        t = self.fraction
        if t >= 1.0:
            return 1.0  # exactly: an ease's float error must not leave a man a hair short
        return self.ease(t)

    def value(self, a: V, b: V) -> V:
        """Where a thing moving from ``a`` to ``b`` is now."""
        return lerp(a, b, self.progress)

    def update(self, dt: float) -> float:
        dt = max(0.0, dt)
        remaining = self.duration - self.elapsed
        if dt >= remaining:
            self.elapsed = self.duration
            return dt - max(0.0, remaining)
        self.elapsed += dt
        return 0.0

    def finish(self) -> None:
        """Jump to the end."""
        self.elapsed = self.duration

    def skip(self) -> None:
        self.finish()

    def reset(self) -> None:
        """Back to the start (to run the same tween again)."""
        self.elapsed = 0.0


class Delay(Tween):
    """A pause of ``duration`` seconds in a sequence."""

    def __init__(self, duration: float) -> None:
        super().__init__(duration, linear)

    def __repr__(self) -> str:
        return f"Delay({self.duration!r})"


class Call:
    """Run ``fn`` once when reached; it takes no time."""

    def __init__(self, fn: Callable[[], object]) -> None:
        self.fn = fn
        self._done = False

    def __repr__(self) -> str:
        return f"Call({getattr(self.fn, '__name__', self.fn)!r})"

    @property
    def done(self) -> bool:
        return self._done

    def update(self, dt: float) -> float:
        self._run()
        return max(0.0, dt)

    def skip(self) -> None:
        self._run()

    def _run(self) -> None:
        if not self._done:
            self._done = True  # first: a callback that raises is not run again
            self.fn()


class Sequence:
    """Items run one after another; each gets the time the one before left over."""

    def __init__(self, *items: Animation) -> None:
        self.items: list[Animation] = list(items)
        self.index = 0

    def __repr__(self) -> str:
        return f"Sequence({', '.join(map(repr, self.items))})"

    @property
    def done(self) -> bool:
        return self.index >= len(self.items)

    @property
    def current(self) -> Animation | None:
        return None if self.done else self.items[self.index]

    def then(self, *items: Animation) -> Sequence:
        """Append items (also while running); returns self to chain."""
        self.items.extend(items)
        return self

    def update(self, dt: float) -> float:
        dt = max(0.0, dt)
        while self.index < len(self.items):
            item = self.items[self.index]
            dt = item.update(dt)
            if not item.done:
                return 0.0
            self.index += 1
        return dt

    def skip(self) -> None:
        while self.index < len(self.items):
            item = self.items[self.index]
            self.index += 1  # first: a callback that appends items sees them run too
            item.skip()


class Parallel:
    """Items run side by side; done when the last is done.

    The leftover is the time after the *last* item ended: two tweens of
    0.2 s and 0.5 s updated by 0.6 s leave 0.1 s.
    """

    def __init__(self, *items: Animation) -> None:
        self.items: list[Animation] = list(items)

    def __repr__(self) -> str:
        return f"Parallel({', '.join(map(repr, self.items))})"

    @property
    def done(self) -> bool:
        return all(item.done for item in self.items)

    def update(self, dt: float) -> float:
        dt = max(0.0, dt)
        leftover = dt
        for item in self.items:
            if not item.done:
                leftover = min(leftover, item.update(dt))
        return leftover if self.done else 0.0

    def skip(self) -> None:
        for item in self.items:
            item.skip()


class Timeline:
    """The queue of animations a scene owns: run one after another, at ``speed``.

    ``speed`` scales time (``Settings.speed``): 1 is normal, 2 twice as fast;
    0 is *instant*: the next ``update`` finishes every queued item at once,
    running their callbacks in order. ``skip()`` does the same on demand (a
    click or a key to hurry the board along).
    """

    def __init__(self, speed: float = 1.0) -> None:
        self.queue: deque[Animation] = deque()
        self.speed = speed

    def __repr__(self) -> str:
        return f"Timeline(speed={self.speed!r}, queued={len(self.queue)})"

    def __len__(self) -> int:
        return len(self.queue)

    @property
    def speed(self) -> float:
        return self._speed

    @speed.setter
    def speed(self, value: float) -> None:
        if not value >= 0.0 or math.isinf(value):
            raise ValueError(f"an animation speed must be a finite number >= 0, not {value!r}")
        self._speed = float(value)

    @property
    def busy(self) -> bool:
        """True while anything is queued (the board waits before taking input)."""
        return bool(self.queue)

    @property
    def done(self) -> bool:
        return not self.queue

    @property
    def current(self) -> Animation | None:
        return self.queue[0] if self.queue else None

    def add(self, *items: Animation) -> None:
        """Queue items after everything already queued."""
        self.queue.extend(items)

    def extend(self, items: Iterable[Animation]) -> None:
        self.queue.extend(items)

    def update(self, dt: float) -> float:
        """Advance by ``dt`` real seconds; returns the real seconds left unused."""
        dt = max(0.0, dt)
        if self._speed == 0.0:
            self.skip()
            return dt
        scaled = dt * self._speed
        while self.queue:
            item = self.queue[0]
            scaled = item.update(scaled)
            if not item.done:
                return 0.0
            if self.queue and self.queue[0] is item:  # a callback may have cleared the queue
                self.queue.popleft()
        return scaled / self._speed

    def skip(self) -> None:
        """Finish everything queued now, callbacks in order (and any they queue)."""
        while self.queue:
            self.queue.popleft().skip()

    def clear(self) -> None:
        """Drop everything queued without running it (a new game, say)."""
        self.queue.clear()
