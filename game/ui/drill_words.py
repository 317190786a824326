"""The drills' words for when a drill is asked again (pure: no window)."""

from __future__ import annotations

from game.i18n import _, ngettext
from game.study.drills import DAY


def when_words(seconds: float) -> str:
    """How long until a drill is asked again: "again tomorrow", "again in 3 days"."""
    days = round(seconds / DAY)
    # TRANSLATORS: when a drill is asked again, after "Asked" ("Asked again tomorrow.")
    if days <= 0:
        return _("again today")
    if days == 1:
        return _("again tomorrow")
    if days == 7:
        return _("again in a week")
    return ngettext("again in {n} day", "again in {n} days", days).format(n=days)


def when_in(seconds: float) -> str:
    """When a drill is due: "in 5 hours", "tomorrow", "in 3 days"."""
    hours = seconds / 3600
    # TRANSLATORS: when the next drill is due, after "the next is due" ("... due tomorrow")
    if hours < 1:
        return _("within the hour")
    if hours < 20:
        n = round(hours)
        return ngettext("in {n} hour", "in {n} hours", n).format(n=n)
    days = round(seconds / DAY)
    if days <= 1:
        return _("tomorrow")
    return ngettext("in {n} day", "in {n} days", days).format(n=days)


__all__ = ["when_in", "when_words"]
