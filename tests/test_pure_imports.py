"""The rules engine, the AI and the engine protocol never need pygame.

Each module is imported in a fresh interpreter where pygame cannot be imported
at all. tests/test_import_rules.py reads every module's imports, even one inside a
function that the import alone would not reach, and rejects ``import pygame``
outside the window and in the window's pure parts.
"""

from __future__ import annotations

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
    "game.i18n",
    "game.play",
    "game.play.table",
    "game.play.turn",
    "game.play.session",
    "game.play.advice",
    "game.study",
    "game.study.analysis",
    "game.study.summary",
    "game.study.__main__",
    "game.ui.texts",
    "game.ui.render.layout",
    "game.ui.render.board_reader",
    "game.ui.render.board_words",
    "game.ui.render.board_marks",
    "game.ui.anim.tween",
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

