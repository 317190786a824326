"""A finished game analysed by the expert, stepped through beside the board.

Entered from Records with an ``AnalysisRequest``. The analysis kept in the records book
for this game (``Records.analysis``, keyed by ``game.study.stored.replay_key``) is shown
at once; a damaged one is dropped and made again. Otherwise the analysis runs in a
process of its own (``game.study.jobs``) while the scene shows its progress: the window
only looks at the process's messages each frame, so it never waits. Stop (or Esc) ends
the process at once and goes back to Records, keeping nothing; a finished analysis is
kept in the records book before it is shown.

The result: the board at the decision at hand (the position before it, with its dice),
and beside it what was played and the expert's best, the loss and its grade, the luck
of the throw; each side's rating (PR), luck and errors; under both, the graph of the
chances over the game (``game.ui.analysis_graph``) with a mark at every error. Left and
Right step from decision to decision, Home and End go to the first and the last,
PgUp/PgDn to the previous or next error, a click on the graph to the error marked there
(or the decision nearest the click), Esc back to Records.

The panes' drawing (the progress card, the decision, the figures) and where each part
goes are ``game.ui.scenes.analysis_panes``; this file holds the scene's course.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

import pygame

from game.i18n import N_, _, ngettext
from game.names import game_name
from game.rules import actions as a
from game.rules import match as m
from game.rules.play import Play
from game.rules.replay import ReplayError
from game.rules.variants import find_variant
from game.study import jobs
from game.study.analysis import Decision, GameAnalysis, replay_steps
from game.study.stored import VERSION, analysis_from_json, replay_key
from game.ui.analysis_board import draw_marks_part, draw_men_part, play_named
from game.ui.analysis_graph import ChanceGraph
from game.ui.analysis_words import side_name
from game.ui.backdrop import backdrop, draw_backdrop
from game.ui.label_fit import fit_labels, needed_width
from game.ui.render.board_view import BoardView
from game.ui.routes import AnalysisRequest
from game.ui.scenes import analysis_panes as panes
from game.ui.scenes.analysis_panes import card_place, result_places
from game.ui.scenes.base import POLL
from game.ui.scenes.widget_scene import WidgetScene
from game.ui.theme import side_colours, theme_for
from game.ui.widgets import Button, Panel, Style, draw_panel, draw_text, get_font

log = logging.getLogger(__name__)

STOPPED = N_("The analysis was stopped; nothing of it was kept.")  # (Records shows it)
REPLAY_BUDGET = 0.005  # seconds of a frame given to replaying the record (never a long frame)
PANEL_ALPHA = 226
# The faces the result's words are set in (role, design size), loaded while it is made.
# The faces of the progress card, loaded a frame each before it is first shown.
CARD_FONTS = (("caps", 24), ("text", 16), ("text", 15), ("italic", 14))
WARM_FONTS = (
    ("caps", 18),
    ("bold", 17),
    ("text", 16),
    ("italic", 15),
    ("caps", 16),
    ("bold", 15),
    ("text", 14),
    ("italic", 14),
)


class AnalysisScene(WidgetScene):
    """The analysis of one finished game: its progress, then the game stepped through."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.job: jobs.StudyJob | None = None
        self.analysis: GameAnalysis | None = None
        self.states: list[m.GameState] = []
        self.actions: list[a.Action] = []
        self.best_shown = False  # the board shows the expert's best play, not the one made
        self.moments: list[int] = [0]  # the states stepped through: each decision, the end
        self.at = 0
        self.failed = ""
        self.note = ""  # a word under the result (an analysis that could not be kept)
        self.key = ""
        self.view: BoardView | None = None
        self.graph: ChanceGraph | None = None
        self.preparing: Future[Any] | None = None
        self.card = Panel(alpha=236)
        self.side_panel = Panel(alpha=PANEL_ALPHA)
        self.graph_panel = Panel(alpha=PANEL_ALPHA)
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.decision_box = pygame.Rect(0, 0, 0, 0)
        self.figures_box = pygame.Rect(0, 0, 0, 0)
        self._pictures: dict[str, tuple[Any, pygame.Surface]] = {}
        self.warmed: tuple[int, int] = (0, 0)  # the size its faces were listed for
        self.fonts: list[tuple[str, float]] = []  # faces the result sets its words in
        self.replaying: Any = None  # the record replayed a slice a frame (replay_steps)
        self.kept_data: dict[str, Any] | None = None  # read at once, checked once replayed
        self.pictures_ready = threading.Event()  # the card's pictures made (``warm_pictures``)
        self.warming: tuple[int, int] = (0, 0)  # the size the pictures are made for
        self.painted_at = -1.0  # the scene's time a picture was last painted (one a frame)
        self.stale = False  # a picture waits for the next frame
        self.starting = False  # the worker is to be started (the frame after entering)
        self.warmer: threading.Thread | None = None
        self.arrived: GameAnalysis | None = None  # the worker's result, read (shown next)
        self.kept_now = False  # ... and kept in the records book

    @property
    def opaque(self) -> bool:  # type: ignore[override]
        """Records shows through until the card's pictures are made beside the window
        (a frame never waits for them)."""
        ready = self.pictures_ready.is_set() and not self.fonts
        return ready or self.analysis is not None or bool(self.failed)

    # -- entering: the kept analysis, or a new one ------------------------------------------

    def on_enter(self, payload: Any = None) -> None:
        if not isinstance(payload, AnalysisRequest):
            raise TypeError(f"the analysis scene takes an AnalysisRequest, not {payload!r}")
        self.request = payload
        variant = find_variant(payload.replay.variant_id, payload.replay.options)
        self.variant = variant
        self.theme = theme_for(variant.id, self.app.settings.palette)
        self.style = Style.from_theme(self.theme)
        self.name_sides()
        self.make_buttons()
        self.focus.set([self.stop_button])
        # The record is replayed a slice a frame (a long game is a third of a second of
        # it); the kept analysis is read now and checked against it once it is done.
        self.states, self.actions = [], []
        self.replaying = replay_steps(payload.replay, self.states, self.actions)
        self.replay_some()
        if self.failed:
            return
        self.key = replay_key(payload.replay)
        self.kept_data = self.read_kept()
        self.starting = self.kept_data is None  # the worker starts in the next frame
        self.relayout()
        self.fonts = [(role, size * self.scale) for role, size in CARD_FONTS]

    def name_sides(self) -> None:
        """The sides' names: the players' as Records gives them, "Side 3" past them, and
        the colours of their men (the graph's legend)."""
        players = self.variant.players
        names = list(self.request.names[:players])
        names += [side_name((), i) for i in range(len(names), players)]
        self.names = tuple(names)
        self.colour_names = tuple(side_colours(self.theme, i).name for i in range(players))

    def make_buttons(self) -> None:
        self.stop_button = Button("", self.stop, kind="primary")
        self.back_button = Button("", self.back)
        self.prev_button = Button("", self.previous_error, help="PgUp")
        self.next_button = Button("", self.next_error, help="PgDn")
        self.best_button = Button("", self.toggle_best, help="B")
        self.label_buttons()

    def label_buttons(self) -> None:
        """The buttons' words in the language in use."""
        self.stop_button.label = _("Stop")
        self.stop_button.help = _("End the analysis; nothing is kept")
        self.back_button.label = _("Back")
        self.back_button.help = _("Back to your records (Esc)")
        self.prev_button.label = _("Previous error")
        self.next_button.label = _("Next error")
        self.best_button.label = self.best_words()

    def best_words(self) -> str:
        """The best play button's label: what a press shows."""
        return _("Show played") if self.best_shown else _("Show best")

    def on_language(self) -> None:
        """The buttons' words, the sides' names and the pictures made again in the new
        language (a failure's words stay as they were said)."""
        if not hasattr(self, "request"):
            return
        self.name_sides()
        self.label_buttons()
        self._pictures.clear()  # (the still parts go with the layout)
        super().on_language()

    def replay_some(self) -> None:
        """Replay the record for ``REPLAY_BUDGET`` at most; once it is all replayed, the
        kept analysis is shown (or made again, if it does not fit)."""
        if self.replaying is None:
            return
        end = time.perf_counter() + REPLAY_BUDGET
        try:
            for _step in self.replaying:
                if time.perf_counter() > end:
                    return
        except ReplayError as exc:
            self.replaying = None
            if self.job is not None:
                self.job.close()
                self.job = None
            self.fail(_("This game cannot be analysed: {reason}").format(reason=exc))
            return
        self.replaying = None
        if self.kept_data is not None:
            kept = self.kept()
            if kept is not None:
                self.show(kept)
            else:
                self.start()

    def read_kept(self) -> dict[str, Any] | None:
        """The analysis kept for this game, as it was stored (None: none, or unreadable)."""
        try:
            return self.app.records.analysis(self.key, VERSION)  # type: ignore[no-any-return]
        except sqlite3.Error as exc:
            log.warning("the kept analyses cannot be read: %s", exc)
            return None

    def kept(self) -> GameAnalysis | None:
        """The analysis kept for this game, if it is sound (a damaged one is dropped)."""
        records = self.app.records
        data, self.kept_data = self.kept_data, None
        if data is None:
            return None
        try:
            analysis = analysis_from_json(data)
            self.check(analysis)
        except ValueError as exc:
            log.warning("the analysis kept for this game is damaged (%s); it is made again", exc)
            with contextlib.suppress(sqlite3.Error):  # else keep_analysis replaces it
                records.drop_analysis(self.key)
            return None
        return analysis

    def check(self, analysis: GameAnalysis) -> None:
        """Raise ``ValueError`` unless ``analysis`` fits this game's record."""
        last = len(self.states) - 1
        if analysis.variant_id != self.variant.id or analysis.players != self.variant.players:
            raise ValueError("the analysis is of another game")
        if any(d.entry >= last for d in analysis.decisions):
            raise ValueError("a decision past the end of the record")
        if any(p.state > last for p in analysis.points):
            raise ValueError("a chance past the end of the record")

    def start(self) -> None:
        """Run the analysis in its own process; ``update`` follows its progress."""
        payload = {"replay": self.request.replay.to_json(), "names": list(self.names)}
        self.job = jobs.StudyJob("analysis", payload)
        try:
            self.job.start()
        except (OSError, RuntimeError) as exc:
            self.job = None
            self.fail(_("The analysis could not be started: {reason}").format(reason=exc))

    def fail(self, words: str) -> None:
        self.failed = words
        self.focus.set([self.back_button])
        self.relayout()

    def show(self, analysis: GameAnalysis) -> None:
        """The analysis is ready: the board, the figures and the graph."""
        self.analysis = analysis
        last = len(self.states) - 1
        # Every play, and the cube decisions that were real choices (a roll without a
        # double that no one would have doubled is not stepped through).
        shown = {d.entry for d in analysis.decisions if d.kind == "play" or d.counted}
        self.moments = sorted(shown | {last})
        self.at = 0
        self.graph = ChanceGraph(analysis, last, self.theme)
        self.view = None  # made to the board's size as the scene is laid out
        self.focus.set([self.prev_button, self.next_button, self.best_button, self.back_button])
        self.relayout()

    # -- the worker ------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.warming != self.size and not self.failed:
            self.warm_pictures(self.size, self.scale)  # (not in the frame that entered)
        elif self.starting:
            self.starting = False
            self.start()
        elif self.fonts:  # one a frame: a face is a few milliseconds to load
            role, px = self.fonts.pop()
            get_font(role, px)
        warmer = self.warmer
        if warmer is None or not warmer.is_alive():
            # (not while the pictures are painted beside the window: the two would take
            # turns at the interpreter and a frame would wait on the painting)
            self.replay_some()
        if self.preparing is not None and self.preparing.done():
            self.preparing.result()  # a painting error shows here
            self.preparing = None
            self._static = None
        job = self.job
        if job is None:
            return
        job.poll()
        if not job.finished:
            if job.total and self.warmed != self.size:
                self.warm()
            return  # draw_progress shows what it told
        if job.result is None:
            self.job = None
            if not job.stopped:
                self.fail(_("The analysis failed: {reason}").format(reason=job.error))
            return
        if self.replaying is not None:  # (the record is still being replayed: a frame more)
            return
        # The result is read, kept and shown in three frames (each a few milliseconds).
        if self.arrived is None:
            try:
                self.arrived = analysis_from_json(job.result)
                self.check(self.arrived)
            except ValueError as exc:
                self.job = None
                self.fail(_("The analysis came back unreadable: {reason}").format(reason=exc))
            return
        if not self.kept_now:
            self.kept_now = True
            try:
                self.app.records.keep_analysis(self.key, VERSION, job.result)
            except sqlite3.Error as exc:
                log.warning("the analysis could not be kept: %s", exc)
                self.note = _("This analysis could not be kept in your records.")
            self.keep_drills(self.arrived)
            return
        self.job = None
        self.show(self.arrived)

    def keep_drills(self, analysis: GameAnalysis) -> None:
        """The people's plays graded bad or worse become drills (never the computer's)."""
        from game.store.drill_book import DrillBook

        added = DrillBook(self.app.records).add_mistakes(
            analysis, self.states, self.request.replay.seats, time.time()
        )
        if added:
            said = ngettext(
                "{n} of your plays became a drill (Drills, on the menu).",
                "{n} of your plays became drills (Drills, on the menu).",
                added,
            ).format(n=added)
            self.note = (self.note + " " if self.note else "") + said

    def warm(self) -> None:
        """While the analysis runs, list the faces the result's words are set in, for
        ``update`` to load one a frame (a face first loaded in the frame that shows the
        result would hold it)."""
        self.warmed = self.size
        s = self.scale
        self.fonts[:0] = [(role, size * s) for role, size in WARM_FONTS]  # (after the card's)

    def wake_after(self) -> float | None:
        busy = self.replaying is not None or not self.opaque or self.stale or self.starting
        if busy or self.job is not None or self.preparing is not None:
            return POLL  # the progress, or the board's background being painted
        return None

    def stop(self) -> None:
        """Stop: the process is ended at once and nothing is kept."""
        if self.job is not None:
            self.job.close()
            self.job = None
        self.click()
        self.app.pop(_(STOPPED))

    def back(self) -> None:
        if self.job is not None:
            self.stop()
            return
        self.click()
        self.app.pop()

    def on_exit(self) -> None:
        super().on_exit()
        if self.job is not None:  # leaving by any way ends the work
            self.job.close()
            self.job = None

    # -- stepping -------------------------------------------------------------------------

    @property
    def state_shown(self) -> int:
        return self.moments[self.at]

    @property
    def decision(self) -> Decision | None:
        if self.analysis is None:
            return None
        entry = self.state_shown
        return next((d for d in self.analysis.decisions if d.entry == entry), None)

    def go_to(self, at: int) -> None:
        at = max(0, min(at, len(self.moments) - 1))
        if at != self.at:
            self.at = at  # the decision and the board are painted again (``cached``)

    def go_to_state(self, state: int) -> None:
        """The decision nearest state ``state`` (the first of two as near)."""
        self.go_to(min(range(len(self.moments)), key=lambda i: abs(self.moments[i] - state)))

    def errors(self) -> list[int]:
        """The moments (indexes) of the decisions graded doubtful or worse."""
        if self.analysis is None:
            return []
        graded = {d.entry for d in self.analysis.decisions if d.grade is not None}
        return [i for i, state in enumerate(self.moments) if state in graded]

    def toggle_best(self) -> None:
        """The board shows the expert's best play instead of the one made, or back."""
        self.best_shown = not self.best_shown
        self.best_button.label = self.best_words()

    def play_shown(self) -> Play | None:
        """The play drawn on the board: the one made, or the expert's best."""
        decision = self.decision
        if decision is None or decision.kind != "play":
            return None
        state = self.states[decision.entry]
        if self.best_shown:
            return play_named(state, decision.best)
        action = self.actions[decision.entry]
        return action.play if isinstance(action, a.Move) else None

    def next_error(self) -> None:
        later = [i for i in self.errors() if i > self.at]
        if later:
            self.go_to(later[0])

    def previous_error(self) -> None:
        earlier = [i for i in self.errors() if i < self.at]
        if earlier:
            self.go_to(earlier[-1])

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.analysis is not None and event.type == pygame.KEYDOWN:
            steps = {
                pygame.K_LEFT: lambda: self.go_to(self.at - 1),
                pygame.K_RIGHT: lambda: self.go_to(self.at + 1),
                pygame.K_HOME: lambda: self.go_to(0),
                pygame.K_END: lambda: self.go_to(len(self.moments) - 1),
                pygame.K_PAGEUP: self.previous_error,
                pygame.K_PAGEDOWN: self.next_error,
                pygame.K_b: self.toggle_best,
            }
            if event.key in steps:
                steps[event.key]()
                return True
        if self.graph is not None and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            chosen = self.graph.hit(event.pos)
            if chosen is not None:
                kind, n = chosen
                if kind == "mark":
                    self.go_to(self.moments.index(n))
                else:
                    self.go_to_state(n)
                return True
        return super().handle_event(event)

    # -- layout -----------------------------------------------------------------------------

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        s = scale
        m = round(16 * s)
        gap = round(12 * s)
        bh = round(40 * s)
        if self.analysis is None:
            card = card_place(size, s)
            self.card.place(card, s)
            bw = round(180 * s)
            spot = pygame.Rect(card.centerx - bw // 2, card.bottom - round(24 * s) - bh, bw, bh)
            self.stop_button.place(spot, s)
            self.back_button.place(spot, s)
            return
        self.board_rect, figures, graph = result_places(size, s)
        self.graph_panel.place(graph, s)
        assert self.graph is not None
        self.graph.place(self.graph_panel.inner(10), s)
        self.side_panel.place(figures, s)
        inner = self.side_panel.inner(16)
        tall = panes.decision_height(s)
        self.decision_box = pygame.Rect(inner.x, inner.y, inner.w, min(tall, inner.h))
        gap_y = round(10 * s)
        self.figures_box = pygame.Rect(
            inner.x,
            self.decision_box.bottom + gap_y,
            inner.w,
            max(0, inner.bottom - self.decision_box.bottom - gap_y),
        )
        if self.view is None or self.view.size != self.board_rect.size:
            # A new view, not the old one resized: a painting still under way for the old
            # size finishes on the old view and is let go.
            self.view = BoardView(self.variant, self.theme, self.board_rect.size)
            self.prepare()
        buttons = [self.prev_button, self.next_button, self.best_button, self.back_button]
        other = _("Show best") if self.best_shown else _("Show played")  # (B shows it)
        need = needed_width([*(b.label for b in buttons), other], s, least=190)
        bw = min(need, (w - 2 * m - 3 * gap) // 4)
        x = w - m - len(buttons) * bw - (len(buttons) - 1) * gap
        for button in buttons:
            button.place(pygame.Rect(x, h - m - bh, bw, bh), s)
            x += bw + gap
        fit_labels(buttons, s, more=[other])

    def warm_pictures(self, size: tuple[int, int], s: float) -> None:
        """Make the pictures a first painting at ``size`` would make, beside the window
        (each is kept once made): the table and the card first (Records shows through
        till then: ``opaque``), then the result's panels and the board's background, so
        that neither the first frame nor the one the result arrives in waits for them."""
        self.warming = size
        panels = [(self.card, card_place(size, s))]
        board, figures, graph = result_places(size, s)
        panels += [(self.side_panel, figures), (self.graph_panel, graph)]
        variant, theme = self.variant, self.theme

        def make() -> None:
            try:
                jobs.prepare()  # (the worker starts in the next frame)
                scratch = pygame.Surface(size)
                backdrop(size, False)
                for n, (panel, rect) in enumerate(panels):
                    draw_panel(scratch, rect, s, panel.style, alpha=panel.alpha)
                    if n == 0:
                        self.pictures_ready.set()
                BoardView(variant, theme, board.size).background()
            except Exception:  # pygame gone (the window closed): nothing was needed
                log.debug("the analysis's pictures were not made ahead", exc_info=True)
            finally:
                self.pictures_ready.set()

        self.warmer = threading.Thread(target=make, name="analysis-pictures", daemon=True)
        self.warmer.start()

    def settle(self, timeout: float = 30.0) -> None:
        """Wait for the pictures made beside the window (the tests', before they look)."""
        warmer = getattr(self, "warmer", None)
        if warmer is not None:
            warmer.join(timeout)
        if self.preparing is not None:
            self.preparing.result(timeout)

    def prepare(self) -> None:
        """Paint the board's background (seconds on a 4K screen) beside the window; at
        once where there is no screen (tests)."""
        view = self.view
        if view is None:
            return
        if self.app.headless:
            view.background()
            return
        job: Future[Any] = Future()

        def paint() -> None:
            job.set_running_or_notify_cancel()
            try:
                job.set_result(view.background())
            except BaseException as exc:
                job.set_exception(exc)

        threading.Thread(target=paint, name="analysis-board", daemon=True).start()
        self.preparing = job

    # -- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The still parts (painted once per layout), the decision at hand and the board
        (painted once per step), and the graph's upright at the position shown. Nothing
        until the card's pictures are made (Records shows through: ``opaque``); and in the
        frame that paints the still parts, not yet the decision and the board."""
        if not self.opaque:
            return
        self.stale = False
        if self._static is None or self._static.get_size() != surface.get_size():
            self.painted_at = self.t
        self.draw_static(surface)
        if self.analysis is None or self.graph is None:
            self.draw_progress(surface)
            self.focus.draw(surface)
            return
        box = self.figures_box
        figures = self.cached("figures", box.size, self.paint_figures_box, key=box.size)
        decision = self.cached("decision", self.decision_box.size, self.paint_decision)
        for picture, at in ((figures, box), (decision, self.decision_box)):
            if picture is not None:
                surface.blit(picture, at)
        if self.view is not None and self.preparing is None:
            size = self.board_rect.size
            men = self.cached("board men", size, self.draw_board_men, opaque=True)
            board = self._pictures.get("board", (None, None))[1]
            if men is not None and self.cached_key("board men") == self.picture_key(size):
                board = self.cached("board", size, self.draw_board, opaque=True) or board
            if board is not None and board.get_size() == size:
                surface.blit(board, self.board_rect)
        self.graph.draw_cursor(surface, self.state_shown)
        self.focus.draw(surface)

    def cached(
        self,
        name: str,
        size: tuple[int, int],
        paint: Callable[[pygame.Surface], Any],
        *,
        opaque: bool = False,
        key: Any = None,
    ) -> pygame.Surface | None:
        """A picture of what changes only with a step: painted again when the decision
        shown, the play shown or the size changed (``key``: what else it changes with).
        One painting a frame: a picture that must wait is the last one painted of it
        meanwhile (or none), and the scene asks for the next frame (``stale``)."""
        key = self.picture_key(size) if key is None else key
        kept = self._pictures.get(name)
        if kept is not None and kept[0] == key:
            return kept[1]
        if self.painted_at == self.t:
            self.stale = True
            return kept[1] if kept is not None and kept[1].get_size() == size else None
        picture = pygame.Surface(size) if opaque else pygame.Surface(size, pygame.SRCALPHA)
        paint(picture)
        self.painted_at = self.t
        self._pictures[name] = (key, picture)
        return picture

    def picture_key(self, size: tuple[int, int] | None = None) -> Any:
        """What a step's picture (the decision, the board) is painted for."""
        return (self.at, self.best_shown, size or self.board_rect.size)

    def cached_key(self, name: str) -> Any:
        """What the picture ``name`` kept was painted for (None: none kept)."""
        kept = self._pictures.get(name)
        return None if kept is None else kept[0]

    def paint_static(self, surface: pygame.Surface) -> None:
        self._pictures.clear()  # painted again with the layout
        if self.analysis is None:
            draw_backdrop(surface, motif=False)  # as Records, which it stands over
            self.paint_card(surface)
            return
        surface.fill(self.theme.table)
        self.side_panel.draw(surface)  # (its words: ``paint_figures_box``, a frame later)
        self.graph_panel.draw(surface)
        assert self.graph is not None
        self.graph.draw(surface, self.colour_names)
        if self.preparing is not None:
            draw_text(
                surface,
                _("Laying out the {game} board...").format(game=game_name(self.variant.id)),
                self.board_rect.center,
                role="italic",
                size=18 * self.scale,
                colour=self.style.text_dim,
                anchor="center",
            )

    def card_places(self) -> tuple[pygame.Rect, tuple[int, int], pygame.Rect]:
        """Where the progress card's game line goes, its count line and its bar."""
        return panes.card_places(self)

    def paint_card(self, surface: pygame.Surface) -> None:
        panes.paint_card(self, surface)

    def draw_progress(self, surface: pygame.Surface) -> None:
        panes.draw_progress(self, surface)

    def paint_decision(self, surface: pygame.Surface) -> int:
        """The decision at hand (``analysis_panes.paint_decision``); returns how many lines
        did not fit (none, at every size the tests try)."""
        return panes.paint_decision(self, surface)

    def paint_figures_box(self, surface: pygame.Surface) -> int:
        """``paint_figures`` on a picture of the figures' box."""
        return self.paint_figures(surface, surface.get_rect())

    def paint_figures(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        """Each side's figures (``analysis_panes.paint_figures``); returns how many lines
        did not fit."""
        return panes.paint_figures(self, surface, box)

    def draw_board_men(self, surface: pygame.Surface) -> None:
        """The board and its men at the decision at hand (the first of the board's two
        paintings: each is about half of it, a frame each)."""
        assert self.view is not None
        state = self.states[self.state_shown]
        draw_men_part(surface, self.view, self.theme, state, self.play_shown())

    def draw_board(self, surface: pygame.Surface) -> None:
        """The position before the decision at hand, its dice, and the play shown: over
        the board and its men (``draw_board_men``), the play's way, the labels, the cube
        and the dice."""
        assert self.view is not None
        men = self._pictures["board men"][1]
        surface.blit(men, (0, 0))
        state = self.states[self.state_shown]
        decision = self.decision
        dice = decision.dice if decision is not None and decision.kind == "play" else ()
        draw_marks_part(surface, self.view, self.theme, state, self.play_shown(), dice, self.scale)


__all__ = ["STOPPED", "AnalysisScene", "card_place", "result_places"]
