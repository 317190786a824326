"""Where the board scene's controls go: its buttons, the message line, and the cards.

``layout_controls(scene)`` works out, from the scene as it stands, the buttons a person
has now (``board_words.wanted_buttons``) with their rectangles, and where the message
goes; the scene calls it from ``update`` and ``on_resize`` and keeps the ``Controls``.
Clicks read those rectangles and ``draw_controls`` paints them: input never depends on
the last frame drawn, and drawing changes nothing.

``place_entry_cards`` and ``place_cards`` put the dice entry, the player's throw and the
hint or tutor card in place (the only changes made here: where the cards go).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.ui.assets import font
from game.ui.hints import HintCard
from game.ui.render.board_words import message_text, wanted_buttons
from game.ui.render.layout import layout_for
from game.ui.theme import Colour
from game.ui.tutor_card import TutorCard
from game.ui.widgets import _mix, draw_shadow, draw_text, get_font, rounded_box, wrap_words

if TYPE_CHECKING:
    from game.rules.variants.base import Variant
    from game.ui.render.board_reader import BoardReader


@dataclass(frozen=True)
class Button:
    """A button on the board: greyed (not ``enabled``) ones say why in ``note``."""

    name: str
    text: str
    rect: pygame.Rect
    enabled: bool = True
    note: str = ""
    on: bool = False  # lit: what it opens is open (the hint card)
    lines: tuple[str, ...] = ()  # the label as laid out (two lines in a narrow panel)
    size: int = 0  # the label's type size (0: the buttons' usual size)


@dataclass(frozen=True)
class Place:
    """Where a button goes, and its label's lines and type size there."""

    rect: pygame.Rect
    lines: tuple[str, ...]
    size: int


@dataclass(frozen=True)
class Line:
    """One line of the message: its label (``fit``: scaled down to that width) and where."""

    text: str
    size: int
    colour: Colour
    rect: pygame.Rect
    fit: float = 0.0


@dataclass(frozen=True)
class Message:
    """The message laid out: its lines, the shaded box behind them, what it covers."""

    text: str
    lines: tuple[Line, ...]
    area: pygame.Rect  # what it covers (the cards keep off it)
    back: pygame.Rect | None = None
    back_colour: tuple[int, int, int, int] = (0, 0, 0, 150)


@dataclass(frozen=True)
class Controls:
    """The board's controls as laid out for the scene as it stands."""

    buttons: tuple[Button, ...] = ()
    message: Message | None = None

    @property
    def active(self) -> dict[str, pygame.Rect]:
        """The buttons a click presses, by name."""
        return {b.name: b.rect for b in self.buttons if b.enabled}

    @property
    def disabled(self) -> dict[str, tuple[pygame.Rect, str]]:
        """The greyed buttons, by name: where, and why."""
        return {b.name: (b.rect, b.note) for b in self.buttons if not b.enabled}

    @property
    def message_box(self) -> pygame.Rect:
        return self.message.area if self.message is not None else pygame.Rect(0, 0, 0, 0)


NO_CONTROLS = Controls()


def button_font(scale: float) -> pygame.font.Font:
    return font("caps", round(26 * scale))


def layout_controls(scene: BoardReader) -> Controls:
    """The buttons wanted now and where they go, and the message."""
    wanted = wanted_buttons(scene)
    buttons = []
    places = button_places(scene, wanted) if wanted else []
    for (name, text), place in zip(wanted, places, strict=True):
        rect, lines, size = place.rect, place.lines, place.size
        if name == "hint" and not scene.advice:
            # No evaluation to ask: the button is there, greyed, and says why.
            note = scene.hint_note()
            buttons.append(Button(name, text, rect, False, note, lines=lines, size=size))
        else:
            on = name == "hint" and scene.hint_card is not None
            buttons.append(Button(name, text, rect, on=on, lines=lines, size=size))
    return Controls(tuple(buttons), layout_message(scene))


def control_rects(scene: BoardReader, wanted: list[tuple[str, str]]) -> list[pygame.Rect]:
    """Where the buttons go (``button_places``' rectangles)."""
    return [place.rect for place in button_places(scene, wanted)]


def label_lines(text: str, face: pygame.font.Font, width: float) -> tuple[str, ...]:
    """A button's label on one line, or on two (broken at its last space) when one line
    is wider than ``width``; on up to three, broken where they fit, when the first of
    two would still be too wide."""
    if face.size(text)[0] <= width or " " not in text:
        return (text,)
    head, tail = text.rsplit(" ", 1)
    if face.size(head)[0] <= width:
        return (head, tail)
    return tuple(wrap_words(text, face, round(width))[:3])  # a longer language's label


