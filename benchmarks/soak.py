"""A soak test of the window: random clicks and keys across every scene, headless.

    python -m benchmarks.soak [--events 100000] [--seed 1] [--draw-every 10]

The app runs under SDL's dummy drivers with a throw-away TABULA_HOME (a temporary
folder unless ``--home`` names one). Events go through ``App.handle`` one by one; after
each the top scene is updated by one frame's time, and every ``draw_every`` events the
whole stack is drawn, so that the drawing code runs often without a full frame after
every event. Clicks are half on the scene's real controls (its buttons, the men that
may move and where they may go, the dice) and half anywhere, so that play goes deep.

The run is made of episodes, each started at one place (the menu, a setup, a board of
each variant, the records...) so that every scene is visited whatever the dice do; within
an episode the events wander wherever they lead. Quitting relaunches the app on the same
folder (as a player would), which also resumes any game in progress.

``soak(events, seed, home)`` is what tests/ui/test_soak.py runs: it returns a
:class:`Report` with the scenes visited and every exception met (the test allows none).
A run is the same on every machine for the same seed and events: every game's dice come
from the soak's own generator, and before each frame the board's workers (the
computer's decision, a hint, the tutor) are waited for, so the game goes on at the same
event whatever the machine's speed. A failure says the seed, the event and the command
that runs it again.
"""

from __future__ import annotations

import argparse
import hashlib
import logging
import os
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# numpy's BLAS threads spin after each evaluation of the hints' network and burn a core
# (a third more CPU for the whole soak); one thread does it as fast here. Only in force
# when this module is imported before numpy, as `python -m benchmarks.soak` does.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import pygame  # after the drivers are chosen

KEYS = (
    pygame.K_TAB,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_ESCAPE,
    pygame.K_BACKSPACE,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_h,
    pygame.K_u,
    pygame.K_r,
    pygame.K_d,
    pygame.K_a,
    pygame.K_n,
    pygame.K_p,
    pygame.K_1,
    pygame.K_2,
    pygame.K_3,
    pygame.K_4,
    pygame.K_5,
    pygame.K_6,
    pygame.K_KP_ENTER,
    pygame.K_F11,
    pygame.K_x,
)
# Keys a person presses most in play: moved through and chosen more often.
COMMON_KEYS = (pygame.K_TAB, pygame.K_DOWN, pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE)
SIZES = ((1280, 800), (800, 500), (1024, 768))
KEEP_BACKGROUNDS = 40  # painted boards kept (the game keeps 4): the soak tests input, not paint

# What every soak must have seen (scene class names, and boards by what they show).
REQUIRED = frozenset(
    {
        "MenuScene",
        "SetupScene",
        "PauseScene",
        "ResultsScene",
        "RecordsScene",
        "DiceScene",
        "RulesScene",
        "SettingsScene",
        "CampaignScene",
        "LevelIntroScene",
        "board:backgammon",
        "board:duodecim",
        "board:quinze_tablas",
        "board:lombardorum",
        "board:el_mundo",
        "board:anglicorum",
        "board:tabula",
        "board:portes",
        "board:plakoto",
        "board:fevga",
        "board:nard",
        "board:acey_deucey",
        "board:el_mundo:4 players",
        "board:backgammon:match, cube turned",
        "board:practice",
        "board:campaign",
        "board:replay",
    }
)


@dataclass
class Failure:
    """An exception the soak met: where, and the events that led to it."""

    event: int
    scene: str
    trace: str
    recent: list[str]
    seed: int | None = None
    events: int | None = None  # the run's length: with the seed, what runs it again

    def __str__(self) -> str:
        lines = "\n".join(f"  {e}" for e in self.recent)
        again = ""
        if self.seed is not None:
            again = f" (seed {self.seed}: python -m benchmarks.soak --seed {self.seed}"
            again += f" --events {self.events})" if self.events is not None else ")"
        return (
            f"event {self.event} in {self.scene}{again}:\n{self.trace}\nlast events:\n{lines}"
        )


