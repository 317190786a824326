"""The position editor's pieces beside its scene: a one-line text field (a GNU Backgammon
Position ID typed or pasted), the words of a rollout's result, and the clipboard."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.i18n import _, ngettext, number, percent, pgettext
from game.play.advice import MINUS, chance_game
from game.ui.widgets import Choice, Widget, draw_text, fit_size, fit_text, rounded_box, text_width
from game.ui.widgets.style import mix

ID_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=: ")
MAX_TYPED = 64  # a Position ID is 14 characters, a Match ID 12: room for both, and words


def clipboard_text() -> str:
    """The clipboard's text, or "" where the window cannot read it."""
    try:
        text = pygame.scrap.get_text()  # type: ignore[attr-defined]
    except Exception:  # no clipboard on this system, or it is not text
        return ""
    return text if isinstance(text, str) else ""


def split_ids(text: str) -> tuple[str, str]:
    """A Position ID and a Match ID from what was typed or pasted: GNU Backgammon's
    "Position ID: X Match ID: Y", "X:Y", or the Position ID alone."""
    words = text.replace("Position ID", " ").replace("Match ID", " ").replace(":", " ").split()
    if not words:
        return "", ""
    return words[0], words[1] if len(words) > 1 else ""


class WideChoice(Choice):
    """A choice whose value takes most of the row (a short label, long values: the games'
    names), set a little smaller before anything is cut."""

    def value_area(self) -> pygame.Rect:
        # The label keeps its natural width (a longer word in another language), the
        # value takes the rest, at most 78% of the row.
        label = text_width(self.label, "text", self.px(self.size)) + self.px(28)
        w = max(0, min(round(self.rect.w * 0.78), self.rect.w - label))
        return pygame.Rect(self.rect.right - w - self.px(8), self.rect.y, w, self.rect.h)

    def draw_value(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        words = self.fmt(self.value)
        room = area.w - self.px(56)
        full = self.px(self.size)
        size = fit_size(words, "bold", full, room, full * 0.8)
        colour = self.style.accent_light if self.enabled else self.style.text_disabled
        draw_text(
            surface,
            fit_text(words, "bold", size, room),
            area.center,
            role="bold",
            size=size,
            colour=colour,
            anchor="center",
        )
        if self.enabled and len(self.values) > 1:
            self._chevrons(surface, area)

    def _chevrons(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        from game.ui.widgets.rows import _chevron

        st = self.style
        colour = mix(st.accent_dark, st.accent_light, 0.4 + 0.6 * self.glow)
        for side in (-1, 1):
            x = area.x + self.px(12) if side < 0 else area.right - self.px(12)
            _chevron(surface, (x, area.centery), self.px(5), side, colour, self.scale)


class TextField(Widget):
    """One line of text typed in (letters of an ID only); Enter gives it to ``on_enter``."""

    def __init__(self, label: str, on_enter: Any = None, *, help: str = "") -> None:
        super().__init__(help=help)
        self.label = label
        self.text = ""
        self.on_enter = on_enter

    @property
    def name(self) -> str:
        return self.label

    def type(self, characters: str) -> None:
        kept = "".join(c for c in characters if c in ID_CHARACTERS)
        self.text = (self.text + kept)[:MAX_TYPED]

    def handle_key(self, key: int, mod: int = 0) -> bool:
        if key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
            return True
        if key == pygame.K_v and mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.type(clipboard_text())
            return True
        return key in (pygame.K_LEFT, pygame.K_RIGHT)

    def activate(self) -> bool:
        if self.on_enter is not None:
            self.on_enter()
        return True

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        return event.type == pygame.MOUSEBUTTONDOWN and self.contains(event.pos)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.w < 8:
            return
        st = self.style
        edge = mix(st.accent_dark, st.accent_light, 0.3 + 0.7 * max(self.glow, self.focused))
        box = rounded_box(self.rect.size, self.px(6), (24, 18, 14), edge, self.px(1.5))
        surface.blit(box, self.rect.topleft)
        size = self.px(16)
        shown = self.text + ("|" if self.focused else "")
        if not self.text and not self.focused:
            text, colour = self.label, st.text_dim
        else:
            text, colour = shown, st.text
        text = fit_text(text, "text", size, self.rect.w - self.px(16))
        draw_text(
            surface,
            text,
            (self.rect.x + self.px(8), self.rect.centery),
            role="text",
            size=size,
            colour=colour,
            anchor="midleft",
        )


def signed(value: float) -> str:
    if abs(value) < 0.0005:
        return number(0, 3)
    return f"{'+' if value > 0 else MINUS}{number(abs(value), 3)}"


def win_kind_words(kind: str) -> str:
    """A kind of win a rollout counts, as a player reads it (the rollout's English key as
    it is where Tabula has no word for it)."""
    words = {
        # TRANSLATORS: kinds of win a rollout counts, before their shares ("gammon 12.0%")
        "gammon": pgettext("win kind", "gammon"),
        "backgammon": pgettext("win kind", "backgammon"),
        "shutout": pgettext("win kind", "shut-out"),
        "lympolding": pgettext("win kind", "lympolding"),
        "lurching": pgettext("win kind", "lurching"),
        "last_mover": pgettext("win kind", "last to move"),
        "mars": pgettext("win kind", "mars"),
        "mother": pgettext("win kind", "mother pinned"),
    }
    return words.get(kind, kind)


def rollout_lines(answer: dict[str, Any], names: Sequence[str], cube: bool = False) -> list[str]:
    """A rollout's result in words: two lines a side (its result with the 95% interval;
    its chances of each kind of win), then how many games it was and in what units."""
    players = len(answer.get("sides", []))
    chance = chance_game(players)
    lines = []
    for side in answer.get("sides", []):
        n = side["side"]
        name = names[n] if n < len(names) else _("Side {n}").format(n=n + 1)
        low, high = side["ci95"]
        if chance:
            mean, low_text, high_text = (percent(v, 1) for v in (side["mean"], low, high))
        else:
            mean, low_text, high_text = signed(side["mean"]), signed(low), signed(high)
        # TRANSLATORS: a side's rollout result and its 95% interval ("+0.120  (95%: +0.080
        # to +0.160)")
        lines.append(
            _("{name}: {mean}  (95%: {low} to {high})").format(
                name=name, mean=mean, low=low_text, high=high_text
            )
        )
        kinds = [_("wins {share}").format(share=percent(side["win"], 1))] + [
            _("{kind} {share}").format(kind=win_kind_words(kind), share=percent(share, 1))
            for kind, share in side.items()
            if kind not in ("side", "mean", "ci95", "win")
        ]
        lines.append("  ·  ".join(kinds))
    games = answer.get("games", 0)
    if chance:
        unit = _("in chance to win")
    elif cube:
        unit = _("in points a game, at a cube of 1")
    else:
        unit = _("in points a game")
    if answer.get("stopped"):
        # TRANSLATORS: a rollout stopped early: {games} played of {asked}; {unit} is "in
        # points a game" or "in chance to win"
        said = ngettext(
            "{games} game of {asked}, stopped; {unit}",
            "{games} games of {asked}, stopped; {unit}",
            games,
        )
    else:
        said = ngettext("{games} game; {unit}", "{games} games; {unit}", games)
    lines.append(said.format(games=games, asked=answer.get("asked"), unit=unit))
    return lines
