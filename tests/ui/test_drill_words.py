"""The words for when a drill comes back: after an answer ("again in 3 days") and on the
Drills page when nothing is due ("the next drill is due tomorrow")."""

from __future__ import annotations

import pytest

from game.study.drills import DAY, INTERVALS
from game.ui.drill_words import when_in, when_words


def test_each_wait_of_the_schedule_has_its_words():
    assert [when_words(w) for w in INTERVALS] == [
        "again tomorrow",
        "again in 3 days",
        "again in a week",
    ]
    assert when_words(0.0) == "again today"


@pytest.mark.parametrize(
    ("seconds", "words"),
    [
        (60.0, "within the hour"),
        (5 * 3600.0, "in 5 hours"),
        (DAY - 60, "tomorrow"),
        (3 * DAY + 600, "in 3 days"),
    ],
)
def test_when_the_next_drill_is_due(seconds, words):
    assert when_in(seconds) == words


def test_the_drills_page_says_when_the_next_is_due_when_nothing_is(app):
    import time
    from dataclasses import replace

    from game.store.drill_book import DrillBook
    from game.study.starters import starters
    from game.ui.routes import Route

    drill = replace(starters("nard")[0], due=time.time() + 3 * DAY + 600)
    DrillBook(app.records).keep([drill])
    app.go(Route.MENU)
    page = app.go(Route.DRILLS)
    assert page.status == "Nothing is due now. The next drill is due in 3 days."
    nard = next(b for b in page.game_buttons if b.label == "Long Nardy")
    assert nard.detail == "Starting set: 11 positions"  # the one taken up is not offered again
