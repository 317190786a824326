"""The menus' background: a dark walnut table under lamplight, with a tables board inlaid
in faint gold lines, and a vignette. Drawn in code at any size and cached per size.

It is built from small pieces scaled up (a radial light, a vignette) and a
few hundred strokes of grain, so it costs a few tens of milliseconds once per
window size, even at 4K, and a single blit per frame after that.

:class:`Motes` are the slow gold dust that drifts through the lamplight on
the title screen and around a winner.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any

import pygame

from game.ui.widgets.style import mix as _mix

Colour = tuple[int, int, int]

# The table: lamplight in the middle, dark at the edges.
LIGHT: Colour = (70, 47, 33)
DARK: Colour = (16, 11, 9)
GOLD: Colour = (214, 172, 88)


def draw_backdrop(surface: pygame.Surface, *, motif: bool = True) -> None:
    """Fill ``surface`` with the table (cached for its size)."""
    surface.blit(backdrop(surface.get_size(), motif), (0, 0))


@lru_cache(maxsize=2)
def backdrop(size: tuple[int, int], motif: bool = True) -> pygame.Surface:
    """The whole background for a window of ``size``."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    unit = min(w / 1280, h / 800)  # 1.0 at 1280x800
    rng = random.Random(1283)  # the year of Alfonso's book: the same table every time
    surface = _light((w, h))
    _grain(surface, unit, rng)
    if motif:
        _board_motif(surface, unit)
    surface.blit(_vignette((w, h)), (0, 0))
    _dither(surface)
    return surface


def _light(size: tuple[int, int]) -> pygame.Surface:
    """A warm pool of light a little above the middle, fading to the dark edges."""
    sw, sh = 48, 30
    small = pygame.Surface((sw, sh))
    for y in range(sh):
        for x in range(sw):
            dx = (x + 0.5) / sw - 0.5
            dy = ((y + 0.5) / sh - 0.42) * 0.8
            d = min(1.0, math.hypot(dx, dy) / 0.62)
            small.set_at((x, y), _mix(LIGHT, DARK, d**1.35))
    return pygame.transform.smoothscale(small, size)


