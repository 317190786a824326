"""The one place that knows the scenes: which class answers each :class:`Route` and
which payloads it takes. ``App.go`` reads it; scenes only name routes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.play.session import GameSetup, GameSummary, SavedGame
from game.rules.replay import Replay
from game.ui.routes import (
    SETUP_MODES,
    AnalysisRequest,
    DrillRun,
    EditorStart,
    ErrorCard,
    LevelCard,
    NextGame,
    PauseMenu,
    Question,
    Route,
)
from game.ui.scenes.analysis import AnalysisScene
from game.ui.scenes.base import Scene
from game.ui.scenes.board import BoardScene
from game.ui.scenes.campaign import CampaignScene, LevelIntroScene
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.dice_stats import DiceScene
from game.ui.scenes.drill import DrillScene
from game.ui.scenes.drills import DrillsScene
from game.ui.scenes.editor import EditorScene
from game.ui.scenes.error import ErrorScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.practice import PracticeSummaryScene
from game.ui.scenes.rating import RatingScene
from game.ui.scenes.records import RecordsScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.setup import SetupScene


@dataclass(frozen=True, slots=True)
class Destination:
    """A route's scene class and the payload types it accepts (``type(None)``: none)."""

    scene: type[Scene]
    payloads: tuple[type, ...] = (type(None),)

    def accepts(self, payload: Any) -> bool:
        return isinstance(payload, self.payloads)


NONE = type(None)

SCENES: dict[Route, Destination] = {
    Route.MENU: Destination(MenuScene),
    Route.SETUP: Destination(SetupScene, (str,)),
    Route.CAMPAIGN: Destination(CampaignScene, (NONE, str)),
    Route.LEVEL_INTRO: Destination(LevelIntroScene, (LevelCard,)),
    Route.RECORDS: Destination(RecordsScene),
    Route.DICE_STATS: Destination(DiceScene),
    Route.RULES: Destination(RulesScene, (NONE, str)),
    Route.SETTINGS: Destination(SettingsScene),
    Route.BOARD: Destination(BoardScene, (GameSetup, NextGame, SavedGame, Replay)),
    Route.PAUSE: Destination(PauseScene, (str, PauseMenu)),
    Route.RESULTS: Destination(ResultsScene, (GameSummary,)),
    Route.PRACTICE_SUMMARY: Destination(PracticeSummaryScene, (GameSummary,)),
    Route.CONFIRM: Destination(ConfirmScene, (Question,)),
    Route.ERROR: Destination(ErrorScene, (ErrorCard,)),
    Route.EDITOR: Destination(EditorScene, (NONE, EditorStart)),
    Route.ANALYSIS: Destination(AnalysisScene, (AnalysisRequest,)),
    Route.DRILLS: Destination(DrillsScene),
    Route.DRILL: Destination(DrillScene, (DrillRun,)),
    Route.RATING: Destination(RatingScene, (NONE, str)),
}


class RouteError(ValueError):
    """A route the router does not know, or a payload its scene does not take."""


def destination(route: Route, payload: Any = None) -> Destination:
    """The scene for ``route``, checking the payload's type (RouteError quotes it)."""
    try:
        where = SCENES[Route(route)]
    except (KeyError, ValueError):
        raise RouteError(f"no scene answers the route {route!r}") from None
    if not where.accepts(payload):
        wanted = " or ".join(t.__name__ for t in where.payloads)
        raise RouteError(f"the {route} scene takes {wanted}, not {payload!r}")
    if route is Route.SETUP and payload not in SETUP_MODES:
        raise RouteError(f"the setup scene takes a mode in {SETUP_MODES}, not {payload!r}")
    return where
