"""Does the opening decide the game? Expert against expert under rule readings.

    python -m benchmarks.opening [--variant quinze_tablas] [--level expert]
                                 [--reading NAME=VALUE,NAME=VALUE ...] [--games 200]
                                 [--first N] [--max-seconds T] [--out FILE.jsonl]
                                 [--swap] [--weights W.npz]

Each reading is a set of rule options ("default" for none). Its games are played by
two players of one level from the opening throw to the end, seeded by their number,
so a reading can be played in pieces (``--first``) and its lines added up. Reported
per reading: games ended within their first two plays (the opening decided them),
ties, the share the side that played first won, and the median length in plays.
With ``--out`` each game is also written as a JSON line as it ends.

With ``--swap`` each side throws its own stream of dice, and every game is played
twice, the second time with the two sides' streams exchanged (the same opening throw,
so the same side plays first): where the side that plays first wins both games of a
pair, the seat won it, not the dice. The share the first to play wins is then told
apart from the luck of the throws. ``--weights`` plays with another network in place of
the shipped one (a network trained under other rules, say).

Quinze Tablas' default reading was decided by these figures (RULES.md: the
default is the best-sourced reading under which fewer than 5% of games end
within their first two plays and fewer than 10% are ties).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.ai.arena import play_game
from game.ai.players import LevelPlayer, use_weights
from game.ai.train import parse_options
from game.rules import match as m
from game.rules.variants import find_variant

EARLY = 2  # a game over within this many plays was decided by its opening


def play_one(variant_id: str, options: dict[str, Any], level: str, game: int) -> dict[str, Any]:
    """One seeded game between two players of ``level``: how it went."""
    variant = find_variant(variant_id, options)
    decide = random.Random(game * 7 + 3)
    seats = [LevelPlayer(level, decide) for _ in range(variant.players)]
    first: list[int] = []

    def seen(state: m.GameState) -> None:
        if not first and state.phase is m.Phase.MOVE:
            first.append(state.on_roll)

    end = play_game(variant, seats, random.Random(10_000 + game), seen)
    result = end.result
    assert result is not None
    return {
        "game": game,
        "plays": end.turn,
        "kind": result.kind.value,
        "winner": result.winner,
        "starter": first[0] if first else None,
    }


def play_swapped(
    variant_id: str, options: dict[str, Any], level: str, game: int, swapped: bool
) -> dict[str, Any]:
    """One seeded game between two players of ``level`` where each side throws its own
    dice: the side that plays first the first stream, the other the second (``swapped``:
    the other way round). The opening throw is the same either way, so the same side
    starts; a game and its swapped twin give the starter both sides' dice in turn."""
    variant = find_variant(variant_id, options)
    decide = random.Random(game * 7 + 3)
    seats = [LevelPlayer(level, decide) for _ in range(variant.players)]
    opening = random.Random(10_000 + game)
    starter = m.new_game(variant, random.Random(10_000 + game)).to_act  # as play_game's
    streams = [random.Random(f"swap {game} {role}") for role in range(2)]
    if swapped:
        streams.reverse()

    def throws(state: m.GameState) -> random.Random:
        return streams[0 if state.to_act == starter else 1]

    state = play_game(variant, seats, opening, throws=throws)
    result = state.result
    assert result is not None
    return {
        "game": game,
        "swapped": swapped,
        "plays": state.turn,
        "kind": result.kind.value,
        "winner": result.winner,
        "starter": starter,
    }


def swap_summary(rows: Sequence[dict[str, Any]]) -> str:
    """How the pairs of a game and its swapped twin went for the side that played first."""
    twins: dict[int, list[dict[str, Any]]] = {}
    for r in rows:
        twins.setdefault(r["game"], []).append(r)
    both = split = neither = 0
    for pair in twins.values():
        if len(pair) != 2 or any(r["winner"] is None for r in pair):
            continue
        won = sum(r["winner"] == r["starter"] for r in pair)
        both += won == 2
        split += won == 1
        neither += won == 0
    pairs = both + split + neither
    if not pairs:
        return "no whole pairs"
    return (
        f"of {pairs} pairs with the dice swapped, the first to play won both {both} "
        f"({100 * both / pairs:.0f}%), one {split} ({100 * split / pairs:.0f}%), "
        f"neither {neither} ({100 * neither / pairs:.0f}%)"
    )


def summary(rows: Sequence[dict[str, Any]]) -> str:
    games = len(rows)
    if not games:
        return "no games"
    early = sum(r["plays"] <= EARLY for r in rows)
    ties = sum(r["winner"] is None for r in rows)
    decided = [r for r in rows if r["winner"] is not None and r["starter"] is not None]
    starter_won = sum(r["winner"] == r["starter"] for r in decided)
    kinds: dict[str, int] = {}
    for r in rows:
        kinds[r["kind"]] = kinds.get(r["kind"], 0) + 1
    return (
        f"{games} games: ended within {EARLY} plays {early} ({100 * early / games:.1f}%), "
        f"ties {ties} ({100 * ties / games:.1f}%), the first to play won "
        f"{starter_won} of {len(decided)} decided, median length "
        f"{statistics.median(r['plays'] for r in rows):.0f} plays; ends: "
        + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items()))
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.opening")
    parser.add_argument("--variant", default="quinze_tablas")
    parser.add_argument("--level", default="expert")
    parser.add_argument("--reading", nargs="*", default=["default"])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--max-seconds", type=float, default=0.0)
    parser.add_argument("--out", type=Path)
    parser.add_argument(
        "--swap",
        action="store_true",
        help="each side throws its own dice, and every game is played again with the "
        "sides' dice swapped (the first player's advantage apart from the dice)",
    )
    parser.add_argument("--weights", type=Path, help="play with these weights instead")
    args = parser.parse_args(argv)
    if args.weights is not None:
        try:
            use_weights(args.variant, args.weights)
        except (OSError, ValueError) as exc:
            parser.error(str(exc))
    for reading in args.reading:
        options = {} if reading == "default" else parse_options(reading.split(","))
        find_variant(args.variant, options)  # an unknown option fails before any game
        started = time.time()
        rows = []
        for game in range(args.first, args.games):
            if args.max_seconds and time.time() - started > args.max_seconds:
                break
            played = [False, True] if args.swap else [None]
            for swapped in played:
                if swapped is None:
                    row = play_one(args.variant, options, args.level, game)
                else:
                    row = play_swapped(args.variant, options, args.level, game, swapped)
                rows.append(row)
                if args.out:
                    with args.out.open("a") as out:
                        out.write(json.dumps({"reading": reading, **row}) + "\n")
        print(
            f"{args.variant} [{reading}] {args.level}: {summary(rows)} "
            f"({time.time() - started:.0f} s)",
            flush=True,
        )
        if args.swap:
            print(f"  {swap_summary(rows)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
