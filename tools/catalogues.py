"""Tabula's translation catalogues: extract, update, compile, check (Babel).

    python -m tools.catalogues extract   # the code's words -> assets/locale/tabula.pot
    python -m tools.catalogues update    # the .pot merged into each language's .po
    python -m tools.catalogues compile   # each .po -> its .mo (make and the wheel do this)
    python -m tools.catalogues check     # missing, fuzzy and placeholder-dropping entries

The words are found where the code marks them: ``_()``, ``N_()``, ``ngettext()`` and
``pgettext()`` (game.i18n). A comment starting ``TRANSLATORS:`` just above a marked text
goes into the catalogue as a note for the translator.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
TEMPLATE = LOCALE / "tabula.pot"
DOMAIN = "tabula"
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
SOURCES = [("game/**.py", "python")]
SKIP = ("game/rules/", "game/engine.py")  # the rules and the protocol stay English
NAMES_FILE = "game/names.py"
GAME_CONTEXT = "game"

sys.path.insert(0, str(ROOT))
from game.i18n import LANGUAGES, PLACEHOLDER  # noqa: E402


def write_atomically(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(code: str) -> Path:
    return po_path(code).with_suffix(".mo")


def languages() -> list[str]:
    return [code for code in LANGUAGES if code != "en"]


def extracted() -> Catalog:
    """The template: every marked text of the code, with where it is used."""
    catalog = Catalog(project="Tabula", domain=DOMAIN, charset="utf-8")
    _header(catalog)
    found = extract_from_dir(
        str(ROOT),
        method_map=SOURCES,
        keywords=KEYWORDS,
        comment_tags=("TRANSLATORS:",),
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        if filename.startswith(SKIP):
            continue
        if filename == NAMES_FILE:  # the games' names, shown through pgettext("game", ...)
            context = GAME_CONTEXT
        catalog.add(
            message, None, [(filename, lineno)], auto_comments=comments, context=context
        )
    return catalog


def _header(catalog: Catalog) -> None:
    """The catalogue's header as Tabula keeps it (never fuzzy: a fuzzy header is left out
    of the compiled catalogue, and its plural forms with it)."""
    catalog.fuzzy = False
    catalog.project, catalog.version = "Tabula", "1"
    catalog.copyright_holder = "the Tabula authors"
    catalog.msgid_bugs_address = ""
    catalog.language_team = f"{LANGUAGES.get(str(catalog.locale), catalog.locale)}"
    catalog.last_translator = "the Tabula authors"


def serialised_po(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=False, omit_header=False)
    return out.getvalue()


def extract() -> int:
    catalog = extracted()
    write_atomically(TEMPLATE, serialised_po(catalog))
    print(f"{len(catalog)} texts -> {TEMPLATE.relative_to(ROOT)}")
    return 0


def read(path: Path, code: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=code, domain=DOMAIN)


def update() -> int:
    template = read(TEMPLATE)
    for code in languages():
        path = po_path(code)
        if path.is_file():
            catalog = read(path, code)
        else:
            catalog = Catalog(locale=code, project="Tabula", domain=DOMAIN, charset="utf-8")
        # No fuzzy guesses: a near text's translation is often wrong ("Seats" for "Sets").
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()  # texts gone from the code leave the catalogue
        _header(catalog)
        write_atomically(path, serialised_po(catalog))
        print(f"{code}: {len(catalog)} texts")
    return 0


def compile_all() -> int:
    """Each language's .po compiled to its .mo (fuzzy entries left out: English shows)."""
    for code in languages():
        path = po_path(code)
        if not path.is_file():
            continue
        catalog = read(path, code)
        out = io.BytesIO()
        write_mo(out, catalog, use_fuzzy=False)
        write_atomically(mo_path(code), out.getvalue())
    return 0


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def problems(catalog: Catalog, template: Catalog | None = None) -> Iterator[str]:
    """What is wrong with a language's catalogue: a text of the template missing or not
    translated, an entry marked fuzzy, a placeholder a translation dropped or added, a
    plural form missing."""
    if template is not None:
        for message in template:
            if message.id and catalog.get(message.id, message.context) is None:
                yield f"missing: {message.id!r}"
    for message in catalog:
        if not message.id:
            continue
        yield from _message_problems(catalog, message)


def _message_problems(catalog: Catalog, message: Message) -> Iterator[str]:
    ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
    strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
    name = repr(ids[0])
    if message.fuzzy:
        yield f"fuzzy: {name}"
    if not all(strings):
        yield f"untranslated: {name}"
        return
    if len(ids) > 1 and len(strings) != catalog.num_plurals:
        yield f"{name}: {len(strings)} plural forms, the language has {catalog.num_plurals}"
    wanted = set().union(*(placeholders(i) for i in ids))
    for string in strings:
        have = placeholders(string)
        # A plural form may leave the count out ("one game" for "{n} game").
        lost = wanted - have - ({"{n}"} if len(ids) > 1 else set())
        if lost or have - wanted:
            yield f"{name}: placeholders {sorted(have)} where the text has {sorted(wanted)}"


def check() -> int:
    template = read(TEMPLATE)
    bad = 0
    for code in languages():
        path = po_path(code)
        if not path.is_file():
            print(f"{code}: no catalogue")
            bad += 1
            continue
        found = list(problems(read(path, code), template))
        bad += len(found)
        print(f"{code}: {len(found)} problems")
        for line in found[:20]:
            print(f"  {line}")
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.catalogues", description=__doc__)
    parser.add_argument("command", choices=("extract", "update", "compile", "check"))
    args = parser.parse_args(argv)
    commands = {"extract": extract, "update": update, "compile": compile_all, "check": check}
    return commands[args.command]()


if __name__ == "__main__":
    sys.exit(main())
