"""The luck of the dice: how much better (or worse) a roll was than the average roll.

A roll's luck for the side that threw it is the value of its best play less the
average, over every roll the dice could have shown, of that roll's best play
(the measure GNU Backgammon reports), in the evaluation's units: expected
points with two sides, the chance to win in El Mundo. A game's luck for a side
is the sum over its rolls. Variants where a side names a die (Anglicorum's
chosen third die) are not measured: the roll there is partly a choice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.ai.evaluate import Evaluator, best_value
from game.rules import match as m
from game.rules.dice import chance_outcomes
from game.rules.position import Position


def roll_luck(
    evaluator: Evaluator, position: Position, dice: Sequence[int], opening: bool = False
) -> float:
    """The luck of ``dice`` thrown by the side to act in ``position`` (``opening``:
    backgammon's opening throw, one die each, which is never a double)."""
    variant = evaluator.variant
    fixed = variant.fixed_dice
    thrown = tuple(dice)[: len(tuple(dice)) - len(fixed)] if fixed else tuple(dice)

    def best(roll: Sequence[int]) -> float:
        plays = variant.generate_plays(position, tuple(roll) + fixed)
        return best_value(evaluator, position, plays) if plays else 0.0

    rolls = chance_outcomes(len(thrown), variant.faces)
    if opening:
        rolls = tuple((r, c) for r, c in rolls if len(set(r)) == len(r))
    total = sum(c for _, c in rolls)
    average = sum(chance * best(roll) for roll, chance in rolls) / total
    return best(thrown) - average


def measurable(state: m.GameState) -> bool:
    """Whether the luck of this game's rolls can be measured."""
    return state.variant.die_chooser is None


def game_luck(
    evaluator: Evaluator,
    states: Sequence[m.GameState],
    progress: Callable[[int, int], None] | None = None,
) -> list[float]:
    """Each side's luck over a game (the states first to last): every throw that
    started a turn (the opening throw a starter plays, and each roll)."""
    variant = evaluator.variant
    luck = [0.0] * variant.players
    throws = [
        (i, s)
        for i, s in enumerate(states)
        if s.phase is m.Phase.MOVE
        and s.roller is None
        and (i == 0 or states[i - 1].phase is m.Phase.ROLL)
    ]
    for n, (i, state) in enumerate(throws):
        opening = i == 0 and bool(state.opening)
        luck[state.to_act] += roll_luck(evaluator, state.position, state.dice, opening)
        if progress is not None:
            progress(n + 1, len(throws))
    return luck
