"""The rules engine, the AI and the engine protocol never need pygame.

Each module is imported in a fresh interpreter where pygame cannot be imported
at all; a static check also rejects any ``import pygame`` in those files, even
one inside a function that the import alone would not reach.
"""

from __future__ import annotations

import ast
import importlib.util
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

PURE_MODULES = (
    "game.rules",
    "game.rules.movegen",
    "game.rules.gnubg",
    "game.rules.variants",
    "game.engine",
    "game.ai",
    "game.store.settings",
    "game.play",
    "game.play.table",
    "game.play.turn",
    "game.play.session",
    "game.play.advice",
    "game.ui.texts",
    "game.ui.render.layout",
    "game.ui.render.board_reader",
    "game.ui.render.board_words",
    "game.ui.render.board_marks",
    "game.ui.anim.tween",
)

# Files and folders that must not mention pygame in an import statement.
PURE_PATHS = (
    "game/rules",
    "game/ai",
    "game/engine.py",
    "game/engine",
    "game/store",
    "game/play",
    "game/ui/texts.py",
    "game/ui/render/layout.py",
    "game/ui/render/board_reader.py",
    "game/ui/render/board_words.py",
    "game/ui/render/board_marks.py",
    "game/ui/anim/tween.py",
)

_BLOCK_PYGAME = textwrap.dedent(
    """
    import importlib
    import sys

    class BlockPygame:
        def find_spec(self, name, path=None, target=None):
            if name == "pygame" or name.startswith("pygame."):
                raise ImportError(f"pygame is blocked: {name!r} was imported")
            return None

    sys.meta_path.insert(0, BlockPygame())

    module = sys.argv[1]
    importlib.import_module(module)
    loaded = sorted(m for m in sys.modules if m == "pygame" or m.startswith("pygame."))
    assert not loaded, f"{module} left pygame modules loaded: {loaded}"
    """
)


def _exists(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:  # a parent package is missing
        return False


@pytest.mark.parametrize("module", PURE_MODULES)
def test_module_imports_without_pygame(module: str) -> None:
    if not _exists(module):
        pytest.skip(f"{module} does not exist yet")
    done = subprocess.run(
        [sys.executable, "-c", _BLOCK_PYGAME, module],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, f"importing {module} without pygame failed:\n{done.stderr}"


def test_blocker_does_stop_pygame() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _BLOCK_PYGAME, "pygame"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "pygame is blocked" in done.stderr


def _pure_files() -> list[Path]:
    files: list[Path] = []
    for name in PURE_PATHS:
        path = ROOT / name
        if path.is_dir():
            files.extend(sorted(path.rglob("*.py")))
        elif path.is_file():
            files.append(path)
    return files


def _pygame_imports(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    lines: list[int] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names = [node.module or ""]
        else:
            continue
        if any(n == "pygame" or n.startswith("pygame.") for n in names):
            lines.append(node.lineno)
    return lines


def test_no_pure_file_imports_pygame() -> None:
    files = _pure_files()
    assert any(f.is_relative_to(ROOT / "game" / "rules") for f in files), "game/rules not found"
    offenders = [f"{f.relative_to(ROOT)}:{line}" for f in files for line in _pygame_imports(f)]
    assert not offenders, f"pygame imported in pure code: {offenders}"
