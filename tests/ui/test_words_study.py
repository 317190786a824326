"""Study's screens in the pseudo-language (game.i18n.PSEUDO: every text 40% longer, its
letters accented, in marks): the analysis (its progress card and its result stepped
through), the position editor, the drills' list and a drill, and the rating plot, at
1280x800 and 1920x1080. Every word drawn went through the catalogue, and every text
fits: none cut short by ``fit_text`` (which is also what a size shrunk to its smallest
comes to), no line of the analysis's panes left out, none drawn past the window."""

from __future__ import annotations

import os
import re
import sys
import time

import fake_analysis  # tests/ui on the path
import pygame
import pytest
from fake_analysis import GATES, kept_for, played
from scene_kit import press, resize, until_shown
from stepping import step
from words_seen import untranslated, words_drawn

from game import i18n
from game.study import jobs
from game.ui import assets, plot_style
from game.ui import theme as theme_module
from game.ui.routes import AnalysisRequest, Route
from game.ui.widgets import text as text_module

SIZES = [(1280, 800), (1920, 1080)]
WAIT = 60.0


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language(i18n.ENGLISH)


def colour_names() -> set[str]:
    """The sides' colour names, where they do not go through the catalogue yet: the
    colours are the board's words (``game.ui.theme``, marked on another branch); once a
    side's name is looked up there (``SideColours.english``) none is let through."""
    if hasattr(theme_module.SideColours, "english"):
        return set()
    return {side.name for t in theme_module.THEMES.values() for side in t.sides}


# The board's own drawing (its lettering: pips, names; the hint card) is the board's
# words, marked and tested with the board's scenes; the study's screens draw it as it is.
BOARD_DRAWING = (os.path.join("game", "ui", "render", ""), os.path.join("game", "ui", "hints"))


def drawn_by_study(monkeypatch) -> list[str]:
    """``words_drawn``, less the texts the board's own drawing renders."""
    words_drawn(monkeypatch)  # (its list holds the board's texts too: not used)
    recording = assets.Face
    kept: list[str] = []

    class Sorting(recording):  # type: ignore[misc, valid-type]
        def render(self, text, *args, **kwargs):  # type: ignore[no-untyped-def]
            out = super().render(text, *args, **kwargs)
            if isinstance(text, str) and not by_the_board():
                kept.append(text)
            return out

    monkeypatch.setattr(assets, "Face", Sorting)
    assets.font.cache_clear()
    text_module.text_surface.cache_clear()
    return kept


def by_the_board() -> bool:
    frame = sys._getframe(2)
    while frame is not None:
        name = frame.f_code.co_filename
        if any(part in name for part in BOARD_DRAWING):
            return True
        frame = frame.f_back
    return False


def not_translated(seen: list[str]) -> list[str]:
    """``untranslated(seen)``, less the texts that are only the sides' colour names."""
    names = colour_names()
    out = []
    for text in untranslated(seen):
        rest = text
        for name in names:
            rest = rest.replace(name, "")
        if untranslated([rest]):
            out.append(text)
    return out


