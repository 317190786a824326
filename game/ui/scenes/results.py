"""The end of a game: who won and how, the score, a few statistics, and what next.

The winner's man stands in a gold laurel, while gold leaf falls when a person
won (or only computers played: ``celebrates``); a tie shows two men and no
celebration. Under the headline: how the game was won (a
gammon, a shut-out, lympolding...), the points and the match score, El Mundo's
places, then turns, hits and pips per side. Play again starts the same setup
with a fresh seed; Next game (while a match goes on) continues the match;
Menu goes home.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

import pygame

from game.campaign.level_texts import level_words
from game.i18n import _, ngettext
from game.names import game_name, tavli
from game.play.session import GameSummary
from game.ui.backdrop import MOTE_RATE, MOTE_STEP, Motes, draw_backdrop
from game.ui.dice_seal import seed_note
from game.ui.pictures import medal_icon
from game.ui.result_words import (
    SEPARATOR,
    campaign_words,
    headline,
    how_words,
    judged,
    loss_text,
    next_in_cycle,
    places_words,
    points_words,
    rating_words,
    seat_words,
    side_name,
    tutor_words,
)
from game.ui.routes import LevelAction, LevelChoice, NextGame, Route
from game.ui.scenes.widget_scene import WidgetScene
from game.ui.theme import side_colours, theme_for
from game.ui.widgets import (
    Button,
    Panel,
    _mix,
    draw_glow,
    draw_rule,
    draw_text,
    draw_token,
    fit_size,
    fit_text,
    get_font,
    text_width,
    wrap_spaced,
    wrap_words,
)


class _Leaf:
    """One flake of gold leaf: falls, sways and turns, then fades."""

    __slots__ = ("age", "life", "shade", "size", "spin", "turn", "vx", "vy", "x", "y")

    def __init__(self, rng: random.Random) -> None:
        angle = rng.uniform(-math.pi * 0.95, -math.pi * 0.05)
        speed = rng.uniform(0.25, 0.8)
        self.x, self.y = 0.0, 0.0  # in design px from the laurel's centre
        self.vx = math.cos(angle) * speed * 700
        self.vy = math.sin(angle) * speed * 700
        self.spin = rng.uniform(-9, 9)
        self.turn = rng.uniform(0, math.tau)
        self.size = rng.uniform(2.5, 6.0)
        self.shade = rng.random()
        self.life = rng.uniform(2.2, 4.0)
        self.age = 0.0


@dataclass(frozen=True, slots=True)
class _Columns:
    """The statistics table's columns: where it starts, its label column, one per side."""

    x0: int
    label_w: int
    col_w: int
    players: int

    def centre(self, side: int) -> int:
        return self.x0 + self.label_w + side * self.col_w + self.col_w // 2


def celebrates(summary: GameSummary) -> bool:
    """Whether the gold leaf falls: a person won, or only computers played (a demo, a
    computers' game watched); not when the people at the table lost, nor on a tie."""
    result = summary.state.result
    if result is None or result.winner is None:
        return False
    seats = summary.setup.seats
    if not any(seat.human for seat in seats):
        return True
    return result.winner < len(seats) and seats[result.winner].human


