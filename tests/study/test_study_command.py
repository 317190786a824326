"""``python -m game.study FILE``: the summary printed, the analysis written as JSON, a
.mat match analysed game by game, and a broken or hostile file refused in one line
with nothing written."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from hostile import deadline, make_hostile  # tests/ is on the path
from study_games import played_game  # tests/study is on the path

from game.rules.mat import mat_text
from game.study.__main__ import main


def short_replay(tmp_path: Path) -> Path:
    replay, _ = played_game("plakoto", 4, max_entries=16)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(dataclasses.replace(replay, result=None).to_json()))
    return path


def test_a_replay_is_summarised_and_written(tmp_path, capsys) -> None:
    out = tmp_path / "analysis.json"
    assert main([str(short_replay(tmp_path)), "--json", str(out), "--quiet"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Plakoto: analysis by the expert")
    assert "Side 1:" in text and "Side 2:" in text
    data = json.loads(out.read_text())
    assert data["variant"] == "plakoto" and len(data["sides"]) == 2
    assert all(d["loss"] >= 0 for d in data["decisions"])


def test_a_mat_match_is_analysed_game_by_game(tmp_path, capsys, monkeypatch) -> None:
    from game.study import analysis

    monkeypatch.setattr(analysis, "positions_for", lambda variant: 3_000)  # a quick look
    replay, _ = played_game("backgammon", 1, options={"match_length": 1})
    path = tmp_path / "match.mat"
    path.write_text(mat_text([replay], ("Ann", "Bob")))
    out = tmp_path / "match.json"
    assert main([str(path), "--json", str(out), "--quiet"]) == 0
    text = capsys.readouterr().out
    assert "Ann:" in text and "Bob:" in text
    assert json.loads(out.read_text())["sides"][0]["name"] == "Ann"


@pytest.mark.parametrize("suffix", [".json", ".mat"])
def test_hostile_files_get_one_line_and_nothing_is_written(tmp_path, capsys, suffix) -> None:
    folder = tmp_path / "hostile"
    make_hostile(folder, suffix, 5_000_000)
    (folder / f"not-a-game{suffix}").write_text('{"format": "tabula-replay", "version": 9}')
    for path in sorted(folder.iterdir()):
        out = tmp_path / "out.json"
        with deadline(10):
            status = main([str(path), "--json", str(out), "--quiet"])
        assert status == 1, path.name
        err = capsys.readouterr().err.strip()
        assert err and "\n" not in err and "Traceback" not in err, (path.name, err)
        assert not out.exists()


def test_an_unknown_option_is_a_usage_error(tmp_path) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([str(short_replay(tmp_path)), "--frobnicate"])
    assert stopped.value.code == 2
