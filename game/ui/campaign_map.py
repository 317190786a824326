"""The campaign's map: an old sea chart of the Mediterranean and western Europe,
drawn by code, with each chapter at its place and its levels as marks on a route.

The coasts are Natural Earth's 1:50m land (public domain), cut to the chart and
simplified (``assets/map/coasts.json``, made by ``tools/make_coasts.py``, read by
``game.ui.coasts``), projected onto the chart with the longitudes narrowed by the
cosine of the middle latitude; a missing or broken file leaves the chart without
coasts and the scene says so. The chart is
parchment with a tinted sea, shaded coasts, rhumb lines from a compass rose and
Latin names in a serif face. Chapters go at their places: Rome (the Roman game),
Byzantium (Zeno's tabula at Constantinople), Castile (Alfonso X's court at Toledo
and Seville), England (the English manuscript), the East (long nardy, on over the
chart's eastern edge past the Caucasus), Greece (tavli, in the Aegean), and the
modern board out in the Atlantic on the way to the New World,
where the modern game and its doubling cube were made in the clubs.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

import pygame

from game.i18n import N_, _
from game.ui.coasts import load_coasts
from game.ui.pictures import medal_icon
from game.ui.widgets import Button, draw_text, fit_size, fit_text, get_font, wrap_words

LonLat = tuple[float, float]

# The chart's extent, in degrees (tools/make_coasts.py cuts the coasts to it).
WEST, EAST, SOUTH, NORTH = -27.0, 44.0, 29.5, 58.6
NARROW = math.cos(math.radians(44))  # a degree of longitude at the middle latitude

INK = (78, 52, 30)
INK_SOFT = (120, 88, 56)
PARCHMENT = (236, 221, 184)
LAND = (228, 206, 160)
SEA = (206, 210, 184)
RED = (150, 46, 36)
GREEN = (70, 104, 70)

# The chart's names are Latin, as on an old chart, in every language; the notes of where the
# routes go on are words (``NOTES``), in the player's language.
NAMES: tuple[tuple[str, LonLat, float, str], ...] = (  # text, place, design size, role
    ("HISPANIA", (-0.2, 41.4), 16, "caps"),
    ("GALLIA", (2.2, 46.9), 19, "caps"),
    ("ITALIA", (12.3, 45.55), 16, "caps"),
    ("GERMANIA", (12.0, 51.4), 19, "caps"),
    ("AFRICA", (9.0, 31.6), 22, "caps"),
    ("GRAECIA", (22.9, 42.0), 15, "caps"),
    ("ANATOLIA", (33.5, 38.8), 17, "caps"),
    ("Lombardia", (8.3, 46.35), 14, "italic"),
    ("Mare Mediterraneum", (17.0, 34.6), 20, "italic"),
    ("Oceanus Atlanticus", (-12.8, 35.4), 20, "italic"),
    ("Mare Germanicum", (4.0, 56.6), 14, "italic"),
    (N_("to the New World"), (-22.6, 36.7), 14, "italic"),
    ("Pontus Euxinus", (34.6, 42.9), 15, "italic"),
    (N_("to Baku and Samarkand"), (39.2, 40.5), 14, "italic"),
)
NOTES = frozenset({"to the New World", "to Baku and Samarkand"})
# Each chapter's route: its levels are marked evenly along it, the first at its start.
ROUTES: dict[str, tuple[LonLat, ...]] = {
    "rome": ((12.5, 41.9), (10.7, 43.8)),  # Rome, then north into Etruria: off the boot
    "castile": ((-3.7, 42.3), (-4.0, 39.9), (-5.9, 37.4)),  # Burgos, Toledo, Seville
    # Down the North Sea from off Aberdeen to London: the titles keep off Britain.
    "england": ((-0.6, 57.5), (0.8, 55.4), (2.6, 53.4), (-0.1, 51.5)),
    "modern": ((-12.5, 47.6), (-17.0, 45.6), (-21.0, 42.0), (-23.5, 38.4)),  # westward
    # Constantinople, then up the Black Sea shore to the mouths of the Danube and beyond.
    "byzantium": ((29.0, 41.0), (30.0, 44.5), (28.0, 47.5)),
    # Down the Aegean from Lemnos past Chios towards Rhodes.
    "greece": ((25.0, 39.8), (26.8, 34.4)),
    # From the Don down the steppe to the Caucasus, then on east over the edge.
    "east": ((38.2, 49.4), (40.4, 47.6), (42.6, 45.8)),
}
EDGE_ROUTES = {"modern": -1, "east": 1}  # routes that go on over the chart's west or east edge
PLACES: dict[str, LonLat] = {  # a named town on the way
    "rome": (12.5, 41.9),
    "castile": (-4.0, 39.9),
    "england": (-0.1, 51.5),
    "byzantium": (29.0, 41.0),
}
TOWNS: dict[str, str] = {
    "rome": "Roma",
    "castile": "Toledo",
    "england": "London",
    "byzantium": "Constantinopolis",
}
# A town's name: above and after its place (1), or below and before it (-1).
TOWN_SIDE: dict[str, int] = {"rome": -1, "england": -1}
LABEL_SIDE: dict[str, int] = {
    "rome": 1,
    "castile": -1,
    "england": 1,
    "modern": 1,
    "byzantium": 1,
    "greece": 1,
    "east": -1,
}
CHAPTER_LABEL: dict[str, LonLat] = {  # where a chapter's cartouche stands
    "rome": (21.5, 47.0),
    "castile": (-3.0, 33.0),
    "england": (-17.5, 56.6),
    "modern": (-21.0, 50.4),
    "byzantium": (29.5, 50.8),
    "greece": (27.5, 32.1),
    "east": (40.5, 52.3),
}
ROSE: LonLat = (-21.5, 32.4)  # the compass rose, out in the ocean


@dataclass(frozen=True)
class Chart:
    """The projection of the chart into a window rectangle."""

    rect: pygame.Rect
    scale: float

    @classmethod
    def fit(cls, area: pygame.Rect, scale: float) -> Chart:
        """The largest chart of the extent's shape centred in ``area``."""
        width = (EAST - WEST) * NARROW
        height = NORTH - SOUTH
        k = min(area.w / width, area.h / height)
        rect = pygame.Rect(0, 0, round(width * k), round(height * k))
        rect.center = area.center
        return cls(rect, scale)

    def point(self, at: LonLat) -> tuple[int, int]:
        lon, lat = at
        x = self.rect.x + (lon - WEST) / (EAST - WEST) * self.rect.w
        y = self.rect.y + (NORTH - lat) / (NORTH - SOUTH) * self.rect.h
        return round(x), round(y)

    def points(self, coast: Sequence[LonLat]) -> list[tuple[int, int]]:
        return [self.point(p) for p in coast]


