"""The drills' words for when a drill is asked again (pure: no window)."""

from __future__ import annotations

from game.study.drills import DAY


def when_words(seconds: float) -> str:
    """How long until a drill is asked again: "tomorrow", "in 3 days", "in a week"."""
    days = round(seconds / DAY)
    if days <= 0:
        return "again today"
    if days == 1:
        return "again tomorrow"
    if days == 7:
        return "again in a week"
    return f"again in {days} days"


def when_in(seconds: float) -> str:
    """When a drill is due: "in 5 hours", "tomorrow", "in 3 days"."""
    hours = seconds / 3600
    if hours < 1:
        return "within the hour"
    if hours < 20:
        return f"in {round(hours)} hours"
    days = round(seconds / DAY)
    return "tomorrow" if days <= 1 else f"in {days} days"


__all__ = ["when_in", "when_words"]
