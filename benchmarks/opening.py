"""Does the opening decide the game? Expert against expert under rule readings.

    python -m benchmarks.opening [--variant quinze_tablas] [--level expert]
                                 [--reading NAME=VALUE,NAME=VALUE ...] [--games 200]
                                 [--first N] [--max-seconds T] [--out FILE.jsonl]

Each reading is a set of rule options ("default" for none). Its games are played by
two players of one level from the opening throw to the end, seeded by their number,
so a reading can be played in pieces (``--first``) and its lines added up. Reported
per reading: games ended within their first two plays (the opening decided them),
ties, the share the side that played first won, and the median length in plays.
With ``--out`` each game is also written as a JSON line as it ends.

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
from game.ai.players import LevelPlayer
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
    args = parser.parse_args(argv)
    for reading in args.reading:
        options = {} if reading == "default" else parse_options(reading.split(","))
        find_variant(args.variant, options)  # an unknown option fails before any game
        started = time.time()
        rows = []
        for game in range(args.first, args.games):
            if args.max_seconds and time.time() - started > args.max_seconds:
                break
            row = play_one(args.variant, options, args.level, game)
            rows.append(row)
            if args.out:
                with args.out.open("a") as out:
                    out.write(json.dumps({"reading": reading, **row}) + "\n")
        print(
            f"{args.variant} [{reading}] {args.level}: {summary(rows)} "
            f"({time.time() - started:.0f} s)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
