"""Where the position editor's pieces go, and how it is drawn (the scene's state is read,
never changed, but for the board's picture made for the window's size).

The board takes the window's left part; the panel the right part, a column of rows: the
game, the side a click puts, the turn, the dice, what the position waits for (a double
to answer, Acey-Deucey's turn after the 1-2), the cube and the match (where the game
has them), where the rest of the men are (a game with a hand), Start and Clear, the
Position ID (backgammon), the engine's word, the actions, their answers below, and Back at
the foot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.ui import editor_hint
from game.ui.analysis_board import draw_cube_of, draw_position
from game.ui.editor_keys import KEYS_HELP, draw_cursor
from game.ui.label_fit import fit_labels
from game.ui.render.board_view import BoardView
from game.ui.widgets import draw_text, fit_text, rounded_box

if TYPE_CHECKING:
    from game.ui.scenes.editor import EditorScene

PANEL_W = 430  # design px
PAD = 14
ROW = 30
GAP = 6
TEXT = 15  # the panel's words, design px
REFUSED = (232, 120, 96)
KEYS_SIZE = max(TEXT - 2, 14)  # (14 px: the smallest text anywhere, at 1280x800)


def panel_width(size: tuple[int, int], scale: float) -> int:
    return min(round(PANEL_W * scale), size[0] // 2)


def place(scene: EditorScene, size: tuple[int, int], scale: float) -> None:
    """Every widget's rectangle, and the board's picture for the part left of the panel."""
    w, h = size
    s = scale
    pw = panel_width(size, s)
    scene.panel.place(pygame.Rect(w - pw, 0, pw, h), s)
    board = (max(w - pw, 1), max(h, 1))
    edit = scene.edit
    if scene.view is None or scene.view.size != board or scene.view.variant != edit.variant:
        scene.view = BoardView(edit.variant, scene.theme, board, 0)
    scene.board_keys.place(pygame.Rect(0, 0, *board), s)
    x = w - pw + round(PAD * s)
    inner = pw - 2 * round(PAD * s)
    row, gap = round(ROW * s), round(GAP * s)
    half = (inner - gap) // 2
    third = (inner - 2 * gap) // 3
    y = round(48 * s)  # under the title

    def line(*widgets: object, shown: bool = True) -> None:
        nonlocal y
        for widget in widgets:
            widget.visible = shown  # type: ignore[attr-defined]
        if not shown:
            return
        n = len(widgets)
        width = (inner - (n - 1) * gap) // n
        for i, widget in enumerate(widgets):
            box = pygame.Rect(x + i * (width + gap), y, width, row)
            widget.place(box, s)  # type: ignore[attr-defined]
        y += row + gap

    line(scene.game_choice)
    line(scene.side_choice)
    line(scene.turn_choice)
    line(scene.dice_choice)
    line(scene.waiting_choice, shown=len(edit.waitings()) > 1)
    line(scene.cube_choice, shown=edit.has_cube)
    line(scene.match_choice, shown="match_length" in edit.variant.options)
    line(*scene.score_choices, shown=edit.match_length > 0)
    line(scene.rest_choice, shown=edit.variant.uses_hand)
    line(scene.start_button, scene.clear_button)
    backgammon = edit.variant.id == "backgammon"
    scene.id_field.visible = scene.paste_button.visible = backgammon
    if backgammon:
        scene.id_field.place(pygame.Rect(x, y, inner - third - gap, row), s)
        scene.paste_button.place(pygame.Rect(x + inner - third, y, third, row), s)
        y += row + gap
    scene.status_top = y
    y += 3 * round(TEXT * 1.3 * s) + gap  # the engine's word: up to three lines
    line(scene.level_choice)
    line(scene.games_choice)
    line(scene.hint_button, scene.play_button, scene.roll_button)
    scene.answer_top = y
    scene.stop_button.place(pygame.Rect(x + inner - half // 2, y, half // 2, row), s)
    back = h - round(PAD * s) - row  # Back at the panel's foot, the answers above it
    scene.back_button.place(pygame.Rect(x, max(back, y + row + gap), third, row), s)
    rows = [
        [scene.start_button, scene.clear_button],
        [scene.paste_button],
        [scene.hint_button, scene.play_button, scene.roll_button],
        [scene.stop_button],
        [scene.back_button],
    ]
    for buttons in rows:
        fit_labels(buttons, s, largest=16, smallest=11)
    scene.answer_bottom = scene.back_button.rect.top - gap
    # The board's keys beside Back in two lines; longer words take the width above it.
    scene.keys_box = keys_place(scene, pygame.Rect(x, 0, inner, 0))
    if scene.keys_box.bottom <= scene.back_button.rect.top:
        scene.answer_bottom = scene.keys_box.top - gap


def keys_place(scene: EditorScene, column: pygame.Rect) -> pygame.Rect:
    """Where the board's keys are said: beside Back where two lines hold them, else
    across the panel's column over Back."""
    s = scene.scale
    back = scene.back_button.rect
    size = KEYS_SIZE * s
    step = round(size * 1.25)
    x = back.right + round(10 * s)
    beside = pygame.Rect(x, back.y, column.right - x, back.h)
    if len(scene.wrapped(_(KEYS_HELP), size, beside.w)) <= 2:
        return beside
    tall = min(2, len(scene.wrapped(_(KEYS_HELP), size, column.w))) * step
    return pygame.Rect(column.x, back.y - round(GAP * s) - tall, column.w, tall)


