"""Frozen steps and plays.

A step moves one man by one die (or, in Duodecim Scriptorum, by a sum of
dice); a play is all the steps of one turn, in order. Positions are those of
the side that moves (pos 0 the bar, L+1 off).

Both are immutable tuples with value equality: the move generator builds
hundreds of thousands of them a second, and a tuple is the cheapest frozen
value Python has.
"""

from __future__ import annotations

from typing import NamedTuple


class Step(NamedTuple):
    """One man from ``src`` to ``dst`` (pos of the moving side) using ``die``.

    ``hit`` is true when the man lands on a lone opposing man and sends it to
    the bar. ``dice`` lists the dice used when a jump sums several (Duodecim);
    otherwise it is empty and the step uses ``die`` alone.
    """

    src: int
    dst: int
    die: int
    hit: bool = False
    dice: tuple[int, ...] = ()

    @property
    def dice_used(self) -> tuple[int, ...]:
        return self.dice or (self.die,)


class Play(tuple[Step, ...]):
    """The steps of one turn, in order. No steps at all is a pass."""

    __slots__ = ()

    def __new__(cls, steps: tuple[Step, ...] | list[Step] = ()) -> Play:
        return tuple.__new__(cls, steps)

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(self)

    @property
    def is_pass(self) -> bool:
        return not self

    @property
    def dice_used(self) -> tuple[int, ...]:
        return tuple(d for step in self for d in step.dice_used)

    @property
    def hits(self) -> int:
        return sum(1 for step in self if step.hit)

    def __repr__(self) -> str:
        return f"Play({tuple(self)!r})"


PASS = Play(())


def dice_left(dice: tuple[int, ...] | list[int], play: Play) -> tuple[int, ...]:
    """The dice of ``dice`` that ``play`` did not use (in El Mundo, the dice handed on)."""
    left = list(dice)
    for die in play.dice_used:
        left.remove(die)
    return tuple(left)
