"""The in-game text of each variant: title, tagline, history, rules, sources.

Each variant has one file, ``assets/text/<variant_id>.md``, in this shape::

    # <Title>
    <one-line tagline>

    ## History
    <paragraphs>

    ## Rules
    <paragraphs>

    ## Sources
    - <Author, Work, year>

Paragraphs are separated by blank lines; the lines of one paragraph are joined
with spaces. The three sections come in that order, each exactly once.

A translation is the same file in ``assets/text/<language>/`` (game.i18n's codes), its
headings as in English (``## History``...), its sources as the English file lists them
(a source is named in its own language); where a language has no file, the English
one is shown.

Pure Python: no pygame, so the texts can be read and tested headless.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from game import paths

SECTIONS = ("History", "Rules", "Sources")

_VARIANT_ID = re.compile(r"[a-z0-9_]+")
# The history says the rules are rebuilt rather than recorded (Duodecim):
# any form of the word "reconstruct" in the History section marks it.
_RECONSTRUCTION = re.compile(r"\breconstruct", re.IGNORECASE)


@dataclass(frozen=True)
class VariantText:
    """What the game shows a player about one variant."""

    variant_id: str
    title: str
    tagline: str
    history: tuple[str, ...]  # paragraphs
    rules: tuple[str, ...]  # paragraphs
    sources: tuple[str, ...]
    reconstruction: bool  # the history says the rules are reconstructed (Duodecim)


def _paragraphs(lines: list[str]) -> tuple[str, ...]:
    paragraphs: list[str] = []
    current: list[str] = []
    for line in [*lines, ""]:
        if line.strip():
            current.append(line.strip())
        elif current:
            paragraphs.append(" ".join(current))
            current = []
    return tuple(paragraphs)


def parse_variant_text(variant_id: str, text: str) -> VariantText:
    """Read one variant's text; a malformed text raises ValueError saying what is wrong."""
    name = f"{variant_id}.md"

    def fail(problem: str) -> ValueError:
        return ValueError(f"{name}: {problem}")

    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    filled = [i for i, line in enumerate(lines) if line.strip()]
    if not filled:
        raise fail("the text is empty (missing title '# <Title>')")

    first = lines[filled[0]].strip()
    if not first.startswith("# ") or not first[2:].strip():
        raise fail(f"missing title: the first line must be '# <Title>', not {first!r}")
    title = first[2:].strip()

    if len(filled) < 2 or lines[filled[1]].lstrip().startswith("#"):
        raise fail("missing tagline: one line of text must follow the title")
    tagline_at = filled[1]
    tagline = lines[tagline_at].strip()

    # Everything after the tagline belongs to a section.
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    for number, line in enumerate(lines[tagline_at + 1 :], start=tagline_at + 2):
        stripped = line.strip()
        if stripped.startswith("#"):
            heading = re.fullmatch(r"##\s+(\S.*)", stripped)
            section = heading.group(1).strip() if heading else None
            if section not in SECTIONS:
                known = ", ".join(f"'## {s}'" for s in SECTIONS)
                raise fail(f"line {number}: unexpected heading {stripped!r} (expected {known})")
            if section in found:
                raise fail(f"line {number}: section '## {section}' appears twice")
            current = found[section] = []
        elif current is not None:
            current.append(line)
        elif stripped:
            raise fail(f"line {number}: text between the tagline and '## History'")

    for section in SECTIONS:
        if section not in found:
            raise fail(f"missing section '## {section}'")
    order = list(found)
    if order != list(SECTIONS):
        wanted = ", ".join(SECTIONS)
        raise fail(f"sections out of order: {', '.join(order)} (expected {wanted})")

    history = _paragraphs(found["History"])
    rules = _paragraphs(found["Rules"])
    if not history:
        raise fail("section '## History' is empty")
    if not rules:
        raise fail("section '## Rules' is empty")

    sources: list[str] = []
    for line in found["Sources"]:
        stripped = line.strip()
        if not stripped:
            continue
        if not stripped.startswith("- ") or not stripped[2:].strip():
            raise fail(f"section '## Sources': {stripped!r} is not a '- <source>' item")
        sources.append(stripped[2:].strip())
    if not sources:
        raise fail("section '## Sources' lists no source")

    return VariantText(
        variant_id=variant_id,
        title=title,
        tagline=tagline,
        history=history,
        rules=rules,
        sources=tuple(sources),
        reconstruction=any(_RECONSTRUCTION.search(p) for p in history),
    )


def load_variant_text(variant_id: str, language: str | None = None) -> VariantText:
    """The text of ``variant_id`` in ``language`` (by default the one in use), from
    ``assets/text/<language>/<variant_id>.md``, else the English
    ``assets/text/<variant_id>.md`` (each read once)."""
    if not isinstance(variant_id, str) or not _VARIANT_ID.fullmatch(variant_id):
        raise ValueError(f"unknown variant {variant_id!r}: not a variant id")
    if language is None:
        from game.i18n import language as language_in_use

        language = language_in_use()
    if language != "en" and translated_path(variant_id, language).is_file():
        return _load(variant_id, language)
    return _load(variant_id, "en")


def translated_path(variant_id: str, language: str) -> Path:
    """Where the ``language`` text of ``variant_id`` is (whether it is there or not)."""
    if not _VARIANT_ID.fullmatch(language):
        raise ValueError(f"not a language code: {language!r:.20}")
    return paths.asset("text", language, f"{variant_id}.md")


@cache
def _load(variant_id: str, language: str) -> VariantText:
    if not isinstance(variant_id, str) or not _VARIANT_ID.fullmatch(variant_id):
        raise ValueError(f"unknown variant {variant_id!r}: not a variant id")
    if language == "en":
        path = paths.asset("text", f"{variant_id}.md")
    else:
        path = translated_path(variant_id, language)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ValueError(f"unknown variant {variant_id!r}: no text file {path.name}") from None
    found = parse_variant_text(variant_id, text)
    if language != "en":  # whether the rules are rebuilt is the English page's to say
        found = replace(found, reconstruction=_load(variant_id, "en").reconstruction)
    return found


load_variant_text.cache_clear = _load.cache_clear  # type: ignore[attr-defined]
