"""benchmarks.opening --swap: each game played again with the sides' dice exchanged."""

from __future__ import annotations

import pytest

from benchmarks.opening import main, play_swapped, swap_summary


def test_a_game_and_its_twin_start_alike_and_give_the_starter_the_other_dice():
    rows = [play_swapped("quinze_tablas", {}, "novice", 5, swapped) for swapped in (False, True)]
    assert rows[0]["starter"] == rows[1]["starter"]  # the same opening throw
    assert rows[0]["plays"] != rows[1]["plays"] or rows[0]["winner"] != rows[1]["winner"]
    again = play_swapped("quinze_tablas", {}, "novice", 5, False)
    assert again == rows[0]  # seeded: the same game every time


def test_the_pairs_are_counted_by_how_often_the_starter_won():
    rows = [
        {"game": 1, "winner": 0, "starter": 0},
        {"game": 1, "winner": 0, "starter": 0},
        {"game": 2, "winner": 1, "starter": 0},
        {"game": 2, "winner": 0, "starter": 0},
        {"game": 3, "winner": 1, "starter": 0},
        {"game": 3, "winner": 1, "starter": 0},
        {"game": 4, "winner": None, "starter": 0},  # a tie: not a whole pair
        {"game": 4, "winner": 0, "starter": 0},
    ]
    text = swap_summary(rows)
    assert "of 3 pairs" in text and "won both 1" in text and "one 1" in text
    assert "neither 1" in text


def test_the_swapped_run_reports_both(capsys):
    assert main(["--level", "novice", "--games", "2", "--swap"]) == 0
    out = capsys.readouterr().out
    assert "4 games" in out and "of 2 pairs with the dice swapped" in out


def test_another_network_plays_in_place_of_the_shipped_one(capsys, tmp_path):
    from game.ai.players import use_network, weights_path

    old = weights_path("quinze_tablas", {"one_die_per_man": False})
    try:
        assert main(["--level", "beginner", "--games", "1", "--weights", str(old)]) == 0
        assert "1 games" in capsys.readouterr().out
    finally:
        use_network("quinze_tablas", None)
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not weights")
    with pytest.raises(SystemExit) as exit_:
        main(["--games", "1", "--weights", str(bad)])
    assert exit_.value.code == 2 and "error:" in capsys.readouterr().err
