"""One cached loader for fonts (and, through ``audio``, sounds).

Fonts are shipped in ``assets/fonts`` (EB Garamond, SIL OFL; see
assets/CREDITS.md): nothing depends on the system's fonts.

Every font the window sets text in is a ``Face``: the letters its own file lacks are
drawn from another face that has them, sized so that its capitals and small letters
stand as tall as the face's own, on the same baseline. The 2012 bold has no Greek,
Cyrillic, Turkish ğ ş ı İ, Spanish ñ or curly quotes: a later cut of the same family
(Octavio Pardo's EB Garamond bold) stands in for it. The small capitals have no final
sigma: they set it as a small capital sigma, as Greek small capitals are set. No shipped
face has the pseudo-language's marks ⟦ ⟧: each face draws them as its own bracket
doubled. Nothing falls back to a box but a character no shipped face has at all.
"""

from __future__ import annotations

import struct
import unicodedata
from functools import cache
from pathlib import Path

import pygame

from game.i18n import language
from game.paths import asset

FONT_FILES = {
    "text": "EBGaramond12-Regular.ttf",
    "bold": "EBGaramond12-Bold.ttf",
    "italic": "EBGaramond12-Italic.ttf",
    "caps": "EBGaramondSC12-Regular.ttf",
    "initials": "EBGaramond-Initials.ttf",
}


# EB Garamond's figures are old-style (its "11" reads as "II"); counts on men are set
# in lining figures: pygame's own bold sans (shipped inside pygame, not the system's),
# which pygame sets this much smaller than the size asked.
FIGURES = "figures"
FIGURES_SCALE = 0.6875

# The face that draws what a role's own file lacks (roles not named here lack nothing
# but the marks, which STAND_INS draws).
FALLBACK_FILES = {
    "bold": "EBGaramond-Bold.ttf",  # the later cut: Greek, Cyrillic, ğ ş ı İ, ñ, “ ” ’
    "caps": "EBGaramond12-Regular.ttf",
    "initials": "EBGaramond12-Regular.ttf",  # (the initials are capitals A D F G ... only)
    FIGURES: "EBGaramond-Bold.ttf",
}
# Characters a role draws as another of its own (Greek small capitals have no final
# sigma: a word ends in a small capital sigma, as it does in capitals).
# Greek set in capitals or small capitals drops its accents (ΠΑΥΣΗ, not ΠΑΎΣΗ), keeping the
# diaeresis.
_GREEK_UNACCENTED = dict(zip("άέήίόύώΐΰΆΈΉΊΌΎΏ", "αεηιουωϊϋΑΕΗΙΟΥΩ", strict=True))
SUBSTITUTES = {"caps": str.maketrans({"ς": "σ", **_GREEK_UNACCENTED})}
# Characters a role's own file has but draws poorly, left to its fallback: the small
# capitals' file has no Cyrillic small capitals (its Cyrillic is the regular lowercase)
# and draws ё without its dots.
LEFT_TO_FALLBACK = {"caps": range(0x0400, 0x0530)}
# Characters no shipped face has, drawn as a character each face has, twice, side by side.
STAND_INS = {"⟦": "[", "⟧": "]"}
DOUBLE_GAP = 0.16  # the second stroke of a doubled bracket, this many em to the right

# The letters whose heights the fallback is sized to match: capitals and small letters.
_MEASURED = "Hx"
_OWN, _OTHER, _DOUBLED = 0, 1, 2


def font_path(role: str) -> Path:
    """The file of ``role``'s own face."""
    if role == FIGURES:
        return Path(pygame.__file__).parent / pygame.font.get_default_font()
    if role not in FONT_FILES:
        roles = ", ".join([*FONT_FILES, FIGURES])
        raise ValueError(f"unknown font role {role!r} (roles: {roles})")
    return asset("fonts", FONT_FILES[role])


