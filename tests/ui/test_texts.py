"""Every variant has its history and rules, in the project's own words."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game import paths
from game.rules.variants import VARIANTS
from game.ui.texts import VariantText, load_variant_text, parse_variant_text
from tests import seed_runs

ROOT = Path(__file__).resolve().parents[2]
# The source texts live beside the project (../shared/seeds); TABULA_SEEDS may point elsewhere.
SEEDS = Path(os.environ.get("TABULA_SEEDS", ROOT.parent / "shared" / "seeds"))

GOOD = """\
# A Game
A line about it.

## History
First paragraph,
over two lines.

Second paragraph.

## Rules
How to play.

## Sources
- Someone, Some Work, 1999
- Someone Else, Another Work
"""


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_every_variant_has_a_text(variant_id: str) -> None:
    text = load_variant_text(variant_id)
    assert isinstance(text, VariantText)
    assert text.variant_id == variant_id
    assert text.title and text.tagline
    assert text.history and all(text.history)
    assert text.rules and all(text.rules)
    assert text.sources and all(text.sources)


def test_texts_are_cached() -> None:
    assert load_variant_text("backgammon") is load_variant_text("backgammon")


def test_only_duodecim_says_its_rules_are_a_reconstruction() -> None:
    duodecim = load_variant_text("duodecim")
    assert duodecim.reconstruction
    assert any("reconstruction" in p.lower() for p in duodecim.history)
    assert any("Murray" in s for s in duodecim.sources)
    for variant_id in VARIANTS:
        if variant_id != "duodecim":
            assert not load_variant_text(variant_id).reconstruction, variant_id


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_rules_name_every_option_by_its_label(variant_id: str) -> None:
    rules = " ".join(load_variant_text(variant_id).rules)
    for spec in VARIANTS[variant_id].option_specs:
        assert f'"{spec.label}"' in rules, (variant_id, spec.label)


def test_parse_reads_the_sections() -> None:
    text = parse_variant_text("demo", GOOD)
    assert text.title == "A Game"
    assert text.tagline == "A line about it."
    assert text.history == ("First paragraph, over two lines.", "Second paragraph.")
    assert text.rules == ("How to play.",)
    assert text.sources == ("Someone, Some Work, 1999", "Someone Else, Another Work")
    assert not text.reconstruction


@pytest.mark.parametrize(
    ("text", "missing"),
    [
        ("", "title"),
        (GOOD.replace("# A Game\n", ""), "title"),
        (GOOD.replace("A line about it.\n", ""), "tagline"),
        (GOOD.replace("## History", "## Story"), "History"),
        (GOOD.replace("## Rules\nHow to play.\n", ""), "Rules"),
        (GOOD.split("## Sources")[0], "Sources"),
        (GOOD.replace("How to play.", ""), "Rules"),
        (GOOD.replace("- Someone, Some Work, 1999\n- Someone Else, Another Work\n", ""), "Sources"),
    ],
)
def test_a_malformed_text_says_what_is_missing(text: str, missing: str) -> None:
    with pytest.raises(ValueError, match=missing) as caught:
        parse_variant_text("demo", text)
    assert "demo.md" in str(caught.value)


def test_sections_out_of_order_are_refused() -> None:
    history, rest = GOOD.split("## Rules")
    rules, sources = rest.split("## Sources")
    swapped = history.replace("## History", "## Rules" + rules + "## History")
    swapped += "## Sources" + sources
    with pytest.raises(ValueError, match="order"):
        parse_variant_text("demo", swapped)


def test_an_unknown_variant_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="no_such_game"):
        load_variant_text("no_such_game")
    with pytest.raises(ValueError, match="unknown variant"):
        load_variant_text("../text/backgammon")


def test_a_malformed_file_names_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "text").mkdir()
    (tmp_path / "text" / "broken.md").write_text("# Broken\nA tagline.\n\n## History\nOnce.\n")
    monkeypatch.setattr(paths, "asset", lambda *parts: tmp_path.joinpath(*parts))
    load_variant_text.cache_clear()
    try:
        with pytest.raises(ValueError, match=r"broken\.md.*Rules"):
            load_variant_text("broken")
    finally:
        load_variant_text.cache_clear()


def test_no_text_copies_the_seeds() -> None:
    """Checked against the seeds' hashed runs, which are in the repository: it runs
    (and can fail) on a clean clone that has no seeds beside it."""
    seed_prints = seed_runs.read_fingerprints()
    assert len(seed_prints) > 1000, "tests/data/seed_runs.txt holds too few fingerprints"
    copied = []
    for variant_id in VARIANTS:
        text = paths.asset("text", f"{variant_id}.md").read_text(encoding="utf-8")
        for run in sorted(seed_runs.runs(text)):
            if seed_runs.fingerprint(run) in seed_prints:
                copied.append(f"{variant_id}.md: {' '.join(run)}")
    assert not copied, "\n".join(copied)


def test_a_copied_run_is_caught() -> None:
    seed_prints = seed_runs.fingerprints(["one two three four five six seven eight nine"])
    text = "Here: two three four five six seven eight nine, said he."
    hits = [r for r in seed_runs.runs(text) if seed_runs.fingerprint(r) in seed_prints]
    assert hits == [("two", "three", "four", "five", "six", "seven", "eight", "nine")]


def test_the_seed_fingerprints_are_up_to_date() -> None:
    """Where the seeds are (beside the project, or TABULA_SEEDS), the committed
    fingerprints must be theirs; in a clean clone there is nothing to compare."""
    texts = seed_runs.seed_texts(SEEDS) if SEEDS.is_dir() else []
    if texts:
        assert seed_runs.read_fingerprints() == seed_runs.fingerprints(texts), (
            "regenerate: python -m tests.seed_runs ../shared/seeds"
        )


def test_a_language_without_its_own_page_shows_the_english_one() -> None:
    assert load_variant_text("plakoto", "tr") == load_variant_text("plakoto", "en") or (
        paths.asset("text", "tr", "plakoto.md").is_file()
    )


def test_a_translated_page_is_read_in_its_language_and_falls_back_when_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    english = paths.asset("text", "fevga.md").read_text(encoding="utf-8")
    (tmp_path / "text" / "el").mkdir(parents=True)
    (tmp_path / "text" / "fevga.md").write_text(english, encoding="utf-8")
    greek = english.replace("# Fevga", "# Φεύγα", 1)
    (tmp_path / "text" / "el" / "fevga.md").write_text(greek, encoding="utf-8")
    monkeypatch.setattr(paths, "asset", lambda *parts: tmp_path.joinpath(*parts))
    load_variant_text.cache_clear()
    try:
        assert load_variant_text("fevga", "el").title == "Φεύγα"
        assert load_variant_text("fevga", "ru").title == "Fevga"  # no Russian page: English
        with pytest.raises(ValueError):
            load_variant_text("fevga", "../x")
    finally:
        load_variant_text.cache_clear()


@pytest.mark.parametrize("language", ["el", "es", "it", "ru", "tr"])
def test_every_translated_page_keeps_the_english_pages_shape_and_sources(language) -> None:
    """A translation reads as a page (its headings as in English) and names the same
    sources as the English page, in their own language."""
    from game.rules.variants import VARIANTS

    for variant_id in VARIANTS:
        if not paths.asset("text", language, f"{variant_id}.md").is_file():
            continue
        translated = load_variant_text(variant_id, language)
        english = load_variant_text(variant_id, "en")
        assert translated.sources == english.sources, (language, variant_id)
        assert translated.reconstruction == english.reconstruction
        assert translated.tagline != english.tagline, (language, variant_id)
