"""The hint card on the board shows its first lines at once and deepens (issue 22,
point 3): the rows of a first look the moment H is pressed, said to be one, while the
worker's deeper look is held back; the deeper rows replace them (the row shown on the
board follows), a deeper look of a card closed is never shown, and leaving the board
while the worker ranks is quiet. A small network stands in for the shipped weights."""

from __future__ import annotations

import threading
from concurrent.futures import wait

import pygame
import pytest
import stepping  # tests/ui is on the path (rootdir-less import)
from stepping import press, step

from game.ai import players
from game.ai.players import Ranked
from game.play import table as table_module
from game.play.session import GameSetup, Seat
from tests.small_nets import use_small_networks

PRACTICE = GameSetup(
    "backgammon",
    options={"cube": False},
    seats=(Seat(), Seat(human=False)),
    seed=11,
    mode="practice",
    hints=True,
)


@pytest.fixture
def gate(monkeypatch):
    """A small network for every variant, and the worker's deeper look held until
    ``gate.set()``: then it is the first look turned upside down (so that it differs),
    every play marked as looked at deeply."""
    use_small_networks(monkeypatch)
    held = threading.Event()
    held.entered = threading.Event()
    held.stopped = []

    def upside_down(first: list[Ranked]) -> list[Ranked]:
        return [Ranked(r.play, -r.value, True) for r in reversed(first)]

    held.deeper = upside_down  # what the deeper look makes of the first

    def ranking(state, stop=None):
        held.entered.set()
        assert held.wait(30), "the test never opened the gate"
        held.stopped.append(stop is not None and stop.is_set())
        return held.deeper(players.first_look(state))

    monkeypatch.setattr(table_module, "hint_ranking", ranking)
    yield held
    held.set()  # never leave a worker waiting


def deepened(app, scene) -> None:
    """The worker's deeper look ready, and the frame that shows it."""
    assert scene.table.join_hint(30)
    step(app)


def test_the_first_lines_come_at_once_and_the_deeper_ones_replace_them(app, gate):
    scene = stepping.my_turn(app, PRACTICE)
    press(app, pygame.K_h)
    card = scene.hint_card
    assert card is not None and card.deepening and not card.thinking  # no wait
    first = list(card.shown)
    assert first and not any(r.deep for r in first)
    assert card.look_text().startswith("First look") and "deepening" in card.look_text()
    step(app, 5)
    app.draw()
    assert card.rows and card.deepening  # drawn, and the input goes on meanwhile
    press(app, pygame.K_1)
    assert card.chosen == 0 and scene.preview_play() == first[0].play
    gate.set()
    deepened(app, scene)
    assert card.deep and not card.deepening
    assert card.look_text().startswith("Deeper look") and "two rolls" in card.look_text()
    assert [r.play for r in card.shown] != [r.play for r in first]
    assert all(r.deep for r in card.shown)
    # The board shows the new top line.
    assert card.chosen == 0 and scene.preview_play() == card.shown[0].play
    app.draw()


def test_a_chosen_row_follows_its_play_when_the_look_deepens(app, gate):
    def swap(first: list[Ranked]) -> list[Ranked]:  # the second best becomes the best
        rows = [Ranked(r.play, r.value, True) for r in first]
        rows[0], rows[1] = rows[1]._replace(value=rows[0].value), rows[0]
        return rows

    gate.deeper = swap
    scene = stepping.my_turn(app, PRACTICE)
    press(app, pygame.K_h)
    card = scene.hint_card
    press(app, pygame.K_2)
    chosen = card.chosen_play
    assert chosen is not None and scene.preview_play() == chosen
    gate.set()
    deepened(app, scene)
    assert card.deep and card.chosen == 0 and card.chosen_play == chosen
    assert scene.preview_play() == chosen  # the board shows the same play


def test_a_chosen_row_no_longer_listed_is_unchosen():
    from game.rules import match as m
    from game.rules.variants import find_variant as variant
    from game.ui.hints import HintCard

    state = m.set_dice(
        m.GameState(variant("backgammon"), variant("backgammon").start_position(), m.Phase.ROLL),
        (6, 5),
    )
    plays = m.legal_plays(state)
    first = [Ranked(p, 0.5 - 0.01 * i) for i, p in enumerate(plays)]
    card = HintCard(state, len(plays))
    card.ranked = first
    card.chosen = 2
    assert len(plays) > 5
    card.deepen(first[:2] + first[3:] + first[2:3])  # the chosen play falls to the last
    assert card.chosen is None and card.chosen_play is None and card.deep
    card.chosen = 0
    card.deepen(first)  # the top row stays the top row
    assert card.chosen == 0 and card.chosen_play == plays[0]


def test_a_deeper_look_of_a_card_closed_by_a_move_is_never_shown(app, gate):
    scene = stepping.my_turn(app, PRACTICE)
    press(app, pygame.K_h)
    assert scene.hint_card is not None and gate.entered.wait(30)
    job, stop = scene.table.hints.job, scene.table.hints.stop
    src = sorted(scene.turn.sources())[0]
    scene.make(next(iter(scene.turn.moves_from(src).values())))  # a man moved
    assert scene.hint_card is None and stop.is_set()
    stepping.run_until(app, lambda: not scene.busy)
    assert scene.undo() and not scene.turn.moves  # and taken back
    gate.set()
    wait([job], timeout=30)
    step(app, 3)
    assert scene.hint_card is None and gate.stopped == [True]
    # Asked again: a first look at once, then a deeper look of its own.
    gate.clear()
    press(app, pygame.K_h)
    card = scene.hint_card
    assert card is not None and card.deepening
    gate.set()
    deepened(app, scene)
    assert card.deep


def test_leaving_the_board_while_the_worker_ranks_is_quiet(app, gate):
    scene = stepping.my_turn(app, PRACTICE)
    press(app, pygame.K_h)
    assert gate.entered.wait(30)
    job = scene.table.hints.job
    app.pop()  # the board is left (its table closes)
    gate.set()
    wait([job], timeout=30)
    assert job.exception() is None and gate.stopped == [True]
    step(app, 3)
    app.draw()


@pytest.mark.parametrize("variant_id", ["el_mundo", "anglicorum"])
def test_the_card_shows_a_first_look_in_other_variants(app, gate, variant_id):
    seats = (Seat(),) + (Seat(human=False),) * 3
    setup = GameSetup(variant_id, {}, seats, seed=4, mode="practice", hints=True)
    scene = stepping.my_turn(app, setup)
    press(app, pygame.K_h)
    card = scene.hint_card
    assert card is not None and card.deepening and card.shown
    app.draw()
    gate.set()
    deepened(app, scene)
    assert card.deep and card.look_text() == "Deeper look: the leading plays a roll ahead"
    app.draw()