class ResultsScene(WidgetScene):
    """Who won, how, the score and statistics; play again, next game, or the menu."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.summary: GameSummary | None = None
        self.panel = Panel()
        self.motes = Motes(30, seed=9)
        self.leaves: list[_Leaf] = []
        self.laurel_centre = (0, 0)

    def on_enter(self, payload: Any = None) -> None:
        if not isinstance(payload, GameSummary):
            raise TypeError(f"ResultsScene needs a GameSummary, got {payload!r}")
        self.summary = payload
        self.make_buttons()
        self.focus.focus(self.buttons[1] if self.next_button in self.buttons else self.buttons[0])
        rng = random.Random(payload.seed)
        self.leaves = [_Leaf(rng) for _ in range(120)] if celebrates(payload) else []
        self.relayout()

    def make_buttons(self) -> None:
        """The buttons for what may come next, in the language in use."""
        payload = self.summary
        assert payload is not None
        self.play_again_button = Button(
            _("Play again"), self.play_again, help=_("The same game again, with new dice")
        )
        self.next_button = Button(
            _("Next game"), self.next_game, kind="primary", help=_("Go on with the match")
        )
        if payload.setup.tavli:  # a new match, from Portes
            self.play_again_button.help = _(
                "A new {tavli} match from its first game, with new dice"
            ).format(tavli=tavli())
        self.menu_button = Button(_("Menu"), self.app.home, help=_("Back to the main menu"))
        self.buttons = [self.play_again_button]
        campaign = payload.setup.mode == "campaign"
        if not payload.match_over:
            self.buttons.append(self.next_button)
            following = next_in_cycle(payload)
            if following:
                self.next_button.help = _("Go on with the {tavli} match: {game} next").format(
                    tavli=tavli(), game=following
                )
        elif campaign and payload.next_level:
            self.next_button.label = _("Next level")
            self.next_button.on_click = self.next_level
            self.next_button.help = _("On to the next level of the campaign")
            self.buttons.append(self.next_button)
        else:
            self.play_again_button.kind = "primary"
        if campaign:
            self.play_again_button.label = _("Try again")
            self.play_again_button.help = _("This level again, with new dice")
            self.menu_button.label = _("Campaign")
            self.menu_button.on_click = self.to_map
            self.menu_button.help = _("Back to the campaign map")
        if payload.setup.mode == "practice" and payload.tutor:
            self.buttons.append(
                Button(
                    _("Your play"),
                    self.your_play,
                    help=_("Your mistakes and the luck of the dice"),
                )
            )
        self.buttons.append(self.menu_button)
        if payload.setup.mode == "replay":  # a replay: back to the records it came from
            self.menu_button.label = _("Records")
            self.menu_button.kind = "primary"
            self.menu_button.on_click = self.to_map
            self.menu_button.help = _("Back to your records")
            self.buttons = [self.menu_button]
        self.focus.set(self.buttons)

    def on_language(self) -> None:
        """The buttons in the new language, the same one in focus."""
        if self.summary is not None:
            at = self.focus.index
            self.make_buttons()
            if 0 <= at < len(self.focus.widgets):
                self.focus.focus(self.focus.widgets[at])
        super().on_language()

    @property
    def winner(self) -> int | None:
        if self.summary is None or self.summary.state.result is None:
            return None
        return self.summary.state.result.winner

    # -- actions ---------------------------------------------------------------------------------

    def play_again(self) -> None:
        assert self.summary is not None
        fresh = replace(self.summary.setup, seed=None, contribution="", match_id="")
        self.app.go(Route.BOARD, fresh, replace=True)  # new dice: a new seed and throw

    def next_game(self) -> None:
        assert self.summary is not None
        next_game = NextGame(self.summary.setup, self.summary.state)
        self.app.go(Route.BOARD, next_game, replace=True)

    def your_play(self) -> None:
        self.app.go(Route.PRACTICE_SUMMARY, self.summary)

    def next_level(self) -> None:
        """Back to the campaign map, which shows the next level's card."""
        assert self.summary is not None
        self.app.pop(LevelChoice(LevelAction.INTRO, self.summary.next_level))

    def to_map(self) -> None:
        self.app.pop()

    def back(self) -> None:
        self.click()
        if self.summary is not None and self.summary.setup.mode in ("campaign", "replay"):
            self.to_map()
        else:
            self.app.home()

    # -- time ------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        self.motes.update(min(dt, MOTE_STEP) * self.pace())  # at rest once the page is left
        for leaf in self.leaves:
            leaf.age += dt
            leaf.vy += 520 * dt  # gravity, design px/s^2
            leaf.vx *= math.exp(-1.6 * dt)
            leaf.vy = min(leaf.vy, 90 + 40 * math.sin(leaf.turn))
            leaf.x += (leaf.vx + 40 * math.sin(leaf.age * 3 + leaf.turn)) * dt
            leaf.y += leaf.vy * dt
            leaf.turn += leaf.spin * dt
        self.leaves = [leaf for leaf in self.leaves if leaf.age < leaf.life]

    def animating(self) -> bool:
        return bool(self.leaves)  # the winner's leaves falling

    def wake_after(self) -> float | None:
        # The dust drifts and the winner's glow breathes, then they settle.
        return 1 / MOTE_RATE if self.pace() > 0 else None

    # -- layout and drawing ------------------------------------------------------------------------

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        s = scale
        players = self.summary.state.variant.players if self.summary else 2
        pw = min(round((700 if players <= 2 else 820) * s), w - round(40 * s))
        # The panel fits its content: laurel, headline, lines, the table, the buttons.
        lines = self.text_lines(pw - round(70 * s)) if self.summary else []
        line_h = sum(
            get_font(role, size * s).get_linesize() + round(2 * s)
            for _line, role, size, _colour in lines
        )
        heads, head_size = self.headline_lines(pw - round(40 * s)) if self.summary else ([], 44)
        head_h = get_font("caps", head_size * s).get_linesize() * max(1, len(heads))
        rows = 3 if self.summary and judged(self.summary) else 2
        table = round(76 * s) + rows * round(30 * s) + round(10 * s)
        if self.summary:
            cols = self.columns(pw)
            table += self.seat_extra(cols)
            table += get_font("italic", 16 * s).get_linesize() * len(self.note_lines(pw))
        if rows == 3:
            table += get_font("italic", 16 * s).get_linesize() * 2
        content = round(162 * s) + head_h + line_h + round(36 * s) + table
        ph = min(content + round(48 * s) + round(50 * s) + round(28 * s), h - round(40 * s))
        panel = pygame.Rect(0, 0, pw, ph)
        panel.center = (w // 2, h // 2 + round(10 * s))
        self.panel.place(panel, s)
        self.laurel_centre = (panel.centerx, panel.y + round(78 * s))
        bh, gap = round(50 * s), round(14 * s)
        bw = min(
            round(200 * s),
            (pw - round(60 * s) - gap * (len(self.buttons) - 1)) // len(self.buttons),
        )
        total = bw * len(self.buttons) + gap * (len(self.buttons) - 1)
        x = panel.centerx - total // 2
        for button in self.buttons:
            button.place(pygame.Rect(x, panel.bottom - round(28 * s) - bh, bw, bh), s)
            x += bw + gap

    def text_lines(self, width: int) -> list[tuple[str, str, float, tuple[int, int, int]]]:
        """The lines under the headline, wrapped to ``width``: how, places, points."""
        assert self.summary is not None
        st = self.menu_button.style
        out: list[tuple[str, str, float, tuple[int, int, int]]] = []
        following = (
            self.app.campaign.level(self.summary.next_level) if self.summary.next_level else None
        )
        for text, role, size, colour in (
            (
                campaign_words(self.summary, level_words(following)[0] if following else ""),
                "bold",
                20,
                st.accent,
            ),
            (how_words(self.summary), "italic", 19, st.text_dim),
            (places_words(self.summary), "text", 18, st.text),
            (points_words(self.summary), "bold", 19, st.text),
            (rating_words(self.summary.rating), "italic", 18, st.text_dim),
        ):
            if text:
                f = get_font(role, size * self.scale)
                out += [(line, role, size, colour) for line in wrap_words(text, f, width)[:2]]
        return out

    def headline_lines(self, width: int) -> tuple[list[str], float]:
        """The headline and its design size: set up to a fifth smaller to fit ``width``,
        then wrapped (two lines at most)."""
        assert self.summary is not None
        text = headline(self.summary)
        size = fit_size(text, "caps", 44 * self.scale, width, 44 * self.scale * 0.8) / self.scale
        return wrap_spaced(text, get_font("caps", size * self.scale), width)[:2], size

    def columns(self, panel_w: int) -> _Columns:
        """The table's columns: the labels' as wide as the widest, the sides' as wide as
        their names and seats need (up to what the panel leaves)."""
        assert self.summary is not None
        summary = self.summary
        s = self.scale
        players = summary.state.variant.players
        label_w = max(
            [round(150 * s)]
            + [text_width(label, "text", 18 * s) + round(16 * s) for label, _ in self.stat_rows()]
        )
        label_w = min(label_w, (panel_w - round(80 * s)) // 3)
        avail = panel_w - round(80 * s) - label_w
        wanted = max(
            max(
                text_width(side_name(summary, side), "bold", 17 * s),
                text_width(seat_words(summary, side), "italic", 14 * s),
            )
            + round(12 * s)
            for side in range(players)
        )
        col_w = min(max(round(170 * s), wanted), avail // players)
        x0 = self.panel.rect.centerx - (label_w + col_w * players) // 2
        return _Columns(x0, label_w, col_w, players)

    def seat_lines(self, side: int, cols: _Columns) -> tuple[list[str], float]:
        """A side's seat words ("Computer, Novice") and their size: up to a fifth smaller
        to fit its column, then on two lines."""
        assert self.summary is not None
        s = self.scale
        text = seat_words(self.summary, side)
        width = cols.col_w - round(8 * s)
        size = fit_size(text, "italic", 14 * s, width, 14 * s * 0.8)
        return wrap_words(text, get_font("italic", size), width)[:2], size

    def seat_extra(self, cols: _Columns) -> int:
        """The px the seats' second lines push the table's rows down (0 if none wraps)."""
        extra = 0
        for side in range(cols.players):
            lines, size = self.seat_lines(side, cols)
            extra = max(extra, (len(lines) - 1) * get_font("italic", size).get_linesize())
        return extra

    def note_lines(self, panel_w: int) -> list[str]:
        """The note under the table (the game, its turns, its dice), wrapped."""
        assert self.summary is not None
        summary = self.summary
        start = summary.start
        dice = seed_note(summary.seed, start.get("contribution", ""), bool(start.get("lost_dice")))
        note = SEPARATOR.join(
            (
                game_name(summary.setup.variant_id),
                ngettext("{n} turn", "{n} turns", summary.turns).format(n=summary.turns),
                dice,
            )
        )
        f = get_font("italic", 16 * self.scale)
        return wrap_spaced(note, f, panel_w - round(80 * self.scale))[:2]

    def draw(self, surface: pygame.Surface) -> None:
        assert self.summary is not None
        summary = self.summary
        s = self.scale
        st = self.menu_button.style
        self.draw_static(surface)
        self.motes.draw(surface, surface.get_rect(), s)
        panel = self.panel.rect
        theme = theme_for(summary.setup.variant_id, self.app.settings.palette)
        cx, cy = self.laurel_centre
        winner = self.winner
        if winner is not None:
            pulse = 0.75 + 0.25 * math.sin(self.motes.t * 2.0)  # the dust's (paced) time
            draw_glow(surface, (cx, cy), 120 * s, (90, 64, 20), pulse)
            laurel = laurel_sprite(round(62 * s), st.accent)
            surface.blit(laurel, laurel.get_rect(center=(cx, cy + round(4 * s))))
            c = side_colours(theme, winner)
            draw_token(surface, (cx, cy), 30 * s, c.body, c.rim, c.light)
            if summary.medal:
                medal = medal_icon(summary.medal, 2.0 * s, locked=False)
                at = medal.get_rect(center=(cx + round(118 * s), cy + round(8 * s)))
                ribbon = [
                    (at.centerx - round(14 * s), at.y - round(22 * s)),
                    (at.centerx + round(14 * s), at.y - round(22 * s)),
                    (at.centerx + round(6 * s), at.y + round(8 * s)),
                    (at.centerx - round(6 * s), at.y + round(8 * s)),
                ]
                pygame.draw.polygon(surface, (150, 36, 40), ribbon)
                surface.blit(medal, at)
        else:
            for i, side in enumerate(range(summary.state.variant.players)):
                c = side_colours(theme, side)
                n = summary.state.variant.players
                x = cx + (i - (n - 1) / 2) * 62 * s
                draw_token(surface, (x, cy), 26 * s, c.body, c.rim, c.light)
        y = cy + round(84 * s)
        heads, head_size = self.headline_lines(panel.w - round(40 * s))
        for line in heads:
            y = draw_text(
                surface,
                line,
                (cx, y),
                role="caps",
                size=head_size * s,
                colour=st.accent_light,
                anchor="midtop",
                shadow=round(3 * s),
            ).bottom
        for line, role, size, colour in self.text_lines(panel.w - round(70 * s)):
            y = draw_text(
                surface,
                line,
                (cx, y + round(2 * s)),
                role=role,
                size=size * s,
                colour=colour,
                anchor="midtop",
            ).bottom
        y += round(18 * s)
        draw_rule(surface, (cx, y), panel.w * 0.62, s, st.accent_dark)
        y += round(18 * s)
        self.draw_statistics(surface, y)
        self.focus.draw(surface)
        self.draw_leaves(surface)

    def paint_static(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        self.panel.draw(surface)

    def draw_statistics(self, surface: pygame.Surface, top: int) -> None:
        """A small table: one column per side; hits and pips to go; turns under it."""
        assert self.summary is not None
        s = self.scale
        panel = self.panel.rect
        cols = self.columns(panel.w)
        self.draw_side_heads(surface, top, cols)
        y = self.draw_stat_rows(surface, top + round(76 * s) + self.seat_extra(cols), cols)
        self.draw_notes(surface, y + round(10 * s))

    def stat_rows(self) -> list[tuple[str, tuple[Any, ...]]]:
        """The table's rows: a label and a value per side."""
        assert self.summary is not None
        summary = self.summary
        rows: list[tuple[str, tuple[Any, ...]]] = [
            (_("Hits"), summary.hits),
            (_("Pips to go"), summary.pips),
        ]
        tutored = judged(summary)
        if tutored:
            tallies = dict(tutored)
            players = summary.state.variant.players
            rows.append(
                (
                    _("Loss per move"),
                    tuple(loss_text(summary, tallies.get(p)) for p in range(players)),
                )
            )
        return rows

    def draw_side_heads(self, surface: pygame.Surface, top: int, cols: _Columns) -> None:
        """Each side's man, name and seat above its column."""
        assert self.summary is not None
        summary = self.summary
        s = self.scale
        st = self.menu_button.style
        theme = theme_for(summary.setup.variant_id, self.app.settings.palette)
        for side in range(cols.players):
            x = cols.centre(side)
            c = side_colours(theme, side)
            draw_token(surface, (x, top + round(12 * s)), 10 * s, c.body, c.rim, c.light)
            width = cols.col_w - round(8 * s)
            name = side_name(summary, side)
            size = fit_size(name, "bold", 17 * s, width, 17 * s * 0.8)
            draw_text(
                surface,
                fit_text(name, "bold", size, width),
                (x, top + round(26 * s)),
                role="bold",
                size=size,
                colour=st.accent_light if side == self.winner else st.text,
                anchor="midtop",
            )
            lines, size = self.seat_lines(side, cols)
            y = top + round(48 * s)
            for line in lines:
                y = draw_text(
                    surface,
                    fit_text(line, "italic", size, width),
                    (x, y),
                    role="italic",
                    size=size,
                    colour=st.text_dim,
                    anchor="midtop",
                ).bottom

    def draw_stat_rows(self, surface: pygame.Surface, y: int, cols: _Columns) -> int:
        """The rows from ``y`` down, each ruled under; returns the y below the last."""
        s = self.scale
        st = self.menu_button.style
        row_h = round(30 * s)
        for label, values in self.stat_rows():
            draw_text(
                surface,
                label,
                (cols.x0, y + row_h // 2),
                role="text",
                size=18 * s,
                colour=st.text_dim,
                anchor="midleft",
            )
            for side in range(cols.players):
                value = values[side] if side < len(values) else 0
                draw_text(
                    surface,
                    str(value),
                    (cols.centre(side), y + row_h // 2),
                    role="bold",
                    size=19 * s,
                    colour=st.text,
                    anchor="center",
                )
            y += row_h
            pygame.draw.line(
                surface,
                _mix(st.accent_dark, st.panel, 0.5),
                (cols.x0, y),
                (cols.x0 + cols.label_w + cols.col_w * cols.players, y),
                1,
            )
        return y

    def draw_notes(self, surface: pygame.Surface, y: int) -> None:
        """The variant, the turns and the dice's seed; the tutor's words under them."""
        assert self.summary is not None
        summary = self.summary
        s = self.scale
        st = self.menu_button.style
        panel = self.panel.rect
        for line in self.note_lines(panel.w):
            y = draw_text(
                surface,
                line,
                (panel.centerx, y),
                role="italic",
                size=16 * s,
                colour=st.text_dim,
                anchor="midtop",
            ).bottom
        words = tutor_words(summary)
        if words:
            f = get_font("italic", 16 * s)
            for line in wrap_words(words, f, panel.w - round(80 * s))[:2]:
                y = draw_text(
                    surface,
                    line,
                    (panel.centerx, y),
                    role="italic",
                    size=16 * s,
                    colour=st.text,
                    anchor="midtop",
                ).bottom

    def draw_leaves(self, surface: pygame.Surface) -> None:
        s = self.scale
        st = self.menu_button.style
        cx, cy = self.laurel_centre
        for leaf in self.leaves:
            fade = min(1.0, (leaf.life - leaf.age) / 0.8)
            if fade <= 0:
                continue
            x = cx + leaf.x * s
            y = cy + leaf.y * s
            r = leaf.size * s
            flat = abs(math.cos(leaf.turn))  # turning: seen edge-on, then face-on
            colour = _mix(st.accent_dark, st.accent_light, 0.3 + 0.7 * leaf.shade * flat)
            colour = _mix((0, 0, 0), colour, fade) if fade < 1 else colour
            dx, dy = math.cos(leaf.turn * 0.5) * r, math.sin(leaf.turn * 0.5) * r
            ex, ey = -dy * (0.12 + 0.4 * flat), dx * (0.12 + 0.4 * flat)
            quad = [
                (x - dx - ex, y - dy - ey),
                (x + dx - ex, y + dy - ey),
                (x + dx + ex, y + dy + ey),
                (x - dx + ex, y - dy + ey),
            ]
            pygame.draw.polygon(surface, colour, quad)


@lru_cache(maxsize=8)
def laurel_sprite(radius: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A laurel wreath of gold leaves around a circle of ``radius`` (open at the top,
    tied at the bottom), drawn supersampled."""
    k = 3
    size = radius * 2 + radius  # room for the leaves outside the ring
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    big.fill((*colour, 0))
    c = size * k / 2
    r = radius * k * 1.02
    dark = _mix(colour, (0, 0, 0), 0.45)
    light = _mix(colour, (255, 255, 255), 0.35)
    stem_w = max(2, round(radius * k * 0.04))
    leaf_len = radius * k * 0.36
    leaf_w = radius * k * 0.13
    for side in (-1, 1):
        # Each branch runs from the bottom (90°) round to near the top (-60°).
        start, end = math.radians(100), math.radians(-58)
        steps = 40
        points = []
        for i in range(steps + 1):
            a = start + (end - start) * i / steps
            points.append((c + side * r * math.cos(a), c + r * math.sin(a)))
        pygame.draw.lines(big, dark, False, points, stem_w)
        n = 9
        for i in range(n):
            t = (i + 0.6) / n
            a = start + (end - start) * t
            px, py = c + side * r * math.cos(a), c + r * math.sin(a)
            # The tangent, pointing along the branch towards its tip.
            tx, ty = -side * math.sin(a) * (end - start), math.cos(a) * (end - start)
            norm = math.hypot(tx, ty) or 1.0
            tx, ty = tx / norm, ty / norm
            scale = 1.0 - 0.35 * t
            for out in (1, -1):
                nx, ny = side * math.cos(a) * out, math.sin(a) * out
                dx = tx * 0.75 + nx * 0.65
                dy = ty * 0.75 + ny * 0.65
                dn = math.hypot(dx, dy) or 1.0
                dx, dy = dx / dn, dy / dn
                _leaf(
                    big,
                    (px, py),
                    (dx, dy),
                    leaf_len * scale,
                    leaf_w * scale,
                    colour if out > 0 else _mix(colour, dark, 0.35),
                    light,
                    dark,
                )
    # The ribbon tying the branches at the bottom.
    bx, by = c, c + r * 1.0
    pygame.draw.circle(big, dark, (bx, by), radius * k * 0.07)
    pygame.draw.circle(big, colour, (bx, by - radius * k * 0.01), radius * k * 0.055)
    return pygame.transform.smoothscale(big, (size, size))


def _leaf(
    surface: pygame.Surface,
    base: tuple[float, float],
    direction: tuple[float, float],
    length: float,
    width: float,
    colour: tuple[int, int, int],
    light: tuple[int, int, int],
    dark: tuple[int, int, int],
) -> None:
    """A pointed leaf from ``base`` along ``direction``, with a lit edge and a vein."""
    bx, by = base
    dx, dy = direction
    nx, ny = -dy, dx
    left, right = [], []
    steps = 10
    for i in range(steps + 1):
        t = i / steps
        half = width * math.sin(math.pi * t) ** 0.8 * (1 - 0.25 * t)
        x, y = bx + dx * length * t, by + dy * length * t
        left.append((x + nx * half, y + ny * half))
        right.append((x - nx * half, y - ny * half))
    outline = left + right[::-1]
    pygame.draw.polygon(surface, colour, outline)
    pygame.draw.lines(surface, light, False, left, max(1, round(width * 0.14)))
    pygame.draw.line(
        surface,
        dark,
        (bx, by),
        (bx + dx * length * 0.85, by + dy * length * 0.85),
        max(1, round(width * 0.12)),
    )
