"""The setting "Bear off automatically": off by default, kept, and read as off from
books kept before it existed."""

from __future__ import annotations

from dataclasses import replace

from game.store.records import Records
from game.store.settings import Settings, load_settings, save_settings


def test_off_by_default_and_off_in_books_kept_before_it(tmp_path, monkeypatch, caplog):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    assert Settings().auto_bear_off is False
    records = Records.open(tmp_path / "records.sqlite")
    records.save_settings_values({"end_turn_at_once": True, "muted": True})
    settings = load_settings(records)
    assert settings.auto_bear_off is False and settings.end_turn_at_once and settings.muted
    assert "left at their defaults" not in caplog.text


def test_kept_between_runs(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    records = Records.open(tmp_path / "records.sqlite")
    save_settings(replace(Settings(), auto_bear_off=True), records)
    assert load_settings(Records.open(tmp_path / "records.sqlite")).auto_bear_off is True


def test_a_value_that_is_no_true_or_false_is_left_off(tmp_path, monkeypatch, caplog):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    records = Records.open(tmp_path / "records.sqlite")
    records.save_settings_values({"auto_bear_off": "yes", "muted": True})
    settings = load_settings(records)
    assert settings.auto_bear_off is False and settings.muted
    assert "auto_bear_off must be true or false" in caplog.text
