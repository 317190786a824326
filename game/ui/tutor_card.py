"""The tutor's card: its verdict on a play a person has just made that gave away
too much (Doubtful, Bad, Very bad), the best play, and Take back or Keep."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.i18n import _, pgettext
from game.play.advice import (
    GRADE_TITLES,
    loss_words,
    play_text,
)
from game.rules import match as m
from game.rules.play import Play
from game.ui.cards import GRADE_COLOURS, ROW, SMALL, TITLE, Card, card_font, design_px
from game.ui.widgets import (
    Style,
    draw_text,
    fit_text,
    get_font,
    wrap_words,
)


@dataclass
class Verdict:
    """The tutor's judgement of a play a person has just made (not yet passed on)."""

    state: m.GameState  # the turn judged
    play: Play  # what the person played
    loss: float  # what it gives away against the best
    best: Play  # the best play
    grade: str  # "doubtful", "bad" or "very bad"
    ranked: list[Any] = field(default_factory=list)


class TutorCard(Card):
    """The tutor's word on a play that gave away too much: how much, the best play,
    and Take back (try again) or Keep (go on)."""

    pad_design = 20

    def __init__(self, verdict: Verdict) -> None:
        super().__init__()
        self.verdict = verdict

    def button_specs(self) -> tuple[tuple[str, str, bool, bool], ...]:
        return (
            # TRANSLATORS: the tutor's card: undo the play and play the roll again
            ("takeback", _("Take back"), True, True),
            # TRANSLATORS: the tutor's card: keep the play as made, and go on
            ("keep", _("Keep"), False, True),
        )

    @property
    def players(self) -> int:
        return self.verdict.state.variant.players

    def lines(self) -> tuple[str, str, str]:
        v = self.verdict
        loss = loss_words(v.loss, self.players)
        return (
            _("This play gives away {loss}.").format(loss=loss),
            play_text(v.state, v.play),
            play_text(v.state, v.best),
        )

    def size(self, scale: float) -> tuple[int, int]:
        s = scale
        pad = round(20 * s)
        f = card_font("text", ROW, s)
        sentence, mine, best = self.lines()
        label_w = self.label_width(s)
        width = max(
            f.size(sentence)[0] // 2 + round(40 * s),
            label_w + max(f.size(mine)[0], f.size(best)[0]),
            round(320 * s),
        )
        width = min(width + 2 * pad, round(460 * s))
        return width, self._height(width, s)

    def label_width(self, scale: float) -> int:
        f = card_font("italic", ROW, scale)
        return max(f.size(_("Yours"))[0], f.size(pgettext("play", "Best"))[0]) + round(16 * scale)

    def _sentence_lines(self, width: int, scale: float) -> list[str]:
        pad = round(20 * scale)
        return wrap_words(self.lines()[0], card_font("text", ROW, scale), width - 2 * pad)

    def _key_lines(self, width: int, scale: float) -> list[str]:
        """The keys, at the card's foot (on more lines where a language needs)."""
        pad = round(20 * scale)
        # TRANSLATORS: Backspace and Enter are the keys
        keys = _("Backspace takes it back  ·  Enter keeps it")
        return wrap_words(keys, card_font("italic", SMALL, scale), width - 2 * pad)

    def _height(self, width: int, scale: float) -> int:
        s = scale
        pad = round(20 * s)
        row = card_font("text", ROW, s).get_linesize()
        small = card_font("italic", SMALL, s).get_linesize()
        return (
            pad
            + card_font("caps", TITLE, s).get_linesize()
            + round(12 * s)
            + row * len(self._sentence_lines(width, s))
            + round(8 * s)
            + (row + round(4 * s)) * 2
            + round(10 * s)
            + small * len(self._key_lines(width, s))
            + round(12 * s)
            + self.button_height(s)
            + pad
        )

    def draw(self, surface: pygame.Surface, style: Style) -> None:
        s = self.scale
        st = style
        rect = self.rect
        v = self.verdict
        self._frame(surface, st)
        pad = round(20 * s)
        x0, x1 = rect.x + pad, rect.right - pad
        y = rect.y + pad
        colour = GRADE_COLOURS[v.grade]
        title = draw_text(
            surface,
            _(GRADE_TITLES[v.grade]),
            (x0 + round(22 * s), y),
            role="caps",
            size=design_px(TITLE, s),
            colour=colour,
            shadow=max(1, round(2 * s)),
        )
        # A mark before the grade: a ring, filled as the mistake grows.
        r = max(5, round(8 * s))
        cx, cy = x0 + r, title.centery + round(1 * s)
        pygame.draw.circle(surface, colour, (cx, cy), r, max(1, round(2 * s)))
        if v.grade != "doubtful":
            pygame.draw.circle(surface, colour, (cx, cy), r - max(2, round(4 * s)))
        if v.grade == "very bad":
            pygame.draw.circle(surface, colour, (cx, cy), r)
        # TRANSLATORS: the card's small heading: who speaks (the practice tutor)
        y = self._header_rule(surface, st, title, _("Tutor"))
        size = design_px(ROW, s)
        f = get_font("text", size)
        for line in self._sentence_lines(rect.w, s):
            draw_text(surface, line, (x0, y), role="text", size=size, colour=st.text)
            y += f.get_linesize()
        y += round(8 * s)
        _sentence, mine, best = self.lines()
        label_w = self.label_width(s)
        # TRANSLATORS: the tutor's card: your play, and the best play, each in notation
        yours, top = _("Yours"), pgettext("play", "Best")
        for label, text, ink in ((yours, mine, colour), (top, best, st.accent_light)):
            draw_text(
                surface,
                label,
                (x0, y),
                role="italic",
                size=size,
                colour=st.text_dim,
            )
            draw_text(
                surface,
                fit_text(text, "text", size, x1 - x0 - label_w),
                (x0 + label_w, y),
                role="text",
                size=size,
                colour=ink,
            )
            y += f.get_linesize() + round(4 * s)
        y += round(10 * s) - round(4 * s)
        self._draw_keys(surface, st, self._key_lines(rect.w, s), (x0, y))
        self._button_row(surface, st)
