"""Which package may import which: the layers of ``game/``, read statically.

Every module's imports are read with ``ast``: top-level ones, ones inside functions,
under ``if TYPE_CHECKING:`` or in a ``try:``, relative ones, and
``importlib.import_module`` of a constant name. Each rule fails naming the module,
the line and the import that break it:

- game.rules (the rules) imports nothing of Tabula's outside game.rules;
- nothing outside game.ui (the window) imports game.ui, but the program's entry point
  (game/__main__.py: ``python -m game`` opens the window);
- game.ai imports none of game.store, game.ui, game.play, game.campaign, game.engine;
- game.play (the game controller) imports neither game.ui nor pygame;
- game.store imports neither game.ui nor game.play;
- game.study (analysis away from the board) imports none of game.ui, game.store,
  game.campaign, pygame;
- nothing outside game.ui imports pygame, and neither do the window's pure parts
  (the texts, the board's layout, words and marks, and the tweens).

(tests/test_pure_imports.py imports the pure packages in an interpreter where pygame
cannot be loaded at all; this file reads every module of every package.)
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"

# Modules of the window that never need pygame (their logic is tested without a window).
PURE_UI = (
    "game.ui.texts",
    "game.ui.render.layout",
    "game.ui.render.board_reader",
    "game.ui.render.board_words",
    "game.ui.render.board_marks",
    "game.ui.anim.tween",
)
# What starts the window: the one module outside game.ui that may import it.
ENTRY_POINT = "game.__main__"


@dataclass(frozen=True)
class Import:
    """One imported module: ``target`` as Python resolves it, at ``line`` of ``module``."""

    module: str
    path: str
    line: int
    target: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.module} imports {self.target}"


def within(name: str, package: str) -> bool:
    """Whether module ``name`` is ``package`` or inside it."""
    return name == package or name.startswith(package + ".")


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_module(name: str, root: Path) -> bool:
    """Whether ``name`` (e.g. ``game.store.exports``) is a module or package under ``root``."""
    base = root.joinpath(*name.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def _absolute(module: str, is_package: bool, level: int, name: str | None) -> str:
    """The absolute name of ``from <level dots><name> import ...`` written in ``module``."""
    if level == 0:
        return name or ""
    package = module.split(".") if is_package else module.split(".")[:-1]
    base = package[: len(package) - (level - 1)]
    return ".".join([*base, name] if name else base)


def imports_of(source: str, module: str, path: str, root: Path, is_package: bool) -> list[Import]:
    """Every module ``source`` (the text of ``module``) imports, wherever the statement is.

    ``from X import Y`` counts as importing ``X.Y`` when that is a module under ``root``
    (``from game import ui`` imports game.ui), else as importing ``X``."""
    found: list[Import] = []
    for node in ast.walk(ast.parse(source, filename=path)):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(module, is_package, node.level, node.module)
            for alias in node.names:
                full = f"{base}.{alias.name}" if base else alias.name
                targets.append(full if _is_module(full, root) else base)
        elif (
            isinstance(node, ast.Call)
            and _called_name(node.func) in {"import_module", "importlib.import_module"}
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            targets = [node.args[0].value]
        found.extend(Import(module, path, node.lineno, t) for t in dict.fromkeys(targets) if t)
    return found


def _called_name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return f"{func.value.id}.{func.attr}"
    return ""


def all_imports(root: Path = ROOT) -> Iterator[Import]:
    for file in sorted((root / "game").rglob("*.py")):
        yield from imports_of(
            file.read_text(encoding="utf-8"),
            module_name(file, root),
            file.relative_to(root).as_posix(),
            root,
            file.name == "__init__.py",
        )


def _tabula(target: str) -> bool:
    return within(target, "game")


def _pygame(target: str) -> bool:
    return within(target, "pygame")


# Each rule: (name, the importing modules it covers, the imports they may not make).
Rule = tuple[str, Callable[[str], bool], Callable[[str], bool]]

RULES: tuple[Rule, ...] = (
    (
        "game.rules imports nothing of Tabula's outside game.rules",
        lambda m: within(m, "game.rules"),
        lambda t: _tabula(t) and not within(t, "game.rules"),
    ),
    (
        "only game.ui (and the entry point, which opens it) imports game.ui",
        lambda m: not within(m, "game.ui") and m != ENTRY_POINT,
        lambda t: within(t, "game.ui"),
    ),
    (
        "game.ai imports none of game.store, game.ui, game.play, game.campaign, game.engine",
        lambda m: within(m, "game.ai"),
        lambda t: any(
            within(t, p)
            for p in ("game.store", "game.ui", "game.play", "game.campaign", "game.engine")
        ),
    ),
    (
        "game.play imports neither game.ui nor pygame",
        lambda m: within(m, "game.play"),
        lambda t: within(t, "game.ui") or _pygame(t),
    ),
    (
        "game.store imports neither game.ui nor game.play",
        lambda m: within(m, "game.store"),
        lambda t: within(t, "game.ui") or within(t, "game.play"),
    ),
    (
        "only game.ui imports pygame",
        lambda m: not within(m, "game.ui"),
        _pygame,
    ),
    (
        "the window's pure parts do not import pygame",
        lambda m: m in PURE_UI,
        _pygame,
    ),
    (
        "game.study imports none of game.ui, game.store, game.campaign, pygame",
        lambda m: within(m, "game.study"),
        lambda t: _pygame(t)
        or any(within(t, p) for p in ("game.ui", "game.store", "game.campaign")),
    ),
)


def broken(rule: Rule, imports: list[Import]) -> list[str]:
    _name, covers, forbidden = rule
    return [str(i) for i in imports if covers(i.module) and forbidden(i.target)]


@pytest.fixture(scope="module")
def imports() -> list[Import]:
    return list(all_imports())


@pytest.mark.parametrize("rule", RULES, ids=[rule[0] for rule in RULES])
def test_import_rule(rule: Rule, imports: list[Import]) -> None:
    offenders = broken(rule, imports)
    assert not offenders, f"{rule[0]}, but:\n" + "\n".join(offenders)


def test_every_package_is_read(imports: list[Import]) -> None:
    modules = {i.module for i in imports}
    packages = ("game.rules", "game.ai", "game.store", "game.campaign", "game.ui", "game.study")
    for package in packages:
        assert any(within(m, package) for m in modules), f"no imports read in {package}"
    assert "game.engine" in modules
    for pure in PURE_UI:
        assert _is_module(pure, ROOT), f"{pure} is gone: update PURE_UI"


# -- the reader and the rules themselves ----------------------------------------------

_SNEAKY = '''
from __future__ import annotations
from typing import TYPE_CHECKING
import importlib
from . import dice
from ..store import exports
from .. import ui

if TYPE_CHECKING:
    from game.play.controller import Controller

try:
    import pygame.mixer
except ImportError:
    pass

def later():
    import game.engine
    return importlib.import_module("game.campaign")

class Inner:
    def method(self):
        from game.ai.players import decide
'''


def test_reader_finds_every_kind_of_import(tmp_path: Path) -> None:
    for package in ("game/rules", "game/store", "game/ui"):
        (tmp_path / package).mkdir(parents=True, exist_ok=True)
        (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / "game/__init__.py").write_text("")
    (tmp_path / "game/rules/dice.py").write_text("")
    (tmp_path / "game/store/exports.py").write_text("")
    (tmp_path / "game/rules/sneaky.py").write_text(_SNEAKY)
    found = [i for i in all_imports(tmp_path) if i.module == "game.rules.sneaky"]
    targets = {i.target for i in found}
    assert {
        "game.rules.dice",
        "game.store.exports",
        "game.ui",
        "game.play.controller",
        "pygame.mixer",
        "game.engine",
        "game.campaign",
        "game.ai.players",
    } <= targets, targets
    assert all(i.path == "game/rules/sneaky.py" and i.line > 1 for i in found)
    # The rules all see it: every import of Tabula's outside game.rules, and pygame.
    offenders = broken(RULES[0], found)
    assert len(offenders) == 6, offenders
    assert "game/rules/sneaky.py:6: game.rules.sneaky imports game.store.exports" in offenders
    assert broken(RULES[5], found) == [
        "game/rules/sneaky.py:13: game.rules.sneaky imports pygame.mixer"
    ]


@pytest.mark.parametrize(
    ("module", "target", "rules_broken"),
    [
        ("game.ai.players", "game.store.records", {2}),
        ("game.ai.players", "game.engine", {2}),
        ("game.ai.players", "game.rules.actions", set()),
        ("game.play.controller", "game.ui.widgets", {1, 3}),
        ("game.play.controller", "pygame", {3, 5}),
        ("game.play.controller", "game.store.records", set()),
        ("game.store.records", "game.play", {4}),
        ("game.store.records", "game.ui.texts", {1, 4}),
        ("game.engine", "game.ui", {1}),
        ("game.__main__", "game.ui.app", set()),
        ("game.__main__", "pygame", {5}),
        ("game.campaign", "pygame.font", {5}),
        ("game.ui.widgets", "pygame", set()),
        ("game.ui.texts", "pygame", {6}),
        ("game.rules.replay", "game.store.exports", {0}),
        ("game.rules.replay", "json", set()),
    ],
)
def test_rules_judge(module: str, target: str, rules_broken: set[int]) -> None:
    one = [Import(module, "x.py", 1, target)]
    assert {n for n, rule in enumerate(RULES) if broken(rule, one)} == rules_broken
