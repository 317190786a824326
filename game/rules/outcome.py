"""How a game ended and what it scores."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Kind(enum.StrEnum):
    """The kind of a result, as the engine protocol names it."""

    SINGLE = "single"
    GAMMON = "gammon"
    BACKGAMMON = "backgammon"
    TIE = "tie"
    SHUTOUT = "shutout"
    LYMPOLDING = "lympolding"
    LURCHING = "lurching"
    LAST_MOVER = "last_mover"
    MARS = "mars"  # Long Nardy's double win: the loser bore off none
    MOTHER = "mother"  # Plakoto: the loser's last man on its starting point was pinned


class Termination(enum.StrEnum):
    """Why the game ended."""

    BORNE_OFF = "borne_off"  # the winner finished the race (or reached its goal)
    BLOCKADE = "blockade"  # a shut-out, lympolding or lurching
    DEADLOCK = "deadlock"  # nobody could ever move again
    MOTHER = "mother"  # Plakoto: a mother pinned (a win), or both mothers (a tie)
    RESIGNED = "resigned"  # the loser resigned and the winner accepted
    DROPPED = "dropped"  # a double was refused
    CONCEDED = "conceded"  # a player left the game


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: who won (None for a tie), how, and the points."""

    winner: int | None
    kind: Kind
    points: int
    termination: Termination = Termination.BORNE_OFF
    # El Mundo played on for places: the sides in the order they finished.
    places: tuple[int, ...] = ()

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "kind": str(self.kind),
            "points": self.points,
            "winner": self.winner,
            "termination": str(self.termination),
        }
        if self.places:
            out["places"] = list(self.places)
        return out
