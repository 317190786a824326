"""The router: every route has a scene, a scene's payload type is checked, and scenes
reach one another only through it (no scene imports another inside a function)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import game.ui
from game.ui.router import SCENES, RouteError, destination
from game.ui.routes import Question, Route
from game.ui.scenes.menu import MenuScene


def test_every_route_has_a_scene():
    assert set(SCENES) == set(Route)


@pytest.mark.parametrize(
    ("route", "payload"),
    [
        (Route.BOARD, ("backgammon", None)),  # the old (setup, previous) tuple
        (Route.CONFIRM, {"title": "Sure?"}),  # the old dict
        (Route.RESULTS, None),
        (Route.SETUP, "campaign"),
        (Route.MENU, "anything"),
    ],
)
def test_a_wrong_payload_is_refused_quoted_and_changes_nothing(app, route, payload):
    app.push(MenuScene(app))
    before = list(app.stack.scenes)
    with pytest.raises(RouteError, match=re.escape(repr(payload))):
        app.go(route, payload)
    assert app.stack.scenes == before


def test_go_pushes_and_replaces(app):
    app.go(Route.MENU)
    rules = app.go(Route.RULES, "duodecim")
    assert app.stack.top is rules and rules.variant_id == "duodecim"
    settings = app.go(Route.SETTINGS, replace=True)
    assert [type(s) for s in app.stack.scenes] == [MenuScene, type(settings)]
    question = app.go(Route.CONFIRM, Question(title="Sure?"))
    assert question.title == "Sure?"


def test_an_unknown_route_is_refused():
    with pytest.raises(RouteError, match="'nowhere'"):
        destination("nowhere")  # type: ignore[arg-type]


def test_no_scene_imports_another_inside_a_function():
    """Scenes name routes; only the router imports the scene classes."""
    root = Path(game.ui.__file__).parent
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.ImportFrom) and (inner.module or "").startswith(
                        "game.ui.scenes"
                    ):
                        found.append(f"{path.relative_to(root)}:{inner.lineno}")
    assert found == []
