"""Setting up a game: the variant, its rule options, and who sits in each seat.

Left, the variants (Up/Down through them shows each). Middle, the chosen
variant: a picture of its board with the men at the start, its title and a
short history naming the sources. Right, its rule options (each explained in
the help line at the bottom when it has the focus), the seats (a person, or
the computer at a level; four seats for El Mundo) and Start.

Payload ``"local"``: any mix of people and computers. ``"practice"``: seat 0
is the player, the others are computers, and hints are on.

Start replaces this scene with the board (``BoardScene``, imported when
needed) and the :class:`GameSetup` that :meth:`SetupScene.build_setup` makes.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from game.i18n import N_, _, ngettext, npgettext
from game.level_names import level_name
from game.names import game_name, tavli
from game.option_names import option_help, option_label, option_value
from game.play.session import LEVELS, GameSetup, Seat, level_available, tavli_setup
from game.rules import tavli as tavli_rules
from game.rules.variants import VARIANTS, find_variant
from game.ui.backdrop import draw_backdrop
from game.ui.pages import era, history_paragraphs, variant_text
from game.ui.pictures import board_picture, fill_thumbnails, thumbnails_missing
from game.ui.scenes.widget_scene import WidgetScene
from game.ui.theme import side_colours, theme_for
from game.ui.widgets import (
    Button,
    Choice,
    Panel,
    Segmented,
    TextBlock,
    Toggle,
    Widget,
    draw_rule,
    draw_shadow,
    draw_text,
    draw_token,
    fit_size,
    fit_text,
    get_font,
    text_width,
    typeset,
    wrap_spaced,
    wrap_words,
)
from game.ui.widgets.item_list import place_items
from game.ui.widgets.pills import Pills

MODE_NOTES = {
    "local": N_("Take turns at one table, or let the computer sit in at any seat."),
    "practice": N_(
        "You play the first seat against the computer; hints are there when you ask for them."
    ),
}
HINT = N_(
    "Up and Down to move  ·  Left and Right to change  ·  PgUp / PgDn to read on  ·  Esc to go back"
)


def variant_facts(variant_id: str, options: dict[str, Any]) -> str:
    """One line of facts: players, men, dice, points."""
    try:
        variant = find_variant(variant_id, options)
    except ValueError:
        variant = VARIANTS[variant_id]()
    players = ngettext("{n} player", "{n} players", variant.players).format(n=variant.players)
    men = ngettext("{n} man each", "{n} men each", variant.men).format(n=variant.men)
    if variant.faces == 6:
        dice = ngettext("{n} die", "{n} dice", variant.dice_count).format(n=variant.dice_count)
    else:
        dice = ngettext(
            "{n} die of {faces} faces", "{n} dice of {faces} faces", variant.dice_count
        ).format(n=variant.dice_count, faces=variant.faces)
    # TRANSLATORS: the points of the board (its places), not points of a score
    points = npgettext("board", "{n} point", "{n} points", variant.cells).format(n=variant.cells)
    return "  ·  ".join((players, men, dice, points))


def tavli_words(length: int) -> str:
    """The Match row's values: "Single game", "Tavli to 3", "Tavli to 5", ..."""
    # TRANSLATORS: a Tavli match to {n} points (the row's value in the setup)
    return _("Tavli to {n}").format(n=length) if length else _("Single game")


def tavli_help() -> str:
    lengths, last = tavli_rules.LENGTHS[:-1], tavli_rules.LENGTHS[-1]
    return _(
        "{tavli}: {portes}, {plakoto} and {fevga} in turn, first to {lengths} or {last} "
        "points; a match always begins with {portes} and plays each game by its usual rules"
    ).format(
        tavli=tavli(),
        portes=game_name("portes"),
        plakoto=game_name("plakoto"),
        fevga=game_name("fevga"),
        lengths=", ".join(str(n) for n in lengths),
        last=last,
    )


def who_words(who: str) -> str:
    """A seat's kind: "Person" or "Computer"."""
    return _("Person") if who == "person" else _("Computer")


def _available_for(variant_id: str, level: str) -> bool:
    return level_available(level, variant_id)


