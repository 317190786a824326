"""Fingerprints of the seed texts' word runs, so that "no text copies a seed" can be
checked where the seeds themselves are not (a clean clone in CI has no ../shared).

The seeds are the project's rule sources (``../shared/seeds``). No run of ``RUN`` words
of a seed may appear in a variant's text. ``tests/data/seed_runs.txt`` holds a short hash
of every such run of every seed, not the words themselves; the test hashes the runs of
each text and looks them up. When the seeds are present the test also checks that the
file is up to date. Regenerate it with::

    python -m tests.seed_runs ../shared/seeds
"""

from __future__ import annotations

import hashlib
import re
import sys
from collections.abc import Iterable
from pathlib import Path

RUN = 8  # no run of this many words of a seed may appear in a text
FINGERPRINTS = Path(__file__).resolve().parent / "data" / "seed_runs.txt"
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def runs(text: str) -> set[tuple[str, ...]]:
    ws = words(text)
    return {tuple(ws[i : i + RUN]) for i in range(len(ws) - RUN + 1)}


def fingerprint(run: tuple[str, ...]) -> str:
    """A 48-bit hash of a run: a few thousand seed runs against tens of thousands of
    text runs leave a chance of a false match far below one in a million."""
    return hashlib.blake2b(" ".join(run).encode("utf-8"), digest_size=6).hexdigest()


def fingerprints(texts: Iterable[str]) -> set[str]:
    return {fingerprint(run) for text in texts for run in runs(text)}


def read_fingerprints(path: Path = FINGERPRINTS) -> set[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return {line for line in lines if line and not line.startswith("#")}


def seed_texts(folder: Path) -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.txt"))]


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m tests.seed_runs SEEDS_FOLDER", file=sys.stderr)
        return 2
    texts = seed_texts(Path(argv[0]))
    if not texts:
        print(f"no seed texts (*.txt) in {argv[0]}", file=sys.stderr)
        return 2
    prints = sorted(fingerprints(texts))
    header = f"# {RUN}-word runs of the {len(texts)} seed texts, hashed (tests/seed_runs.py)\n"
    FINGERPRINTS.write_text(header + "\n".join(prints) + "\n", encoding="utf-8")
    print(f"{len(prints)} fingerprints written to {FINGERPRINTS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