def draw_scene(scene: EditorScene, surface: pygame.Surface) -> None:
    draw_board(scene, surface)
    editor_hint.draw(surface, scene.hint_card, scene.style)
    draw_panel(scene, surface)


def draw_board(scene: EditorScene, surface: pygame.Surface) -> None:
    view = scene.view
    if view is None:
        return
    play = editor_hint.chosen(scene.hint_card)
    if play is not None and scene.state is not None:  # the hint's play, as the board shows it
        state = scene.state
        draw_position(surface, view, scene.theme, state, play, state.dice, scene.scale)
        return
    position = scene.shown_position()
    view.draw_board(surface)
    hidden = {}
    if scene.press is not None and scene.drag_at is not None:
        source = scene.press[1]
        if source[0] in ("cell", "bar"):
            hidden[source] = 1
    view.draw_men(surface, position, hidden=hidden)
    view.draw_labels(surface, position, scene.edit.to_act)
    if scene.state is not None:  # the cube and the score, as the game's board shows them
        draw_cube_of(surface, view, scene.theme, scene.state, scene.scale)
    dice = [d for d in scene.edit.dice if d is not None]
    layout = view.layout
    if dice and len(dice) == len(scene.edit.dice):
        x, y, w, h = layout.dice_area
        size = layout.die_size or min(w, h) * 0.8
        step = size * 1.25
        left = x + w / 2 - step * (len(dice) - 1) / 2
        for i, value in enumerate(dice):
            at = (left + i * step, y + h / 2)
            view.draw_die(surface, value, at, size, faces=scene.edit.variant.faces)
    cursor = scene.board_keys.at() if scene.board_keys.focused else None
    if cursor is not None:
        draw_cursor(surface, layout, cursor, scene.style.accent_light, scene.scale)
    if scene.press is not None and scene.drag_at is not None:
        view.draw_man(surface, scene.press[2], scene.drag_at, lift=1.0)


def draw_panel(scene: EditorScene, surface: pygame.Surface) -> None:
    s = scene.scale
    panel = scene.panel
    panel.draw(surface)
    style = scene.style
    rect = panel.rect
    inner_x = rect.x + round(PAD * s)
    inner = rect.w - 2 * round(PAD * s)
    draw_text(
        surface,
        fit_text(_("Set up a position"), "caps", 22 * s, inner),
        (rect.centerx, round(12 * s)),
        role="caps",
        size=22 * s,
        colour=style.accent,
        anchor="midtop",
    )
    size = TEXT * s
    step = round(TEXT * 1.3 * s)
    words, refused = scene.status()
    lines = within(scene.wrapped(words, size, inner), 2 if scene.note else 3)
    if scene.note:
        lines = [*lines, scene.note]
    y = scene.status_top
    for i, text in enumerate(lines[:3]):
        note = scene.note and i == len(lines[:3]) - 1 and text == scene.note
        colour = REFUSED if refused and not note else (style.accent if note else style.text_dim)
        draw_text(
            surface,
            scene.fitted(text, size, inner),
            (inner_x, y + i * step),
            role="text",
            size=size,
            colour=colour,
            anchor="topleft",
        )
    draw_keys_help(scene, surface)
    y = scene.answer_top
    job = scene.job
    if job is not None and job.kind == "rollout":
        room = inner - scene.stop_button.rect.w - round(8 * s)
        bar = pygame.Rect(inner_x, y + round(8 * s), room, round(14 * s))
        box = rounded_box(bar.size, round(4 * s), (30, 24, 18), style.accent_dark, max(1, round(s)))
        surface.blit(box, bar.topleft)
        if job.total:
            filled = bar.copy()
            filled.w = max(1, round(bar.w * job.done / job.total))
            surface.blit(rounded_box(filled.size, round(4 * s), style.accent), filled.topleft)
        y += scene.stop_button.rect.h + round(4 * s)
    bottom = scene.answer_bottom
    for text, tone in scene.answer_lines():
        for piece in scene.wrapped(text, size, inner):
            if y + step > bottom:
                return
            colour = style.text_dim if tone == "dim" else style.text
            draw_text(
                surface,
                scene.fitted(piece, size, inner),
                (inner_x, y),
                role="text",
                size=size,
                colour=colour,
                anchor="topleft",
            )
            y += step


def within(lines: list[str], most: int) -> list[str]:
    """``lines`` in ``most`` lines at most: the rest joined to the last, which is then cut
    short where it is drawn (``fitted``), never left out unseen."""
    if len(lines) <= most:
        return lines
    return [*lines[: most - 1], " ".join(lines[most - 1 :])]


def draw_keys_help(scene: EditorScene, surface: pygame.Surface) -> None:
    """The board's keys, in small words beside Back at the panel's foot (or over it)."""
    s = scene.scale
    box = scene.keys_box
    size = KEYS_SIZE * s
    lines = within(scene.wrapped(_(KEYS_HELP), size, box.w), 2)
    step = round(size * 1.25)
    y = box.centery - step * len(lines) // 2
    for n, line in enumerate(lines):
        draw_text(
            surface,
            scene.fitted(line, size, box.w),
            (box.x, y + n * step),
            role="text",
            size=size,
            colour=scene.style.text_dim,
            anchor="topleft",
        )
