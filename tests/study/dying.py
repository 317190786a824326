"""Analysis targets for the worker tests: one whose process dies without a word (as one
killed would), one that takes a minute."""

from __future__ import annotations

import os
import time
from typing import Any


def die(*_: Any) -> None:
    os._exit(9)


def linger(*_: Any) -> None:
    """An analysis that takes a minute and never looks at its stop."""
    time.sleep(60)
