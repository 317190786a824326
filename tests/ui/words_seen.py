"""The words the window draws, caught as fonts render them (for the language tests).

``words_drawn(monkeypatch)`` records every text any shipped font renders from then on;
``untranslated(texts)`` keeps those the pseudo-language did not reach: a text with
letters in it but not inside the pseudo-language's marks (game.i18n.MARKS). Texts that
are rightly the same in every language are let through by ``SAME_EVERYWHERE``, each with
its reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from game.i18n import LANGUAGES
from game.ui import assets
from game.ui.widgets import text as text_module

# Words that stay as they are in every language (a pattern each, and why).
SAME_EVERYWHERE: dict[str, str] = {
    r"(Esc|Enter|Tab|Space|Alt|Ctrl|Shift|Backspace|Delete|F\d+|PgUp|PgDn|Home|End)": "keys",
    r"[\d*/]*(bar|off)[\d*/]*(\(\d\))?": "notation: bar/22, 6/off",
    r"Tabula": "the name of the game program",
    r"[IVXL]+": "a Roman numeral (the campaign's chapters: I. Rome)",
    r"(?=[a-f]*\d)[0-9a-f]{8}": "a dice seal's first hex digits (93b817e9)",
    **{name: "a language by its own name" for name in LANGUAGES.values()},
}
_SAME = [re.compile(pattern) for pattern in SAME_EVERYWHERE]
# The letters the pseudo-language replaces (game.i18n.pseudo): one left plain in a word
# shows the word did not go through the catalogue.
_PLAIN = re.compile("[aceinorsuyACEINORSUY]")
_WORD = re.compile(r"[^\s,.;:!?()\[\]{}\"'“”‘’«»⟦⟧·—–-]+")


def words_drawn(monkeypatch) -> list[str]:
    """Start recording the texts rendered by the shipped fonts; returns the list."""
    seen: list[str] = []
    base = assets.Face  # (every shipped font is one: its fallback runs are not recorded apart)

    class Recording(base):  # type: ignore[misc, valid-type]
        def render(self, text, *args, **kwargs):  # type: ignore[no-untyped-def]
            if isinstance(text, str):
                seen.append(text)
            return super().render(text, *args, **kwargs)

    monkeypatch.setattr(assets, "Face", Recording)
    assets.font.cache_clear()
    text_module.text_surface.cache_clear()
    return seen


def untranslated(texts: Iterable[str]) -> list[str]:
    """The texts drawn that hold a word the pseudo-language did not reach (a plain letter
    it would have accented) and that is not the same in every language; each once, in
    the order first drawn. A wrapped text's lines are judged each alone: the marks may be
    on other lines, the accents are on every word."""
    out: list[str] = []
    for text in texts:
        words = _WORD.findall(text)
        plain = [
            w for w in words if _PLAIN.search(w) and not any(p.fullmatch(w) for p in _SAME)
        ]
        if plain and text not in out:
            out.append(text)
    return out
