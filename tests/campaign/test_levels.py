"""Campaign level files: every shipped one loads; bad ones are reported, never a crash."""

from __future__ import annotations

from pathlib import Path

import pytest
from hostile import deadline, make_hostile  # tests/ is on the path (conftest's folder)

from game.campaign import Campaign, GoalKind, LevelError, medal_for
from game.campaign.levels import MAX_BYTES, read_level
from game.paths import levels_dir
from game.rules.outcome import Kind, Outcome
from game.rules.position import position_from_counts
from game.rules.safe_read import one_line
from game.rules.variants import find_variant

GOOD = """
title = "A test"
chapter = "rome"
variant = "backgammon"
source = "Somebody, Some Book"
intro = "A few words."
unlocks = []

[options]

[[seats]]
kind = "player"

[[seats]]
kind = "computer"
level = "expert"

[goal]
kind = "game"
"""


def test_every_shipped_level_loads_in_chapter_order():
    campaign = Campaign.load()
    assert campaign.problems == ()
    files = sorted(p.stem for p in levels_dir().glob("[0-9][0-9]-*.toml"))
    assert sorted(level.id for level in campaign.levels) == files
    chapters = [c.id for c in campaign.chapters]
    assert chapters == ["rome", "byzantium", "castile", "england", "east", "greece", "modern"]
    for chapter in chapters:
        assert len(campaign.chapter_levels(chapter)) >= 2, chapter
    order = [chapters.index(level.chapter) for level in campaign.levels]
    assert order == sorted(order)
    for level in campaign.levels:
        variant = find_variant(level.variant_id, level.game_options())
        assert len(level.seats) == variant.players
        assert level.unlocks or level is campaign.levels[-1]
    # Every level can be reached from the first by winning.
    won = {level.id: 1 for level in campaign.levels}
    assert campaign.unlocked(won) == {level.id for level in campaign.levels}


def test_a_match_goal_sets_the_match_length():
    level = Campaign.load().level("12-a-match-to-five")
    assert level is not None and level.goal.kind is GoalKind.MATCH
    assert level.game_options()["match_length"] == 5


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (('variant = "backgammon"', 'variant = "chess"'), "'variant' 'chess'"),
        (('kind = "game"', 'kind = "siege"'), "'goal.kind'"),
        (('level = "expert"', 'level = "grandmaster"'), "'seats' 2: 'level'"),
        (('kind = "computer"\nlevel = "expert"', 'kind = "player"'), "exactly one"),
        (("[options]", "[options]\nwings = 2"), "'options'"),
        (('title = "A test"', "title = 3"), "'title' must be a str"),
        (('source = "Somebody, Some Book"\n', ""), "'source' is missing"),
        (('kind = "game"', 'kind = "result"\nresult = "lurching"'), "cannot happen"),
        (('kind = "game"', 'kind = "match"\npoints = 0'), "'goal.points'"),
        (('intro = "A few words."', 'intro = "A few words.'), "not valid TOML"),
        (("unlocks = []", "unlocks = []\nprize = 1"), "unknown field 'prize'"),
    ],
)
def test_a_malformed_level_names_the_file_and_the_field(tmp_path, change, words):
    old, new = change
    assert old in GOOD
    path = write(tmp_path, "07-bad-level.toml", GOOD.replace(old, new, 1))
    with pytest.raises(LevelError) as caught:
        read_level(path)
    assert "07-bad-level.toml" in str(caught.value)
    assert words in str(caught.value)


def test_the_campaign_skips_a_bad_file_and_reports_it(tmp_path):
    write(tmp_path, "chapters.toml", (levels_dir() / "chapters.toml").read_text())
    write(tmp_path, "01-good.toml", GOOD.replace("unlocks = []", 'unlocks = ["03-missing"]'))
    write(tmp_path, "02-broken.toml", "title = [")
    write(tmp_path, "Bad Name.toml", GOOD)
    campaign = Campaign.load(tmp_path)
    assert [level.id for level in campaign.levels] == ["01-good"]
    assert len(campaign.problems) == 3
    assert any("02-broken.toml" in p for p in campaign.problems)
    assert any("Bad Name.toml" in p for p in campaign.problems)
    assert any("'03-missing'" in p for p in campaign.problems)


