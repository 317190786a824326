"""``python -m game``: start Tabula.

python -m game                       the game, from the main menu
python -m game --demo VARIANT --seconds S --screenshot FILE.png
                                     computer against computer (with animations) for S
                                     seconds (a clock's, headless too: game after game),
                                     then save the last frame, held until it shows men
                                     moved; headless with SDL_VIDEODRIVER=dummy.
                                     VARIANT: a game's id or name (--help lists them)
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

from game.i18n import LANGUAGES


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, got {text!r}") from None
    if width < 320 or height < 240:
        raise argparse.ArgumentTypeError(f"size {text!r} is too small")
    return width, height


HOLD = 60.0  # seconds a demo goes on past --seconds at most, until men have moved


def variant_list() -> str:
    """The games a demo can play, for ``--help``: "backgammon (Backgammon), ..."."""
    from game.rules.variants import VARIANTS

    return ", ".join(
        vid if v.name.lower() == vid else f"{vid} ({v.name})" for vid, v in VARIANTS.items()
    )


def variant_named(text: str) -> str:
    """The id of the game ``text`` names: its id or its name, in any case, with spaces,
    hyphens or underscores ("nard", "Long Nardy", "long_nardy"); ``text`` as it is
    when it names none (``find_variant`` then says which there are)."""
    from game.rules.variants import VARIANTS

    def plain(words: str) -> str:
        return "".join(c for c in words.lower() if c.isalnum())

    for vid, variant in VARIANTS.items():
        if plain(text) in (plain(vid), plain(variant.name)):
            return vid
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game",
        description="Tabula: backgammon and the tables games of history.",
        epilog=f"Games for --demo (an id or a name): {variant_list()}.",
    )
    parser.add_argument(
        "--demo", metavar="VARIANT", help="computer against computer in VARIANT (listed below)"
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=20.0,
        help="how long a demo runs, in seconds of the clock (game after game); a short "
        "one goes on until men have moved",
    )
    parser.add_argument("--screenshot", type=Path, help="save the last frame of a demo here")
    parser.add_argument("--size", type=_size, help="window size, e.g. 1920x1080")
    parser.add_argument("--seed", type=int, help="the demo's seed")
    parser.add_argument(
        "--language",
        choices=sorted(LANGUAGES),
        help="the demo's language (a play's language is chosen in Settings)",
    )
    args = parser.parse_args(argv)
    if args.demo is None:
        from game.store.logfile import start_log

        start_log()  # warnings and tracebacks also go to tabula.log in the data folder
    else:
        logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")

    from game.rules.errors import UnknownVariantError
    from game.rules.variants import find_variant

    if args.demo is not None:
        args.demo = variant_named(args.demo)
        try:
            find_variant(args.demo)
        except UnknownVariantError as exc:
            parser.error(str(exc))
        if args.seconds <= 0:
            parser.error("--seconds must be more than 0")
        return _demo(
            args.demo, args.seconds, args.screenshot, args.size, args.seed, args.language or ""
        )

    from game.ui.app import App
    from game.ui.scenes.menu import MenuScene

    app = App()
    app.start(args.size)
    try:
        try:
            app.push(MenuScene(app))
        except Exception as exc:  # the error card, not a traceback
            app.recover(exc)
        app.run()
    finally:
        app.stop()
    return 0


def _demo(
    variant_id: str,
    seconds: float,
    screenshot: Path | None,
    size: tuple[int, int] | None,
    seed: int | None,
    language: str = "",
) -> int:
    import os
    from dataclasses import replace

    # A demo is silent, and headless where there is no display to show it on.
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

    from game.play.session import GameSetup, Seat
    from game.rules.variants import find_variant
    from game.store.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.board import BoardScene

    settings = replace(Settings(), fullscreen=False, muted=True, language=language)
    app = App(settings, persist=False)
    app.demo = True
    app.start(size or (1280, 800))
    players = find_variant(variant_id).players
    setup = GameSetup(variant_id, seats=(Seat(human=False),) * players, seed=seed)
    app.push(BoardScene(app), setup)
    try:
        # The clock's time, headless too (a fixed step ran 20 s of a game in under two).
        app.run(seconds=seconds)
        held = 0.0
        while app.running and not men_moved(app) and held < HOLD:
            app.run(seconds=0.25)  # a short demo: on until the board shows men moved
            held += 0.25
        if screenshot is not None:
            app.screenshot(screenshot)
    finally:
        app.stop()
    return 0


def men_moved(app: object) -> bool:
    """Whether the board on top shows a game in progress with men moved from where its
    game began, their moves drawn to the end (nothing moving)."""
    board = getattr(getattr(app, "stack", None), "top", None)
    game = getattr(board, "game", None)
    shown = getattr(board, "shown", None)
    if game is None or shown is None or getattr(board, "busy", True):
        return False
    first = game.states[0].position
    return (shown.board, shown.hand) != (first.board, first.hand) and not game.state.is_over


if __name__ == "__main__":
    sys.exit(main())
