"""A hint shows its first lines at once and deepens (issue 22, point 3): ``Table.ask_hint``
values every play once in the caller's thread and hands those rows back at once (a first
look), while the worker ranks them as the expert does; the deeper ranking replaces them
(``HintReady``). A ranking of a turn gone by, or one nobody waits for any more, is never
told, and a stopped look-ahead frees the worker at once. A small network stands in for
the shipped weights, so the tests judge the mechanism and run fast."""

from __future__ import annotations

import random
import threading
from concurrent.futures import wait

import pytest
from tabletop import new_table, person, play_on  # tests/play on the path

from game.ai import players
from game.ai.budget import Budget
from game.ai.players import Ranked
from game.play import events as ev
from game.play import table as table_module
from game.play.session import GameSetup, Seat
from game.rules import actions as a
from game.rules import match as m
from tests.small_nets import use_small_networks

VARIANTS = ("backgammon", "duodecim", "quinze_tablas", "el_mundo", "anglicorum", "lombardorum")


@pytest.fixture
def net(monkeypatch):
    """A small network of the right shape for any variant (instead of shipped weights)."""
    return use_small_networks(monkeypatch)


class Gate:
    """The worker's deeper look held until ``open()``: then the real one is made (with
    the table's stop event), and what it saw is kept."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.entered = threading.Event()  # the worker has begun on it
        self.stops: list[threading.Event | None] = []
        self.stopped_at_start: list[bool] = []

    def __call__(self, state, stop=None):
        self.stops.append(stop)
        self.entered.set()
        assert self.gate.wait(30), "the test never opened the gate"
        self.stopped_at_start.append(stop is not None and stop.is_set())
        return REAL_RANKING(state, stop)

    def open(self) -> None:
        self.gate.set()


REAL_RANKING = table_module.hint_ranking


@pytest.fixture
def gate(monkeypatch, net):
    held = Gate()
    monkeypatch.setattr(table_module, "hint_ranking", held)
    yield held
    held.open()  # never leave a worker waiting


def a_choice(variant_id: str, seed: int = 3):
    """A practice table at the person's move, with a choice of plays."""
    seats = (Seat(),) + (Seat(human=False),) * 3
    setup = GameSetup(variant_id, {}, seats, seed=seed, mode="practice", hints=True)
    table = new_table(setup)

    def ready(t) -> bool:
        turn = t.turn
        return (
            t.human_to_act()
            and t.state.phase is m.Phase.MOVE
            and turn is not None
            and turn.state is t.state
            and len({t.variant.apply_play(t.state.position, p) for p in turn.plays}) > 1
        )

    play_on(table, ready, person(random.Random(seed)))
    assert table.advice
    return table


def ended(job) -> None:
    """Wait for a worker's job to end, however it ends (done, stopped or cancelled)."""
    done, _ = wait([job], timeout=30)
    assert job in done


def hints(events) -> list[ev.HintReady]:
    return [e for e in events if isinstance(e, ev.HintReady)]


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_the_first_look_comes_at_once_and_the_deeper_one_replaces_it(variant_id, gate):
    table = a_choice(variant_id)
    state = table.state
    look = table.ask_hint()
    # At once, the worker still held: every play valued once, best first.
    assert look is not None and not look.deep and look.state is state
    assert table.hints.job is not None and not table.hints.job.done()
    plays = m.legal_plays(state)
    assert sorted(map(repr, (r.play for r in look.ranked))) == sorted(map(repr, plays))
    values = [r.value for r in look.ranked]
    assert values == sorted(values, reverse=True)
    assert not any(r.deep for r in look.ranked)
    assert look.ranked == players.first_look(state)
    assert hints(table.poll()) == []  # nothing more yet
    again = table.ask_hint()  # asked again: the same look, and no second job
    assert again is not None and again.ranked == look.ranked and len(gate.stops) <= 1
    gate.open()
    assert table.join_hint(30)
    told = hints(table.poll())
    assert len(told) == 1 and told[0].deep and told[0].state is state
    deep = told[0].ranked
    assert sorted(map(repr, (r.play for r in deep))) == sorted(map(repr, plays))
    assert [r.value for r in deep] == sorted((r.value for r in deep), reverse=True)
    assert deep[0].deep  # the best was looked at more deeply
    after = table.ask_hint()  # kept for the turn: the deeper look at once
    assert after is not None and after.deep and after.ranked == told[0].ranked
    assert table.hints.job is None


