"""Hints and the practice tutor on the board, headless: the hint card ranks the plays
in the worker, a chosen hint is shown and played, the tutor flags a bad play (Take back
restores the position, Keep goes on and counts it), keeps quiet about a good one, and
there is no hint without a trained evaluation. A small network stands in for the
shipped weights, so the tests judge the mechanism and run fast."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
import stepping  # tests/ui is on the path (rootdir-less import)
from stepping import click, press, run_until, step

from game.ai import players
from game.ai.players import Ranked
from game.play import tutoring
from game.play.advice import TutorTally, difference_text, grade, value_text
from game.play.session import GameSetup, GameSummary, Seat
from game.rules import actions as a
from game.rules import match as m
from game.rules.variants import find_variant
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
def net(monkeypatch):
    """A small network of the right shape for any variant (instead of shipped weights)."""
    return use_small_networks(monkeypatch)


def my_turn(app, setup=PRACTICE):
    """The board at the person's first move with a choice of plays."""
    return stepping.my_turn(app, setup)


def open_hint(app, scene):
    """The hint card open, with the deeper look in place of the first."""
    press(app, pygame.K_h)
    card = scene.hint_card
    assert card is not None
    assert run_until(app, lambda: card.deep)
    step(app)
    return card


def play_by_hand(app, scene):
    """Make some full play one move at a time, as clicks would, and pick up the dice
    (Space): the tutor is asked only then."""
    turn = scene.turn
    while turn.complete() is None:
        src = sorted(turn.sources())[0]
        scene.make(next(iter(turn.moves_from(src).values())))
        assert run_until(app, lambda: not scene.busy)
    play = turn.complete()
    step(app, 10)
    assert scene.table.review is None and scene.tutor_card is None  # not judged yet
    pick_up(app, scene)
    return play


def pick_up(app, scene):
    """The play made waits for the dice to be picked up: Space does it."""
    assert run_until(app, lambda: not scene.busy and scene.table.waiting_pick_up())
    press(app, pygame.K_SPACE)


def judge_as(monkeypatch, loss):
    """The tutor's judgement, fixed: ``loss`` against a best play it names."""
    calls = []

    def judgement(state, play):
        calls.append(play)
        best = next(p for p in m.legal_plays(state) if p != play)
        return loss, [Ranked(best, 0.5, True), Ranked(play, 0.5 - loss, True)]

    monkeypatch.setattr(tutoring, "tutor_judgement", judgement)
    return calls


def next_state(scene, before):
    states = scene.game.states
    return states[states.index(before) + 1] if states.index(before) + 1 < len(states) else None


# -- the hint -----------------------------------------------------------------------------


def test_the_hint_card_ranks_the_plays_in_the_worker(app, net):
    scene = my_turn(app)
    assert "hint" in scene.buttons
    press(app, pygame.K_h)
    card = scene.hint_card
    assert card is not None and card.deepening  # a first look at once
    app.draw()  # the card says it is a first look while the board goes on
    assert run_until(app, lambda: card.deep)
    plays = m.legal_plays(scene.state)
    assert len(card.shown) == min(5, len(plays))
    values = [r.value for r in card.shown]
    assert values == sorted(values, reverse=True)
    rows = card.texts()
    assert rows[0][0] == "1" and rows[0][3] == ""  # the best has no difference
    assert all(r[3].startswith("\u2212") for r in rows[1:])
    assert all(r[1] and r[1] != "pass" for r in rows)
    step(app)
    assert card.rect.w > 0 and card.rows  # drawn, with its rows in place
    # H again closes it; Esc too (and does not pause the game).
    press(app, pygame.K_h)
    assert scene.hint_card is None
    press(app, pygame.K_h)
    assert scene.hint_card is not None and scene.hint_card.deep  # kept for the turn
    press(app, pygame.K_ESCAPE)
    assert scene.hint_card is None and app.stack.top is scene


