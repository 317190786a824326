"""The setting that ends a turn when the dice are used, and the one it replaced."""

from __future__ import annotations

from game.store.records import Records
from game.store.settings import Settings, load_settings


def test_a_turn_waits_for_the_dice_to_be_picked_up_by_default():
    assert Settings().end_turn_at_once is False


def test_the_earlier_confirm_turn_setting_is_read_without_complaint(tmp_path, monkeypatch, caplog):
    """Books kept by earlier versions hold "confirm_turn": it is ignored (waiting for
    the dice to be picked up is the default now), the other settings are kept."""
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    records = Records.open(tmp_path / "records.sqlite")
    records.save_settings_values({"confirm_turn": False, "muted": True})
    settings = load_settings(records)
    assert settings.muted and settings.end_turn_at_once is False
    assert "left at their defaults" not in caplog.text
    records.save_settings_values({"end_turn_at_once": True})
    assert load_settings(records).end_turn_at_once is True
