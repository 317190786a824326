"""Seeded backgammon matches played at random the way the board plays them, for the .mat tests.

The dice come from ``Random(seed)`` alone (as the game draws them), the choices from
another generator: doubles, takes, drops, beavers (money play), resignations offered
and accepted or rejected, before or after the throw, and conceded games.
"""

from __future__ import annotations

import random

from game.rules import actions as a
from game.rules import match as m
from game.rules.replay import Replay
from game.rules.variants import find_variant


def seeded_game(
    variant, seed: int, previous: m.GameState | None, pick: random.Random, *, resign: float
) -> tuple[Replay, list[m.GameState]]:
    rng = random.Random(seed)
    state = m.next_game(previous, rng) if previous is not None else m.new_game(variant, rng)
    start, states, log = state, [state], []
    while not state.is_over:
        action: a.Action | None = None
        if state.turn and state.phase in (m.Phase.ROLL, m.Phase.MOVE) and pick.random() < resign:
            if state.phase is m.Phase.MOVE and len(m.legal_plays(state)) == 1:
                pass  # .mat cannot say "thrown, no choice, resigned"
            elif pick.random() < 0.15 and state.phase is m.Phase.ROLL:
                action = a.Concede(state.to_act)
            else:
                action = a.Resign(pick.choice((1, 2, 3)))
        if action is not None:
            pass
        elif state.phase is m.Phase.ROLL:
            if m.can_double(state) and pick.random() < 0.12:
                action = a.Double()
            else:
                action = a.throw(state, rng)
        elif state.phase is m.Phase.TAKE:
            r = pick.random()
            if m.can_beaver(state) and r < 0.2:
                action = a.Beaver()
            else:
                action = a.Take() if r < 0.65 else a.Drop()
        elif state.phase is m.Phase.RESIGN:
            action = a.Accept() if pick.random() < 0.6 else a.Reject()
        else:
            action = a.Move(pick.choice(m.legal_plays(state)))
        log.append(a.action_to_json(state, action))
        after = a.apply_action(state, action)
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
