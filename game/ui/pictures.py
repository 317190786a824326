"""Small pictures the menus share: a variant's board (the setup's preview, the lists'
thumbnails, the practice summary's positions) and the campaign's medals."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import pygame

from game.rules.position import Position
from game.rules.variants import VARIANTS, find_variant
from game.ui.theme import theme_for
from game.ui.widgets import Button, draw_text, draw_token, fit_text

# Board pictures, cached by variant, options, palette and size.
_PREVIEWS: OrderedDict[tuple[Any, ...], pygame.Surface] = OrderedDict()


_KEEP_PREVIEWS = 24


def board_picture(
    variant_id: str,
    options: dict[str, Any],
    palette: str,
    size: tuple[int, int],
    position: Position | None = None,
) -> pygame.Surface:
    """A picture of the variant's board with the men at the start (or as in
    ``position``, seen by its side to act), fitting ``size``.

    Drawn by the board's own painter (``BoardView``) a little larger, cropped
    to the case and smoothed down; a framed plate if that cannot be drawn.
    """
    key = (variant_id, tuple(sorted(options.items())), palette, size, position)
    cached = _PREVIEWS.get(key)
    if cached is not None:
        _PREVIEWS.move_to_end(key)
        return cached
    w, h = max(8, size[0]), max(8, size[1])
    try:
        picture = _painted_board(variant_id, options, palette, (w, h), position)
    except Exception:  # the painter is optional here: never let a picture stop the setup
        picture = _plate(variant_id, palette, (w, h))
    _PREVIEWS[key] = picture
    while len(_PREVIEWS) > _KEEP_PREVIEWS:
        _PREVIEWS.popitem(last=False)
    return picture


def thumbnail(variant_id: str, palette: str, scale: float) -> pygame.Surface:
    """The small picture of a variant's board for lists (at its default options)."""
    return board_picture(variant_id, {}, palette, (round(68 * scale), round(44 * scale)))


def fill_thumbnails(
    items: dict[str, Button], done: dict[str, Any], palette: str, scale: float
) -> None:
    """Give the first list entry still without its picture (for this palette and scale)
    one: a picture a frame, so that no frame stalls. ``done`` remembers what each has."""
    wanted = (palette, round(68 * scale), round(44 * scale))
    for variant_id, item in items.items():
        if item.icon is None or done.get(variant_id) != wanted:
            item.icon = thumbnail(variant_id, palette, scale)
            done[variant_id] = wanted
            return


def thumbnails_missing(
    items: dict[str, Button], done: dict[str, Any], palette: str, scale: float
) -> bool:
    """Whether an entry still waits for its picture (``fill_thumbnails`` paints one a
    frame: the list is drawn every frame until none waits)."""
    wanted = (palette, round(68 * scale), round(44 * scale))
    return any(
        item.icon is None or done.get(variant_id) != wanted for variant_id, item in items.items()
    )


def _painted_board(
    variant_id: str,
    options: dict[str, Any],
    palette: str,
    size: tuple[int, int],
    position: Position | None = None,
) -> pygame.Surface:
    from game.ui.render.board_view import BoardView

    variant = find_variant(variant_id, options)
    w, h = size
    # Paint larger, then crop to the board and smooth down: crisp at any size (thumbnails
    # much larger: the painter's fine lines need room).
    k = 1.35 if min(w, h) > 200 else 3.0
    area = (round(w * k), round(h * k))
    canvas = pygame.Surface(area)
    viewer = position.to_act if position is not None else 0
    view = BoardView(variant, theme_for(variant_id, palette), area, viewer)
    view.draw_board(canvas)
    view.draw_men(canvas, position if position is not None else variant.start_position())
    frame = getattr(view.layout, "frame", None)
    crop = canvas.get_rect()
    if frame is not None:
        fx, fy, fw, fh = (float(v) for v in frame)
        margin = 0.01 * max(fw, fh)
        crop = pygame.Rect(
            round(fx - margin), round(fy - margin), round(fw + 2 * margin), round(fh + 2 * margin)
        ).clip(canvas.get_rect())
    part = canvas.subsurface(crop)
    fit = min(w / crop.w, h / crop.h)
    out_size = (max(1, round(crop.w * fit)), max(1, round(crop.h * fit)))
    return pygame.transform.smoothscale(part, out_size)


def _plate(variant_id: str, palette: str, size: tuple[int, int]) -> pygame.Surface:
    """A plain framed plate with the variant's name: the fallback picture."""
    theme = theme_for(variant_id, palette)
    w, h = size
    plate = pygame.Surface(size)
    plate.fill(theme.frame)
    inner = plate.get_rect().inflate(-max(4, w // 14), -max(4, h // 10))
    pygame.draw.rect(plate, theme.field, inner)
    pygame.draw.rect(plate, theme.accent, inner, max(1, w // 200))
    name = VARIANTS[variant_id].name
    draw_text(
        plate,
        fit_text(name, "caps", h * 0.12, inner.w - 8),
        inner.center,
        role="caps",
        size=h * 0.12,
        colour=theme.ink,
        anchor="center",
    )
    return plate


MEDAL_COLOURS = {
    1: ((176, 112, 62), (120, 70, 34), (236, 184, 140)),
    2: ((196, 200, 206), (120, 126, 134), (250, 252, 255)),
    3: ((232, 186, 66), (150, 104, 22), (255, 240, 170)),
}


def medal_icon(medal: int, scale: float, locked: bool) -> pygame.Surface:
    """A small medal (bronze, silver, gold), an empty ring for a level not yet won, or
    a padlock for a locked level."""
    size = max(12, round(34 * scale))
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    if locked:
        body = pygame.Rect(0, 0, round(size * 0.56), round(size * 0.44))
        body.midbottom = (round(c), round(size * 0.86))
        shackle = pygame.Rect(0, 0, round(size * 0.38), round(size * 0.46))
        shackle.midbottom = (round(c), body.y + round(size * 0.12))
        pygame.draw.rect(
            icon, (120, 108, 92), shackle, max(2, round(size * 0.08)), round(size * 0.2)
        )
        pygame.draw.rect(icon, (120, 108, 92), body, 0, max(2, round(size * 0.06)))
        pygame.draw.circle(icon, (50, 40, 30), (round(c), body.centery), max(1, round(size * 0.06)))
        return icon
    if not medal:
        pygame.draw.circle(icon, (150, 130, 96), (c, c), size * 0.36, max(1, round(size * 0.06)))
        return icon
    face, rim, light = MEDAL_COLOURS[medal]
    draw_token(icon, (c, c), size * 0.42, face, rim, light)
    return icon