def test_a_ranking_of_a_turn_gone_by_is_stopped_and_never_told(gate):
    table = a_choice("backgammon")
    state = table.state
    assert table.ask_hint() is not None
    job, stop = table.hints.job, table.hints.stop
    assert gate.entered.wait(30)  # the worker is on it
    table.apply(a.Move(m.legal_plays(state)[0]))  # the turn ends before the worker is done
    assert hints(table.poll()) == []
    assert stop is not None and stop.is_set() and table.hints.job is None
    gate.open()
    ended(job)
    assert gate.stopped_at_start == [True]  # the look-ahead stops at once
    assert job.result() == players.first_look(state)  # stopped before looking ahead
    assert hints(table.poll()) == []


def test_a_dropped_hint_stops_the_look_ahead_and_is_never_told(gate):
    table = a_choice("duodecim")
    assert table.ask_hint() is not None
    job, stop = table.hints.job, table.hints.stop
    assert gate.entered.wait(30)
    table.drop_hint()  # the card closed: a man moved, or Esc
    assert table.hints.job is None and stop is not None and stop.is_set()
    gate.open()
    ended(job)
    assert gate.stopped_at_start == [True]
    assert hints(table.poll()) == []
    assert table.hints.ranked is None
    # Asked again on the same turn: the first look at once, and a fresh deeper look.
    look = table.ask_hint()
    assert look is not None and not look.deep
    assert table.join_hint(30)
    told = hints(table.poll())
    assert len(told) == 1 and told[0].deep


def test_a_hint_dropped_before_the_worker_begins_is_cancelled(gate):
    table = a_choice("lombardorum")
    table.worker().submit(gate.gate.wait, 30)  # the worker is busy with something else
    assert table.ask_hint() is not None
    job = table.hints.job
    table.drop_hint()
    assert job.cancelled() and table.join_hint(0)
    gate.open()
    assert hints(table.poll()) == [] and gate.stops == []


def test_closing_the_table_while_the_worker_ranks_is_quiet(gate):
    table = a_choice("quinze_tablas")
    assert table.ask_hint() is not None
    job, stop = table.hints.job, table.hints.stop
    assert gate.entered.wait(30)
    table.close()  # the window closes (the board scene left)
    assert stop is not None and stop.is_set()
    gate.open()
    ended(job)
    assert job.exception() is None and gate.stopped_at_start == [True]
    assert hints(table.poll()) == []


def test_a_stopped_budget_ends_the_look_ahead_where_it_is(net):
    stop = threading.Event()
    budget = Budget(stop=stop)
    assert budget.take(10) and budget.stopped == ""
    stop.set()
    assert not budget.take(10) and budget.stopped == "stop"
    assert not Budget(stop=stop).in_time()
    # The hint's ranking stopped before it begins is the first look: no play looked
    # at more deeply than another.
    table = a_choice("backgammon")
    ranked = table_module.hint_ranking(table.state, stop)
    assert ranked == players.first_look(table.state)


def test_the_first_look_is_what_the_expert_starts_from(net):
    """Every play valued once: the same values the expert's ranking gives the plays it
    does not look at more deeply (so the first look is never a different judgement)."""
    table = a_choice("duodecim")
    state = table.state
    first = {repr(r.play): r.value for r in players.first_look(state)}
    shallow = players.ranked_plays(state, "advanced")
    assert first == {repr(r.play): r.value for r in shallow}
    plays = list(table.turn.plays)
    assert players.first_look(state, plays) == players.first_look(state)
    assert all(isinstance(r, Ranked) and not r.deep for r in players.first_look(state))


def test_a_practice_table_loads_the_evaluation_in_the_tutors_worker_at_once(net):
    """The first hint of a session waited for backgammon's bear-off database (about half
    a second): a practice table loads it in the tutor's worker as the game begins."""
    from game.ai import bearoff

    bearoff.database.cache_clear()
    setup = GameSetup(
        "backgammon",
        {"cube": False},
        (Seat(), Seat(human=False)),
        seed=2,
        mode="practice",
        hints=True,
    )
    table = new_table(setup)
    table.adviser().submit(lambda: None).result(timeout=30)  # what it was given is done
    assert bearoff.database.cache_info().currsize == 1
    table.close()
