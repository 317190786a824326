"""The campaign: a map of the chapters and their levels, and a card before each level.

The map is an old chart of the Mediterranean and western Europe
(``game.ui.campaign_map``) with each chapter at its place and its levels as marks
along a dotted route: open levels can be chosen (mouse or keyboard), locked ones
say which level opens them when hovered or clicked ("Win “The twelve lines” to open
this", on the line under the chart), and every level won shows its best medal. Once the
first level is won every chapter's first level is open (``Campaign.unlocked``).
Choosing a level shows its introduction card (``LevelIntroScene``, drawn over
the map): the story and its source, the goal and the opponents; Begin starts the
game. The results of a level lead back here, to the next level's card.
"""

from __future__ import annotations

import sqlite3
from functools import partial
from typing import Any

import pygame

from game.campaign import GoalKind, Level, medal_name
from game.campaign.level_texts import chapter_words, level_words
from game.i18n import _, ngettext
from game.level_names import level_name
from game.names import game_name
from game.play.session import GameSetup, Seat, tavli_setup
from game.ui.backdrop import draw_backdrop
from game.ui.campaign_map import LABEL_SIDE, Chart, MapMark, paint_chart, paint_routes, route_points
from game.ui.coasts import load_coasts
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
SAID_FOR = 4.0  # seconds the line under the chart keeps what a click on a locked level said


def goal_words(level: Level) -> str:
    return level.goal.describe()  # in the player's language


def opponent_words(level: Level) -> str:
    computers = [seat.level for seat in level.seats if not seat.human]
    if len(computers) == 1:
        return _("The computer ({level})").format(level=level_name(computers[0]))
    if len(set(computers)) == 1:
        n = len(computers)
        return ngettext(
            "{n} computer player ({level})", "{n} computer players ({level})", n
        ).format(n=n, level=level_name(computers[0]))
    return ", ".join(_("computer ({level})").format(level=level_name(c)) for c in computers)


def level_title(level: Level) -> str:
    """The level's title in the player's language (English where it has none)."""
    return level_words(level)[0]


def level_setup(level: Level) -> GameSetup:
    """The game a level starts."""
    seats = tuple(
        Seat(human=True) if s.human else Seat(human=False, level=s.level) for s in level.seats
    )
    if level.goal.kind is GoalKind.TAVLI:  # portes, plakoto and fevga in turn
        return tavli_setup(level.goal.points, seats, mode="campaign", level=level.id)
    return GameSetup(
        variant_id=level.variant_id,
        options=level.game_options(),
        seats=seats,
        mode="campaign",
        level=level.id,
        first=dict(level.first) if level.first is not None else None,
    )