class SetupScene(WidgetScene):
    """Choose a variant, its options and the seats, then start."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.mode = "local"
        self.variant_id = next(iter(VARIANTS))
        self.options: dict[str, dict[str, Any]] = {}
        self.seats: dict[str, list[Seat]] = {}
        self.items: dict[str, Button] = {}
        self.option_widgets: list[Choice] = []
        self.rule_widgets: list[Choice] = []  # the variant's own rule options
        self.seat_rows: list[tuple[int, Widget | None, Pills]] = []
        self.history = TextBlock()
        self.history.focusable = False  # PgUp/PgDn and the wheel read it from anywhere
        self.start_button = Button("", self.start, kind="primary")
        self.back_button = Button("", self.back)
        self.name_buttons()
        self.list_panel = Panel(alpha=200, ornate=False)
        self.info_panel = Panel()
        self.rules_panel = Panel()
        self.picture_rect = pygame.Rect(0, 0, 0, 0)
        self.headings: dict[str, pygame.Rect] = {}
        self.level_note_y = 0
        self.seat_centres: list[int] = []
        self.tag_lines: list[str] = []
        self.title_lines: tuple[float, list[str]] = (0.0, [])  # its size and its lines
        self.thumbs: dict[str, Any] = {}  # what picture each list entry has
        self.manual_dice = False  # physical dice, entered by hand
        self.tavli = 0  # Portes, Plakoto or Fevga chosen: a Tavli match to this (0: not one)

    # -- the model ---------------------------------------------------------------------------

    def name_buttons(self) -> None:
        """Start's and Back's words, in the language in use."""
        self.start_button.label = _("Start")
        self.start_button.help = _("Sit down at the board")
        self.back_button.label = _("Back")
        self.back_button.help = _("Back to the menu")

    def on_language(self) -> None:
        """Every word made again in the new language, the same thing in focus."""
        at = self.focus.index
        self.name_buttons()
        self.on_enter(self.mode)
        if 0 <= at < len(self.focus.widgets):
            self.focus.index = at
        super().on_language()

    def on_enter(self, payload: Any = None) -> None:
        self.mode = "practice" if payload == "practice" else "local"
        self.items = {
            vid: Button(
                game_name(vid),
                partial(self.select, vid),
                kind="item",
                detail=era(vid),
                size=17,
                on_focus=partial(self.select, vid),
            )
            for vid, cls in VARIANTS.items()
        }
        for item in self.items.values():
            item.icon_width = 70
        self.select(self.variant_id)
        self.focus.focus(self.items[self.variant_id])

    def default_seats(self, players: int, variant_id: str | None = None) -> list[Seat]:
        """The player in seat 0, the computer elsewhere: at the level last chosen for
        this game (kept in the settings), else at the first level it has."""
        first: str = next((lv for lv in LEVELS if level_available(lv)), LEVELS[0])
        remembered = self.remembered_level(variant_id) if variant_id else None
        level = remembered or first
        return [Seat()] + [Seat(human=False, level=level) for _ in range(players - 1)]

    def remembered_level(self, variant_id: str) -> str | None:
        """The level kept for ``variant_id`` in the settings, if the game can play it."""
        settings = getattr(self.app, "settings", None)
        level_for = getattr(settings, "level_for", None)
        level = level_for(variant_id) if level_for is not None else None
        return level if level in LEVELS and _available_for(variant_id, level) else None

    def select(self, variant_id: str) -> None:
        """Show ``variant_id`` and its options and seats (each variant keeps its choices)."""
        self.variant_id = variant_id
        cls = VARIANTS[variant_id]
        chosen = self.options.setdefault(variant_id, {s.name: s.default for s in cls.option_specs})
        self.seats.setdefault(variant_id, self.default_seats(cls.players, variant_id))
        for vid, item in self.items.items():
            item.selected = vid == variant_id
        self.option_widgets = []
        if variant_id in tavli_rules.CYCLE:  # the setup's own row, not a rule of the game
            self.option_widgets.append(
                Choice(
                    # TRANSLATORS: the setup's row choosing a single game or a Tavli match
                    _("Match"),
                    (0, *tavli_rules.LENGTHS),
                    self.tavli,
                    self.set_tavli,
                    fmt=tavli_words,
                    help=tavli_help(),
                )
            )
        self.rule_widgets = []
        for spec in cls.option_specs:

            def changed(value: Any, name: str = spec.name) -> None:
                self.options[self.variant_id][name] = value

            if isinstance(spec.default, bool) and set(spec.values) == {True, False}:
                widget: Choice = Toggle(
                    option_label(spec), bool(chosen[spec.name]), changed, help=option_help(spec)
                )
            else:
                widget = Choice(
                    option_label(spec),
                    spec.values,
                    chosen[spec.name],
                    changed,
                    fmt=partial(option_value, spec),
                    help=option_help(spec),
                )
            self.rule_widgets.append(widget)
        self.option_widgets += self.rule_widgets
        self.dim_rules()
        self.option_widgets.append(
            Toggle(
                _("Physical dice"),
                self.manual_dice,
                self.set_manual_dice,
                help=_("Throw real dice and enter each throw (the seed no longer decides them)"),
            )
        )
        self.history.set_content(history_paragraphs(variant_text(variant_id)))
        self.build_seat_rows()

    def set_tavli(self, length: int) -> None:
        self.tavli = int(length)
        self.dim_rules()

    def dim_rules(self) -> None:
        """A Tavli match plays each game by its usual rules: the game's own options are
        dimmed (and skipped by the keyboard) while one is chosen."""
        playing_tavli = bool(self.tavli) and self.variant_id in tavli_rules.CYCLE
        for widget in self.rule_widgets:
            widget.enabled = not playing_tavli

    def set_manual_dice(self, value: bool) -> None:
        self.manual_dice = bool(value)

    def build_seat_rows(self) -> None:
        seats = self.seats[self.variant_id]
        self.seat_rows = []
        for side, seat in enumerate(seats):
            who: Widget | None = None
            if self.mode == "local":
                who = Segmented(
                    ("person", "computer"),
                    "person" if seat.human else "computer",
                    partial(self.set_who, side),
                    fmt=who_words,
                    label=_("Seat {n}").format(n=side + 1),
                    help=_("A person at this seat, or the computer"),
                )
            level = Pills(
                LEVELS,
                seat.level,
                partial(self.set_level, side),
                fmt=level_name,
                allowed=partial(_available_for, self.variant_id),
                note=_("This game has no trained opponent yet: this level arrives with it"),
                label=_("Level {n}").format(n=side + 1),
                help=_("How well the computer plays at this seat"),
                size=13.5,
            )
            level.visible = not seat.human
            self.seat_rows.append((side, who, level))
        self.refresh_focus()

    def level_note(self) -> str:
        """Why only Novice can be chosen: the variant has no trained evaluation yet
        (and so, in practice, no hints either)."""
        if self.mode == "practice":
            return _(
                "This game has no trained opponent yet: {novice} only, and no hints until it has."
            ).format(novice=level_name("novice"))
        return _("This game has no trained opponent yet: the stronger levels arrive with it.")

    def set_who(self, side: int, who: str) -> None:
        self.set_human(side, who == "person")

    def set_human(self, side: int, human: bool) -> None:
        seats = self.seats[self.variant_id]
        seats[side] = Seat(human=human, level=seats[side].level)
        self.seat_rows[side][2].visible = not human
        self.refresh_focus()

    def set_level(self, side: int, level: str) -> None:
        """A seat's level chosen: kept in the settings for this game, for next time."""
        seats = self.seats[self.variant_id]
        seats[side] = Seat(human=seats[side].human, level=level)
        settings = getattr(self.app, "settings", None)
        if settings is not None and settings.level_for(self.variant_id) != level:
            self.app.update_settings(levels=settings.with_level(self.variant_id, level).levels)

    def refresh_focus(self) -> None:
        widgets: list[Widget] = [*self.items.values(), *self.option_widgets]
        for _side, who, level in self.seat_rows:
            if who is not None:
                widgets.append(who)
            widgets.append(level)
        widgets += [self.start_button, self.back_button, self.history]
        self.focus.set(widgets)
        if self.size != (0, 0):
            self.layout(self.size, self.scale)
        else:
            self.relayout()

    def build_setup(self) -> GameSetup:
        """The game as chosen: only options that differ from the defaults are named."""
        cls = VARIANTS[self.variant_id]
        chosen = self.options.get(self.variant_id, {})
        options = {
            spec.name: chosen[spec.name]
            for spec in cls.option_specs
            if spec.name in chosen and chosen[spec.name] != spec.default
        }
        seats = tuple(
            self.seats.get(self.variant_id, self.default_seats(cls.players, self.variant_id))
        )
        if self.mode == "practice":
            seats = (Seat(), *(Seat(human=False, level=s.level) for s in seats[1:]))
        if self.tavli and self.variant_id in tavli_rules.CYCLE:  # always begins with Portes
            return tavli_setup(
                self.tavli,
                seats,
                mode=self.mode,
                hints=self.mode == "practice",
                manual_dice=self.manual_dice,
            )
        return GameSetup(
            self.variant_id,
            options,
            seats,
            None,
            self.mode,
            hints=self.mode == "practice",
            manual_dice=self.manual_dice,
        )

    def start(self) -> None:
        """The board for this setup (asking first where it would replace an unfinished
        game)."""
        from game.ui.saving import start_game

        start_game(self.app, self.build_setup(), replace=True)

    # -- layout ----------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        s = scale
        m = round(26 * s)
        gap = round(20 * s)
        top = m + round(66 * s)
        bottom = h - m - round(40 * s)
        # The list as wide as its entries' words need (a longer language), three tenths
        # of the window at most: each era on one line where that is room enough, else
        # as wide as the entries need with an era on two lines (``Button._draw_item``).
        items = self.items.values()
        most = (w - 2 * m) * 3 // 10
        wanted = max((item.item_width(s) for item in items), default=0) + round(20 * s)
        if wanted > most:
            wanted = max(item.item_width(s, wrapped=True) for item in items) + round(20 * s)
        list_w = min(max(round(292 * s), wanted), most)
        right_w = round(420 * s)
        mid_x = m + list_w + gap
        right_x = w - m - right_w
        mid_w = right_x - gap - mid_x
        # Left: the variants.
        self.list_panel.place(pygame.Rect(m, top, list_w, bottom - top), s)
        inner = self.list_panel.inner(10)
        place_items(self.items.values(), inner, s, 66, 6)
        # Middle: picture, title, history.
        self.info_panel.place(pygame.Rect(mid_x, top, mid_w, bottom - top), s)
        self.layout_info(s)
        # Right: options, seats, start.
        self.rules_panel.place(pygame.Rect(right_x, top, right_w, bottom - top), s)
        self.layout_rules_column(s)

    def layout_info(self, s: float) -> None:
        """The middle panel: the board's picture, the title and tagline, the history."""
        inner = self.info_panel.inner(22)
        pic_h = min(round(inner.w * 0.62), round(inner.h * 0.44))
        self.picture_rect = pygame.Rect(inner.x, inner.y, inner.w, pic_h)
        title_y = inner.y + pic_h + round(14 * s)
        tag_font = get_font("italic", 18 * s)
        text = variant_text(self.variant_id)
        tagline = typeset(text.tagline, "italic")
        self.tag_lines = wrap_words(tagline, tag_font, inner.w)[:2]
        # The title set up to a little over a quarter smaller where it is long, and on two
        # lines where that is not enough (a longer language), the badge beside the last.
        badge_w = self.badge_width(s)
        size = fit_size(text.title, "caps", 30 * s, inner.w - badge_w, 22 * s)
        lines = [text.title]
        if text_width(text.title, "caps", size) > inner.w - badge_w:
            font = get_font("caps", size)
            lines = wrap_words(text.title, font, inner.w)
            if len(lines) != 2 or font.size(lines[1])[0] > inner.w - badge_w:
                lines = wrap_words(text.title, font, inner.w - badge_w)
            if len(lines) > 2:  # the second as in the whole title, what is left of it
                lines = [lines[0], text.title.split(lines[0], 1)[-1].strip()]
        self.title_lines = (size, lines)
        title_h = get_font("caps", 30 * s).get_linesize()
        title_h += (len(lines) - 1) * get_font("caps", size).get_linesize()
        text_top = title_y + title_h + len(self.tag_lines) * tag_font.get_linesize() + round(14 * s)
        self.headings["title"] = pygame.Rect(inner.x, title_y, inner.w, title_h)
        self.history.place(
            pygame.Rect(inner.x, text_top, inner.w + round(12 * s), inner.bottom - text_top),
            s * 0.92,
        )

    def layout_rules_column(self, s: float) -> None:
        """The right panel: the options, the seats and their levels, Back and Start."""
        inner = self.rules_panel.inner(18)
        bh = round(50 * s)
        buttons_y = inner.bottom - bh
        half = (inner.w - round(12 * s)) // 2
        self.back_button.place(pygame.Rect(inner.x, buttons_y, half, bh), s)
        self.start_button.place(pygame.Rect(inner.right - half, buttons_y, half, bh), s)
        heading_h = round(32 * s)
        # A computer's levels on one line, or two where one is too narrow for their names.
        level_w = inner.w - round(14 * s)
        level_lines = {
            side: len(level.rows_for(level_w, s))
            for side, _, level in self.seat_rows
            if level.visible
        }
        # An option's label on two lines where one is too short for it (a longer
        # language): its row half as tall again.
        label_h: dict[int, int] = {}
        for i, widget in enumerate(self.option_widgets):
            widget.place(pygame.Rect(inner.x, inner.y, inner.w, round(36 * s)), s)
            if len(widget.label_lines()[1]) > 1:
                label_h[i] = widget.label_height() + round(4 * s)
        n_options = max(1, len(self.option_widgets))
        avail = buttons_y - round(12 * s) - inner.y
        fixed = 2 * heading_h + round(16 * s) + (round(24 * s) if level_lines else 0)
        # Rows share what is left: options 36 (54 on two lines), seat lines 38, level
        # lines 32 (design px).
        units = (
            n_options * 36
            + len(label_h) * 18
            + len(self.seat_rows) * 38
            + sum(level_lines.values()) * 32
        )
        k = min(1.12, max(0.6, (avail - fixed) / max(1, units * s)))
        y = inner.y
        self.headings["rules"] = pygame.Rect(inner.x, y, inner.w, heading_h)
        y += heading_h
        row = round(36 * s * k)
        for i, widget in enumerate(self.option_widgets):
            h = max(round(54 * s * k), label_h[i] + round(3 * s)) if i in label_h else row
            widget.place(pygame.Rect(inner.x, y, inner.w, h - round(3 * s)), s)
            y += h
        if not self.option_widgets:
            y += row
        y += round(16 * s)
        self.headings["seats"] = pygame.Rect(inner.x, y, inner.w, heading_h)
        y += heading_h
        name_w = round(150 * s)
        seat_h = round(38 * s * k)
        level_h = round(32 * s * k)
        self.seat_centres = []
        for side, who, level in self.seat_rows:
            self.seat_centres.append(y + seat_h // 2)
            pill = pygame.Rect(
                inner.x + name_w, y + round(3 * s), inner.w - name_w, seat_h - round(8 * s)
            )
            if who is not None:
                who.place(pill, s)
            y += seat_h
            if level.visible:
                lines = level_lines.get(side, 1)
                level.place(
                    pygame.Rect(
                        inner.x + round(14 * s), y, level_w, lines * level_h - round(6 * s)
                    ),
                    s,
                )
                y += lines * level_h
        self.level_note_y = y + round(4 * s)

    def update(self, dt: float) -> None:
        super().update(dt)
        fill_thumbnails(self.items, self.thumbs, self.app.settings.palette, self.scale)

    def animating(self) -> bool:
        return thumbnails_missing(self.items, self.thumbs, self.app.settings.palette, self.scale)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            return self.history.handle_key(event.key)
        return super().handle_event(event)

    # -- drawing ---------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = self.scale
        st = self.start_button.style
        m = round(26 * s)
        self.draw_static(surface)
        self.draw_info(surface)
        self.draw_notes(surface)
        self.draw_rules_column(surface)
        self.focus.draw(surface)
        # The help line: what the focused (or hovered) thing does.
        help_text = self.focus.help or _(HINT)
        if help_text:
            size = 16 * s
            lines = wrap_words(help_text, get_font("italic", size), w - 2 * m)[:2]
            lh = get_font("italic", size).get_linesize()
            y = h - m // 2 - lh * len(lines)
            for line in lines:
                draw_text(
                    surface,
                    line,
                    (w // 2, y),
                    role="italic",
                    size=size,
                    colour=st.text_dim,
                    anchor="midtop",
                )
                y += lh

    def paint_static(self, surface: pygame.Surface) -> None:
        """The table, the heading and the three panels."""
        w = surface.get_width()
        s = self.scale
        st = self.start_button.style
        m = round(26 * s)
        draw_backdrop(surface, motif=False)
        title = _("Practice") if self.mode == "practice" else _("New game")
        draw_text(
            surface,
            title,
            (w // 2, m - round(4 * s)),
            role="caps",
            size=40 * s,
            colour=st.accent,
            anchor="midtop",
            shadow=round(3 * s),
        )
        draw_rule(surface, (w / 2, m + 52 * s), 380 * s, s, st.accent)
        for panel in (self.list_panel, self.info_panel, self.rules_panel):
            panel.draw(surface)

    def draw_info(self, surface: pygame.Surface) -> None:
        s = self.scale
        st = self.start_button.style
        area = self.picture_rect
        picture = board_picture(
            self.variant_id,
            self.options.get(self.variant_id, {}),
            self.app.settings.palette,
            area.size,
        )
        rect = picture.get_rect(center=area.center)
        draw_shadow(surface, rect, s, radius=8, blur=16, drop=8, alpha=170)
        surface.blit(picture, rect)
        title = self.headings["title"]
        badge = self.badge()
        size, lines = self.title_lines
        y = title.y
        r = title
        for i, line in enumerate(lines):
            room = title.w - (self.badge_width(s) if i == len(lines) - 1 else 0)
            r = draw_text(
                surface,
                fit_text(line, "caps", size, room),
                (title.x, y),
                role="caps",
                size=size,
                colour=st.accent_light,
                shadow=round(2 * s),
            )
            y += get_font("caps", size).get_linesize()
        if badge:
            bs = 12.5 * s
            bw = round(get_font("caps", bs).size(badge)[0] + 18 * s)
            pill = pygame.Rect(r.right + round(12 * s), 0, bw, round(22 * s))
            pill.centery = r.centery
            from game.ui.widgets import rounded_box

            surface.blit(
                rounded_box(pill.size, pill.h // 2, st.primary, st.accent, max(1, round(s)), 0.8),
                pill,
            )
            draw_text(
                surface,
                badge,
                pill.center,
                role="caps",
                size=bs,
                colour=st.accent_light,
                anchor="center",
            )
        y = title.bottom
        for line in self.tag_lines:
            y = draw_text(
                surface, line, (title.x, y), role="italic", size=18 * s, colour=st.text_dim
            ).bottom

    def badge(self) -> str:
        """The words of the badge by the title ("" for none)."""
        # TRANSLATORS: a badge by the game's title: its rules are a modern reconstruction
        return _("Reconstruction") if variant_text(self.variant_id).reconstruction else ""

    def badge_width(self, s: float) -> int:
        """The px the title leaves for its badge: its pill and the space before it."""
        badge = self.badge()
        if not badge:
            return 0
        return max(round(140 * s), round(get_font("caps", 12.5 * s).size(badge)[0] + 30 * s))

    def draw_notes(self, surface: pygame.Surface) -> None:
        """What this mode is, under the list; the variant's facts above Start."""
        s = self.scale
        st = self.start_button.style
        inner = self.list_panel.inner(16)
        size = max(10, 15.5 * s)
        f = get_font("italic", size)
        lines = wrap_words(_(MODE_NOTES[self.mode]), f, inner.w)
        y = inner.bottom - len(lines) * f.get_linesize()
        last = list(self.items.values())[-1].rect.bottom if self.items else inner.y
        if y > last + round(30 * s):
            draw_rule(surface, (inner.centerx, y - 14 * s), inner.w * 0.8, s, st.accent_dark)
            for line in lines:
                y = draw_text(
                    surface,
                    line,
                    (inner.centerx, y),
                    role="italic",
                    size=size,
                    colour=st.text_dim,
                    anchor="midtop",
                ).bottom
        facts = variant_facts(self.variant_id, self.options.get(self.variant_id, {}))
        y = self.start_button.rect.y - round(16 * s)
        rect = self.rules_panel.inner(18)
        size = 16 * s
        f = get_font("italic", size)
        # On two lines where one is too short (a longer language), if there is room; else
        # on one set up to 15% smaller; else (no room even so) not at all, never in part.
        lines = wrap_spaced(facts, f, rect.w)
        room = y - self.level_note_y - round(24 * s)
        if len(lines) > 2 or (len(lines) == 2 and 2 * f.get_linesize() >= room):
            size = fit_size(facts, "italic", size, rect.w, size * 0.85)
            f = get_font("italic", size)
            lines = [facts]
        whole = all(f.size(line)[0] <= rect.w for line in lines)
        if y - self.level_note_y > round(40 * s) and whole:
            for i, line in enumerate(lines):
                draw_text(
                    surface,
                    fit_text(line, "italic", size, rect.w),
                    (rect.centerx, y - (len(lines) - 1 - i) * f.get_linesize()),
                    role="italic",
                    size=size,
                    colour=st.text_dim,
                    anchor="midbottom",
                )

    def draw_rules_column(self, surface: pygame.Surface) -> None:
        s = self.scale
        st = self.start_button.style
        theme = theme_for(self.variant_id, self.app.settings.palette)
        for key, words in (("rules", _("Rules")), ("seats", _("Seats"))):
            rect = self.headings.get(key)
            if rect is None:
                continue
            draw_text(
                surface,
                words,
                (rect.x + round(4 * s), rect.centery),
                role="caps",
                size=21 * s,
                colour=st.accent,
                anchor="midleft",
            )
            y = rect.centery + round(12 * s)
            pygame.draw.line(
                surface,
                st.accent_dark,
                (rect.x + round(4 * s), y),
                (rect.right - round(4 * s), y),
                max(1, round(s)),
            )
        if not self.option_widgets:
            rect = self.headings["rules"]
            draw_text(
                surface,
                _("This game has no rule options."),
                (rect.x + round(12 * s), rect.bottom + round(16 * s)),
                role="italic",
                size=17 * s,
                colour=st.text_dim,
                anchor="midleft",
            )
        seats = self.seats[self.variant_id]
        name_w = round(150 * s)
        for side, who, _level in self.seat_rows:
            colours = side_colours(theme, side)
            row_y = self.seat_centres[side] if side < len(self.seat_centres) else 0
            x = self.headings["seats"].x + round(18 * s)
            draw_token(surface, (x, row_y), 11 * s, colours.body, colours.rim, colours.light)
            draw_text(
                surface,
                fit_text(colours.name, "bold", 18 * s, name_w - round(40 * s)),
                (x + round(20 * s), row_y),
                role="bold",
                size=18 * s,
                colour=st.text,
                anchor="midleft",
            )
            if who is None:
                words = _("You") if side == 0 else _("Computer")
                draw_text(
                    surface,
                    words,
                    (self.headings["seats"].x + name_w + round(10 * s), row_y),
                    role="italic",
                    size=18 * s,
                    colour=st.accent_light,
                    anchor="midleft",
                )
        if any(not seat.human for seat in seats) and not level_available("expert", self.variant_id):
            x = self.headings["seats"].x + round(30 * s)
            f = get_font("italic", 14 * s)
            y = self.level_note_y
            for line in wrap_words(self.level_note(), f, self.headings["seats"].right - x)[:3]:
                y = draw_text(
                    surface, line, (x, y), role="italic", size=14 * s, colour=st.text_disabled
                ).bottom
