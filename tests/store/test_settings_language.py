"""The language setting: empty (the system's) by default and in books kept before it,
kept between runs, and an unknown or damaged value read as the system's."""

from __future__ import annotations

from dataclasses import replace

from game.store.records import Records
from game.store.settings import Settings, load_settings, save_settings


def test_the_systems_language_until_one_is_chosen_then_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    assert Settings().language == ""
    records = Records.open(tmp_path / "records.sqlite")
    records.save_settings_values({"muted": True})
    assert load_settings(records).language == ""
    save_settings(replace(Settings(), language="ru"), records)
    assert load_settings(Records.open(tmp_path / "records.sqlite")).language == "ru"


def test_an_unknown_or_damaged_language_is_the_systems(tmp_path, monkeypatch, caplog):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    records = Records.open(tmp_path / "records.sqlite")
    for value in ("klingon", 7, None, "el" * 500):
        records.save_settings_values({"language": value, "muted": True})
        settings = load_settings(records)
        assert settings.language == "" and settings.muted
