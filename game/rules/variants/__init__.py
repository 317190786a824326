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
from game.rules.variants.base import OptionSpec, Source, Variant


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


__all__ = ["VARIANTS", "OptionSpec", "Source", "Variant", "find_variant"]
