"""The levels' ratings read from the ladder's file: a sound file is used, a missing or
damaged one gives the stated default spacing with a log line (never an exception), and
what the ladder writes is what the loader reads."""

from __future__ import annotations

import json
import logging

import pytest

from benchmarks.ladder import ratings_entry
from game.ai.levels import LEVELS
from game.ai.players import has_levels
from game.rules.variants import VARIANTS
from game.study.level_table import (
    DEFAULT_STEP,
    default_ratings,
    load_level_ratings,
    ratings_from_json,
    shipped,
)
from game.study.rating import ANCHOR

NAMES = [level.value for level in LEVELS]
SHARES = {
    ("beginner", "novice"): (180, 200),
    ("intermediate", "beginner"): (120, 200),
    ("advanced", "intermediate"): (110, 200),
    ("expert", "advanced"): (40, 60),
}


def ladder_file(**variants: dict[str, object]) -> dict[str, object]:
    return {"command": "python -m benchmarks.ladder", "date": "2026-12-04", "variants": variants}


def test_what_the_ladder_writes_is_what_is_read(tmp_path):
    path = tmp_path / "level_ratings.json"
    path.write_text(json.dumps(ladder_file(backgammon=ratings_entry(SHARES))))
    table = load_level_ratings(path)
    assert table.problem == "" and table.date == "2026-12-04"
    ratings = table.ratings("backgammon")
    assert ratings["novice"] == ANCHOR
    assert [ratings[n] for n in NAMES] == sorted(ratings[n] for n in NAMES)
    assert table.is_measured("backgammon") and not table.is_measured("fevga")
    assert table.ratings("fevga") == default_ratings()  # a game the ladder left out


def test_the_default_spacing_is_the_stated_one():
    ratings = default_ratings()
    assert [ratings[n] for n in NAMES] == [ANCHOR + DEFAULT_STEP * i for i in range(5)]


def test_a_missing_file_gives_the_default_with_a_log_line(tmp_path, caplog):
    with caplog.at_level(logging.WARNING):
        table = load_level_ratings(tmp_path / "nowhere.json")
    assert table.ratings("backgammon") == default_ratings()
    assert "cannot be read" in caplog.text and "150" in caplog.text


GOOD = ratings_entry(SHARES)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("{not json", "Expecting"),
        ("[1, 2]", "not a JSON object"),
        (json.dumps({"date": "x"}), "no 'variants'"),
        (json.dumps(ladder_file(chess=GOOD)), "unknown game"),
        (json.dumps(ladder_file(el_mundo=GOOD)), "not a two-sided game"),
        (json.dumps(ladder_file(backgammon={"levels": []})), "no 'levels'"),
        (
            json.dumps(ladder_file(backgammon={"levels": {**GOOD["levels"], "expert": "high"}})),
            "expert has no rating",
        ),
        (
            json.dumps(ladder_file(backgammon={"levels": {**GOOD["levels"], "expert": 1e9}})),
            "impossible",
        ),
        (
            json.dumps(ladder_file(backgammon={"levels": {**GOOD["levels"], "novice": 900}})),
            "novice is not at 1000",
        ),
        ("[" * 100_000, "recursion"),
    ],
)
def test_a_damaged_file_gives_the_default_and_says_why(tmp_path, caplog, text, why):
    path = tmp_path / "level_ratings.json"
    path.write_text(text)
    with caplog.at_level(logging.WARNING):
        table = load_level_ratings(path)
    assert table.measured == {}
    assert why.lower() in table.problem.lower()
    assert table.ratings("backgammon") == default_ratings()
    assert "cannot be read" in caplog.text


def test_an_unreadable_file_is_no_crash(tmp_path):
    folder = tmp_path / "level_ratings.json"
    folder.mkdir()  # a folder where the file should be
    assert load_level_ratings(folder).ratings("backgammon") == default_ratings()