def test_winning_opens_the_next_level_and_the_medal_goes_by_margin():
    campaign = Campaign.load()
    first, second = campaign.levels[:2]
    assert campaign.unlocked({}) == {first.id}
    assert campaign.unlocked({first.id: 0}) == {first.id}  # a loss opens nothing
    assert second.id in campaign.unlocked({first.id: 1})
    assert campaign.next_level(first.id, {first.id: 1}) == second

    level = campaign.level("10-the-modern-board")
    assert level is not None
    bg = find_variant("backgammon")
    win = Outcome(0, Kind.SINGLE, 1)
    close = position_from_counts([{25: 15}, {24: 1, 25: 14}], 24)
    far = position_from_counts([{25: 15}, {1: 2, 6: 5, 8: 3, 13: 4, 25: 1}], 24)
    assert medal_for(level, bg, close, win) == 1
    assert medal_for(level, bg, far, win) == 3
    assert medal_for(level, bg, close, Outcome(0, Kind.GAMMON, 2)) == 2
    assert medal_for(level, bg, far, Outcome(1, Kind.SINGLE, 1)) == 0

    gammon = campaign.level("11-a-gammon")
    assert gammon is not None
    assert medal_for(gammon, bg, far, win) == 0  # the goal was a gammon
    assert medal_for(gammon, bg, far, Outcome(0, Kind.BACKGAMMON, 3)) == 3

    match = campaign.level("12-a-match-to-five")
    assert match is not None
    assert medal_for(match, bg, close, win, (5, 0)) == 3
    assert medal_for(match, bg, close, win, (5, 2)) == 2
    assert medal_for(match, bg, close, win, (6, 4)) == 1


