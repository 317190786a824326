"""What the scenes hand each other: a game's setup and its summary.

Setup -> Board: a ``GameSetup`` (variant, options, seats, seed).
Board -> Results: a ``GameSummary`` (the setup, the last state, statistics).
Board -> Pause (overlay) -> Board: a ``PauseChoice`` popped back.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from game.rules.match import GameState
from game.ui.advice import TutorTally

LEVELS = ("novice", "beginner", "intermediate", "advanced", "expert")


def level_available(level: str, variant_id: str | None = None) -> bool:
    """Levels a computer seat can play: novice (random legal plays) everywhere; the
    trained levels where the variant has a trained evaluation (shipped weights).
    The setup shows the others as not yet ready."""
    if level == "novice":
        return True
    if variant_id is None:
        return False
    from game.ai.players import has_levels

    return has_levels(variant_id)


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits at one side: a person, or the computer at a level."""

    human: bool = True
    level: str = "novice"
    name: str = ""

    def label(self, side_name: str) -> str:
        if self.name:
            return self.name
        return side_name if self.human else f"{side_name} (computer, {self.level})"


@dataclass(frozen=True, slots=True)
class GameSetup:
    variant_id: str
    options: dict[str, Any] = field(default_factory=dict)
    seats: tuple[Seat, ...] = (Seat(), Seat(human=False))
    seed: int | None = None  # None: a fresh seed is drawn when the game starts
    mode: str = "local"  # "local", "practice" or "campaign"
    hints: bool = False  # practice: hints on request


@dataclass(frozen=True, slots=True)
class GameSummary:
    """How a game went, for the results scene."""

    setup: GameSetup
    state: GameState  # the final state (result, score)
    seed: int
    turns: int
    hits: tuple[int, ...]  # men each side hit
    pips: tuple[int, ...]  # pips each side still had to travel at the end
    match_over: bool = True  # False: the match goes on (a "next game" button)
    # Practice: the tutor's judgements of each side's plays (None: a side it did not
    # judge, a computer's); empty when the tutor was off.
    tutor: tuple[TutorTally | None, ...] = ()


class PauseChoice(enum.StrEnum):
    RESUME = "resume"
    CONCEDE = "concede"
    MENU = "menu"
    QUIT = "quit"
