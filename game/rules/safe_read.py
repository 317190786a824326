"""Reading files that anyone may have put in the player's folders, without harm.

A replay dropped in ``replays/``, a level file, an old ``settings.json``: any of
them may be hostile. Every reader here

- opens regular files only: a folder, a pipe (FIFO), a socket or a device (a link
  to ``/dev/zero``) is refused before it is read, and the file is opened
  non-blocking so that a FIFO swapped in at the last moment cannot hang;
- reads at most ``max_bytes`` and refuses a larger file;
- decodes strict UTF-8 (a leading byte-order mark is allowed);
- parses JSON in linear time, in Python so that a worker thread parsing a
  large file does not hold the GIL for seconds, refusing nesting deeper than
  ``max_depth`` and more than ``max_containers`` arrays and objects as it goes,
  with finite numbers only (``NaN``, ``Infinity`` and ``1e999`` are refused) and
  whole numbers of at most ``max_digits`` digits;
- parses TOML after a linear scan that refuses deep nesting and the dotted keys
  of very many parts that ``tomllib`` reads in quadratic time, then refuses
  non-finite numbers in what was read.

Every failure is a ``FileRefused`` (a ``ValueError``) whose message is one
printable line that begins with the file's name. Nothing here imports pygame.
"""

from __future__ import annotations

import codecs
import json
import json.decoder
import json.scanner
import math
import os
import stat
import tomllib
from pathlib import Path
from typing import Any

MAX_DEPTH = 32  # arrays and objects (tables) inside one another
MAX_DIGITS = 100  # a whole number's digits (a 256-bit seed has 78)
# Arrays and objects in one JSON file: each is an object the garbage collector
# walks, and a million of them made its full collections (which stop every
# thread, the window's too) last a third of a second.
MAX_CONTAINERS = 100_000
MAX_KEY_PARTS = 16  # the parts of one dotted TOML key (``a.b.c`` has 3)
MESSAGE_CHARS = 200  # a message is cut to this many characters


class FileRefused(ValueError):
    """A file that is not read: not a regular file, too large, not UTF-8, not valid
    JSON or TOML, nested too deeply, or holding a number that is not finite."""


class NotARegularFile(FileRefused):
    """A folder, pipe, socket or device where a file was expected."""


class TooLarge(FileRefused):
    """A file larger than the reader takes (in bytes, or in arrays and objects)."""


class NotText(FileRefused):
    """A file that is not UTF-8 text."""


class BadSyntax(FileRefused):
    """Text that is not valid JSON or TOML."""


class TooDeep(FileRefused):
    """Nesting (or a dotted key) beyond the reader's limits."""


class BadNumber(FileRefused):
    """NaN, an infinity, a number too large to be finite, or a whole number of too
    many digits."""


# -- words ---------------------------------------------------------------------


