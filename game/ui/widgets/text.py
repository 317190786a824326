"""Text: the shipped fonts, cached rendering, fitting, wrapping and curly quotes."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui import assets
from game.ui.widgets.style import DEFAULT_STYLE, MIN_TEXT, Colour


def get_font(role: str, size: float) -> pygame.font.Font:
    """The shipped font at ``size`` px (survives a ``pygame.quit()`` between app runs).

    Never smaller than ``MIN_TEXT`` px: small windows stay readable."""
    px = max(MIN_TEXT, round(size))
    f = assets.font(role, px)
    try:
        f.get_height()
        f.size("x")
    except pygame.error:
        assets.font.cache_clear()  # pygame was restarted: the cached fonts died with it
        f = assets.font(role, px)
    return f


@lru_cache(maxsize=4096)
def text_surface(text: str, role: str, size: int, colour: Colour) -> pygame.Surface:
    """``text`` rendered antialiased (cached)."""
    return get_font(role, size).render(text, True, colour)


def text_width(text: str, role: str, size: float) -> int:
    return get_font(role, size).size(text)[0]


@lru_cache(maxsize=256)
def has_glyph(role: str, char: str) -> bool:
    """Whether the ``role`` font draws ``char`` rather than a box (from its own file, its
    fallback face or as a stand-in: ``assets.Face``)."""
    return assets.draws(role, char)


def fit_text(text: str, role: str, size: float, width: int) -> str:
    """``text``, cut with an ellipsis if it is wider than ``width`` px."""
    f = get_font(role, size)
    if f.size(text)[0] <= width:
        return text
    dots = "…" if has_glyph(role, "…") else "..."
    while text and f.size(text + dots)[0] > width:
        text = text[:-1]
    return text.rstrip(" ,;:.") + dots


def fit_size(text: str, role: str, size: float, width: int, smallest: float) -> float:
    """The largest size from ``size`` down to ``smallest`` (in steps of 5%) at which
    ``text`` fits ``width`` px; ``smallest`` if none does (then ``fit_text`` cuts it)."""
    while size > smallest and get_font(role, size).size(text)[0] > width:
        size = max(smallest, size * 0.95)
    return size


def typeset(text: str, role: str = "text") -> str:
    """Curly quotes and apostrophes for straight ones, where the font has them."""
    if ("'" not in text and '"' not in text) or not has_glyph(role, "“"):
        return text
    out = []
    for i, ch in enumerate(text):
        opening = i == 0 or text[i - 1].isspace() or text[i - 1] in "([{—-"
        if ch == '"':
            out.append("“" if opening else "”")
        elif ch == "'":
            out.append("‘" if opening else "’")
        else:
            out.append(ch)
    return "".join(out)


def draw_text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[float, float],
    *,
    role: str = "text",
    size: float = 18,
    colour: Colour = DEFAULT_STYLE.text,
    anchor: str = "topleft",
    shadow: int = 0,
    alpha: int = 255,
) -> pygame.Rect:
    """Draw ``text`` with its ``anchor`` (a Rect attribute) at ``pos``; a soft drop shadow
    ``shadow`` px below when asked. Returns the rectangle drawn."""
    if not text:
        return pygame.Rect(round(pos[0]), round(pos[1]), 0, 0)
    px = max(MIN_TEXT, round(size))
    image = text_surface(text, role, px, colour)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        dark = text_surface(text, role, px, (0, 0, 0))
        dark.set_alpha(min(alpha, 150))
        surface.blit(dark, rect.move(max(1, shadow // 2), shadow))
        dark.set_alpha(255)  # not None: that would drop the per-pixel alpha
    if alpha < 255:
        image.set_alpha(alpha)
        surface.blit(image, rect)
        image.set_alpha(255)  # (a cached surface)
    else:
        surface.blit(image, rect)
    return rect


def wrap_words(text: str, f: pygame.font.Font, width: int) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` px (a long word stands alone)."""
    return list(_wrapped(text, f, width))


def wrap_spaced(text: str, f: pygame.font.Font, width: int) -> list[str]:
    """``text`` as one line, its spacing kept ("Hits  ·  Pips"), where it fits ``width``;
    else broken as ``wrap_words`` breaks it."""
    return [text] if f.size(text)[0] <= width else wrap_words(text, f, width)


@lru_cache(maxsize=2048)
def _wrapped(text: str, f: pygame.font.Font, width: int) -> tuple[str, ...]:
    """``wrap_words``'s lines, kept: the same text is laid out again on every resize and
    scene change, and measuring it word by word is most of a text block's layout."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if not line or f.size(trial)[0] <= width:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return tuple(lines)
