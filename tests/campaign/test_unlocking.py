"""Which levels are open: the first level, then every chapter's first level once it
is won (the chapters in any order), and within a chapter one level after another."""

from __future__ import annotations

from itertools import pairwise

from game.campaign import Campaign
from game.store.records import Records

CAMPAIGN = Campaign.load()
FIRST = CAMPAIGN.levels[0].id


def firsts(campaign: Campaign) -> set[str]:
    return {campaign.chapter_levels(c.id)[0].id for c in campaign.chapters}


def test_a_new_player_sees_only_the_first_level_open():
    assert CAMPAIGN.unlocked({}) == {FIRST}
    assert CAMPAIGN.unlocked({FIRST: 0}) == {FIRST}  # a loss opens nothing


def test_winning_the_first_level_opens_every_chapter():
    for medal in (1, 2, 3):
        open_ = CAMPAIGN.unlocked({FIRST: medal})
        assert open_ == firsts(CAMPAIGN) | {CAMPAIGN.levels[1].id}
    assert "10-the-modern-board" in CAMPAIGN.unlocked({FIRST: 1})  # backgammon at once


def test_later_levels_of_a_chapter_open_one_after_another():
    for chapter in CAMPAIGN.chapters:
        levels = [lv.id for lv in CAMPAIGN.chapter_levels(chapter.id)]
        medals = {} if FIRST in levels else {FIRST: 1}
        for n, level_id in enumerate(levels):
            open_ = CAMPAIGN.unlocked(medals)
            assert level_id in open_
            assert not set(levels[n + 1 :]) & open_, (chapter.id, level_id)
            medals[level_id] = 2
        assert set(levels) <= CAMPAIGN.unlocked(medals)


def test_every_open_level_is_a_chapters_first_or_follows_one_won():
    """Whatever has been won, no level opens out of order within its chapter."""
    ids = [lv.id for lv in CAMPAIGN.levels]
    for mask in range(0, 1 << len(ids), 97):  # a spread of the possible sets of wins
        medals = {i: 1 for n, i in enumerate(ids) if mask >> n & 1}
        open_ = CAMPAIGN.unlocked(medals)
        for chapter in CAMPAIGN.chapters:
            levels = [lv.id for lv in CAMPAIGN.chapter_levels(chapter.id)]
            for before, level_id in pairwise(levels):
                if level_id in open_ and level_id not in medals:
                    assert medals.get(before, 0) > 0, (sorted(medals), level_id)
        if FIRST in medals:
            assert firsts(CAMPAIGN) <= open_


def test_progress_saved_before_the_change_still_reads(tmp_path):
    """A record book from before the chapters opened together: the levels won one
    after another stay open and won, and what follows them opens."""
    path = tmp_path / "records.sqlite"
    old = Records.open(path)
    for level_id, medal in [(FIRST, 3), ("02-a-game-in-the-forum", 1), ("03-fifteen-tables", 2)]:
        old.record_attempt(level_id, medal)
    old.close()
    records = Records.open(path)
    medals = {k: v.medal for k, v in records.progress().items()}
    records.close()
    assert medals == {FIRST: 3, "02-a-game-in-the-forum": 1, "03-fifteen-tables": 2}
    open_ = CAMPAIGN.unlocked(medals)
    assert {FIRST, "02-a-game-in-the-forum", "03-fifteen-tables", "04-the-half-emperor"} <= open_
    assert firsts(CAMPAIGN) <= open_
    assert "05-the-world" not in open_ and "07-lympolding" not in open_


def test_a_level_won_under_the_old_rule_far_along_stays_open():
    """Levels won in the old single file (all of them up to the ninth) keep their
    place: each is open, and the next of each chapter too."""
    ids = [lv.id for lv in CAMPAIGN.levels]
    medals = {i: 1 for i in ids[:9]}
    open_ = CAMPAIGN.unlocked(medals)
    assert set(ids[:10]) <= open_
    assert "11-a-gammon" not in open_


NEW_CHAPTERS = ["rome", "byzantium", "castile", "england", "east", "greece", "modern"]


def test_the_later_chapters_come_in_the_order_of_their_sources() -> None:
    assert [chapter.id for chapter in CAMPAIGN.chapters] == NEW_CHAPTERS
    for chapter in NEW_CHAPTERS[1:3] + NEW_CHAPTERS[4:6]:
        assert len(CAMPAIGN.chapter_levels(chapter)) >= 2, chapter
    variants = {lv.variant_id for lv in CAMPAIGN.levels}
    assert {"tabula", "nard", "portes", "plakoto", "fevga", "acey_deucey"} <= variants
    assert "acey_deucey" in {lv.variant_id for lv in CAMPAIGN.chapter_levels("modern")}


def test_winning_each_level_in_turn_along_the_unlocks_reaches_every_level() -> None:
    # Follow only the files' own 'unlocks' from the first level: the chain visits
    # every chapter in order and every level, so the new chapters are reachable.
    medals: dict[str, int] = {}
    seen: list[str] = []
    current: str | None = FIRST
    while current is not None and current not in seen:
        seen.append(current)
        medals[current] = 1
        level = CAMPAIGN.level(current)
        assert level is not None
        assert level.unlocks == () or set(level.unlocks) <= CAMPAIGN.unlocked(medals)
        current = level.unlocks[0] if level.unlocks else None
    chapters = [CAMPAIGN.level(i).chapter for i in seen]  # type: ignore[union-attr]
    assert [c for n, c in enumerate(chapters) if c not in chapters[:n]] == NEW_CHAPTERS
    assert set(seen) == {lv.id for lv in CAMPAIGN.levels}


def test_progress_saved_before_the_new_chapters_keeps_its_levels_open() -> None:
    old = {FIRST: 3, "02-a-game-in-the-forum": 2, "03-fifteen-tables": 1, "09-shut-out": 1}
    open_ = CAMPAIGN.unlocked(old)
    assert {"03-fifteen-tables", "04-the-half-emperor", "10-the-modern-board"} <= open_
    assert {"14-zenos-table", "16-the-head", "18-the-doors"} <= open_
