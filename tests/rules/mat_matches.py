"""Seeded backgammon matches played at random the way the board plays them, for the .mat tests.

The dice come from ``Random(seed)`` alone (as the game draws them), the choices from
another generator: doubles, takes, drops, beavers (money play), resignations offered
and accepted or rejected, before or after the throw, and conceded games.
"""

from __future__ import annotations

import random

from game.rules import match as m
from game.rules.history import decision
from game.rules.replay import Replay
from game.rules.variants import find_variant


def seeded_game(
    variant, seed: int, previous: m.GameState | None, pick: random.Random, *, resign: float
) -> tuple[Replay, list[m.GameState]]:
    rng = random.Random(seed)
    state = m.next_game(previous, rng) if previous is not None else m.new_game(variant, rng)
    start, states, log = state, [state], []
    while not state.is_over:
        play = None
        conceder = None
        if state.turn and state.phase in (m.Phase.ROLL, m.Phase.MOVE) and pick.random() < resign:
            if state.phase is m.Phase.MOVE and len(m.legal_plays(state)) == 1:
                after = None  # .mat cannot say "thrown, no choice, resigned"
            elif pick.random() < 0.15 and state.phase is m.Phase.ROLL:
                conceder = state.to_act
                after = m.concede(state, conceder)
            else:
                after = m.resign(state, pick.choice((1, 2, 3)))
        else:
            after = None
        if after is not None:
            pass
        elif state.phase is m.Phase.ROLL:
            if m.can_double(state) and pick.random() < 0.12:
                after = m.double(state)
            else:
                after = m.roll(state, rng)
        elif state.phase is m.Phase.TAKE:
            r = pick.random()
            if m.can_beaver(state) and r < 0.2:
                after = m.beaver(state)
            else:
                after = m.take(state) if r < 0.65 else m.drop(state)
        elif state.phase is m.Phase.RESIGN:
            after = m.accept(state) if pick.random() < 0.6 else m.reject(state)
        else:
            plays = m.legal_plays(state)
            play = pick.choice(plays)
            after = m.play(state, play, plays)
        log.append(decision(state, after, play, conceder))
        states.append(after)
        state = after
    replay = Replay(
        variant.id,
        dict(variant.options),
        seed,
        tuple(log),
        match=start.match,
        result=state.result.to_json() if state.result else None,
    )
    return replay, states


def seeded_match(
    seed: int, length: int = 3, *, crawford: bool = True, resign: float = 0.01, games: int = 4
) -> tuple[list[Replay], m.GameState]:
    """A whole match (``length`` > 0), or ``games`` money games (``length`` 0, beavers on)."""
    options = {"match_length": length, "crawford": crawford, "cube": True}
    if length == 0:
        options["beavers"] = True
    variant = find_variant("backgammon", options)
    pick = random.Random(seed * 7919 + 1)
    replays: list[Replay] = []
    previous = None
    while True:
        number = seed * 100 + len(replays)
        replay, states = seeded_game(variant, number, previous, pick, resign=resign)
        replays.append(replay)
        previous = states[-1]
        if (length and previous.match.winner is not None) or (not length and len(replays) >= games):
            return replays, previous
