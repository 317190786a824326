"""``python -m game``: start Tabula."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    # The window (menu, board, results) is built in the next step of the
    # project; until it lands, say so plainly rather than pretend.
    print(
        "Tabula's game window is not built yet.\n"
        "The rules engine is ready: `python -m game.engine` speaks the engine protocol "
        "(see docs/ENGINE.md).",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