@dataclass
class Report:
    events: int = 0
    draws: int = 0
    relaunches: int = 0
    games_finished: int = 0
    seconds: float = 0.0
    visited: Counter[str] = field(default_factory=Counter)
    failures: list[Failure] = field(default_factory=list)
    warnings: Counter[str] = field(default_factory=Counter)
    # A digest of every event given, in order: two runs of one seed give the same.
    trail: Any = field(default_factory=lambda: hashlib.sha256())

    @property
    def missing(self) -> set[str]:
        return set(REQUIRED) - set(self.visited)

    def summary(self) -> str:
        lines = [
            f"{self.events} events, {self.draws} draws, {self.relaunches} relaunches, "
            f"{self.games_finished} games finished, {len(self.failures)} exceptions, "
            f"{self.seconds:.1f} s",
            "visited: " + ", ".join(f"{k} {v}" for k, v in sorted(self.visited.items())),
        ]
        if self.missing:
            lines.append("NOT visited: " + ", ".join(sorted(self.missing)))
        for text, n in self.warnings.most_common(10):
            lines.append(f"warning x{n}: {text}")
        return "\n".join(lines)


class _Warnings(logging.Handler):
    def __init__(self, counter: Counter[str]) -> None:
        super().__init__(logging.WARNING)
        self.counter = counter

    def emit(self, record: logging.LogRecord) -> None:
        self.counter[record.getMessage()[:160]] += 1


# -- where the app starts an episode -------------------------------------------------------


def _setup(variant: str, **kw: Any) -> Any:
    from game.play.session import GameSetup, Seat

    seats = kw.pop("seats", (Seat(), Seat(human=False)))
    return GameSetup(variant, kw.pop("options", {}), seats, **kw)


def wait_for_workers(scene: Any, timeout: float = 120.0) -> None:
    """Wait until every job of the scene's workers is done (a board's: the computer's
    decision, a hint, the tutor, the chances, the background's painting; the practice
    summary's luck, the records' import): the next frame finds them all done, whatever
    the machine's speed (a run plays the same every time)."""
    import concurrent.futures

    jobs = [getattr(scene, name, None) for name in ("preparing", "job", "importing")]
    jobs.append(getattr(getattr(scene, "chances", None), "job", None))
    table = getattr(scene, "table", None)
    if table is not None:
        jobs += [table.pending, table.pending_cube, table.hints.job, table.review_job]
        jobs += [table.early[2]] if table.early is not None else []
    next_view = getattr(scene, "next_view", None)  # the board laid out beside a card
    if next_view is not None:
        jobs.append(next_view[1])
    futures = [job for job in jobs if isinstance(job, concurrent.futures.Future)]
    if futures:
        concurrent.futures.wait(futures, timeout=timeout)


