"""Find the best play: the player's drills asked one after another on the board.

The board is the game's own (``BoardScene``): the drill's position and dice, the
player's side to play; the player makes the play as in a game and picks up the dice
(Enter, Space, a click on them or Done). The table then asks rather than plays
(``DrillTable``): the play is judged by the expert's ranking kept with the drill, at
once; a play that ranking does not hold (or a drill without one yet) is judged by a
study job in a process of its own, and the window says so meanwhile (never waits).
The verdict: good or the loss in the game's units, the expert's best play shown on
the board as the hint card shows one, and when the drill is asked again ("learned"
after its last step). Enter: next drill; Esc: back to the list of drills.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import pygame

from game.i18n import _, ngettext
from game.play.advice import grade, play_text
from game.play.session import GameSetup, Seat
from game.play.table import Table
from game.rules import match as m
from game.rules.play import Play
from game.study.drills import Drill, DrillError, answered, ranking_from_hint
from game.ui.analysis_words import choice_words, grade_title, loss_words
from game.ui.drill_words import when_in, when_words
from game.ui.label_fit import fit_labels
from game.ui.render import board_controls
from game.ui.routes import DrillRun
from game.ui.scenes.board import BoardScene
from game.ui.study_job import StudyJob
from game.ui.theme import side_colours
from game.ui.widgets import Button, Style, draw_panel, draw_text, fit_text, get_font
from game.ui.widgets.focus import FocusList
from game.ui.widgets.text import wrap_words

log = logging.getLogger(__name__)

CARD = (360, 330)  # the verdict card's size (design pixels)
POLL = 0.1  # seconds between looks at a judging job


class DrillTable(Table):
    """A table that asks: a person's finished play goes to ``answer`` and is never made;
    nothing is kept as the game in progress."""

    answer: Callable[[Play], None] | None = None

    def finish(self, play: Play) -> None:
        if self.answer is not None:
            self.answer(play)

    def commit(self, play: Play, *, animate: bool) -> None:
        """A play the table would make for the person (the dice allow one only): the
        answer, never made."""
        if self.answer is not None:
            self.answer(play)

    def save(self) -> None:
        """A drill is never the game in progress (the player's own game stays kept)."""


def more_words(left: int) -> str:
    """What follows the drill on the board: "the last of this set", "2 more after it"."""
    if not left:
        return _("the last of this set")
    return ngettext("{n} more after this one", "{n} more after this one", left).format(n=left)


def card_lines(
    lines: list[tuple[str, str]], width: int, room: int, s: float
) -> tuple[float, list[tuple[str, str, bool]]]:
    """The card's lines wrapped to ``width`` at the largest size (17 design px down to
    13 px) at which they fit ``room`` px of height, as (line, role, last of its words);
    where none does, what would pass the foot is joined to the last line that fits, cut
    short where it is drawn (never left out unseen)."""
    size = max(13.0, 17 * s)
    gap = round(6 * s)
    while True:
        f = get_font("text", size)
        out: list[tuple[str, str, bool]] = []
        for words, role in lines:
            pieces = wrap_words(words, f, width)
            out += [(p, role, i == len(pieces) - 1) for i, p in enumerate(pieces)]
        tall = sum(f.get_linesize() + (gap if last else 0) for _p, _r, last in out)
        if tall <= room or size <= 13.0:
            break
        size = max(13.0, size * 0.95)
    used, kept = 0, 0
    for _p, _r, last in out:
        used += f.get_linesize()
        if used > room:
            break
        kept += 1
        used += gap if last else 0
    if kept < len(out):
        keep = max(1, kept)
        line, role, _last = out[keep - 1]
        rest = " ".join(p for p, _r, _l in out[keep:])
        out = [*out[: keep - 1], (f"{line} {rest}", role, True)]
    return size, out


class DrillScene(BoardScene):
    """The drills of a ``DrillRun``, one after another; see the module's notes."""

    table_type = DrillTable
    job_type = StudyJob  # the expert's ranking, in a process of its own

    def on_enter(self, payload: Any = None) -> None:
        if not isinstance(payload, DrillRun):
            raise TypeError(f"DrillScene needs a DrillRun, got {payload!r}")
        from game.store.drill_book import DrillBook

        self.run = payload
        self.queue: list[Drill] = list(payload.drills)
        self.book = DrillBook(self.app.records)
        self.unkept_said = False
        self.asked = 0
        self.right = 0
        self.job: StudyJob | None = None  # the expert's ranking being made
        self.judging: Play | None = None  # an answer waiting for that ranking
        self.verdict: list[tuple[str, str]] = []  # (words, role) lines of the card
        self.answer_play: Play | None = None
        self.over = False
        self.next_button = Button(_("Next drill"), self.next_drill, kind="primary", help="Enter")
        self.back_button = Button(_("Back"), self.leave, help="Esc")
        # The card's buttons (the board's keys stay the board's: Enter and Esc answer).
        self.focus = FocusList([self.back_button])
        self.next_drill()

    def on_language(self) -> None:
        """The card's buttons in the new language (the card's words are made again when
        a drill is asked or answered; the board's, by the board)."""
        if hasattr(self, "next_button"):
            self.next_button.label = _("Next drill")
            self.back_button.label = _("Back")
        super().on_language()

    # -- the drills ----------------------------------------------------------------------

    def next_drill(self) -> None:
        """The next drill on the board (or the end of the run)."""
        self.close_job()
        while self.queue:
            drill = self.queue.pop(0)
            try:
                state = drill.game_state()
                drill.best_play()
            except DrillError as exc:
                log.warning("a drill cannot be asked (%s); it is left out", exc)
                continue
            self.start_drill(drill, state)
            return
        self.over = True
        self.verdict = self.end_words()
        if hasattr(self, "table"):
            self.say(_("No more drills in this set"))

    def start_drill(self, drill: Drill, state: m.GameState) -> None:
        if hasattr(self, "table"):
            self.table.close()
        self.drill = drill
        self.best = drill.best_play()  # shown over the board with the verdict
        self.verdict = []
        self.answer_play = None
        self.judging = None
        side = state.to_act
        players = state.variant.players
        seats = tuple(
            Seat() if i == side else Seat(human=False, level="expert") for i in range(players)
        )
        options = dict(state.variant.options)
        setup = GameSetup(drill.variant_id, options, seats, seed=0, first=drill.state)
        super().on_enter(setup)
        assert isinstance(self.table, DrillTable)
        self.table.answer = self.answered
        self.table.end_at_once = False  # the play waits for the dice to be picked up
        self.table.auto_bear_off = False  # the player makes every play of a drill
        self.say(self.ask_words(state))
        if not drill.ranking:
            self.start_job("drill", {"state": drill.state})
        self.fit_board()

    def ask_words(self, state: m.GameState) -> str:
        who = side_colours(self.theme, state.to_act).name
        dice = "-".join(str(d) for d in state.dice)
        return _(
            "Find the best play: {side} to play {dice}. Pick up the dice when done (Enter)"
        ).format(side=who, dice=dice)

    def answered(self, play: Play) -> None:
        """The player's play (the dice picked up): judged now, or once ranked."""
        if self.answer_play is not None or self.over:
            return
        self.answer_play = play
        loss = self.drill.loss_of(play)
        if loss is not None:
            self.give_verdict(loss)
            return
        self.judging = play
        if self.job is None or self.drill.ranking:  # not ranked there: judged afresh
            state = self.drill.game_state()
            self.start_job("judge", {"state": self.drill.state, "play": play_text(state, play)})
        self.say(_("The expert is looking at your play..."))

    def give_verdict(self, loss: float) -> None:
        state = self.drill.game_state()
        assert self.answer_play is not None
        now = time.time()
        after = answered(self.drill, loss, now)
        self.asked += 1
        players = state.variant.players
        if len(m.legal_plays(state)) == 1:
            self.right += 1
            head, role = _("The only play the dice allow"), "good"
        elif grade(loss) is None:
            self.right += 1
            head = _("Good: the best play") if loss < 5e-4 else _("Good: close to the best")
            role = "good"
        else:
            # TRANSLATORS: {grade} is Doubtful, Bad or Very bad; {loss} as "0.085 points"
            head = _("{grade}: you gave away {loss}").format(
                grade=grade_title(str(grade(loss))), loss=loss_words(loss, players)
            )
            role = "bad"
        when = when_words(after.due - now)
        if after.learned:
            schedule = _("Learned: answered well three times, it is not asked again.")
        elif after.step == 0:
            schedule = _("It starts over: asked {when}.").format(when=when)
        else:
            schedule = _("Asked {when}.").format(when=when)
        mine = choice_words(play_text(state, self.answer_play))
        if len(m.legal_plays(state)) == 1:
            dice = "-".join(str(d) for d in state.dice)
            said = _("No choice: {dice} can be played only as {play}.").format(dice=dice, play=mine)
            lines = [(said, "text")]
            lines.append((_("It is shown on the board."), "dim"))
        else:
            lines = [(_("Your play: {play}").format(play=mine), "text")]
            best = choice_words(self.drill.best)
            lines.append((_("The expert's best: {play}").format(play=best), "text"))
            lines.append((_("The best play is shown on the board."), "dim"))
        self.verdict = [(head, role), *lines, (schedule, "text")]
        kept = self.book.keep([after])
        if (not kept or self.book.unkept) and not self.unkept_said:
            unkept = self.book.unkept or _("Your answer could not be kept.")
            self.verdict.append((unkept, "bad"))
            self.unkept_said = True
        self.drill = after
        while self.table.undo_step():  # the board as it was, the best play over it
            pass
        self.selected = None
        self.say(_("Enter: the next drill  ·  Esc: back"))

    def end_words(self) -> list[tuple[str, str]]:
        if not self.asked:
            return [(_("No drill to ask here."), "text")]
        done = ngettext(
            "Done: {right} of {asked} answered well.",
            "Done: {right} of {asked} answered well.",
            self.asked,
        ).format(right=self.right, asked=self.asked)
        lines = [(done, "good")]
        from game.study.drills import due_count

        drills = self.book.drills()
        now = time.time()
        due = due_count(drills, now)
        waiting = [d.due for d in drills if not d.learned and d.due > now]
        if due:
            lines.append(
                (ngettext("{n} more due now.", "{n} more due now.", due).format(n=due), "text")
            )
        elif waiting:
            when = when_in(min(waiting) - now)
            said = _("Nothing else is due; the next is due {when}.").format(when=when)
            lines.append((said, "text"))
        return lines

    def leave(self) -> None:
        self.app.pop()

    # -- the expert's ranking, beside the window ---------------------------------------------

    def start_job(self, kind: str, payload: dict[str, Any]) -> None:
        self.close_job()
        try:
            self.job = self.job_type(kind, payload).start()
        except (OSError, RuntimeError) as exc:
            log.warning("the expert cannot look at the drill: %s", exc)
            self.job = None

    def close_job(self) -> None:
        job, self.job = self.job, None
        if job is not None:
            job.close()

    def poll_job(self) -> None:
        job = self.job
        if job is None:
            return
        job.poll()
        if not job.finished:
            return
        self.job = None
        if job.error:
            log.warning("the expert could not rank the drill: %s", job.error)
            if self.judging is not None:
                self.judging = None
                self.verdict = [(_("The expert could not judge this play."), "bad")]
            return
        try:
            ranking = ranking_from_hint(job.answer)
        except DrillError as exc:
            log.warning("the drill's ranking cannot be read: %s", exc)
            return
        if job.kind == "judge" and self.judging is not None:
            # The judged play alone is looked at as deeply as the best: it joins the table.
            state = self.drill.game_state()
            asked = play_text(state, self.judging)
            found = [row for row in ranking if row[0] == asked]
            ranking = self.drill.ranking + tuple(found[:1])
        from dataclasses import replace

        self.drill = replace(self.drill, ranking=ranking)
        self.book.keep([self.drill])
        play, self.judging = self.judging, None
        if play is not None:
            loss = self.drill.loss_of(play)
            if loss is None:
                self.start_job(
                    "judge",
                    {"state": self.drill.state, "play": play_text(self.drill.game_state(), play)},
                )
                self.judging = play
                return
            self.give_verdict(loss)

    # -- the scene -----------------------------------------------------------------------------

    def on_exit(self) -> None:
        self.close_job()
        super().on_exit()

    def update(self, dt: float) -> None:
        self.poll_job()
        super().update(dt)

    def wake_after(self) -> float | None:
        if self.job is not None:
            return POLL
        return super().wake_after()

    def human_to_act(self) -> bool:
        """The person acts until the play is made: while it is judged and its verdict shown,
        no man is marked as movable."""
        if self.showing() or self.over or self.answer_play is not None:
            return False
        return super().human_to_act()

    def seal_shown(self) -> bool:
        return False  # the drill's dice are the position's, not thrown from a seed

    def showing(self) -> bool:
        """Whether the verdict (or the end of the run) is on the card."""
        return bool(self.verdict) and (self.over or self.answer_play is not None)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return True
        if self.showing() or self.over:
            if event.type == pygame.KEYDOWN and event.key in (
                pygame.K_RETURN,
                pygame.K_KP_ENTER,
                pygame.K_SPACE,
            ):
                (self.leave if self.over else self.next_drill)()
                return True
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
                buttons = [self.back_button] if self.over else [self.next_button, self.back_button]
                for button in buttons:
                    if button.handle_mouse(event):
                        return True
            return True  # the board is not played while the verdict is shown
        if self.answer_play is not None:
            return True  # judging: the play is made
        if event.type in (
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
        ) and self.back_button.rect.collidepoint(event.pos):
            return self.back_button.handle_mouse(event)
        return super().handle_event(event)

    def preview_play(self) -> Play | None:
        if self.showing() and not self.over and not self.busy:
            return self.best
        return super().preview_play()

    def board_room(self) -> tuple[int, int] | None:
        return self.card_place()[0]

    def card_place(self) -> tuple[tuple[int, int], pygame.Rect]:
        s = self.app.scale
        size = (round(CARD[0] * s), round(CARD[1] * s))
        return board_controls.hint_strip(self.variant, self.app.size, self.viewer, size, s)

    def wanted_buttons(self) -> list[tuple[str, str]]:
        if self.showing() or self.over or self.answer_play is not None:
            return []
        return [(n, w) for n, w in super().wanted_buttons() if n in ("done", "undo")]

    def lay_out(self) -> None:
        super().lay_out()
        if not hasattr(self, "next_button"):
            return
        rect = self.card_place()[1]
        s = self.app.scale
        bh, gap = round(40 * s), round(10 * s)
        inner = rect.inflate(-round(36 * s), -round(36 * s))
        y = inner.bottom - bh
        if self.showing() and not self.over:
            self.focus.set([self.next_button, self.back_button])
            half = (inner.w - gap) // 2
            self.next_button.place(pygame.Rect(inner.x, y, half, bh), s)
            self.back_button.place(
                pygame.Rect(inner.x + half + gap, y, inner.w - half - gap, bh), s
            )
        else:
            self.focus.set([self.back_button])
            self.back_button.place(pygame.Rect(inner.x, y, inner.w, bh), s)
        fit_labels([self.next_button, self.back_button], s, largest=22, smallest=13)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if not self.ready:
            return
        self.draw_card(surface)

    def draw_card(self, surface: pygame.Surface) -> None:
        rect = self.card_place()[1]
        s = self.app.scale
        style = Style.from_theme(self.theme)
        draw_panel(surface, rect, s, style)
        inner = rect.inflate(-round(36 * s), -round(36 * s))
        y = inner.y
        draw_text(
            surface,
            fit_text(
                _("Drills done") if self.over else _("Find the best play"),
                "caps",
                22 * s,
                inner.w,
            ),
            (inner.centerx, y),
            role="caps",
            size=22 * s,
            colour=style.accent,
            anchor="midtop",
        )
        y += get_font("caps", 22 * s).get_linesize() + round(8 * s)
        lines = self.verdict if (self.showing() or self.over) else self.asking_lines()
        colours = {
            "good": (150, 210, 140),
            "bad": (235, 140, 110),
            "dim": style.text_dim,
            "text": style.text,
        }
        foot = self.back_button.rect.y - round(8 * s)  # the lines stay above the buttons
        size, fitted = card_lines(lines, inner.w, foot - y, s)
        f = get_font("text", size)
        for line, role, last in fitted:
            draw_text(
                surface,
                fit_text(line, "text", size, inner.w),
                (inner.x, y),
                role="text",
                size=size,
                colour=colours.get(role, style.text),
            )
            y += f.get_linesize() + (round(6 * s) if last else 0)
        if self.showing() and not self.over:
            self.next_button.draw(surface)
        self.back_button.draw(surface)

    def asking_lines(self) -> list[tuple[str, str]]:
        state = self.drill.game_state()
        who = side_colours(self.theme, state.to_act).name
        dice = "-".join(str(d) for d in state.dice)
        more = more_words(len(self.queue))
        if self.drill.source == "starter":
            # TRANSLATORS: {more} is "the last of this set" or "2 more after this one"
            source = _("From the starting set; {more}.").format(more=more)
        else:
            source = _("One of your own mistakes; {more}.").format(more=more)
        lines = [
            (_("{side} to play {dice}.").format(side=who, dice=dice), "text"),
            (
                _("Make the play you think best on the board, then pick up the dice (Enter)."),
                "text",
            ),
            (source, "dim"),
        ]
        if self.drill.played:
            played = choice_words(self.drill.played)
            lines.append((_("You played {play} in your game.").format(play=played), "dim"))
        if self.judging is not None:
            lines.append((_("The expert is looking at your play..."), "dim"))
        return lines


__all__ = ["DrillScene", "DrillTable"]
