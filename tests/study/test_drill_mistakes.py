"""An analysis kept in the records book: the plays graded bad or worse of the people
at the table (never the computer's) become drills there, one a position."""

from __future__ import annotations

from study_games import played_game  # tests/study is on the path

from game.play.advice import BAD
from game.rules import match as m
from game.store.drill_book import DrillBook
from game.store.records import Records
from game.study.analysis import Decision, GameAnalysis
from game.study.drills import DAY


def test_an_analysis_makes_drills_of_the_human_seats_plays_only():
    _, states = played_game("backgammon", 2, max_entries=14)
    moves = [i for i, s in enumerate(states[:-1]) if s.phase is m.Phase.MOVE]
    decisions = tuple(Decision(i, states[i].to_act, "play", "x", "y", BAD * 2) for i in moves[:6])
    analysis = GameAnalysis("backgammon", 2, ("You", "Computer"), decisions, (), True)
    for human in (0, 1):
        book = DrillBook(Records.open(":memory:"))
        seats = [{"human": side == human} for side in range(2)]
        added = book.add_mistakes(analysis, states, seats, 100.0)
        wanted = {i for i in moves[:6] if states[i].to_act == human}
        assert added == len(wanted) > 0
        assert all(d.game_state().to_act == human for d in book.drills())
        assert all(d.due == 100.0 + DAY and d.source == "mistake" for d in book.drills())
    nobody = DrillBook(Records.open(":memory:"))
    assert nobody.add_mistakes(analysis, states, [{"human": False}] * 2, 0.0) == 0
    again = DrillBook(Records.open(":memory:"))
    seats = [{"human": True}, {"human": True}]
    assert again.add_mistakes(analysis, states, seats, 0.0) == len(set(moves[:6]))
    assert again.add_mistakes(analysis, states, seats, 50.0) == 0  # each drilled once
