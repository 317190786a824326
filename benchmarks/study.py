"""How long a whole-game analysis takes (``make bench``): the issue's mark is a 60-play
backgammon game in under 30 s on this machine.

    python -m benchmarks.study [--variants backgammon ...] [--seeds 1 2 3]

Each game is played to its end by two advanced computer seats, its dice from the seed,
then analysed as Records' Analyse and ``python -m game.study`` analyse it
(``game.study.analysis.analyse_replay``: the expert's look-ahead on a count of positions,
never the clock). Reported per game: its plays, the seconds of the analysis by the
clock and the processor, and the seconds a play.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence

from game.ai.players import decide
from game.rules import actions as a
from game.rules import match as m
from game.rules.replay import Replay
from game.rules.variants import find_variant
from game.study.analysis import analyse_replay


def played(variant_id: str, seed: int) -> Replay:
    """A whole game between two advanced seats, as a replay."""
    variant = find_variant(variant_id, {"cube": False} if variant_id == "backgammon" else {})
    replay = Replay(variant.id, dict(variant.options), seed, ())
    rng = replay.dice()
    state = m.new_game(variant, rng)
    pick = random.Random(seed)
    log = []
    while not state.is_over and len(log) < 3_000:
        action = decide(state, "advanced", pick.randrange(1 << 30)) or a.throw(state, rng)
        log.append(a.action_to_json(state, action))
        state = a.apply_action(state, action)
    return Replay(variant.id, dict(variant.options), seed, tuple(log))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.study")
    parser.add_argument("--variants", nargs="*", default=["backgammon"])
    parser.add_argument("--seeds", nargs="*", type=int, default=[1, 2, 3])
    args = parser.parse_args(argv)
    for variant_id in args.variants:
        for seed in args.seeds:
            replay = played(variant_id, seed)
            plays = sum(1 for entry in replay.plays if entry.get("action") == "play")
            wall, cpu = time.perf_counter(), time.process_time()
            analyse_replay(replay)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            print(
                f"analysis, {variant_id} seed {seed}: {plays} plays in {wall:.1f} s "
                f"({cpu:.1f} s of the processor), {wall / max(plays, 1):.2f} s a play",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
