"""The records database: progress survives a restart; a bad or newer file is moved aside."""

from __future__ import annotations

import sqlite3

from game.store.records import SCHEMA, FinishedGame, Records


def game(**changes):
    values = dict(
        mode="practice",
        variant="backgammon",
        options={"cube": False},
        seats=[{"human": True}, {"human": False, "level": "expert"}],
        seed=42,
        plays=["31: 8/5 6/5"],
        result={"winner": 0, "kind": "single", "points": 1},
        player_side=0,
        player_won=True,
        opponent_level="expert",
        loss_total=0.12,
        loss_moves=3,
    )
    values.update(changes)
    return FinishedGame(**values)


def test_progress_and_games_survive_a_restart(tmp_path):
    path = tmp_path / "records.sqlite"
    records = Records.open(path)
    assert records.notice == ""
    assert records.record_attempt("01-a", 0).medal == 0
    assert records.record_attempt("01-a", 2).medal == 2
    assert records.record_attempt("01-a", 1).medal == 2  # the best medal stays
    records.add_game(game())
    records.add_game(game(player_won=False, loss_total=0.3, loss_moves=3))
    records.close()

    again = Records.open(path)
    progress = again.progress()
    assert (progress["01-a"].medal, progress["01-a"].wins, progress["01-a"].attempts) == (2, 2, 3)
    games = again.games()
    assert [g["player_won"] for g in games] == [0, 1]
    assert games[1]["plays"] == ["31: 8/5 6/5"] and games[1]["options"] == {"cube": False}
    (stat,) = again.statistics()
    assert (stat.variant, stat.opponent_level, stat.games, stat.wins) == (
        "backgammon",
        "expert",
        2,
        1,
    )
    assert abs(stat.loss_per_move - 0.42 / 6) < 1e-9


def test_a_corrupt_database_is_moved_aside(tmp_path):
    path = tmp_path / "records.sqlite"
    path.write_bytes(b"this is not a database, just some bytes " * 100)
    records = Records.open(path)
    assert "could not be read" in records.notice
    assert (tmp_path / "records.sqlite.bad-1").read_bytes().startswith(b"this is not")
    assert records.progress() == {}
    records.record_attempt("01-a", 1)  # and the new one works
    assert Records.open(path).progress()["01-a"].medal == 1


def test_a_newer_database_is_kept_and_a_new_one_started(tmp_path):
    path = tmp_path / "records.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE future (x)")
    db.execute(f"PRAGMA user_version = {SCHEMA + 1}")
    db.commit()
    db.close()
    records = Records.open(path)
    assert "newer Tabula" in records.notice
    assert (tmp_path / "records.sqlite.newer-1").exists()
    assert records.progress() == {}


def test_a_failed_change_leaves_the_records_as_they_were(tmp_path):
    records = Records.open(tmp_path / "records.sqlite")
    records.record_attempt("01-a", 1)
    try:
        with records.transaction() as db:
            db.execute("UPDATE progress SET medal = 3")
            raise RuntimeError("crash in the middle")
    except RuntimeError:
        pass
    assert records.progress()["01-a"].medal == 1


def test_settings_live_in_the_records_and_survive_a_restart(tmp_path, monkeypatch):
    import json
    from dataclasses import replace

    from game.store.settings import load_settings, save_settings

    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    path = tmp_path / "records.sqlite"
    # An earlier version's settings.json is read once into the records.
    (tmp_path / "settings.json").write_text(json.dumps({"volume": 0.25, "animation": "fast"}))
    records = Records.open(path)
    settings = load_settings(records)
    assert (settings.volume, settings.animation) == (0.25, "fast")
    assert (tmp_path / "settings.json.imported").exists()
    save_settings(replace(settings, palette="contrast"), records)
    records.close()
    again = load_settings(Records.open(path))
    assert (again.volume, again.palette) == (0.25, "contrast")


def test_damaged_settings_give_the_defaults(tmp_path, monkeypatch):
    """A setting that cannot be read falls back to its default; the others are kept."""
    from dataclasses import replace

    from game.store.settings import Settings, load_settings

    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    records = Records.open(tmp_path / "records.sqlite")
    records.save_settings_values({"volume": "loud", "fullscreen": True})
    expected = replace(Settings(), fullscreen=True)
    assert load_settings(records) == expected
    assert load_settings(records) == expected  # and the damage was repaired
    assert records.settings_values()["volume"] == Settings().volume


def test_a_hostile_legacy_settings_file_gives_the_defaults_at_once(tmp_path, monkeypatch):
    """An earlier version's settings.json that is a FIFO, a link to a device, or holds
    1e999 neither hangs nor stops the start: the defaults are used."""
    import os

    from game.store.settings import Settings, load_settings
    from tests.hostile import deadline

    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    legacy = tmp_path / "settings.json"
    makers = [
        lambda: os.mkfifo(legacy),
        lambda: legacy.symlink_to("/dev/zero"),
        lambda: legacy.write_text('{"window_size": [1e999, 800], "volume": 0.25}'),
        lambda: legacy.write_text("[" * 100_000 + "]" * 100_000),
    ]
    for make in makers:
        make()
        with deadline(5):
            settings = load_settings(Records.open(tmp_path / "records.sqlite"))
        assert settings == Settings()
        legacy.unlink()
        (tmp_path / "records.sqlite").unlink()