def message_size(scale: float) -> int:
    return round(28 * scale)


def status_band(scene: BoardReader) -> int | None:
    """In a portrait window, where the status group begins under the board: the message
    on a line just under it and the buttons in a row under the message, together (the
    band under the board holds both). None elsewhere: a landscape window (the buttons in
    the panel right of the board, the message at the foot), a ring board (both in the
    ring's hub), or a band too low for both."""
    layout = scene.view.layout
    if layout.geometry == "round":
        return None
    width, height = layout.room_size
    if height <= width:
        return None
    scale = scene.app.scale
    pad = round(10 * scale)
    _, fy, _, fh = layout.frame
    _, dy, _, dh = layout.dice_area
    bottom = max(fy + fh, dy + dh)  # Duodecim's dice lie under its board
    line = font("italic", message_size(scale)).get_height() + pad
    row = font("caps", round(26 * scale)).get_height() + round(12 * scale)
    if height - bottom < line + row + 3 * pad:
        return None
    return round(bottom + pad)


def button_places(scene: BoardReader, wanted: list[tuple[str, str]]) -> list[Place]:
    """Where the buttons go: in a portrait window a row under the message under the
    board (``status_band``); else a column in the panel right of the board when it is
    wide enough (labels too long for it, like the resignations', on two lines and
    smaller if need be: never over the board), else a row in the middle of a ring board
    under the dice, else a row at the foot of the window."""
    scale = scene.app.scale
    usual = round(26 * scale)
    label_font = font("caps", usual)
    pad = round(12 * scale)
    height = round(label_font.get_height() + pad)
    layout = scene.view.layout
    width, screen_h = layout.room_size  # beside a hint card's strip, when one is kept
    fx, fy, fw, fh = layout.frame
    panel = width - (fx + fw)
    widest = max(label_font.size(text)[0] for _, text in wanted) + 2 * pad
    band = status_band(scene)
    if band is not None:
        widths = [label_font.size(text)[0] + 2 * pad for _, text in wanted]
        total = sum(widths) + pad * (len(widths) - 1)
        if total <= width - 2 * pad:
            line = font("italic", message_size(scale)).get_height() + round(10 * scale)
            x = round(min(max(pad, fx + fw / 2 - total / 2), width - pad - total))
            y = band + line + round(10 * scale)
            places = []
            for w, (_, text) in zip(widths, wanted, strict=True):
                places.append(Place(pygame.Rect(x, y, w, height), (text,), usual))
                x += w + pad
            return places
    if panel >= max(widest, 110 * scale) + 2 * pad:
        col_w = min(round(panel - 2 * pad), round(max(widest, 150 * scale)))
        x = round(fx + fw + (panel - col_w) / 2)
        total = len(wanted) * height + (len(wanted) - 1) * pad
        y = round(fy + fh / 2 - total / 2)
        return [
            Place(pygame.Rect(x, y + i * (height + pad), col_w, height), (text,), usual)
            for i, (_, text) in enumerate(wanted)
        ]
    if layout.geometry != "round" and panel >= 110 * scale + 2 * pad:
        return narrow_column(scene, wanted, usual, pad)
    widths = [label_font.size(text)[0] + 2 * pad for _, text in wanted]
    total = sum(widths) + pad * (len(widths) - 1)
    x = round(width / 2 - total / 2)
    y = round(screen_h - 2.4 * height - pad)
    if layout.geometry == "round":  # in the middle of the ring, under the dice
        dx, dy, dw, dh = layout.dice_area
        x = round(dx + dw / 2 - total / 2)
        y = round(dy + dh + pad)
    places = []
    for w, (_, text) in zip(widths, wanted, strict=True):
        places.append(Place(pygame.Rect(x, y, w, height), (text,), usual))
        x += w + pad
    return places


