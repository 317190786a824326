"""The save-keeper: what the records owe the player, written as soon as they can take it.

Every write to the records (the game in progress after each play, a finished game,
a campaign level's medal) goes through the app's ``SaveKeeper``. A write that fails
(a full disk, a read-only book) is kept in memory, in order, and tried again with
the next write (after each play), when the menu opens and when the window closes;
``SaveKeeper.warning()`` says so on screen the moment it happens, until everything
is written. Meanwhile the game the menu offers to continue is the one in memory,
never the older one the book still holds: a game that ended is not offered at
all. When a finished game cannot be kept, the book's saved game (of that game, now
over) is dropped if that can be done, so that a restart never offers it either;
while a game goes on, the book keeps its last good save (a crash then loses only
the plays since).

``start_game`` asks before a new game replaces an unfinished one (the book keeps
one game in progress).

The game in progress is saved with its dice locked under the key kept in
``dice.key`` beside the book (``game.store.dice_key``; a book in memory has a key in
memory): the book alone does not tell the rolls to come (``docs/DICE.md``).
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.ai.levels import LEVELS
from game.i18n import N_, _
from game.level_names import level_name
from game.names import game_name
from game.play.saved_dice import LOST_WORDS
from game.play.session import SavedGame, saved_from_json, saved_to_json
from game.rules.dice_box import key_id, new_key
from game.store.dice_key import key_for_saving, read_key
from game.store.records import FinishedGame, Records
from game.ui.routes import Question, Route

log = logging.getLogger(__name__)

WRITE_ERRORS = (sqlite3.Error, OSError, ValueError)
# What reading a damaged saved game may raise: ValueError says what is wrong; the others
# come of a wrong type deep inside that no check foresaw.
READ_ERRORS = (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError)
DROPPED = N_("Your unfinished game could not be read and was dropped (see tabula.log)")


@dataclass(frozen=True, slots=True)
class _Write:
    """One write owed to the records: ``run`` does it (one transaction)."""

    what: str  # "current", "finished", "attempt"
    run: Callable[[Records], Any]
    # The game in progress once it is written (None: none, as after a finished game);
    # ``touches_current`` False: the game in progress is not changed by it.
    current: SavedGame | None = None
    touches_current: bool = False


class SaveKeeper:
    """The writes owed to ``app.records``, and what went wrong with the last one."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.pending: list[_Write] = []
        self.error = ""  # why the last write failed ("" once everything is written)
        # The game in progress that could not be read, and was dropped, in words for
        # the menu ("" once a game is saved in its place).
        self.dropped = ""
        # The saved dice's key while the book is in memory, else the last one saved with.
        self.memory_key = new_key()
        self.saved_here = False  # whether a game was saved this session (with memory_key)

    @property
    def records(self) -> Records | None:
        return getattr(self.app, "records", None)

    # -- writes ----------------------------------------------------------------------------

    def keep_current(self, saved: SavedGame) -> bool:
        """Keep the game in progress (a game already over is left to ``keep_finished``);
        True when everything owed is written."""
        if saved.state.result is not None:
            return self.flush()
        data = saved_to_json(saved, self.dice_key())
        self.saved_here = True
        self.pending = [w for w in self.pending if w.what != "current"]
        self.pending.append(
            _Write("current", lambda r: r.save_current(data), saved, touches_current=True)
        )
        return self.flush()

    def keep_finished(self, game: FinishedGame, attempt: tuple[str, int] | None = None) -> bool:
        """Keep a finished game (dropping the game in progress: it is this one) and, for a
        campaign level that is over, its ``(level id, medal)``."""
        self.pending = [w for w in self.pending if w.what != "current"]
        self.pending.append(
            _Write("finished", lambda r: r.add_game(game, clear_current=True), touches_current=True)
        )
        if attempt is not None:
            level, medal = attempt
            self.pending.append(_Write("attempt", lambda r: r.record_attempt(level, medal)))
        return self.flush()

    def flush(self) -> bool:
        """Write what is owed, in order, up to the first failure; True when all is written."""
        records = self.records
        if records is None:
            return True
        while self.pending:
            write = self.pending[0]
            try:
                write.run(records)
            except WRITE_ERRORS as exc:
                self._failed(records, write, exc)
                return False
            self.pending.pop(0)
            if write.touches_current:
                self.dropped = ""
        if self.error:
            log.warning("the records are written again")
        self.error = ""
        return True

    def _failed(self, records: Records, write: _Write, exc: BaseException) -> None:
        first = not self.error
        self.error = str(exc) or type(exc).__name__
        if first:
            log.warning("could not write to the records (%s): %s", write.what, exc)
        if write.what == "finished":
            # The book's game in progress is a game that ended: drop it if that can be
            # done (deleting needs no room), so that a restart never offers it.
            with contextlib.suppress(*WRITE_ERRORS):
                records.clear_current()

    # -- reading ---------------------------------------------------------------------------

    def in_progress(self) -> SavedGame | None:
        """The game in progress to offer to continue: the one in memory while a write
        is owed, else the book's (one that cannot be read is dropped with a warning)."""
        owed = [w for w in self.pending if w.touches_current]
        if owed:
            return owed[-1].current
        records = self.records
        if records is None:
            return None
        try:
            data = records.load_current()
        except sqlite3.Error as exc:
            log.warning("could not read the game in progress: %s", exc)
            return None
        if data is None:
            # No page at all, or a page that is no JSON object (cut short, damaged):
            # the book reads both as None, but only the first is "no game in progress".
            if _page_kept(records):
                self._drop(records, "its page is no JSON object (cut short or damaged)")
            return None
        try:
            key, why = self.kept_key(data)
            return saved_from_json(data, key, why)
        except READ_ERRORS as exc:  # a wrong type anywhere inside is said, never raised
            self._drop(records, str(exc) or type(exc).__name__)
            return None

    def _drop(self, records: Records, why: str) -> None:
        """The game in progress cannot be read: say so on the menu and drop it (only it:
        the finished games, the medals and the settings are other pages)."""
        log.warning("the saved game cannot be resumed (%s); it was dropped", why)
        self.dropped = _(DROPPED)
        with contextlib.suppress(*WRITE_ERRORS):
            records.clear_current()

    # -- the key of the saved dice ---------------------------------------------------------

    def key_folder(self) -> Path | None:
        """Where the key of the saved dice is kept: beside the book, even one that
        cannot be written (read into memory, its saved game still opens with it); None:
        a book made in memory, whose key is kept in memory too."""
        path = getattr(self.records, "path", None)
        if path is None or str(path) == ":memory:":
            return None
        return Path(path).parent

    def dice_key(self) -> bytes:
        """The key to lock the saved dice with (made and kept on first use)."""
        folder = self.key_folder()
        if folder is not None:  # a key that cannot be kept is still known this session
            self.memory_key = key_for_saving(folder)
        return self.memory_key

    def kept_key(self, data: Any) -> tuple[bytes | None, str]:
        """The key the saved ``data``'s dice were locked with: the one this session
        saved with, if it was that one (even if its file was lost or changed since),
        else the key file's; or None and why not."""
        folder = self.key_folder()
        box = data.get("dice") if isinstance(data, dict) else None
        ours = isinstance(box, dict) and box.get("key") == key_id(self.memory_key)
        if folder is None or (self.saved_here and ours):
            return self.memory_key, ""
        key, why = read_key(folder)
        return key, why or "the key file dice.key is missing"

    def warning(self) -> str:
        """What the screen must say about saving ("" when all is kept)."""
        records = self.records
        unkept = getattr(records, "unkept", "") if records is not None else ""
        if unkept:
            return _("Playing without saving: your records cannot be written (see the menu)")
        if self.error:
            return _(
                "Not saved ({why}): the game is kept in memory and saved again after each play"
            ).format(why=self.error)
        return ""


