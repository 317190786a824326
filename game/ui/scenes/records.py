"""Records: the player's statistics, the latest finished games, and replays.

Left, the statistics per game and opponent (games, wins, the average loss per
move the tutor measured). Right, the latest finished games and the replays
imported from the ``replays`` folder of the data folder: Watch replays the
chosen game move by move on the board; Export writes it as a replay file
(JSON) in the ``exports`` folder, and a backgammon game's whole match as a
Jellyfish ``.mat`` file that other backgammon programs import; Dice shows the
dice statistics.

Import reads the replay files in a worker thread (they may be large or hostile):
the scene says "Importing…" meanwhile and then lists one line per file it
skipped, under the games.
"""

from __future__ import annotations

import logging
import math
import sqlite3
import threading
import time
from concurrent.futures import Future
from functools import partial
from typing import Any

import pygame

from game.ai.players import has_levels
from game.i18n import _, ngettext, percent
from game.i18n import number as number_words
from game.level_names import level_name
from game.names import game_name
from game.play.session import replay_label
from game.rules.replay import Replay, ReplayError
from game.rules.variants import VARIANTS
from game.store.exports import export_mat, export_replay, import_replays, imports_dir
from game.store.records import finished_words
from game.ui.backdrop import draw_page
from game.ui.progress import replay_of
from game.ui.routes import AnalysisRequest, Route
from game.ui.scenes.base import POLL
from game.ui.scenes.widget_scene import WidgetScene
from game.ui.theme import side_colours, theme_for
from game.ui.widgets import (
    Button,
    Panel,
    draw_text,
    fit_text,
    get_font,
    text_width,
    wrap_spaced,
)

log = logging.getLogger(__name__)

SHOWN = 7  # games listed
PROBLEM_LINES = 4  # files skipped by an import, one line each, under the list


def game_words(game: dict[str, Any]) -> tuple[str, str]:
    """A finished game as a list entry: (title, detail)."""
    name = game_name(game["variant"])
    match = (game.get("start") or {}).get("match") or {}
    if isinstance(match, dict) and match.get("cycle"):  # "Tavli to 5, game 2: Plakoto"
        name = _("Tavli to {length}, game {n}: {name}").format(
            length=match.get("length"), n=int(match.get("game", 0)) + 1, name=name
        )
    when = finished_words(game.get("finished"))  # "unknown time" where no clock gave it
    won = game.get("player_won")
    level = game.get("opponent_level")
    if won is None:
        winner = game["result"].get("winner")
        colour = ""
        if winner is not None and game["variant"] in VARIANTS:
            colour = side_colours(theme_for(game["variant"]), winner).name
        if winner is None:
            how = _("a tie")
        else:
            side = colour or _("side {n}").format(n=winner + 1)
            how = _("{side} won").format(side=side)
    elif level:
        how = (_("won against {level}") if won else _("lost against {level}")).format(
            level=level_name(level)
        )
    else:
        how = _("won") if won else _("lost")
    moves = sum(1 for e in game["plays"] if e.get("action") == "play")
    moved = ngettext("{n} move", "{n} moves", moves).format(n=moves)
    return name, f"{when} · {how} · {moved}"


