"""Which finished games move the player's rating, and by how much (pure).

A game is rated when one person played one computer level in a two-sided game
(practice or campaign): the person's score is 1 for a win, 0 for a loss, 0.5 for a
tie, and their rating in that game moves by Elo's rule (``game.study.rating.updated``)
against the level's rating there (``game.study.level_table``). Each game of a match
counts alone; so does each game of a Tavli match, in its own game's rating (Portes,
Plakoto and Fevga are rated apart). Games between people, replays, and El Mundo (four
at the table: one result against three opponents is no two-sided score) are not rated.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.i18n import _
from game.names import game_name
from game.rules.variants import VARIANTS

RATED_MODES = ("practice", "campaign")


@dataclass(frozen=True, slots=True)
class RatedGame:
    """What a finished game gives to rate: the game, the level met and the score."""

    variant: str
    level: str
    score: float


@dataclass(frozen=True, slots=True)
class RatingChange:
    """The player's rating in ``variant`` before and after a rated game against
    ``level`` (rated ``level_rating``); ``games``: rated games so far, this one too."""

    variant: str
    level: str
    level_rating: float
    score: float
    before: float
    after: float
    games: int

    @property
    def change(self) -> float:
        return self.after - self.before


def rated_game(
    mode: str,
    variant_id: str,
    seats: Sequence[Mapping[str, Any]],
    winner: int | None,
) -> RatedGame | None:
    """The rated game a finished game is (None where it is not rated): ``seats`` as the
    records keep them (``{"human": True}`` / ``{"human": False, "level": ...}``)."""
    variant = VARIANTS.get(variant_id)
    if mode not in RATED_MODES or variant is None or variant.players != 2 or len(seats) != 2:
        return None
    humans = [i for i, seat in enumerate(seats) if seat.get("human")]
    if len(humans) != 1:
        return None
    player = humans[0]
    level = seats[1 - player].get("level")
    if not isinstance(level, str):
        return None
    score = 0.5 if winner is None else float(winner == player)
    return RatedGame(variant_id, level, score)


def change_words(change: RatingChange) -> str:
    """The results screen's line: "Your Backgammon rating: 1184 (+12)"."""
    step = round(change.after) - round(change.before)
    # TRANSLATORS: {game} is the game's name, {rating} the new rating, {step} its change (+12)
    return _("Your {game} rating: {rating} ({step})").format(
        game=game_name(change.variant), rating=f"{change.after:.0f}", step=f"{step:+d}"
    )


__all__ = ["RATED_MODES", "RatedGame", "RatingChange", "change_words", "rated_game"]
