"""The player's throw: their contribution to the sealed dice, asked for before the first.

A game the window draws a fresh seed for (with a person at the table, dice not
entered by hand) shows the seed's seal on this card before any die is thrown, and
waits for the player to throw: a click or Enter. The nanoseconds between the card
appearing and the throw, and a phrase the player may type first, are their
contribution (``contribution``): it is mixed with the seed into the dice
(``game.rules.dice.dice_stream``), kept with the game and its replay, and the board
says that it was. The program fixed the seed before the throw and the player threw
without knowing the seed, so neither chose the dice (``docs/DICE.md``).

The card says so in one plain sentence. A player may turn it off in Settings
(``Settings.throw_card``): the throw is then taken by itself as the game begins,
still after the seal, from the clock (``auto_contribution``: ``"a=<ns>"``), and the
board, the side column and the results say that it was the clock, not the player.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import pygame

from game.i18n import _
from game.play.session import GameSetup
from game.rules.dice import CONTRIBUTION_MAX, seed_seal
from game.ui.widgets import Style, Title, draw_overlay_panel, draw_text, get_font, wrap_words

PHRASE_MAX = 60  # characters of the phrase the card takes (well under CONTRIBUTION_MAX)
AUTO = "a="  # the head of a throw taken by itself (the card is off in Settings)
CARD_TITLE = "Your throw"
CARD_SENTENCE = (
    "Neither the computer nor you can choose these dice, and the game can be checked "
    "afterwards: click or press Enter to throw."
)
CARD_SMALL = "Type first to add a phrase  ·  Settings can leave this card out"


def asks_throw(setup: GameSetup, players: int, *, demo: bool = False) -> bool:
    """Whether a game asks for the player's throw before its first die: a fresh seed (no
    seed or contribution given), a person at the table, dice not entered by hand, not a
    demonstration."""
    return (
        setup.seed is None
        and not setup.contribution
        and not setup.manual_dice
        and not demo
        and any(seat.human for seat in setup.seats[:players])
    )


def contribution_text(elapsed_ns: int, phrase: str = "") -> str:
    """The contribution recorded for a throw ``elapsed_ns`` after the seal was shown:
    ``"t=<ns>"``, then the phrase typed, if any (``"t=1834012377 fair dice"``)."""
    text = f"t={max(0, elapsed_ns)}"
    phrase = "".join(c for c in phrase if c.isprintable()).strip()
    return f"{text} {phrase}"[:CONTRIBUTION_MAX] if phrase else text


def auto_contribution(now_ns: int | None = None) -> str:
    """The throw taken by itself when the card is off: the clock's nanoseconds (its
    ``perf_counter``) as the game begins, after the seal, ``"a=<ns>"``."""
    return f"{AUTO}{time.perf_counter_ns() if now_ns is None else max(0, now_ns)}"


def is_auto(contribution: str) -> bool:
    """Whether ``contribution`` is a throw taken by itself (``auto_contribution``)."""
    return contribution.startswith(AUTO) and contribution[len(AUTO) :].isdigit()


def mixed_words(contribution: str) -> str:
    """What the board says of a contribution: "" for none; else that the throw (and the
    phrase) went into the dice, in words."""
    if not contribution:
        return ""
    if is_auto(contribution):
        return "Mixed into the dice: the clock as the game began (the throw card is off)"
    head, _, phrase = contribution.partition(" ")
    when = ""
    if head.startswith("t=") and head[2:].isdigit():
        when = f" {int(head[2:]) / 1e9:.3f} s after the seal"
    words = f"your throw{when}"
    if phrase:
        words += f" and your phrase {phrase!r}"
    return f"Mixed into the dice: {words}"


def seal_lines(seed: int, contribution: str, manual: bool, lost: bool = False) -> tuple[str, ...]:
    """The lines under the side column: the seal, and whether the player's throw was
    mixed in (physical dice: that they are entered by hand; ``lost``: new dice after
    the saved ones could not be unlocked, ``game.play.saved_dice``)."""
    if manual:
        return ("Dice entered", "by hand")
    if lost:
        return ("New dice:", "not checkable")
    seal = seed_seal(seed)
    lines = ("Dice sealed", f"{seal[:8]} {seal[8:16]}")
    if not contribution:
        return lines
    return (*lines, "+ the clock" if is_auto(contribution) else "+ your throw")


def seed_note(seed: int, contribution: str, lost: bool = False) -> str:
    """The dice in the results' note: the seed (long ones shortened: the replay has it
    in full), its seal, and whether the player's throw was mixed in (``lost``: the
    dice were new after the saved ones were lost, and cannot be checked)."""
    digits = str(seed)
    shown = digits if len(digits) <= 16 else f"{digits[:6]}...{digits[-4:]}"
    if lost:
        # TRANSLATORS: the results' note on the dice; {seed} is a long number
        return _("dice seed {seed}, new after the dice key was lost: not checkable").format(
            seed=shown
        )
    seal = seed_seal(seed)[:8]
    if not contribution:
        # TRANSLATORS: the results' note on the dice; {seal} is 8 letters and digits
        return _("dice seed {seed} (seal {seal})").format(seed=shown, seal=seal)
    if is_auto(contribution):
        return _("dice seed {seed} (seal {seal}), the clock mixed in").format(seed=shown, seal=seal)
    return _("dice seed {seed} (seal {seal}), your throw mixed in").format(seed=shown, seal=seal)


@dataclass
class ThrowPrompt:
    """The card that shows the seal and waits for the player's throw."""

    seal: str
    shown_ns: int = field(default_factory=time.perf_counter_ns)
    phrase: str = ""
    thrown: str | None = None  # the contribution, once thrown
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def throw(self, now_ns: int | None = None) -> str:
        """The player throws: their contribution, from the time and the phrase."""
        now = time.perf_counter_ns() if now_ns is None else now_ns
        self.thrown = contribution_text(now - self.shown_ns, self.phrase)
        return self.thrown

    def event(self, event: pygame.event.Event) -> bool:
        """Enter or a click throws; typing writes the phrase, Backspace takes it back."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.throw()
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.throw()
            return True
        if event.key == pygame.K_BACKSPACE:
            self.phrase = self.phrase[:-1]
            return True
        char = getattr(event, "unicode", "")
        if char and char.isprintable() and len(self.phrase) < PHRASE_MAX:
            self.phrase += char
            return True
        return False

    # -- drawing ----------------------------------------------------------------------------

    def place(self, centre: tuple[int, int], scale: float) -> None:
        self.rect = pygame.Rect(0, 0, round(600 * scale), round(172 * scale))
        self.rect.center = centre

    def lines(self, scale: float) -> list[tuple[str, str, float]]:
        """The card's lines under its title, as (text, font role, design size): the
        plain sentence (wrapped), the seal's first digits for checking, the small print
        (or the phrase, once one is typed)."""
        width = self.rect.w - round(48 * scale)
        sentence = wrap_words(CARD_SENTENCE, get_font("text", 17 * scale), width)
        seal = " ".join(self.seal[i : i + 8] for i in range(0, 32, 8))
        out = [(line, "text", 17.0) for line in sentence]
        out.append((f"Seal, to check the game later: {seal} ...", "italic", 14.0))
        if self.phrase:
            out.append((f"Your phrase: {self.phrase}_", "bold", 15.0))
        else:
            out.append((CARD_SMALL, "italic", 14.0))
        return out

    def draw(self, surface: pygame.Surface, style: Style, scale: float) -> None:
        rect = self.rect
        top = draw_overlay_panel(surface, rect, scale, style, Title(CARD_TITLE), alpha=244)
        y = top.bottom + round(12 * scale)
        for text, role, size in self.lines(scale):
            y = draw_text(
                surface,
                text,
                (rect.centerx, y),
                role=role,
                size=size * scale,
                colour=style.text if role != "italic" else style.text_dim,
                anchor="midtop",
            ).bottom + round(8 * scale)