def copy_shipped_levels(folder: Path) -> int:
    folder.mkdir(parents=True, exist_ok=True)
    paths = sorted(levels_dir().glob("*.toml"))
    for path in paths:
        (folder / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    return len(paths) - 1  # chapters.toml is no level


def test_hostile_level_files_are_one_message_each_and_every_good_level_still_loads(tmp_path):
    levels = copy_shipped_levels(tmp_path)
    names = make_hostile(tmp_path, ".toml", MAX_BYTES, prefix="90-")
    write(tmp_path, "91-dotted-key.toml", "a" + ".a" * 5_000 + " = 1\n")  # quadratic
    write(tmp_path, "92-huge-number.toml", GOOD.replace("points = 0", "") + "x = " + "9" * 5000)
    write(tmp_path, "93-options-text.toml", GOOD.replace("[options]\n", 'options = "ab"\n'))
    write(tmp_path, "94-options-number.toml", GOOD.replace("[options]\n", "options = 5\n"))
    names.update(
        {
            "dotted": "91-dotted-key.toml",
            "huge": "92-huge-number.toml",
            "text": "93-options-text.toml",
            "number": "94-options-number.toml",
        }
    )
    with deadline(30):
        campaign = Campaign.load(tmp_path)
    assert len(campaign.levels) == levels
    assert len(campaign.problems) == len(names), campaign.problems
    for name in names.values():
        (message,) = [p for p in campaign.problems if p.startswith(name + ": ")]
        assert message == one_line(message) and len(message) <= 200


HOSTILE_VALUES = [
    "inf",
    "-inf",
    "nan",
    "9" * 5000,
    "-" + "9" * 4000,
    "[" * 100_000 + "]" * 100_000,  # too large
    "[" * 5_000 + "]" * 5_000,  # too deep (RecursionError before)
    "{a = " * 40 + "1" + "}" * 40,
    '"' + "x" * 50_000 + '"',
    "[]",
    "{}",
    "1979-05-27T07:32:00Z",
    "true",
    "[1, 2.5, inf]",
    '{kind = "player", level = 1e308}',
    "0",
    "-1",
    "1e308",
    '"grandmaster"',
    '["01-x", "' + "y" * 1000 + '"]',
]


def test_any_value_in_any_field_is_a_level_or_one_clear_message(tmp_path):
    """Each value of a good level replaced by each hostile value: reading it gives a
    level or a LevelError naming the file in one short line, never another error."""
    lines = GOOD.strip().splitlines()
    fields = [n for n, line in enumerate(lines) if " = " in line]
    assert len(fields) >= 9
    for n in fields:
        key = lines[n].split(" = ")[0]
        for k, value in enumerate(HOSTILE_VALUES):
            text = "\n".join([*lines[:n], f"{key} = {value}", *lines[n + 1 :]]) + "\n"
            path = write(tmp_path, f"{n:02d}-{k:02d}.toml", text)
            with deadline(10):
                try:
                    read_level(path)
                except LevelError as exc:
                    message = str(exc)
                    assert message.startswith(path.name + ": "), message
                    assert message == one_line(message) and len(message) <= 200


TAVLI = (
    GOOD.replace('variant = "backgammon"', 'variant = "portes"')
    .replace('level = "expert"', 'level = "intermediate"')
    .replace('kind = "game"', 'kind = "tavli"\npoints = 5')
)


def test_a_tavli_goal_reads_as_a_tavli_match_and_builds_a_tavli_setup(tmp_path):
    from game.play.session import tavli_setup
    from game.ui.scenes.campaign import level_setup

    level = read_level(write(tmp_path, "21-a-tavli.toml", TAVLI))
    assert level.goal.kind is GoalKind.TAVLI and level.goal.points == 5
    assert "tavli match to 5" in level.goal.describe()
    setup = level_setup(level)
    assert setup.tavli == 5 and setup.variant_id == "portes"
    assert setup.mode == "campaign" and setup.level == "21-a-tavli"
    assert setup.seats[0].human and setup.seats[1].level == "intermediate"
    assert setup.options == tavli_setup(5).options


def test_the_shipped_tavli_level_builds_a_tavli_setup():
    from game.ui.scenes.campaign import level_setup

    campaign = Campaign.load()
    tavli = [lv for lv in campaign.levels if lv.goal.kind is GoalKind.TAVLI]
    assert [lv.chapter for lv in tavli] == ["greece"]
    assert level_setup(tavli[0]).tavli == tavli[0].goal.points


@pytest.mark.parametrize(
    "change, words",
    [
        (("points = 5", "points = 4"), "'goal.points' of a tavli match must be 3, 5, 7, not 4"),
        (("points = 5", 'points = "5"'), "'points' must be a int"),
        (("points = 5\n", ""), "the field 'points' is missing"),
        (('variant = "portes"', 'variant = "plakoto"'), "tavli needs variant 'portes'"),
        (("[options]", "[options]\nbackgammon_counts_3 = true"), "'options' must be empty"),
        (('kind = "tavli"', 'kind = "tavly"'), "'goal.kind' 'tavly' is not one of"),
    ],
)
def test_a_malformed_tavli_goal_is_refused_with_a_clear_message(tmp_path, change, words):
    old, new = change
    assert old in TAVLI
    path = write(tmp_path, "21-bad-tavli.toml", TAVLI.replace(old, new, 1))
    with pytest.raises(LevelError) as caught:
        read_level(path)
    assert "21-bad-tavli.toml" in str(caught.value)
    assert words in str(caught.value)


def test_a_tavli_match_medal_goes_by_the_opponents_score():
    level = Campaign.load().level("21-a-tavli-match")
    assert level is not None
    variant = find_variant("portes")
    won = Outcome(level.player_side, Kind.SINGLE, 1)
    position = variant.start_position()
    assert medal_for(level, variant, position, won, (5, 0)) == 3
    assert medal_for(level, variant, position, won, (5, 2)) == 2
    assert medal_for(level, variant, position, won, (5, 4)) == 1