def _grain(surface: pygame.Surface, unit: float, rng: random.Random) -> None:
    """Long wavy strokes of darker and lighter wood across the table, drawn at half size
    and smoothed up so they read as grain, not lines."""
    w, h = surface.get_size()
    hw, hh = max(2, w // 2), max(2, h // 2)
    layer = pygame.Surface((hw, hh), pygame.SRCALPHA)
    layer.fill((0, 0, 0, 0))
    lines = max(40, round(110 * unit))
    steps = 48
    for _ in range(lines):
        y0 = rng.uniform(-0.05, 1.05) * hh
        amp = rng.uniform(1.0, 7.0) * unit
        wave = rng.uniform(0.6, 2.2)
        phase = rng.uniform(0, math.tau)
        drift = rng.uniform(-0.03, 0.03) * hh
        dark = rng.random() < 0.62
        colour = (8, 4, 2, rng.randint(16, 40)) if dark else (120, 84, 56, rng.randint(8, 20))
        width = max(1, round(rng.uniform(0.6, 2.4) * unit))
        points = []
        for i in range(steps + 1):
            t = i / steps
            x = t * hw
            y = y0 + drift * t + amp * math.sin(phase + wave * t * math.tau)
            y += 0.4 * amp * math.sin(phase * 1.7 + 5.3 * wave * t * math.tau)
            points.append((x, y))
        pygame.draw.lines(layer, colour, False, points, width)
    # A few knots: dark ellipses with rings of grain around them.
    for _ in range(3):
        cx, cy = rng.uniform(0.1, 0.9) * hw, rng.uniform(0.1, 0.9) * hh
        for ring in range(5, 0, -1):
            rw, rh = ring * 7 * unit, ring * 2.2 * unit
            rect = pygame.Rect(0, 0, max(2, round(rw * 2)), max(2, round(rh * 2)))
            rect.center = (round(cx), round(cy))
            pygame.draw.ellipse(layer, (10, 5, 2, 14 + ring * 3), rect, max(1, round(unit)))
    surface.blit(pygame.transform.smoothscale(layer, (w, h)), (0, 0))


def _board_motif(surface: pygame.Surface, unit: float) -> None:
    """A tables board inlaid in faint gold: a frame, a bar and 24 long points, as if the
    menu were written on the board itself."""
    w, h = surface.get_size()
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    layer.fill((0, 0, 0, 0))
    bh = h * 0.84
    bw = min(w * 0.9, bh * 1.62)
    board = pygame.Rect(0, 0, round(bw), round(bh))
    board.center = (w // 2, round(h * 0.5))
    line = max(1, round(1.4 * unit))
    faint = (*GOLD, 34)
    fainter = (*GOLD, 16)
    radius = round(16 * unit)
    pygame.draw.rect(layer, faint, board, line, border_radius=radius)
    inner = board.inflate(-round(22 * unit), -round(22 * unit))
    pygame.draw.rect(layer, fainter, inner, max(1, line // 2 + 0), border_radius=radius // 2)
    bar_w = inner.w * 0.06
    bar = pygame.Rect(0, 0, round(bar_w), inner.h)
    bar.center = inner.center
    pygame.draw.rect(layer, fainter, bar, line)
    half_w = (inner.w - bar.w) / 2
    point_w = half_w / 6
    point_h = inner.h * 0.4
    for half in range(2):
        x0 = inner.x + half * (half_w + bar.w)
        for i in range(6):
            x = x0 + i * point_w
            for top in (True, False):
                base = inner.y if top else inner.bottom
                tip = base + point_h if top else base - point_h
                poly = [
                    (x + point_w * 0.08, base),
                    (x + point_w * 0.92, base),
                    (x + point_w / 2, tip),
                ]
                shade = (i + (0 if top else 1)) % 2
                pygame.draw.polygon(layer, (*GOLD, 9 if shade else 4), poly)
                pygame.draw.aalines(layer, faint if shade else fainter, True, poly)
    # Rosettes where the bar meets the rails.
    for y in (inner.y + inner.h * 0.5,):
        cx = inner.centerx
        r = inner.h * 0.05
        for k in range(8):
            a = k * math.tau / 8
            pygame.draw.aacircle(
                layer,
                fainter,
                (cx + r * 0.55 * math.cos(a), y + r * 0.55 * math.sin(a)),
                r * 0.45,
                line,
            )
        pygame.draw.aacircle(layer, faint, (cx, y), r, line)
    surface.blit(layer, (0, 0))


def _vignette(size: tuple[int, int]) -> pygame.Surface:
    sw, sh = 40, 25
    small = pygame.Surface((sw, sh), pygame.SRCALPHA)
    for y in range(sh):
        for x in range(sw):
            dx = (x + 0.5) / sw - 0.5
            dy = (y + 0.5) / sh - 0.5
            d = math.hypot(dx * 1.1, dy * 1.25) / 0.7
            a = max(0.0, min(1.0, (d - 0.45) / 0.6)) ** 1.6
            small.set_at((x, y), (0, 0, 0, round(235 * a)))
    return pygame.transform.smoothscale(small, size)


@lru_cache(maxsize=1)
def _noise_tile() -> pygame.Surface:
    """A small tile of film grain: breaks the gradients' banding."""
    rng = random.Random(12)
    tile = pygame.Surface((96, 96), pygame.SRCALPHA)
    for y in range(96):
        for x in range(96):
            v = rng.randint(0, 255)
            tile.set_at((x, y), (v, v, v, 7))
    return tile


def _dither(surface: pygame.Surface) -> None:
    tile = _noise_tile()
    tw, th = tile.get_size()
    w, h = surface.get_size()
    for y in range(0, h, th):
        for x in range(0, w, tw):
            surface.blit(tile, (x, y))


# -- gold dust --------------------------------------------------------------------------------


MOTE_RATE = 15  # frames a second the dust is drawn at while nothing else moves
MOTE_STEP = 0.1  # the most the dust moves on in one frame (seconds): no jump after a sleep


class Motes:
    """Gold dust drifting slowly upwards through the light; wraps at the edges.

    Positions are fractions of the area, so the dust fills any size. ``update``
    moves it; ``draw`` only reads it. It drifts 6 to 24 pixels a second in a window
    800 high, and a glow's size and brightness come in whole steps: at ``MOTE_RATE``
    frames a second (a scene's ``wake_after``) it looks as it does at 60, for a
    small share of the work.
    """

    def __init__(self, count: int = 40, seed: int = 5, colour: Colour = GOLD) -> None:
        rng = random.Random(seed)
        self.colour = colour
        self.motes = [
            [
                rng.random(),
                rng.random(),
                rng.uniform(0.4, 1.0),
                rng.uniform(0, math.tau),
                rng.uniform(0.008, 0.03),
            ]
            for _ in range(count)
        ]  # x, y, size, phase, speed
        self.t = 0.0

    def update(self, dt: float) -> None:
        self.t += dt
        for mote in self.motes:
            mote[1] -= mote[4] * dt
            mote[0] += 0.004 * math.sin(self.t * 0.5 + mote[3]) * dt
            if mote[1] < -0.05:
                mote[1] += 1.1
            mote[0] %= 1.0

    def draw(
        self, surface: pygame.Surface, rect: pygame.Rect | None = None, scale: float = 1.0
    ) -> None:
        from game.ui.widgets import glow_sprite

        area = rect or surface.get_rect()
        for x, y, size, phase, _speed in self.motes:
            twinkle = 0.55 + 0.45 * math.sin(self.t * 1.7 + phase * 3)
            r = max(2, round(7 * scale * size))
            sprite = glow_sprite(r, self.colour, 20 + 16 * round(twinkle * 8))
            px = area.x + x * area.w
            py = area.y + y * area.h
            surface.blit(sprite, (round(px) - r, round(py) - r), None, pygame.BLEND_RGB_ADD)


def draw_page(surface: pygame.Surface, title: str, scale: float, style: Any) -> int:
    """A full-window page: the table without its motif, the title in capitals at the
    top and a gilded rule under it. Returns the margin used (design 28 px, scaled)."""
    from game.ui.widgets import draw_rule, draw_text

    w = surface.get_width()
    draw_backdrop(surface, motif=False)
    m = round(28 * scale)
    draw_text(
        surface,
        title,
        (w // 2, m),
        role="caps",
        size=38 * scale,
        colour=style.accent,
        anchor="midtop",
        shadow=round(3 * scale),
    )
    draw_rule(surface, (w / 2, m + 52 * scale), 420 * scale, scale, style.accent)
    return m
