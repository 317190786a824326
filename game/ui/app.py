"""The app: the window, the loop and the scene stack.

Nothing happens at import. ``App.start()`` opens the window (and the mixer,
if there is an audio device: without one the game plays on silently);
``App.run()`` turns events -> update(dt) -> draw -> flip until the stack is
empty or ``quit()`` is called.

Idle means idle: a frame is drawn only when something may have changed (an event
came, the scenes or the window's size changed, the top scene animates (its
``animating()``), or the time the scene asked to be woken at came, see
``Scene.wake_after``), and for ``AFTERGLOW`` seconds after each input (hover glows,
a slider's knob, a scroll settling). While nothing animates the loop sleeps until an
event (which wakes it at once) or the next wake the scene asked for: a scene that asks
for none (a board waiting for a person, a menu whose dust has settled, see
``game.ui.scenes.base.SETTLE``) is not updated or drawn again until an input comes.

F11 and Alt+Enter toggle full-screen from any scene; leaving it, the window comes
back at a size that fits the screen, centred (``window_size.windowed_place``: it
used to come back lower each time, until half of it was off the screen). The window
can be resized and every scene is told (``on_resize``).

The window never dies of a scene's error: ``run`` logs the traceback (to the log
file in the data folder, see ``game.store.logfile``), saves the game in progress
if it can, and goes back to the menu under an error card (``App.recover``). What
is not saved is said on screen (``game.ui.saving``).
"""

from __future__ import annotations

import logging
import math
import os
import sqlite3
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game import i18n
from game.campaign import Campaign
from game.i18n import N_, _
from game.store.records import Records
from game.store.settings import Settings, load_settings, save_settings
from game.ui import collector
from game.ui.audio import Audio
from game.ui.router import destination
from game.ui.routes import ErrorCard, Route
from game.ui.saving import SaveKeeper, draw_save_warning
from game.ui.scenes.base import SETTLE, Scene, SceneStack
from game.ui.window_size import MIN_SIZE, first_size, windowed_place

log = logging.getLogger(__name__)

FPS = 60
SWITCH_INTERVAL = 0.001  # seconds: see App.start
RAPID_FAILURES = 8  # errors in a row, each within a second of the last: the app gives up
AFTERGLOW = 0.6  # seconds drawn at the full rate after an input or a change of scene
WAIT_SLICE = 1 / 120  # seconds between looks at the event queue while the window sleeps...
REST_SLICE = 1 / 60  # ...and once it has been quiet for SETTLE seconds (a frame's time)


