"""Records → Rating: the plots of a game with no rating yet (a plain sentence says how
to get one) and with rated and analysed games (a dot pointed at says which game and
when), at a landscape and a portrait size; and the results screen's rating line."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from fake_analysis import played  # tests/ui on the path
from scene_kit import click, open_app, reset_app, resize, summary

from game.store.rating_book import rate
from game.store.records import FinishedGame
from game.study.analysis import Decision, GameAnalysis, Point
from game.study.rated import RatedGame, RatingChange
from game.study.stored import VERSION
from game.ui import plot_style, rating_graph
from game.ui.routes import Route
from game.ui.scenes import rating as rating_scene
from game.ui.scenes.rating import RatingScene, analysis_key
from game.ui.scenes.results import ResultsScene

SIZES = [(1280, 800), (600, 900)]


@pytest.fixture(scope="module")
def window(tmp_path_factory):
    yield from open_app(tmp_path_factory)


@pytest.fixture
def texts(monkeypatch):
    """Every text the rating scene draws, with where and whether it is the plots'."""
    drawn: list[tuple[str, pygame.Rect, bool]] = []
    for module in (rating_graph, rating_scene, plot_style):
        real = module.draw_text

        def watched(surface, text, *args, _real=real, _plot=module is not rating_scene, **kw):
            rect = _real(surface, text, *args, **kw)
            drawn.append((text, rect, _plot))
            return rect

        monkeypatch.setattr(module, "draw_text", watched)
    return drawn


def open_rating(app):
    records = app.go(Route.RECORDS)
    records.update(0.05)
    click(app, records.rating_button.rect.center)
    scene = app.stack.top
    assert isinstance(scene, RatingScene)
    return scene


def show(app, scene):
    scene.update(0.05)
    scene.draw(app.screen)


def test_with_no_rating_the_plot_says_how_to_get_one(window, texts):
    app = reset_app(window)
    scene = open_rating(app)
    for size in SIZES:
        resize(app, size)
        texts.clear()
        show(app, scene)
        words = [t for t, *_ in texts]
        said = " ".join(words)
        assert rating_graph.NO_RATING in said and rating_graph.NO_PERFORMANCE in said
        assert any(t.startswith("Expert ") for t in words)  # the levels' lines are named
        inside(app, scene, texts)


def inside(app, scene, texts) -> None:
    """The plots' words inside the panel, the rest inside the window."""
    for text, rect, plot in texts:
        where = scene.panel.rect if plot else app.screen.get_rect()
        assert where.contains(rect), (text, rect, where)


def a_played_game(app) -> dict:
    replay = played("backgammon", seed=4)
    game_id = app.records.add_game(
        FinishedGame(
            mode="practice",
            variant="backgammon",
            options=dict(replay.options),
            seats=[{"human": True}, {"human": False, "level": "novice"}],
            seed=replay.seed,
            plays=list(replay.plays),
            result=dict(replay.result or {}),
            player_side=0,
            player_won=(replay.result or {}).get("winner") == 0,
            opponent_level="novice",
        )
    )
    return app.records.game(game_id)


def test_rated_and_analysed_games_are_plotted_and_told(window, texts):
    app = reset_app(window)
    game = a_played_game(app)
    decisions = (Decision(0, 0, "play", "8/5 6/5", "13/10 13/12", 0.02, (3, 1), choices=9),)
    made = GameAnalysis(
        "backgammon", 2, ("You", "Novice"), decisions, (Point(0, (0.5, 0.5)),), False
    )
    app.records.keep_analysis(analysis_key(game), VERSION, made.to_json())
    rate(app.records, RatedGame("backgammon", "novice", 1.0), 1000.0, played=game["finished"])
    rate(app.records, RatedGame("backgammon", "expert", 0.0), 1700.0)
    scene = open_rating(app)
    graph = scene.graph
    assert graph is not None and len(graph.rating_dots()) == 2
    won = "won" if game["player_won"] else "lost"
    assert [d.words for d in graph.performance_dots()] == [
        f"Game of {rating_graph.when_played(game['finished'])} ({won}): "
        f"performance rating {made.rating(0):.1f}"
    ]
    for size in SIZES:
        resize(app, size)
        texts.clear()
        show(app, scene)
        assert rating_graph.NO_RATING not in " ".join(t for t, *_ in texts)
        first = graph.rating_dots()[0]
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=first.at, rel=(0, 0), buttons=()))
        assert scene.pointed.startswith("Game 1, ") and "won against Novice" in scene.pointed
        texts.clear()
        show(app, scene)
        inside(app, scene, texts)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=()))
    assert scene.pointed == ""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    assert scene.variant_id != "backgammon" and scene.graph.rating_dots() == []


def test_the_results_say_the_new_rating(window):
    app = reset_app(window)
    change = RatingChange("backgammon", "expert", 1700.0, 1.0, 1172.4, 1184.3, 3)
    scene = ResultsScene(app)
    app.push(scene, replace(summary(), rating=change))
    lines = [line for line, *_ in scene.text_lines(900)]
    assert "Your Backgammon rating: 1184 (+12)" in lines
    plain = ResultsScene(app)
    app.push(plain, summary())
    assert not any("rating" in line for line, *_ in plain.text_lines(900))
