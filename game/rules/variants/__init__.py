"""The registry of variants: ``find_variant(id, options)``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.rules.errors import UnknownVariantError
from game.rules.variants.backgammon import Backgammon
from game.rules.variants.base import OptionSpec, Source, Variant
from game.rules.variants.lombardorum import Lombardorum

VARIANTS: dict[str, type[Variant]] = {cls.id: cls for cls in (Backgammon, Lombardorum)}


def find_variant(variant_id: str, options: Mapping[str, Any] | None = None) -> Variant:
    """The variant ``variant_id`` with ``options`` (unknown ids and options raise)."""
    cls = VARIANTS.get(variant_id) if isinstance(variant_id, str) else None
    if cls is None:
        known = ", ".join(VARIANTS)
        raise UnknownVariantError(f"unknown variant {variant_id!r} (known: {known})")
    return cls(options)


__all__ = ["VARIANTS", "OptionSpec", "Source", "Variant", "find_variant"]
