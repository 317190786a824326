"""The player's throw: their contribution to the sealed dice, asked for before the first.

A game the window draws a fresh seed for (with a person at the table, dice not
entered by hand) shows the seed's seal on this card before any die is thrown, and
waits for the player to throw: a click or Enter. The nanoseconds between the card
appearing and the throw, and a phrase the player may type first, are their
contribution (``contribution``): it is mixed with the seed into the dice
(``game.rules.dice.dice_stream``), kept with the game and its replay, and the board
says that it was. The program fixed the seed before the throw and the player threw
without knowing the seed, so neither chose the dice (``docs/DICE.md``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import pygame

from game.play.session import GameSetup
from game.rules.dice import CONTRIBUTION_MAX, seed_seal
from game.ui.widgets import Style, Title, draw_overlay_panel, draw_text

PHRASE_MAX = 60  # characters of the phrase the card takes (well under CONTRIBUTION_MAX)


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


def mixed_words(contribution: str) -> str:
    """What the board says of a contribution: "" for none; else that the throw (and the
    phrase) went into the dice, in words."""
    if not contribution:
        return ""
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
    return (*lines, "+ your throw") if contribution else lines


def seed_note(seed: int, contribution: str, lost: bool = False) -> str:
    """The dice in the results' note: the seed (long ones shortened: the replay has it
    in full), its seal, and whether the player's throw was mixed in (``lost``: the
    dice were new after the saved ones were lost, and cannot be checked)."""
    digits = str(seed)
    shown = digits if len(digits) <= 16 else f"{digits[:6]}...{digits[-4:]}"
    if lost:
        return f"dice seed {shown}, new after the dice key was lost: not checkable"
    note = f"dice seed {shown} (seal {seed_seal(seed)[:8]})"
    return note + ", your throw mixed in" if contribution else note


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
        self.rect = pygame.Rect(0, 0, round(600 * scale), round(196 * scale))
        self.rect.center = centre

    def draw(self, surface: pygame.Surface, style: Style, scale: float) -> None:
        rect = self.rect
        title = Title("The dice are sealed")
        top = draw_overlay_panel(surface, rect, scale, style, title, alpha=244)
        seal = " ".join(self.seal[i : i + 8] for i in range(0, 32, 8))
        rows = (
            (f"Seal {seal} ...", "bold", 16, style.text),
            ("Your throw is mixed into them: click or press Enter to throw", "italic", 15, None),
            ("Type first to add a phrase of your own (optional)", "italic", 15, None),
            (f"Phrase: {self.phrase}_", "bold", 16, style.text),
        )
        y = top.bottom + round(12 * scale)
        for text, role, size, colour in rows:
            y = draw_text(
                surface,
                text,
                (rect.centerx, y),
                role=role,
                size=size * scale,
                colour=colour or style.text_dim,
                anchor="midtop",
            ).bottom + round(12 * scale)
