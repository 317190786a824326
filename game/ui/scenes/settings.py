"""Settings: full screen, animation speed, sound, board colours, ending a turn, bearing off,
and the card that asks for the player's throw before each game.

Every change goes through ``app.update_settings`` at once (which applies and
keeps it); full screen through ``app.toggle_fullscreen``. A small picture
shows the board colours chosen. Esc or Back returns to the scene below.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import LANGUAGES, N_, _
from game.i18n import language as language_in_use
from game.play.autoplay import SETTING_HELP as AUTO_BEAR_OFF_HELP
from game.store.settings import ANIMATION_SPEEDS, PALETTES
from game.ui.backdrop import draw_backdrop
from game.ui.scenes.widget_scene import WidgetScene
from game.ui.theme import Theme, side_colours, theme_for
from game.ui.widgets import (
    Button,
    Choice,
    Panel,
    Slider,
    Toggle,
    draw_rule,
    draw_shadow,
    draw_text,
    draw_token,
    get_font,
    wrap_words,
)

SPEED_WORDS = {
    "slow": N_("Slow"),
    "normal": N_("Normal"),
    "fast": N_("Fast"),
    "instant": N_("Instant"),
}
SPEED_HELP = {
    "slow": N_("Men and dice move gently: easy to follow."),
    "normal": N_("Men slide point by point and dice tumble at a natural pace."),
    "fast": N_("Twice as quick, for players who know the board."),
    "instant": N_("No animation: every move appears at once."),
}
PALETTE_WORDS = {
    "era": N_("Each era's own"),
    "classic": N_("Classic"),
    "contrast": N_("High contrast"),
}
PALETTE_HELP = {
    "era": N_(
        "Each game in the look of its age: Roman stone, Alfonso's illuminated book, English "
        "oak, modern felt."
    ),
    "classic": N_("Every game on the modern felt board."),
    "contrast": N_("Strong colours that are easy to tell apart, on every board."),
}
THROW_CARD_HELP = N_(
    "On: your click before the first roll goes into the dice, so nobody can choose them. "
    "Off: no card; the clock is used instead."
)
LANGUAGE_HELP = N_(
    "The language of every word in the window; the games' names and notation stay as "
    "their players write them."
)
# The boards the colour picture shows for each palette.
PREVIEW_VARIANTS = {
    "era": ("duodecim", "quinze_tablas", "anglicorum", "backgammon"),
    "classic": ("backgammon",),
    "contrast": ("backgammon",),
}


class SettingsScene(WidgetScene):
    """The settings, kept between runs."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.panel = Panel()

    def on_enter(self, payload: Any = None) -> None:
        settings = self.app.settings
        self.language = Choice(
            _("Language"),
            tuple(LANGUAGES),
            settings.language or language_in_use(),
            lambda v: self.change(language=v),
            fmt=lambda v: LANGUAGES.get(v, str(v)),
            help=_(LANGUAGE_HELP),
        )
        self.fullscreen = Toggle(
            _("Full screen"),
            bool(getattr(self.app, "fullscreen", settings.fullscreen)),
            self.set_fullscreen,
            help=_("Play in full screen or in a window (F11 or Alt+Enter at any time)."),
        )
        self.speed = Choice(
            _("Animation speed"),
            ANIMATION_SPEEDS,
            settings.animation,
            lambda v: self.change(animation=v),
            fmt=lambda v: _(SPEED_WORDS[v]) if v in SPEED_WORDS else str(v).capitalize(),
            help=_(SPEED_HELP[settings.animation]) if settings.animation in SPEED_HELP else "",
        )
        self.volume = Slider(
            _("Volume"),
            settings.volume,
            lambda v: self.change(volume=v),
            help=_("How loud the dice, the men and the board sound."),
        )
        self.mute = Toggle(
            _("Mute"),
            settings.muted,
            lambda v: self.change(muted=v),
            help=_("Silence every sound."),
        )
        self.palette = Choice(
            _("Board colours"),
            PALETTES,
            settings.palette,
            lambda v: self.change(palette=v),
            fmt=lambda v: _(PALETTE_WORDS[v]) if v in PALETTE_WORDS else str(v).capitalize(),
            help=_(PALETTE_HELP[settings.palette]) if settings.palette in PALETTE_HELP else "",
        )
        self.end_at_once = Toggle(
            _("End the turn when the dice are used"),
            settings.end_turn_at_once,
            lambda v: self.change(end_turn_at_once=v),
            help=_(
                "Off: your turn ends when you pick up the dice (click them, Space or Enter), "
                "so the last move can still be taken back. On: it ends with the last move."
            ),
        )
        self.auto_bear_off = Toggle(
            _("Bear off automatically"),
            settings.auto_bear_off,
            lambda v: self.change(auto_bear_off=v),
            help=_(AUTO_BEAR_OFF_HELP),
        )
        self.throw_card = Toggle(
            _("Ask for my throw before each game"),
            settings.throw_card,
            lambda v: self.change(throw_card=v),
            help=_(THROW_CARD_HELP),
        )
        self.back_button = Button(_("Back"), self.back, help=_("Return; the settings are kept."))
        self.rows = [
            self.language,
            self.fullscreen,
            self.speed,
            self.volume,
            self.mute,
            self.palette,
            self.end_at_once,
            self.auto_bear_off,
            self.throw_card,
        ]
        self.focus.set([*self.rows, self.back_button])
        self.relayout()

    def on_language(self) -> None:
        """Every label and help made again in the new language, the same row in focus."""
        at = self.focus.index if hasattr(self.focus, "index") else None
        self.on_enter()
        if at is not None:
            self.focus.index = at

    def on_resume(self, result: Any = None) -> None:
        self.relayout()

    # -- changes -----------------------------------------------------------------------------

    def change(self, **changes: Any) -> None:
        """Apply and keep ``changes`` (through the app)."""
        self.app.update_settings(**changes)
        if "animation" in changes and changes["animation"] in SPEED_HELP:
            self.speed.help = _(SPEED_HELP[changes["animation"]])
        if "palette" in changes and changes["palette"] in PALETTE_HELP:
            self.palette.help = _(PALETTE_HELP[changes["palette"]])

    def set_fullscreen(self, value: bool) -> None:
        if bool(getattr(self.app, "fullscreen", False)) != value:
            self.app.toggle_fullscreen()
        # Some systems (and headless runs) stay windowed: show what really happened.
        self.fullscreen.value = bool(getattr(self.app, "fullscreen", value))
        self.relayout()

    # -- layout and drawing ------------------------------------------------------------------

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        s = scale
        pw = min(round(660 * s), w - round(40 * s))
        row = round(46 * s)
        preview_h = round(92 * s)
        ph = round(60 * s) + len(self.rows) * row + preview_h + round(8 * s) + round(78 * s)
        ph = min(ph, h - round(150 * s))
        top = max(round(96 * s), (h - ph) // 2 + round(16 * s))
        self.panel.place(pygame.Rect((w - pw) // 2, top, pw, ph), s)
        inner = self.panel.inner(30)
        y = inner.y + round(4 * s)
        for widget in self.rows:
            widget.place(pygame.Rect(inner.x, y, inner.w, row - round(6 * s)), s)
            y += row
            if widget is self.palette:
                self.preview_rect = pygame.Rect(inner.x, y, inner.w, preview_h)
                y += preview_h + round(8 * s)
        bw, bh = round(200 * s), round(48 * s)
        self.back_button.place(pygame.Rect(w // 2 - bw // 2, inner.bottom - bh, bw, bh), s)

    def draw(self, surface: pygame.Surface) -> None:
        w = surface.get_width()
        s = self.scale
        st = self.back_button.style
        self.draw_static(surface)
        self.draw_preview(surface)
        self.focus.draw(surface)
        help_text = self.focus.help
        if help_text:
            size = 16 * s
            f = get_font("italic", size)
            lines = wrap_words(help_text, f, min(w - round(60 * s), round(900 * s)))[:2]
            y = self.panel.rect.bottom + round(14 * s)
            for line in lines:
                y = draw_text(
                    surface,
                    line,
                    (w // 2, y),
                    role="italic",
                    size=size,
                    colour=st.text_dim,
                    anchor="midtop",
                ).bottom

    def paint_static(self, surface: pygame.Surface) -> None:
        w = surface.get_width()
        s = self.scale
        st = self.back_button.style
        draw_backdrop(surface)
        top = self.panel.rect.y
        draw_text(
            surface,
            _("Settings"),
            (w // 2, top - round(70 * s)),
            role="caps",
            size=42 * s,
            colour=st.accent,
            anchor="midtop",
            shadow=round(3 * s),
        )
        draw_rule(surface, (w / 2, top - round(16 * s)), 380 * s, s, st.accent)
        self.panel.draw(surface)

    def draw_preview(self, surface: pygame.Surface) -> None:
        """Little boards in the chosen colours, one per era for "each era's own"."""
        area = getattr(self, "preview_rect", None)
        if area is None or area.h < 10:
            return
        s = self.scale
        palette = self.palette.value
        variants = PREVIEW_VARIANTS.get(palette, ("backgammon",))
        gap = round(14 * s)
        card_h = area.h - round(10 * s)
        card_w = min(round(card_h * 1.45), (area.w - gap * (len(variants) - 1)) // len(variants))
        total = card_w * len(variants) + gap * (len(variants) - 1)
        x = area.centerx - total // 2
        for variant_id in variants:
            theme = theme_for(variant_id, palette)
            rect = pygame.Rect(x, area.y + round(4 * s), card_w, card_h)
            draw_shadow(surface, rect, s, radius=4, blur=8, drop=4, alpha=160)
            mini_board(surface, rect, theme, s)
            x += card_w + gap


def mini_board(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, scale: float) -> None:
    """A tiny tables board in ``theme``'s colours: case, field, points, a man of each side."""
    pygame.draw.rect(surface, theme.frame_dark, rect, border_radius=max(2, round(4 * scale)))
    pygame.draw.rect(
        surface, theme.frame, rect.inflate(-2, -2), border_radius=max(2, round(4 * scale))
    )
    border = max(3, round(rect.h * 0.1))
    field = rect.inflate(-2 * border, -2 * border)
    pygame.draw.rect(surface, theme.field, field)
    bar = pygame.Rect(0, field.y, max(2, round(field.w * 0.08)), field.h)
    bar.centerx = field.centerx
    pygame.draw.rect(surface, theme.bar, bar)
    half = (field.w - bar.w) / 2
    pw = half / 6
    stone = theme.style == "stone"
    for h in range(2):
        x0 = field.x + h * (half + bar.w)
        for i in range(6):
            x = x0 + i * pw
            for top in (True, False):
                colour = theme.point_a if (i + top) % 2 else theme.point_b
                if stone:
                    y0 = field.y if top else field.bottom - field.h * 0.18
                    pygame.draw.rect(surface, colour, (x + pw * 0.2, y0, pw * 0.6, field.h * 0.18))
                    continue
                base = field.y if top else field.bottom
                tip = base + field.h * 0.42 * (1 if top else -1)
                poly = [(x + pw * 0.06, base), (x + pw * 0.94, base), (x + pw / 2, tip)]
                pygame.draw.polygon(surface, colour, poly)
                pygame.draw.aalines(surface, colour, True, poly)
    r = min(pw * 0.5, field.h * 0.14)
    for side, cx in ((0, field.x + pw * 0.5), (1, field.right - pw * 0.5)):
        colours = side_colours(theme, side)
        for k in range(3):
            cy = field.bottom - r - k * 2 * r if side == 0 else field.y + r + k * 2 * r
            draw_token(surface, (cx, cy), r, colours.body, colours.rim, colours.light)
    pygame.draw.rect(
        surface,
        theme.frame_light,
        rect,
        max(1, round(scale)),
        border_radius=max(2, round(4 * scale)),
    )