class CampaignScene(WidgetScene):
    """The campaign map: an old chart with each chapter at its place and its levels
    as marks along a dotted route (``game.ui.campaign_map``)."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.items: dict[str, MapMark] = {}
        self.medals: dict[str, int] = {}
        self.open: set[str] = set()
        self.chart: Chart | None = None
        self.marks: dict[str, list[tuple[int, int]]] = {}
        self._cartouches: list[pygame.Rect] = []  # the chapters' scrolls, as last painted (a cache)
        self.said: tuple[str, float] | None = None  # a locked level's words, until a time

    def on_enter(self, payload: Any = None) -> None:
        self.back_button = Button(_("Back"), self.back, help=_("Back to the main menu (Esc)"))
        self.refresh()
        if isinstance(payload, str):
            self.show_intro(payload)

    def on_language(self) -> None:
        """The marks, the chapters and the button in the new language."""
        self.back_button.label = _("Back")
        self.back_button.help = _("Back to the main menu (Esc)")
        self.said = None
        self.refresh()
        super().on_language()

    def on_resume(self, result: Any = None) -> None:
        self.refresh()
        if isinstance(result, LevelChoice):
            if result.action is LevelAction.BEGIN:
                self.begin(result.level_id)
            else:
                self.show_intro(result.level_id)

    def refresh(self) -> None:
        """Read the medals and rebuild the level marks (after a level is played)."""
        campaign = self.app.campaign
        try:
            self.medals = {k: v.medal for k, v in self.app.records.progress().items()}
        except sqlite3.Error:  # the map shows without medals rather than fail
            self.medals = {}
        self.open = campaign.unlocked(self.medals)
        focused = self.focus.focused
        focused_id = next((k for k, v in self.items.items() if v is focused), None)
        self.items = {}
        levels = list(campaign.levels)
        for level in levels:
            open_ = level.id in self.open
            medal = self.medals.get(level.id, 0)
            if open_:
                detail = game_name(level.variant_id)
                if medal:
                    detail = _("Won · {medal}").format(medal=medal_name(medal))
                note = ""
            else:
                note = detail = self.opener_words(level)
            self.items[level.id] = MapMark(
                level_title(level),
                partial(self.show_intro, level.id),
                kind="item",
                detail=detail,
                enabled=open_,
                note=note,
                help=f"{detail} · {goal_words(level)}" if open_ else note,
                side=LABEL_SIDE.get(level.chapter, 1),
                medal=medal,
            )
        widgets: list[Any] = [*self.items.values(), self.back_button]
        self.focus.set(widgets)
        name = getattr(focused, "label", None)
        again = next((w for w in widgets if getattr(w, "label", None) == name), None)
        if focused_id is not None:  # the same level, whatever its title reads now
            again = self.items.get(focused_id)
        if again is None or not again.enabled:
            fresh = [lv.id for lv in levels if lv.id in self.open]
            unwon = [i for i in fresh if not self.medals.get(i)]
            picks = unwon or fresh
            again = self.items[picks[0]] if picks else self.back_button
        self.focus.focus(again)
        self.relayout()

    def opener_words(self, level: Level) -> str:
        """What opens a locked level: the level before it in its chapter, or the first."""
        campaign = self.app.campaign
        chapter = campaign.chapter_levels(level.chapter)
        n = chapter.index(level)
        before = chapter[n - 1] if n else campaign.levels[0]
        return _("Win “{level}” to open this").format(level=level_title(before))

    def locked_words(self, level_id: str) -> str:
        """The line for a locked level: "A gammon  ·  Win “The modern board” to open this"."""
        return f"{self.items[level_id].label}  ·  {self.items[level_id].note}"

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A click on a locked level says what opens it, and does nothing else."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            under = self.focus.widget_at(event.pos)
            level_id = next((k for k, v in self.items.items() if v is under), None)
            if level_id is not None and not self.items[level_id].enabled:
                self.said = (self.locked_words(level_id), self.t + SAID_FOR)
                return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.said is not None and self.t >= self.said[1]:
            self.said = None

    def wake_after(self) -> float | None:
        """While a click's words are said: wake when they are to go."""
        return max(0.0, self.said[1] - self.t) if self.said is not None else None

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
        m = round(20 * s)
        bh = round(46 * s)
        area = pygame.Rect(m, m, w - 2 * m, h - 3 * m - bh)
        self.chart = chart = Chart.fit(area.inflate(-round(24 * s), -round(24 * s)), s)
        self.marks = {}
        for chapter in self.app.campaign.chapters:
            levels = self.app.campaign.chapter_levels(chapter.id)
            points = route_points(chart, chapter.id, len(levels))
            self.marks[chapter.id] = points
            for level, at in zip(levels, points, strict=False):
                self.items[level.id].place_at(at, s, chart.rect)
        bw = round(160 * s)
        self.back_button.place(pygame.Rect(m, h - m - bh, bw, bh), s)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_static(surface)
        self.focus.draw(surface)
        self.draw_footer(surface)

    def paint_static(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, motif=False)
        if self.chart is None:
            return
        paint_chart(surface, self.chart)
        chapters = []
        for n, chapter in enumerate(self.app.campaign.chapters, 1):
            ids = {lv.id for lv in self.app.campaign.chapter_levels(chapter.id)}
            title, _place, date = chapter_words(chapter)
            chapters.append((chapter.id, f"{_roman(n)}. {title}", date, bool(ids & self.open)))
        self._cartouches = paint_routes(surface, self.chart, chapters, self.marks)
        self.paint_title(surface)

    def paint_title(self, surface: pygame.Surface) -> None:
        """The chart's title in a cartouche at its top."""
        assert self.chart is not None
        s = self.scale
        r = self.chart.rect
        title_size, sub_size = 30 * s, max(14, 15 * s)
        sub = _("Two thousand years of tables games, in the order of their sources")
        heading = _("Campaign")
        width = max(
            get_font("caps", title_size).size(heading)[0],
            get_font("italic", sub_size).size(sub)[0],
        ) + round(40 * s)
        box = pygame.Rect(0, 0, min(width, r.w - round(40 * s)), round(76 * s))
        box.topright = (r.right - round(14 * s), r.y + round(12 * s))
        pygame.draw.rect(surface, (242, 230, 198), box, border_radius=round(8 * s))
        pygame.draw.rect(surface, (78, 52, 30), box, max(2, round(2 * s)), round(8 * s))
        draw_text(
            surface,
            fit_text(heading, "caps", title_size, box.w - round(20 * s)),
            (box.centerx, box.y + round(6 * s)),
            role="caps",
            size=title_size,
            colour=(150, 46, 36),
            anchor="midtop",
        )
        draw_text(
            surface,
            fit_text(sub, "italic", sub_size, box.w - round(20 * s)),
            (box.centerx, box.bottom - round(8 * s)),
            role="italic",
            size=sub_size,
            colour=(78, 52, 30),
            anchor="midbottom",
        )

    def notice(self) -> str:
        """What could not be read, in one line ("" when all was): the records, a level
        file, or the chart's coasts (the chart is then drawn without them)."""
        notice = getattr(self.app.records, "notice", "") or ""
        problems = self.app.campaign.problems
        if problems and not notice:
            more = len(problems) - 1
            if more:
                notice = ngettext(
                    "Skipped a level file: {problem} (and {n} more)",
                    "Skipped a level file: {problem} (and {n} more)",
                    more,
                ).format(problem=problems[0], n=more)
            else:
                notice = _("Skipped a level file: {problem}").format(problem=problems[0])
        return str(notice or load_coasts()[1])

    def draw_footer(self, surface: pygame.Surface) -> None:
        """Under the chart: the focused level (its chapter, state and goal), or the count
        of levels won and the keys; a notice when something could not be read."""
        w = surface.get_width()
        s = self.scale
        st = self.back_button.style
        m = round(20 * s)
        won = sum(1 for level_id in self.items if self.medals.get(level_id))
        notice = self.notice()
        focused = self.focus.focused
        level_id = next((k for k, v in self.items.items() if v is focused), None)
        level = self.app.campaign.level(level_id) if level_id else None
        hovered = next((k for k, v in self.items.items() if v.hovered and not v.enabled), None)
        if notice:
            line = notice
        elif hovered is not None:  # a locked level under the pointer: what opens it
            line = self.locked_words(hovered)
        elif self.said is not None:  # a locked level clicked a moment ago
            line = self.said[0]
        elif level is not None:
            mark = self.items[level.id]
            line = f"{level_title(level)}  ·  {mark.detail}  ·  {goal_words(level)}"
        else:
            line = ngettext(
                "{won} of {n} level won", "{won} of {n} levels won", len(self.items)
            ).format(won=won, n=len(self.items))
        x = self.back_button.rect.right + m
        keys = _("{line}   ({won} of {n} won  ·  Enter opens a level  ·  Esc goes back)").format(
            line=line, won=won, n=len(self.items)
        )
        f = get_font("italic", 16 * s)
        lines = [line]
        if f.size(keys)[0] <= w - x - m:
            lines = [keys]
        elif len(wrapped := wrap_words(keys, f, w - x - m)) <= 2:
            lines = wrapped  # on two lines beside Back (a longer language), or its spaces closed up
        # else the keys left out: the level's words come first
        y = self.back_button.rect.centery - (len(lines) - 1) * f.get_linesize() / 2
        for text in lines:
            draw_text(
                surface,
                fit_text(text, "italic", 16 * s, w - x - m),
                (x, round(y)),
                role="italic",
                size=16 * s,
                colour=(220, 120, 100) if notice else st.text,
                anchor="midleft",
            )
            y += f.get_linesize()


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
            _("Begin"), self.begin, kind="primary", help=_("Play this level (Enter)")
        )
        self.back_button = Button(_("Back"), self.back, help=_("Back to the map (Esc)"))
        self.buttons = [self.begin_button, self.back_button]
        self.focus.set(self.buttons)
        self.focus.focus(self.begin_button)
        self.relayout()

    def on_language(self) -> None:
        """The card and its buttons in the new language."""
        if self.level is not None:
            self.on_enter(LevelCard(self.level, self.medal))
        super().on_language()

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
        intro = level_words(level)[1]
        out += [(line, "text", 18) for line in wrap_words(intro, body, width)]
        out.append(("", "text", 8))
        facts = [
            # TRANSLATORS: the level card's facts: the game played, the goal, the opponent
            (_("Game"), game_name(level.variant_id)),
            (_("Goal"), goal_words(level)),
            (_("Opponent"), opponent_words(level)),
        ]
        if self.medal:
            # TRANSLATORS: the best medal won at this level so far
            facts.append((_("Best"), medal_name(self.medal)))
        for label, value in facts:
            out.append((f"{label}\t{value}", "fact", 17))
        small = get_font("italic", 15 * s)
        out.append(("", "text", 6))
        source = _("Source: {source}").format(source=level.source)
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
        title = fit_text(level_title(self.level), "caps", 38 * s, r.w - round(60 * s))
        self.panel.draw_overlay(surface, Title(title, size=38, top=52, shadow=3), veil=150)
        chapter = next((c for c in self.app.campaign.chapters if c.id == self.level.chapter), None)
        if chapter is not None:
            chapter_title, _place, date = chapter_words(chapter)
            draw_text(
                surface,
                f"{chapter_title} · {date}",
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
        lines = self.lines(r.w - round(80 * s))
        # The facts' values start after the widest label (at least 120 design px in).
        label_w = max(
            [round(120 * s)]
            + [
                get_font("caps", size * s).size(line.split("\t")[0])[0] + round(16 * s)
                for line, role, size in lines
                if role == "fact"
            ]
        )
        for line, role, size in lines:
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
                    fit_text(value, "text", size * s, r.right - round(40 * s) - x - label_w),
                    (x + label_w, y),
                    role="text",
                    size=size * s,
                    colour=st.text,
                )
            elif line:
                colour = st.text_dim if role == "italic" else st.text
                draw_text(surface, line, (x, y), role=role, size=size * s, colour=colour)
            y += height
        self.focus.draw(surface)
