"""Procedural materials in numpy: value noise, and wood, baize, parchment, leather, stone,
porphyry, silk, nacre (mother-of-pearl), canvas and ship's paint.

Each material is a function ``(rng, w, h, unit, colours...) -> (w, h, 3)``
float array, with ``unit`` the size of its detail (a point's width).
"""

from __future__ import annotations

import math

import numpy as np
import pygame

from game.ui.render.raster import Array, col, mix, smooth
from game.ui.theme import Colour


def value_noise(rng: np.random.Generator, w: int, h: int, sx: float, sy: float) -> Array:
    """Smooth value noise in 0..1 of shape (w, h), features about ``sx`` x ``sy`` px.

    Large features are made on a coarse grid and scaled up by pygame (fast
    on big areas); the smoothstep interpolation keeps them free of creases.
    """
    sx, sy = max(sx, 1.0), max(sy, 1.0)
    kx = min(8.0, max(1.0, sx / 3))
    ky = min(8.0, max(1.0, sy / 3))
    if kx > 1.5 or ky > 1.5:
        cw, ch = max(2, math.ceil(w / kx) + 1), max(2, math.ceil(h / ky) + 1)
        small = value_noise(rng, cw, ch, sx / kx, sy / ky)
        grey = (small * 255).astype(np.uint8)
        surface = pygame.surfarray.make_surface(np.repeat(grey[..., None], 3, axis=2))
        big = pygame.transform.smoothscale(surface, (w, h))
        red = pygame.surfarray.pixels_red(big)
        out = red.astype(np.float32) * (1 / 255)
        del red
        return out
    gw, gh = int(w / sx) + 3, int(h / sy) + 3
    grid = rng.random((gw, gh), dtype=np.float32)
    xs = np.arange(w, dtype=np.float32) / sx
    i = xs.astype(np.int32)
    t = xs - i
    t = (t * t * (3 - 2 * t))[:, None]
    gx = grid[i] * (1 - t) + grid[i + 1] * t
    ys = np.arange(h, dtype=np.float32) / sy
    j = ys.astype(np.int32)
    s = ys - j
    s = (s * s * (3 - 2 * s))[None, :]
    return gx[:, j] * (1 - s) + gx[:, j + 1] * s


def fbm(rng: np.random.Generator, w: int, h: int, scale: float, octaves: int = 4) -> Array:
    """Fractal noise in about 0..1: octaves of value noise, each half the size."""
    total = np.zeros((w, h), dtype=np.float32)
    amp, norm = 1.0, 0.0
    for k in range(octaves):
        size = scale / (2**k)
        total += amp * value_noise(rng, w, h, size, size)
        norm += amp
        amp *= 0.5
    return total / norm


def ramp(v: Array, dark: Colour, mid: Colour, light: Colour) -> Array:
    """Map 0..1 to dark -> mid -> light (through a 1024-step table: fast on big areas)."""
    t = np.linspace(0.0, 1.0, 1024, dtype=np.float32)[:, None]
    d, m, li = col(dark), col(mid), col(light)
    lut = np.where(t < 0.5, d + (m - d) * (t / 0.5), m + (li - m) * ((t - 0.5) / 0.5))
    index = np.clip(v * 1023.0, 0, 1023).astype(np.int32)
    return lut.astype(np.float32)[index]


TILE = 256


