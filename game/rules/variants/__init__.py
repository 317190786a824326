"""The registry of variants: ``find_variant(id, options)``.

Every module of this package that defines a ``Variant`` subclass with an
``id`` is registered: adding a variant is adding one file. ``order`` sorts
them for listings (the modern game first, then the sources by age).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from typing import Any

from game.rules.errors import UnknownVariantError, excerpt
from game.rules.variants.base import OptionSpec, Source, Variant, stored_options


def _discover() -> dict[str, type[Variant]]:
    found: list[type[Variant]] = []
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_") or info.name == "base":
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, Variant)
                and value.__module__ == module.__name__
                and "id" in vars(value)
            ):
                found.append(value)
    found.sort(key=lambda cls: (cls.order, cls.id))
    return {cls.id: cls for cls in found}


VARIANTS: dict[str, type[Variant]] = _discover()


def find_variant(variant_id: str, options: Mapping[str, Any] | None = None) -> Variant:
    """The variant ``variant_id`` with ``options`` (unknown ids and options raise)."""
    cls = VARIANTS.get(variant_id) if isinstance(variant_id, str) else None
    if cls is None:
        known = ", ".join(VARIANTS)
        raise UnknownVariantError(f"unknown variant {excerpt(variant_id)} (known: {known})")
    return cls(options)


def options_as_stored(variant_id: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options of a stored game (a save, a replay, a state read back): as
    written, and each option the file does not name that came later with a new
    default set to the rule the game was played under (``OptionSpec.before``)."""
    cls = VARIANTS.get(variant_id) if isinstance(variant_id, str) else None
    return stored_options(cls.option_specs, options) if cls is not None else dict(options)


def find_stored_variant(variant_id: str, options: Mapping[str, Any]) -> Variant:
    """The variant of a stored game: ``find_variant`` of ``options_as_stored``."""
    return find_variant(variant_id, options_as_stored(variant_id, options))


__all__ = [
    "VARIANTS",
    "OptionSpec",
    "Source",
    "Variant",
    "find_stored_variant",
    "find_variant",
    "options_as_stored",
]