def test_a_chosen_hint_is_shown_and_played(app, net, monkeypatch):
    judge_as(monkeypatch, 0.0)
    scene = my_turn(app)
    card = open_hint(app, scene)
    before = scene.state
    press(app, pygame.K_2)
    assert card.chosen == 1
    chosen = card.chosen_play
    assert scene.preview_play() == chosen
    app.draw()  # ghosts and arcs on the board
    assert card.buttons.get("apply") is not None
    ranked = scene.table.hints.ranked
    # Judged by the hint's own ranking where it looked deeply at both plays, else by the
    # tutor (here fixed at no loss).
    deep = ranked[0].deep and ranked[1].deep
    given_away = max(0.0, ranked[0].value - ranked[1].value) if deep else 0.0
    click(app, card.buttons["apply"].center)
    assert scene.hint_card is None
    pick_up(app, scene)
    # The tutor judges the hinted play by the hint's ranking (not its own look): it
    # speaks when the second play gives away 0.03 or more, and Keep goes on.
    assert run_until(
        app, lambda: next_state(scene, before) is not None or scene.tutor_card is not None
    )
    if scene.tutor_card is not None:
        press(app, pygame.K_k)  # keep
        assert run_until(app, lambda: next_state(scene, before) is not None)
    after = next_state(scene, before)
    assert after.position.board == before.variant.apply_play(before.position, chosen).board
    assert scene.tally[0].moves == 1
    assert scene.tally[0].loss == pytest.approx(given_away)


def test_a_move_of_the_players_own_closes_the_hint(app, net):
    scene = my_turn(app)
    open_hint(app, scene)
    src = sorted(scene.turn.sources())[0]
    scene.make(next(iter(scene.turn.moves_from(src).values())))
    assert scene.hint_card is None


def test_clicking_a_row_shows_it_and_a_second_click_plays_it(app, net, monkeypatch):
    judge_as(monkeypatch, 0.0)
    scene = my_turn(app)
    card = open_hint(app, scene)
    before = scene.state
    click(app, card.rows[0].center)
    assert card.chosen == 0
    best = card.chosen_play
    step(app, 20)  # the card may glide aside from the play it shows
    click(app, card.rows[0].center)
    pick_up(app, scene)
    assert run_until(app, lambda: next_state(scene, before) is not None)
    assert next_state(scene, before).position.board == (
        before.variant.apply_play(before.position, best).board
    )


# -- the tutor ----------------------------------------------------------------------------


def test_the_tutor_flags_a_bad_play_and_take_back_restores_the_position(app, net, monkeypatch):
    calls = judge_as(monkeypatch, 0.2)
    scene = my_turn(app)
    before = scene.state
    start = scene.resting()
    play = play_by_hand(app, scene)
    assert run_until(app, lambda: scene.tutor_card is not None)
    assert calls == [play]
    verdict = scene.tutor_card.verdict
    assert verdict.grade == "very bad" and verdict.play == play and verdict.best != play
    assert scene.state is before  # the turn has not passed
    step(app)
    buttons = scene.tutor_card.buttons
    assert set(buttons) == {"takeback", "keep"}
    assert scene.buttons == {}  # the tutor has the word
    click(app, buttons["takeback"].center)
    assert scene.tutor_card is None
    assert scene.turn is not None and scene.turn.moves == []
    assert scene.resting() == start and scene.state is before
    assert scene.tally[0].taken_back == 1 and scene.tally[0].moves == 0
    # The roll is played again; Keep (Enter) makes it and counts it.
    play_by_hand(app, scene)
    assert run_until(app, lambda: scene.tutor_card is not None)
    press(app, pygame.K_RETURN)
    assert scene.tutor_card is None
    assert next_state(scene, before) is not None
    tally = scene.tally[0]
    assert (tally.moves, tally.very_bad, tally.taken_back) == (1, 1, 1)
    assert tally.loss == pytest.approx(0.2)


def test_the_tutor_keeps_quiet_about_a_good_play(app, net, monkeypatch):
    judge_as(monkeypatch, 0.02)
    scene = my_turn(app)
    before = scene.state
    play_by_hand(app, scene)
    assert run_until(app, lambda: next_state(scene, before) is not None)
    assert scene.tutor_card is None
    assert scene.good[1].startswith("Good play")
    assert scene.tally[0] == TutorTally(moves=1, loss=0.02)


def test_the_tally_reaches_the_summary_and_the_results(app, net, monkeypatch):
    from game.ui.scenes.results import ResultsScene, tutor_words

    judge_as(monkeypatch, 0.07)
    scene = my_turn(app)
    play_by_hand(app, scene)
    assert run_until(app, lambda: scene.tutor_card is not None)
    press(app, pygame.K_k)  # keep
    scene.apply(a.Concede(0))
    scene.show_results()
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    summary = results.summary
    assert summary.tutor[0] == TutorTally(moves=1, loss=0.07, bad=1)
    assert summary.tutor[1] is None
    assert "1 bad" in tutor_words(summary)
    app.draw()