def route_points(chart: Chart, chapter_id: str, count: int) -> list[tuple[int, int]]:
    """``count`` marks evenly along the chapter's route (a chapter with no route of
    its own goes along the chart's foot)."""
    route = chart.points(ROUTES.get(chapter_id, ((0.0, 31.0), (16.0, 31.0))))
    if count <= 1 or len(route) < 2:
        return route[:1] * max(count, 0)
    lengths = [math.dist(a, b) for a, b in pairwise(route)]
    total = sum(lengths) or 1.0
    out = []
    for n in range(count):
        want = total * n / (count - 1)
        for (a, b), length in zip(pairwise(route), lengths, strict=False):
            if want <= length or (a, b) == (route[-2], route[-1]):
                t = 0.0 if length == 0 else min(1.0, want / length)
                out.append((round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t)))
                break
            want -= length
    return out


# -- painting ------------------------------------------------------------------------------


def paint_chart(surface: pygame.Surface, chart: Chart) -> None:
    """The chart itself: parchment, sea, coasts, rhumb lines, rose and names."""
    s = chart.scale
    r = chart.rect
    surface.fill(PARCHMENT, r)
    sea = pygame.Surface(r.size, pygame.SRCALPHA)
    sea.fill((*SEA, 255))
    surface.blit(sea, r)
    _stains(surface, r)
    _rhumbs(surface, chart)
    coasts, _problem = load_coasts()  # the scene shows the problem
    land = [chart.points(ring) for ring in coasts.land]
    seas = [chart.points(ring) for ring in coasts.seas]
    clip = surface.get_clip()
    surface.set_clip(r)
    # Shading along the coasts, on the sea side: the old charts' water-lines.
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    for width, alpha in ((13, 22), (9, 26), (5, 34)):
        for poly in land + seas:
            pygame.draw.lines(shade, (*INK_SOFT, alpha), True, poly, max(1, round(width * s)))
    surface.blit(shade, (0, 0))
    for poly in land:
        pygame.draw.polygon(surface, LAND, poly)
    for poly in seas:
        pygame.draw.polygon(surface, SEA, poly)
    _stains(surface, r, light=True)
    for poly in land + seas:
        pygame.draw.lines(surface, INK, True, poly, max(1, round(1.6 * s)))
        pygame.draw.aalines(surface, INK, True, poly)
    for text, at, size, role in NAMES:
        x, y = chart.point(at)
        spaced = " ".join(text) if role == "caps" and len(text) < 8 else text
        if text in NOTES:
            spaced = _(text)
        draw_text(
            surface,
            spaced,
            (x, y),
            role=role,
            size=size * s,
            colour=(*INK_SOFT,),
            anchor="center",
        )
    _rose(surface, chart.point(ROSE), round(64 * s), s)
    surface.set_clip(clip)
    _frame(surface, r, s)


