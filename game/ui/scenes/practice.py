"""After a practice game: a summary of the player's play.

The average loss per move against the best play and the tutor's tally; the
luck of the dice for both sides (``game.ai.luck``, measured in a worker thread
so the scene stays alive while it counts); the computer's cube decisions beside
the expert's advice (a level's deliberate errors told from the advice); and the
player's three worst plays, each on a small board with the play made and the
best play.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pygame

from game.i18n import _, ngettext, number
from game.play.advice import (
    MINUS,
    chance_game,
    grade_word,
    loss_words,
    points_text,
    share_text,
)
from game.play.session import WORST_KEPT as WORST
from game.play.session import GameSummary, Judged, worst_judged
from game.rules.notation import format_turn
from game.ui.backdrop import draw_page
from game.ui.pictures import board_picture
from game.ui.result_words import side_name
from game.ui.scenes.base import POLL
from game.ui.scenes.widget_scene import WidgetScene
from game.ui.widgets import Button, Panel, draw_text, fit_text, get_font, wrap_words

log = logging.getLogger(__name__)

CUBE_SHOWN = 2  # the computer's cube errors listed by name (the rest counted)


def measure_luck(summary: GameSummary, progress: list[int]) -> list[float] | None:
    """Each side's luck over the game (worker thread); None where it cannot be measured."""
    from game.ai.luck import game_luck, measurable
    from game.ai.players import LevelUnavailable, evaluator_for

    states = summary.states
    if not states or not measurable(states[0]):
        return None
    try:
        evaluator = evaluator_for(states[0].variant)
    except LevelUnavailable:
        return None

    def tick(done: int, total: int) -> None:
        progress[:] = [done, total]

    return game_luck(evaluator, states, tick)


def worst_plays(summary: GameSummary) -> list[Judged]:
    """The player's plays that gave away the most, worst first."""
    return worst_judged(summary.judged)


