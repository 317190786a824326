"""Shared test setup: everything runs headless, with no window and no sound."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# The expert's look-ahead without its wall-clock backstop: answers never depend on load.
os.environ.setdefault("TABULA_THINK_SECONDS", "off")
