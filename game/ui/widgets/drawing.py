"""Drawing helpers: rounded gilded boxes, soft shadows, glows, rules, a veil and a token."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui.widgets.style import SUPERSAMPLE, Colour, mix


@lru_cache(maxsize=512)
def rounded_box(
    size: tuple[int, int],
    radius: int,
    fill: Colour,
    border: Colour | None = None,
    border_width: int = 0,
    shade: float = 0.72,
    inner: Colour | None = None,
    fill_alpha: int = 255,
) -> pygame.Surface:
    """A rounded box, antialiased by supersampling, lit from above.

    ``fill`` is its colour at the top; it darkens to ``shade`` of that at the
    bottom, and so does the ``border`` (a gilded edge when gold). ``inner``
    draws a fine second line just inside the border, as on a bound book.
    """
    w, h = max(1, size[0]), max(1, size[1])
    k = SUPERSAMPLE if w * h < 1_500_000 else 2
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    edge = border if border is not None and border_width > 0 else fill
    big.fill((*edge, 0))
    r = max(0, radius * k)
    rect = big.get_rect()
    bw = border_width * k if border is not None else 0
    if bw:
        pygame.draw.rect(big, (*edge, 255), rect, border_radius=r)
        body = rect.inflate(-2 * bw, -2 * bw)
        pygame.draw.rect(big, (*fill, fill_alpha), body, border_radius=max(0, r - bw))
    else:
        pygame.draw.rect(big, (*fill, fill_alpha), rect, border_radius=r)
    if inner is not None:
        gap = max(2 * k, bw + 2 * k)
        line = rect.inflate(-2 * gap, -2 * gap)
        pygame.draw.rect(big, (*inner, 255), line, max(1, k), border_radius=max(0, r - gap))
    if shade != 1.0:
        # Light from above: multiply the colours by a vertical ramp (alpha untouched).
        # shade < 1 darkens towards the bottom (raised); > 1 darkens the top (inset).
        top, bottom = (1.0, shade) if shade < 1.0 else (1.0 / shade, 1.0)
        ramp = pygame.Surface((2, 16))
        for i in range(16):
            v = round(255 * (top + (bottom - top) * i / 15))
            ramp.fill((v, v, v), (0, i, 2, 1))
        big.blit(
            pygame.transform.smoothscale(ramp, big.get_size()),
            (0, 0),
            None,
            pygame.BLEND_RGB_MULT,
        )
    return pygame.transform.smoothscale(big, (w, h))


@lru_cache(maxsize=256)
def soft_shadow(size: tuple[int, int], radius: int, blur: int, alpha: int = 150) -> pygame.Surface:
    """A blurred dark rounded rectangle, ``blur`` px bigger than ``size`` on every side
    (blit it at ``rect.topleft - blur``, offset down for light from above)."""
    w, h = max(1, size[0]), max(1, size[1])
    blur = max(1, blur)
    k = max(1, blur // 4)  # blur a smaller copy: fast at any size, the same look
    sw, sh = (w + 2 * blur) // k + 1, (h + 2 * blur) // k + 1
    small = pygame.Surface((sw, sh), pygame.SRCALPHA)
    small.fill((0, 0, 0, 0))
    pygame.draw.rect(
        small,
        (0, 0, 0, alpha),
        (blur // k, blur // k, max(1, w // k), max(1, h // k)),
        border_radius=max(0, radius // k),
    )
    small = pygame.transform.gaussian_blur(small, max(1, blur // (2 * k)))
    return pygame.transform.smoothscale(small, (w + 2 * blur, h + 2 * blur))


def draw_shadow(
    surface: pygame.Surface,
    rect: pygame.Rect,
    scale: float,
    *,
    radius: float = 10,
    blur: float = 14,
    drop: float = 5,
    alpha: int = 150,
) -> None:
    """A soft shadow under ``rect`` (light from above)."""
    b = max(2, round(blur * scale))
    image = soft_shadow(rect.size, round(radius * scale), b, alpha)
    surface.blit(image, (rect.x - b, rect.y - b + round(drop * scale)))


@lru_cache(maxsize=256)
def glow_sprite(radius: int, colour: Colour, strength: int = 255) -> pygame.Surface:
    """A soft round glow (for additive blending): bright centre, fading out smoothly."""
    radius = max(2, radius)
    r = min(radius, 48)  # drawn at most this big, then smoothed up
    sprite = pygame.Surface((2 * r, 2 * r))
    sprite.fill((0, 0, 0))
    for i in range(r, 0, -1):
        t = i / r
        a = strength / 255 * (1 - t) ** 2.2
        pygame.draw.circle(sprite, mix((0, 0, 0), colour, a), (r, r), i)
    if r != radius:
        sprite = pygame.transform.smoothscale(sprite, (2 * radius, 2 * radius))
    return sprite


def draw_glow(
    surface: pygame.Surface,
    centre: tuple[float, float],
    radius: float,
    colour: Colour,
    strength: float = 1.0,
) -> None:
    """Add a soft glow of ``colour`` around ``centre`` (additive: it lightens)."""
    r = max(2, round(radius))
    image = glow_sprite(r, colour, max(0, min(255, round(255 * strength))))
    surface.blit(image, (round(centre[0]) - r, round(centre[1]) - r), None, pygame.BLEND_RGB_ADD)


def draw_rule(
    surface: pygame.Surface,
    centre: tuple[float, float],
    width: float,
    scale: float,
    colour: Colour,
    *,
    diamond: bool = True,
) -> None:
    """A gold rule fading out at both ends, with a small diamond in the middle."""
    cx, cy = centre
    half = max(4, round(width / 2))
    thick = max(1, round(1.2 * scale))
    strip = _rule_strip(half * 2, thick, colour)
    surface.blit(strip, (round(cx) - half, round(cy - thick / 2)))
    if diamond:
        d = max(3, 5 * scale)
        points = [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)]
        pygame.draw.polygon(surface, colour, points)
        pygame.draw.aalines(surface, colour, True, points)
        gap = d * 2.2
        for side in (-1, 1):
            x = cx + side * gap
            pygame.draw.circle(surface, colour, (x, cy), max(1.5, 1.6 * scale))


@lru_cache(maxsize=64)
def _rule_strip(width: int, thick: int, colour: Colour) -> pygame.Surface:
    small = pygame.Surface((32, 1), pygame.SRCALPHA)
    for x in range(32):
        t = abs(x - 15.5) / 15.5
        small.set_at((x, 0), (*colour, round(255 * (1 - t**2.2))))
    return pygame.transform.smoothscale(small, (max(2, width), max(1, thick)))


def dim(surface: pygame.Surface, alpha: int, colour: Colour = (0, 0, 0)) -> None:
    """Darken the whole surface (an overlay's veil)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((*colour, max(0, min(255, alpha))))
    surface.blit(veil, (0, 0))


def draw_token(
    surface: pygame.Surface,
    centre: tuple[float, float],
    radius: float,
    body: Colour,
    rim: Colour,
    light: Colour,
) -> None:
    """A small turned man seen from above (a side's swatch): shadow, rim, lit face."""
    x, y = centre
    r = max(3.0, radius)
    pygame.draw.aacircle(surface, mix(rim, (0, 0, 0), 0.75), (x + r * 0.08, y + r * 0.2), r)
    pygame.draw.aacircle(surface, rim, (x, y), r)
    pygame.draw.aacircle(surface, body, (x, y - r * 0.06), r * 0.84)
    pygame.draw.aacircle(
        surface, mix(body, rim, 0.4), (x, y - r * 0.06), r * 0.56, max(1, round(r * 0.09))
    )
    pygame.draw.aacircle(surface, mix(body, light, 0.8), (x - r * 0.3, y - r * 0.38), r * 0.2)
    # A fine lit edge, so that a dark man still shows on a dark panel.
    pygame.draw.aacircle(surface, mix(rim, light, 0.55), (x, y), r, max(1, round(r * 0.08)))
