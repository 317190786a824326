"""Errors raised by the rules engine. Each quotes the bad input."""

from __future__ import annotations


class RulesError(ValueError):
    """Base class: something given to the rules engine does not fit the rules."""


class IllegalPlayError(RulesError):
    """A play (or step) that the rules do not allow in this position."""


class NotationError(RulesError):
    """Move notation that cannot be read."""


class PositionError(RulesError):
    """A position that cannot exist (wrong number of men, two sides on a point, ...)."""


class OptionError(RulesError):
    """An unknown rule option, or a value the option does not allow."""


class UnknownVariantError(RulesError):
    """A variant id that Tabula does not know."""
