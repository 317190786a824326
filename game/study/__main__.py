"""``python -m game.study FILE``: judge a finished game (a replay) or every game of a
match (a ``.mat`` file) by the expert; print the summary, write the analysis as JSON.

Exit status 0 when every game was analysed, 1 with one line on standard error for a
file that cannot be read, is not a replay or a ``.mat``, or does not follow the rules
(nothing is written then), 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from game.files import write_json
from game.rules.mat import MatError, read_mat
from game.rules.replay import (
    MAX_BYTES,
    Replay,
    ReplayError,
    printable,
    read_replay_json,
    replay_from_json,
)
from game.rules.safe_read import FileRefused, read_text
from game.study.analysis import analyse_replay
from game.study.summary import summary_lines


def read_games(name: str) -> tuple[list[Replay], tuple[str, ...]]:
    """The games of a replay (one) or ``.mat`` file (each of the match), and the names
    the file gives the sides (raises ``ReplayError`` saying what is wrong)."""
    if name.lower().endswith(".mat"):
        try:
            text = read_text(Path(name), MAX_BYTES)
        except FileRefused as exc:
            raise ReplayError(str(exc)) from None
        match = read_mat(text)
        return list(match.games), match.names
    replay = replay_from_json(read_replay_json(name))
    return [replay], ()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.study",
        description="Analyse a finished game (a Tabula replay) or a match (a .mat file): "
        "every play and cube decision judged by the expert, the luck of each throw, the "
        "chances over the game and each side's performance rating.",
    )
    parser.add_argument("file", help="a replay (.json) or a match (.mat)")
    parser.add_argument("--json", metavar="OUT", help="write the analysis here as JSON")
    parser.add_argument("--quiet", action="store_true", help="print no progress")
    args = parser.parse_args(argv)
    try:
        games, names = read_games(args.file)
    except (ReplayError, MatError) as exc:
        print(f"{printable(args.file)}: {exc}", file=sys.stderr)
        return 1
    analyses = []
    for n, replay in enumerate(games, 1):

        def progress(done: int, total: int, n: int = n) -> None:
            if not args.quiet:
                print(f"\rgame {n} of {len(games)}: {done}/{total}", end="", file=sys.stderr)

        try:
            analysis = analyse_replay(replay, names, progress)
        except (ReplayError, ValueError) as exc:
            print(f"\n{printable(args.file)}: game {n}: {exc}", file=sys.stderr)
            return 1
        if not args.quiet:
            print(file=sys.stderr)
        title = f"Game {n} of {len(games)}" if len(games) > 1 else ""
        print("\n".join(summary_lines(analysis, title)))
        analyses.append(analysis.to_json())
    if args.json:
        out = (
            analyses[0]
            if len(analyses) == 1
            else {"format": "tabula-analysis-match", "games": analyses}
        )
        try:
            write_json(Path(args.json), out)
        except OSError as exc:
            print(f"{printable(args.json)}: cannot write: {exc.strerror}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
