"""The translation layer (game.i18n) and its catalogues (tools/catalogues.py): languages
chosen and refused, the pseudo-language's shape, plural forms, the locale's numbers and
dates, and every shipped catalogue compiled, its placeholders kept."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from game import i18n
from tools import catalogues

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language(i18n.ENGLISH)


def test_a_language_is_set_and_an_unknown_one_leaves_english(caplog):
    assert i18n.set_language("el") == "el" and i18n.language() == "el"
    assert i18n._("Settings") == "Ρυθμίσεις"
    assert i18n._("a text no catalogue holds") == "a text no catalogue holds"
    assert i18n.set_language("xx") == i18n.ENGLISH
    assert "no language 'xx'" in caplog.text
    assert i18n._("Settings") == "Settings"


def test_a_catalogue_that_cannot_be_read_leaves_english(tmp_path, monkeypatch, caplog):
    broken = tmp_path / "tabula.mo"
    broken.write_bytes(b"not a catalogue at all")
    monkeypatch.setattr(i18n, "catalogue_path", lambda code: broken)
    assert i18n.set_language("ru") == i18n.ENGLISH
    assert "cannot be read" in caplog.text
    monkeypatch.setattr(i18n, "catalogue_path", lambda code: tmp_path / "missing.mo")
    assert i18n.set_language("ru") == i18n.ENGLISH


@pytest.mark.parametrize(
    ("environ", "code"),
    [
        ({"LANGUAGE": "el_GR.UTF-8"}, "el"),
        ({"LANGUAGE": "fr:ru"}, "ru"),  # the first language Tabula speaks
        ({"LC_ALL": "tr_TR.UTF-8", "LANG": "es_ES"}, "tr"),
        ({"LANG": "it_IT@euro"}, "it"),
        ({"LANG": "pt_BR.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_system_language_is_read_as_gettext_reads_it(environ, code):
    assert i18n.system_language(environ) == code


@given(st.text(max_size=60))
@example("{0000}")  # a text that is only a placeholder (found by the fuzzer)
def test_the_pseudo_language_lengthens_marks_and_keeps_placeholders(text):
    out = i18n.pseudo(text)
    if not text:
        assert out == ""
        return
    lines = out.split("\n")
    assert len(lines) == len(text.split("\n"))
    assert all(line.startswith(i18n.MARKS[0]) and line.endswith(i18n.MARKS[1]) for line in lines)
    assert sorted(i18n.PLACEHOLDER.findall(out)) == sorted(i18n.PLACEHOLDER.findall(text))
    # The words grow by 40% (a placeholder stands for a value: it is not lengthened).
    words = len(i18n.PLACEHOLDER.sub("", text))
    assert len(i18n.PLACEHOLDER.sub("", out)) >= words * (1 + i18n.GROWTH)


def test_the_pseudo_language_formats_like_english():
    i18n.set_language(i18n.PSEUDO)
    text = i18n._("{name} to play, {n:.0f} pips").format(name="White", n=167.0)
    assert "White" in text and "167" in text and text.startswith(i18n.MARKS[0])
    assert i18n.ngettext("{n} game", "{n} games", 1) != i18n.ngettext("{n} game", "{n} games", 2)


def test_russian_plurals_take_three_forms(tmp_path, monkeypatch):
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    catalog = Catalog(locale="ru", domain="tabula")
    catalog.add(("{n} game", "{n} games"), ("{n} партия", "{n} партии", "{n} партий"))
    path = tmp_path / "tabula.mo"
    with path.open("wb") as f:
        write_mo(f, catalog)
    monkeypatch.setattr(i18n, "catalogue_path", lambda code: path)
    assert i18n.set_language("ru") == "ru"
    forms = {n: i18n.ngettext("{n} game", "{n} games", n).format(n=n) for n in (1, 3, 5, 21, 11)}
    assert forms == {1: "1 партия", 3: "3 партии", 5: "5 партий", 21: "21 партия", 11: "11 партий"}


@pytest.mark.parametrize(
    ("code", "number", "share"),
    [
        ("en", "1,234.5", "45.5%"),
        ("el", "1.234,5", "45,5%"),
        ("ru", "1\xa0234,5", "45,5\xa0%"),
        ("tr", "1.234,5", "%45,5"),
        ("es", "1.234,5", "45,5\xa0%"),
        ("it", "1.234,5", "45,5%"),
    ],
)
def test_numbers_follow_the_locale(code, number, share):
    i18n.set_language(code)
    assert i18n.number(1234.5, 1) == number
    assert i18n.percent(0.455, 1) == share
    assert re.search(r"2023", i18n.date(1.7e9))


# -- the catalogues ----------------------------------------------------------------------------


def test_the_template_holds_every_marked_text_of_the_code():
    """The shipped .pot is the code's: a text marked but not extracted (or extracted from
    an older code) fails here; run ``python -m tools.catalogues extract``."""
    shipped = catalogues.read(catalogues.TEMPLATE)
    fresh = catalogues.extracted()
    assert {m.id for m in shipped if m.id} == {m.id for m in fresh if m.id}


@pytest.mark.parametrize("code", [c for c in i18n.LANGUAGES if c != i18n.ENGLISH])
def test_every_catalogue_is_complete_and_keeps_its_placeholders_and_plural_forms(code):
    """Every text of the window translated (none missing, none fuzzy), every placeholder
    kept, every plural form there."""
    catalog = catalogues.read(catalogues.po_path(code), code)
    broken = list(catalogues.problems(catalog, catalogues.read(catalogues.TEMPLATE)))
    assert not broken, broken
    template = catalogues.read(catalogues.TEMPLATE)
    assert {m.id for m in catalog if m.id} == {m.id for m in template if m.id}, "run update"


def test_the_checks_find_a_dropped_placeholder_and_a_missing_plural_form():
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale="ru", domain="tabula")
    catalog.add("{name} to play", "Ход")
    catalog.add(("{n} game", "{n} games"), ("{n} партия", "{n} партии"))
    catalog.add("Back", "", flags=["fuzzy"])
    found = " | ".join(catalogues.problems(catalog))
    assert "placeholders" in found and "plural forms" in found and "untranslated" in found


def test_compiled_catalogues_read_back_as_their_sources(tmp_path, monkeypatch):
    monkeypatch.setattr(catalogues, "mo_path", lambda code: tmp_path / f"{code}.mo")
    assert catalogues.compile_all() == 0
    for code in catalogues.languages():
        source = catalogues.read(catalogues.po_path(code), code)
        with (tmp_path / f"{code}.mo").open("rb") as f:
            compiled = gettext.GNUTranslations(f)
        for message in source:
            if message.id and message.string and not message.fuzzy and isinstance(message.id, str):
                read_back = (
                    compiled.pgettext(message.context, message.id)
                    if message.context
                    else compiled.gettext(message.id)
                )
                assert read_back == message.string, (code, message.context, message.id)


def test_every_game_has_a_name_in_the_catalogue_under_its_context():
    from game.names import CONTEXT, NAMES, game_name
    from game.rules.variants import VARIANTS

    assert set(NAMES) == set(VARIANTS)
    assert all(NAMES[v] == VARIANTS[v].name for v in VARIANTS)  # the rules' own names
    template = catalogues.read(catalogues.TEMPLATE)
    for name in NAMES.values():
        assert template.get(name, CONTEXT) is not None, name
    i18n.set_language(i18n.PSEUDO)
    assert game_name("plakoto").startswith(i18n.MARKS[0])
    assert game_name("no_such_game") == "no_such_game"
