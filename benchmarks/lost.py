"""One game of a ladder pair, played again and looked at: why did the higher level lose it?

    python -m benchmarks.lost VARIANT GAME [GAME ...] [--pair expert:novice]
                              [--rollouts N]

``GAME`` is a game's number in ``benchmarks.ladder`` (``--show-lost`` names the games
the higher level did not win): the same seeds give the same dice and the same plays.
Each game is analysed as Records' Analyse does it (the expert's deeper look judging
every play, and the luck of every throw), and the report says:

- the result and each side's total error and luck, in the game's expected points;
- the higher level's chance to win by its evaluation before each of its turns (a
  compact graph), and the turns where it fell most, each with the throws and plays
  between them (a throw that took most of it is luck; a play the analysis calls an
  error is a misjudgement the look-ahead saw);
- with ``--rollouts N``: the position before each of the three biggest falls rolled
  out N times (``game.study.rollout``), against the evaluation's own chance there: a
  network that misjudges a kind of position shows here as a gap the look-ahead cannot
  see.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
from collections.abc import Sequence

from game.ai.players import LevelPlayer, evaluator_for
from game.rules import actions as a
from game.rules import match as m
from game.rules.notation import format_turn
from game.rules.variants import VARIANTS, find_variant
from game.study.analysis import GameAnalysis, analyse_game
from game.study.rollout import rollout


def ladder_game(
    variant_id: str, high: str, low: str, game: int
) -> tuple[list[m.GameState], list[a.Action], int]:
    """Game ``game`` of the ladder's pair ``high:low`` (``benchmarks.ladder.run_pair``'s
    seeds): its states, its actions and the seat of ``high``."""
    options = {"cube": False} if variant_id == "backgammon" else {}
    variant = find_variant(variant_id, options)
    seed = 1000 + game // 2
    seat = game % variant.players
    decide = random.Random(seed * 7 + game)
    seats = [LevelPlayer(low, decide) for _ in range(variant.players)]
    seats[seat] = LevelPlayer(high, decide)
    rng = random.Random(seed)
    state = m.new_game(variant, rng)
    states, actions = [state], []
    while not state.is_over:
        if state.phase is m.Phase.ROLL:
            state = m.roll(state, rng)
            action: a.Action = a.Roll(tuple(state.dice))
        elif state.phase is m.Phase.CHOOSE:
            value = seats[state.to_act].name_die(state)
            action = a.NameDie(value)
            state = m.choose_die(state, value)
        else:
            plays = m.legal_plays(state)
            chosen = plays[0] if len(plays) == 1 else seats[state.to_act].play(state, plays)
            action = a.Move(chosen)
            state = m.play(state, chosen, plays)
        actions.append(action)
        states.append(state)
    return states, actions, seat


def chances_before_turns(states: Sequence[m.GameState], seat: int) -> list[tuple[int, float]]:
    """(state index, ``seat``'s chance to win by the evaluation) before each of its rolls."""
    ev = evaluator_for(states[0].variant)
    found = []
    for i, state in enumerate(states):
        if state.phase is m.Phase.ROLL and state.to_act == seat:
            y = ev.outputs([state.position])[0]
            found.append((i, float(y[0])))
    return found


def turn_text(states: Sequence[m.GameState], actions: Sequence[a.Action], i: int, j: int) -> str:
    """The throws and plays from state ``i`` to state ``j``, as notation."""
    words = []
    for k in range(i, j):
        action = actions[k]
        if isinstance(action, a.Move):
            before = states[k]
            who = before.to_act
            text = format_turn(before.variant, before.dice, action.play)
            words.append(f"side {who} {''.join(map(str, before.dice))}: {text}")
    return "; ".join(words)


def report(variant_id: str, game: int, high: str, low: str, rollouts: int) -> GameAnalysis:
    states, actions, seat = ladder_game(variant_id, high, low, game)
    last = states[-1]
    result = last.result
    won = result is not None and result.winner == seat
    points = result.points if result is not None else 0
    print(
        f"{variant_id} game {game}: {high} in seat {seat} "
        f"{'won' if won else 'lost'} {points} point(s) after {last.turn} plays",
        flush=True,
    )
    names = [low] * len(states[0].position.board)
    names[seat] = high
    analysis = analyse_game(states, actions, names)
    for side in range(states[0].variant.players):
        who = high if side == seat else low
        luck = analysis.luck(side)
        worst = sorted(analysis.side_decisions(side), key=lambda d: -d.loss)[:3]
        print(
            f"  side {side} ({who}): error {analysis.total_loss(side):.3f} over "
            f"{analysis.counted(side)} choices, luck "
            f"{'-' if luck is None else f'{luck:+.3f}'}; worst: "
            + ", ".join(f"{d.chosen} ({d.loss:.3f}, best {d.best})" for d in worst if d.loss)
        )
    trail = chances_before_turns(states, seat)
    print("  chance to win before each turn: " + " ".join(f"{c:.2f}" for _, c in trail))
    steps = itertools.pairwise(trail)
    falls = sorted(((c - d, i, j) for (i, c), (j, d) in steps), reverse=True)[:3]
    for drop, i, j in falls:
        print(f"  fall {drop:.2f} (states {i}-{j}): {turn_text(states, actions, i, j)}")
        print(f"    before: {states[i].position!r}")
        if rollouts:
            mine = rollout(states[i], rollouts, seed=1).sides[seat]
            judged = evaluator_for(states[0].variant).outputs([states[i].position])[0]
            print(
                f"    rolled out {rollouts} times: {high} wins {mine.win:.1%}, "
                f"{mine.mean:+.3f} +- {mine.half_width:.3f} points (the evaluation: wins "
                f"{judged[0]:.1%})"
            )
    return analysis


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.lost")
    parser.add_argument("variant", choices=sorted(VARIANTS))
    parser.add_argument("games", type=int, nargs="+")
    parser.add_argument("--pair", default="expert:novice")
    parser.add_argument("--rollouts", type=int, default=0)
    args = parser.parse_args(argv)
    high, low = args.pair.split(":")
    for game in args.games:
        report(args.variant, game, high, low, args.rollouts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
