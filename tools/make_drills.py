"""Make the starting set of drills each game ships: assets/data/drills/<variant>.json.

    nice -n 15 python tools/make_drills.py [--seed 46] [--games 3] [--count 12] [VARIANT ...]

For each game with a trained evaluation: a few seeded self-play games by the expert's
quick play (the evaluation's best play, no look-ahead); of every position met where
the dice allowed more than one play, the candidates whose second-best play looks
furthest behind the best at a first look; those candidates ranked by the expert's
deeper look (``game.ai.players.ranked_plays``); and the ``count`` where the
second-best play loses the most kept, each with the plays that deeper look saw and
what each gives away (any other answer is judged in the window by the study job).
Tabula's set also holds Zeno's throw (the position of Agathias's epigram, the campaign
level "The emperor's throw"), whose one legal play is the expert's best by force.
El Mundo (four sides) is made the same way: the side to play is the one drilled, its
losses in chances to win.

The file records its seed and the command that made it. Run under ``nice``: a few
minutes for all twelve games on two cores.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai.players import (  # noqa: E402
    evaluator_for,
    first_look,
    has_levels,
    ranked_plays,
)
from game.play.advice import DOUBTFUL, play_text  # noqa: E402
from game.rules import match as m  # noqa: E402
from game.rules.serial import state_from_json  # noqa: E402
from game.rules.variants import VARIANTS, find_variant  # noqa: E402
from game.study.drill_rank import drill_table  # noqa: E402
from game.study.drills import new_drill  # noqa: E402
from game.study.rollout import quick_choice, quick_step  # noqa: E402
from game.study.starters import FORMAT, VERSION, starters_path  # noqa: E402

CANDIDATES = 3  # candidates ranked deeply for each drill kept
MAX_PLIES = 600
ZENO_LEVEL = "23-the-emperors-throw"


def self_play(variant_id: str, seed: int, games: int) -> list[m.GameState]:
    """The states with a real choice of play met in ``games`` seeded games."""
    variant = find_variant(variant_id)
    ev = evaluator_for(variant)
    found: list[m.GameState] = []
    for n in range(games):
        rng = random.Random(f"drills {seed} {variant_id} {n}")
        state = m.new_game(variant, rng, m.match_from_options(variant))
        for _ in range(MAX_PLIES):
            if state.is_over:
                break
            if state.phase is m.Phase.MOVE:
                plays = m.legal_plays(state)
                if len(plays) > 1:
                    found.append(state)
                state = m.play(state, quick_choice(state, ev, plays), plays)
            else:
                state = quick_step(state, ev, rng)
    return found


def gap(ranked: list[Any]) -> float:
    """How far the second-best play is behind the best (0 with one play)."""
    return ranked[0].value - ranked[1].value if len(ranked) > 1 else 0.0


def make(variant_id: str, seed: int, games: int, count: int, now: float) -> list[dict[str, Any]]:
    states = self_play(variant_id, seed, games)
    # The first look's gaps pick the candidates; the expert's deeper look ranks them.
    looked = sorted(states, key=lambda s: -gap(first_look(s)))[: count * CANDIDATES]
    judged = []
    for state in looked:
        judged.append((gap(ranked_plays(state, "expert")), state))
    judged.sort(key=lambda j: -j[0])
    drills = []
    seen: set[str] = set()
    for _, state in judged:
        ranked, table = drill_table(state)  # the kept drill's plays judged the tutor's way
        if len(table) > 1 and table[1][1] < DOUBTFUL:
            continue  # another play as good, judged closely: nothing to find
        best = play_text(state, ranked[0].play)
        drill = new_drill(state, best, now, source="starter", ranking=table)
        if drill.key in seen:
            continue
        seen.add(drill.key)
        drills.append(drill.to_json())
        if len(drills) == count:
            break
    if variant_id == "tabula":
        drills.insert(0, zeno(now))
    return drills


def zeno(now: float) -> dict[str, Any]:
    """Zeno's throw: the campaign level's first state, its one play the best."""
    from game.campaign import Campaign

    level = Campaign.load().level(ZENO_LEVEL)
    assert level is not None and level.first is not None
    state = state_from_json(dict(level.first))
    _, table = drill_table(state)
    return new_drill(state, table[0][0], now, source="starter", ranking=table).to_json()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="*", help="the games (all with an evaluation)")
    parser.add_argument("--seed", type=int, default=46)
    parser.add_argument("--games", type=int, default=3, help="self-play games a game")
    parser.add_argument("--count", type=int, default=12, help="drills a game")
    args = parser.parse_args(argv)
    chosen = args.variants or [v for v in VARIANTS if has_levels(v)]
    for variant_id in chosen:
        started = time.monotonic()
        drills = make(variant_id, args.seed, args.games, args.count, 0.0)
        command = "nice -n 15 python tools/make_drills.py " + " ".join(
            [f"--seed {args.seed}", f"--games {args.games}", f"--count {args.count}", variant_id]
        )
        data = {
            "format": FORMAT,
            "version": VERSION,
            "variant": variant_id,
            "seed": args.seed,
            "command": command,
            "drills": drills,
        }
        path = starters_path(variant_id)
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_name(path.name + ".part")
        part.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        os.replace(part, path)
        took = time.monotonic() - started
        print(f"{variant_id}: {len(drills)} drills in {took:.0f} s -> {path}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
