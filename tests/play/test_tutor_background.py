"""The tutor starts judging a person's play as soon as it is complete (issue 22, point
3), so its verdict is usually ready when the dice are picked up; when it is not, the turn
waits for it (issue 45: a bad play is always shown with Take back before the game goes
on)."""

from __future__ import annotations

import threading
import time

import pytest
from tabletop import new_table  # tests/play on the path

from game.ai.players import Ranked
from game.play import events as ev
from game.play import table as table_module
from game.play import tutoring
from game.play.session import GameSetup, Seat
from game.rules import match as m

PEOPLE = (Seat(), Seat())


@pytest.fixture
def slow_tutor(monkeypatch):
    """A tutor that answers only when ``release`` is set: the play gave away 0.2."""
    release = threading.Event()

    def judgement(state, play):
        release.wait(30)
        return 0.2, [Ranked(play, 0.5)]

    monkeypatch.setattr(table_module, "advice_available", lambda variant_id: True)
    monkeypatch.setattr(tutoring, "tutor_judgement", judgement)
    return release


def complete_a_play(table) -> m.GameState:
    """Step through the first play of the person to act, leaving it complete."""
    table.advance()
    state = table.state
    turn = table.turn
    assert turn is not None and state.phase is m.Phase.MOVE
    while turn.complete() is None or not turn.moves:
        src = min(turn.sources())
        turn.make(next(iter(turn.moves_from(src).values())))
    table.advance()  # the play waits for the dice: the tutor starts on it
    return state


def test_picking_up_the_dice_before_the_tutor_is_done_waits_for_its_verdict(slow_tutor):
    """Issue 45: the dice picked up within a moment of a bad play, before the tutor's
    judgement is ready, used to let the game go on (the verdict came later, as a line,
    with no Take back). The turn now waits for the verdict, which offers Take back."""
    setup = GameSetup("backgammon", {"cube": False}, PEOPLE, seed=5, mode="practice", hints=True)
    table = new_table(setup)
    before = complete_a_play(table)
    assert table.early is not None  # judging from the moment the play was complete
    made = list(table.turn.moves)
    assert table.pick_up()
    assert table.state is before  # the turn waits for the tutor
    assert table.review is not None  # the window says the tutor is checking
    assert any(isinstance(e, ev.ReviewAsked) for e in table.poll())
    for _ in range(5):  # however often the window asks, nothing moves on meanwhile
        table.advance()
        assert table.state is before and not table.poll()
    slow_tutor.set()
    deadline = time.monotonic() + 30
    ready: list[ev.ReviewReady] = []
    while not ready:
        table.advance()
        ready = [e for e in table.poll() if isinstance(e, ev.ReviewReady)]
        assert time.monotonic() < deadline
        time.sleep(0.01)
    assert ready[0].judgement.loss == pytest.approx(0.2)
    assert table.state is before  # the person answers the tutor first
    assert table.take_back()
    assert table.state is before and table.turn is not None and not table.turn.moves
    assert made  # the play that was taken back had moves
    assert table.tally[0].taken_back == 1 and table.tally[0].moves == 0


def test_a_judgement_ready_at_the_pick_up_asks_at_once(slow_tutor):
    setup = GameSetup("backgammon", {"cube": False}, PEOPLE, seed=5, mode="practice", hints=True)
    table = new_table(setup)
    before = complete_a_play(table)
    slow_tutor.set()
    assert table.early is not None
    table.early[2].result(timeout=30)
    assert table.pick_up()
    events = table.poll()
    assert any(isinstance(e, ev.ReviewReady) for e in events)  # the card, no waiting
    assert table.state is before  # the person answers the tutor first


def make_a_play(table) -> tuple[m.GameState, object, object]:
    """Step the person to act through a play, without the advance that starts the
    tutor: the state, the play made and another legal play."""
    table.advance()
    state, turn = table.state, table.turn
    while turn.complete() is None or not turn.moves:
        src = min(turn.sources())
        turn.make(next(iter(turn.moves_from(src).values())))
    mine = turn.complete()
    after = state.variant.apply_play(state.position, mine)
    other = next(p for p in turn.plays if state.variant.apply_play(state.position, p) != after)
    return state, mine, other


def test_the_tutor_reads_the_hint_s_deeper_ranking_of_the_same_turn(monkeypatch):
    """Where the hint has ranked this turn's plays deeply, the tutor judges the play by
    that ranking (so the two never name different best plays); its own look-ahead is not
    asked."""

    def no_tutor(state, play):
        raise AssertionError("the tutor looked for itself")

    monkeypatch.setattr(table_module, "advice_available", lambda variant_id: True)
    monkeypatch.setattr(tutoring, "tutor_judgement", no_tutor)
    setup = GameSetup("backgammon", {"cube": False}, PEOPLE, seed=5, mode="practice", hints=True)
    table = new_table(setup)
    state, mine, best = make_a_play(table)
    table.hints.state = state  # the hint's deeper look at this turn
    table.hints.ranked = [Ranked(best, 0.4, True), Ranked(mine, 0.25, True)]
    table.advance()
    assert table.early is not None and table.early[2].done()
    loss, ranked = table.early[2].result()
    assert loss == pytest.approx(0.15) and ranked[0].play == best
    assert table.pick_up()
    events = table.poll()
    judged = [e.judgement for e in events if isinstance(e, ev.ReviewReady)]
    assert judged and judged[0].best == best


def test_a_play_the_hint_did_not_look_at_deeply_is_judged_by_the_tutor(monkeypatch):
    asked: list[object] = []

    def tutor(state, play):
        asked.append(play)
        return 0.0, [Ranked(play, 0.5, True)]

    monkeypatch.setattr(table_module, "advice_available", lambda variant_id: True)
    monkeypatch.setattr(tutoring, "tutor_judgement", tutor)
    setup = GameSetup("backgammon", {"cube": False}, PEOPLE, seed=5, mode="practice", hints=True)
    table = new_table(setup)
    state, mine, best = make_a_play(table)
    table.hints.state = state
    table.hints.ranked = [Ranked(best, 0.4, True), Ranked(mine, 0.25, False)]
    table.advance()
    assert table.early is not None
    table.early[2].result(timeout=30)
    assert asked == [mine]