def _starts() -> list[tuple[str, Callable[[Any, random.Random], None]]]:
    """Named ways to begin an episode, each from a fresh menu."""
    from game.play.session import Seat
    from game.ui.scenes.board import BoardScene
    from game.ui.scenes.campaign import CampaignScene
    from game.ui.scenes.dice_stats import DiceScene
    from game.ui.scenes.records import RecordsScene
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.settings import SettingsScene
    from game.ui.scenes.setup import SetupScene

    def scene(cls: type, payload: Any = None) -> Callable[[Any, random.Random], None]:
        return lambda app, rng: app.push(cls(app), payload)

    def board(setup: Any) -> Callable[[Any, random.Random], None]:
        return lambda app, rng: app.push(BoardScene(app), replace(setup, seed=_seed(rng)))

    def computers(app: Any, rng: random.Random) -> None:
        """A game the computer plays alone at full speed: it ends, into the results."""
        from game.rules.variants import VARIANTS, find_variant

        variant = rng.choice(list(VARIANTS))
        seats = (Seat(human=False),) * find_variant(variant).players
        app.update_settings(animation="instant")
        app.push(BoardScene(app), _setup(variant, seats=seats, seed=_seed(rng)))

    def doubled_match(app: Any, rng: random.Random) -> None:
        """A match between two people where the opening play is made and the cube offered
        (so every run turns the cube; the random inputs take, beaver or drop it)."""
        from game.rules import actions as a
        from game.rules import match as m

        setup = _setup("backgammon", options={"match_length": 5}, seats=(Seat(), Seat()), seed=5)
        app.push(BoardScene(app), setup)
        board = app.stack.top
        board.commit(rng.choice(m.legal_plays(board.state)), animate=False)
        if board.state.phase is m.Phase.ROLL and m.can_double(board.state):
            board.apply(a.Double())  # as the Double button does

    mundo = (Seat(), Seat(human=False), Seat(), Seat(human=False))
    return [
        ("menu", lambda app, rng: None),
        ("setup", scene(SetupScene, "local")),
        ("practice", scene(SetupScene, "practice")),
        ("campaign", scene(CampaignScene)),
        ("backgammon match", doubled_match),
        ("backgammon money", board(_setup("backgammon"))),
        ("duodecim", board(_setup("duodecim"))),
        ("quinze_tablas", board(_setup("quinze_tablas"))),
        ("lombardorum", board(_setup("lombardorum"))),
        ("el_mundo", board(_setup("el_mundo", seats=mundo))),
        ("anglicorum", board(_setup("anglicorum"))),
        ("tabula", board(_setup("tabula"))),
        ("portes", board(_setup("portes"))),
        ("plakoto", board(_setup("plakoto"))),
        ("fevga", board(_setup("fevga"))),
        ("nard", board(_setup("nard"))),
        ("acey_deucey", board(_setup("acey_deucey"))),
        ("practice board", board(_setup("backgammon", mode="practice", hints=True))),
        ("computers", computers),
        ("records", scene(RecordsScene)),
        ("dice", scene(DiceScene)),
        ("rules", scene(RulesScene)),
        ("settings", scene(SettingsScene)),
    ]


# -- what can be clicked ---------------------------------------------------------------------


def _centroid(polygon: tuple[tuple[float, float], ...]) -> tuple[int, int]:
    xs = [p[0] for p in polygon]
    ys = [p[1] for p in polygon]
    return round(sum(xs) / len(xs)), round(sum(ys) / len(ys))


def _seed(rng: random.Random) -> int:
    return rng.getrandbits(32)


