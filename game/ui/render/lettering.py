"""The board's lettering: point numbers and the Roman inscription painted into the
background; the tray names (where no men cover them) and each side's name and pip count
drawn over it."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING

import pygame

from game.i18n import ngettext, pgettext
from game.ui import assets
from game.ui.render.layout import BoardLayout, Spot, SpotKey
from game.ui.render.raster import mix
from game.ui.render.rims import contrast
from game.ui.theme import Colour, Theme, side_colours

if TYPE_CHECKING:
    from game.rules.position import Position
    from game.ui.render.men import Men

# The inscription of a Roman board (Murray 1951): "Get up, go away, you
# cannot play: idiot, give way." Six words of six letters, two to a row.
INSCRIPTION = ("LEVATEDALOCV", "LVDERENESCIS", "IDIOTARECEDE")


def font(role: str, size: float) -> pygame.font.Font:
    """The theme font of ``role`` at ``size`` pixels (at least 6)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return assets.font(role, max(6, round(size)))


class Lettering:
    """Rendered text, cached: labels are drawn every frame."""

    def __init__(self) -> None:
        self._texts: dict[tuple[str, int, str, Colour], pygame.Surface] = {}

    def text(self, role: str, size: float, text: str, colour: Colour) -> pygame.Surface:
        key = (role, round(size), text, colour)
        found = self._texts.get(key)
        if found is None:
            if len(self._texts) > 256:
                self._texts.clear()
            found = self._texts[key] = font(role, size).render(text, True, colour)
        return found


def point_numbers(
    surface: pygame.Surface, layout: BoardLayout, theme: Theme
) -> list[tuple[SpotKey, pygame.Rect]]:
    """The viewer's number of each cell, on the case (or cut into the stone); another
    side's number on a token of its colour (``other_side_number``). Returns what was
    drawn, where."""
    u = layout.unit if layout.geometry != "round" else layout.radius * 1.66
    size = max(14.0, 0.28 * u if layout.geometry != "round" else 0.6 * layout.radius)
    caps = font("caps", size)
    carved = theme.style == "stone"
    colour = theme.ink if carved else theme.accent
    if layout.geometry == "rows" and not carved:
        colour = theme.text
    drawn: list[tuple[SpotKey, pygame.Rect]] = []
    for key, spot in layout.spots.items():
        if key[0] != "cell" or not spot.label:
            continue
        if spot.label_side >= 0:
            band = layout.ring[4] - layout.ring[3]  # between the field and the rim
            face = font("caps", token_size(size, band))
            drawn.append((key, other_side_number(surface, spot, face, theme, band)))
            continue
        text = caps.render(spot.label, True, colour)
        rect = text.get_rect(center=(round(spot.label_at[0]), round(spot.label_at[1])))
        if carved:
            lit = caps.render(spot.label, True, (255, 250, 240))
            lit.set_alpha(110)
            surface.blit(lit, rect.move(1, 1))
            text.set_alpha(200)
        else:
            shade = caps.render(spot.label, True, (0, 0, 0))
            shade.set_alpha(140)
            surface.blit(shade, rect.move(1, 1))
        surface.blit(text, rect)
        drawn.append((key, rect))
    return drawn


def token_size(size: float, band: float) -> float:
    """The size of another side's numbers on their tokens: the other numbers' ``size``,
    up to two fifths larger where the rim's ``band`` has room (they sit on a token)."""
    return max(size, min(band * 0.6, size * 1.4))


def other_side_number(
    surface: pygame.Surface, spot: Spot, caps: pygame.font.Font, theme: Theme, band: float
) -> pygame.Rect:
    """A pos number of another side (El Mundo's wall, numbered by the side that enters
    there): on a small token of that side's colour, so that it reads as that side's
    count and not the viewer's, in the ink that stands out on it; the token as wide as
    the number's ink and a margin, within the rim's ``band``."""
    sides = side_colours(theme, spot.label_side)
    ink = max(((18, 14, 10), (250, 246, 236)), key=lambda c: contrast(c, sides.body))
    text = caps.render(spot.label, True, ink)
    glyph = text.get_bounding_rect()
    centre = (round(spot.label_at[0]), round(spot.label_at[1]))
    radius = max(min(text.get_height() / 2, band / 2 - 2), max(glyph.w, glyph.h) / 2 + 2)
    edge = round(radius + 1)
    pygame.draw.circle(surface, sides.rim, centre, edge)
    pygame.draw.circle(surface, sides.body, centre, round(radius))
    place = text.get_rect()  # the number's ink centred on the token
    place.topleft = (centre[0] - glyph.centerx, centre[1] - glyph.centery)
    surface.blit(text, place)
    return pygame.Rect(centre[0] - edge, centre[1] - edge, 2 * edge + 1, 2 * edge + 1)


