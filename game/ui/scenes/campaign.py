"""The campaign: a map of the chapters and their levels, and a card before each level.

The map shows the chapters side by side in the order of their sources, each
with its levels: open levels can be chosen, locked ones say which level opens
them, and every level won shows its best medal. Choosing a level shows its
introduction card (``LevelIntroScene``, drawn over the map): the story and its
source, the goal and the opponents; Begin starts the game. The results of a
level lead back here, to the next level's card.
"""

from __future__ import annotations

import sqlite3
from functools import partial
from typing import Any

import pygame

from game.campaign import MEDALS, Level
from game.play.session import GameSetup, Seat
from game.rules.variants import VARIANTS
from game.ui.backdrop import draw_page
from game.ui.pictures import medal_icon
from game.ui.routes import LevelAction, LevelCard, LevelChoice, Route
from game.ui.scenes.widget_scene import WidgetScene
from game.ui.widgets import (
    Button,
    Panel,
    Title,
    draw_rule,
    draw_text,
    fit_text,
    get_font,
    wrap_words,
)

FONT = {"fact": "text"}  # the font role of the card's own line kinds


def goal_words(level: Level) -> str:
    return level.goal.describe()


def opponent_words(level: Level) -> str:
    computers = [seat.level for seat in level.seats if not seat.human]
    if len(computers) == 1:
        return f"The computer ({computers[0]})"
    if len(set(computers)) == 1:
        return f"{len(computers)} computer players ({computers[0]})"
    return ", ".join(f"computer ({c})" for c in computers)


def level_setup(level: Level) -> GameSetup:
    """The game a level starts."""
    seats = tuple(
        Seat(human=True) if s.human else Seat(human=False, level=s.level) for s in level.seats
    )
    return GameSetup(
        variant_id=level.variant_id,
        options=level.game_options(),
        seats=seats,
        mode="campaign",
        level=level.id,
    )


