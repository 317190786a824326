"""The chances panel (C at the board): the side on roll's chances and, where a cube
decision is due, the cube's advice, in the column right of the board above the
buttons. The evaluation runs in the table's worker; the panel says so meanwhile."""

from __future__ import annotations

from concurrent.futures import Future
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.play.analysis import Chances, analyse_position, can_analyse
from game.rules import match as m
from game.ui.theme import side_colours
from game.ui.widgets import Style, draw_text, fit_text, get_font, wrap_words

if TYPE_CHECKING:
    from game.ui.scenes.board import BoardScene

UNAVAILABLE = N_("No chances for this game: it has no trained evaluation of two sides")


class ChancesPanel:
    """Whether the panel is shown, and the chances of the state it was asked for."""

    def __init__(self) -> None:
        self.shown = False
        self.state: m.GameState | None = None
        self.chances: Chances | None = None
        self.job: Future[Chances] | None = None

    def toggle(self, scene: BoardScene) -> None:
        self.shown = not self.shown
        if self.shown and not can_analyse(scene.state):
            self.shown = False
            scene.say(_(UNAVAILABLE))

    def update(self, scene: BoardScene) -> None:
        """Ask for the chances of the state as it stands (once), and take them in."""
        if not self.shown:
            return
        if self.job is not None and self.job.done():
            job, self.job = self.job, None
            try:
                self.chances = job.result()
            except Exception:  # an unreadable evaluation: say it once, hide the panel
                self.shown = False
                scene.say(_(UNAVAILABLE))
                return
        state = scene.state
        if self.state is not state and self.job is None and not state.is_over:
            self.state = state
            self.chances = None
            self.job = scene.table.worker().submit(analyse_position, state)


def draw_chances(surface: pygame.Surface, scene: BoardScene, panel: ChancesPanel) -> None:
    """The panel's lines in the right column; while a hint or tutor card is open the
    column is the card's strip, so the panel gives way to it (shown again once it goes)."""
    if not panel.shown or scene.hint_card is not None or scene.tutor_card is not None:
        return
    fx, fy, fw, __ = scene.view.layout.frame
    scale = scene.app.scale
    left = fx + fw + 12 * scale
    width = scene.view.layout.room_size[0] - left - 10 * scale
    if width < 80 * scale:
        return
    style = Style.from_theme(scene.theme)
    size = max(14.0, 16 * scale)
    y = fy + 8 * scale
    chances = panel.chances
    side = chances.side if chances is not None else scene.state.on_roll
    name = scene.seat(side).name or side_colours(scene.theme, side).name  # (not its level)
    # TRANSLATORS: the heading of the chances panel: the side on roll's chances
    head = _("{name}'s chances").format(name=name)
    for part in _wrap(head, "caps", size, width):
        draw_text(surface, part, (left, y), role="caps", size=size, colour=style.accent_light)
        y += size * 1.3
    y += size * 0.3
    lines = chances.lines() if chances is not None else [_("Thinking…")]
    for line in lines:
        for part in _wrap(line, "text", size, width):
            draw_text(surface, part, (left, y), size=size, colour=style.text)
            y += size * 1.3


def _wrap(line: str, role: str, size: float, width: float) -> list[str]:
    """A line, broken where it does not fit the column (after the colon first: the
    cube's advice); a single word too wide is cut."""
    room = round(width)
    face = get_font(role, size)
    if face.size(line)[0] <= room:
        return [line]
    parts = [f"{head}:" for head in line.split(": ")[:-1]] + [line.split(": ")[-1]]
    out: list[str] = []
    for part in parts:
        out += [fit_text(words, role, size, room) for words in wrap_words(part, face, room)]
    return out


__all__ = ["ChancesPanel", "draw_chances"]