def targets(scene: Any, rng: random.Random | None = None) -> list[tuple[int, int]]:
    """Points on the scene's real controls: what a person would click (``rng`` picks a
    point along sliders and switches; without it, their middle)."""
    from game.ui.scenes.board import BoardScene

    points: list[tuple[int, int]] = []

    def inside(rect: pygame.Rect) -> None:
        if rect.w > 0 and rect.h > 0:
            points.append((rect.x + rect.w // 2, rect.y + rect.h // 2))

    if isinstance(scene, BoardScene):
        for rect in scene.buttons.values():
            inside(rect)
        for rect, _ in scene.disabled.values():
            inside(rect)
        layout = scene.view.layout
        keys = scene.movable() | scene.highlights()
        for key in keys:
            spot = layout.spots.get(key)
            if spot is not None:
                points.append(_centroid(spot.hit_area))
        x, y, w, h = layout.dice_area
        inside(pygame.Rect(int(x), int(y), int(w), int(h)))
        if scene.dice_entry is not None:
            for rect in scene.dice_entry.face_rects:
                inside(rect)
        for card in (scene.hint_card, scene.tutor_card):
            if card is not None:
                for rect in getattr(card, "buttons", {}).values():
                    inside(rect)
                inside(card.rect)
        return points
    focus = getattr(scene, "focus", None)
    for widget in getattr(focus, "widgets", ()):
        rect = getattr(widget, "rect", None)
        if isinstance(rect, pygame.Rect) and getattr(widget, "visible", True):
            inside(rect)
            if rect.w > 8:  # sliders and segmented switches: somewhere along them too
                x = rect.x + (rng.randrange(rect.w) if rng is not None else rect.w // 2)
                points.append((x, rect.y + rect.h // 2))
    return points


# -- the soak ------------------------------------------------------------------------------


class Soak:
    def __init__(
        self,
        seed: int,
        home: Path,
        draw_every: int = 10,
        relaunch_every: int = 2500,
        paint: bool = False,
    ) -> None:
        self.seed = seed
        self.planned: int | None = None  # the events the run was asked for
        self.rng = random.Random(seed)
        self.paint = paint  # True: every board background painted in full
        self.progress = False  # print a line every 5000 events (the long run)
        self.shown = 0
        self.relaunch_every = relaunch_every  # a quit relaunches the app at most this often
        self.last_launch = 0
        self.home = home
        self.draw_every = draw_every
        self.report = Report()
        self.recent: list[str] = []
        self.app: Any = None
        self.size = (1280, 800)

    # The app -------------------------------------------------------------------------

    def launch(self) -> None:
        from game.store.settings import Settings
        from game.ui.app import App
        from game.ui.scenes.menu import MenuScene

        if self.app is not None:
            self.app.stop()
            self.report.relaunches += 1
        self.last_launch = self.report.events
        # The player's own files, in the throw-away folder (persist: records on disk).
        app = App(replace(Settings(), muted=True, animation="fast"), persist=True)
        app.start(self.size)
        app.running = True
        app.push(MenuScene(app))
        self.app = app

    def home_menu(self) -> None:
        """Back to a fresh main menu: after a quit, the app is started again on the same
        folder (at most every ``relaunch_every`` events: a start costs a good part of a
        second), else the stack is cleared to a new menu, which offers the game in
        progress just as a relaunch would."""
        from game.ui.scenes.menu import MenuScene

        app = self.app
        quit = not app.running or app.stack.top is None
        if quit and self.report.events >= self.last_launch + self.relaunch_every:
            self.launch()
            return
        app.running = True
        app.stack.clear_to(MenuScene(app))

    # Events --------------------------------------------------------------------------

    def random_event(self) -> list[pygame.event.Event]:
        rng = self.rng
        scene = self.app.stack.top
        width, height = self.app.size
        roll = rng.random()
        buttons = getattr(scene, "buttons", None)
        if roll < 0.15 and isinstance(buttons, dict) and buttons:
            # The board's buttons (Roll, Double, Take, Done...) are few among its men and
            # points: pressed more often, so that games go on and the cube turns.
            return _click(rng.choice(list(buttons.values())).center, 1)
        if roll < 0.5:
            points = targets(scene, rng)
            if points:
                pos = rng.choice(points)
                button = 1 if rng.random() < 0.95 else 3
                return _click(pos, button)
        if roll < 0.62:
            pos = (rng.randrange(width), rng.randrange(height))
            return _click(pos, 1 if rng.random() < 0.85 else rng.choice((2, 3)))
        if roll < 0.66:  # a drag from a control to anywhere (men dragged to a point)
            points = targets(scene, rng) or [(width // 2, height // 2)]
            start, end = rng.choice(points), rng.choice(points)
            mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
            return [
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
                _motion(mid, (1, 0, 0)),
                _motion(end, (1, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
            ]
        if roll < 0.72:
            return [_motion((rng.randrange(width), rng.randrange(height)), (0, 0, 0))]
        if roll < 0.75:
            return [
                pygame.event.Event(
                    pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)), flipped=False
                )
            ]
        if roll < 0.752:
            size = rng.choice(SIZES)
            return [pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)]
        if roll < 0.7525:
            return [pygame.event.Event(pygame.QUIT)]
        key = rng.choice(COMMON_KEYS) if rng.random() < 0.4 else rng.choice(KEYS)
        mod = pygame.KMOD_SHIFT if key == pygame.K_TAB and rng.random() < 0.3 else 0
        down = pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        return [down, pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)]

    def note_scene(self) -> None:
        from game.rules import match as m
        from game.ui.scenes.board import BoardScene

        scene = self.app.stack.top
        if scene is None:
            return
        self.report.visited[type(scene).__name__] += 1
        if isinstance(scene, BoardScene):
            visited = self.report.visited
            variant = scene.variant.id
            visited[f"board:{variant}"] += 1
            if scene.variant.players == 4:
                visited[f"board:{variant}:4 players"] += 1
            state = scene.state
            if state.match.length and (state.cube.value > 1 or state.phase is m.Phase.TAKE):
                visited[f"board:{variant}:match, cube turned"] += 1
            if scene.replaying is not None:
                visited["board:replay"] += 1
            elif scene.setup.mode != "local":
                visited[f"board:{scene.setup.mode}"] += 1

    def one(self) -> None:
        """One random input, then one frame's update (and now and then a drawing)."""
        app = self.app
        before = app.stack.top
        for event in self.random_event():
            wait_for_workers(app.stack.top)
            self.recent.append(f"{type(app.stack.top).__name__}: {_describe(event)}")
            self.report.trail.update(self.recent[-1].encode())
            app.handle(event)
            if not app.running or app.stack.top is None:
                self.recent.append("(quit: started again)")
                self.home_menu()
                return
        dt = self.rng.choice((1 / 60, 1 / 60, 1 / 30, 0.1))
        top = app.stack.top
        if top is not None:
            wait_for_workers(top)
            top.update(dt)
            app.time += dt
        if not app.running or app.stack.top is None:
            self.home_menu()
            return
        self.report.events += 1
        changed = app.stack.top is not before and self.rng.random() < 0.35
        if self.report.events % self.draw_every == 0 or changed:
            app.draw()
            self.report.draws += 1
        del self.recent[:-12]

    def idle(self, frames: int) -> None:
        """Frames with no input: computers play, animations run."""
        app = self.app
        for _ in range(frames):
            top = app.stack.top
            if top is None:
                return
            wait_for_workers(top)
            top.update(1 / 30)
            app.time += 1 / 30
        app.draw()
        self.report.draws += 1

    # The run ---------------------------------------------------------------------------

    def run(self, events: int, episode: int = 250) -> Report:
        started = time.perf_counter()
        self.planned = events
        handler = _Warnings(self.report.warnings)
        logging.getLogger("game").addHandler(handler)
        previous_home = os.environ.get("TABULA_HOME")
        os.environ["TABULA_HOME"] = str(self.home)
        from game.play import table as table_module
        from game.ui import dice_seal
        from game.ui.render import board_view

        # A game started without a seed (from the setup, the campaign) draws one from
        # the soak's generator, not the system's: the run is the same every time.
        fresh_seed = table_module.new_seed
        table_module.new_seed = lambda: self.rng.getrandbits(64)  # type: ignore[assignment]
        # The player's throw (mixed into the dice) is timed by the soak's events, not the
        # clock's nanoseconds.
        throw = dice_seal.ThrowPrompt.throw

        def timed_throw(prompt: Any, now_ns: int | None = None) -> str:
            return throw(prompt, prompt.shown_ns + 1_000_003 * (1 + self.report.events))

        dice_seal.ThrowPrompt.throw = timed_throw  # type: ignore[method-assign]
        keep = board_view._KEEP_BACKGROUNDS
        board_view._KEEP_BACKGROUNDS = KEEP_BACKGROUNDS
        paint = board_view.BoardView._paint
        if not self.paint:
            board_view.BoardView._paint = _quick_paint(paint)  # type: ignore[method-assign]
        try:
            self.launch()
            starts = _starts()
            order: list[tuple[str, Callable[[Any, random.Random], None]]] = []
            while self.report.events < events:
                if not order:
                    order = list(starts)
                    self.rng.shuffle(order)
                    # The first round goes in order of need: finished games before records.
                    order.sort(key=lambda s: s[0] in ("records", "dice"))
                name, start = order.pop()
                self.episode(name, start, min(episode, events - self.report.events))
                if self.progress and self.report.events // 5000 > self.shown // 5000:
                    self.shown = self.report.events
                    print(
                        f"{self.report.events} events, {len(self.report.failures)} exceptions, "
                        f"{time.perf_counter() - started:.0f} s",
                        file=sys.stderr,
                        flush=True,
                    )
        finally:
            table_module.new_seed = fresh_seed  # type: ignore[assignment]
            dice_seal.ThrowPrompt.throw = throw  # type: ignore[method-assign]
            board_view._KEEP_BACKGROUNDS = keep
            board_view.BoardView._paint = paint  # type: ignore[method-assign]
            logging.getLogger("game").removeHandler(handler)
            if self.app is not None:
                self.app.stop()
            if previous_home is None:
                os.environ.pop("TABULA_HOME", None)
            else:
                os.environ["TABULA_HOME"] = previous_home
        self.report.games_finished = _games_finished(self.home)
        self.report.seconds = time.perf_counter() - started
        return self.report

    def episode(self, name: str, start: Callable[[Any, random.Random], None], events: int) -> None:
        from game.ui.scenes.board import BoardScene

        self.recent.append(f"-- episode {name}")
        try:
            self.home_menu()
            speed = self.rng.choice(("fast", "instant", "normal"))
            self.app.update_settings(animation=speed, palette="era")
            start(self.app, self.rng)
            self.note_scene()
            for _ in range(events):
                self.one()
                self.note_scene()
                top = self.app.stack.top
                if isinstance(top, BoardScene) and self.rng.random() < 0.05:
                    self.idle(self.rng.choice((10, 30, 90)))
                    self.note_scene()
        except Exception:
            top = self.app.stack.top if self.app is not None else None
            failure = Failure(
                self.report.events,
                type(top).__name__,
                traceback.format_exc(),
                list(self.recent),
                self.seed,
                self.planned,
            )
            self.report.failures.append(failure)
            if self.progress:
                print(failure, file=sys.stderr, flush=True)
            self.report.events += 1  # the event that failed counts
            self.launch()  # a crash ends the app: start again on the same folder


def _quick_paint(paint: Callable[[Any], pygame.Surface]) -> Callable[[Any], pygame.Surface]:
    """The board's background painted once per variant, then scaled to every other size,
    palette and side: painting is the same whatever the input (tests/ui/test_board_view.py
    tests it) and takes a good part of a second each time."""
    first: dict[str, pygame.Surface] = {}

    def quick(view: Any) -> pygame.Surface:
        surface = first.get(view.variant.id)
        if surface is None:
            surface = first[view.variant.id] = paint(view)
        return pygame.transform.scale(surface, view.size)

    return quick


def _games_finished(home: Path) -> int:
    import sqlite3

    from game.store.records import FILE_NAME

    try:
        with sqlite3.connect(home / FILE_NAME) as db:
            return int(db.execute("SELECT COUNT(*) FROM games").fetchone()[0])
    except sqlite3.Error:
        return 0


def _click(pos: tuple[int, int], button: int) -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
    ]


def _motion(pos: tuple[int, int], buttons: tuple[int, int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)


def _describe(event: pygame.event.Event) -> str:
    name = pygame.event.event_name(event.type)
    if event.type in (pygame.KEYDOWN, pygame.KEYUP):
        return f"{name} {pygame.key.name(event.key)}"
    return f"{name} {event.dict}"


def soak(events: int, seed: int, home: Path, draw_every: int = 10, paint: bool = False) -> Report:
    """Run ``events`` random inputs on a fresh app whose files are in ``home``."""
    return Soak(seed, home, draw_every, paint=paint).run(events)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.soak", description=__doc__)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--draw-every", type=int, default=10)
    parser.add_argument("--home", type=Path, help="the folder for the app's files")
    parser.add_argument(
        "--paint", action="store_true", help="paint every board background in full (slow)"
    )
    args = parser.parse_args(argv)
    if args.events < 1 or args.draw_every < 1:
        parser.error("--events and --draw-every must be at least 1")
    with tempfile.TemporaryDirectory(prefix="tabula-soak-") as tmp:
        run = Soak(args.seed, args.home or Path(tmp), args.draw_every, paint=args.paint)
        run.progress = True
        report = run.run(args.events)
    for failure in report.failures:
        print(failure, file=sys.stderr)
    print(report.summary())
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
