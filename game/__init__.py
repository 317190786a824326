"""Tabula: backgammon and its historical ancestors.

Nothing happens at import: the window, the engine protocol and the tools are
started by their own entry points (``python -m game``, ``python -m game.engine``).
"""

__version__ = "0.1.0"
