"""The campaign's words in the player's language: the chapters' titles, places and
dates, and each level's title and introduction (pure).

The level files (levels/*.toml) are English. A translation is one file a language,
``levels/locale/<language>.toml``, holding only words::

    [chapters.rome]
    title = "Ρώμη"
    place = "Η Ρωμαϊκή Αυτοκρατορία"
    date = "1ος αιώνας"

    [levels."01-the-twelve-lines"]
    title = "Οι δώδεκα γραμμές"
    intro = \"\"\"...\"\"\"

A word a translation lacks is shown in English; a translation that cannot be read is
left out whole, with a line in the log (it never keeps the campaign from opening). The
source a level names stays as written: a source is named in its own language.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from game.campaign.levels import Chapter, Level
from game.paths import levels_dir
from game.rules.safe_read import FileRefused, read_toml

log = logging.getLogger(__name__)

MAX_BYTES = 512 * 1024
CHAPTER_WORDS = ("title", "place", "date")
LEVEL_WORDS = ("title", "intro")
_CODE = re.compile(r"[a-z]{2,3}")


@dataclass(frozen=True, slots=True)
class LevelTexts:
    """One language's words for the campaign (empty: all English)."""

    chapters: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    levels: Mapping[str, Mapping[str, str]] = field(default_factory=dict)


def parse_level_texts(raw: Mapping[str, Any], where: str) -> LevelTexts:
    """The words in ``raw`` (a translation file's TOML); raises ``ValueError`` saying
    what is wrong."""
    unknown = set(raw) - {"chapters", "levels"}
    if unknown:
        raise ValueError(f"{where}: unknown table {sorted(unknown)[0]!r:.40}")
    found: dict[str, dict[str, dict[str, str]]] = {}
    for table, words in (("chapters", CHAPTER_WORDS), ("levels", LEVEL_WORDS)):
        entries = raw.get(table, {})
        if not isinstance(entries, dict):
            raise ValueError(f"{where}: '{table}' is not a table")
        found[table] = {}
        for key, entry in entries.items():
            if not isinstance(entry, dict):
                raise ValueError(f"{where}: {table}.{key:.40} is not a table")
            for name, value in entry.items():
                if name not in words:
                    raise ValueError(f"{where}: {table}.{key:.40} has no word {name!r:.40}")
                if not isinstance(value, str) or not value.strip():
                    raise ValueError(f"{where}: {table}.{key:.40}.{name} is not a text")
            found[table][key] = {k: " ".join(v.split()) for k, v in entry.items()}
    return LevelTexts(found["chapters"], found["levels"])


@cache
def level_texts(language: str) -> LevelTexts:
    """``language``'s words for the campaign, read once (empty for English, or where
    there is no file or it cannot be read)."""
    if language == "en" or not _CODE.fullmatch(language):
        return LevelTexts()
    path = levels_dir() / "locale" / f"{language}.toml"
    if not path.is_file():
        return LevelTexts()
    try:
        return parse_level_texts(read_toml(path, MAX_BYTES), path.name)
    except (FileRefused, ValueError) as exc:
        log.warning("the campaign's %s words cannot be read (%s): English is shown", language, exc)
        return LevelTexts()


def _language(language: str | None) -> str:
    if language is not None:
        return language
    from game.i18n import language as language_in_use

    return language_in_use()


def level_words(level: Level, language: str | None = None) -> tuple[str, str]:
    """``level``'s title and introduction in ``language`` (the one in use by default)."""
    words = level_texts(_language(language)).levels.get(level.id, {})
    return words.get("title", level.title), words.get("intro", level.intro)


def chapter_words(chapter: Chapter, language: str | None = None) -> tuple[str, str, str]:
    """``chapter``'s title, place and date in ``language`` (the one in use by default)."""
    words = level_texts(_language(language)).chapters.get(chapter.id, {})
    return (
        words.get("title", chapter.title),
        words.get("place", chapter.place),
        words.get("date", chapter.date),
    )


__all__ = ["LevelTexts", "chapter_words", "level_texts", "level_words", "parse_level_texts"]