def narrow_column(
    scene: BoardReader, wanted: list[tuple[str, str]], usual: int, pad: int
) -> list[Place]:
    """The column in a panel too narrow for some label on one line: those labels on two
    lines, and every label smaller if a line is still too wide."""
    width = scene.view.layout.room_size[0]
    fx, fy, fw, fh = scene.view.layout.frame
    panel = width - (fx + fw)
    col_w = round(panel - 2 * pad)
    room = col_w - 2 * pad
    face = font("caps", usual)
    labels = [label_lines(text, face, room) for _, text in wanted]
    longest = max(face.size(line)[0] for lines in labels for line in lines)
    size = usual if longest <= room else max(8, int(usual * room / longest))
    face = font("caps", size)
    tall = max(len(lines) for lines in labels) * face.get_linesize() + pad
    heights = [tall] * len(labels)  # one height for all: a tidy column
    total = sum(heights) + pad * (len(heights) - 1)
    x = round(fx + fw + (panel - col_w) / 2)
    y = round(fy + fh / 2 - total / 2)
    places = []
    for lines, h in zip(labels, heights, strict=True):
        places.append(Place(pygame.Rect(x, y, col_w, h), lines, size))
        y += h + pad
    return places


@lru_cache(maxsize=64)
def message_label(text: str, size: int, colour: Colour, fit: float = 0.0) -> pygame.Surface:
    """A line of the message rendered (``fit``: scaled down to at most that width)."""
    label = font("italic", size).render(text, True, colour)
    if fit and label.get_width() > fit:
        label = pygame.transform.smoothscale_by(label, fit / label.get_width())
    return label