class App:
    """Owns the window, the clock, the settings, the audio and the scenes."""

    def __init__(self, settings: Settings | None = None, *, persist: bool = True) -> None:
        self.persist = persist  # False in tests and demos: never write the player's files
        self._records: Records | None = None
        self._campaign: Campaign | None = None
        self.saves = SaveKeeper(self)  # every write to the records, kept until it is done
        if settings is None:
            try:
                settings = load_settings(self.records)
            except Exception:  # never stop the game from starting
                log.exception("the settings cannot be read; using the defaults")
                settings = Settings()
        self.settings = settings
        self.stack = SceneStack()
        self.screen: pygame.Surface | None = None
        self.clock: pygame.time.Clock | None = None
        self.audio = Audio()
        self.running = False
        self.demo = False  # computer against computer, games restart (python -m game --demo)
        self.time = 0.0  # seconds the app has run (simulated in fixed-step runs)
        self.frame_times: list[float] = []  # milliseconds spent per frame (update + draw)
        self.draws = 0  # frames drawn (a still scene is not drawn again: see ``step``)
        self._stirred = 0.0  # app time of the last input or change of scene or size
        self._moved = 0.0  # app time of the last frame in which something animated
        self._next_wake = 0.0  # app time of the next frame a still scene asked for (or inf)
        self._look: tuple[Any, ...] = ()  # the scenes and the window size last drawn
        self._held: list[pygame.event.Event] = []  # an event the idle wait took
        self.windowed_size = self.settings.window_size
        self.failures: list[float] = []  # app times of the latest errors recovered from

    # -- the player's records and the campaign ---------------------------------------

    @property
    def records(self) -> Records:
        """The records database, opened on first use (in memory when ``persist`` is off,
        so tests and demos never touch the player's files)."""
        if self._records is None:
            self._records = Records.open(None if self.persist else Path(":memory:"))
        return self._records

    @property
    def campaign(self) -> Campaign:
        """The campaign's chapters and levels, read once."""
        if self._campaign is None:
            self._campaign = Campaign.load()
        return self._campaign

    # -- the window ------------------------------------------------------------------

    @property
    def headless(self) -> bool:
        return os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen")

    def start(self, size: tuple[int, int] | None = None) -> None:
        # Computer seats think in a worker thread; the window's thread takes the
        # interpreter's lock back within a millisecond (the default is five, and a
        # frame may ask several times), so the expert's search leaves frames smooth.
        sys.setswitchinterval(SWITCH_INTERVAL)
        i18n.set_language(self.settings.language or i18n.system_language())
        pygame.init()
        pygame.display.set_caption("Tabula")
        self.clock = pygame.time.Clock()
        self.audio.start(self.settings)
        place = None
        asked = size  # a size given (tests, demos) opens a window whatever the settings
        if size is None:
            kept = self.settings.window_size if self.settings.window_kept else None
            desktop = _desktop_size()
            size = first_size(desktop, kept)
            # A size kept from a larger screen (or a window left as large as the screen)
            # would put its title bar or its foot off the screen: fitted and centred.
            fitted, at = windowed_place(desktop, size)
            if fitted != size:
                size, place = fitted, at
        self.windowed_size = size
        self._set_mode(self.settings.fullscreen and asked is None)
        if place is not None and not self.fullscreen and not self.headless:
            _place_window(place)
        pygame.key.set_repeat(400, 40)
        collector.settle()  # what the window opened with is set aside from collections

    def _set_mode(self, fullscreen: bool) -> None:
        if fullscreen and not self.headless:
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            leaving = bool(getattr(self, "fullscreen", False))
            place = None
            if leaving:  # back to a window that fits the screen, centred on it
                self.windowed_size, place = windowed_place(_desktop_size(), self.windowed_size)
            fullscreen = False
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            if place is not None:
                _place_window(place)
        self.fullscreen = fullscreen

    @property
    def size(self) -> tuple[int, int]:
        assert self.screen is not None
        return self.screen.get_size()

    @property
    def scale(self) -> float:
        """How big to draw text and controls: 1.0 at 1280x800."""
        width, height = self.size
        return max(0.5, min(width / 1280, height / 800))

    def toggle_fullscreen(self) -> None:
        if not self.fullscreen:
            self.windowed_size = self.size
        self._set_mode(not self.fullscreen)
        self.update_settings(fullscreen=self.fullscreen)
        self.stack.resize(self.size)

    def update_settings(self, **changes: Any) -> None:
        """Change settings, apply them, and keep them (unless ``persist`` is off)."""
        from dataclasses import replace

        before = self.settings.language
        self.settings = replace(self.settings, **changes).validated()
        self.audio.apply(self.settings)
        if self.settings.language != before:
            i18n.set_language(self.settings.language or i18n.system_language())
            from game.ui.widgets.text import text_surface

            text_surface.cache_clear()  # (a text is set by its language: Turkish capitals)
            self.stack.language_changed()
        if self.persist:
            try:
                save_settings(self.settings, self.records)
            except (OSError, sqlite3.Error) as exc:
                log.warning("could not save the settings: %s", exc)

    # -- scenes ------------------------------------------------------------------------

    def push(self, scene: Scene, payload: Any = None) -> None:
        self.stack.push(scene, payload)

    def pop(self, result: Any = None) -> None:
        self.stack.pop(result)
        if self.stack.top is None:
            self.running = False

    def replace(self, scene: Scene, payload: Any = None) -> None:
        self.stack.replace(scene, payload)

    def go(self, route: Route, payload: Any = None, *, replace: bool = False) -> Scene:
        """Open the scene of ``route`` with ``payload`` over the top scene (or instead of
        it, with ``replace``); the router checks the payload's type. Returns the scene."""
        scene = destination(route, payload).scene(self)
        if replace:
            self.replace(scene, payload)
        else:
            self.push(scene, payload)
        return scene

    def home(self) -> None:
        """Back to the main menu, leaving every other scene."""
        self.stack.clear_to(destination(Route.MENU).scene(self))

    def quit(self) -> None:
        self.running = False

    # -- the loop --------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.KEYDOWN and (
            event.key == pygame.K_F11
            or (event.key == pygame.K_RETURN and event.mod & pygame.KMOD_ALT)
        ):
            self.toggle_fullscreen()
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            size = (max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h))
            self.windowed_size = size
            if size != self.size:
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            self.stack.resize(self.size)
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            self.stack.resize(self.size)
            return
        top = self.stack.top
        if top is not None:
            top.handle_event(event)

    def step(self, dt: float) -> bool:
        """One frame: events, update, and a drawing if anything may have changed (no
        flip). Returns whether it drew."""
        assert self.screen is not None
        started = pygame.time.get_ticks()
        events, self._held = self._held + pygame.event.get(), []
        for event in events:
            self.handle(event)
            if not self.running:
                return False
        moving = self.animating()
        top = self.stack.top
        if top is not None:
            top.update(dt)
        self.time += dt
        if events:
            self._stirred = self.time
        drawn = self._frame_due(moving or self.animating())
        if drawn:
            self.draw()
            # A drawing may leave work for a later frame (a picture painted one a frame):
            # the scene's wake is asked again after it, or the loop would sleep on it.
            top = self.stack.top
            wake = top.wake_after() if top is not None else None
            if wake is not None:
                self._next_wake = min(self._next_wake, self.time + wake)
        self.frame_times.append(float(pygame.time.get_ticks() - started))
        return drawn

    def animating(self) -> bool:
        """Whether the top scene has something moving (drawn every frame)."""
        top = self.stack.top
        return top is not None and top.animating()

    def quiet_for(self) -> float:
        """Seconds (of app time) since the last input, change of scene or window size, or
        frame in which something animated: scenes let their ambient motion (drifting
        dust, a pulse) come to rest after ``SETTLE`` quiet seconds (``Scene.pace``)."""
        return self.time - max(self._stirred, self._moved)

    def _easing(self) -> bool:
        """Whether the top scene has a glow easing (``Scene.easing``): drawn, not motion."""
        top = self.stack.top
        return top is not None and top.easing()

    def _lively(self) -> bool:
        """Within ``AFTERGLOW`` of an input or a change of scene: every frame is drawn."""
        return self.time - self._stirred < AFTERGLOW

    def _frame_due(self, moving: bool) -> bool:
        """Whether this frame is drawn: something moves, the scenes or the window
        changed, an input came lately, or the time a still scene asked for came."""
        look = (tuple(map(id, self.stack.scenes)), self.size, self.fullscreen)
        if look != self._look:
            self._look = look
            self._stirred = self.time
        if moving:
            self._moved = self.time
        due = (
            moving
            or self._lively()
            or self._easing()
            or self.time >= self._next_wake - 1e-6  # (sums of 1/60 s run short)
        )
        # The scene's next wake, asked after every update (a word said in a frame that is
        # not drawn still expires on time); a frame drawn forgets the earlier one.
        top = self.stack.top
        wake = top.wake_after() if top is not None else None
        wake_at = self.time + wake if wake is not None else math.inf
        self._next_wake = wake_at if due else min(self._next_wake, wake_at)
        return due

    def idle_for(self) -> float:
        """Seconds the loop may sleep until the next frame is due, if no event comes
        (0: the next frame is due at once, at the full rate; inf: only an input wakes it)."""
        if self._held or self.animating() or self._lively() or self._easing():
            return 0.0
        return max(0.0, self._next_wake - self.time)

    def wait(self, limit: float = math.inf) -> float:
        """Sleep until an event comes or the next frame is due (``idle_for``), or for
        ``limit`` seconds at most; an event taken off the queue is kept for the next
        ``step``. Returns how long it slept.

        The queue is looked at every ``WAIT_SLICE`` (half a frame: an input is handled
        sooner than in a loop that draws every frame, where it waits for the next), and
        every ``REST_SLICE`` once the window has been quiet for ``SETTLE`` seconds (a
        frame's time, as in a loop that draws every frame; each look wakes the process,
        which costs more than the look). Not ``pygame.event.wait``: pygame's looks every
        millisecond, which alone costs more than the whole idle window should."""
        idle = min(self.idle_for(), limit)
        if idle * FPS <= 1:
            return 0.0
        started = time.monotonic()
        end = started + idle
        while True:
            event = pygame.event.poll()
            if event.type != pygame.NOEVENT:
                self._held.append(event)
                break
            now = time.monotonic()
            left = end - now
            if left <= 0:
                break
            resting = self.quiet_for() + (now - started) >= SETTLE
            time.sleep(min(REST_SLICE if resting else WAIT_SLICE, left))
        return time.monotonic() - started

    def draw(self) -> None:
        assert self.screen is not None
        self.draws += 1
        for scene in self.stack.visible():
            scene.draw(self.screen)
        draw_save_warning(self.screen, self)

    def recover(self, exc: BaseException) -> None:
        """A scene raised: log the traceback, save the game if it can be, and go back to
        the menu under an error card. Errors that come again and again (the menu itself
        failing) leave the card alone on the stack; past ``RAPID_FAILURES`` the error
        is raised after all."""
        from game.store.logfile import log_path

        top = self.stack.top
        where = f"the {_screen_name(top)} screen" if top is not None else "the window"
        log.error("an error in %s (%s)", where, type(top).__name__, exc_info=exc)  # English
        self.failures = [t for t in self.failures if self.time - t < 1.0] + [self.time]
        if len(self.failures) > RAPID_FAILURES:
            raise exc
        saved = self._save_games()
        path = log_path()
        card = ErrorCard(
            what=f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__,
            where=screen_words(top),  # the card's: in the player's language
            saved=saved,
            log=str(path) if path is not None else "",
        )
        error_scene = destination(Route.ERROR, card).scene
        try:
            if len(self.failures) > 2 or isinstance(top, error_scene):
                raise RuntimeError("errors again and again")
            self.home()
            self.go(Route.ERROR, card)
        except Exception:
            log.exception("the menu cannot be shown after the error")
            self.stack.scenes.clear()
            self.stack.push(error_scene(self), card)

    def _save_games(self) -> bool | None:
        """Save the games on the stack (None: there is none; else whether all are kept)."""
        boards: list[Any] = [s for s in self.stack.scenes if callable(getattr(s, "saved", None))]
        boards = [
            b
            for b in boards
            if getattr(b, "replaying", None) is None
            and getattr(getattr(b, "game", None), "state", None) is not None
            and not b.game.state.is_over
        ]
        if not boards or self.demo:
            return None
        kept = True
        for board in boards:
            try:
                kept = self.saves.keep_current(board.saved()) and kept
            except Exception:
                log.exception("the game in progress cannot be saved")
                kept = False
        return kept and not getattr(self.records, "unkept", "")

    def run(
        self,
        *,
        seconds: float | None = None,
        fixed_step: bool = False,
        on_frame: Callable[[App], None] | None = None,
    ) -> None:
        """Run until quit (or for ``seconds`` of app time).

        ``fixed_step`` advances time by exactly 1/60 s a frame without
        waiting (demos and tests: fast and repeatable).
        """
        assert self.clock is not None
        self.running = True
        end = None if seconds is None else self.time + seconds
        while self.running and self.stack.top is not None:
            if fixed_step:
                dt = 1 / FPS
            else:
                # A still scene's frame may come after a long sleep: its time is the
                # sleep's (nothing moved meanwhile); a frame that merely ran late is
                # held to 0.1 s, so that no animation jumps.
                slept = self.wait(math.inf if end is None else max(0.0, end - self.time))
                dt = min(self.clock.tick(FPS) / 1000, max(0.1, slept + 1 / FPS))
            drawn = True
            try:
                drawn = self.step(dt)
                if not self.running:
                    break
                if on_frame is not None:
                    on_frame(self)
            except Exception as exc:
                self.recover(exc)
                self.time += dt
            if drawn:
                pygame.display.flip()
            if end is not None and self.time >= end:
                break

    def screenshot(self, path: Path) -> None:
        assert self.screen is not None
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(path))

    def keep_window_size(self) -> None:
        """Remember the size the player leaves the window at (its size before going
        full-screen, if it is), for the next start."""
        if self.screen is None:
            return
        size = self.windowed_size if self.fullscreen else self.size
        if size != self.settings.window_size or not self.settings.window_kept:
            self.update_settings(window_size=tuple(size), window_kept=True)

    def stop(self) -> None:
        from game.ui.assets import font

        try:
            self.keep_window_size()
        except Exception:
            log.exception("could not remember the window's size")
        self.audio.stop()
        jobs = sys.modules.get("game.study.jobs")  # (only where a study job was run)
        if jobs is not None:
            jobs.close_all()  # no analysis or rollout outlives its window
        try:
            self.saves.flush()  # a last try at what is owed to the records
        except Exception:
            log.exception("could not write the records at the end")
        if self._records is not None:
            self._records.close()
            self._records = None
        font.cache_clear()  # fonts die with pygame.quit(); a later start loads them again
        collector.release()
        pygame.quit()


