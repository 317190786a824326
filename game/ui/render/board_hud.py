"""What the board scene shows around the men: the dice, the doubling cube and the
match score, the seal of the dice (and a campaign level's title), the tutor's quiet
word, the open card, and the board being laid out.

Drawing only: nothing here changes the scene, which is read through ``BoardReader``
(the cards are placed by ``board_controls`` when the scene lays out).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.names import game_name
from game.rules import match as m
from game.ui.assets import font
from game.ui.cards import GOOD_COLOUR
from game.ui.dice_seal import seal_lines
from game.ui.render.board_marks import move_marks, used_dice
from game.ui.render.board_words import match_heading
from game.ui.render.dice import side_die_colours
from game.ui.theme import Colour, side_colours
from game.ui.widgets import (
    Style,
    _mix,
    draw_text,
    draw_token,
    fit_size,
    fit_text,
    get_font,
    rounded_box,
    wrap_words,
)

if TYPE_CHECKING:
    from game.ui.render.board_reader import BoardReader

GOOD_TIME = 2.6  # seconds the tutor's word on a good play stays


def draw_laying_out(surface: pygame.Surface, scene: BoardReader) -> None:
    """The window while the board's background is painted."""
    surface.fill(scene.theme.table)
    face = font("italic", round(30 * scene.app.scale))
    words = _("Laying out the {game} board…").format(game=game_name(scene.variant.id))
    label = face.render(words, True, scene.theme.text)
    width, height = scene.app.size
    surface.blit(label, label.get_rect(center=(width // 2, height // 2)))


def draw_dice(surface: pygame.Surface, scene: BoardReader) -> None:
    """The dice thrown (tumbling, or at rest with the ones played dimmed)."""
    view = scene.view
    faces = scene.variant.faces
    anim = scene.dice_anim
    owners = opening_owners(scene.state)
    if anim is not None:
        anim.draw_shadows(surface)
        for i, (value, centre, angle) in enumerate(anim.dice_states()):
            colours = die_colours(scene, owners, i)
            view.draw_die(
                surface, value, centre, anim.size, angle=angle, faces=faces, colours=colours
            )
        return
    if not scene.shown_dice:
        return
    x, y, w, h = view.layout.dice_area
    n = len(scene.shown_dice)
    size = min(h * 0.8, w / (n + 1))
    for i, (value, used) in enumerate(zip(scene.shown_dice, used_dice(scene), strict=True)):
        centre = (x + w * (i + 1) / (n + 1), y + h / 2)
        colours = die_colours(scene, owners, i)
        view.draw_die(surface, value, centre, size, used=used, faces=faces, colours=colours)
    draw_move_marks(surface, scene, (x + w / 2, y + h / 2 + size * 0.72), size)


def opening_owners(state: m.GameState) -> tuple[int, ...] | None:
    """Whose die each die shown is while the starter plays the opening throw (one die
    thrown by each side: the starter's first, then the others in side order), else None."""
    if not state.opening or state.turn or state.phase is not m.Phase.MOVE:
        return None
    first = state.on_roll
    owners = (first, *(side for side in range(len(state.opening)) if side != first))
    if len(owners) != len(state.dice) or tuple(sorted(state.dice)) != tuple(
        sorted(state.opening)
    ):
        return None
    return owners


def die_colours(
    scene: BoardReader, owners: tuple[int, ...] | None, i: int
) -> tuple[Colour, Colour] | None:
    """The colours of the ``i``-th die shown: its side's in the opening throw."""
    if owners is None or i >= len(owners):
        return None
    return side_die_colours(scene.theme, owners[i])


def mark_centres(centre: tuple[float, float], count: int, size: float) -> list[tuple[float, float]]:
    """Where ``count`` marks go in a row centred on ``centre`` (dice of ``size``)."""
    gap = size * 0.32
    x0 = centre[0] - gap * (count - 1) / 2
    return [(x0 + gap * i, centre[1]) for i in range(count)]


def draw_move_marks(
    surface: pygame.Surface, scene: BoardReader, centre: tuple[float, float], size: float
) -> None:
    """A double's moves under its dice: a bright mark for each move left, a dim one for
    each made (``board_marks.move_marks``)."""
    marks = move_marks(scene)
    theme = scene.theme
    r = max(2.0, size * 0.085)
    for (mx, my), made in zip(mark_centres(centre, len(marks), size), marks, strict=True):
        pygame.draw.aacircle(surface, (0, 0, 0), (mx + r * 0.15, my + r * 0.3), r)
        if made:
            pygame.draw.aacircle(surface, _mix(theme.dice_body, (40, 40, 40), 0.7), (mx, my), r)
        else:
            pygame.draw.aacircle(surface, theme.dice_body, (mx, my), r)
            pygame.draw.aacircle(surface, theme.accent, (mx, my), r, max(1, round(r * 0.3)))


def draw_level(surface: pygame.Surface, scene: BoardReader) -> None:
    """A campaign level's title and goal at the top of the side column."""
    scale = scene.app.scale
    fx, fy, _, _ = scene.view.layout.frame
    level = scene.app.campaign.level(scene.setup.level)
    if level is None:
        return
    head = font("caps", round(16 * scale))
    goal = font("italic", round(14 * scale))
    width = round(fx - 16 * scale)
    rows = (
        (head, level.title, scene.theme.accent),
        (goal, level.goal.describe(), scene.theme.text),
    )
    for i, (f, text, colour) in enumerate(rows):
        picture = f.render(text, True, colour)
        if picture.get_width() > width:
            picture = pygame.transform.smoothscale_by(picture, width / picture.get_width())
        top = score_height(scene) / scale  # under the match score
        y = round(fy + (top + 20 * i) * scale)
        surface.blit(picture, picture.get_rect(midtop=(round(fx / 2), y)))


def draw_seal(surface: pygame.Surface, scene: BoardReader) -> None:
    """The seal of the dice, under the side column: the seed itself is shown after
    the game, so anyone can check that the dice were fixed before it began."""
    scale = scene.app.scale
    fx, fy, _, fh = scene.view.layout.frame
    if fx < 60 * scale or not scene.seal_shown():
        return
    face = font("italic", round(14 * scale))
    lost = bool(scene.start.get("lost_dice"))
    lines = seal_lines(scene.seed, scene.contribution, scene.manual, lost)
    room = fx - 8 * scale  # a narrow column (El Mundo's): a line word by word
    if any(face.size(text)[0] > room for text in lines):
        lines = tuple(word for text in lines for word in narrow(text, face, room))
    if scene.setup.mode == "campaign":
        draw_level(surface, scene)
    for i, text in enumerate(lines):
        line = face.render(text, True, scene.theme.text)
        line.set_alpha(150)
        y = round(fy + fh - (16 * len(lines) - 16 * i) * scale)
        surface.blit(line, line.get_rect(midtop=(round(fx / 2), y)))


def narrow(text: str, face: pygame.font.Font, room: float) -> list[str]:
    """``text`` in lines no wider than ``room`` where its words allow (a word wider
    than that stays whole)."""
    lines: list[str] = []
    for word in text.split():
        if lines and face.size(f"{lines[-1]} {word}")[0] <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def score_shown(scene: BoardReader) -> bool:
    """Whether the side column's top shows the match: backgammon's (a cube, a money
    game or a match), and a Tavli match's (its games have no cube)."""
    return scene.variant.has_cube or bool(scene.state.match.cycle)


def score_drop(scene: BoardReader) -> float:
    """How far (design px) the score sits under the heading's top: lower by a line
    for each line the heading has past its first (a Tavli match's game in turn, a
    heading a language makes too long for one line)."""
    return 30.0 + 18.0 * (len(heading_lines(scene)) - 1)


def heading_lines(scene: BoardReader) -> list[tuple[str, str, float]]:
    """The side column's heading as drawn: (text, font role, size) for each line. The
    heading is set smaller to fit the column, and where even the smallest size is too
    wide, broken over two lines (then cut only if a single word is too wide)."""
    scale = scene.app.scale
    words, under = match_heading(scene.state.match)
    fx = scene.view.layout.frame[0]
    room = round(fx - 12 * scale)
    lines: list[tuple[str, str, float]] = []
    for text, role, usual, smallest in (
        (words, "caps", 22 * scale, 15 * scale),
        (under, "italic", 18 * scale, 13 * scale),
    ):
        if not text:
            continue
        size = fit_size(text, role, usual, room, smallest)
        if get_font(role, size).size(text)[0] > room and " " in text:
            size = smallest
            for part in wrap_words(text, get_font(role, size), room)[:2]:
                lines.append((fit_text(part, role, size, room), role, size))
            continue
        lines.append((fit_text(text, role, size, room), role, size))
    return lines


def score_height(scene: BoardReader) -> float:
    """How tall (window px) the match's heading and score are at the column's top
    (0 when none is shown)."""
    return (score_drop(scene) + 34) * scene.app.scale if score_shown(scene) else 0.0


def score_places(scene: BoardReader) -> list[tuple[int, pygame.Rect, pygame.Rect]]:
    """Where the match score's parts go, one per side in side order: a swatch of the
    side's men (its rectangle) beside its points (their label's rectangle), so that
    "0 - 0" says whose score is whose. Empty when no score is shown."""
    match = scene.state.match
    if not (match.length or any(match.score)):
        return []
    scale = scene.app.scale
    fx, fy, _, _ = scene.view.layout.frame
    face = font("text", round(22 * scale))
    r = round(9 * scale)
    gap = round(6 * scale)
    dash = face.size(" - ")[0]
    widths = [face.size(str(points))[0] for points in match.score]
    # swatch, gap, points, dash, points, gap, swatch (the two sides' parts mirrored)
    total = sum(widths) + dash * (len(widths) - 1) + len(widths) * (2 * r + gap)
    x = round(fx / 2 - total / 2)
    top = round(fy + score_drop(scene) * scale)
    mid = top + face.get_height() // 2
    places = []
    for side, w in enumerate(widths):
        swatch = pygame.Rect(0, 0, 2 * r, 2 * r)
        label = pygame.Rect(0, top, w, face.get_height())
        if side % 2 == 0:  # swatch first, then the points
            swatch.midleft = (x, mid)
            label.x = swatch.right + gap
        else:  # the points, then the swatch
            label.x = x
            swatch.midleft = (label.right + gap, mid)
        places.append((side, swatch, label))
        x = max(swatch.right, label.right) + dash
    return places


def draw_score(surface: pygame.Surface, scene: BoardReader) -> None:
    """The match (or money game) and its score, at the top of the side column: each
    side's points beside a swatch of its men."""
    theme, scale = scene.theme, scene.app.scale
    fx, fy, _, _ = scene.view.layout.frame
    cx = fx / 2
    match = scene.state.match
    y = fy + 4 * scale
    for text, role, size in heading_lines(scene):
        colour = theme.accent if role == "caps" else theme.text
        line = get_font(role, size).render(text, True, colour)
        surface.blit(line, line.get_rect(midtop=(round(cx), round(y))))
        y += 22 * scale if role == "caps" else 18 * scale
    face = font("text", round(22 * scale))
    places = score_places(scene)
    for i, (side, swatch, label) in enumerate(places):
        c = side_colours(theme, side)
        draw_token(surface, swatch.center, swatch.w / 2, c.body, c.rim, c.light)
        surface.blit(face.render(str(match.score[side]), True, theme.text), label)
        if i:
            dash = face.render("-", True, theme.text)
            left = max(places[i - 1][1].right, places[i - 1][2].right)
            right = min(swatch.left, label.left)
            surface.blit(dash, dash.get_rect(center=((left + right) // 2, label.centery)))


def draw_cube(surface: pygame.Surface, scene: BoardReader) -> None:
    """Backgammon's doubling cube beside the board (centred, or by its owner's name),
    and the score of the match."""
    variant, state, theme = scene.variant, scene.state, scene.theme
    if score_shown(scene):
        draw_score(surface, scene)
    if not variant.has_cube or not variant.options.get("cube", False):
        return
    scale = scene.app.scale
    fx, fy, _, fh = scene.view.layout.frame
    cube = state.cube
    offered = state.phase is m.Phase.TAKE
    value = cube.value * 2 if offered else cube.value
    shown = 64 if value == 1 else value
    side = state.to_act if offered else cube.owner
    offset = 0.0 if side < 0 else (0.13 if side == scene.viewer else -0.13)
    size = round(scene.view.layout.radius * 2.0)
    rect = pygame.Rect(0, 0, size, size)
    rect.center = (round(fx / 2), round(fy + fh * (0.5 + offset)))
    pygame.draw.rect(surface, (0, 0, 0), rect.move(0, round(3 * scale)), border_radius=size // 6)
    pygame.draw.rect(surface, theme.dice_body, rect, border_radius=size // 6)
    edge = theme.accent if offered else theme.point_edge
    pygame.draw.rect(surface, edge, rect, max(1, round(2 * scale)), border_radius=size // 6)
    label = font("bold", round(size * 0.55)).render(str(shown), True, theme.dice_pip)
    surface.blit(label, label.get_rect(center=rect.center))


def draw_good(surface: pygame.Surface, scene: BoardReader) -> None:
    """The tutor's quiet word on a good play: a small tag that fades away."""
    since, word = scene.good
    age = scene.t - since
    if not word or age > GOOD_TIME:
        return
    alpha = round(255 * min(1.0, age / 0.2, (GOOD_TIME - age) / 0.8))
    scale = scene.app.scale
    size = max(13, round(18 * scale))
    f = get_font("italic", size)
    pad = round(10 * scale)
    w, h = f.size(word)[0] + 2 * pad + round(12 * scale), f.get_height() + pad
    fx, fy, fw, _ = scene.view.layout.frame
    rect = pygame.Rect(0, 0, w, h)
    rect.midtop = (round(fx + fw / 2), round(fy + max(6, 10 * scale)))
    box = rounded_box(rect.size, h // 2, (24, 30, 22), GOOD_COLOUR, max(1, round(scale)), 0.85)
    box.set_alpha(round(alpha * 0.9))
    surface.blit(box, rect)
    dot = (rect.x + pad + round(3 * scale), rect.centery)
    ink = _mix((24, 30, 22), GOOD_COLOUR, alpha / 255)
    pygame.draw.circle(surface, ink, dot, max(3, round(4 * scale)))
    draw_text(
        surface,
        word,
        (dot[0] + round(10 * scale), rect.centery - max(1, round(scale))),
        role="italic",
        size=size,
        colour=GOOD_COLOUR,
        anchor="midleft",
        alpha=alpha,
    )


def draw_cards(surface: pygame.Surface, scene: BoardReader) -> None:
    """The card open over the board, where it was placed: the dice entry, the player's
    throw, the tutor's card or the hint card."""
    style = Style.from_theme(scene.theme)
    if scene.dice_entry is not None:
        scene.dice_entry.draw(surface, style, scene.app.scale)
    elif scene.throw_prompt is not None:
        scene.throw_prompt.draw(surface, style, scene.app.scale)
    elif scene.tutor_card is not None:
        if scene.tutor_card.placed:  # (once the board has made room for it)
            scene.tutor_card.draw(surface, style)
    elif scene.hint_card is not None and scene.hint_card.placed:
        scene.hint_card.draw(surface, style)  # (once the board has made room for it)


__all__ = [
    "die_colours",
    "draw_cards",
    "draw_cube",
    "draw_dice",
    "draw_good",
    "draw_laying_out",
    "draw_level",
    "draw_move_marks",
    "draw_score",
    "draw_seal",
    "mark_centres",
    "opening_owners",
    "score_drop",
    "score_height",
    "score_places",
    "score_shown",
]
