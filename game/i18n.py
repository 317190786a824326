"""Tabula's words in the player's language (pure: no pygame).

The ecosystem's convention: GNU gettext catalogues, one domain (``tabula``), a ``.po``
source per language in ``assets/locale/<code>/LC_MESSAGES/tabula.po``, compiled to the
``.mo`` beside it when Tabula is built or installed (``python -m tools.catalogues
compile``; ``make`` and the wheel's build hook run it). Babel extracts the words from the
code and formats numbers and dates the locale's way.

The words are English in the code and looked up at the moment they are shown, so a
change of language (``set_language``) takes effect at the next frame without a restart:

- ``_("Back")``; a value goes in by name, never glued from pieces (the word order
  differs between languages): ``_("{name} to play").format(name=name)``;
- ``ngettext("{n} game", "{n} games", n).format(n=n)``: each language's plural forms;
- ``pgettext("button", "Back")`` where one English word needs two translations;
- ``N_("Slow")`` marks a constant for the catalogue where it is defined; it is
  translated where it is shown, ``_(SPEED_WORDS[speed])``.

What stays English: the engine protocol and its error texts, the records' stored
values, the log, notation, file formats.

``PSEUDO`` is a language for tests: every text lengthened by 40% and wrapped in
``MARKS``, its placeholders kept, so that a window test sees text that would not fit a
longer language, and text shown without going through the catalogue.
"""

from __future__ import annotations

import gettext
import logging
import math
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from game.paths import asset

log = logging.getLogger(__name__)

DOMAIN = "tabula"
ENGLISH = "en"
# Each language by its own name, as a player looks for it in the list.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "el": "Ελληνικά",
    "es": "Español",
    "it": "Italiano",
    "ru": "Русский",
    "tr": "Türkçe",
}
PSEUDO = "qps"  # the pseudo-language of the tests (never offered to players)
MARKS = ("⟦", "⟧")
GROWTH = 0.4  # how much longer the pseudo-language makes each text

