"""The campaign driven headless: map -> introduction -> board -> results -> next level."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.play.session import Seat
from game.rules import match as m
from game.rules.position import position_from_counts
from game.store.settings import Settings
from game.ui.app import App
from game.ui.scenes.board import BoardScene
from game.ui.scenes.campaign import CampaignScene, LevelIntroScene
from game.ui.scenes.results import ResultsScene


def press(app, key):
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def run_until(app, predicate, seconds=60.0):
    for _ in range(int(seconds * 60)):
        app.step(1 / 60)
        if predicate():
            return True
    return False


def start_first_level(app) -> BoardScene:
    app.push(CampaignScene(app))
    press(app, pygame.K_RETURN)  # the first level's card
    intro = app.stack.top
    assert isinstance(intro, LevelIntroScene) and intro.level.id == "01-the-twelve-lines"
    app.step(1 / 60)
    press(app, pygame.K_RETURN)  # Begin
    board = app.stack.top
    assert isinstance(board, BoardScene)
    assert board.setup.mode == "campaign" and board.setup.level == "01-the-twelve-lines"
    assert [s.human for s in board.seats] == [True, False]
    assert board.throw_prompt is not None and board.log == []  # the dice wait for the player
    press(app, pygame.K_RETURN)  # the player's throw, mixed into the dice
    assert board.throw_prompt is None and board.contribution.startswith("t=")
    return board


def near_the_end(board: BoardScene, winner: int) -> None:
    """One man of ``winner`` left on the last pos (it bears off with a 1), the other
    side's men all still in hand; both seats play at random."""
    variant = board.variant
    last, off = variant.track_length, variant.off_pos
    counts = [{}, {}]
    counts[winner] = {last: 1, off: 14}
    hand = [0, 0]
    hand[1 - winner] = 15
    position = position_from_counts(counts, last, to_act=winner, hand=tuple(hand))
    variant.validate(position)
    board.game = m.Game(m.GameState(variant, position, m.Phase.ROLL))
    board.shown = position
    board.seats = (Seat(human=False), Seat(human=False))


def test_a_level_won_headless_unlocks_the_next_one(app):
    board = start_first_level(app)
    near_the_end(board, winner=0)
    assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene))
    results = app.stack.top
    summary = results.summary
    assert summary.medal == 3  # the opponent had not entered a man: the widest margin
    assert summary.next_level == "02-a-game-in-the-forum"
    assert app.records.progress()["01-the-twelve-lines"].medal == 3
    (game,) = app.records.games()
    assert game["mode"] == "campaign" and game["player_won"] == 1
    assert game["plays"] and game["plays"][-1]["action"] == "play"
    labels = [b.label for b in results.buttons]
    assert labels == ["Try again", "Next level", "Campaign"]
    assert results.focus.focused.label == "Next level"
    press(app, pygame.K_RETURN)
    intro = app.stack.top
    assert isinstance(intro, LevelIntroScene) and intro.level.id == "02-a-game-in-the-forum"
    campaign = app.stack.scenes[-2]
    assert isinstance(campaign, CampaignScene)
    assert campaign.items["02-a-game-in-the-forum"].enabled
    assert campaign.items["01-the-twelve-lines"].detail == "Won · Gold medal"


def test_a_level_lost_opens_nothing(app):
    board = start_first_level(app)
    near_the_end(board, winner=1)
    assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene))
    results = app.stack.top
    assert results.summary.medal == 0 and results.summary.next_level == ""
    assert [b.label for b in results.buttons] == ["Try again", "Campaign"]
    assert app.records.progress()["01-the-twelve-lines"].medal == 0
    press(app, pygame.K_ESCAPE)
    campaign = app.stack.top
    assert isinstance(campaign, CampaignScene)
    assert not campaign.items["02-a-game-in-the-forum"].enabled


def test_a_bad_level_file_is_reported_on_the_map_and_skipped(app, tmp_path):
    from game.campaign import Campaign
    from game.paths import levels_dir

    folder = tmp_path / "levels"
    folder.mkdir()
    for path in levels_dir().glob("*.toml"):
        (folder / path.name).write_text(path.read_text())
    (folder / "02-a-game-in-the-forum.toml").write_text('title = "broken"\nchapter = "rome"\n')
    app._campaign = Campaign.load(folder)
    scene = CampaignScene(app)
    app.push(scene)
    app.step(1 / 60)
    assert "02-a-game-in-the-forum" not in scene.items
    assert len(scene.items) == len(Campaign.load().levels) - 1
    assert "02-a-game-in-the-forum.toml" in app.campaign.problems[0]
    assert "'variant' is missing" in app.campaign.problems[0]


def test_hostile_level_files_leave_the_campaign_open_and_playable(app, tmp_path):
    from hostile import deadline, make_hostile  # tests/ is on the path (conftest's folder)

    from game.campaign import Campaign
    from game.campaign.levels import MAX_BYTES
    from game.paths import levels_dir

    folder = tmp_path / "levels"
    folder.mkdir()
    for path in levels_dir().glob("*.toml"):
        (folder / path.name).write_text(path.read_text())
    names = make_hostile(folder, ".toml", MAX_BYTES, prefix="90-")
    with deadline(30):
        app._campaign = Campaign.load(folder)
        assert len(app.campaign.problems) == len(names)
        scene = CampaignScene(app)
        app.push(scene)
        for _ in range(3):
            app.step(1 / 60)
        assert len(scene.items) == len(list(levels_dir().glob("*.toml"))) - 1
        app.stack.scenes.clear()
        board = start_first_level(app)  # the first level still plays
        for _ in range(10):
            app.step(1 / 60)
    assert app.running and app.stack.top is board


def test_a_damaged_record_book_is_reported_in_the_menu(tmp_path, monkeypatch):
    from game.store.records import Records
    from game.ui.scenes.menu import MenuScene

    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    (tmp_path / "records.sqlite").write_bytes(b"not a database at all " * 50)
    app = App(replace(Settings(), muted=True), persist=False)
    app._records = Records.open(tmp_path / "records.sqlite")
    app.start((1280, 800))
    try:
        app.push(MenuScene(app))
        app.step(1 / 60)
        assert "could not be read" in app.records.notice
        assert (tmp_path / "records.sqlite.bad-1").exists()
    finally:
        app.stop()