class RecordsScene(WidgetScene):
    """Statistics, finished games, replays."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.stats_panel = Panel(alpha=226)
        self.list_panel = Panel(alpha=226)
        self.entries: list[tuple[str, Any]] = []  # ("game", row) or ("file", (path, replay))
        self.items: list[Button] = []
        self.chosen = 0
        self.message = ""
        self.stats: list[Any] = []
        self.stats_first = 0  # the first row of the statistics shown (the list scrolls)
        self.stats_rows = 0  # how many rows the panel showed when last drawn
        self.problems: list[str] = []  # one line per file the last import skipped
        self.importing: Future[Any] | None = None
        self.stop_import = threading.Event()

    def on_enter(self, payload: Any = None) -> None:
        self.watch_button = Button(
            _("Watch"), self.watch, kind="primary", help=_("Replay it move by move")
        )
        self.analyse_button = Button(
            _("Analyse"), self.analyse, help=_("Every decision judged by the expert")
        )
        self.export_button = Button(_("Export"), self.export, help=_("Write it as a replay file"))
        self.mat_button = Button(
            _("Export .mat"),
            self.export_mat,
            help=_("The whole backgammon match, for other programs"),
        )
        self.import_button = Button(
            _("Import"),
            self.import_files,
            help=_("Read the replay (.json) and match (.mat) files in {folder}").format(
                folder=imports_dir()
            ),
        )
        self.dice_button = Button(
            _("Dice"),
            self.dice,
            help=_("Your rolls and the others', against what chance predicts"),
        )
        self.back_button = Button(_("Back"), self.back, help=_("Back to the main menu (Esc)"))
        self.rating_button = Button(
            _("Your rating"),
            self.rating,
            size=17,
            help=_("Your rating in each game, and how it went over time"),
        )
        self.refresh()

    def on_language(self) -> None:
        """The buttons and the list in the new language (the files imported kept)."""
        at = self.focus.index
        importing = self.importing
        self.on_enter()
        self.import_button.enabled = importing is None
        if 0 <= at < len(self.focus.widgets):
            self.focus.index = at
        super().on_language()

    def on_resume(self, result: Any = None) -> None:
        self.refresh()
        if isinstance(result, str) and result:  # a word from the scene left (analysis)
            self.message = result
            self._static = None

    def on_exit(self) -> None:
        super().on_exit()
        self.stop_import.set()  # the worker stops before its next file
        self.importing = None

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.importing is not None and self.importing.done():
            job, self.importing = self.importing, None
            self.import_button.enabled = True
            try:
                found, problems = job.result()
            except Exception as exc:  # import_replays reports files; this is a fault
                log.exception("the replays could not be imported")
                found, problems = [], [f"The import failed: {exc!r}"[:200]]
            self.imported(found, problems)

    def wake_after(self) -> float | None:
        return POLL if self.importing is not None else None  # the import's end

    def refresh(self, files: list[Any] | None = None) -> None:
        records = self.app.records
        try:
            games = records.games(limit=SHOWN)
            self.stats = records.statistics()
        except sqlite3.Error as exc:  # a records problem shows as a message
            log.warning("cannot read the records: %s", exc)
            games, self.stats = [], []
            self.message = _("Your records cannot be read just now.")
        kept = [e for e in self.entries if e[0] == "file"] if files is None else []
        self.entries = [("game", g) for g in games] + kept + [("file", f) for f in files or []]
        self.items = []
        for n, (kind, value) in enumerate(self.entries):
            if kind == "game":
                title, detail = game_words(value)
            else:
                path, replay = value
                entries = len(replay.plays)
                title = game_name(replay.variant_id)
                detail = ngettext(
                    "imported from {file} · {n} entry",
                    "imported from {file} · {n} entries",
                    entries,
                ).format(file=path.name, n=entries)
            self.items.append(
                Button(
                    title,
                    partial(self.choose, n),
                    kind="item",
                    detail=detail,
                    size=16,
                    on_focus=partial(self.choose, n),
                )
            )
        self.chosen = min(self.chosen, max(0, len(self.items) - 1))
        widgets: list[Any] = [*self.items, self.watch_button, self.analyse_button]
        widgets.append(self.export_button)
        widgets += [self.mat_button, self.import_button, self.dice_button, self.rating_button]
        widgets.append(self.back_button)
        self.focus.set(widgets)
        self.choose(self.chosen)
        self.focus.focus(self.items[self.chosen] if self.items else self.import_button)
        self.relayout()

    # -- actions -------------------------------------------------------------------------

    def choose(self, n: int) -> None:
        self.chosen = n
        for i, item in enumerate(self.items):
            item.selected = i == n
        has = bool(self.items)
        self.watch_button.enabled = self.export_button.enabled = has
        self.analyse_button.enabled = has
        entry = self.entries[n] if has else None
        self.mat_button.enabled = bool(
            entry and entry[0] == "game" and entry[1]["variant"] == "backgammon"
        )

    def replay(self) -> Replay | None:
        if not self.entries:
            return None
        kind, value = self.entries[self.chosen]
        if kind == "file":
            return value[1]  # type: ignore[no-any-return]
        try:
            return replay_of(value)
        except ReplayError as exc:
            self.message = _("This game cannot be replayed: {why}").format(why=exc)
            self._static = None
            return None

    def watch(self) -> None:
        replay = self.replay()
        if replay is not None:
            self.app.go(Route.BOARD, replay)

    def analyse(self) -> None:
        """The chosen game analysed by the expert (kept, or made beside the window)."""
        replay = self.replay()
        if replay is None:
            return
        name = game_name(replay.variant_id)
        if not has_levels(replay.variant_id):
            self.message = _(
                "{game} cannot be analysed: it has no trained evaluation to judge it by."
            ).format(game=name)
            self._static = None
            return
        theme = theme_for(replay.variant_id, self.app.settings.palette)
        names = tuple(
            replay_label(side_colours(theme, i).name, raw) for i, raw in enumerate(replay.seats)
        )
        item = self.items[self.chosen] if self.items else None
        title = f"{item.label} · {item.detail}" if item is not None else name
        self.app.go(Route.ANALYSIS, AnalysisRequest(replay, names, title))

    def export(self) -> None:
        replay = self.replay()
        if replay is None:
            return
        stem = f"{replay.variant_id}-{time.strftime('%Y%m%d-%H%M%S')}"
        try:
            path = export_replay(replay, stem)
            self.message = _("Saved {file}").format(file=path)
        except OSError as exc:
            self.message = _("Could not write the replay: {why}").format(why=exc)
        self._static = None

    def export_mat(self) -> None:
        if not self.entries or self.entries[self.chosen][0] != "game":
            return
        game = self.entries[self.chosen][1]
        try:
            games = [replay_of(g) for g in self.app.records.match_games(game["match_id"])]
            seats = game["seats"]
            # The match file's players' names stay English: other programs read them.
            names = [
                "You" if s.get("human") else f"Tabula ({s.get('level', 'novice')})" for s in seats
            ]
            if names[0] == names[1]:
                names = ["Player 1", "Player 2"]
            path = export_mat(games, names, f"match-{time.strftime('%Y%m%d-%H%M%S')}")
            self.message = ngettext(
                "Saved {file} ({n} game)", "Saved {file} ({n} games)", len(games)
            ).format(file=path, n=len(games))
        except (ReplayError, OSError) as exc:
            self.message = _("Could not export the match: {why}").format(why=exc)
        self._static = None

    def import_files(self) -> None:
        """Read the replay files in a worker thread; ``update`` shows what it found."""
        if self.importing is not None:
            return
        self.stop_import = threading.Event()  # a worker left running keeps its own
        stop = self.stop_import.is_set
        job: Future[Any] = Future()

        def work() -> None:
            job.set_running_or_notify_cancel()
            try:
                job.set_result(import_replays(None, stop))
            except BaseException as exc:
                job.set_exception(exc)

        # A daemon thread: quitting the game never waits for a folder of large files.
        threading.Thread(target=work, name="import-replays", daemon=True).start()
        self.importing = job
        self.import_button.enabled = False
        self.problems = []
        self.message = _("Importing the replay files…")
        self.relayout()

    def imported(self, found: list[Any], problems: list[str]) -> None:
        """Show the replays an import found and one line per file it skipped."""
        for problem in problems:
            log.warning("replay import: %s", problem)
        known = {e[1][0] for e in self.entries if e[0] == "file"}
        fresh = [f for f in found if f[0] not in known]
        self.problems = list(problems)
        self.refresh(files=[e[1] for e in self.entries if e[0] == "file"] + fresh)
        parts = [
            ngettext("{n} replay imported", "{n} replays imported", len(fresh)).format(n=len(fresh))
        ]
        if problems:
            parts.append(
                ngettext(
                    "{n} skipped (listed above)", "{n} skipped (listed above)", len(problems)
                ).format(n=len(problems))
            )
        if not found and not problems:
            parts = [_("No replay or .mat files in {folder}").format(folder=imports_dir())]
        self.message = "  ·  ".join(parts)
        self._static = None

    def dice(self) -> None:
        self.app.go(Route.DICE_STATS)

    def rating(self) -> None:
        self.app.go(Route.RATING)

    def back(self) -> None:
        self.click()
        self.app.pop()

    # -- layout and drawing ------------------------------------------------------------------

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        s = scale
        m = round(28 * s)
        top = m + round(78 * s)
        bottom = h - m - round(120 * s)
        gap = round(20 * s)
        total = min(w - 2 * m, round(1180 * s))
        left_w = round(total * 0.42)
        x = (w - total) // 2
        self.stats_panel.place(pygame.Rect(x, top, left_w, bottom - top), s)
        self.list_panel.place(
            pygame.Rect(x + left_w + gap, top, total - left_w - gap, bottom - top), s
        )
        corner = self.stats_panel.inner(18)  # Your rating: beside the heading "Your play"
        rw, rh = min(round(150 * s), corner.w // 2), round(32 * s)
        self.rating_button.place(pygame.Rect(corner.right - rw, corner.y - round(6 * s), rw, rh), s)
        inner = self.list_panel.inner(12)
        ih, igap = round(58 * s), round(6 * s)
        y = inner.y + round(34 * s)
        list_bottom = inner.bottom - self.problem_lines() * self.problem_height()
        for item in self.items:
            visible = y + ih <= list_bottom
            item.visible = visible
            item.place(pygame.Rect(inner.x, y, inner.w, ih), s)
            y += ih + igap
        buttons = [self.watch_button, self.analyse_button, self.export_button, self.mat_button]
        buttons.append(self.import_button)
        buttons += [self.dice_button, self.back_button]
        bh, bgap = round(46 * s), round(12 * s)
        room = total - bgap * (len(buttons) - 1)
        bw = min(round(180 * s), room // len(buttons))
        # A label longer than its share (a longer language) widens its button, the others
        # giving up what they can spare.
        needs = [button.label_width(s) for button in buttons]
        widths = [max(bw, need) for need in needs]
        over = sum(widths) - room
        spare = [width - need for width, need in zip(widths, needs, strict=True)]
        if over > 0 and sum(spare) > 0:
            share = min(1.0, over / sum(spare))
            widths = [
                width - math.ceil(gift * share) for width, gift in zip(widths, spare, strict=True)
            ]
        bx = (w - (sum(widths) + bgap * (len(buttons) - 1))) // 2
        by = bottom + round(18 * s)
        for button, width in zip(buttons, widths, strict=True):
            button.place(pygame.Rect(bx, by, width, bh), s)
            bx += width + bgap

    def problem_lines(self) -> int:
        return min(len(self.problems), PROBLEM_LINES) + (len(self.problems) > PROBLEM_LINES)

    def problem_height(self) -> int:
        return get_font("italic", 14 * self.scale).get_linesize()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_static(surface)
        self.focus.draw(surface)

    def paint_static(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = self.scale
        st = self.back_button.style
        m = draw_page(surface, _("Records"), s, st)
        self.stats_panel.draw(surface)
        self.list_panel.draw(surface)
        self.draw_statistics(surface)
        inner = self.list_panel.inner(12)
        heading = _("Finished games and replays") if self.items else _("No finished games yet")
        draw_text(
            surface,
            heading,
            (inner.x + round(6 * s), inner.y + round(4 * s)),
            role="caps",
            size=18 * s,
            colour=st.accent,
        )
        self.draw_problems(surface)
        if self.message:
            text = fit_text(self.message, "italic", 15 * s, w - 2 * m)
            draw_text(
                surface,
                text,
                (w // 2, h - m),
                role="italic",
                size=15 * s,
                colour=st.text_dim,
                anchor="midbottom",
            )

    def draw_problems(self, surface: pygame.Surface) -> None:
        """One line per file the last import skipped, at the foot of the list."""
        if not self.problems:
            return
        s = self.scale
        st = self.back_button.style
        inner = self.list_panel.inner(12)
        lines = self.problems[:PROBLEM_LINES]
        if len(self.problems) > PROBLEM_LINES:
            more = len(self.problems) - PROBLEM_LINES
            lines.append(
                ngettext("and {n} more (see the log)", "and {n} more (see the log)", more).format(
                    n=more
                )
            )
        y = inner.bottom - len(lines) * self.problem_height()
        for line in lines:
            text = fit_text(line[:200], "italic", 14 * s, inner.w - round(12 * s))
            draw_text(
                surface,
                text,
                (inner.x + round(6 * s), y),
                role="italic",
                size=14 * s,
                colour=st.text_dim,
            )
            y += self.problem_height()

    def draw_statistics(self, surface: pygame.Surface) -> None:
        s = self.scale
        st = self.back_button.style
        inner = self.stats_panel.inner(18)
        draw_text(
            surface,
            _("Your play"),
            (inner.x, inner.y),
            role="caps",
            size=18 * s,
            colour=st.accent,
        )
        y = inner.y + round(36 * s)
        # TRANSLATORS: the statistics' columns: games played, the share won, the average
        # loss of a move as the tutor judged it
        heads = (_("Game and opponent"), _("Games"), _("Won"), _("Loss/move"))
        # The numbers' columns from the right, each as wide as its heading needs (at
        # least 0.12, 0.12 and 0.16 of the panel); the names take what is left.
        starts = [inner.w]
        for head, least in zip(heads[:0:-1], (0.16, 0.12, 0.12), strict=True):
            need = text_width(head, "italic", 14 * s) + round(10 * s)
            starts.insert(0, starts[0] - max(round(inner.w * least), need))
        columns = (0, *starts[:-1])
        name_w = columns[1] - round(inner.w * 0.02)  # the longest name and level fits
        # The name's heading on a second line where its column is too narrow for it.
        f = get_font("italic", 14 * s)
        head_lines = wrap_spaced(heads[0], f, name_w)[:2]
        head_cells = [(text, 0, i) for i, text in enumerate(head_lines)]
        head_cells += [(text, at, 0) for text, at in zip(heads[1:], columns[1:], strict=True)]
        for text, at, row in head_cells:
            draw_text(
                surface,
                fit_text(text, "italic", 14 * s, name_w) if at == 0 else text,
                (inner.x + at, y + row * f.get_linesize()),
                role="italic",
                size=14 * s,
                colour=st.text_dim,
            )
        y += (len(head_lines) - 1) * f.get_linesize()
        y += round(24 * s)
        line = get_font("text", 15 * s).get_linesize() + round(4 * s)
        if not self.stats:
            f = get_font("italic", 15 * s)
            empty = _("Games you finish against the computer are counted here.")
            for text in wrap_spaced(empty, f, inner.w):
                y = draw_text(
                    surface, text, (inner.x, y), role="italic", size=15 * s, colour=st.text_dim
                ).bottom
            return
        rows = max(1, (inner.bottom - y) // line)
        if len(self.stats) > rows:  # the last line says what more there is
            rows = max(1, rows - 1)
        self.stats_rows = rows
        self.stats_first = max(0, min(self.stats_first, len(self.stats) - rows))
        shown = self.stats[self.stats_first : self.stats_first + rows]
        for stat in shown:
            name = game_name(stat.variant)
            opponent = level_name(stat.opponent_level) if stat.opponent_level else _("people")
            who = _("{game}, {opponent}").format(game=name, opponent=opponent)
            loss = stat.loss_per_move
            cells = (
                fit_text(who, "text", 15 * s, name_w),
                str(stat.games),
                percent(stat.wins / stat.games) if stat.games else "",
                number_words(loss, 3) if loss is not None else "-",
            )
            for cell, at in zip(cells, columns, strict=True):
                draw_text(
                    surface,
                    cell,
                    (inner.x + at, y),
                    role="text",
                    size=15 * s,
                    colour=st.text,
                )
            y += line
        above, below = self.stats_first, len(self.stats) - self.stats_first - len(shown)
        if above or below:
            draw_text(
                surface,
                more_words(above, below),
                (inner.x, y),
                role="italic",
                size=14 * s,
                colour=st.text_dim,
            )

    def scroll_stats(self, rows: int) -> bool:
        """Move the statistics ``rows`` down (negative: up); whether anything moved."""
        last = max(0, len(self.stats) - max(1, self.stats_rows))
        first = max(0, min(self.stats_first + rows, last))
        if first == self.stats_first:
            return False
        self.stats_first = first
        self._static = None  # the statistics are painted with the still parts
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The mouse wheel over the statistics, and PgUp/PgDn, scroll them."""
        over_stats = self.stats_panel.rect.collidepoint(pygame.mouse.get_pos())
        if event.type == pygame.MOUSEWHEEL and over_stats:
            self.scroll_stats(-3 * event.y)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            page = max(1, self.stats_rows - 1)
            self.scroll_stats(page if event.key == pygame.K_PAGEDOWN else -page)
            return True
        return super().handle_event(event)


def more_words(above: int, below: int) -> str:
    """The statistics' last line when they do not all fit: what is out of sight."""
    parts = []
    if above:
        parts.append(_("{n} above").format(n=above))
    if below:
        parts.append(_("{n} more below").format(n=below))
    return _("{where} (scroll, PgUp/PgDn)").format(where=" · ".join(parts))