class PracticeSummaryScene(WidgetScene):
    """How the player played a practice game."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.panel = Panel(alpha=230)
        self.summary: GameSummary | None = None
        self.executor: ThreadPoolExecutor | None = None
        self.job: Future[list[float] | None] | None = None
        self.progress = [0, 0]
        self.luck: list[float] | None = None
        self.luck_done = False
        self.pictures: dict[int, pygame.Surface] = {}

    def on_enter(self, payload: Any = None) -> None:
        if not isinstance(payload, GameSummary):
            raise TypeError(f"PracticeSummaryScene needs a GameSummary, got {payload!r}")
        self.summary = payload
        self.worst = worst_plays(payload)
        self.back_button = Button(
            _("Back"), self.back, kind="primary", help=_("Back to the results")
        )
        self.focus.set([self.back_button])
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="luck")
        self.job = self.executor.submit(measure_luck, payload, self.progress)
        self.relayout()

    def on_language(self) -> None:
        """The button made again in the new language (the words are made as drawn)."""
        self.back_button = Button(
            _("Back"), self.back, kind="primary", help=_("Back to the results")
        )
        self.focus.set([self.back_button])
        self.relayout()

    def on_exit(self) -> None:
        super().on_exit()
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = None

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.job is not None and self.job.done():
            try:
                self.luck = self.job.result()
            except Exception:
                log.exception("the luck of the dice could not be measured")
                self.luck = None
            self.job = None
            self.luck_done = True

    def wake_after(self) -> float | None:
        return POLL if self.job is not None else None  # the measure's progress and end

    def back(self) -> None:
        self.click()
        self.app.pop()

    # -- words -----------------------------------------------------------------------------

    def person(self) -> int:
        assert self.summary is not None
        seats = self.summary.setup.seats
        return next((i for i, s in enumerate(seats) if s.human), 0)

    def side_name(self, side: int) -> str:
        assert self.summary is not None
        return side_name(self.summary, side)

    def headline(self) -> str:
        assert self.summary is not None
        side = self.person()
        tally = self.summary.tutor[side] if self.summary.tutor else None
        if tally is None or not tally.moves:
            return _("The tutor judged none of your plays in this game.")
        players = self.summary.state.variant.players
        average = tally.loss / tally.moves
        n = tally.moves
        if chance_game(players):
            words = ngettext(
                "Average loss per move: {amount} of a game's chances over {n} judged move",
                "Average loss per move: {amount} of a game's chances over {n} judged moves",
                n,
            ).format(amount=share_text(average), n=n)
        else:
            words = ngettext(
                "Average loss per move: {amount} points over {n} judged move",
                "Average loss per move: {amount} points over {n} judged moves",
                n,
            ).format(amount=points_text(average), n=n)
        marks = [
            # TRANSLATORS: how many of the player's plays the tutor graded so ("2 bad")
            _("{n} {grade}").format(n=count, grade=grade_word(word))
            for count, word in (
                (tally.doubtful, "doubtful"),
                (tally.bad, "bad"),
                (tally.very_bad, "very bad"),
            )
            if count
        ]
        return words + ("  ·  " + ", ".join(marks) if marks else "  ·  " + _("no mistakes"))

    def luck_line(self) -> str:
        assert self.summary is not None
        if not self.luck_done:
            done, total = self.progress
            if total:
                return ngettext(
                    "Measuring the luck of the dice… ({done} of {total} roll)",
                    "Measuring the luck of the dice… ({done} of {total} rolls)",
                    total,
                ).format(done=done, total=total)
            return _("Measuring the luck of the dice…")
        if self.luck is None:
            return _("The luck of the dice is not measured in this game.")
        chance = chance_game(self.summary.state.variant.players)
        parts = []
        for side, value in enumerate(self.luck):
            sign = "+" if value >= 0 else MINUS
            amount = share_text(abs(value)) if chance else number(round(abs(value), 2), 2)
            parts.append(f"{self.side_name(side)} {sign}{amount}")
        luck = _("Luck of the dice (chance to win):"), _("Luck of the dice (points):")
        head = luck[0] if chance else luck[1]
        return f"{head} " + "  ·  ".join(parts)

    def cube_lines(self) -> list[str]:
        """The computer's cube decisions beside the expert's advice (the advice the
        chances panel showed): how many agreed, and each that did not, said to be its
        level's deliberate error (at most ``CUBE_SHOWN``; the count of the rest)."""
        assert self.summary is not None
        calls = self.summary.cube_calls
        if not calls:
            return []
        agreed = sum(call.agreed for call in calls)
        head = ngettext(
            "The computer's cube: {n} decision, {agreed} as the expert advised",
            "The computer's cube: {n} decisions, {agreed} as the expert advised",
            len(calls),
        ).format(n=len(calls), agreed=agreed)
        errors = [call for call in calls if not call.agreed]
        lines = [head] + [call.words(self.side_name(call.side)) for call in errors[:CUBE_SHOWN]]
        if len(errors) > CUBE_SHOWN:
            more = len(errors) - CUBE_SHOWN
            lines.append(
                ngettext(
                    "… and {n} more of its level's cube errors",
                    "… and {n} more of its level's cube errors",
                    more,
                ).format(n=more)
            )
        return lines

    # -- layout and drawing --------------------------------------------------------------------

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        s = scale
        m = round(24 * s)
        self.panel.place(
            pygame.Rect(m, m + round(70 * s), w - 2 * m, h - 2 * m - round(140 * s)), s
        )
        bw, bh = round(180 * s), round(46 * s)
        self.back_button.place(pygame.Rect(w // 2 - bw // 2, h - m - bh, bw, bh), s)
        self.pictures = {}

    def picture(self, n: int, judged: Judged, size: tuple[int, int]) -> pygame.Surface:
        if n not in self.pictures:
            state = judged.state
            self.pictures[n] = board_picture(
                state.variant.id,
                dict(state.variant.options),
                self.app.settings.palette,
                size,
                state.position,
            )
        return self.pictures[n]

    def draw(self, surface: pygame.Surface) -> None:
        assert self.summary is not None
        s = self.scale
        st = self.back_button.style
        # TRANSLATORS: the title of the page after a practice game: how the player played
        draw_page(surface, _("Your play"), s, st)
        self.panel.draw(surface)
        box = self.panel.inner(24)
        y = box.y
        rows = [(self.headline(), "bold", 18), (self.luck_line(), "text", 17)]
        rows += [(line, "text", 17) for line in self.cube_lines()]
        for text, role, size in rows:
            # A line a longer language needs more room for goes on (at most) two.
            lines = wrap_words(text, get_font(role, size * s), box.w)
            if len(lines) > 2:
                lines = [lines[0], fit_text(" ".join(lines[1:]), role, size * s, box.w)]
            for line in lines:
                draw_text(surface, line, (box.x, y), role=role, size=size * s, colour=st.text)
                y += round((30 if line is lines[-1] else 24) * s)
        y += round(6 * s)
        none = _("No play of yours gave anything away.")
        title = _("Your worst plays") if self.worst else none
        draw_text(surface, title, (box.x, y), role="caps", size=20 * s, colour=st.accent)
        y += round(34 * s)
        self.focus.draw(surface)
        if self.worst:
            self.draw_worst(surface, box, y)

    def draw_worst(self, surface: pygame.Surface, box: pygame.Rect, y: int) -> None:
        """The worst plays side by side: a small board each, the words under it."""
        assert self.summary is not None
        s = self.scale
        st = self.back_button.style
        gap = round(24 * s)
        col_w = (box.w - gap * (WORST - 1)) // WORST
        text_h = round(118 * s)
        pic_h = min(round(col_w / 1.45), box.bottom - y - text_h)
        pic_w = round(pic_h * 1.45)
        players = self.summary.state.variant.players
        for n, judged in enumerate(self.worst):
            x = box.x + n * (col_w + gap)
            picture = self.picture(n, judged, (pic_w, pic_h))
            surface.blit(picture, (x + (col_w - picture.get_width()) // 2, y))
            state = judged.state
            dice = "-".join(str(d) for d in state.dice)
            played = format_turn(state.variant, state.dice, judged.play)
            best = format_turn(state.variant, state.dice, judged.best)
            lines = [
                (
                    _("Turn {turn}, {dice} to play").format(turn=state.turn + 1, dice=dice),
                    "caps",
                    18,
                    st.accent,
                ),
                (_("You played {play}").format(play=played), "text", 17, st.text),
                # TRANSLATORS: the best play, in notation
                (_("Best: {play}").format(play=best), "text", 17, st.text),
                (loss_words(judged.loss, players), "italic", 16, st.text_dim),
            ]
            ty = y + picture.get_height() + round(10 * s)
            for text, role, size, colour in lines:
                draw_text(
                    surface,
                    fit_text(text, role, size * s, col_w),
                    (x + col_w // 2, ty),
                    role=role,
                    size=size * s,
                    colour=colour,
                    anchor="midtop",
                )
                ty += round(size * 1.55 * s)