def frames(app, scene, done, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not done():
        assert time.monotonic() < deadline, f"no {what}"
        app.step(1 / 60)
        time.sleep(0.005)


def painted(app, scene) -> None:
    """Frames until the analysis's pictures of the decision shown are all painted."""
    frames(
        app,
        scene,
        lambda: (
            scene.cached_key("board") == scene.picture_key()
            and scene.cached_key("decision") == scene.picture_key(scene.decision_box.size)
            and not scene.stale
        ),
        "pictures",
    )


def watch_rects(monkeypatch, modules) -> list[pygame.Rect]:
    """The rectangles ``draw_text`` draws into, in ``modules``."""
    drawn: list[pygame.Rect] = []
    for module in modules:
        real = module.draw_text

        def watched(*args, _real=real, **kwargs):
            rect = _real(*args, **kwargs)
            drawn.append(rect)
            return rect

        monkeypatch.setattr(module, "draw_text", watched)
    return drawn


def pseudo_names(*names: str) -> tuple[str, ...]:
    """Players' names as Records gives them, in the pseudo-language."""
    return tuple(i18n.pseudo(name) for name in names)


# -- the analysis -------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_the_analysis_is_all_in_the_language_and_fits(app, cut, monkeypatch, size):
    from game.ui import analysis_graph
    from game.ui.scenes import analysis, analysis_panes

    resize(app, size)
    i18n.set_language(i18n.PSEUDO)
    replay = played(entries=60)
    names = pseudo_names("Ivory (computer, novice)", "Crimson (you)")
    kept_for(app.records, replay, list(names))
    seen = drawn_by_study(monkeypatch)
    drawn = watch_rects(monkeypatch, (analysis, analysis_panes, analysis_graph))
    scene = app.go(Route.ANALYSIS, AnalysisRequest(replay, names, ""))
    frames(app, scene, lambda: scene.analysis is not None, "analysis")
    until_shown(app, scene)
    painted(app, scene)
    press(app, pygame.K_PAGEDOWN)  # a decision graded: the longest rows
    painted(app, scene)
    press(app, pygame.K_b)  # the expert's best on the board, the button's other words
    painted(app, scene)
    press(app, pygame.K_END)  # the result
    painted(app, scene)
    window = pygame.Rect((0, 0), size)
    for at in range(len(scene.moments)):
        scene.go_to(at)
        assert scene.paint_decision(pygame.Surface(scene.decision_box.size)) == 0, at
    assert scene.paint_figures(pygame.Surface(size), scene.figures_box) == 0
    assert not_translated(seen) == [], not_translated(seen)
    assert cut == [], sorted(set(cut))
    assert drawn and all(window.contains(r) for r in drawn)


def test_the_analysis_card_counts_in_the_language(app, cut, monkeypatch, tmp_path):
    gates = tmp_path / "gates"
    gates.mkdir()
    monkeypatch.setenv(GATES, str(gates))
    monkeypatch.setitem(jobs.KINDS, "analysis", fake_analysis.gated)
    i18n.set_language(i18n.PSEUDO)
    seen = drawn_by_study(monkeypatch)
    replay = played(entries=60)
    names = pseudo_names("Ivory", "Crimson")
    scene = app.go(Route.ANALYSIS, AnalysisRequest(replay, names, i18n.pseudo("A game")))
    frames(app, scene, lambda: scene.job is not None and scene.opaque, "worker")
    scene.draw(app.screen)  # the expert getting ready
    (gates / "1").touch()
    frames(app, scene, lambda: scene.job is not None and scene.job.done == 1, "progress")
    scene.draw(app.screen)
    assert not_translated(seen) == [], not_translated(seen)
    assert cut == [], sorted(set(cut))
    scene.stop()


# -- the editor ---------------------------------------------------------------------------

# A GNU Backgammon Position ID is the same code in every language.
POSITION_ID = re.compile(r"[A-Za-z0-9+/]{14}")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("variant_id", ["backgammon", "acey_deucey"])
def test_the_editor_is_all_in_the_language_and_fits(app, cut, monkeypatch, size, variant_id):
    from game.ui.routes import EditorStart

    resize(app, size)
    i18n.set_language(i18n.PSEUDO)
    seen = drawn_by_study(monkeypatch)
    scene = app.go(Route.EDITOR, EditorStart(variant_id))
    step(app, 2)
    scene.choose_dice((6, 5))  # a throw set: the status says whose play it is
    scene.note = scene.edit.add(0, 0) or i18n._("The position after that play")
    step(app, 2)
    scene.focus.focus(scene.board_keys, keyboard=True)  # the keys' help on the board
    step(app, 2)
    texts = [POSITION_ID.sub("", text) for text in seen]
    assert not_translated(texts) == [], not_translated(texts)
    assert cut == [], sorted(set(cut))


def test_the_editors_rollout_answer_is_in_the_language(app, cut, monkeypatch):
    from game.ui.editor_panel import rollout_lines

    i18n.set_language(i18n.PSEUDO)
    answer = {
        "sides": [
            {"side": 0, "mean": 0.12, "ci95": (0.08, 0.16), "win": 0.55, "gammon": 0.12},
            {"side": 1, "mean": -0.12, "ci95": (-0.16, -0.08), "win": 0.45, "gammon": 0.1},
        ],
        "games": 300,
        "asked": 1000,
        "stopped": True,
    }
    lines = rollout_lines(answer, pseudo_names("Ivory", "Crimson"), cube=True)
    assert not_translated(lines) == []


# -- the drills ---------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_the_drills_list_is_all_in_the_language_and_fits(app, cut, monkeypatch, size):
    resize(app, size)
    i18n.set_language(i18n.PSEUDO)
    seen = drawn_by_study(monkeypatch)
    scene = app.go(Route.DRILLS)
    step(app, 3)
    assert not_translated(seen) == [], not_translated(seen)
    assert cut == [], sorted(set(cut))
    # The intro stays between the games and Back.
    lowest = max(b.rect.bottom for b in scene.game_buttons)
    assert lowest < scene.back_button.rect.y


@pytest.mark.parametrize("size", SIZES)
def test_a_drill_is_all_in_the_language_and_fits(app, cut, monkeypatch, size):
    from scene_kit import drill_run

    resize(app, size)
    i18n.set_language(i18n.PSEUDO)
    seen = drawn_by_study(monkeypatch)
    scene = app.go(Route.DRILL, drill_run())
    step(app, 3)
    state = scene.drill.game_state()
    from game.rules import match as m

    worst = max(m.legal_plays(state), key=lambda p: scene.drill.loss_of(p) or 0.0)
    scene.answer_play = worst
    scene.give_verdict(scene.drill.loss_of(worst) or 0.1)  # a graded answer: the longest card
    step(app, 3)
    assert not_translated(seen) == [], not_translated(seen)
    assert cut == [], sorted(set(cut))


# -- the rating plot ----------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("empty", [True, False])
def test_the_rating_plot_is_all_in_the_language_and_fits(app, cut, monkeypatch, size, empty):
    from game.store.rating_book import PerformancePoint, RatingRow
    from game.ui import rating_graph
    from game.ui.theme import theme_for

    i18n.set_language(i18n.PSEUDO)
    seen = drawn_by_study(monkeypatch)
    drawn = watch_rects(monkeypatch, (rating_graph, plot_style))
    # A date is the locale's (English's, in the pseudo-language): one that went through
    # game.i18n.date is marked as the pseudo-language marks a text.
    real_date = rating_graph.date
    monkeypatch.setattr(rating_graph, "date", lambda *a, **k: i18n.pseudo(real_date(*a, **k)))
    when = 1_780_000_000.0
    ratings = [
        RatingRow(
            when + n * 86_400, level, 1200.0 + 100 * n, score, 1000.0 + 20 * n, 1020.0 + 20 * n
        )
        for n, (level, score) in enumerate([("novice", 1.0), ("expert", 0.0), ("advanced", 0.5)])
    ]
    points = [PerformancePoint(when + n * 86_400, 8.0 + n, n, n % 2 == 0) for n in range(3)]
    levels = {"novice": 1000.0, "beginner": 1200.0, "intermediate": 1400.0, "expert": 1800.0}
    graph = rating_graph.RatingGraph(
        theme_for("backgammon"), [] if empty else ratings, [] if empty else points, levels
    )
    surface = pygame.Surface(size)
    s = min(size[0] / 1280, size[1] / 800)
    area = pygame.Rect(
        round(40 * s), round(120 * s), size[0] - round(80 * s), size[1] - round(240 * s)
    )
    graph.place(area, s)
    graph.draw(surface)
    said = [dot.words for dot in graph.rating_dots() + graph.performance_dots()]
    assert not_translated(seen + said) == [], not_translated(seen + said)
    assert cut == [], sorted(set(cut))
    assert drawn and all(surface.get_rect().contains(r) for r in drawn)