def _stains(surface: pygame.Surface, r: pygame.Rect, light: bool = False) -> None:
    """The parchment's age: soft blotches and a darker edge (the same every time)."""
    rng = random.Random(22 if light else 7)
    small = pygame.Surface((24, 15), pygame.SRCALPHA)
    for x in range(24):
        for y in range(15):
            edge = min(x, 23 - x, y, 14 - y)
            dark = rng.randint(0, 26) + (34 if edge == 0 else 12 if edge == 1 else 0)
            small.set_at((x, y), (96, 62, 24, dark // (2 if light else 1)))
    surface.blit(pygame.transform.smoothscale(small, r.size), r)


def _rhumbs(surface: pygame.Surface, chart: Chart) -> None:
    """The portolan net: sixteen winds from the rose and from eight roses around it."""
    r = chart.rect
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    centre = (r.x + r.w * 0.47, r.y + r.h * 0.55)
    radius = r.h * 0.42
    hubs = [centre] + [
        (
            centre[0] + radius * math.cos(a * math.pi / 4),
            centre[1] + radius * math.sin(a * math.pi / 4),
        )
        for a in range(8)
    ]
    far = r.w + r.h
    for hub in hubs:
        for n in range(16):
            a = n * math.pi / 8
            end = (hub[0] + far * math.cos(a), hub[1] + far * math.sin(a))
            colour = RED if n % 4 == 0 else GREEN if n % 2 == 0 else INK_SOFT
            pygame.draw.line(layer, (*colour, 46), hub, end, 1)
    clip = surface.get_clip()
    surface.set_clip(r)
    surface.blit(layer, (0, 0))
    surface.set_clip(clip)


def _rose(surface: pygame.Surface, at: tuple[int, int], size: int, s: float) -> None:
    """A compass rose: a ring, sixteen points (the cardinal ones long), N marked."""
    cx, cy = at
    pygame.draw.circle(surface, INK, at, round(size * 0.72), max(1, round(1.2 * s)))
    pygame.draw.circle(surface, INK, at, round(size * 0.64), 1)
    for n in range(16):
        a = n * math.pi / 8 - math.pi / 2
        length = size * (1.0 if n % 4 == 0 else 0.66 if n % 2 == 0 else 0.42)
        half = size * (0.13 if n % 4 == 0 else 0.09)
        tip = (cx + length * math.cos(a), cy + length * math.sin(a))
        left = (cx + half * math.cos(a - math.pi / 2), cy + half * math.sin(a - math.pi / 2))
        right = (cx + half * math.cos(a + math.pi / 2), cy + half * math.sin(a + math.pi / 2))
        dark = RED if n == 0 else INK if n % 4 == 0 else INK_SOFT
        pygame.draw.polygon(surface, dark, [(cx, cy), left, tip])
        pygame.draw.polygon(surface, PARCHMENT, [(cx, cy), right, tip])
        pygame.draw.aalines(surface, INK, True, [left, tip, right])
    pygame.draw.circle(surface, RED, at, max(2, round(size * 0.06)))
    draw_text(
        surface,
        "N",
        (cx, cy - size - round(4 * s)),
        role="caps",
        size=18 * s,
        colour=RED,
        anchor="midbottom",
    )


def _frame(surface: pygame.Surface, r: pygame.Rect, s: float) -> None:
    """The chart's border: a double ink rule with a band of degree ticks."""
    band = max(6, round(10 * s))
    outer = r.inflate(band * 2, band * 2)
    pygame.draw.rect(surface, PARCHMENT, outer, band)
    pygame.draw.rect(surface, INK, outer, max(2, round(2.5 * s)))
    pygame.draw.rect(surface, INK, r, max(1, round(1.2 * s)))
    step_x = max(2, round(r.w / (EAST - WEST)))
    for lon in range(math.ceil(WEST), math.floor(EAST)):
        left = round(r.x + (lon - WEST) / (EAST - WEST) * r.w)
        fill = INK if lon % 2 else PARCHMENT
        for top in (outer.y + 2, r.bottom + 1):
            pygame.draw.rect(surface, fill, (left, top, min(step_x, r.right - left), band - 3))
    step_y = max(2, round(r.h / (NORTH - SOUTH)))
    for lat in range(math.ceil(SOUTH) + 1, math.floor(NORTH) + 1):
        top = round(r.y + (NORTH - lat) / (NORTH - SOUTH) * r.h)
        fill = INK if lat % 2 else PARCHMENT
        for left in (outer.x + 2, r.right + 1):
            pygame.draw.rect(surface, fill, (left, top, band - 3, min(step_y, r.bottom - top)))
    pygame.draw.rect(surface, INK, r, max(1, round(1.2 * s)))


def paint_routes(
    surface: pygame.Surface,
    chart: Chart,
    chapters: Sequence[tuple[str, str, str, bool]],
    marks: dict[str, list[tuple[int, int]]],
) -> list[pygame.Rect]:
    """Each chapter's dotted route through its marks, its town and its cartouche
    (``chapters``: id, "I. Rome" and its date line, whether any of its levels is open).
    Returns the cartouches' scrolls."""
    s = chart.scale
    boxes: list[pygame.Rect] = []
    for chapter_id, title, date, open_ in chapters:
        points = marks.get(chapter_id, [])
        colour = RED if open_ else INK_SOFT
        route = chart.points(ROUTES.get(chapter_id, ()))
        path = route if len(route) >= 2 else points
        if chapter_id in EDGE_ROUTES and len(route) >= 2:  # on, over the edge of the chart
            x, y = route[-1]
            west = EDGE_ROUTES[chapter_id] < 0
            edge = chart.rect.x + round(2 * s) if west else chart.rect.right - round(2 * s)
            path = [*route, (edge, y + round(22 * s) * (1 if west else -1))]
        _dotted(surface, path, colour, s)
        if chapter_id in PLACES:
            x, y = chart.point(PLACES[chapter_id])
            side = TOWN_SIDE.get(chapter_id, 1)
            draw_text(
                surface,
                TOWNS[chapter_id],
                (x + side * round(14 * s), y - side * round(24 * s)),
                role="italic",
                size=15 * s,
                colour=INK,
                anchor="midleft" if side > 0 else "midright",
            )
        at = chart.point(CHAPTER_LABEL.get(chapter_id, (0.0, 31.5)))
        boxes.append(_cartouche(surface, at, title, date, s, open_, chart.rect))
    return boxes


def _dotted(
    surface: pygame.Surface, path: Sequence[tuple[int, int]], colour: tuple[int, int, int], s: float
) -> None:
    step = max(6, round(11 * s))
    dot = max(1, round(2.2 * s))
    left = 0.0
    for a, b in pairwise(path):
        length = math.dist(a, b)
        t = left
        while t < length:
            x = a[0] + (b[0] - a[0]) * t / length
            y = a[1] + (b[1] - a[1]) * t / length
            pygame.draw.circle(surface, colour, (round(x), round(y)), dot)
            t += step
        left = t - length


def _cartouche(
    surface: pygame.Surface,
    at: tuple[int, int],
    title: str,
    date: str,
    s: float,
    open_: bool,
    bounds: pygame.Rect,
) -> pygame.Rect:
    """A chapter's name on a scroll: the title in capitals, the date in italics; inside
    ``bounds`` (the chart within its frame). A title longer than a third of the chart
    (a longer language) is set up to 15% smaller, then on two lines. Returns the scroll."""
    big, small = 21 * s, 15 * s
    most = bounds.w // 3
    size = fit_size(title, "caps", big, most, big * 0.85)
    caps = get_font("caps", size)
    lines = [title] if caps.size(title)[0] <= most else wrap_words(title, caps, most)[:2]
    if len(lines) == 2:  # the second as in the whole title, what is left of it
        lines[1] = title.split(lines[0], 1)[-1].strip()
    tw = max(*(caps.size(line)[0] for line in lines), get_font("italic", small).size(date)[0])
    extra = (len(lines) - 1) * caps.get_linesize()
    box = pygame.Rect(0, 0, tw + round(34 * s), round(big * 1.2 + small * 1.3 + 16 * s) + extra)
    box.center = at
    box.clamp_ip(bounds)
    shadow = pygame.Surface(box.size, pygame.SRCALPHA)
    shadow.fill((60, 36, 16, 60))
    surface.blit(shadow, box.move(round(3 * s), round(3 * s)))
    pygame.draw.rect(surface, (242, 230, 198), box, border_radius=round(6 * s))
    pygame.draw.rect(surface, INK, box, max(1, round(1.5 * s)), border_radius=round(6 * s))
    pygame.draw.rect(
        surface, INK_SOFT, box.inflate(-round(8 * s), -round(8 * s)), 1, border_radius=round(4 * s)
    )
    y = box.y + round(8 * s)
    for line in lines:
        draw_text(
            surface,
            fit_text(line, "caps", size, box.w - round(20 * s)),
            (box.centerx, y),
            role="caps",
            size=size,
            colour=RED if open_ else INK,
            anchor="midtop",
        )
        y += caps.get_linesize()
    draw_text(
        surface,
        date,
        (box.centerx, box.bottom - round(8 * s)),
        role="italic",
        size=small,
        colour=INK,
        anchor="midbottom",
    )
    return box


# -- a level's mark ---------------------------------------------------------------------------


class MapMark(Button):
    """A level on the map: a medallion with its medal (or a ring, or a padlock), the
    level's title beside it. It takes the focus and clicks as a list entry did;
    its title is part of what the mouse can click."""

    def __init__(
        self,
        label: str,
        on_click: Callable[[], Any] | None = None,
        *,
        side: int = 1,
        medal: int = 0,
        **options: Any,
    ) -> None:
        super().__init__(label, on_click, **options)
        self.side = side
        self.medal = medal
        self.label_rect = pygame.Rect(0, 0, 0, 0)
        self._icon_scale = 0.0

    def place_at(self, centre: tuple[int, int], scale: float, bounds: pygame.Rect) -> None:
        """Put the medallion at ``centre`` and the title on its side, inside ``bounds``."""
        d = round(38 * scale)
        rect = pygame.Rect(0, 0, d, d)
        rect.center = centre
        self.place(rect, scale)
        size = 15 * scale
        text = self.label
        w, h = get_font("bold", size).size(text)
        w = min(w, round(220 * scale))
        label = pygame.Rect(0, 0, w + round(10 * scale), h + round(4 * scale))
        label.centery = centre[1]
        if self.side >= 0:
            label.x = rect.right + round(4 * scale)
        else:
            label.right = rect.x - round(4 * scale)
        label.clamp_ip(bounds)
        self.label_rect = label
        if self._icon_scale != scale:
            self._icon_scale = scale
            self.icon = medal_icon(self.medal, scale * 0.95, locked=not self.enabled)

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.visible and (self.rect.collidepoint(pos) or self.label_rect.collidepoint(pos))

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.w < 4:
            return
        s = self.scale
        c = self.rect.center
        radius = self.rect.w // 2
        lit = self.enabled and (self.focused or self.glow > 0.02)
        if lit:
            halo = pygame.Surface((radius * 4, radius * 4), pygame.SRCALPHA)
            alpha = round(70 + 110 * max(self.glow, 1.0 if self.focused else 0.0))
            pygame.draw.circle(
                halo, (196, 60, 40, alpha // 4), (radius * 2, radius * 2), radius * 2
            )
            pygame.draw.circle(
                halo,
                (196, 60, 40, alpha),
                (radius * 2, radius * 2),
                round(radius * 1.45),
                max(2, round(3 * s)),
            )
            surface.blit(halo, (c[0] - radius * 2, c[1] - radius * 2))
        face = (246, 236, 206) if self.enabled else (214, 200, 168)
        pygame.draw.circle(
            surface, (90, 60, 30), (c[0] + round(2 * s), c[1] + round(2 * s)), radius
        )
        pygame.draw.circle(surface, face, c, radius)
        pygame.draw.circle(
            surface, RED if self.enabled else INK_SOFT, c, radius, max(2, round(2.4 * s))
        )
        pygame.draw.circle(surface, INK, c, radius - round(5 * s), 1)
        if self.icon is not None:
            icon = self.icon
            if not self.enabled:
                icon = icon.copy()
                icon.set_alpha(150)
            surface.blit(icon, icon.get_rect(center=c))
        size = 15 * s
        text = fit_text(self.label, "bold", size, self.label_rect.w - round(10 * s))
        plate = pygame.Surface(self.label_rect.size, pygame.SRCALPHA)
        plate.fill((244, 232, 200, 210 if self.enabled else 150))
        surface.blit(plate, self.label_rect)
        colour = INK if self.enabled else (118, 96, 72)
        if lit:
            colour = RED
        draw_text(
            surface,
            text,
            self.label_rect.center,
            role="bold",
            size=size,
            colour=colour,
            anchor="center",
        )