def one_line(text: str, limit: int = MESSAGE_CHARS) -> str:
    """``text`` made safe to show on one line: control characters and undecodable
    bytes become ``?``, and it is cut to ``limit`` characters with an ellipsis."""
    if len(text) > 4 * limit:
        text = text[: 4 * limit]
    text = text.encode("utf-8", "replace").decode("utf-8")  # lone surrogates -> '?'
    text = "".join("?" if (ord(c) < 32 or 0x7F <= ord(c) < 0xA0) else c for c in text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def display_name(path: Path | str) -> str:
    """A file's name as it may be shown: bytes that are not UTF-8 (which Python keeps
    as lone surrogates) and control characters become ``?``; long names are cut."""
    return one_line(Path(path).name, 80)


def _reason(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def _kind(mode: int) -> str | None:
    """What a file that is not a regular file is, in words (None: a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


# -- bytes and text ----------------------------------------------------------------


def read_bytes(path: Path, max_bytes: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``max_bytes`` of them.

    The file (or what a link leads to) is checked before it is opened, opened
    non-blocking, and checked again: a folder, pipe, socket or device is refused
    without being read, and so is a file larger than ``max_bytes`` (or one that
    grows past it while it is read).
    """
    name = display_name(path)
    try:
        before = os.stat(path)
    except OSError as exc:
        raise FileRefused(f"{name}: cannot be read ({_reason(exc)})") from None
    kind = _kind(before.st_mode)
    if kind is not None:
        raise NotARegularFile(f"{name}: is {kind}, not a file")
    too_large = TooLarge(f"{name}: is larger than {max_bytes:,} bytes")
    if before.st_size > max_bytes:
        raise too_large
    flags = os.O_RDONLY
    for extra in ("O_NONBLOCK", "O_NOCTTY", "O_CLOEXEC", "O_BINARY"):
        flags |= getattr(os, extra, 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise FileRefused(f"{name}: cannot be read ({_reason(exc)})") from None
    try:
        now = os.fstat(fd)
        kind = _kind(now.st_mode)
        if kind is not None:
            raise NotARegularFile(f"{name}: is {kind}, not a file")
        if (now.st_dev, now.st_ino) != (before.st_dev, before.st_ino):
            raise FileRefused(f"{name}: was replaced while it was read")
        chunks: list[bytes] = []
        total = 0
        while total <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > max_bytes:
            raise too_large
        return b"".join(chunks)
    except OSError as exc:
        raise FileRefused(f"{name}: cannot be read ({_reason(exc)})") from None
    finally:
        os.close(fd)


def decode_text(data: bytes, name: str) -> str:
    """``data`` as strict UTF-8 (a leading byte-order mark dropped)."""
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise NotText(f"{name}: is not UTF-8 text (byte {exc.start:,})") from None


def read_text(path: Path, max_bytes: int) -> str:
    """The UTF-8 text of the regular file ``path`` (at most ``max_bytes``)."""
    return decode_text(read_bytes(path, max_bytes), display_name(path))


# -- JSON ----------------------------------------------------------------------------


class _Number(ValueError):
    """A number refused while parsing (the file's name is added by the caller)."""


class _Deep(ValueError):
    """Nesting past the limit, found while parsing."""


class _Many(ValueError):
    """More arrays and objects than the limit, found while parsing."""


def _shown(text: str) -> str:
    return text if len(text) <= 24 else text[:20] + "…"


def _refuse_constant(text: str) -> Any:
    raise _Number(f"holds {text}, which is not a number Tabula reads")


def _finite_float(text: str) -> float:
    if len(text) > 400:
        raise _Number(f"holds a number written with {len(text):,} characters")
    value = float(text)
    if not math.isfinite(value):
        raise _Number(f"holds the number {_shown(text)}, too large to be finite")
    return value


def _decoder(max_depth: int, max_digits: int, max_containers: int) -> json.JSONDecoder:
    """A JSON decoder that refuses non-finite numbers, long whole numbers, nesting
    deeper than ``max_depth`` and more than ``max_containers`` arrays and objects,
    and scans in Python: the C scanner holds the GIL for a
    whole file (1 to 4 s for 5 MB on a loaded machine, every frame of the window
    lost meanwhile), the Python one lets the window's thread run every few
    milliseconds. Its recursion goes no deeper than ``max_depth`` levels."""

    def whole(text: str) -> int:
        digits = len(text) - text.startswith("-")
        if digits > max_digits:
            raise _Number(f"holds a whole number of {digits:,} digits (at most {max_digits})")
        return int(text)

    decoder = json.JSONDecoder(
        parse_float=_finite_float, parse_int=whole, parse_constant=_refuse_constant
    )
    depth, count = [0], [0]

    def nested(parse: Any) -> Any:
        def parse_nested(*args: Any) -> Any:
            depth[0] += 1
            count[0] += 1
            try:
                if depth[0] > max_depth:
                    raise _Deep(f"is nested more than {max_depth} deep")
                if count[0] > max_containers:
                    raise _Many(f"holds more than {max_containers:,} arrays and objects")
                return parse(*args)
            finally:
                depth[0] -= 1

        return parse_nested

    decoder.parse_object = nested(json.decoder.JSONObject)  # type: ignore[attr-defined]
    decoder.parse_array = nested(json.decoder.JSONArray)  # type: ignore[attr-defined]
    decoder.scan_once = json.scanner.py_make_scanner(decoder)  # type: ignore[attr-defined]
    return decoder


def loads_json(
    text: str | bytes,
    name: str,
    max_depth: int = MAX_DEPTH,
    max_digits: int = MAX_DIGITS,
    max_containers: int = MAX_CONTAINERS,
) -> Any:
    """The JSON value of ``text`` (``name`` names it in messages): nested at most
    ``max_depth`` deep, at most ``max_containers`` arrays and objects, every number
    finite, whole numbers of at most ``max_digits`` digits. Linear time; no long
    hold of the GIL."""
    if isinstance(text, bytes):
        text = decode_text(text, name)
    try:
        return _decoder(max_depth, max_digits, max_containers).decode(text)
    except _Deep as exc:
        raise TooDeep(f"{name}: {exc}") from None
    except _Many as exc:
        raise TooLarge(f"{name}: {exc}") from None
    except _Number as exc:
        raise BadNumber(f"{name}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise BadSyntax(
            f"{name}: is not JSON ({exc.msg}, line {exc.lineno} column {exc.colno})"
        ) from None
    except (ValueError, RecursionError) as exc:  # neither should happen after the checks
        raise BadSyntax(one_line(f"{name}: is not JSON ({exc})")) from None


def read_json(
    path: Path,
    max_bytes: int,
    max_depth: int = MAX_DEPTH,
    max_digits: int = MAX_DIGITS,
    max_containers: int = MAX_CONTAINERS,
) -> Any:
    """The JSON value in the regular file ``path`` (see ``read_bytes``, ``loads_json``)."""
    data = read_bytes(path, max_bytes)
    return loads_json(data, display_name(path), max_depth, max_digits, max_containers)


# -- TOML ----------------------------------------------------------------------------


def _skip_string(text: str, i: int) -> int:
    """Where the TOML string that starts at ``text[i]`` (a quote) ends (the index just
    after it), lexed as ``tomllib`` lexes it; a string left open ends at the end of its
    line (single-line) or of the text (multi-line)."""
    quote = text[i]
    escapes = quote == '"'
    n = len(text)
    if text.startswith(quote * 3, i):  # multi-line: ends at three quotes (up to five)
        j = i + 3
        while j < n:
            c = text[j]
            if escapes and c == "\\":
                j += 2
            elif c == quote and text.startswith(quote * 3, j):
                k = j + 3
                while k < n and k < j + 5 and text[k] == quote:
                    k += 1
                return k
            else:
                j += 1
        return n
    j = i + 1
    while j < n:
        c = text[j]
        if escapes and c == "\\":
            j += 2
        elif c == quote:
            return j + 1
        elif c == "\n":
            return j
        else:
            j += 1
    return n


def toml_shape(text: str) -> tuple[int, int]:
    """The deepest nesting of brackets and the most dots in one dotted key of ``text``
    (outside strings and comments), found in one linear pass."""
    depth = deepest = dots = most_dots = 0
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"' or c == "'":
            i = _skip_string(text, i)
            continue
        if c == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if c == ".":
            dots += 1
            most_dots = max(most_dots, dots)
        elif c in "\n=,[]{}":
            dots = 0
            if c in "[{":
                depth += 1
                deepest = max(deepest, depth)
            elif c in "]}":
                depth = max(0, depth - 1)
        i += 1
    return deepest, most_dots


def _check_values(value: Any, name: str, max_depth: int) -> None:
    """Refuse non-finite numbers and nesting beyond ``max_depth`` (no recursion)."""
    todo: list[tuple[Any, int]] = [(value, 0)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, float) and not math.isfinite(item):
            raise BadNumber(f"{name}: holds {item}, which is not a number Tabula reads")
        if isinstance(item, dict | list):
            if depth >= max_depth:
                raise TooDeep(f"{name}: is nested more than {max_depth} deep")
            children = item.values() if isinstance(item, dict) else item
            todo.extend((child, depth + 1) for child in children)


def loads_toml(
    text: str | bytes, name: str, max_depth: int = MAX_DEPTH, max_key_parts: int = MAX_KEY_PARTS
) -> dict[str, Any]:
    """The table of the TOML ``text`` (``name`` names it in messages): brackets nested
    at most ``max_depth`` deep, dotted keys of at most ``max_key_parts`` parts (longer
    ones take ``tomllib`` quadratic time), every number finite."""
    if isinstance(text, bytes):
        text = decode_text(text, name)
    deepest, dots = toml_shape(text)
    if deepest > max_depth:
        raise TooDeep(f"{name}: is nested {deepest:,} deep (at most {max_depth})")
    if dots + 1 > max_key_parts:
        raise TooDeep(f"{name}: has a dotted key of {dots + 1:,} parts (at most {max_key_parts})")
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BadSyntax(one_line(f"{name}: is not valid TOML ({exc})")) from None
    except RecursionError:
        raise TooDeep(f"{name}: is nested too deeply") from None
    except ValueError as exc:  # e.g. a whole number of more than 4,300 digits
        raise BadNumber(one_line(f"{name}: holds a value that cannot be read ({exc})")) from None
    _check_values(table, name, max_depth)
    return table


def read_toml(
    path: Path,
    max_bytes: int,
    max_depth: int = MAX_DEPTH,
    max_key_parts: int = MAX_KEY_PARTS,
) -> dict[str, Any]:
    """The TOML table in the regular file ``path`` (see ``read_bytes``, ``loads_toml``)."""
    return loads_toml(read_bytes(path, max_bytes), display_name(path), max_depth, max_key_parts)


__all__ = [
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
]