def test_local_games_and_variants_without_an_evaluation_have_no_hint(app, monkeypatch):
    monkeypatch.setattr(players, "network_for", lambda variant_id: None)
    scene = my_turn(app)
    assert "hint" not in scene.buttons and "hint" in scene.disabled
    assert "No trained evaluation" in scene.disabled["hint"][1]
    press(app, pygame.K_h)
    assert scene.hint_card is None and "No trained evaluation" in scene.message
    app.pop()
    local = my_turn(app, replace(PRACTICE, mode="local", hints=False))
    assert "hint" not in local.buttons and "hint" not in local.disabled


# -- words and numbers ----------------------------------------------------------------------


def test_grades_and_values():
    assert [grade(x) for x in (0.0, 0.029, 0.03, 0.06, 0.119, 0.12, 1.0)] == [
        None,
        None,
        "doubtful",
        "bad",
        "bad",
        "very bad",
        "very bad",
    ]
    assert value_text(0.1864, 2) == "+0.186" and value_text(-0.2, 2) == "\u22120.200"
    assert value_text(0.412, 4) == "41.2%"
    assert difference_text(0.042, 2) == "\u22120.042" and difference_text(0.031, 4) == "\u22123.1%"
    # A loss that rounds to nothing has no minus sign ("\u22120.000" read as a loss).
    for tiny in (0.0, 1e-9, 0.0004999, -1e-9):
        assert difference_text(tiny, 2) == "0.000" and difference_text(tiny, 4) == "0.0%"
    for diff in (0.0005, 0.0123, 0.5, 2.0):
        assert difference_text(diff, 2).startswith("\u2212")
        assert any(d in "123456789" for d in difference_text(diff, 2))
    tally = TutorTally().add(0.01).add(0.05).add(0.2)
    assert (tally.moves, tally.doubtful, tally.very_bad) == (3, 1, 1)
    assert tally.average == pytest.approx(0.26 / 3)


def test_results_draw_a_practice_summary_at_both_sizes(app):
    from game.ui.scenes.results import ResultsScene

    variant = find_variant("el_mundo")
    state = m.new_game(variant, __import__("random").Random(2))
    state = m.concede(state, 1)
    summary = GameSummary(
        setup=GameSetup("el_mundo", seats=(Seat(),) + (Seat(human=False),) * 3, hints=True),
        state=state,
        seed=1,
        turns=12,
        hits=(0, 0, 0, 0),
        pips=(100, 100, 100, 100),
        tutor=(TutorTally(moves=4, loss=0.1, doubtful=1), None, None, None),
    )
    scene = ResultsScene(app)
    app.push(scene, summary)
    for size in ((1280, 800), (800, 500)):
        app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        step(app)
    assert summary.match_over


def test_a_fast_pick_up_waits_for_the_verdict_and_take_back_is_offered(app, net, monkeypatch):
    """Issue 45: the dice picked up at once after a bad play, the tutor not done yet: the
    board says the tutor is checking and the turn waits; the verdict's card then comes
    with Take back, which restores the position."""
    import threading

    from game.ui.render import board_words

    release = threading.Event()

    def slow(state, play):
        release.wait(30)
        best = next(p for p in m.legal_plays(state) if p != play)
        return 0.2, [Ranked(best, 0.5, True), Ranked(play, 0.3, True)]

    monkeypatch.setattr(tutoring, "tutor_judgement", slow)
    scene = my_turn(app)
    before, start = scene.state, scene.resting()
    turn = scene.turn
    while turn.complete() is None:
        src = sorted(turn.sources())[0]
        scene.make(next(iter(turn.moves_from(src).values())))
        assert run_until(app, lambda: not scene.busy)
    press(app, pygame.K_SPACE)  # within a frame or two of the last move
    step(app, 60)  # a second: the verdict is not ready, the turn has not passed
    assert scene.state is before and scene.table.review is not None
    assert board_words.message_text(scene) == board_words.CHECKING
    assert scene.buttons == {}
    release.set()
    assert run_until(app, lambda: scene.tutor_card is not None)
    assert scene.state is before
    step(app, 120)  # the card stays until answered
    assert scene.tutor_card is not None and scene.state is before
    click(app, scene.tutor_card.buttons["takeback"].center)
    assert scene.tutor_card is None and scene.state is before
    assert scene.resting() == start and scene.turn.moves == []