def grain(rng: np.random.Generator, w: int, h: int) -> Array:
    """Per-pixel noise in 0..1 (a random tile repeated: the eye cannot tell)."""
    tile = rng.random((TILE, TILE), dtype=np.float32)
    ox, oy = (int(v) for v in rng.integers(0, TILE, 2))
    reps = ((w + ox) // TILE + 1, (h + oy) // TILE + 1)
    return np.tile(tile, reps)[ox : ox + w, oy : oy + h]


def wood(
    rng: np.random.Generator,
    w: int,
    h: int,
    unit: float,
    dark: Colour,
    mid: Colour,
    light: Colour,
    *,
    along_x: bool = True,
    period: float = 0.5,
    rays: bool = False,
) -> Array:
    """Wood of (w, h) pixels with its grain along x (or y): rings, fibres, tone."""
    if not along_x:
        return np.ascontiguousarray(
            wood(rng, h, w, unit, dark, mid, light, period=period, rays=rays).transpose(1, 0, 2)
        )
    warp = value_noise(rng, w, h, unit * 7, unit * 2.2) * unit * 1.6
    warp += value_noise(rng, w, h, unit * 1.6, unit * 0.5) * unit * 0.22
    y = np.arange(h, dtype=np.float32)[None, :] + warp
    phase = y / (unit * period)
    rings = 0.5 + 0.5 * np.sin(phase * 2 * np.pi)
    late = rings**7  # the dark latewood lines
    fibres = value_noise(rng, w, h, unit * 2.5, 1.3)
    fine = value_noise(rng, w, h, unit * 0.9, 0.8)
    tone = value_noise(rng, w, h, unit * 5, unit * 2)
    v = 0.58 + 0.3 * (tone - 0.5) - 0.2 * late + 0.16 * (fibres - 0.5) + 0.08 * (fine - 0.5)
    if rays:  # oak's medullary rays: short bright flecks across the grain
        fleck = value_noise(rng, w, h, unit * 0.5, 2.2)
        v += 0.14 * smooth(0.78, 0.9, fleck)
    return ramp(v, dark, mid, light)


def baize(rng: np.random.Generator, w: int, h: int, unit: float, colour: Colour) -> Array:
    """Felt: a fine nap and a faint mottle."""
    nap = grain(rng, w, h)
    soft = value_noise(rng, w, h, 1.7, 1.7)
    mottle = fbm(rng, w, h, unit * 2.5, 3)
    k = 1 + 0.05 * (nap - 0.5) + 0.07 * (soft - 0.5) + 0.09 * (mottle - 0.5)
    return col(colour) * k[..., None]


def parchment(
    rng: np.random.Generator, w: int, h: int, unit: float, colour: Colour, dark: Colour
) -> Array:
    """Vellum: blotches of age, long fibres, a fine tooth."""
    blot = fbm(rng, w, h, unit * 3, 5)
    fibre = value_noise(rng, w, h, unit * 0.6, unit * 0.15)
    tooth = grain(rng, w, h)
    t = np.clip(0.5 + 1.6 * (blot - 0.5), 0, 1)[..., None]
    base = col(colour) + (col(dark) - col(colour)) * t * 0.9
    return base * (1 + 0.012 * (fibre - 0.5) + 0.025 * (tooth - 0.5))[..., None]


def leather(rng: np.random.Generator, w: int, h: int, unit: float, colour: Colour) -> Array:
    """Red leather over boards: a soft mottle and a grain of pores."""
    mottle = fbm(rng, w, h, unit * 2, 4)
    pores = value_noise(rng, w, h, 2.0, 2.0)
    k = 1 + 0.16 * (mottle - 0.5) + 0.08 * (pores - 0.5)
    return col(colour) * k[..., None]


def stone(
    rng: np.random.Generator, w: int, h: int, unit: float, colour: Colour, dark: Colour
) -> Array:
    """Travertine: layered bands, a cloudy body and small pores along the bands."""
    body = fbm(rng, w, h, unit * 3, 5)
    bands = value_noise(rng, w, h, unit * 8, unit * 0.35)
    streak = value_noise(rng, w, h, unit * 2, unit * 0.08)
    pores = value_noise(rng, w, h, unit * 0.16, unit * 0.06)
    grit = grain(rng, w, h)
    v = 0.55 + 0.3 * (body - 0.5) + 0.22 * (bands - 0.5) + 0.1 * (streak - 0.5)
    v += 0.05 * (grit - 0.5)
    v -= 0.16 * smooth(0.84, 0.94, pores)
    light = mix(colour, (255, 250, 240), 0.3)
    return ramp(v, dark, colour, light)


def porphyry(
    rng: np.random.Generator, w: int, h: int, unit: float, colour: Colour, dark: Colour
) -> Array:
    """Imperial porphyry: a deep purple-red stone, cloudy, set with small pale crystals."""
    body = fbm(rng, w, h, unit * 2.5, 4)
    crystals = value_noise(rng, w, h, unit * 0.035, unit * 0.035)
    grit = grain(rng, w, h)
    v = 0.55 + 0.35 * (body - 0.5) + 0.06 * (grit - 0.5)
    base = ramp(v, dark, colour, mix(colour, (230, 180, 200), 0.25))
    speck = smooth(0.86, 0.94, crystals)[..., None]
    return base + (col(mix(colour, (240, 226, 226), 0.5)) - base) * speck * 0.5


def silk(rng: np.random.Generator, w: int, h: int, unit: float, colour: Colour) -> Array:
    """Woven silk: a fine twill, a soft sheen in long folds."""
    x = np.arange(w, dtype=np.float32)[:, None]
    y = np.arange(h, dtype=np.float32)[None, :]
    twill = 0.5 + 0.5 * np.sin((x + y) * (2 * np.pi / 3.0))
    folds = value_noise(rng, w, h, unit * 4, unit * 1.2)
    k = 1 + 0.05 * (twill - 0.5) + 0.22 * (folds - 0.5)
    return col(colour) * k[..., None]


def nacre(rng: np.random.Generator, w: int, h: int, unit: float, colour: Colour) -> Array:
    """Mother-of-pearl: a pale shell with bands of pink, green and blue lustre."""
    bands = value_noise(rng, w, h, unit * 0.9, unit * 0.3)
    hue = value_noise(rng, w, h, unit * 1.5, unit * 1.5)
    ang = (bands * 2.5 + hue * 3.0) * np.pi
    tint = np.stack([np.cos(ang), np.cos(ang - 2.1), np.cos(ang + 2.1)], axis=-1)
    k = (0.93 + 0.1 * bands)[..., None]
    return col(colour) * k + tint * 7.0


def canvas(rng: np.random.Generator, w: int, h: int, unit: float, colour: Colour) -> Array:
    """Cotton duck: a plain weave of warp and weft, and a little soiling."""
    x = np.arange(w, dtype=np.float32)[:, None]
    y = np.arange(h, dtype=np.float32)[None, :]
    period = max(2.5, unit * 0.05)
    warp = np.sin(x * (2 * np.pi / period))
    weft = np.sin(y * (2 * np.pi / period))
    over_under = np.sign(np.sin(x * (np.pi / period)) * np.sin(y * (np.pi / period)))
    weave = 0.5 + 0.25 * (warp * (over_under > 0) + weft * (over_under < 0))
    slub = value_noise(rng, w, h, unit * 1.2, 1.5)
    soil = fbm(rng, w, h, unit * 3, 3)
    k = 1 + 0.08 * (weave - 0.5) + 0.05 * (slub - 0.5) + 0.1 * (soil - 0.5)
    return col(colour) * k[..., None]


def paint(rng: np.random.Generator, w: int, h: int, unit: float, colour: Colour) -> Array:
    """Flat ship's paint over steel: an orange-peel ripple and faint brush marks."""
    peel = value_noise(rng, w, h, unit * 0.08, unit * 0.08)
    brush = value_noise(rng, w, h, unit * 3, unit * 0.12)
    wear = fbm(rng, w, h, unit * 3, 3)
    k = 1 + 0.035 * (peel - 0.5) + 0.04 * (brush - 0.5) + 0.08 * (wear - 0.5)
    return col(colour) * k[..., None]
