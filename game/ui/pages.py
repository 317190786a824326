"""A variant's text as the menus show it: the rules page, the setup's history panel and
the one line of its era (from its look, ``game.ui.looks``)."""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import _
from game.names import game_name
from game.option_names import option_description, option_label
from game.rules.variants import VARIANTS
from game.ui.judging_words import judging_paragraphs
from game.ui.looks import look_of


@dataclass(frozen=True, slots=True)
class ShownText:
    """A variant's text as the menus show it (see ``game.ui.texts.VariantText``)."""

    title: str
    tagline: str
    history: tuple[str, ...]
    rules: tuple[str, ...]
    sources: tuple[str, ...]
    reconstruction: bool
    variant_id: str = ""  # whose page: it ends with how that game's play is judged


def variant_text(variant_id: str) -> ShownText:
    """The variant's text, or what the rules engine knows if the text cannot be read."""
    try:
        from game.ui.texts import load_variant_text

        text = load_variant_text(variant_id)
        return ShownText(
            text.title,
            text.tagline,
            tuple(text.history),
            tuple(text.rules),
            tuple(text.sources),
            bool(text.reconstruction),
            variant_id,
        )
    except (ImportError, ValueError, OSError):
        cls = VARIANTS[variant_id]
        sources = tuple(
            ", ".join(part for part in (s.author, s.work, s.year) if part)
            + (f" ({s.note})" if s.note else "")
            for s in cls.sources
        )
        rules = tuple(
            _("{option}: {description}").format(
                option=option_label(spec), description=option_description(spec)
            )
            for spec in cls.option_specs
        )
        reconstruction = any("reconstruction" in s.note for s in cls.sources)
        return ShownText(
            game_name(variant_id), era(variant_id), (), rules, sources, reconstruction, variant_id
        )


def era(variant_id: str) -> str:
    """A short line saying where and when the game comes from."""
    look = look_of(variant_id)
    if look is not None:
        return _(look.era)
    cls = VARIANTS.get(variant_id)
    if cls is None or not cls.sources:
        return ""
    source = cls.sources[0]
    return ", ".join(part for part in (source.work, source.year) if part)


def history_paragraphs(text: ShownText) -> list[tuple[str, str]]:
    """The history and sources, for the setup's side panel."""
    out: list[tuple[str, str]] = []
    for i, paragraph in enumerate(text.history):
        out.append(("lead" if i == 0 else "body", paragraph))
    if text.sources:
        out.append(("heading", _("Sources")))
        out.extend(("source", source) for source in text.sources)
    return out


def page_paragraphs(text: ShownText) -> list[tuple[str, str]]:
    """The whole page: title, tagline, history, rules and sources."""
    out: list[tuple[str, str]] = [("title", text.title)]
    if text.tagline:
        out.append(("tagline", text.tagline))
    if text.reconstruction:
        out.append(
            (
                "note",
                _("These rules are a modern reconstruction: no rule text of the time survives."),
            )
        )
    if text.history:
        out.append(("heading", _("History")))
        out.extend(("lead" if i == 0 else "body", p) for i, p in enumerate(text.history))
    if text.rules:
        out.append(("heading", _("Rules")))
        out.extend(("lead" if i == 0 else "body", p) for i, p in enumerate(text.rules))
    if text.variant_id in VARIANTS:
        out.extend(judging_paragraphs(text.variant_id))
    if text.sources:
        out.append(("heading", _("Sources")))
        out.extend(("source", source) for source in text.sources)
    return out
