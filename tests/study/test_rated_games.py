"""Which finished games are rated, over every game of the family, and the results
screen's words for a change."""

from __future__ import annotations

import pytest

from game.rules.variants import VARIANTS
from game.study.rated import RatingChange, change_words, rated_game

PERSON = {"human": True}


def computer(level: str = "expert") -> dict[str, object]:
    return {"human": False, "level": level}


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_one_person_against_one_level_is_rated_in_two_sided_games_only(variant_id):
    players = VARIANTS[variant_id].players
    seats = [PERSON] + [computer()] * (players - 1)
    game = rated_game("practice", variant_id, seats, 0)
    if players != 2:
        assert game is None  # El Mundo: one result against three is no two-sided score
        return
    assert game is not None and (game.level, game.score) == ("expert", 1.0)
    assert rated_game("campaign", variant_id, seats[::-1], 0).score == 0.0
    assert rated_game("practice", variant_id, seats, None).score == 0.5
    assert rated_game("local", variant_id, [PERSON, PERSON], 0) is None
    assert rated_game("practice", variant_id, [computer(), computer()], 0) is None
    assert rated_game("replay", variant_id, seats, 0) is None


def test_the_results_line():
    change = RatingChange("backgammon", "expert", 1700.0, 1.0, 1172.4, 1184.3, 3)
    assert change_words(change) == "Your Backgammon rating: 1184 (+12)"
    down = RatingChange("fevga", "novice", 1000.0, 0.0, 1200.0, 1170.6, 1)
    assert change_words(down) == "Your Fevga rating: 1171 (-29)"