def _desktop_size() -> tuple[int, int] | None:
    """The size of the (first) screen, if the video driver tells it."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return tuple(sizes[0]) if sizes else None  # type: ignore[return-value]


def _place_window(at: tuple[int, int]) -> None:
    """Put the window's inside at ``at`` on the screen (where the system lets it)."""
    try:
        pygame.Window.from_display_module().position = at
    except (pygame.error, AttributeError) as exc:
        log.warning("could not place the window: %s", exc)


# Each screen as the error card names it ("ValueError: ... (on the board screen)").
SCREEN_WORDS: dict[str, str] = {
    # TRANSLATORS: where an error happened, on the error card: "(on the board screen)"
    "AnalysisScene": N_("the analysis screen"),
    "BoardScene": N_("the board screen"),
    "CampaignScene": N_("the campaign screen"),
    "ConfirmScene": N_("the question"),
    "DiceScene": N_("the dice screen"),
    "DrillScene": N_("the drill screen"),
    "DrillsScene": N_("the drills screen"),
    "EditorScene": N_("the position editor"),
    "ErrorScene": N_("the error card"),
    "LevelIntroScene": N_("the level's card"),
    "MenuScene": N_("the menu"),
    "PauseScene": N_("the pause menu"),
    "PracticeSummaryScene": N_("the practice summary"),
    "RatingScene": N_("the rating screen"),
    "RecordsScene": N_("the records screen"),
    "ResultsScene": N_("the results screen"),
    "RulesScene": N_("the rules screen"),
    "SettingsScene": N_("the settings screen"),
    "SetupScene": N_("the new game screen"),
}


def screen_words(scene: Scene | None) -> str:
    """Where an error happened, for the error card, in the player's language ("the board
    screen"); the log says it in English (``_screen_name``)."""
    words = SCREEN_WORDS.get(type(scene).__name__) if scene is not None else None
    return _(words) if words is not None else _("the window")


def _screen_name(scene: Scene) -> str:
    """ "board" for a BoardScene, "dice stats" for a DiceStatsScene: for the error card."""
    import re

    name = type(scene).__name__.removesuffix("Scene") or type(scene).__name__
    return " ".join(w.lower() for w in re.findall(r"[A-Z][a-z]*|[a-z]+|\d+", name)) or name
