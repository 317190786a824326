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
import sys
from collections.abc import Sequence

from benchmarks.ladder import pair_game
from game.ai.arena import play_game
from game.ai.players import evaluator_for
from game.rules import actions as a
from game.rules import match as m
from game.rules.notation import format_turn
from game.rules.variants import VARIANTS
from game.study.analysis import GameAnalysis, analyse_game
from game.study.rollout import rollout


def ladder_game(
    variant_id: str, high: str, low: str, game: int
) -> tuple[list[m.GameState], list[a.Action], int]:
    """Game ``game`` of the ladder's pair ``high:low`` (``benchmarks.ladder.pair_game``):
    its states, its actions and the seat of ``high``."""
    variant, seats, seat, dice = pair_game(variant_id, high, low, game)
    states: list[m.GameState] = []
    actions: list[a.Action] = []

    def stepped(state: m.GameState, action: a.Action) -> None:
        states.append(state)
        actions.append(action)

    states.append(play_game(variant, seats, dice, stepped=stepped))
    return states, actions, seat


def chances_before_turns(states: Sequence[m.GameState], seat: int) -> list[tuple[int, float]]:
    """(state index, ``seat``'s chance to win by the evaluation) before each of its rolls."""
    turns = [
        i for i, state in enumerate(states) if state.phase is m.Phase.ROLL and state.to_act == seat
    ]
    if not turns:
        return []
    y = evaluator_for(states[0].variant).outputs([states[i].position for i in turns])
    return [(i, float(chance)) for i, chance in zip(turns, y[:, 0], strict=True)]


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
    judged = dict(trail)
    for drop, i, j in falls:
        print(f"  fall {drop:.2f} (states {i}-{j}): {turn_text(states, actions, i, j)}")
        print(f"    before: {states[i].position!r}")
        if rollouts:
            mine = rollout(states[i], rollouts, seed=1).sides[seat]
            print(
                f"    rolled out {rollouts} times: {high} wins {mine.win:.1%}, "
                f"{mine.mean:+.3f} +- {mine.half_width:.3f} points (the evaluation: wins "
                f"{judged[i]:.1%})"
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
