"""An analysis target whose process dies without a word (as one killed would)."""

from __future__ import annotations

import os
from typing import Any


def die(*_: Any) -> None:
    os._exit(9)