class CampaignScene(WidgetScene):
    """The campaign map."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.panels: dict[str, Panel] = {}
        self.items: dict[str, Button] = {}
        self.medals: dict[str, int] = {}
        self.open: set[str] = set()
        self.icon_scale = 0.0

    def on_enter(self, payload: Any = None) -> None:
        self.back_button = Button("Back", self.back, help="Back to the main menu (Esc)")
        self.refresh()
        if isinstance(payload, str):
            self.show_intro(payload)

    def on_resume(self, result: Any = None) -> None:
        self.refresh()
        if isinstance(result, LevelChoice):
            if result.action is LevelAction.BEGIN:
                self.begin(result.level_id)
            else:
                self.show_intro(result.level_id)

    def refresh(self) -> None:
        """Read the medals and rebuild the level buttons (after a level is played)."""
        campaign = self.app.campaign
        try:
            self.medals = {k: v.medal for k, v in self.app.records.progress().items()}
        except sqlite3.Error:  # the map shows without medals rather than fail
            self.medals = {}
        self.open = campaign.unlocked(self.medals)
        focused = self.focus.focused
        self.items = {}
        self.panels = {chapter.id: Panel(alpha=226) for chapter in campaign.chapters}
        opener = {u: lv for lv in campaign.levels for u in lv.unlocks}
        for level in campaign.levels:
            open_ = level.id in self.open
            medal = self.medals.get(level.id, 0)
            if open_:
                detail = VARIANTS[level.variant_id].name
                if medal:
                    detail = f"Won · {MEDALS[medal]} medal"
                note = ""
            else:
                before = opener.get(level.id)
                note = f"Locked: win “{before.title}”" if before else "Locked"
                # The list's line (14 px at 1280x800) is short: the help says it in full.
                detail = f"After “{before.title}”" if before else "Locked"
            item = Button(
                level.title,
                partial(self.show_intro, level.id),
                kind="item",
                detail=detail,
                size=17,
                enabled=open_,
                note=note,
                help=goal_words(level) if open_ else note,
            )
            item.icon_width = 46
            self.items[level.id] = item
        self.icon_scale = 0.0
        widgets: list[Any] = [*self.items.values(), self.back_button]
        self.focus.set(widgets)
        name = getattr(focused, "label", None)
        again = next((w for w in widgets if getattr(w, "label", None) == name), None)
        if again is None or not again.enabled:
            fresh = [lv.id for lv in campaign.levels if lv.id in self.open]
            unwon = [i for i in fresh if not self.medals.get(i)]
            picks = unwon or fresh
            again = self.items[picks[0]] if picks else self.back_button
        self.focus.focus(again)
        self.relayout()

    # -- actions ---------------------------------------------------------------------------

    def show_intro(self, level_id: str) -> None:
        level = self.app.campaign.level(level_id)
        if level is None or level_id not in self.open:
            return
        self.app.go(Route.LEVEL_INTRO, LevelCard(level, self.medals.get(level_id, 0)))

    def begin(self, level_id: str) -> None:
        from game.ui.saving import start_game

        level = self.app.campaign.level(level_id)
        if level is None or level_id not in self.open:
            return
        start_game(self.app, level_setup(level))  # asks before replacing an unfinished game

    def back(self) -> None:
        self.click()
        self.app.pop()

    # -- layout and drawing -----------------------------------------------------------------

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        s = scale
        m = round(28 * s)
        top = m + round(78 * s)
        bottom = h - m - round(62 * s)
        chapters = self.app.campaign.chapters
        n = max(1, len(chapters))
        gap = round(18 * s)
        col = min(round(330 * s), (w - 2 * m - gap * (n - 1)) // n)
        x = (w - (col * n + gap * (n - 1))) // 2
        head = round(92 * s)
        ih, igap = round(70 * s), round(10 * s)
        most = max((len(self.app.campaign.chapter_levels(c.id)) for c in chapters), default=0)
        height = min(bottom - top, head + most * (ih + igap) + round(22 * s))
        for chapter in chapters:
            panel = self.panels[chapter.id]
            levels = self.app.campaign.chapter_levels(chapter.id)
            panel.place(pygame.Rect(x, top, col, height), s)
            inner = panel.inner(12)
            y = panel.rect.y + head
            for level in levels:
                self.items[level.id].place(pygame.Rect(inner.x, y, inner.w, ih), s)
                y += ih + igap
            x += col + gap
        bw, bh = round(180 * s), round(46 * s)
        self.back_button.place(pygame.Rect(w // 2 - bw // 2, h - m - bh, bw, bh), s)
        if self.icon_scale != s:
            self.icon_scale = s
            for level_id, item in self.items.items():
                item.icon = medal_icon(
                    self.medals.get(level_id, 0), s, locked=level_id not in self.open
                )

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_static(surface)
        self.focus.draw(surface)

    def paint_static(self, surface: pygame.Surface) -> None:
        w = surface.get_width()
        s = self.scale
        st = self.back_button.style
        m = draw_page(surface, "Campaign", s, st)
        draw_text(
            surface,
            "Two thousand years of tables games, in the order of their sources",
            (w // 2, m + round(60 * s)),
            role="italic",
            size=16 * s,
            colour=st.text_dim,
            anchor="midtop",
        )
        for n, chapter in enumerate(self.app.campaign.chapters, 1):
            panel = self.panels[chapter.id]
            panel.draw(surface)
            r = panel.rect
            width = r.w - round(28 * s)
            draw_text(
                surface,
                fit_text(f"{_roman(n)}. {chapter.title}", "caps", 24 * s, width),
                (r.centerx, r.y + round(18 * s)),
                role="caps",
                size=24 * s,
                colour=st.accent,
                anchor="midtop",
                shadow=round(2 * s),
            )
            draw_text(
                surface,
                fit_text(f"{chapter.place} · {chapter.date}", "italic", 15 * s, width),
                (r.centerx, r.y + round(52 * s)),
                role="italic",
                size=15 * s,
                colour=st.text_dim,
                anchor="midtop",
            )
        won = sum(1 for medal in self.medals.values() if medal)
        total = len(self.items)
        notice = getattr(self.app.records, "notice", "") or ""
        problems = self.app.campaign.problems
        if problems and not notice:
            many = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            notice = f"Skipped a level file: {problems[0]}{many}"
        line = notice or f"{won} of {total} levels won  ·  Enter to open a level  ·  Esc to go back"
        line = fit_text(line, "italic", 15 * s, w - self.back_button.rect.right - 2 * m)
        draw_text(
            surface,
            line,
            (self.back_button.rect.right + m, self.back_button.rect.centery),
            role="italic",
            size=15 * s,
            colour=(220, 120, 100) if notice else st.text_dim,
            anchor="midleft",
        )


def _roman(n: int) -> str:
    return (
        ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"][n] if n < 11 else str(n)
    )


class LevelIntroScene(WidgetScene):
    """A level's introduction, over the map: Begin plays it, Back (Esc) returns."""

    opaque = False

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.panel = Panel(alpha=246)
        self.level: Level | None = None
        self.medal = 0

    def on_enter(self, payload: Any = None) -> None:
        if not isinstance(payload, LevelCard):
            raise TypeError(f"LevelIntroScene needs a LevelCard, got {payload!r}")
        self.level = payload.level
        self.medal = payload.medal
        self.begin_button = Button(
            "Begin", self.begin, kind="primary", help="Play this level (Enter)"
        )
        self.back_button = Button("Back", self.back, help="Back to the map (Esc)")
        self.buttons = [self.begin_button, self.back_button]
        self.focus.set(self.buttons)
        self.focus.focus(self.begin_button)
        self.relayout()

    def begin(self) -> None:
        assert self.level is not None
        self.app.pop(LevelChoice(LevelAction.BEGIN, self.level.id))

    def back(self) -> None:
        self.click()
        self.app.pop()

    def lines(self, width: int) -> list[tuple[str, str, float]]:
        """The card's text below the title: (text, role, design size)."""
        assert self.level is not None
        level = self.level
        s = self.scale
        out: list[tuple[str, str, float]] = []
        body = get_font("text", 18 * s)
        out += [(line, "text", 18) for line in wrap_words(level.intro, body, width)]
        out.append(("", "text", 8))
        facts = [
            ("Game", VARIANTS[level.variant_id].name),
            ("Goal", goal_words(level)),
            ("Opponent", opponent_words(level)),
        ]
        if self.medal:
            facts.append(("Best", f"{MEDALS[self.medal]} medal"))
        for label, value in facts:
            out.append((f"{label}\t{value}", "fact", 17))
        small = get_font("italic", 15 * s)
        out.append(("", "text", 6))
        source = f"Source: {level.source}"
        out += [(line, "italic", 15) for line in wrap_words(source, small, width)]
        return out

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        s = scale
        pw = min(round(700 * s), w - round(40 * s))
        inner_w = pw - round(80 * s)
        text_h = sum(
            get_font(FONT.get(role, role), size * s).get_linesize() if line else round(size * s)
            for line, role, size in self.lines(inner_w)
        )
        ph = min(h - round(40 * s), round(150 * s) + text_h + round(110 * s))
        panel = pygame.Rect(0, 0, pw, ph)
        panel.center = (w // 2, h // 2)
        self.panel.place(panel, s)
        bw, bh, gap = round(190 * s), round(50 * s), round(16 * s)
        x = panel.centerx - bw - gap // 2
        for button in self.buttons:
            button.place(pygame.Rect(x, panel.bottom - round(28 * s) - bh, bw, bh), s)
            x += bw + gap

    def draw(self, surface: pygame.Surface) -> None:
        assert self.level is not None
        s = self.scale
        st = self.begin_button.style
        r = self.panel.rect
        title = fit_text(self.level.title, "caps", 38 * s, r.w - round(60 * s))
        self.panel.draw_overlay(surface, Title(title, size=38, top=52, shadow=3), veil=150)
        chapter = next((c for c in self.app.campaign.chapters if c.id == self.level.chapter), None)
        if chapter is not None:
            draw_text(
                surface,
                f"{chapter.title} · {chapter.date}",
                (r.centerx, r.y + round(26 * s)),
                role="italic",
                size=17 * s,
                colour=st.text_dim,
                anchor="midtop",
            )
        draw_rule(surface, (r.centerx, r.y + round(110 * s)), r.w * 0.6, s, st.accent)
        x = r.x + round(40 * s)
        y = r.y + round(132 * s)
        limit = self.begin_button.rect.y - round(12 * s)
        for line, role, size in self.lines(r.w - round(80 * s)):
            height = (
                get_font(FONT.get(role, role), size * s).get_linesize() if line else round(size * s)
            )
            if y + height > limit:
                break
            if role == "fact":
                label, value = line.split("\t")
                draw_text(surface, label, (x, y), role="caps", size=size * s, colour=st.accent)
                draw_text(
                    surface,
                    value,
                    (x + round(120 * s), y),
                    role="text",
                    size=size * s,
                    colour=st.text,
                )
            elif line:
                colour = st.text_dim if role == "italic" else st.text
                draw_text(surface, line, (x, y), role=role, size=size * s, colour=colour)
            y += height
        self.focus.draw(surface)
