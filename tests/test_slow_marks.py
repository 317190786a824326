"""The list of slow tests (tests/slow.py) cannot go stale silently: each file it names
exists and each test it names is defined, so a renamed or moved test stays marked or
fails here."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from slow import SLOW_FILES, SLOW_TESTS, is_slow

TESTS = Path(__file__).resolve().parent


def _test_functions() -> set[str]:
    names: set[str] = set()
    for file in TESTS.rglob("test_*.py"):
        tree = ast.parse(file.read_text(encoding="utf-8"), filename=str(file))
        names.update(
            node.name
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.name.startswith("test_")
        )
    return names


@pytest.mark.parametrize("glob", SLOW_FILES)
def test_every_slow_file_exists(glob: str) -> None:
    assert any(TESTS.glob(glob)), f"tests/slow.py names {glob!r}, which matches no file in tests/"


def test_every_slow_test_is_defined() -> None:
    missing = sorted(SLOW_TESTS - _test_functions())
    assert not missing, f"tests/slow.py names tests that no file in tests/ defines: {missing}"


def test_a_named_test_is_slow_in_any_file_and_others_are_not() -> None:
    assert is_slow("play/test_board_scene.py", "test_menu_to_results_with_computer_seats")
    assert is_slow("ui/test_board_scene.py", "test_menu_to_results_with_computer_seats")
    assert is_slow("ui/test_soak.py", "test_anything")
    assert not is_slow("ui/test_board_scene.py", "test_the_board_draws")
    assert not is_slow("test_slow_marks.py", "test_every_slow_test_is_defined")


def test_the_slow_marker_is_registered_and_set(request: pytest.FixtureRequest) -> None:
    assert any(line.startswith("slow:") for line in request.config.getini("markers"))
    assert request.node.get_closest_marker("slow") is None  # this test is quick


@dataclass
class _Item:
    path: Path
    originalname: str
    name: str = ""
    marks: list[str] = field(default_factory=list)

    def add_marker(self, mark: pytest.MarkDecorator) -> None:
        self.marks.append(mark.name)


def test_the_conftest_marks_by_function_and_by_file(request: pytest.FixtureRequest) -> None:
    conftest = next(
        plugin
        for plugin in request.config.pluginmanager.get_plugins()
        if getattr(plugin, "__file__", None) == str(TESTS / "conftest.py")
    )
    moved = _Item(TESTS / "play" / "test_x.py", "test_menu_to_results_with_computer_seats")
    soak = _Item(TESTS / "ui" / "test_soak.py", "test_new")
    quick = _Item(TESTS / "ui" / "test_board_scene.py", "test_the_board_draws")
    items = [quick, moved, soak]
    conftest.pytest_collection_modifyitems(request.config, items)
    assert (moved.marks, soak.marks, quick.marks) == (["slow"], ["slow"], [])
    assert items == [moved, soak, quick]  # the slow first, in their order
