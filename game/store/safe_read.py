"""Reading files that anyone may have put in the player's folders, without harm.

The reader lives in ``game.rules.safe_read``: the rules' own command lines
(``python -m game.rules.replay``, ``python -m game.rules.mat``) read replay files
with it, and the rules import nothing of Tabula's outside ``game.rules``. The
store, the campaign and the window read through these same names.
"""

from __future__ import annotations

from game.rules.safe_read import (
    MAX_CONTAINERS,
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_KEY_PARTS,
    MESSAGE_CHARS,
    BadNumber,
    BadSyntax,
    FileRefused,
    NotARegularFile,
    NotText,
    TooDeep,
    TooLarge,
    decode_text,
    display_name,
    loads_json,
    loads_toml,
    one_line,
    read_bytes,
    read_json,
    read_text,
    read_toml,
    toml_shape,
)

__all__ = [
    "MAX_CONTAINERS",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_KEY_PARTS",
    "MESSAGE_CHARS",
    "BadNumber",
    "BadSyntax",
    "FileRefused",
    "NotARegularFile",
    "NotText",
    "TooDeep",
    "TooLarge",
    "decode_text",
    "display_name",
    "loads_json",
    "loads_toml",
    "one_line",
    "read_bytes",
    "read_json",
    "read_text",
    "read_toml",
    "toml_shape",
]
