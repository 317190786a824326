"""A Tavli match in the window: the setup's Match row starts one (always with Portes),
the side column names the match and the game in turn, the results between games say
what comes next and "Next game" goes on with it in its own look, and the words fit."""

from __future__ import annotations

import random
from dataclasses import replace

import pygame
import pytest
from scene_kit import draw, enter, open_app, press, reset_app, resize  # tests/ui on the path

from game.play.session import GameSetup, SavedGame, Seat, tavli_setup
from game.rules import match as m
from game.rules import tavli
from game.rules.variants import find_variant
from game.ui import result_words
from game.ui.looks import look_of
from game.ui.render import board_hud, board_words
from game.ui.routes import NextGame, Route

SEATS = (Seat(), Seat(human=False))


@pytest.fixture(scope="module")
def started_app(tmp_path_factory):
    yield from open_app(tmp_path_factory)


@pytest.fixture
def app(started_app):
    return reset_app(started_app)


def match_row(scene):
    return next((w for w in scene.option_widgets if w.label == "Match"), None)


def test_the_match_row_starts_a_tavli_match_with_portes_whatever_game_was_chosen(app):
    scene, _ = enter(app, "setup")
    scene.select("backgammon")
    assert match_row(scene) is None  # only Tavli's games offer it
    scene.select("fevga")
    row = match_row(scene)
    assert row is not None and row.value == 0 and row.fmt(0) == "Single game"
    assert [row.fmt(v) for v in row.values] == [
        "Single game",
        "Tavli to 3",
        "Tavli to 5",
        "Tavli to 7",
    ]
    assert "Portes, Plakoto and Fevga in turn" in row.help
    single = scene.build_setup()
    assert (single.variant_id, single.tavli) == ("fevga", 0)
    scene.focus.focus(row)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)  # Tavli to 5
    setup = scene.build_setup()
    # Each game of a Tavli match is played by its usual rules: Portes' defaults.
    assert (setup.variant_id, setup.tavli) == ("portes", 5)
    assert setup.options == dict(find_variant("portes").options)
    assert setup.seats == tuple(scene.seats["fevga"])
    scene.select("plakoto")  # the row's choice stays with the three games
    assert match_row(scene).value == 5 and scene.build_setup().tavli == 5
    # Its own rules are dimmed: a Tavli match plays each game by its usual rules.
    assert scene.rule_widgets and not any(w.enabled for w in scene.rule_widgets)
    scene.set_tavli(0)
    assert all(w.enabled for w in scene.rule_widgets)
    scene.set_tavli(5)
    scene.select("backgammon")  # and never reaches another game
    assert scene.build_setup().tavli == 0


def test_the_practice_setup_starts_a_practice_tavli_match(app):
    scene, _ = enter(app, "practice")
    scene.select("portes")
    scene.set_tavli(3)
    setup = scene.build_setup()
    assert (setup.tavli, setup.mode, setup.hints) == (3, "practice", True)
    assert setup.variant_id == "portes"


def test_the_side_column_names_the_match_and_the_game_in_turn():
    match = replace(tavli.start_match(5), score=(1, 0), game=1)
    assert board_words.match_heading(match) == ("Tavli to 5", "Game 2: Plakoto")
    assert board_words.match_heading(replace(match, game=5)) == ("Tavli to 5", "Game 6: Fevga")
    plain = m.MatchScore(length=7, score=(0, 0), crawford=True)
    assert board_words.match_heading(plain) == ("Match to 7 (Crawford)", "")
    assert board_words.match_heading(m.MatchScore()) == ("Money game", "")


def finish_first_game(app, winner: int = 0):
    """A new Tavli match to 5 at the board, its Portes game conceded by the other side;
    the results scene it leads to."""
    board = app.go(Route.BOARD, tavli_setup(5, SEATS, seed=7))
    draw(app, board, 2)
    assert board.variant.id == "portes"
    state = board.table.game.states[-1]
    board.table.game.states[-1] = m.concede(state, 1 - winner)
    return app.go(Route.RESULTS, board.table.summary(), replace=True)


def test_results_between_games_say_the_score_and_the_next_game_which_next_game_plays(app):
    results = finish_first_game(app)
    words = result_words.points_words(results.summary)
    first, second = (result_words.side_name(results.summary, side) for side in (0, 1))
    assert words == f"1 point  ·  Tavli to 5: {first} 1, {second} 0  ·  Next: Plakoto"
    assert results.next_button in results.buttons and "Plakoto" in results.next_button.help
    draw(app, results, 2)
    results.next_game()
    board = app.stack.scenes[-1]
    assert board.variant.id == "plakoto" and board.table.setup.variant_id == "plakoto"
    assert board.state.match.game == 1 and board.state.match.score == (1, 0)
    assert board.theme.style == look_of("plakoto").theme == "kafeneio"
    draw(app, board, 3)
    assert board.view.layout is not None