class Coverage:
    """Which characters one font file draws: those its character map gives a glyph (the
    table FreeType looks letters up in for pygame; a character not there is drawn as the
    file's box, and pygame.font's measures do not tell it from a letter)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.points = character_map(path)
        self.ascii = all(c in self.points for c in range(32, 127))

    def has(self, char: str) -> bool:
        # (a line break or a tab is no letter to look for)
        return ord(char) in self.points or unicodedata.category(char) == "Cc"

    def without(self, points: range) -> Coverage:
        """The same file's, less ``points`` (left to the fallback)."""
        less = Coverage.__new__(Coverage)
        less.path, less.ascii = self.path, self.ascii
        less.points = self.points - frozenset(points)
        return less


@cache
def coverage(path: Path) -> Coverage:
    return Coverage(path)


def character_map(path: Path) -> frozenset[int]:
    """The code points the TrueType file at ``path`` maps to a glyph other than its box,
    read from its Unicode 'cmap' subtable as FreeType chooses it (the full repertoire,
    format 12, before the basic plane's, format 4). Empty if the file has neither."""
    data = path.read_bytes()
    tables = {
        data[at : at + 4]: struct.unpack_from(">I", data, at + 8)[0]
        for at in range(12, 12 + 16 * struct.unpack_from(">H", data, 4)[0], 16)
    }
    cmap = tables.get(b"cmap")
    if cmap is None:
        return frozenset()
    subtables: dict[tuple[int, int, int], int] = {}
    for at in range(cmap + 4, cmap + 4 + 8 * struct.unpack_from(">H", data, cmap + 2)[0], 8):
        platform, encoding, offset = struct.unpack_from(">HHI", data, at)
        fmt = struct.unpack_from(">H", data, cmap + offset)[0]
        subtables.setdefault((platform, encoding, fmt), cmap + offset)
    for key in ((3, 10, 12), (0, 4, 12), (3, 1, 4), (0, 3, 4)):
        if key in subtables:
            read = _format_12 if key[2] == 12 else _format_4
            return frozenset(read(data, subtables[key]))
    return frozenset()


def _format_4(data: bytes, at: int) -> list[int]:
    count = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends = struct.unpack_from(f">{count}H", data, at + 14)
    starts = struct.unpack_from(f">{count}H", data, at + 16 + 2 * count)
    deltas = struct.unpack_from(f">{count}h", data, at + 16 + 4 * count)
    offsets_at = at + 16 + 6 * count
    offsets = struct.unpack_from(f">{count}H", data, offsets_at)
    found: list[int] = []
    for i, (start, end, delta, offset) in enumerate(
        zip(starts, ends, deltas, offsets, strict=True)
    ):
        for code in range(start, min(end, 0xFFFE) + 1):
            if offset == 0:
                glyph = (code + delta) & 0xFFFF
            else:
                glyph = struct.unpack_from(
                    ">H", data, offsets_at + 2 * i + offset + 2 * (code - start)
                )[0]
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            if glyph:
                found.append(code)
    return found


def _format_12(data: bytes, at: int) -> list[int]:
    found: list[int] = []
    for group in range(at + 16, at + 16 + 12 * struct.unpack_from(">I", data, at + 12)[0], 12):
        start, end, glyph = struct.unpack_from(">III", data, group)
        found.extend(range(start + (glyph == 0), end + 1))  # (glyph 0 is the box)
    return found


@cache
def fallback_scale(role: str) -> float:
    """How much larger than ``role``'s own size its fallback face is set so that its
    capitals and small letters are as tall (the mean of the two ratios)."""
    own = pygame.font.Font(font_path(role), 1000)
    other = pygame.font.Font(asset("fonts", FALLBACK_FILES[role]), 1000)
    mine, theirs = coverage(font_path(role)), coverage(asset("fonts", FALLBACK_FILES[role]))
    ratios = []
    for char in _MEASURED:
        if mine.has(char) and theirs.has(char):
            high, tall = own.metrics(char)[0], other.metrics(char)[0]  # (maxy: the height)
            if high is not None and tall is not None and high[3] > 0 and tall[3] > 0:
                ratios.append(high[3] / tall[3])
    return sum(ratios) / len(ratios) if ratios else 1.0


