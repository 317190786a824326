"""Dice statistics: the rolls kept in the records, against what chance predicts.

Two groups: the rolls of the player's side (games with one person at the
table) and everyone else's. For each, how often each face came up against
the expected sixth, the doubles among two-dice rolls against the expected
sixth, and Pearson's chi-square test of the faces (``game.rules.dice``).
Only six-faced dice are counted (El Mundo's seven-faced option is left out).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.i18n import _, ngettext, percent
from game.rules.dice import chi_square_p
from game.ui.backdrop import draw_page
from game.ui.scenes.widget_scene import WidgetScene
from game.ui.widgets import (
    Button,
    Panel,
    draw_text,
    fit_size,
    fit_text,
    get_font,
    text_width,
    wrap_spaced,
)

FACES = 6


@dataclass
class DiceTally:
    faces: list[int] = field(default_factory=lambda: [0] * FACES)
    rolls: int = 0
    pairs: int = 0  # two-dice rolls
    doubles: int = 0

    def add(self, dice: list[int]) -> None:
        self.rolls += 1
        for die in dice:
            self.faces[die - 1] += 1
        if len(dice) == 2:
            self.pairs += 1
            self.doubles += dice[0] == dice[1]

    @property
    def dice(self) -> int:
        return sum(self.faces)

    def p_value(self) -> float:
        n = self.dice
        return chi_square_p(self.faces, [n / FACES] * FACES)


def tally_games(games: list[dict[str, Any]]) -> tuple[DiceTally, DiceTally]:
    """(the player's rolls, everyone else's) from finished games of the records."""
    from game.rules.variants import find_variant

    mine, others = DiceTally(), DiceTally()
    for game in games:
        try:
            if find_variant(game["variant"], game["options"]).faces != FACES:
                continue
        except ValueError:
            continue
        player = game.get("player_side")
        for entry in game["plays"]:
            dice = entry.get("dice")
            if entry.get("action") != "roll" or not isinstance(dice, list):
                continue
            if not all(isinstance(d, int) and 1 <= d <= FACES for d in dice):
                continue
            (mine if player is not None and entry.get("side") == player else others).add(dice)
    return mine, others


FAIR = 1 / 6  # the share of each face, and of doubles, that fair dice throw


def verdict(tally: DiceTally) -> str:
    if tally.dice < 30:
        return _("Too few dice yet to judge.")
    p = tally.p_value()
    if p < 0.01:
        return _("Unusual: fair dice stray this far only {share} of the time.").format(
            share=percent(p, 1)
        )
    return _("As fair dice throw: a spread this wide comes up {share} of the time.").format(
        share=percent(p)
    )


class DiceScene(WidgetScene):
    """The dice statistics."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.panels = (Panel(alpha=226), Panel(alpha=226))
        self.tallies: tuple[DiceTally, DiceTally] = (DiceTally(), DiceTally())

    def on_enter(self, payload: Any = None) -> None:
        self.back_button = Button(_("Back"), self.back, kind="primary", help=_("Back (Esc)"))
        try:
            self.tallies = tally_games(self.app.records.games(limit=-1))
        except sqlite3.Error:
            self.tallies = (DiceTally(), DiceTally())
        self.focus.set([self.back_button])
        self.relayout()

    def back(self) -> None:
        self.click()
        self.app.pop()

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        s = scale
        m = round(28 * s)
        top = m + round(78 * s)
        # The note over Back on as many lines as it needs (two in a longer language).
        extra = (len(self.note_lines(w)) - 1) * get_font("italic", 15 * s).get_linesize()
        bottom = h - m - round(90 * s) - extra
        gap = round(24 * s)
        total = min(w - 2 * m, round(1100 * s))
        pw = (total - gap) // 2
        x = (w - total) // 2
        for panel in self.panels:
            panel.place(pygame.Rect(x, top, pw, bottom - top), s)
            x += pw + gap
        bw, bh = round(180 * s), round(46 * s)
        self.back_button.place(pygame.Rect(w // 2 - bw // 2, h - m - bh, bw, bh), s)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_static(surface)
        self.focus.draw(surface)

    def paint_static(self, surface: pygame.Surface) -> None:
        w = surface.get_width()
        s = self.scale
        st = self.back_button.style
        draw_page(surface, _("Dice"), s, st)
        titles = (_("Your rolls"), _("Everyone else's rolls"))
        for panel, tally, title in zip(self.panels, self.tallies, titles, strict=True):
            panel.draw(surface)
            self.draw_tally(surface, panel.inner(22), tally, title)
        f = get_font("italic", 15 * s)
        lines = self.note_lines(w)
        bottom = self.back_button.rect.y - round(14 * s)
        for i, line in enumerate(lines):
            draw_text(
                surface,
                line,
                (w // 2, bottom - (len(lines) - 1 - i) * f.get_linesize()),
                role="italic",
                size=15 * s,
                colour=st.text_dim,
                anchor="midbottom",
            )

    def note_lines(self, width: int) -> list[str]:
        """The note on the dice's seal, wrapped to the window's ``width`` less margins."""
        s = self.scale
        note = _(
            "Every game's dice come from a seed sealed before the first die, with your throw "
            "mixed in after the seal; a replay file lets anyone check each roll."
        )
        room = width - 2 * round(28 * s)
        return wrap_spaced(note, get_font("italic", 15 * s), room)[:3]

    def draw_tally(
        self, surface: pygame.Surface, box: pygame.Rect, tally: DiceTally, title: str
    ) -> None:
        s = self.scale
        st = self.back_button.style
        dice = ngettext("{n} die", "{n} dice", tally.dice).format(n=tally.dice)
        # TRANSLATORS: "{dice}" is "1 die" or "12 dice"
        counts = ngettext("{dice} in {n} roll", "{dice} in {n} rolls", tally.rolls).format(
            dice=dice, n=tally.rolls
        )
        # The title beside the counts, up to a fifth smaller; the counts under it where
        # the two still do not fit side by side (a longer language).
        room = box.w - text_width(counts, "italic", 15 * s) - round(12 * s)
        size = fit_size(title, "caps", 20 * s, room, 16 * s)
        title_rect = draw_text(
            surface, title, (box.x, box.y), role="caps", size=size, colour=st.accent
        )
        counts_y = box.y + round(4 * s)
        if title_rect.right > box.x + room:
            counts_y = title_rect.bottom - round(4 * s)
        draw_text(
            surface,
            counts,
            (box.right, counts_y),
            role="italic",
            size=15 * s,
            colour=st.text_dim,
            anchor="topright",
        )
        # The bars, and right of them the fair line's label: over the last bar it was
        # drawn across it.
        fair = _("fair: {share}").format(share=percent(FAIR, 1))
        room = text_width(fair, "italic", 14 * s) + round(8 * s)
        chart = pygame.Rect(box.x, box.y + round(44 * s), box.w - room, round(box.h * 0.5))
        n = tally.dice
        expected = n / FACES if n else 0
        top = max([*tally.faces, expected * 1.3, 1])
        slot = chart.w / FACES
        base = chart.bottom - round(24 * s)
        height = base - chart.y
        for face, count in enumerate(tally.faces):
            bar_h = round(height * count / top)
            bar = pygame.Rect(
                round(chart.x + slot * face + slot * 0.2), base - bar_h, round(slot * 0.6), bar_h
            )
            pygame.draw.rect(surface, st.accent_dark, bar, border_radius=max(1, round(3 * s)))
            pygame.draw.rect(surface, st.accent, bar, max(1, round(s)), max(1, round(3 * s)))
            draw_text(
                surface,
                str(face + 1),
                (bar.centerx, base + round(4 * s)),
                role="bold",
                size=16 * s,
                colour=st.text,
                anchor="midtop",
            )
            if n:
                draw_text(
                    surface,
                    percent(count / n, 1),
                    (bar.centerx, bar.y - round(4 * s)),
                    role="text",
                    size=14 * s,
                    colour=st.text_dim,
                    anchor="midbottom",
                )
        if n:
            y = base - round(height * expected / top)
            pygame.draw.line(surface, (214, 196, 150), (chart.x, y), (chart.right, y), 1)
            draw_text(
                surface,
                fair,
                (box.right, y),
                role="italic",
                size=14 * s,
                colour=st.text_dim,
                anchor="midright",
            )
        y = chart.bottom + round(22 * s)
        if tally.pairs:
            doubles = ngettext(
                "Doubles: {doubles} of {n} two-dice roll ({share}; fair dice {fair})",
                "Doubles: {doubles} of {n} two-dice rolls ({share}; fair dice {fair})",
                tally.pairs,
            ).format(
                doubles=tally.doubles,
                n=tally.pairs,
                share=percent(tally.doubles / tally.pairs, 1),
                fair=percent(FAIR, 1),
            )
        else:
            doubles = _("No two-dice rolls yet.")
        for text, role in ((doubles, "text"), (verdict(tally), "italic")):
            draw_text(
                surface,
                fit_text(text, role, 16 * s, box.w),
                (box.x, y),
                role=role,
                size=16 * s,
                colour=st.text,
            )
            y += round(28 * s)
