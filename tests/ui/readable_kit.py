"""Measuring a rendered board: WCAG contrast of each side's men against every spot they can
stand on, sampled from frames drawn by ``BoardView`` (so textures and lighting count).

Used by ``test_readable.py``; run by hand (``PYTHONPATH=. python tests/ui/readable_kit.py -v``)
it prints the lowest ratio of each variant and palette.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pygame

from game.rules.variants import VARIANTS, Variant, find_variant
from game.ui.render.board_view import BoardView
from game.ui.render.layout import SpotKey
from game.ui.render.men import slab_band
from game.ui.theme import Theme, theme_for

SIZE = (1280, 800)


def luminance(rgb: np.ndarray) -> float:
    """WCAG relative luminance of an sRGB colour (0..255)."""
    c = np.asarray(rgb, dtype=np.float64) / 255.0
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return float(0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2])


def contrast(a: np.ndarray, b: np.ndarray) -> float:
    """WCAG contrast ratio (L1 + 0.05) / (L2 + 0.05), L1 the lighter."""
    la, lb = luminance(a), luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


def _disc(w: int, h: int, centre: tuple[float, float], r0: float, r1: float) -> np.ndarray:
    x = np.arange(w)[:, None] + 0.5 - centre[0]
    y = np.arange(h)[None, :] + 0.5 - centre[1]
    d = np.hypot(x, y)
    return (d >= r0) & (d <= r1)


def median(pixels: np.ndarray, centre: tuple[float, float], r0: float, r1: float) -> np.ndarray:
    """The median colour of the pixels between radii ``r0`` and ``r1`` of ``centre``."""
    x0, y0 = int(centre[0] - r1 - 2), int(centre[1] - r1 - 2)
    x1, y1 = int(centre[0] + r1 + 3), int(centre[1] + r1 + 3)
    x0, y0 = max(0, x0), max(0, y0)
    patch = pixels[x0:x1, y0:y1]
    mask = _disc(patch.shape[0], patch.shape[1], (centre[0] - x0, centre[1] - y0), r0, r1)
    return np.median(patch[mask].astype(np.float64), axis=0)


def _slab_samples(men, ground, layout, key, centre):
    """A man on edge in a tray: the middle of its face, its long edges (where a ring is
    drawn) and the tray under it (the same place on the empty board)."""
    spot = layout.spots[key]
    thick = float(np.hypot(*spot.step)) * 0.86
    w, h = max(3, round(layout.radius * 1.92)), max(2, round(thick))
    band = slab_band(thick)
    turned = abs(spot.step[0]) > abs(spot.step[1])
    rect = pygame.Rect(0, 0, *((h, w) if turned else (w, h)))
    rect.center = (round(centre[0]), round(centre[1]))
    if turned:
        men, ground = men.transpose(1, 0, 2), ground.transpose(1, 0, 2)
        rect = pygame.Rect(rect.y, rect.x, rect.h, rect.w)
    xs = slice(rect.x + w // 4, rect.right - w // 4)
    face = np.median(men[xs, rect.y + band : rect.bottom - band].reshape(-1, 3), axis=0)
    edges = np.concatenate(
        [men[xs, rect.y : rect.y + band], men[xs, rect.bottom - band : rect.bottom]], axis=1
    )
    ring = np.median(edges.reshape(-1, 3), axis=0)
    back = np.median(ground[xs, rect.y : rect.bottom].reshape(-1, 3), axis=0)
    return face, ring, back


@dataclass(frozen=True)
class Sample:
    """One man of ``side`` on ``spot`` (its kind), and what was measured."""

    side: int
    kind: str
    key: SpotKey
    ratio: float  # the better of the face's and the rim ring's contrast with the spot
    face: tuple[int, ...]
    ring: tuple[int, ...]
    ground: tuple[int, ...]


def _kind(view: BoardView, key: SpotKey) -> str:
    if key[0] == "cell":
        slot = view.layout.spots[key].slot
        return f"cell{slot % 2}"
    return key[0]


def measure(variant_id: str | Variant, palette: str, theme: Theme | None = None) -> list[Sample]:
    """Every side's man on every spot it can stand on (each cell, its own bar, off and
    hand trays), on a board drawn at 1280x800 under ``palette`` (or in ``theme``)."""
    variant = variant_id if isinstance(variant_id, Variant) else find_variant(variant_id)
    variant_id = variant.id
    players = 4 if variant_id == "el_mundo" else 2
    view = BoardView(variant, theme or theme_for(variant_id, palette), SIZE)
    empty = pygame.Surface(SIZE)
    view.draw_board(empty)
    ground = pygame.surfarray.array3d(empty)
    layout = view.layout
    r = layout.radius
    found: list[Sample] = []
    for side in range(players):
        frame = empty.copy()
        places: list[tuple[SpotKey, tuple[float, float], bool]] = []
        for key in layout.spots:
            kind, owner = key
            if kind != "cell" and owner != side:
                continue
            centre = layout.man_centre(key, 0, 1)
            if kind in ("off", "hand"):
                view._men.draw_slab(frame, layout, side, key, centre)
                places.append((key, centre, True))
            else:
                view.draw_man(frame, side, centre)
                places.append((key, centre, False))
        men = pygame.surfarray.array3d(frame)
        for key, centre, slab in places:
            if slab:
                face, ring, back = _slab_samples(men, ground, layout, key, centre)
            else:
                face = median(men, centre, 0.0, r * 0.55)
                ring = median(men, centre, r * 0.86, r * 0.97)
                back = median(ground, centre, 0.0, r)
            ratio = max(contrast(face, back), contrast(ring, back))
            found.append(
                Sample(
                    side,
                    _kind(view, key),
                    key,
                    ratio,
                    tuple(int(v) for v in face),
                    tuple(int(v) for v in ring),
                    tuple(int(v) for v in back),
                )
            )
    return found


def lowest(samples: list[Sample]) -> Sample:
    return min(samples, key=lambda s: s.ratio)


if __name__ == "__main__":  # the figures, by hand
    import os
    import sys

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.rules.variants import VARIANTS
    from game.store.settings import PALETTES

    pygame.init()
    pygame.display.set_mode((1, 1))
    for vid in sorted(VARIANTS):
        for pal in PALETTES:
            got = measure(vid, pal)
            worst = {}
            for s in got:
                k = (s.side, s.kind)
                if k not in worst or s.ratio < worst[k].ratio:
                    worst[k] = s
            low = lowest(got)
            print(f"{vid:14} {pal:9} lowest {low.ratio:5.2f} side {low.side} on {low.kind}", end="")
            if "-v" in sys.argv:
                print()
                for (side, kind), s in sorted(worst.items()):
                    print(
                        f"    side {side} {kind:6} {s.ratio:5.2f}",
                        f"face {s.face} ring {s.ring} on {s.ground}",
                    )
            else:
                print()
