"""The analyses kept in the records book: one per game and format version, surviving a
restart; another version or a damaged row reads as none; a book made before the table
existed gains it; a failed write leaves the book as it was."""

from __future__ import annotations

import sqlite3

import pytest

from game.store.records import Records

DATA = {"format": "tabula-analysis", "version": 1, "decisions": [], "sides": []}


def test_an_analysis_is_kept_and_survives_a_restart(tmp_path):
    path = tmp_path / "records.sqlite"
    records = Records.open(path)
    assert records.analysis("g1", 1) is None
    records.keep_analysis("g1", 1, DATA)
    records.keep_analysis("g2", 1, {**DATA, "variant": "fevga"})
    records.close()
    again = Records.open(path)
    assert again.notice == ""
    assert again.analysis("g1", 1) == DATA
    assert again.analysis("g2", 1)["variant"] == "fevga"


def test_another_version_reads_as_none_and_is_replaced(tmp_path):
    records = Records.open(tmp_path / "records.sqlite")
    records.keep_analysis("g1", 1, DATA)
    assert records.analysis("g1", 2) is None
    records.keep_analysis("g1", 2, {**DATA, "version": 2})
    assert records.analysis("g1", 2)["version"] == 2
    assert records.db.execute("SELECT COUNT(*) FROM analyses").fetchone()[0] == 1


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", "3", "[" * 100_000])
def test_a_damaged_row_reads_as_none_and_can_be_dropped(tmp_path, text):
    records = Records.open(tmp_path / "records.sqlite")
    records.keep_analysis("g1", 1, DATA)
    with records.transaction() as db:
        db.execute("UPDATE analyses SET data = ?", (text,))
    assert records.analysis("g1", 1) is None
    records.drop_analysis("g1")
    assert records.db.execute("SELECT COUNT(*) FROM analyses").fetchone()[0] == 0


def test_a_book_from_before_the_analyses_gains_the_table(tmp_path):
    path = tmp_path / "records.sqlite"
    Records.open(path).close()
    db = sqlite3.connect(path)
    db.execute("DROP TABLE analyses")
    db.commit()
    db.close()
    records = Records.open(path)
    assert records.notice == ""
    records.keep_analysis("g1", 1, DATA)
    assert records.analysis("g1", 1) == DATA


def test_a_damaged_analyses_table_moves_the_book_aside(tmp_path):
    path = tmp_path / "records.sqlite"
    Records.open(path).close()
    db = sqlite3.connect(path)
    db.execute("DROP TABLE analyses")
    db.execute("CREATE TABLE analyses (game TEXT)")
    db.commit()
    db.close()
    records = Records.open(path)
    assert "could not be read" in records.notice
    records.keep_analysis("g1", 1, DATA)
    assert records.analysis("g1", 1) == DATA


def test_a_failed_write_leaves_the_kept_analysis(tmp_path):
    records = Records.open(tmp_path / "records.sqlite")
    records.keep_analysis("g1", 1, DATA)
    with pytest.raises(TypeError):
        records.keep_analysis("g1", 1, {"x": object()})  # not JSON: nothing written
    assert records.analysis("g1", 1) == DATA
