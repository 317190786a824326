"""How much one decision may think: a count of positions, and a clock as a backstop.

The expert's look-ahead generates the replies to its candidate plays (and, two rolls
deep, its own plays after them) and values every position they leave. A position
with many men spread over many points can have thousands of plays to a roll, so
the look-ahead could take many seconds. A ``Budget`` bounds it:

- ``positions``: how many positions the look-ahead may generate (each is then
  valued) in one decision (``positions_for``: per network a variant plays on).
  This is a count, not a time, so the same request always gets the same answer
  (the protocol's promise for a seed). The first
  ply, every legal play valued once, is never counted: it always completes.
- ``seconds``: a backstop on a busy machine. Once that long has passed since the
  decision began, the look-ahead stops where it is (at the next roll it would
  look at) and the decision is made from what it has. Only a machine too slow for
  the count makes the answer depend on the clock.

``stop`` (a ``threading.Event``) ends the look-ahead as the backstop would, once it is
set from another thread: a hint nobody waits for any more (the card closed, the turn
moved on) frees the worker at once; its result is then dropped.

``clock`` is injectable so tests can run the backstop without waiting. The
environment variable ``TABULA_THINK_SECONDS`` sets the backstop (a number of
seconds, or ``off``): the test suite turns it off, so that its answers never
depend on how busy the machine is.
"""

from __future__ import annotations

import math
import os
import sys
import threading
import time
from collections.abc import Callable

from game.rules.variants.base import Variant

# Positions the look-ahead of one decision may generate and value. Ordinary
# backgammon decisions need from a few hundred to about 35,000 (the two-roll
# look-ahead at three plays); one core finds and values about 60,000 a second
# there, so a decision takes under 0.7 s on the busy two-core machine even where a
# roll has thousands of plays.
POSITIONS = 40_000
# The three-dice variants cost more a position (their general search tries every
# order of three dice, El Mundo's for four sides), and a single play can have tens
# of thousands of replies to its 56 rolls: their counts, measured so that the
# slowest decision of seeded random games stays near half a second on the busy
# two-core machine (benchmarks.decisions). Only the most crowded positions reach
# them; elsewhere the look-ahead is bounded by players.EXPERT_FILTER's work. Against the
# 40,000 of before (python -m benchmarks.budgets VARIANT --positions 200), El Mundo
# chose otherwise in 5 of 200 decisions of random games, giving away 0.00004 ± 0.00003
# of a chance to win a decision; Duodecim, Anglicorum and Quinze Tablas in none.
# Keyed, like players.EXPERT_FILTERS, by the network a variant plays on
# (``Variant.network_id``): Portes, on backgammon's network, looks as far as backgammon.
VARIANT_POSITIONS = {
    # Backgammon's expert looks at more plays, six of them two rolls deep
    # (players.EXPERT_FILTERS): 100,000 keeps its slowest decision near a second.
    "backgammon": 100_000,
    "el_mundo": 3_000,
    "quinze_tablas": 6_000,
    "anglicorum": 8_000,
    "duodecim": 22_000,
}
SECONDS = 0.9  # the wall-clock backstop, from the start of the look-ahead's ranking: the
# player waits under a second at the expert level even on a busy machine (issue 22)
SECONDS_VARIABLE = "TABULA_THINK_SECONDS"  # overrides SECONDS: seconds, or "off"


def backstop_seconds() -> float:
    """The backstop in force: ``TABULA_THINK_SECONDS`` if set, else ``SECONDS``
    (``math.inf``: none)."""
    text = os.environ.get(SECONDS_VARIABLE, "").strip()
    if not text:
        return SECONDS
    if text.lower() == "off":
        return math.inf
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not seconds > 0:
        raise ValueError(f"{SECONDS_VARIABLE} must be a number of seconds or 'off', got {text!r}")
    return seconds


def positions_for(variant: Variant) -> int:
    """The count of positions one decision's look-ahead may generate in ``variant``, by
    the network it plays on (``Variant.network_id``: a variant's own id but for Portes)."""
    return VARIANT_POSITIONS.get(variant.network_id, POSITIONS)


class Budget:
    """The look-ahead work left to one decision (mutable: it is spent as it goes)."""

    __slots__ = ("clock", "positions", "seconds", "spent", "started", "stop", "stopped")

    def __init__(
        self,
        positions: int | None = None,
        seconds: float | None = None,
        clock: Callable[[], float] = time.perf_counter,
        stop: threading.Event | None = None,
    ) -> None:
        """``positions`` and ``seconds`` default to ``POSITIONS`` and the backstop in force
        (``backstop_seconds``); ``seconds=math.inf``: no backstop. ``stop``: once set,
        the look-ahead stops as if out of time."""
        self.positions = POSITIONS if positions is None else positions
        if self.positions < 0:
            raise ValueError(f"a budget needs a count of positions of 0 or more, got {positions}")
        self.seconds = backstop_seconds() if seconds is None else seconds
        self.clock = clock
        self.started = clock()
        self.spent = 0  # positions generated so far (it may pass the count by the last batch)
        self.stop = stop
        self.stopped = ""  # why the look-ahead stopped early: "", "count", "clock" or "stop"

    @classmethod
    def for_variant(
        cls,
        variant: Variant,
        seconds: float | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> Budget:
        """The budget of one decision in ``variant``: its count (``positions_for``, by the
        network it plays on)."""
        return cls(positions_for(variant), seconds, clock)

    @classmethod
    def unbounded(cls) -> Budget:
        """A budget that never runs out (analysis and tests)."""
        return cls(sys.maxsize, math.inf)

    def take(self, positions: int) -> bool:
        """Spend ``positions``; whether the look-ahead may go on with them (within the
        count and before the backstop)."""
        self.spent += positions
        if self.spent > self.positions:
            self.stopped = self.stopped or "count"
            return False
        return self.in_time()

    def in_time(self) -> bool:
        """Whether the backstop has not yet passed (nor ``stop`` been set)."""
        if self.stop is not None and self.stop.is_set():
            self.stopped = self.stopped or "stop"
            return False
        if self.seconds < math.inf and self.clock() - self.started > self.seconds:
            self.stopped = self.stopped or "clock"
            return False
        return True

    def __repr__(self) -> str:
        return (
            f"Budget(positions={self.positions}, seconds={self.seconds}, spent={self.spent},"
            f" stopped={self.stopped!r})"
        )