def layout_message(scene: BoardReader) -> Message | None:
    """Where the message goes: in the middle of a ring board above the dice, else on a
    line at the foot of the window, else word-wrapped in the panel right of the board."""
    text = message_text(scene)
    if not text:
        return None
    scale = scene.app.scale
    theme = scene.theme
    layout = scene.view.layout
    size = message_size(scale)
    face = font("italic", size)
    width, height = layout.room_size
    fx, fy, fw, fh = layout.frame
    pad = round(10 * scale)
    below = height - (fy + fh)
    if layout.geometry == "round":
        return hub_message(scene, text, pad)
    band = status_band(scene)
    if band is not None or below >= face.get_height() + pad or width - (fx + fw) < 120 * scale:
        # A line under the board (narrowed to fit the window): just under it, over the
        # buttons, in a portrait window; else at the foot of the window.
        fit = width - 4 * pad
        label = message_label(text, size, theme.text, fit)
        if band is not None:
            centre = round(min(max(fx + fw / 2, label.get_width() / 2 + 2 * pad),
                               width - label.get_width() / 2 - 2 * pad))
            box = label.get_rect(midtop=(centre, band + pad // 2))
        else:
            box = label.get_rect(midbottom=(width // 2, height - pad))
        back = pygame.Rect((0, 0), box.inflate(3 * pad, pad).size)
        back.center = box.center
        line = Line(text, size, theme.text, box, fit)
        return Message(text, (line,), box.inflate(3 * pad, pad), back, (0, 0, 0, 150))
    # No room below the board: the panel at its right, word-wrapped, just over the
    # buttons (where they stand when there are none), so that the two hold together.
    column = round(width - (fx + fw) - 2 * pad)
    words: list[str] = []
    for word in text.split():
        trial = f"{words[-1]} {word}" if words else word
        if words and face.size(trial)[0] <= column:
            words[-1] = trial
        else:
            words.append(word)
    wanted = wanted_buttons(scene)
    places = button_places(scene, wanted) if wanted else []
    anchor = min(place.rect.top for place in places) if places else fy + fh / 2
    tall = face.get_linesize() * len(words)
    y = round(max(pad, anchor - pad - tall))
    top = y
    centre = round(fx + fw + (width - (fx + fw)) / 2)
    lines = []
    for words_line in words:
        label = message_label(words_line, size, theme.text, column)
        lines.append(
            Line(words_line, size, theme.text, label.get_rect(midtop=(centre, y)), column)
        )
        y += face.get_linesize()
    bottom = max([y, *(line.rect.bottom for line in lines)])  # a line's glyphs may hang lower
    area = pygame.Rect(round(fx + fw), top, column + 2 * pad, bottom - top)
    return Message(text, tuple(lines), area)


SEPARATOR = "  ·  "  # between the parts of a message (the last play, then the prompt)


def hub_message(scene: BoardReader, text: str, pad: int) -> Message:
    """The message of a ring board: above the dice, inside the ring's hub, where no man
    stands (on two lines, or smaller, when one line would reach the men)."""
    theme = scene.theme
    layout = scene.view.layout
    cy, hub = layout.ring[1], layout.ring[2]  # the hub: inside the wedges' tips
    dx, dy, dw, dh = layout.dice_area
    usual = round(min(26 * scene.app.scale, dh * 0.3))
    bottom = dy - pad / 2

    def room(top: float) -> float:
        """The text's width that keeps a line's box from ``top`` down in the hub."""
        far = max(abs(cy - top), abs(cy - bottom))
        return max(0.0, 2 * math.sqrt(max(0.0, hub * hub - far * far)) - 2 * pad)

    def fitted(lines: list[str]) -> tuple[float, list[float]]:
        """How much ``lines`` stacked above the dice shrink to fit, and each one's room."""
        face = font("italic", usual)
        step = face.get_linesize()
        rooms = [room(bottom - step * (len(lines) - i) - pad / 4) for i in range(len(lines))]
        widths = [max(1, face.size(line)[0]) for line in lines]
        shrink = min(min(1.0, r / w) for w, r in zip(widths, rooms, strict=True))
        return shrink, rooms

    words = text.split()
    one = fitted([text])
    shrink, rooms = one
    chosen = [text]
    if one[0] < 0.8 and len(words) > 1:  # two lines, broken near the middle
        cut = min(range(1, len(words)), key=lambda k: abs(len(" ".join(words[:k])) - len(text) / 2))
        two = [" ".join(words[:cut]), " ".join(words[cut:])]
        if SEPARATOR in text:  # or one each side of the separator (which goes) if as big
            parts = text.split(SEPARATOR, 1)
            if fitted(parts)[0] >= 0.9 * fitted(two)[0]:
                two = parts
        if fitted(two)[0] > one[0]:
            (shrink, rooms), chosen = fitted(two), two
    size = max(8, int(usual * shrink))
    face = font("italic", size)
    step = face.get_linesize()
    lines = []
    for i, (words_line, fit) in enumerate(zip(chosen, rooms, strict=True)):
        label = message_label(words_line, size, theme.ink, fit)
        y = round(bottom - step * (len(chosen) - 1 - i))
        box = label.get_rect(midbottom=(round(dx + dw / 2), y))
        lines.append(Line(words_line, size, theme.ink, box, fit))
    box = lines[0].rect.unionall([line.rect for line in lines[1:]])
    area = box.inflate(2 * pad, pad // 2)
    return Message(text, tuple(lines), area, pygame.Rect(area), (*theme.field, 170))


def place_entry_cards(scene: BoardReader) -> None:
    """The dice entry and the player's throw: in the middle of the board."""
    x, y, w, h = scene.view.layout.frame
    centre = (round(x + w / 2), round(y + h / 2))
    if scene.dice_entry is not None:
        scene.dice_entry.place(centre, scene.app.scale)
    if scene.throw_prompt is not None:
        scene.throw_prompt.place(centre, scene.app.scale)


def hint_strip(
    variant: Variant,
    size: tuple[int, int],
    viewer: int,
    card: tuple[int, int],
    scale: float,
) -> tuple[tuple[int, int], pygame.Rect]:
    """Where the hint card goes so that it hides nothing the player needs: a strip of the
    window kept free for it, at the right or at the foot, whichever leaves the board
    bigger. Returns the room left to the board and its panels (``layout_for``'s
    ``room``) and the card's place in the strip. The strip's width (height) is the
    card's, rounded up a little, so that the board is not laid out again for a card a
    few pixels wider."""
    width, height = size
    cw, ch = card
    m = round(12 * scale)
    step = max(8, round(40 * scale))
    across = min(width - 1, math.ceil((cw + 2 * m) / step) * step)
    down = min(height - 1, math.ceil((ch + 2 * m) / step) * step)
    right = (width - across, height)
    foot = (width, height - down)
    units = {
        room: layout_for(variant, size, viewer, room).unit
        / layout_for(variant, size, viewer).unit
        for room in (right, foot)
    }
    if units[right] >= units[foot]:
        frame_top = layout_for(variant, size, viewer, right).frame[1]
        top = max(m, min(round(frame_top), height - m - ch))
        return right, pygame.Rect(width - across + (across - cw) // 2, top, cw, ch)
    return foot, pygame.Rect((width - cw) // 2, height - down + (down - ch) // 2, cw, ch)


def place_cards(scene: BoardReader, message_box: pygame.Rect) -> None:
    """Put the open card (the tutor's, else the hint card) in its strip, once the board
    has been laid out beside it (``BoardScene.fit_board``): there it hides nothing the
    player needs, the buttons and ``message_box`` (where the message was laid out) with
    the rest."""
    card: HintCard | TutorCard | None = scene.tutor_card or scene.hint_card
    if card is None:
        return
    scale = scene.app.scale
    room, rect = hint_strip(scene.variant, scene.app.size, scene.viewer, card.size(scale), scale)
    if scene.view.layout.room == room:
        card.place(rect, scale)


# -- painting ---------------------------------------------------------------------------------


def draw_controls(surface: pygame.Surface, scene: BoardReader, controls: Controls) -> None:
    """The buttons laid out: lit under the mouse (or while what they open is open),
    greyed ones with their note under the mouse."""
    if not controls.buttons:
        return
    theme = scene.theme
    scale = scene.app.scale
    mouse = pygame.mouse.get_pos()
    radius = round(8 * scale)
    noted: Button | None = None
    for button in controls.buttons:
        rect = button.rect
        hover = rect.collidepoint(mouse)
        shadow = rect.move(0, round(3 * scale))
        pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=radius)
        if not button.enabled:
            pygame.draw.rect(surface, _mix(theme.frame, (40, 40, 40), 0.6), rect, 0, radius)
            edge = _mix(theme.accent, (60, 60, 60), 0.6)
            pygame.draw.rect(surface, edge, rect, max(1, round(scale)), radius)
            draw_label(surface, button, _mix(theme.text, (70, 70, 70), 0.6), scale)
            if hover and button.note:
                noted = button
            continue
        lit = hover or button.on
        body = theme.accent if lit else theme.frame
        pygame.draw.rect(surface, body, rect, border_radius=radius)
        pygame.draw.rect(surface, theme.accent, rect, max(1, round(2 * scale)), radius)
        draw_label(surface, button, theme.frame_dark if lit else theme.text, scale)
    if noted is not None:
        draw_note(surface, scene, noted.note, noted.rect)


def draw_label(surface: pygame.Surface, button: Button, colour: Colour, scale: float) -> None:
    """A button's label, its lines centred in it as laid out."""
    face = font("caps", button.size) if button.size else button_font(scale)
    lines = button.lines or (button.text,)
    step = face.get_linesize()
    top = button.rect.centery - step * len(lines) / 2
    for i, line in enumerate(lines):
        label = face.render(line, True, colour)
        centre = (button.rect.centerx, round(top + step * (i + 0.5)))
        surface.blit(label, label.get_rect(center=centre))


def draw_note(surface: pygame.Surface, scene: BoardReader, text: str, near: pygame.Rect) -> None:
    """A small tooltip for ``near`` (a disabled button): above it, kept on screen."""
    scale = scene.app.scale
    size = max(12, round(16 * scale))
    f = get_font("italic", size)
    pad = max(6, round(12 * scale))
    width = min(f.size(text)[0], round(280 * scale))
    lines = wrap_words(text, f, width)
    w = max(f.size(line)[0] for line in lines) + 2 * pad
    h = len(lines) * f.get_linesize() + pad
    rect = pygame.Rect(0, 0, w, h)
    rect.midbottom = (near.centerx, near.y - round(8 * scale))
    rect.clamp_ip(surface.get_rect().inflate(-round(16 * scale), -round(16 * scale)))
    radius = max(3, round(8 * scale))
    draw_shadow(surface, rect, scale, radius=radius, blur=10, drop=4, alpha=140)
    box = rounded_box(rect.size, radius, (34, 27, 22), scene.theme.accent, 1, 0.85)
    surface.blit(box, rect)
    y = rect.y + pad // 2
    for line in lines:
        ink = scene.theme.text
        draw_text(surface, line, (rect.x + pad, y), role="italic", size=size, colour=ink)
        y += f.get_linesize()


def draw_message(surface: pygame.Surface, message: Message | None) -> None:
    """The message as laid out: its shaded box, then its lines."""
    if message is None:
        return
    if message.back is not None:
        back = pygame.Surface(message.back.size, pygame.SRCALPHA)
        back.fill(message.back_colour)
        surface.blit(back, message.back)
    for line in message.lines:
        surface.blit(message_label(line.text, line.size, line.colour, line.fit), line.rect)


__all__ = [
    "NO_CONTROLS",
    "Button",
    "Controls",
    "Message",
    "Place",
    "button_places",
    "control_rects",
    "draw_controls",
    "draw_message",
    "draw_note",
    "layout_controls",
    "layout_message",
    "place_cards",
    "place_entry_cards",
]
