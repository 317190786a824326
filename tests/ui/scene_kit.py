"""What the scene tests share: the scenes by name with their payloads, a scene to stand
under them, a stand-in board, and the window's input (keys, clicks, a resize)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import ClassVar

import pygame
import pytest

from game.play.session import GameSetup, GameSummary, Seat
from game.rules import match as m
from game.rules.outcome import Kind, Outcome, Termination
from game.rules.variants import find_variant
from game.store.settings import Settings
from game.ui.app import App
from game.ui.routes import LevelCard, Question
from game.ui.scenes.base import Scene


def open_app(tmp_path_factory):
    """One window for a module (starting the app and its sounds is the slow part)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TABULA_HOME", str(tmp_path_factory.mktemp("home")))
        app = App(SETTINGS, persist=False)
        app.start((1280, 800))
        yield app
        app.stop()


def reset_app(app):
    """The app as new: no scenes, the default settings, a 1280x800 window, running."""
    while app.stack.scenes:
        app.stack.scenes.pop().on_exit()
    app.settings = SETTINGS
    app._records = None  # a fresh record book (in memory: persist is off)
    resize(app, (1280, 800))
    app.running = True
    return app


SETTINGS = replace(Settings(), muted=True)


class Below(Scene):
    """A scene under the one tested: records what is popped back to it."""

    def __init__(self, app):
        super().__init__(app)
        self.results = []

    def on_resume(self, result=None):
        self.results.append(result)

    def draw(self, surface):
        from game.ui.backdrop import draw_backdrop

        draw_backdrop(surface)


class FakeBoard(Scene):
    """Stands in for the board: records the payload it was given."""

    payloads: ClassVar[list] = []

    def on_enter(self, payload=None):
        FakeBoard.payloads.append(payload)


def resize(app, size):
    """What a window resized by its user does: a new screen, then every scene is told."""
    app.windowed_size = size
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    app.stack.resize(size)


def press(app, key, mod=0):
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))


def click(app, pos, button=1):
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def summary(kind="win", match_over=True):
    if kind == "tie":
        variant = find_variant("duodecim")
        state = m.new_game(variant, random.Random(1))
        outcome = Outcome(None, Kind.TIE, 0, Termination.DEADLOCK)
        state = replace(state, phase=m.Phase.OVER, result=outcome)
        return GameSummary(GameSetup("duodecim"), state, 7, 80, (2, 3), (40, 52))
    if kind == "mundo":
        variant = find_variant("el_mundo", {"play_on": True})
        state = m.new_game(variant, random.Random(1))
        outcome = Outcome(2, Kind.SINGLE, 1, places=(2, 0, 3, 1))
        state = replace(state, phase=m.Phase.OVER, result=outcome)
        seats = (Seat(), Seat(human=False), Seat(human=False), Seat(human=False))
        setup = GameSetup("el_mundo", {"play_on": True}, seats)
        return GameSummary(setup, state, 7, 120, (3, 4, 1, 0), (0, 12, 30, 44))
    variant = find_variant("backgammon", {"match_length": 5})
    state = m.new_game(variant, random.Random(1))
    state = replace(
        state,
        phase=m.Phase.OVER,
        result=Outcome(0, Kind.GAMMON, 2),
        match=replace(state.match, score=(3, 1)),
    )
    setup = GameSetup("backgammon", {"match_length": 5}, seed=11)
    return GameSummary(setup, state, 11, 41, (2, 5), (0, 87), match_over=match_over)


def make(app, name):
    """A scene and its payload, by name."""
    from game.campaign import Campaign
    from game.ui.scenes.analysis import AnalysisScene
    from game.ui.scenes.campaign import CampaignScene, LevelIntroScene
    from game.ui.scenes.confirm import ConfirmScene
    from game.ui.scenes.dice_stats import DiceScene
    from game.ui.scenes.drill import DrillScene
    from game.ui.scenes.drills import DrillsScene
    from game.ui.scenes.editor import EditorScene
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.pause import PauseScene
    from game.ui.scenes.practice import PracticeSummaryScene
    from game.ui.scenes.records import RecordsScene
    from game.ui.scenes.results import ResultsScene
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.settings import SettingsScene
    from game.ui.scenes.setup import SetupScene

    return {
        "menu": (MenuScene, None),
        "setup": (SetupScene, "local"),
        "practice": (SetupScene, "practice"),
        "settings": (SettingsScene, None),
        "rules": (RulesScene, None),
        "rules_one": (RulesScene, "duodecim"),
        "pause": (PauseScene, "backgammon"),
        "results_win": (ResultsScene, summary("win", match_over=False)),
        "results_tie": (ResultsScene, summary("tie")),
        "results_mundo": (ResultsScene, summary("mundo")),
        "campaign": (CampaignScene, None),
        "records": (RecordsScene, None),
        "dice": (DiceScene, None),
        "intro": (LevelIntroScene, LevelCard(Campaign.load().levels[4], 2)),
        "results_campaign": (
            ResultsScene,
            campaign_summary(medal=2, next_level="02-a-game-in-the-forum"),
        ),
        "confirm": (ConfirmScene, replace_question()),
        "practice_summary": (PracticeSummaryScene, summary("win")),
        "results_missed": (ResultsScene, campaign_summary(medal=0)),
        "editor": (EditorScene, None),
        "analysis": (AnalysisScene, analysis_request(app) if name == "analysis" else None),
        "drills": (DrillsScene, None),
        "drill": (DrillScene, drill_run() if name == "drill" else None),
    }[name]