def draws(role: str, char: str) -> bool:
    """Whether a ``role`` face draws ``char`` (itself, from its fallback or as a stand-in)
    rather than a box."""
    char = char.translate(SUBSTITUTES.get(role, {}))
    if coverage(font_path(role)).has(char) or char in STAND_INS:
        return True
    return role in FALLBACK_FILES and coverage(asset("fonts", FALLBACK_FILES[role])).has(char)


class Face(pygame.font.Font):
    """The font of ``role`` at ``size`` px: its own file's metrics (height, ascent, line
    size) for the layout; ``render`` and ``size`` set each run of letters the own file
    lacks in the fallback face, sized to match and on the same baseline."""

    def __init__(self, role: str, size: int) -> None:
        path = font_path(role)
        # (pygame's own font is its file set smaller: the same picture as Font(None, size))
        self.file_px = int(size * FIGURES_SCALE) if role == FIGURES else size
        super().__init__(path, self.file_px)
        self.role = role
        self.px = size
        own = coverage(path)
        left = LEFT_TO_FALLBACK.get(role)
        self._own = own if left is None else own.without(left)
        self._swap = SUBSTITUTES.get(role)
        self._other_font: pygame.font.Font | None = None

    def _cased(self, text: str) -> str:
        """Turkish in small capitals is set in capitals: the small capitals' i has no dot,
        which in Turkish makes it another letter (ı), and no shipped face has a small
        capital İ; capitals keep both (GERİ, KIRIK)."""
        if self.role == "caps" and language() == "tr" and ("i" in text or "ı" in text):
            return text.replace("i", "İ").replace("ı", "I").upper()
        return text

    def _plain(self, text: str) -> bool:
        """Whether the own face draws all of ``text`` (the common case, decided fast)."""
        return text.isascii() and self._own.ascii

    def fallback_px(self) -> int | None:
        """The size the fallback face is set in (None: this role has none)."""
        if self.role not in FALLBACK_FILES:
            return None
        return max(1, round(self.file_px * fallback_scale(self.role)))

    def _other(self) -> pygame.font.Font | None:
        px = self.fallback_px()
        if self._other_font is None and px is not None:
            self._other_font = pygame.font.Font(asset("fonts", FALLBACK_FILES[self.role]), px)
        return self._other_font

    def runs(self, text: str) -> list[tuple[int, str]]:
        """``text`` cut where the face that draws it changes: (which, letters) with which
        one of _OWN, _OTHER (the fallback) or _DOUBLED (one stand-in, as its bracket)."""
        if self._swap is not None:
            text = text.translate(self._swap)
        other = (
            coverage(asset("fonts", FALLBACK_FILES[self.role]))
            if self.role in FALLBACK_FILES
            else None
        )
        out: list[tuple[int, str]] = []
        for char in text:
            if char in STAND_INS and not self._own.has(char):
                out.append((_DOUBLED, STAND_INS[char]))
                continue
            which = _OWN
            if not self._own.has(char) and other is not None and other.has(char):
                which = _OTHER
            elif (
                out
                and out[-1][0] == _OTHER
                and (char.isspace() or unicodedata.combining(char))
                and other is not None
                and other.has(char)
            ):
                which = _OTHER  # a space or an accent goes on in the face of the run
            if out and out[-1][0] == which and which != _DOUBLED:
                out[-1] = (which, out[-1][1] + char)
            else:
                out.append((which, char))
        return out

    def _pieces(
        self, runs: list[tuple[int, str]]
    ) -> tuple[list[tuple[pygame.font.Font, str, int, int, int]], int, int]:
        """Each run's (font, letters, width, height above and below the baseline) and
        the whole's height above and below it (as pygame's would be: the face's own
        ascent and descent, more where a letter stands out of them)."""
        own = pygame.font.Font
        pieces = []
        above, below = self.get_ascent(), -self.get_descent()
        for which, letters in runs:
            face = self._face(which, letters)
            width = own.size(face, letters)[0]
            if which == _DOUBLED:
                width += self._gap()
            found = [m for m in own.metrics(face, letters) if m is not None]
            top = max((m[3] for m in found), default=0)
            bottom = max((-m[2] for m in found), default=0)
            above, below = max(above, top), max(below, bottom)
            pieces.append((face, letters, width, top, bottom))
        return pieces, above, below

    def _face(self, which: int, letters: str) -> pygame.font.Font:
        if which == _OWN or (which == _DOUBLED and self._own.has(letters)):
            return self
        other = self._other()
        return self if other is None else other

    def _gap(self) -> int:
        return max(1, round(self.file_px * DOUBLE_GAP))

    def size(self, text: str | bytes) -> tuple[int, int]:  # type: ignore[override]
        if isinstance(text, str):
            text = self._cased(text)
        if not isinstance(text, str) or self._plain(text):
            return super().size(text)
        runs = self.runs(text)
        if len(runs) == 1 and runs[0][0] == _OWN:
            return super().size(runs[0][1])
        pieces, above, below = self._pieces(runs)
        return sum(p[2] for p in pieces), above + below

    def render(  # type: ignore[override]
        self,
        text: str | bytes | None,
        antialias: bool,
        color: pygame.typing.ColorLike,
        bgcolor: pygame.typing.ColorLike | None = None,
        wraplength: int = 0,
    ) -> pygame.Surface:
        if isinstance(text, str):
            text = self._cased(text)
        if not isinstance(text, str) or wraplength or self._plain(text):
            return super().render(text, antialias, color, bgcolor, wraplength)
        runs = self.runs(text)
        if len(runs) == 1 and runs[0][0] == _OWN:
            return super().render(runs[0][1], antialias, color, bgcolor)
        return self._compose(runs, antialias, color, bgcolor)

    def _compose(
        self,
        runs: list[tuple[int, str]],
        antialias: bool,
        color: pygame.typing.ColorLike,
        bgcolor: pygame.typing.ColorLike | None,
    ) -> pygame.Surface:
        """The runs, each in its face, set side by side on one baseline."""
        pieces, above, below = self._pieces(runs)
        ink = pygame.Color(color)
        canvas = pygame.Surface((sum(p[2] for p in pieces), above + below), pygame.SRCALPHA)
        canvas.fill((ink.r, ink.g, ink.b, 0))
        x = 0
        for (which, _), (face, letters, width, top, _bottom) in zip(runs, pieces, strict=True):
            picture = pygame.font.Font.render(face, letters, antialias, ink)
            # where pygame put the baseline in that picture: its ascent, lower by what
            # stands above it
            baseline = face.get_ascent() + max(0, top - face.get_ascent())
            at = (x, above - baseline)
            strokes = (at, (x + self._gap(), at[1])) if which == _DOUBLED else (at,)
            for place in strokes:
                if antialias:  # (the maximum keeps the colour and joins touching letters)
                    canvas.blit(picture, place, special_flags=pygame.BLEND_RGBA_MAX)
                else:
                    canvas.blit(picture, place)
            x += width
        if bgcolor is None:
            return canvas
        filled = pygame.Surface(canvas.get_size())
        filled.fill(bgcolor)
        filled.blit(canvas, (0, 0))
        return filled


@cache
def font(role: str, size: int) -> Face:
    """The shipped font for ``role`` (text, bold, italic, caps, initials, or figures:
    lining numerals) at ``size`` px, with its fallback (``Face``)."""
    font_path(role)  # (an unknown role fails here, naming the roles)
    return Face(role, max(6, int(size)))