TRAY_NAME_AT = 1.6  # the tray's name: this many men's places short of its far end
TRAY_NAME_CLEAR = 3  # shown while the men in the tray stop this many places short of it


TRAY_NAME_ALPHA = 210  # a tray's name is quiet: drawn part-through, yet readable


def ground_under(surface: pygame.Surface, rect: pygame.Rect) -> tuple[int, int, int]:
    """The average colour already painted under ``rect`` (the tray's wood or cloth)."""
    area = rect.clip(surface.get_rect())
    if not area.width or not area.height:
        return (0, 0, 0)
    r, g, b, *_ = pygame.transform.average_color(surface, area)
    return (r, g, b)


def tray_ink(theme: Theme, ground: tuple[int, int, int]) -> tuple[int, int, int]:
    """Of the theme's inks, the one that reads best on ``ground`` once drawn at the
    tray names' alpha (each board's trays differ: dark wood, khaki canvas, red case)."""
    a = TRAY_NAME_ALPHA / 255
    inks = (theme.text_dim, theme.ink, theme.text, theme.point_edge, theme.table)
    return max(inks, key=lambda ink: contrast(mix(ground, ink, a), ground))


def tray_names(
    surface: pygame.Surface,
    layout: BoardLayout,
    theme: Theme,
    filled: Mapping[SpotKey, int] | None = None,
) -> list[tuple[SpotKey, pygame.Rect]]:
    """ "hand" and "off" at the far end of each tray, where men arrive last: only on a
    tray whose men (``filled``, per tray) stop short of it, never under them (where it
    would show through the gaps of a stack as specks). Returns what was drawn, where."""
    caps = font("caps", max(14.0, 0.55 * layout.radius))
    drawn: list[tuple[SpotKey, pygame.Rect]] = []
    for key, spot in layout.spots.items():
        if key[0] not in ("hand", "off"):
            continue
        if filled is not None and filled.get(key, 0) > spot.capacity - TRAY_NAME_CLEAR:
            continue
        far = (
            spot.base[0] + spot.step[0] * (spot.capacity - TRAY_NAME_AT),
            spot.base[1] + spot.step[1] * (spot.capacity - TRAY_NAME_AT),
        )
        name = tray_name(key[0])
        rect = pygame.Rect((0, 0), caps.size(name))
        rect.center = (round(far[0]), round(far[1]))
        ink = tray_ink(theme, ground_under(surface, rect))
        text = caps.render(name, True, ink)
        text.set_alpha(TRAY_NAME_ALPHA)
        surface.blit(text, rect)
        drawn.append((key, rect))
    return drawn


def tray_name(kind: str) -> str:
    """A tray's name on the board, in the language in use."""
    if kind == "hand":
        # TRANSLATORS: a tray's name: the men not yet entered wait in the hand
        return pgettext("tray", "hand")
    # TRANSLATORS: a tray's name: the men borne off lie there
    return pgettext("tray", "off")


def pip_words(count: int) -> str:
    """A side's pip count under its name: "167 pips"."""
    # TRANSLATORS: the pip count: how many points a side's men must still travel
    return ngettext("{n} pip", "{n} pips", count).format(n=count)