def test_the_last_game_of_a_tavli_match_says_who_won_it():
    from game.play.session import GameSummary

    start = replace(tavli.start_match(3), score=(2, 1), game=3)
    state = m.new_game(tavli.variant_in_turn(start), random.Random(1), start)
    state = m.concede(state, 1)
    summary = GameSummary(tavli_setup(3, SEATS), state, 1, 30, (0, 0), (0, 0), match_over=True)
    words = result_words.points_words(summary)
    assert words.endswith("wins the Tavli match, 3-1")
    assert result_words.next_in_cycle(summary) == ""


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_tavli_heading_fits_the_side_column(app, cut, size):
    resize(app, size)
    setup = tavli_setup(7, SEATS, seed=7)
    board = app.go(Route.BOARD, setup)
    state = board.table.game.states[-1]
    ended = m.concede(state, 1)
    # Game 11 (two digits), at 6-6: the longest words the column shows in a match to 7.
    longest = replace(ended, match=replace(ended.match, score=(6, 6), game=9))
    board = app.go(Route.BOARD, NextGame(board.table.setup, longest), replace=True)
    assert board.variant.id == "plakoto"
    draw(app, board, 3)
    assert cut == []
    places = board_hud.score_places(board)  # the heading and score are drawn, in the column
    assert board_hud.score_shown(board) and len(places) == 2
    column = board.view.layout.frame[0]
    assert all(r.left > 0 and r.right < column for _, *rects in places for r in rects)
    height = app.screen.get_height()
    edge = [app.screen.get_at((x, y)) for x in range(2) for y in range(height)]
    assert max(max(c.r, c.g, c.b) for c in edge) < 90  # nothing reaches the window's edge


def test_a_saved_tavli_game_resumes_in_its_game_of_the_match(app):
    results = finish_first_game(app)
    results.next_game()
    board = app.stack.scenes[-1]
    saved = board.table.saved()
    assert isinstance(saved, SavedGame) and saved.describe().startswith("Tavli to 5, game 2:")
    resumed = app.go(Route.BOARD, saved, replace=True)
    assert resumed.variant.id == "plakoto" and resumed.state.match.game == 1
    assert resumed.state.match.score == (1, 0) and resumed.table.setup.tavli == 5


def test_the_records_list_names_the_tavli_game():
    from game.ui.scenes.records import game_words

    game = {
        "variant": "plakoto",
        "finished": 0,
        "result": {"winner": 0},
        "plays": [],
        "start": {"match": {"length": 5, "score": [1, 0], "cycle": list(tavli.CYCLE), "game": 1}},
    }
    assert game_words(game)[0] == "Tavli to 5, game 2: Plakoto"
    plain = {**game, "start": {"match": None}}
    assert game_words(plain)[0] == "Plakoto"


def test_a_setup_without_tavli_is_untouched():
    assert GameSetup("portes").tavli == 0


def test_continue_resumes_a_tavli_match_in_its_second_game(tmp_path, monkeypatch):
    """A Tavli match left in its second game (the window closed) is offered by the menu
    after a restart and resumes in Plakoto, with the score and the match's length."""
    from game.store.records import Records
    from game.store.settings import Settings
    from game.ui.app import App
    from game.ui.progress import load_in_progress
    from game.ui.scenes.board import BoardScene
    from game.ui.scenes.menu import MenuScene

    monkeypatch.setenv("TABULA_HOME", str(tmp_path))

    def opened() -> App:
        app = App(replace(Settings(), animation="instant", muted=True), persist=False)
        app._records = Records.open(tmp_path / "records.sqlite")
        app.start((1280, 800))
        app.running = True
        return app

    app = opened()
    app.push(BoardScene(app), tavli_setup(5, SEATS, seed=7))
    board = app.stack.top
    state = board.table.game.states[-1]
    board.table.game.states[-1] = m.concede(state, 1)
    summary = board.table.summary()
    app.go(Route.BOARD, NextGame(summary.setup, summary.state), replace=True)
    second = app.stack.top
    assert second.variant.id == "plakoto"
    assert load_in_progress(app) is not None  # kept from its first state on
    app.stop()

    app = opened()
    saved = load_in_progress(app)
    assert saved is not None and saved.describe().startswith("Tavli to 5, game 2: Plakoto")
    menu = MenuScene(app)
    app.push(menu)
    assert menu.buttons[0].label == "Continue"
    press(app, pygame.K_RETURN)
    board = app.stack.top
    assert isinstance(board, BoardScene) and board.variant.id == "plakoto"
    assert board.state.match.game == 1 and board.state.match.score == (1, 0)
    assert board.table.setup.tavli == 5 and board.theme.style == "kafeneio"
    app.stop()
