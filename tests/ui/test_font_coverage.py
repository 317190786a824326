"""Every letter of every language is drawn by every face the window sets text in, never
as a box (the bold of 2012 once set "Español" as "Espa▯ol"); a letter drawn from the
fallback face stands as tall as the face's own and on its baseline.

A box is recognised by its picture: each letter is drawn through the window's own path
(``assets.font``, ``text_surface``) and compared with the box each shipped file draws
for a character no font has, at the sizes the face and its fallback are set in.
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from game.i18n import LANGUAGES, MARKS, pseudo
from game.paths import asset
from game.ui import assets
from game.ui.widgets.text import has_glyph, text_surface

ROLES = [*assets.FONT_FILES, assets.FIGURES]
NO_FONT_HAS = "\uffff"  # (a noncharacter: every face draws its box for it)
PUNCTUATION = "«»„“”‘’…—–·"
GREEK = "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΆΈΉΊΌΎΏΪΫ" + "αβγδεζηθικλμνξοπρσςτυφχψωάέήίόύώϊϋΐΰ" + ";·"
RUSSIAN = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
LATIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ALPHABETS = {
    "en": LATIN + LATIN.lower(),
    "el": GREEK,
    "es": LATIN + LATIN.lower() + "ÁÉÍÓÚÜÑáéíóúüñ¿¡",
    "it": LATIN + LATIN.lower() + "ÀÈÉÌÍÒÓÙàèéìíòóù",
    "ru": RUSSIAN + RUSSIAN.lower() + "№",
    "tr": LATIN + LATIN.lower() + "ÇĞİÖŞÜÂÎÛçğıöşüâîû",
}
SIZES = (14, 40)


@pytest.fixture(scope="module", autouse=True)
def fonts():
    pygame.font.init()
    yield


def _ink(picture: pygame.Surface) -> bytes:
    """The inked part of a picture, as its alpha values (what a comparison looks at)."""
    box = picture.get_bounding_rect()
    if not box.w or not box.h:
        return b""
    part = picture.subsurface(box)
    return bytes(box.size) + pygame.image.tobytes(part, "RGBA")[3::4]


def _files() -> list[str | None]:
    """Every shipped file, and pygame's own font (None: pygame sets it a little smaller)."""
    return [*sorted(str(p) for p in asset("fonts").glob("*.ttf")), None]


def _boxes(face: assets.Face) -> set[bytes]:
    """The box of every shipped file, at the sizes ``face`` sets text in (its own and its
    fallback's)."""
    sizes = {face.px, face.file_px, face.fallback_px() or face.px}
    white = (255, 255, 255)
    return {
        _ink(pygame.font.Font(path, size).render(NO_FONT_HAS, True, white))
        for path in _files()
        for size in sizes
    }


def _boxed(role: str, px: int, text: str) -> list[str]:
    face = assets.font(role, px)
    boxes = _boxes(face)
    assert _ink(face.render(NO_FONT_HAS, True, (255, 255, 255))) in boxes  # (the test sees)
    out = []
    for char in dict.fromkeys(text):
        drawn = _ink(face.render(char, True, (255, 255, 255)))
        if not drawn or drawn in boxes:
            out.append(char)
    return out


def test_every_language_has_an_alphabet_here():
    assert set(ALPHABETS) == set(LANGUAGES)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_face_draws_every_letter_of_every_language(language, role, size):
    letters = ALPHABETS[language] + PUNCTUATION + LANGUAGES[language].replace(" ", "")
    assert _boxed(role, size, letters) == []
    assert all(has_glyph(role, char) for char in letters)


@pytest.mark.parametrize("role", ROLES)
def test_the_pseudo_languages_marks_are_no_boxes(role):
    assert _boxed(role, 24, "".join(MARKS)) == []
    marked = pseudo("New game")
    assert marked.startswith(MARKS[0]) and marked.endswith(MARKS[1])
    face = assets.font(role, 24)
    # as wide as the text it stands for, not a box's width: measured and drawn alike
    assert face.size(marked)[0] == face.render(marked, True, (0, 0, 0)).get_width()


def test_espanol_in_a_bold_title_is_no_box():
    """The bug that was: the 2012 bold drew ñ as its box."""
    white = (255, 255, 255)
    word = text_surface("Español", "bold", 44, white)
    boxed = text_surface("Espa" + NO_FONT_HAS + "ol", "bold", 44, white)
    plain = text_surface("Espanol", "bold", 44, white)
    assert _ink(word) != _ink(boxed)
    assert abs(word.get_width() - plain.get_width()) <= 2  # ñ is as wide as n
    top = word.get_bounding_rect()
    assert top.bottom == plain.get_bounding_rect().bottom  # one baseline
    assert top.h == plain.get_bounding_rect().h  # the tilde under the l's height


def _middle_ink(face: pygame.font.Font, before: str, char: str, after: str) -> pygame.Rect:
    """Where ``char`` inks, set between ``before`` and ``after`` (ink of its neighbours
    left out), in the picture of the three."""
    picture = face.render(before + char + after, True, (255, 255, 255))
    left, right = face.size(before)[0], face.size(before + char)[0]
    part = picture.subsurface((left, 0, right - left, picture.get_height()))
    return part.get_bounding_rect()


# Letters standing on the baseline at the height of the small x or of a capital, flat
# topped and bottomed (no overshoot): from the fallback in the bold face.
SMALL = "νικнпткгшı"
CAPITALS = "ΗΙΚΝΠΓΕНИКПГЕШ"  # (not Τ Т: their serifs stand above H)


