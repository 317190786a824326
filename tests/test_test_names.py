"""No two test modules share a file name: the tests have no packages, so pytest imports
each by its bare name, and a second ``test_analysis.py`` in another folder is not run at
all (make test stops on "import file mismatch"; a single folder's run hides it)."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_every_test_module_has_a_name_of_its_own() -> None:
    found: dict[str, list[str]] = defaultdict(list)
    for path in TESTS.rglob("*.py"):
        if path.name != "conftest.py" and "__pycache__" not in path.parts:
            found[path.name].append(str(path.relative_to(TESTS)))
    twins = {name: paths for name, paths in found.items() if len(paths) > 1}
    assert not twins, twins
