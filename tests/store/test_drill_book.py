"""The drills kept in the records book: read back as kept, one drill a position, a
damaged row dropped with a line in the log (never raised), a read-only book still
showing its drills (answers kept in memory only, and said), and an analysis's bad
plays becoming drills for the people at the table only."""

from __future__ import annotations

import json
import logging
import time
from dataclasses import replace

from readonly import read_only  # tests/store is on the path

from game.store.drill_book import DrillBook
from game.store.records import Records
from game.study.drills import DAY, answered
from game.study.starters import starters


def some_drills(n: int = 3, variant_id: str = "backgammon"):
    return starters(variant_id, 1000.0)[:n]


def test_drills_read_back_as_kept_and_a_position_is_kept_once():
    book = DrillBook(Records.open(":memory:"))
    drills = some_drills()
    assert book.add(drills) == 3
    assert book.drills() == sorted(drills, key=lambda d: (d.due, d.key))
    assert all(d.ranking for d in book.drills())  # the expert's ranking kept with each
    answered_one = answered(drills[0], 0.0, 2000.0)
    assert book.keep([answered_one])
    assert book.add([drills[0]]) == 0  # already drilled: keeps its place in the schedule
    kept = {d.key: d for d in book.drills()}
    assert kept[drills[0].key] == answered_one and len(kept) == 3
    assert book.drills("plakoto") == [] and len(book.drills("backgammon")) == 3
    assert book.due(1500.0) == 2 and book.due(2000.0 + 3 * DAY) == 3
    assert book.unkept == ""


def test_a_damaged_row_is_dropped_with_a_line_in_the_log(caplog):
    records = Records.open(":memory:")
    book = DrillBook(records)
    good, other, third = some_drills()
    book.keep([good, other, third])
    broken_state = dict(other.to_json(), state={"variant": "backgammon", "board": "x"})
    wrong_key = dict(third.to_json(), key="0" * 24)
    with records.transaction() as db:
        db.execute("UPDATE drills SET data = ? WHERE key = ?", ("{not json", good.key))
        db.execute(
            "UPDATE drills SET data = ? WHERE key = ?", (json.dumps(broken_state), other.key)
        )
        db.execute("UPDATE drills SET data = ? WHERE key = ?", (json.dumps(wrong_key), third.key))
        db.execute("INSERT INTO drills VALUES ('k', 'nard', 0, '[1, 2]')")
    extra = some_drills(1, "nard")[0]
    book.keep([extra])
    with caplog.at_level(logging.WARNING):
        assert book.drills() == [extra]
    assert caplog.text.count("cannot be read") == 4
    left = records.db.execute("SELECT COUNT(*) FROM drills").fetchone()[0]
    assert left == 1  # the damaged rows are gone, the sound one stays
    assert book.due(time.time()) == 1


def test_a_read_only_book_shows_its_drills_and_says_answers_are_not_kept(tmp_path, monkeypatch):
    path = tmp_path / "records.sqlite"
    records = Records.open(path)
    drills = some_drills()
    DrillBook(records).add(drills)
    records.close()
    before = path.read_bytes()
    read_only(monkeypatch, tmp_path, files_only=True)
    records = Records.open(path)
    book = DrillBook(records)
    assert {d.key for d in book.drills()} == {d.key for d in drills}
    assert "not kept" in book.unkept
    assert book.keep([answered(drills[0], 0.0, 5000.0)])  # in memory for the session
    assert {d.key: d for d in book.drills()}[drills[0].key].step == 1
    records.close()
    assert path.read_bytes() == before


def test_a_drill_without_its_ranking_reads_back():
    drill = replace(some_drills(1)[0], ranking=())
    book = DrillBook(Records.open(":memory:"))
    book.keep([drill])
    assert book.drills() == [drill]