def inscription(surface: pygame.Surface, layout: BoardLayout, theme: Theme) -> None:
    """LEVATE DALOCV / LVDERE NESCIS / IDIOTA RECEDE, cut faintly into the fields."""
    rows: dict[str, list[tuple[float, tuple[float, float, float, float]]]] = {}
    for key, spot in layout.spots.items():
        if key[0] != "cell":
            continue
        xs = [p[0] for p in spot.shape]
        ys = [p[1] for p in spot.shape]
        rows.setdefault(f"{min(ys):.1f}", []).append(
            (min(xs), (min(xs), min(ys), max(xs), max(ys)))
        )
    caps = font("caps", layout.unit * 0.9)
    ordered = sorted(rows.items(), key=lambda item: float(item[0]))
    for (_, cells), word in zip(ordered, INSCRIPTION, strict=False):
        cells.sort()
        for (_, (x0, y0, x1, y1)), letter in zip(cells, word, strict=False):
            centre = ((x0 + x1) / 2, (y0 + y1) / 2)
            dark = caps.render(letter, True, theme.ink)
            lit = caps.render(letter, True, (255, 250, 240))
            dark.set_alpha(60)
            lit.set_alpha(50)
            rect = dark.get_rect(center=(round(centre[0]), round(centre[1])))
            surface.blit(lit, rect.move(1, 1))
            surface.blit(dark, rect)


def label_sizes(layout: BoardLayout) -> tuple[float, float]:
    """The sizes of a side's name and of its pip count under it."""
    r = layout.radius
    return max(14.0, r * 0.95), max(14.0, r * 0.78)


def label_box(layout: BoardLayout, side: int, name: str, pips: str) -> pygame.Rect:
    """Where ``side``'s name line (its man, its name) and pip count are drawn, with the
    underline of the side to act: what a card over the board must leave in sight."""
    x, y = layout.info[side]
    name_size, pip_size = label_sizes(layout)
    icon_r = name_size * 0.5
    name_w, name_h = font("caps", name_size).size(name)
    pips_w, pips_h = font("text", pip_size).size(pips)
    left = x - (icon_r * 2 + icon_r * 0.8 + name_w) / 2
    top = min(y - name_h / 2, y - icon_r)
    bottom = y + name_size * 0.7 + pips_h + max(2, int(layout.radius * 0.15)) + 2
    right = max(left + icon_r * 2 + icon_r * 0.8 + name_w, x + pips_w / 2)
    left = min(left, x - pips_w / 2)
    return pygame.Rect(math.floor(left), math.floor(top), math.ceil(right - left) + 1,
                       math.ceil(bottom - top) + 1)


def draw_labels(
    surface: pygame.Surface,
    layout: BoardLayout,
    theme: Theme,
    position: Position,
    to_act: int,
    letters: Lettering,
    men: Men,
) -> None:
    """Each side's name and pip count at its place; the side to act in gold, underlined."""
    r = layout.radius
    name_size, pip_size = label_sizes(layout)
    icon_r = name_size * 0.5
    for side, (x, y) in layout.info.items():
        if side >= position.players:
            continue
        colours = side_colours(theme, side)
        acting = side == to_act
        name = letters.text("caps", name_size, colours.name, theme.accent if acting else theme.text)
        shade = letters.text("caps", name_size, colours.name, (0, 0, 0))
        pips = letters.text(
            "text",
            pip_size,
            pip_words(position.pip_count(side)),
            theme.text if acting else theme.text_dim,
        )
        gap = icon_r * 0.8
        left = x - (icon_r * 2 + gap + name.get_width()) / 2
        icon_c = (left + icon_r, y)
        if acting:
            ring = men.icon_glow(icon_r, r)
            surface.blit(ring, ring.get_rect(center=(round(icon_c[0]), round(icon_c[1]))))
        men.draw_man(surface, side, icon_c, icon_r)
        name_rect = name.get_rect(midleft=(round(left + icon_r * 2 + gap), round(y)))
        shade.set_alpha(120)
        surface.blit(shade, name_rect.move(1, 1))
        surface.blit(name, name_rect)
        pip_rect = pips.get_rect(midtop=(round(x), round(y + name_size * 0.7)))
        surface.blit(pips, pip_rect)
        if acting:
            line_y = pip_rect.bottom + max(2, int(r * 0.15))
            half = name.get_width() * 0.45
            pygame.draw.line(
                surface,
                theme.accent,
                (round(x - half), line_y),
                (round(x + half), line_y),
                max(1, int(r * 0.07)),
            )
