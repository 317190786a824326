"""Where a scene can send the player: the :class:`Route` names and their payloads.

Scenes never import one another to move on: they say ``self.app.go(Route.RESULTS,
summary)`` (push), ``self.app.go(Route.BOARD, setup, replace=True)`` (replace the top
scene) or ``self.app.home()`` (back to the menu). ``game.ui.router`` is the one place
that knows which scene class answers each route and which payload it takes.

The payloads that were tuples or dicts are small frozen values here; the others are
existing types (a variant id, a :class:`~game.play.session.GameSetup`, a
:class:`~game.play.session.GameSummary`, a saved game, a replay).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.campaign import Level
    from game.play.session import GameSetup
    from game.rules.match import GameState
    from game.rules.replay import Replay


class Route(enum.StrEnum):
    """A scene the player can be sent to."""

    MENU = "menu"
    SETUP = "setup"  # payload: "local" or "practice" (SETUP_MODES)
    CAMPAIGN = "campaign"  # payload: None, or a level id whose card opens at once
    LEVEL_INTRO = "level intro"  # payload: LevelCard
    RECORDS = "records"
    DICE_STATS = "dice stats"
    RULES = "rules"  # payload: None (the list to choose from) or a variant id
    SETTINGS = "settings"
    BOARD = "board"  # payload: GameSetup, NextGame, SavedGame or Replay
    PAUSE = "pause"  # payload: PauseMenu (or the variant id of the game paused)
    RESULTS = "results"  # payload: GameSummary
    PRACTICE_SUMMARY = "practice summary"  # payload: GameSummary
    CONFIRM = "confirm"  # payload: Question
    ERROR = "error"  # payload: ErrorCard
    EDITOR = "editor"  # payload: None (backgammon's start) or EditorStart
    ANALYSIS = "analysis"  # payload: AnalysisRequest
    DRILLS = "drills"  # payload: None (the games to drill, and what is due)
    DRILL = "drill"  # payload: DrillRun
    RATING = "rating"  # payload: None (the game rated last) or a variant id


@dataclass(frozen=True, slots=True)
class EditorStart:
    """The position editor's payload: the game to set up, and a state of it to begin
    from (its JSON, as the engine reads it; None: the game's start)."""

    variant_id: str = "backgammon"
    state: dict[str, Any] | None = None


SETUP_MODES = ("local", "practice")


@dataclass(frozen=True, slots=True)
class NextGame:
    """The board's payload for the next game of a match: the setup and the last game's
    final state (its score and who starts)."""

    setup: GameSetup
    previous: GameState


@dataclass(frozen=True, slots=True)
class PauseMenu:
    """The pause menu's payload: the variant played, and whether Concede is offered (not
    in a replay: a recorded game has nothing to give up)."""

    variant_id: str
    concede: bool = True
    cost: str = ""  # what conceding costs, said when asked to confirm


@dataclass(frozen=True, slots=True)
class LevelCard:
    """The campaign level's card: the level and the medal it has earned so far."""

    level: Level
    medal: int = 0


class LevelAction(enum.StrEnum):
    BEGIN = "begin"  # play the level
    INTRO = "intro"  # show the level's card


@dataclass(frozen=True, slots=True)
class LevelChoice:
    """What a scene popped back to the campaign map asks of it: begin a level, or show
    its card (the results' "Next level")."""

    action: LevelAction
    level_id: str


@dataclass(frozen=True, slots=True)
class Question:
    """A question over the scene below: two buttons; ``on_yes`` runs after it closes.
    The words are in the player's language (the asker's ``_()``); one left empty is the
    question's own ("Are you sure?", "Yes", "No")."""

    title: str = ""
    text: str = ""
    yes: str = ""
    no: str = ""
    on_yes: Callable[[], Any] | None = None


@dataclass(frozen=True, slots=True)
class ErrorCard:
    """What went wrong, where, whether the game was saved (None: there was none), and
    the log file's path ("" when there is none)."""

    what: str = ""  # (empty: "an unexpected error", in the player's language)
    where: str = ""
    saved: bool | None = None
    log: str = ""


@dataclass(frozen=True, slots=True)
class AnalysisRequest:
    """A finished game to analyse (or show the kept analysis of): its record, the names
    its sides are shown by (as when it is watched) and a title for it."""

    replay: Replay
    names: tuple[str, ...] = ()
    title: str = ""


@dataclass(frozen=True, slots=True)
class DrillRun:
    """Drills to ask one after another (``game.study.drills.Drill``, soonest first)."""

    drills: tuple[Any, ...]
    title: str = ""
