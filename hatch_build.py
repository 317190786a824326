"""The wheel's build hook: the translation catalogues compiled (.po -> .mo) into the build.

The .po sources are in git; the compiled .mo files are not (they are made from them), so
every build makes them afresh (tools/catalogues.py, with Babel) and carries them in the
wheel beside the other assets.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CatalogueHook(BuildHookInterface):  # type: ignore[misc]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        sys.path.insert(0, str(root))
        try:
            from tools.catalogues import compile_all
        finally:
            sys.path.remove(str(root))
        compile_all()  # (assets/ goes into the wheel whole, the .mo files with it)
