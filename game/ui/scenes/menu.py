"""The title screen: Tabula's name with a decorated initial, and the way into everything.

Continue (when a game was left unfinished, even by a crash) resumes it; Play and
Practice open the setup (``"local"`` / ``"practice"``), Study (sharing Practice's
slot) the position editor, Campaign the campaign
map, Records the statistics and replays, Drills (sharing Records' slot, with the
count of drills due) the drills, Rules & history the rules library,
Settings the settings. Esc moves the focus to Quit (a second Esc there quits).

Continue has a slot of its own at the top, kept empty when there is no game to
continue: the other buttons stand in the same places either way, so a click aimed
at one never lands on another. Under its label it names the game it resumes
("Plakoto against Advanced").
"""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import N_, _, ngettext
from game.level_names import level_name
from game.names import game_name, tavli
from game.ui.backdrop import MOTE_RATE, MOTE_STEP, Motes, draw_backdrop
from game.ui.routes import Route
from game.ui.scenes.widget_scene import WidgetScene
from game.ui.widgets import (
    Button,
    draw_glow,
    draw_rule,
    draw_text,
    fit_text,
    get_font,
    text_surface,
)

SUBTITLE = N_("Backgammon and its ancestors, from Rome to the modern board")
HINT = N_("Arrows or Tab to choose  ·  Enter to select  ·  F11 full screen")


def continue_words(saved: Any) -> str:
    """The game Continue resumes, short: "Plakoto against Advanced", "Tavli: Fevga
    against Expert", "Backgammon, 2 at the table"."""
    from game.play.session import LEVELS

    setup = saved.setup
    name = game_name(setup.variant_id)
    if saved.state.match.cycle:
        name = _("{tavli}: {game}").format(tavli=tavli(), game=name)
    seats = setup.seats[: saved.state.variant.players]
    levels = [seat.level for seat in seats if not seat.human]
    if levels:
        strongest = max(levels, key=lambda lv: LEVELS.index(lv) if lv in LEVELS else 0)
        return _("{game} against {level}").format(game=name, level=level_name(strongest))
    # TRANSLATORS: a game of people only, {n} (2 or more) of them at the table
    return _("{game}, {n} at the table").format(game=name, n=len(seats))


def drills_due(app: Any) -> int:
    """How many of the player's drills are due now (0 when the book cannot say)."""
    import time

    from game.store.drill_book import DrillBook

    return DrillBook(app.records).due(time.time())


class ContinueButton(Button):
    """Continue, and under it the game it resumes (set a little smaller, in italics)."""

    def _draw_label(self, surface: pygame.Surface, rect: pygame.Rect, colour: Any) -> None:
        size = self.px(self.size)
        detail_size = size * 0.72
        width = rect.w - self.px(20)
        label_h = get_font("caps", size).get_linesize()
        detail_h = get_font("italic", detail_size).get_linesize()
        top = rect.centery - (label_h + detail_h) // 2 - self.px(1)
        draw_text(
            surface,
            fit_text(self.label, "caps", size, width),
            (rect.centerx, top),
            role="caps",
            size=size,
            colour=colour,
            anchor="midtop",
            shadow=self.px(2),
        )
        draw_text(
            surface,
            fit_text(self.detail, "italic", detail_size, width),
            (rect.centerx, top + label_h),
            role="italic",
            size=detail_size,
            colour=self.style.text,
            anchor="midtop",
            shadow=self.px(1),
        )


