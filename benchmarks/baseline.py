"""A level against the UCT baseline (``benchmarks.uct``): how much the level knows.

    python -m benchmarks.baseline [--variant V ...] [--games 100] [--simulations 1000]
                                  [--level expert] [--max-seconds T] [--seed 1]
                                  [--options name=value ...] [--first N]

Single games, no cube. In two-sided variants the level takes each seat in
turn, and two consecutive games share their dice seed; in El Mundo one level
player sits with three UCT players and takes each seat in turn (an even share
is a quarter). Reported per variant: the games, the level's wins and share,
and the mean seconds per move of UCT and of the level (moves with one legal
play are not asked, so not counted). ``--max-seconds`` stops a variant after
the game running when that much time has passed, and says so. ``--options`` sets
rule options for every variant named (the levels play the network trained for
them where there is one). The report counts the games that ended on the first
play, and the level's wins in the others: in Quinze Tablas under its default
rules the first side to throw may hit the other's lone man on pos 8, and the
other, its own pairs on pos 1-6, is shut out at once, whoever plays it. Every
game is seeded by its number, so a run can be played in pieces: ``--first N``
starts at game N, and the pieces add up to the whole run.

UCT at 1000 simulations is slow in pure Python (``python -m benchmarks.uct``
measures it): seconds a move where random games are quick (backgammon,
Lombardorum), several seconds where three dice make many plays (Anglicorum, Duodecim).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence

from benchmarks.uct import UCTPlayer, variant_for
from game.ai.arena import Player, play_game, round_dice
from game.ai.players import LEVELS, LevelPlayer, has_levels
from game.ai.train import parse_options
from game.rules import match as m
from game.rules.errors import RulesError
from game.rules.play import Play
from game.rules.variants import VARIANTS


class Timed:
    """Any arena player, its decisions timed."""

    def __init__(self, player: Player, times: list[float]) -> None:
        self.player = player
        self.times = times

    def play(self, state: m.GameState, plays: list[Play]) -> Play:
        started = time.perf_counter()
        chosen = self.player.play(state, plays)
        self.times.append(time.perf_counter() - started)
        return chosen

    def name_die(self, state: m.GameState) -> int:
        started = time.perf_counter()
        value = self.player.name_die(state)
        self.times.append(time.perf_counter() - started)
        return value


def mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def run_variant(
    variant_id: str,
    level: str,
    games: int,
    simulations: int,
    max_seconds: float = 0.0,
    seed: int = 1,
    options: dict[str, object] | None = None,
    first_game: int = 0,
) -> tuple[int, int]:
    """Games ``first_game`` .. ``games - 1``: (the level's wins, games played)."""
    variant = variant_for(variant_id, options)
    players = variant.players
    level_times: list[float] = []
    uct_times: list[float] = []
    searchers: list[UCTPlayer] = []
    started = time.time()
    wins = ties = played = first = first_won = 0
    rules = f" ({', '.join(f'{k}={v}' for k, v in options.items())})" if options else ""
    print(f"baseline, {variant_id}{rules}: {level} against UCT-{simulations}", flush=True)
    for game in range(first_game, games):
        if max_seconds and time.time() - started > max_seconds:
            break
        seat = game % players
        seats: list[Player] = []
        for s in range(players):
            if s == seat:
                decide = random.Random(seed * 7919 + game)
                seats.append(Timed(LevelPlayer(level, decide), level_times))
            else:
                uct = UCTPlayer(variant, simulations, seed=(seed * 1_000_003 + game) * 8 + s)
                searchers.append(uct)
                seats.append(Timed(uct, uct_times))
        end = play_game(variant, seats, round_dice(seed, game, players))
        won = end.winner == seat
        wins += won
        ties += end.winner is None
        played += 1
        first += end.turn <= 1
        first_won += won and end.turn <= 1
        print(
            f"  game {game + 1}: {level} in seat {seat} "
            f"{'won' if won else 'tied' if end.winner is None else 'lost'} "
            f"after {end.turn} plays ({time.time() - started:.0f} s so far)",
            flush=True,
        )
    wanted = max(0, games - first_game)
    note = f", stopped early after {played} of {wanted} (--max-seconds)" if played < wanted else ""
    if first_game:
        note += f" (games {first_game} to {first_game + played - 1})"
    share = wins / played if played else 0.0
    even = f" (an even share is {1 / players:.0%})" if players > 2 else ""
    tied = f", {ties} tied" if ties else ""
    opening = ""
    if first:
        opening = (
            f"; {first} ended on the first play ({level} won {first_won}), "
            f"{level} won {wins - first_won} of the other {played - first}"
        )
    playouts = sum(u.playouts for u in searchers)
    seconds = sum(u.playout_seconds for u in searchers)
    rate = f"{playouts / seconds:.0f}" if seconds else "-"
    print(
        f"  {variant_id}: {played} games{note}; {level} won {wins}{tied}, "
        f"share {share:.1%}{even}{opening}\n"
        f"  seconds a move: UCT {mean(uct_times):.2f} over {len(uct_times)} moves "
        f"({rate} playouts/s), {level} {mean(level_times):.3f} over {len(level_times)} moves",
        flush=True,
    )
    return wins, played


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.baseline")
    parser.add_argument("--variant", nargs="*", default=list(VARIANTS))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--level", default="expert", choices=LEVELS)
    parser.add_argument("--max-seconds", type=float, default=0.0, help="per variant (0: no limit)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--options", nargs="*", default=[], metavar="NAME=VALUE")
    parser.add_argument(
        "--first", type=int, default=0, help="the first game (a later piece of a run)"
    )
    args = parser.parse_args(argv)
    if args.first < 0:
        parser.error("--first must be 0 or more")
    try:
        options = parse_options(args.options)
    except ValueError as exc:
        parser.error(str(exc))
    for variant_id in args.variant:  # every request checked before any game is played
        if variant_id not in VARIANTS:
            parser.error(f"unknown variant {variant_id!r} (known: {', '.join(VARIANTS)})")
        try:
            variant_for(variant_id, options)
        except (ValueError, RulesError) as exc:
            parser.error(str(exc))
    for variant_id in args.variant:
        if args.level != "novice" and not has_levels(variant_id):
            print(f"baseline, {variant_id}: no trained evaluation for {args.level}, skipped")
            continue
        run_variant(
            variant_id,
            args.level,
            args.games,
            args.simulations,
            args.max_seconds,
            args.seed,
            options,
            args.first,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
