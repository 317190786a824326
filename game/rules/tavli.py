"""Tavli: the Greek match that plays Portes, Plakoto and Fevga in turn.

A Tavli match is an ordinary match (``MatchScore``) that carries a **cycle**
of variant ids, ``("portes", "plakoto", "fevga")``, and the number of games
already played in it (``MatchScore.game``). The game in turn is
``cycle[game % 3]``: Portes, Plakoto, Fevga, Portes, ... . Decided here:

- **Length**: 3 (a quick match), 5 or 7 points (``LENGTHS``); the first side
  to reach it wins the match.
- **Points**: each game scores as its own rules say (Portes: single 1, gammon
  and backgammon 2; Plakoto: single 1, gammon 2, the mother 2; Fevga: single
  1, gammon 2); every game is played with its default options (RULES.md's
  readings), whatever options a player chose for single games.
- **No cube, no Crawford game**: none of the three games has a cube, so no
  game of the match is marked as the Crawford game.
- **A tie** (a deadlock, or both mothers pinned in Plakoto) scores nothing,
  counts as played, and the match goes on to the next game of the cycle (the
  tied game is not replayed), which opens with an opening throw, as nobody won.
- **Who starts**: the winner of the previous game starts the next (RULES.md:
  "In a match, the winner of the previous game starts the next"), throwing
  afresh; the first game, and a game after a tie, open with the opening throw.
- **Records**: a state's JSON, a saved game's start and a replay carry the
  match with its ``cycle`` and ``game`` (``cycle_to_json``/``read_cycle``), so
  they say which game of the cycle they are and the score; a state whose
  variant is not the game in turn is refused. ``.mat`` holds backgammon only:
  a Tavli match is refused there.

The games' variants are found by id at run time (``find_variant``), so this
module does not depend on their modules' names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.rules.errors import RulesError, excerpt
from game.rules.match import MatchScore
from game.rules.variants.base import Variant

CYCLE: tuple[str, ...] = ("portes", "plakoto", "fevga")
LENGTHS: tuple[int, ...] = (3, 5, 7)
DEFAULT_LENGTH = 5
# The most points one game of the match scores: Portes' gammon and backgammon, Plakoto's
# gammon and mother, Fevga's gammon, each 2 under the default options (no cube).
MOST_POINTS = 2
MAX_GAME = 9_999  # the most games played before one of a match that a state records
MATCH_ID = "tavli"  # the engine protocol's id of a Tavli match
NAMES = {"portes": "Portes", "plakoto": "Plakoto", "fevga": "Fevga"}


class TavliError(RulesError):
    """A Tavli match set up or read back wrongly."""


def start_match(length: int, variant_id: str = CYCLE[0], players: int = 2) -> MatchScore:
    """The score of a new Tavli match to ``length`` (its first game, Portes)."""
    if isinstance(length, bool) or length not in LENGTHS:
        raise TavliError(f"a Tavli match is played to {LENGTHS}, not {excerpt(length)}")
    if variant_id != CYCLE[0]:
        raise TavliError(f"a Tavli match begins with {CYCLE[0]}, not {excerpt(variant_id)}")
    return MatchScore(length=length, score=(0,) * players, cycle=CYCLE, game=0)


def in_turn(match: MatchScore) -> str | None:
    """The id of the game in turn in a match with a cycle (else None)."""
    return match.cycle[match.game % len(match.cycle)] if match.cycle else None


def variant_in_turn(match: MatchScore) -> Variant:
    """The variant of the game in turn (default options)."""
    from game.rules.variants import find_variant

    variant_id = in_turn(match)
    if variant_id is None:
        raise TavliError("this match plays one game, not a cycle of games")
    return find_variant(variant_id)


def describe(match: MatchScore) -> str:
    """ "Game 2 of the match: Plakoto (3-1, to 5)"; "" outside a cycle."""
    variant_id = in_turn(match)
    if variant_id is None:
        return ""
    score = "-".join(str(s) for s in match.score)
    name = NAMES.get(variant_id, variant_id)
    return f"Game {match.game + 1} of the match: {name} ({score}, to {match.length})"


def cycle_to_json(match: MatchScore) -> dict[str, Any]:
    """The cycle's part of a match's JSON: {} for an ordinary match (its JSON unchanged)."""
    if not match.cycle:
        return {}
    return {"cycle": list(match.cycle), "game": match.game}


def read_cycle(raw: Mapping[str, Any], variant_id: str) -> tuple[tuple[str, ...], int]:
    """The cycle and game number of a match's JSON (``((), 0)`` without a cycle); raises
    ``TavliError`` for a cycle that is not Tavli's, or a variant not the game in turn."""
    if "cycle" not in raw and "game" not in raw:
        return (), 0
    cycle, game = raw.get("cycle"), raw.get("game", 0)
    if not isinstance(cycle, list) or tuple(cycle) != CYCLE:
        raise TavliError(f"a match's cycle must be {list(CYCLE)}, got {excerpt(cycle)}")
    if isinstance(game, bool) or not isinstance(game, int) or not 0 <= game <= MAX_GAME:
        raise TavliError(f"a match's game number must be 0-{MAX_GAME}, got {excerpt(game)}")
    length = raw.get("length")
    if length not in LENGTHS:
        raise TavliError(f"a Tavli match is played to {LENGTHS}, not {excerpt(length)}")
    wanted = CYCLE[game % len(CYCLE)]
    if variant_id != wanted:
        raise TavliError(f"game {game + 1} of a Tavli match is {wanted}, not {excerpt(variant_id)}")
    return CYCLE, game
