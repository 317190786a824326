"""The expert on its variant's look-ahead count against the expert on another count.

    python -m benchmarks.budgets VARIANT [--options name=value ...] [--games 100]
                                 [--against 40000] [--seed 22] [--max-seconds 1200]

How a change of ``game.ai.budget.VARIANT_POSITIONS`` is judged: the share of games the
expert with the variant's count wins against the expert with ``--against`` positions
(the single count every variant had before), each taking every seat in turn with the
same dice for each round of seats (duplicate dice, ``game.ai.train.share_won``'s way: in
El Mundo one seat against three, an even share is a quarter). Where the two counts make
the same plays, the two games of a round are the same game seen from both seats and
cancel out; only the positions where the smaller count stops the look-ahead can make a
difference. Reported with its standard error (binomial, over games), and how many
rounds did not split evenly. ``--max-seconds`` stops after the round that passes it.

``--positions N`` judges decisions instead of games (far fewer seconds for what
they tell): over N decisions of seeded random games (``benchmarks.decisions.sampled``),
how often the two counts choose differently, and what the variant's count gives away
a decision on average (with its standard error), as the other count's look-ahead
values the two choices.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence

from game.ai import players
from game.ai.arena import play_game, round_dice
from game.ai.budget import Budget, positions_for
from game.ai.train import parse_options
from game.rules import match as m
from game.rules.play import Play
from game.rules.variants import find_variant


class Counted:
    """The expert with a look-ahead count of its own (no clock: the same on any load)."""

    def __init__(self, positions: int) -> None:
        self.positions = positions

    def play(self, state: m.GameState, plays: list[Play]) -> Play:
        budget = Budget(self.positions, seconds=math.inf)
        return players.ranked_plays(state, "expert", plays=plays, budget=budget)[0].play

    def name_die(self, state: m.GameState) -> int:
        return players.choose_die(state, "expert")


def judged(variant_id: str, options: dict[str, object], count: int, against: int) -> str:
    """How the variant's count decides ``count`` sampled decisions against ``against``."""
    from benchmarks.decisions import sampled

    mine = positions_for(find_variant(variant_id))
    losses: list[float] = []
    for state in sampled(variant_id, options, count):
        plays = m.legal_plays(state)
        budget = Budget(mine, seconds=math.inf)
        chosen = players.ranked_plays(state, "expert", plays=plays, budget=budget)[0].play
        if not budget.stopped:  # the count never bit: the same look-ahead, the same play
            losses.append(0.0)
            continue
        other = Budget(against, seconds=math.inf)
        ranked = players.ranked_plays(state, "expert", plays=plays, budget=other)
        value = {r.play: r.value for r in ranked}
        losses.append(ranked[0].value - value[chosen])
    mean = sum(losses) / len(losses)
    spread = math.sqrt(sum((x - mean) ** 2 for x in losses) / max(1, len(losses) - 1))
    differ = sum(1 for x in losses if x > 0)
    return (
        f"{variant_id} {options or ''}: on {mine} positions the expert chose otherwise than on "
        f"{against} in {differ} of {len(losses)} decisions, giving away {mean:.5f} ± "
        f"{spread / math.sqrt(len(losses)):.5f} a decision (as {against} values it)"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.budgets")
    parser.add_argument("variant")
    parser.add_argument("--options", nargs="*", default=[], metavar="NAME=VALUE")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--against", type=int, default=40_000, help="the other count")
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--max-seconds", type=float, default=math.inf)
    parser.add_argument("--positions", type=int, help="judge this many decisions instead")
    args = parser.parse_args(argv)
    variant = find_variant(args.variant, parse_options(args.options))
    if args.positions:
        options = parse_options(args.options)
        print(judged(args.variant, options, args.positions, args.against), flush=True)
        return 0
    mine = positions_for(variant)
    me, other = Counted(mine), Counted(args.against)
    seats = variant.players
    started = time.perf_counter()
    wins, played, uneven, round_wins = 0, 0, 0, 0
    for game in range(args.games):
        seat = game % seats
        table = [other] * seats
        table[seat] = me
        won = play_game(variant, table, round_dice(args.seed, game, seats)).winner == seat
        wins, played, round_wins = wins + won, played + 1, round_wins + won
        if seat == seats - 1:  # a round of seats is over
            uneven += round_wins != 1  # the same plays: the same seat wins every game
            round_wins = 0
            seconds = time.perf_counter() - started
            line = f"  {played} games: {wins} won, {uneven} rounds uneven, {seconds:.0f} s"
            print(line, flush=True)
            if seconds > args.max_seconds:
                break
    share = wins / played
    error = math.sqrt(share * (1 - share) / played)
    print(
        f"{variant.id} {dict(variant.options)}: the expert on {mine} positions won "
        f"{100 * share:.1f}% ± {100 * error:.1f}% of {played} games against the expert on "
        f"{args.against} (even: {100 / seats:.0f}%); rounds not split evenly: "
        f"{uneven} of {played // seats}; {time.perf_counter() - started:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