def _page_kept(records: Records) -> bool:
    """Whether the book holds a page for the game in progress (readable or not)."""
    try:
        row = records.db.execute("SELECT 1 FROM current").fetchone()
    except (sqlite3.Error, AttributeError):
        return False
    return row is not None


def keeper(app: Any) -> SaveKeeper:
    """The app's save-keeper (made on first use)."""
    saves = getattr(app, "saves", None)
    if saves is None:
        saves = SaveKeeper(app)
        app.saves = saves
    return saves


def start_game(app: Any, payload: Any, *, replace: bool = False) -> None:
    """Open the board for a new game; where an unfinished game is kept (which the new
    one would replace), ask first. ``replace``: the board replaces the top scene."""

    def go() -> None:
        app.go(Route.BOARD, payload, replace=replace)

    saved = keeper(app).in_progress()
    if saved is None:
        go()
        return
    app.go(
        Route.CONFIRM,
        Question(
            title=_("Replace the unfinished game?"),
            text=_(
                "Your unfinished game, {game}, is kept so that you can continue it from the "
                "menu. Starting this game replaces it."
            ).format(game=saved_words(saved)),
            yes=_("Start the new game"),
            no=_("Keep it"),
            on_yes=go,
        ),
    )


def saved_words(saved: SavedGame) -> str:
    """The game in progress in a few words, in the player's language: "Backgammon against
    the computer (Expert), turn 12", "Tavli to 5, game 2: Plakoto, turn 3"."""
    name = game_name(saved.setup.variant_id)
    match = saved.state.match
    if match.cycle:
        name = _("Tavli to {length}, game {n}: {name}").format(
            length=match.length, n=match.game + 1, name=name
        )
    levels = [s.level for s in saved.setup.seats if not s.human]
    turn = saved.state.turn + 1
    if levels:
        strongest = max(levels, key=lambda lv: LEVELS.index(lv) if lv in LEVELS else 0)
        return _("{game} against the computer ({level}), turn {turn}").format(
            game=name, level=level_name(strongest), turn=turn
        )
    return _("{game}, turn {turn}").format(game=name, turn=turn)


def resumed_words(saved: SavedGame, lost_dice: bool = False) -> str:
    """The board's line as a saved game goes on: which game, in the player's language
    ("Resumed: Backgammon against the computer (Expert), turn 12"), or that its dice
    are new, its own being lost."""
    if lost_dice:
        return _(LOST_WORDS)
    # TRANSLATORS: the board's line as a saved game goes on; {game} says which
    return _("Resumed: {game}").format(game=saved_words(saved))


def draw_save_warning(surface: pygame.Surface, app: Any) -> None:
    """A strip at the top of the window while something is not saved, over the scenes
    that ask for it (``save_warning``: the board); the menu says it on its last line."""
    scenes = app.stack.visible()
    if not scenes or not getattr(scenes[0], "save_warning", False):
        return
    text = keeper(app).warning()
    if not text:
        return
    from game.ui.widgets import draw_text, fit_text

    w, _ = surface.get_size()
    s = max(0.5, min(w / 1280, surface.get_height() / 800))
    size = 17 * s
    height = round(30 * s)
    strip = pygame.Surface((w, height), pygame.SRCALPHA)
    strip.fill((96, 26, 20, 225))
    surface.blit(strip, (0, 0))
    pygame.draw.line(surface, (232, 150, 110), (0, height), (w, height), max(1, round(s)))
    text = fit_text(text, "text", size, w - round(24 * s))
    draw_text(
        surface,
        text,
        (w // 2, height // 2),
        role="text",
        size=size,
        colour=(255, 226, 206),
        anchor="center",
    )