@pytest.mark.parametrize("px", (20, 44, 72))
def test_a_fallback_letter_in_a_bold_title_is_as_tall_and_on_the_baseline(px):
    face = assets.font("bold", px)
    assert [c for c in SMALL + CAPITALS if not assets.coverage(face_file("bold")).has(c)] == list(
        SMALL + CAPITALS
    )  # (they are the fallback's)
    tolerance = max(2, round(px * 0.04))  # (the two cuts differ a little in proportion)
    for chars, like in ((SMALL, "x"), (CAPITALS, "H")):
        mine = _middle_ink(face, like, like, like)
        for char in chars:
            theirs = _middle_ink(face, like, char, like)
            assert abs(theirs.bottom - mine.bottom) <= tolerance, (char, "baseline")
            assert abs(theirs.top - mine.top) <= tolerance, (char, "height")


def face_file(role: str) -> Path:
    return assets.font_path(role)


@pytest.mark.parametrize("role", ROLES)
def test_a_text_the_face_draws_itself_is_drawn_as_before(role):
    """Text the own file draws is pygame's own picture: the fallback costs it nothing."""
    own = pygame.font.Font(None if role == assets.FIGURES else face_file(role), 30)
    face = assets.font(role, 30)
    for text in ("Tabula 1234", "Backgammon, étoile"):
        if all(assets.coverage(face_file(role)).has(c) for c in text):
            mine = face.render(text, True, (200, 180, 90))
            assert face.size(text) == own.size(text)
            assert pygame.image.tobytes(mine, "RGBA") == pygame.image.tobytes(
                own.render(text, True, (200, 180, 90)), "RGBA"
            )


@pytest.mark.parametrize("role", ["bold", "caps", "text"])
def test_a_mixed_text_measures_as_it_draws(role):
    face = assets.font(role, 26)
    for text in ("Ελληνικά", "Türkçe · Español", "„Русский“ ⟦x⟧", "ΣΟΦΊΑΣ σοφίας"):
        picture = face.render(text, True, (10, 20, 30))
        assert face.size(text) == picture.get_size()
        assert picture.get_height() >= face.get_height()
        filled = face.render(text, True, (10, 20, 30), (250, 240, 220))
        assert filled.get_size() == picture.get_size()


def test_small_capitals_end_a_greek_word_in_a_small_capital_sigma():
    face = assets.font("caps", 30)
    white = (255, 255, 255)
    assert _ink(face.render("σοφίας", True, white)) == _ink(face.render("σοφίασ", True, white))


def test_a_greek_line_is_quick():
    """A 40-letter Greek line in the bold (from the fallback) is drawn in well under a
    frame's time, the first time and again."""
    assets.font.cache_clear()
    line = "Η τάβλα είναι το παλαιότερο επιτραπέζιο"
    started = time.perf_counter()
    assets.font("bold", 31).render(line, True, (0, 0, 0))
    first = time.perf_counter() - started
    face = assets.font("bold", 31)
    started = time.perf_counter()
    for _ in range(20):
        face.render(line, True, (0, 0, 0))
    again = (time.perf_counter() - started) / 20
    assert first < 0.05 and again < 0.005, (first, again)


@pytest.mark.parametrize("path", _files())
def test_the_character_map_read_is_freetypes(path):
    """What ``assets.character_map`` reads of each shipped file is what FreeType finds a
    glyph for (asked letter by letter: it measures nothing for a letter it lacks)."""
    import pygame.freetype

    pygame.freetype.init()
    file = Path(path) if path else assets.font_path(assets.FIGURES)
    face = pygame.freetype.Font(str(file), 20)
    points = assets.character_map(file)
    for block in (range(0x20, 0x250), range(0x370, 0x530), range(0x2000, 0x2070)):
        for code in block:
            assert (code in points) == (face.get_metrics(chr(code))[0] is not None), hex(code)
    assert ord("⟦") not in points


def test_greek_in_small_capitals_drops_its_accents_and_keeps_the_diaeresis():
    face = assets.font("caps", 30)
    assert face.runs("Παύση") == face.runs("Παυση")
    assert "ϊ" in "".join(letters for _, letters in face.runs("ΐ"))


def test_turkish_in_small_capitals_is_set_in_capitals_keeping_the_dot():
    """The small capitals' i has no dot: in Turkish that is another letter (ı)."""
    from game import i18n

    face = assets.font("caps", 30)
    try:
        i18n.set_language("tr")
        geri = face.render("Geri", True, (255, 255, 255))
        assert face._cased("Geri kırık") == "GERİ KIRIK"
        assert geri.get_size() == face.render("GERİ", True, (255, 255, 255)).get_size()
        assert face.size("Geri") == face.size("GERİ")
    finally:
        i18n.set_language("en")
    assert face._cased("Geri") == "Geri"  # in English the small capitals stay


def test_russian_in_small_capitals_keeps_the_dots_of_yo():
    """The small capitals' file draws ё as е: Cyrillic there is set in the fallback."""
    face = assets.font("caps", 40)
    yo = face.render("ё", True, (255, 255, 255))
    ye = face.render("е", True, (255, 255, 255))
    assert pygame.image.tobytes(yo, "RGBA") != pygame.image.tobytes(ye, "RGBA")
    assert {which for which, _ in face.runs("Чёрные")} == {assets._OTHER}  # the fallback