class MenuScene(WidgetScene):
    """The main menu."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.motes = Motes(46, seed=3)
        self.buttons: list[Button] = []
        self.top = 0  # where the buttons' slots begin (Continue's, empty or not)

    def on_enter(self, payload: Any = None) -> None:
        from game.ui.progress import load_in_progress

        self.saved = load_in_progress(self.app)  # the one in memory while a save is owed
        # Study shares Practice's slot (half each): the column's slots stay put.
        self.study_button = Button(
            _("Study"),
            self.study,
            help=_("Set up any position: a hint, a game played out from it, a rollout"),
        )
        # Drills share Records' slot (half each), with the count of what is due.
        self.drills_button = Button(_("Drills"), self.drills)
        self.count_drills()
        self.practice_button = Button(
            _("Practice"), self.practice, help=_("You against the computer, with hints")
        )
        self.records_button = Button(
            _("Records"),
            self.records,
            help=_("Your statistics, finished games, replays and match files"),
        )
        self.buttons = [
            Button(
                _("Play"),
                self.play,
                kind="normal" if self.saved else "primary",
                help=_("A game at one table: people, the computer, or both"),
            ),
            Button(
                _("Campaign"),
                self.campaign,
                help=_("From Rome to the modern board: one chapter for each age of the game"),
            ),
            self.practice_button,
            self.records_button,
            Button(
                _("Rules & history"),
                self.rules,
                help=_("How each game is played, and where its rules come from"),
            ),
            Button(
                _("Settings"), self.settings, help=_("Window, animation, sound and colours")
            ),
            self.study_button,  # (last but Quit for the keys: the others keep their presses)
            self.drills_button,
            Button(_("Quit"), self.app.quit, help=_("Leave Tabula")),
        ]
        if self.saved is not None:
            from game.ui.saving import saved_words

            self.buttons.insert(
                0,
                ContinueButton(
                    _("Continue"),
                    self.resume,
                    kind="primary",
                    detail=continue_words(self.saved),
                    help=_("Resume the game in progress: {game}").format(
                        game=saved_words(self.saved)
                    ),
                ),
            )
        self.focus.set(self.buttons)
        self.relayout()

    def count_drills(self) -> None:
        """The Drills button says how many drills are due."""
        due = drills_due(self.app)
        self.drills_button.label = _("Drills · {n}").format(n=due) if due else _("Drills")
        if due:
            self.drills_button.help = ngettext(
                "{n} drill due: find the best play in positions from your own mistakes, or a "
                "game's starting set",
                "{n} drills due: find the best play in positions from your own mistakes, or a "
                "game's starting set",
                due,
            ).format(n=due)
        else:
            self.drills_button.help = _(
                "Find the best play in positions from your own mistakes, or a game's starting set"
            )

    def on_language(self) -> None:
        """Every button made again in the new language, the same one in focus."""
        at = self.focus.index
        self.on_enter()
        if 0 <= at < len(self.focus.widgets):
            self.focus.index = at
        super().on_language()

    def on_resume(self, result: Any = None) -> None:
        from game.ui.progress import load_in_progress

        self.count_drills()
        if load_in_progress(self.app) != self.saved:  # e.g. an error card saved a game
            self.on_enter()
            return
        self.relayout()  # the window may have changed while another scene was on top

    # -- actions ------------------------------------------------------------------------

    def play(self) -> None:
        self.app.go(Route.SETUP, "local")

    def resume(self) -> None:
        """Back to the game in progress (a campaign game over the campaign map, so that
        its results lead back there)."""
        if self.saved is None:
            return
        if self.saved.setup.mode == "campaign":
            self.app.go(Route.CAMPAIGN)
        self.app.go(Route.BOARD, self.saved)

    def campaign(self) -> None:
        self.app.go(Route.CAMPAIGN)

    def practice(self) -> None:
        self.app.go(Route.SETUP, "practice")

    def study(self) -> None:
        self.app.go(Route.EDITOR)

    def records(self) -> None:
        self.app.go(Route.RECORDS)

    def drills(self) -> None:
        self.app.go(Route.DRILLS)

    def rules(self) -> None:
        self.app.go(Route.RULES)

    def settings(self) -> None:
        self.app.go(Route.SETTINGS)

    def back(self) -> None:
        quit_button = self.buttons[-1]
        if self.focus.focused is quit_button:
            self.app.quit()
        else:
            self.focus.focus(quit_button)

    # -- layout and drawing ---------------------------------------------------------------------

    def layout(self, size: tuple[int, int], scale: float) -> None:
        """Continue's slot at the top (empty without a game to continue), then the
        seven others: every place is the same whether or not Continue is there."""
        w, h = size
        s = scale
        bw = round(340 * s)
        bh = round(42 * s)
        gap = round(8 * s)
        first = round(58 * s)  # Continue's slot: its label and the game under it
        rest = [
            b
            for b in self.buttons
            if not isinstance(b, ContinueButton)
            and b is not self.study_button
            and b is not self.drills_button
        ]
        total = first + gap + len(rest) * bh + (len(rest) - 1) * gap
        self.top = top = max(round(h * 0.43), h - total - round(60 * s))
        x = w // 2 - bw // 2
        for button in self.buttons:
            if isinstance(button, ContinueButton):
                button.place(pygame.Rect(x, top, bw, first), s)
        y = top + first + gap
        for button in rest:
            button.place(pygame.Rect(x, y, bw, bh), s)
            if button is self.practice_button:  # Practice and Study share its slot, half each
                half = (bw - gap) // 2
                button.place(pygame.Rect(x, y, half, bh), s)
                self.study_button.place(pygame.Rect(x + half + gap, y, bw - half - gap, bh), s)
            if button is self.records_button:  # Records and Drills share its slot, half each
                half = (bw - gap) // 2
                button.place(pygame.Rect(x, y, half, bh), s)
                self.drills_button.place(pygame.Rect(x + half + gap, y, bw - half - gap, bh), s)
            y += bh + gap

    def update(self, dt: float) -> None:
        super().update(dt)
        self.motes.update(min(dt, MOTE_STEP) * self.pace())  # at rest once the menu is left

    def wake_after(self) -> float | None:
        return 1 / MOTE_RATE if self.pace() > 0 else None  # the dust drifts, then settles

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_static(surface)
        self.motes.draw(surface, surface.get_rect(), self.scale)
        self.focus.draw(surface)

    def paint_static(self, surface: pygame.Surface) -> None:
        """The table, the title, the subtitle and the hint line."""
        w, h = surface.get_size()
        s = self.scale
        draw_backdrop(surface)
        style = self.buttons[0].style if self.buttons else None
        accent = style.accent if style else (224, 182, 92)
        top = self.top if self.buttons else h // 2
        # The title: a decorated initial T, then the rest in capitals, optically centred.
        cap = round(118 * s)
        rest = text_surface("ABULA", "caps", cap, accent)
        shade = text_surface("ABULA", "caps", cap, (0, 0, 0))
        initial_size = round(cap * 1.06)
        initial = text_surface("T", "initials", initial_size, accent)
        gap = round(6 * s)
        width = initial.get_width() + gap + rest.get_width()
        x = w // 2 - width // 2
        title_bottom = top - round(118 * s)
        baseline = title_bottom
        f = get_font("caps", cap)
        rest_y = baseline - f.get_ascent()
        initial_y = baseline - initial.get_height() + round(cap * 0.12)
        draw_glow(surface, (w / 2, baseline - cap * 0.4), 420 * s, (70, 44, 18), 0.8)
        for dx, dy, alpha in ((0, round(5 * s), 110), (0, round(2 * s), 150)):
            shade.set_alpha(alpha)
            surface.blit(shade, (x + initial.get_width() + gap + dx, rest_y + dy))
        shade.set_alpha(None)
        initial_shadow = text_surface("T", "initials", initial_size, (0, 0, 0))
        initial_shadow.set_alpha(150)
        surface.blit(initial_shadow, (x, initial_y + round(4 * s)))
        initial_shadow.set_alpha(None)
        surface.blit(initial, (x, initial_y))
        surface.blit(rest, (x + initial.get_width() + gap, rest_y))
        sub_y = baseline + round(40 * s)
        draw_rule(surface, (w / 2, baseline + round(24 * s)), 560 * s, s, accent)
        text_colour = style.text_dim if style else (172, 160, 140)
        draw_text(
            surface,
            _(SUBTITLE),
            (w // 2, sub_y),
            role="italic",
            size=24 * s,
            colour=text_colour,
            anchor="midtop",
            shadow=round(2 * s),
        )
        hint = _(HINT)
        colour = (120, 108, 92)
        # A damaged record book was moved aside, or the book cannot be written.
        # Or a save is owed, or the game in progress could not be read.
        saves = self.app.saves
        notice = self.app.records.notice or saves.warning() or saves.dropped
        if notice:
            hint, colour = fit_text(notice, "italic", 15 * s, w - round(40 * s)), (220, 120, 100)
        draw_text(
            surface,
            hint,
            (w // 2, h - round(14 * s)),
            role="italic",
            size=15 * s,
            colour=colour,
            anchor="midbottom",
        )