def test_the_shipped_file_rates_every_two_sided_game_with_levels():
    table = shipped()
    assert table.problem == ""
    for variant_id, variant in VARIANTS.items():
        if variant.players == 2 and has_levels(variant_id):
            assert table.is_measured(variant_id), variant_id
            ratings = ratings_from_json(
                {"variants": {variant_id: {"levels": table.ratings(variant_id)}}}
            ).ratings(variant_id)
            assert ratings["novice"] == ANCHOR


def test_the_ladder_writes_a_dated_file_the_loader_reads(tmp_path):
    from benchmarks.ladder import main

    out = tmp_path / "ratings.json"
    pairs = ["beginner:novice", "intermediate:beginner", "advanced:intermediate"]
    pairs.append("expert:advanced")
    args = ["--variant", "lombardorum", "el_mundo", "--pairs", *pairs]
    assert main([*args, "--games", "0", "--expert-games", "0", "--ratings-out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["date"] and "--ratings-out" in data["command"]
    assert list(data["variants"]) == ["lombardorum"]  # El Mundo's four seats are not rated
    assert data["variants"]["lombardorum"]["pairs"]["expert:advanced"] == {"won": 0, "games": 0}
    table = load_level_ratings(out)
    assert table.is_measured("lombardorum") and table.date == data["date"]
    # No game played: each level is even with the one below it (Laplace's share).
    assert set(table.ratings("lombardorum").values()) == {1000.0}


def test_a_game_measured_again_replaces_its_own_entry_and_keeps_the_others(tmp_path, capsys):
    from benchmarks.ladder import main

    path = tmp_path / "level_ratings.json"
    before = ladder_file(lombardorum=ratings_entry(SHARES), backgammon=ratings_entry(SHARES))
    path.write_text(json.dumps(before))
    rungs = ["beginner:novice", "intermediate:beginner", "advanced:intermediate"]
    args = ["--variant", "lombardorum", "--pairs", *rungs, "expert:advanced", "--games", "0"]
    assert main([*args, "--expert-games", "0", "--ratings-into", str(path)]) == 0
    data = json.loads(path.read_text())
    assert data["date"] == "2026-12-04" and data["command"] == before["command"]
    assert data["variants"]["backgammon"] == before["variants"]["backgammon"]  # kept
    again = data["variants"]["lombardorum"]
    assert again["pairs"]["beginner:novice"] == {"won": 0, "games": 0}
    assert "--ratings-into" in again["command"] and again["date"]
    table = load_level_ratings(path)
    assert table.date_of("lombardorum") == again["date"]
    assert table.date_of("backgammon") == "2026-12-04"
    assert table.ratings("backgammon") == load_level_ratings(path).ratings("backgammon")


@pytest.mark.parametrize("text", ["not json", '{"variants": {"chess": {}}}', "[]"])
def test_a_file_that_cannot_take_the_ratings_is_refused_before_any_game(tmp_path, capsys, text):
    from benchmarks.ladder import main

    path = tmp_path / "level_ratings.json"
    path.write_text(text)
    with pytest.raises(SystemExit) as exit_:
        main(["--variant", "lombardorum", "--games", "1", "--ratings-into", str(path)])
    assert exit_.value.code == 2 and "--ratings-into" in capsys.readouterr().err
    assert path.read_text() == text  # unchanged
    with pytest.raises(SystemExit):
        main(["--variant", "lombardorum", "--ratings-into", str(tmp_path / "missing.json")])


def test_an_entry_with_a_date_that_is_not_a_short_text_is_refused():
    entry = {**ratings_entry(SHARES), "date": 7}
    with pytest.raises(ValueError, match="date"):
        ratings_from_json(ladder_file(lombardorum=entry))


def test_ratings_without_every_rung_are_refused_before_any_game(tmp_path, capsys):
    from benchmarks.ladder import main

    out = tmp_path / "ratings.json"
    with pytest.raises(SystemExit) as exit_:
        main(["--variant", "lombardorum", "--pairs", "beginner:novice", "--ratings-out", str(out)])
    assert exit_.value.code == 2 and "every level" in capsys.readouterr().err
    assert not out.exists()
