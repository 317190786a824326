"""benchmarks.ladder: a pair can be played in pieces that add up to the whole run."""

from __future__ import annotations

from collections import defaultdict

import pytest

from benchmarks.ladder import main, run_pair


def test_pieces_of_a_pair_add_up_to_the_whole_run():
    times: dict[str, list[float]] = defaultdict(list)
    # Two random sides: the seat that wins varies from game to game (5 of these 8).
    whole = run_pair("lombardorum", "novice", "novice", 8, times)
    first = run_pair("lombardorum", "novice", "novice", 4, times)
    rest = run_pair("lombardorum", "novice", "novice", 8, times, first=4)
    assert whole[1] == 8 and first[1] == 4 and rest[1] == 4
    assert 0 < whole[0] < 8
    assert first[0] + rest[0] == whole[0]


def test_a_later_piece_says_which_games_it_played(capsys):
    assert (
        main(
            [
                "--variant",
                "lombardorum",
                "--pairs",
                "beginner:novice",
                "--games",
                "3",
                "--first",
                "2",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "of 1 games" in out and "(games 2 to 2:" in out


def test_a_negative_first_game_is_refused():
    with pytest.raises(SystemExit):
        main(["--first", "-1"])


def test_the_games_a_level_did_not_win_are_named_and_play_again_alike(capsys):
    """``--show-lost`` names the games; ``benchmarks.lost`` plays each again from the same
    seeds, to the same end (the winner each game had in the ladder)."""
    from benchmarks.lost import ladder_game

    times: dict[str, list[float]] = defaultdict(list)
    lost: list[int] = []
    won, played = run_pair("lombardorum", "novice", "novice", 8, times, lost=lost)
    assert played == 8 and len(lost) == 8 - won and lost
    for game in range(8):
        states, _, seat = ladder_game("lombardorum", "novice", "novice", game)
        end = states[-1]
        assert end.is_over and (end.winner != seat) == (game in lost)
    main(["--variant", "lombardorum", "--pairs", "novice:novice", "--games", "8", "--show-lost"])
    assert f"novice did not win games {', '.join(map(str, lost))}" in capsys.readouterr().out
