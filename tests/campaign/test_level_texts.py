"""The campaign's words in other languages (levels/locale/<language>.toml): read, each
word falling back to English where a translation lacks it, a damaged file left out with
a log line, and every shipped translation naming only real chapters and levels."""

from __future__ import annotations

import pytest

from game.campaign import Campaign
from game.campaign import level_texts as lt
from game.i18n import LANGUAGES
from game.paths import levels_dir
from game.rules.safe_read import read_toml


@pytest.fixture(scope="module")
def campaign() -> Campaign:
    return Campaign.load()


def test_english_is_the_level_files_own(campaign):
    level, chapter = campaign.levels[0], campaign.chapters[0]
    assert lt.level_words(level, "en") == (level.title, level.intro)
    assert lt.chapter_words(chapter, "en") == (chapter.title, chapter.place, chapter.date)


def test_a_translation_is_shown_word_by_word_and_english_fills_the_gaps(
    campaign, tmp_path, monkeypatch
):
    level, chapter = campaign.levels[0], campaign.chapters[0]
    (tmp_path / "locale").mkdir()
    (tmp_path / "locale" / "el.toml").write_text(
        f'[chapters.{chapter.id}]\ntitle = "Ρώμη"\n\n'
        f'[levels."{level.id}"]\ntitle = "Οι δώδεκα γραμμές"\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(lt, "levels_dir", lambda: tmp_path)
    lt.level_texts.cache_clear()
    try:
        assert lt.level_words(level, "el") == ("Οι δώδεκα γραμμές", level.intro)
        assert lt.chapter_words(chapter, "el") == ("Ρώμη", chapter.place, chapter.date)
        assert lt.level_words(level, "ru") == (level.title, level.intro)  # no file: English
    finally:
        lt.level_texts.cache_clear()


@pytest.mark.parametrize(
    "text",
    [
        'title = "loose"',
        "[levels.x]\nauthor = 'me'",
        '[levels.x]\ntitle = ""',
        "[chapters]\nrome = 3",
        "not toml at all [",
    ],
)
def test_a_damaged_translation_is_left_out_with_a_line_in_the_log(
    tmp_path, monkeypatch, caplog, text
):
    (tmp_path / "locale").mkdir()
    (tmp_path / "locale" / "tr.toml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(lt, "levels_dir", lambda: tmp_path)
    lt.level_texts.cache_clear()
    try:
        assert lt.level_texts("tr") == lt.LevelTexts()
        assert "cannot be read" in caplog.text
    finally:
        lt.level_texts.cache_clear()


@pytest.mark.parametrize("language", [c for c in LANGUAGES if c != "en"])
def test_every_shipped_translation_names_real_chapters_and_levels(campaign, language):
    path = levels_dir() / "locale" / f"{language}.toml"
    if not path.is_file():
        assert lt.level_texts(language) == lt.LevelTexts()
        return
    texts = lt.parse_level_texts(read_toml(path, lt.MAX_BYTES), path.name)
    assert set(texts.chapters) <= {c.id for c in campaign.chapters}
    assert set(texts.levels) <= {level.id for level in campaign.levels}
