"""The README is for players: it names every game, its links lead somewhere, and the
package's one-line description does not list a few games as if they were all."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from game.rules.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _games_table() -> str:
    section = README.split("## The games", 1)[1]
    return section.split("\n## ", 1)[0]


def test_every_game_is_in_the_readme_table() -> None:
    table = _games_table()
    for cls in VARIANTS.values():
        assert f"| {cls.name} |" in table, cls.name
    assert "| Tavli |" in table


def test_readme_and_docs_links_resolve() -> None:
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = page.read_text(encoding="utf-8")
        for target in re.findall(r"\]\(([^)#\s]+)\)", text):
            if "://" in target:
                continue
            assert (page.parent / target).exists(), f"{page.name}: {target}"


def test_training_history_lives_in_docs() -> None:
    # The README says how to train one network; the notebook of runs is docs/TRAINING.md.
    assert "docs/TRAINING.md" in README
    # No run's figures: the notebook's error figures and paired comparisons stay there.
    assert "mEMG" not in README and "paired" not in README
    training = (ROOT / "docs" / "TRAINING.md").read_text(encoding="utf-8")
    assert "game.ai.distill" in training and "game.ai.rollout" in training


def test_package_description_lists_no_partial_set_of_games() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    # Backgammon names the family and Tabula the program: the other ten name games only.
    games = [cls.name for cls in VARIANTS.values() if cls.name not in ("Backgammon", "Tabula")]
    named = [name for name in games if name in project["description"]]
    assert named in ([], games), named