# A placeholder of str.format ({name}, {n:.0f}) or of %-formatting (%s, %(name)d).
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%(?:\([^)]*\))?[#0 +-]*\d*(?:\.\d+)?[sdifr%]")
_ACCENTED = str.maketrans(
    "aceinorsuyACEINORSUY",
    "áçéîñöŕšüýÁÇÉÎÑÖŔŠÜÝ",
)


def pseudo(text: str) -> str:
    """``text`` in the pseudo-language: its letters accented, 40% longer, in ``MARKS``;
    its placeholders and line breaks as they were."""
    if not text:
        return text
    lines = []
    for line in text.split("\n"):
        parts = PLACEHOLDER.split(line)
        holes = PLACEHOLDER.findall(line)
        out = parts[0].translate(_ACCENTED)
        for hole, part in zip(holes, parts[1:], strict=True):
            out += hole + part.translate(_ACCENTED)
        letters = sum(len(p) for p in parts)
        pad = math.ceil(letters * GROWTH)
        # The padding as short words, so that wrapping still finds places to break.
        filler = " ".join("~" * min(6, pad - i) for i in range(0, pad, 6)) if pad else ""
        lines.append(f"{MARKS[0]}{out}{' ' + filler if filler else ''}{MARKS[1]}")
    return "\n".join(lines)


class PseudoTranslations(gettext.NullTranslations):
    """Every text in the pseudo-language (no catalogue needed)."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


@dataclass(slots=True)
class _Current:
    """The language in use and its catalogue (one per process, as gettext's own)."""

    code: str
    catalogue: gettext.NullTranslations


_current = _Current(ENGLISH, gettext.NullTranslations())


def catalogue_path(code: str) -> Path:
    """Where the compiled catalogue of ``code`` is (beside its ``.po`` source)."""
    return asset("locale", code, "LC_MESSAGES", f"{DOMAIN}.mo")


def load_catalogue(code: str) -> gettext.NullTranslations:
    """The catalogue of ``code`` (raises ``LookupError`` when there is none to read)."""
    if code == ENGLISH:
        return gettext.NullTranslations()
    if code == PSEUDO:
        return PseudoTranslations()
    if code not in LANGUAGES:
        raise LookupError(f"no language {code!r:.20} (languages: {', '.join(LANGUAGES)})")
    path = catalogue_path(code)
    try:
        with path.open("rb") as f:
            return gettext.GNUTranslations(f)
    except (OSError, ValueError, UnicodeDecodeError) as exc:  # missing, or not a catalogue
        raise LookupError(f"the {LANGUAGES[code]} catalogue cannot be read: {exc}") from exc


def set_language(code: str) -> str:
    """Show every text in ``code`` from now on; returns the language now in use (English
    where ``code`` is unknown or its catalogue cannot be read: the log says why)."""
    try:
        catalogue = load_catalogue(code)
    except LookupError as exc:
        log.warning("%s; the words stay in English", exc)
        code, catalogue = ENGLISH, gettext.NullTranslations()
    _current.code, _current.catalogue = code, catalogue
    return code


def language() -> str:
    """The code of the language in use."""
    return _current.code


def available(code: str) -> bool:
    """Whether ``code``'s catalogue can be shown (English always can)."""
    return code in (ENGLISH, PSEUDO) or catalogue_path(code).is_file()


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The system's language, where Tabula speaks it (else English): from ``LANGUAGE``,
    ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``, as gettext reads them, then the locale."""
    env = os.environ if environ is None else environ
    names: list[str] = []
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key, "")
        if value:
            names += value.split(":")
            break
    if environ is None:
        import locale

        try:
            found = locale.getlocale()[0]
        except ValueError:
            found = None
        if found:
            names.append(found)
    for name in names:
        code = name.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
        if code in ("c", "posix"):
            return ENGLISH
    return ENGLISH


def _(message: str) -> str:
    """``message`` in the language in use."""
    return _current.catalogue.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` that ``n`` takes in the language in use."""
    return _current.catalogue.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in use, as meant in ``context``."""
    return _current.catalogue.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """``ngettext`` for a text meant in ``context`` (the board's "24 points" are not the
    score's "2 points" in every language)."""
    return _current.catalogue.npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue, untranslated: it is translated where shown."""
    return message


# -- numbers and dates, the locale's way (Babel) ----------------------------------------------


def _locale() -> str:
    return ENGLISH if _current.code == PSEUDO else _current.code


def number(value: float, digits: int = 0) -> str:
    """``value`` with ``digits`` decimals, grouped and pointed the locale's way."""
    from babel.numbers import format_decimal

    return str(format_decimal(value, format=_pattern("decimal", digits), locale=_locale()))


def _pattern(kind: str, digits: int) -> str:
    """The locale's own pattern for numbers (``kind`` decimal or percent: "#,##0%",
    "%#,##0"), with ``digits`` decimals after its last digit."""
    from babel import Locale

    found = Locale.parse(_locale())
    formats = found.decimal_formats if kind == "decimal" else found.percent_formats
    pattern = str(formats[None].pattern).split(";")[0]
    pattern = re.sub(r"\.[0#]+", "", pattern)  # the locale's decimals, replaced by ours
    if digits > 0:
        pattern = re.sub(r"0(?=[^0]*$)", "0." + "0" * digits, pattern, count=1)
    return pattern


def percent(share: float, digits: int = 0) -> str:
    """``share`` (0-1) as a percentage, the locale's way ("45%", "45 %", "%45")."""
    from babel.numbers import format_percent

    return str(format_percent(share, format=_pattern("percent", digits), locale=_locale()))


def date(when: float, *, with_time: bool = False) -> str:
    """The moment ``when`` (seconds since the epoch) as the locale writes a date."""
    from datetime import datetime

    from babel.dates import format_date, format_datetime

    moment = datetime.fromtimestamp(when)
    if with_time:
        return str(format_datetime(moment, format="medium", locale=_locale()))
    return str(format_date(moment, format="medium", locale=_locale()))


__all__ = [
    "DOMAIN",
    "ENGLISH",
    "LANGUAGES",
    "MARKS",
    "N_",
    "PSEUDO",
    "PseudoTranslations",
    "_",
    "available",
    "catalogue_path",
    "date",
    "language",
    "load_catalogue",
    "ngettext",
    "npgettext",
    "number",
    "percent",
    "pgettext",
    "pseudo",
    "set_language",
    "system_language",
]
