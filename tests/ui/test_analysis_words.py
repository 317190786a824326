"""The analysis scene's words: every way a game ends, every kind of decision, and the
help that says what PR and the grades mean (the tutor's own thresholds)."""

from __future__ import annotations

import pytest

from game.play.advice import BAD, DOUBTFUL, VERY_BAD
from game.rules.outcome import Kind
from game.study.analysis import Decision
from game.ui.analysis_words import (
    KIND_WORDS,
    decision_heading,
    decision_lines,
    pr_help,
    result_words,
)

NAMES = ("Ivory", "Crimson (computer, expert)")


@pytest.mark.parametrize("kind", list(Kind))
def test_every_kind_of_win_is_said(kind):
    words = result_words({"winner": 1, "kind": str(kind), "points": 2}, NAMES)
    assert words.startswith("Crimson (computer, expert) won") and words.endswith(", 2 points.")
    assert (kind in (Kind.SINGLE, Kind.TIE)) == (str(kind) not in KIND_WORDS)


def test_a_tie_and_an_unfinished_record():
    assert result_words({"winner": None, "kind": "tie", "points": 0}, NAMES) == (
        "The game ended in a tie."
    )
    assert "before the game does" in result_words(None, NAMES)


def test_the_help_gives_the_tutors_thresholds_and_the_scale():
    for threshold in (DOUBTFUL, BAD, VERY_BAD):
        assert f"{threshold:.2f}" in pr_help()
    assert "500" in pr_help() and "without a cube" in pr_help()


def test_each_kind_of_decision_is_said():
    play = Decision(3, 0, "play", "8/2", "8/4 6/4", 0.297, (4, 2), 15, 0.06)
    assert decision_heading(play, NAMES) == "Ivory to play 4-2"
    rows = decision_lines(play, 2)
    assert rows[0] == ("Played", "8/2", None)
    assert rows[1] == ("Best", "8/4 6/4", None)
    assert rows[2] == ("Loss", "0.297 points: very bad", "very bad")
    assert rows[3][0] == "Luck" and "+0.060 points" in rows[3][1]
    forced = Decision(5, 1, "play", "bar/20", "bar/20", 0.0, (5, 5), 1)
    assert ("Best", "the only play: nothing to choose", None) in decision_lines(forced, 2)
    double = Decision(7, 1, "double", "No double", "Double", 0.05)
    assert decision_heading(double, NAMES) == "Crimson (computer, expert): double or not"
    take = Decision(8, 0, "take", "Pass", "Take", 0.2)
    assert decision_heading(take, NAMES) == "Ivory: take or pass"
    assert decision_lines(take, 2)[2] == ("Loss", "0.200 points: very bad", "very bad")
    assert decision_heading(None, NAMES) == "After the last decision"
    four = Decision(2, 2, "play", "a", "b", 0.081, (1, 2, 3), 4)
    assert "8.1% of your chance to win: bad" in decision_lines(four, 4)[2][1]
