"""Records → Import reads backgammon matches too (issue 46: a .mat that read_mat accepts
can be analysed from the window): every game of a .mat in the import folder becomes one
replay, the same games as were written; a hostile or broken .mat is one line, and the
good files beside it still import."""

from __future__ import annotations

import json

from hostile import deadline, make_hostile, small_replay  # tests/ is on the path
from mat_matches import seeded_match  # tests/rules is on the path
from test_mat import summary  # the same comparison as the .mat round trip

from game.rules.mat import mat_text
from game.rules.safe_read import one_line
from game.store.exports import MAX_BYTES, import_replays


def test_every_game_of_a_match_file_imports_as_the_same_game(tmp_path):
    games, _ = seeded_match(2, 5, games=3)
    (tmp_path / "club.mat").write_text(mat_text(games, ("Ivory", "Crimson")))
    (tmp_path / "one.json").write_text(json.dumps(small_replay()))
    found, problems = import_replays(tmp_path)
    assert problems == []
    mats = [(path, replay) for path, replay in found if path.name.startswith("club.mat")]
    total = len(games)
    assert [p.name for p, _ in mats] == [
        f"club.mat · game {n} of {total}" if total > 1 else "club.mat"
        for n in range(1, total + 1)
    ]
    assert summary([replay for _, replay in mats]) == summary(games)
    assert [p.name for p, _ in found if p.suffix == ".json"] == ["one.json"]


def test_a_one_game_match_is_listed_by_its_file_alone(tmp_path):
    games, _ = seeded_match(7, 1)
    (tmp_path / "short.mat").write_text(mat_text(games[:1], ("A", "B")))
    found, problems = import_replays(tmp_path)
    assert problems == [] and [p.name for p, _ in found] == ["short.mat"]


def test_every_hostile_or_broken_match_file_is_one_message(tmp_path):
    names = make_hostile(tmp_path, ".mat", MAX_BYTES)
    (tmp_path / "words.mat").write_text("a letter to a friend, not a match\n")
    names["words"] = "words.mat"
    games, _ = seeded_match(3, 3, games=2)
    text = mat_text(games, ("Ivory", "Crimson"))
    (tmp_path / "cut.mat").write_text(text[: len(text) // 2] + " 99: 13/7 nonsense\n")
    names["cut"] = "cut.mat"
    (tmp_path / "good.mat").write_text(text)
    with deadline(30):
        found, problems = import_replays(tmp_path)
    assert {p.name.split(" ·")[0] for p, _ in found} == {"good.mat"}
    assert len(problems) == len(names), problems
    for name in names.values():
        (message,) = [p for p in problems if p.startswith(name + ": ")]
        assert message == one_line(message) and len(message) <= 200
