"""Whole games between players of any kind: self-play, checks and benchmarks.

A player answers the two decisions of a turn: which legal play to make, and
(Anglicorum's named third die) which value to name. The dice are thrown by the
game's own generator, so a seed replays the same game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Protocol

from game.rules import actions as a
from game.rules import match as m
from game.rules.play import Play
from game.rules.variants.base import Variant


class Player(Protocol):
    def play(self, state: m.GameState, plays: list[Play]) -> Play: ...

    def name_die(self, state: m.GameState) -> int: ...


class RandomPlayer:
    """A random legal play, a random die named."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def play(self, state: m.GameState, plays: list[Play]) -> Play:
        return self.rng.choice(plays)

    def name_die(self, state: m.GameState) -> int:
        return self.rng.choice(m.die_choices(state))


def round_dice(seed: int, game: int, players: int) -> random.Random:
    """The dice of game ``game`` in a run seeded ``seed`` where a player takes each seat in
    turn: every round of ``players`` games is thrown the same dice (duplicate dice), so the
    luck of the throw falls on each seat alike."""
    return random.Random(seed * 100_003 + game // players)


def play_game(
    variant: Variant,
    players: Sequence[Player],
    rng: random.Random,
    seen: Callable[[m.GameState], None] | None = None,
    throws: Callable[[m.GameState], random.Random] | None = None,
    stepped: Callable[[m.GameState, a.Action], None] | None = None,
) -> m.GameState:
    """Play one game from the opening throw to its end; ``seen`` is shown every state
    in which a side is about to roll. ``throws``: the generator that throws each roll's
    dice (``rng`` throws the opening and, without it, every roll); ``stepped`` is shown
    every state and the action taken in it."""
    state = m.new_game(variant, rng)
    while not state.is_over:
        before = state
        if state.phase is m.Phase.ROLL:
            if seen is not None:
                seen(state)
            state = m.roll(state, rng if throws is None else throws(state))
            action: a.Action = a.Roll(tuple(state.dice))
        elif state.phase is m.Phase.CHOOSE:
            value = players[state.to_act].name_die(state)
            state = m.choose_die(state, value)
            action = a.NameDie(value)
        else:
            if state.phase is m.Phase.MOVE and state.dice and seen is not None and state.turn == 0:
                seen(state)  # backgammon's opening play: the starter plays the opening dice
            plays = m.legal_plays(state)
            chosen = plays[0] if len(plays) == 1 else players[state.to_act].play(state, plays)
            state = m.play(state, chosen, plays)
            action = a.Move(chosen)
        if stepped is not None:
            stepped(before, action)
    return state


def random_decisions(
    variant: Variant, rng: random.Random, choices: int = 2
) -> Iterator[tuple[m.GameState, list[Play]]]:
    """The decisions of one game of random play: each MOVE-phase state with at least
    ``choices`` legal plays, and those plays (tests and benchmarks sample positions so)."""
    state = m.new_game(variant, rng)
    while not state.is_over:
        if state.phase is m.Phase.ROLL:
            state = m.roll(state, rng)
        elif state.phase is m.Phase.CHOOSE:
            state = m.choose_die(state, rng.choice(m.die_choices(state)))
        else:
            plays = m.legal_plays(state)
            if len(plays) >= choices:
                yield state, plays
            state = m.play(state, rng.choice(plays), plays)
