"""Seeds of every size survive the records: the 128-bit seeds of sealed games (too big for
SQLite's integers) and the 48-bit seeds of older games, with the player's contribution."""

from __future__ import annotations

import pytest

from game.play.session import (
    GameSetup,
    setup_from_json,
    setup_to_json,
    start_from_json,
    start_to_json,
)
from game.rules.replay import replay_states
from game.store.records import FinishedGame, Records, seed_from_db, seed_to_db
from game.ui.progress import replay_of


@pytest.mark.parametrize("seed", [0, 42, 2**48 - 1, 2**63 - 1, 2**63, 2**127 + 3, 2**128 - 1])
def test_every_seed_comes_back_from_the_database(tmp_path, seed):
    assert seed_from_db(seed_to_db(seed)) == seed
    records = Records.open(tmp_path / "records.sqlite")
    records.add_game(
        FinishedGame(
            mode="local",
            variant="lombardorum",
            options={},
            seats=[{"human": True}, {"human": False, "level": "novice"}],
            seed=seed,
            plays=[],
            result={"winner": 0, "kind": "single", "points": 1},
            start={"match": None, "starter": None, "opening": None, "contribution": "t=7 x"},
        )
    )
    records.close()
    game = Records.open(tmp_path / "records.sqlite").games()[0]
    assert game["seed"] == seed and game["start"]["contribution"] == "t=7 x"
    replay = replay_of(game)
    assert replay.seed == seed and replay.contribution == "t=7 x"
    assert replay.to_json()["version"] == 2


def test_an_old_record_without_a_contribution_replays_with_the_seed_alone():
    game = {
        "variant": "lombardorum",
        "options": {},
        "seats": [{"human": True}, {"human": False}],
        "seed": 2**47 + 1,
        "plays": [],
        "result": None,
        "finished": 0.0,
        "start": {"match": None, "starter": None},  # saved before contributions
    }
    replay = replay_of(game)
    assert replay.contribution == "" and replay.to_json()["version"] == 1
    assert len(replay_states(replay)) == 1


def test_the_contribution_is_kept_with_the_setup_and_the_start():
    setup = GameSetup("backgammon", seed=2**127, contribution="t=12 phrase")
    assert setup_from_json(setup_to_json(setup)) == setup
    start = {"match": None, "starter": None, "opening": None, "contribution": "t=1"}
    assert start_from_json(start_to_json(start), 2) == start
    assert start_from_json({"starter": None}, 2)["contribution"] == ""  # older saves
    for bad in (5, "tab\there", "x" * 500):
        with pytest.raises(ValueError, match="contribution"):
            start_from_json(dict(start, contribution=bad), 2)
        with pytest.raises(ValueError, match="contribution"):
            setup_from_json(dict(setup_to_json(setup), contribution=bad))