def replace_question():
    """The confirm scene's payload: the question before replacing an unfinished game,
    in the language in use (as the window asks it: game.ui.saving)."""
    from game.i18n import _
    from game.names import game_name

    return Question(
        _("Replace the unfinished game?"),
        _(
            "Your unfinished game, {game}, is kept so that you can continue it from the "
            "menu. Starting this game replaces it."
        ).format(game=game_name("backgammon")),
        _("Start the new game"),
        _("Keep it"),
    )


def drill_run():
    """The drill scene's payload: three of backgammon's starting drills."""
    from game.study.starters import starters
    from game.ui.routes import DrillRun

    return DrillRun(tuple(starters("backgammon")[:3]), "Backgammon")


def analysis_request(app):
    """The analysis scene's payload, its game's analysis (made up) already kept: the
    scene shows it at once, with no worker."""
    from fake_analysis import kept_for, played

    from game.ui.routes import AnalysisRequest

    replay = played(entries=40)
    names = ["Ivory (computer, novice)", "Crimson (computer, novice)"]
    kept_for(app.records, replay, names)
    return AnalysisRequest(replay, tuple(names), "Backgammon · a test game")


def campaign_summary(medal, next_level=""):
    base = summary("tie")
    variant = find_variant("duodecim")
    state = replace(base.state, result=Outcome(0, Kind.SINGLE, 1))
    setup = GameSetup(
        "duodecim", seats=(Seat(), Seat(human=False)), mode="campaign", level="01-the-twelve-lines"
    )
    assert state.variant == variant
    return replace(base, setup=setup, state=state, medal=medal, next_level=next_level)


SCENES = [
    "menu",
    "setup",
    "practice",
    "settings",
    "rules",
    "rules_one",
    "pause",
    "results_win",
    "results_tie",
    "results_mundo",
    "campaign",
    "records",
    "dice",
    "intro",
    "results_campaign",
    "results_missed",
    "editor",
    "analysis",
    "drills",
]


def enter(app, name):
    cls, payload = make(app, name)
    below = Below(app)
    app.push(below)
    scene = cls(app)
    app.push(scene, payload)
    return scene, below


def until_shown(app, scene, seconds: float = 20.0) -> None:
    """Frames until ``scene`` draws itself: a scene that makes its pictures beside the
    window (the analysis) lets the one below show through, not opaque, meanwhile."""
    import time

    if not isinstance(getattr(type(scene), "opaque", None), property):
        return  # opaque or an overlay for good: shown from its first frame
    deadline = time.monotonic() + seconds
    while not scene.opaque and time.monotonic() < deadline:
        time.sleep(0.01)
        app.step(1 / 60)
    assert scene.opaque, f"{type(scene).__name__} drew nothing of its own in {seconds} s"


def draw(app, scene, frames: int = 3) -> None:
    for _ in range(frames):
        scene.update(0.05)
        scene.draw(app.screen)


def a_turn_with(app, variant_id: str, wanted=lambda turn: True, seed: int = 3):
    """A board of ``variant_id`` with people in every seat, at a person's turn, before a
    man is moved, where ``wanted(turn)`` holds: the turns before it are played at
    random (dice rolled, dice named, plays chosen by a generator of their own)."""
    import time

    from game.ui.scenes.board import BoardScene

    players = find_variant(variant_id).players
    scene = BoardScene(app)
    app.replace(scene, GameSetup(variant_id, {}, (Seat(),) * players, seed=seed))
    pick = random.Random(7)
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, f"no such turn in {variant_id}"
        scene.update(1 / 60)
        state = scene.state
        if scene.busy:
            continue
        if state.phase is m.Phase.ROLL and "roll" in scene.buttons:
            scene.press("roll")
        elif state.phase is m.Phase.CHOOSE:
            scene.press(next(name for name in scene.buttons if name.startswith("choose")))
        elif scene.turn is not None and scene.turn.state is state and scene.turn.sources():
            if not scene.turn.moves and wanted(scene.turn):
                return scene
            scene.commit(pick.choice(scene.turn.plays), animate=False)
