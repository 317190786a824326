"""The ladder: levels playing each other, and their thinking time (``make bench``).

    python -m benchmarks.ladder [--variant backgammon ...|all] [--games 400]
                                [--expert-games 100] [--pairs a:b ...] [--max-seconds T]
                                [--first N] [--show-lost]
                                [--ratings-out FILE] [--ratings-into FILE]

Each pair plays ``--games`` games (``--expert-games`` where expert is one of
them): single games, no cube, the higher level taking each seat in turn. Two
consecutive games share their seed, so both sides see the same opening dice.
In El Mundo one player of the higher level sits with three of the lower (a
quarter of the games is an even share). Reported: the share the higher level
wins, and the median and 95th percentile thinking time per decision of each
level. ``--max-seconds`` stops a pair early and says how many games it played.
Every game is seeded by its number, so a pair can be played in pieces:
``--first N`` starts at game N (the games before it are left to an earlier run),
and the pieces' wins and games add up to the whole run's. ``--ratings-out FILE``
writes the level ratings of the games played (``game.study.level_table``);
``--ratings-into FILE`` puts them into an existing file in place of those games' own,
each with its command and date, and keeps the others. ``--show-lost`` names
the games the higher level did not win; ``python -m benchmarks.lost`` plays one
again and says why it was lost.
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from benchmarks import percentile
from game.ai.arena import Player, play_game
from game.ai.players import LevelPlayer, has_levels
from game.files import write_json
from game.rules import match as m
from game.rules.play import Play
from game.rules.variants import VARIANTS, find_variant
from game.rules.variants.base import Variant
from game.study.rating import RUNGS

SHOWN = 20  # --show-lost names at most this many games a pair

DEFAULT_PAIRS = (
    "beginner:novice",
    "intermediate:beginner",
    "advanced:intermediate",
    "expert:advanced",
    "expert:novice",
)


class Timed(LevelPlayer):
    """A level whose every decision is timed."""

    def __init__(self, level: str, rng: random.Random, times: list[float]) -> None:
        super().__init__(level, rng)
        self.times = times

    def play(self, state: m.GameState, plays: list[Play]) -> Play:
        started = time.perf_counter()
        chosen = super().play(state, plays)
        self.times.append(time.perf_counter() - started)
        return chosen


def pair_game(
    variant_id: str,
    high: str,
    low: str,
    game: int,
    player: Callable[[str, random.Random], Player] = LevelPlayer,
) -> tuple[Variant, list[Player], int, random.Random]:
    """Game ``game`` of the pair ``high:low``, ready to play: the variant (backgammon
    without its cube), the players by seat, ``high``'s seat and the dice. Two consecutive
    games share their seed; ``high`` takes each seat in turn."""
    options = {"cube": False} if variant_id == "backgammon" else {}
    variant = find_variant(variant_id, options)
    seed = 1000 + game // 2
    seat = game % variant.players
    decide = random.Random(seed * 7 + game)
    seats = [player(low, decide) for _ in range(variant.players)]
    seats[seat] = player(high, decide)
    return variant, seats, seat, random.Random(seed)


def run_pair(
    variant_id: str,
    high: str,
    low: str,
    games: int,
    times: dict[str, list[float]],
    max_seconds: float = 0.0,
    first: int = 0,
    lost: list[int] | None = None,
) -> tuple[int, int]:
    """(games won by ``high``, games played) of games ``first`` .. ``games - 1``; the
    numbers of the games ``high`` did not win are added to ``lost``."""

    def timed(level: str, decide: random.Random) -> Player:
        return Timed(level, decide, times[level])

    started = time.time()
    wins = played = 0
    for game in range(first, games):
        if max_seconds and time.time() - started > max_seconds:
            break
        variant, seats, seat, dice = pair_game(variant_id, high, low, game, timed)
        won = play_game(variant, seats, dice).winner == seat
        wins += won
        played += 1
        if not won and lost is not None:
            lost.append(game)
    return wins, played


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ladder")
    parser.add_argument("--variant", nargs="*", default=["backgammon"])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--expert-games", type=int, default=100)
    parser.add_argument("--pairs", nargs="*", default=list(DEFAULT_PAIRS))
    parser.add_argument("--max-seconds", type=float, default=0.0, help="per pair (0: no limit)")
    parser.add_argument(
        "--first", type=int, default=0, help="the first game of each pair (a later piece of a run)"
    )
    parser.add_argument(
        "--show-lost",
        action="store_true",
        help="name the games the higher level did not win (python -m benchmarks.lost replays one)",
    )
    parser.add_argument(
        "--ratings-out",
        metavar="FILE",
        help="write each two-sided game's level ratings (game.study.rating) from the shares",
    )
    parser.add_argument(
        "--ratings-into",
        metavar="FILE",
        help="put the ratings of the games played into FILE's, keeping its other games'",
    )
    args = parser.parse_args(argv)
    if args.first < 0:
        parser.error("--first must be 0 or more")
    rungs = [f"{high}:{low}" for high, low in RUNGS]
    if (args.ratings_out or args.ratings_into) and not set(rungs) <= set(args.pairs):
        parser.error("the ratings need every level against the one below: " + " ".join(rungs))
    kept: dict[str, Any] = {}
    if args.ratings_into:
        try:  # read before the games: a file that cannot take them is said at once
            kept = read_ratings(Path(args.ratings_into))
        except (OSError, ValueError) as exc:
            parser.error(f"--ratings-into {args.ratings_into}: {exc}")
    rated: dict[str, dict[str, object]] = {}
    variants = args.variant
    if "all" in variants:
        variants = sorted(VARIANTS, key=lambda v: VARIANTS[v].order)
    for variant_id in variants:
        if not has_levels(variant_id):
            print(f"ladder, {variant_id}: no trained evaluation, skipped")
            continue
        players = VARIANTS[variant_id].players
        even = 1 / players
        times: dict[str, list[float]] = defaultdict(list)
        shares: dict[tuple[str, str], tuple[int, int]] = {}
        print(f"ladder, {variant_id}:", flush=True)
        for pair in args.pairs:
            high, low = pair.split(":")
            games = args.expert_games if "expert" in (high, low) else args.games
            lost: list[int] = []
            wins, played = run_pair(
                variant_id, high, low, games, times, args.max_seconds, args.first, lost
            )
            wanted = max(0, games - args.first)
            note = f" (stopped after {played} of {wanted})" if played < wanted else ""
            if args.first:
                note += f" (games {args.first} to {args.first + played - 1}: {wins} won)"
            versus = f"{high} beats {low}"
            if players > 2:
                versus = f"one {high} among {players - 1} {low}"
            share = wins / played if played else 0.0
            shares[(high, low)] = (wins, played)
            print(
                f"  {versus}: {share:.1%} of {played} games{note}"
                + (f" (an even share is {even:.0%})" if players > 2 else ""),
                flush=True,
            )
            if lost and args.show_lost:
                named = ", ".join(map(str, lost[:SHOWN]))
                more = f" and {len(lost) - SHOWN} more" if len(lost) > SHOWN else ""
                print(f"    {high} did not win games {named}{more}", flush=True)
        for level, spent in sorted(times.items()):
            print(
                f"  thinking, {level}: median {statistics.median(spent) * 1000:.1f} ms, "
                f"95th percentile {percentile(spent, 0.95) * 1000:.1f} ms over {len(spent)} moves"
            )
        if (args.ratings_out or args.ratings_into) and players == 2:
            rated[variant_id] = ratings_entry(shares)
    command = "python -m benchmarks.ladder " + " ".join(argv or sys.argv[1:])
    made = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d")
    if args.ratings_out:
        write_json(Path(args.ratings_out), {"command": command, "date": made, "variants": rated})
        print(f"level ratings of {len(rated)} games written to {args.ratings_out}")
    if args.ratings_into:
        for entry in rated.values():
            entry.update(command=command, date=made)
        kept["variants"] = {**kept["variants"], **rated}
        write_json(Path(args.ratings_into), kept)
        print(f"level ratings of {len(rated)} games put into {args.ratings_into}")
    return 0


def read_ratings(path: Path) -> dict[str, Any]:
    """A level ratings file (``game.study.level_table``'s form), checked: raises
    ``ValueError`` saying what is wrong with it, ``OSError`` where it cannot be read."""
    from game.study.level_table import ratings_from_json

    data = json.loads(path.read_text(encoding="utf-8"))
    ratings_from_json(data)
    return dict(data)


def ratings_entry(shares: dict[tuple[str, str], tuple[int, int]]) -> dict[str, object]:
    """One game's level ratings from the ladder's adjacent pairs, with the wins and games
    each share came from. Each share is Laplace's, (wins + 1) / (games + 2): a few games
    pull a level only a little away from the one below (none played: even)."""
    from game.study.rating import level_ratings

    share = {pair: (wins + 1) / (played + 2) for pair, (wins, played) in shares.items()}
    return {
        "levels": {level: round(r, 1) for level, r in level_ratings(share).items()},
        "pairs": {f"{h}:{lo}": {"won": w, "games": n} for (h, lo), (w, n) in shares.items()},
    }


if __name__ == "__main__":
    sys.exit(main())
