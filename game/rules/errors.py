"""Errors raised by the rules engine. Each quotes the bad input."""

from __future__ import annotations

import reprlib


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


def _short_repr() -> reprlib.Repr:
    short = reprlib.Repr()
    short.maxstring = 60
    short.maxother = 60
    short.maxlong = 40
    short.maxlist = short.maxtuple = short.maxset = short.maxdict = 6
    short.maxlevel = 3
    return short


_SHORT = _short_repr()


def excerpt(value: object) -> str:
    """A short ``repr`` of ``value`` to quote in an error: long strings, lists and
    numbers are cut in the middle, nesting past three levels is elided, so that an
    error about a megabyte of input stays one short line."""
    return _SHORT.repr(value)
