"""Finished games in the records replay exactly; Records exports and imports them."""

from __future__ import annotations

import json
import threading
from dataclasses import replace

import pygame
import pytest
from hostile import deadline, make_hostile, small_replay  # tests/ is on the path too
from stepping import run_until  # tests/ui is on the path (rootdir-less import)

from game.play.session import GameSetup, Seat
from game.rules.replay import replay_states
from game.store.exports import MAX_BYTES, read_replay
from game.store.records import Records
from game.store.settings import Settings
from game.ui.app import App
from game.ui.progress import replay_of
from game.ui.scenes.board import BoardScene
from game.ui.scenes.records import RecordsScene
from game.ui.scenes.results import ResultsScene

COMPUTERS = (Seat(human=False), Seat(human=False, level="beginner"))
COMPUTERS_JSON = [{"human": False, "level": "novice"}, {"human": False, "level": "beginner"}]


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    app = App(replace(Settings(), animation="instant", muted=True), persist=False)
    app._records = Records.open(tmp_path / "records.sqlite")
    app.start((1280, 800))
    app.running = True
    yield app
    app.stop()


def play_out(app, setup):
    board = BoardScene(app)
    app.push(board, setup)
    if run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 900):
        return board
    raise AssertionError("the game did not end")


def press(app, key):
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def test_a_finished_game_replays_exactly_and_is_watched_to_its_end(app, tmp_path):
    board = play_out(app, GameSetup("lombardorum", seats=COMPUTERS, seed=3))
    final = board.state
    (game,) = app.records.games()
    replay = replay_of(game)
    assert replay.seed == board.seed
    assert replay_states(replay)[-1] == final

    app.stack.scenes.clear()
    records = RecordsScene(app)
    app.push(records)
    assert len(records.items) == 1 and records.watch_button.enabled
    assert not records.mat_button.enabled  # not backgammon
    records.watch()
    viewer = app.stack.top
    assert isinstance(viewer, BoardScene) and viewer.replaying is not None
    for _ in range(20):
        app.step(1 / 60)
    assert len(viewer.log) == 0  # a replay waits for the viewer
    press(app, pygame.K_RIGHT)
    for _ in range(5):
        app.step(1 / 60)
    assert len(viewer.log) == 1
    for _ in range(6):
        press(app, pygame.K_RIGHT)
        for _ in range(5):
            app.step(1 / 60)
    assert len(viewer.log) == 7
    at_seven = viewer.state
    press(app, pygame.K_LEFT)  # back to before the last play and its roll
    assert len(viewer.log) < 7 and viewer.log[-1]["action"] != "roll"
    while len(viewer.log) < 7:
        press(app, pygame.K_RIGHT)
        for _ in range(5):
            app.step(1 / 60)
    assert viewer.state == at_seven  # the same dice come again
    press(app, pygame.K_a)  # and plays on by itself
    run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 600)
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    assert results.summary.state == final
    assert [b.label for b in results.buttons] == ["Records"]
    assert len(app.records.games()) == 1  # watching records nothing
    press(app, pygame.K_RETURN)
    assert app.stack.top is records

    records.export()
    exported = sorted((tmp_path / "exports").glob("*.json"))
    assert len(exported) == 1 and "Saved" in records.message
    assert replay_states(read_replay(exported[0]))[-1] == final

    imports = tmp_path / "replays"
    imports.mkdir(exist_ok=True)
    (imports / "good.json").write_text(exported[0].read_text())
    broken = json.loads(exported[0].read_text())
    broken["plays"][3]["dice"] = [9, 9]
    (imports / "broken.json").write_text(json.dumps(broken))
    (imports / "junk.json").write_text("{not json")
    records.import_files()
    assert run_until(app, lambda: records.importing is None, 30)
    assert [e[0] for e in records.entries] == ["game", "file"]
    assert "1 replay imported" in records.message and "2 skipped" in records.message
    assert sorted(p.split(":")[0] for p in records.problems) == ["broken.json", "junk.json"]


def test_hostile_replay_files_are_read_off_the_windows_thread_and_never_stop_it(
    app, tmp_path, monkeypatch
):
    """JSON nested 100,000 deep, a FIFO, a link to /dev/zero, a folder, an oversize file,
    bytes that are not UTF-8, a name that is not UTF-8: the window keeps drawing frames
    while they are read, then lists one line per file, and imports the good replay."""
    import game.ui.scenes.records as scene_module

    folder = tmp_path / "replays"
    names = make_hostile(folder, ".json", MAX_BYTES)
    (folder / "good.json").write_text(json.dumps(small_replay()))
    go = threading.Event()
    real = scene_module.import_replays

    def held(*args):  # the worker waits until the window has drawn frames meanwhile
        assert go.wait(30)
        return real(*args)

    monkeypatch.setattr(scene_module, "import_replays", held)
    app.stack.scenes.clear()
    records = RecordsScene(app)
    app.push(records)
    with deadline(60):
        records.import_files()  # returns at once: the work is the worker's
        assert records.importing is not None and "Importing" in records.message
        assert not records.import_button.enabled
        # A daemon thread: quitting the game never waits for the files.
        assert any(t.name == "import-replays" and t.daemon for t in threading.enumerate())
        for _ in range(30):
            app.step(1 / 60)
        assert records.importing is not None and app.running
        go.set()
        assert run_until(app, lambda: records.importing is None, 30)
        for _ in range(3):
            app.step(1 / 60)  # draws the list of skipped files
    assert app.running and app.stack.top is records
    assert [e[0] for e in records.entries] == ["file"]
    assert records.entries[0][1][0].name == "good.json"
    assert len(records.problems) == len(names)
    for name in names.values():
        assert sum(p.startswith(name + ": ") for p in records.problems) == 1
    assert f"{len(names)} skipped" in records.message and records.import_button.enabled
    # The lines of skipped files sit at the foot of the list, below every item shown.
    lines_top = records.list_panel.inner(12).bottom - records.problem_lines() * (
        records.problem_height()
    )
    assert all(item.rect.bottom <= lines_top for item in records.items if item.visible)
    assert records.import_button.rect.top >= records.list_panel.rect.bottom


def test_leaving_records_during_an_import_stops_it_quietly(app, tmp_path, monkeypatch):
    import game.ui.scenes.records as scene_module

    go, done = threading.Event(), threading.Event()
    seen = []

    def held(folder, stop):
        go.wait(30)
        seen.append(stop())
        done.set()
        return [], []

    monkeypatch.setattr(scene_module, "import_replays", held)
    app.stack.scenes.clear()
    records = RecordsScene(app)
    app.push(records)
    records.import_files()
    press(app, pygame.K_ESCAPE)
    assert records not in app.stack.scenes
    go.set()
    assert done.wait(10)
    assert seen == [True]  # the worker was told to stop before its next file


def test_a_backgammon_match_exports_as_a_mat_file(app, tmp_path):
    setup = GameSetup("backgammon", {"match_length": 1, "cube": False}, COMPUTERS, seed=5)
    play_out(app, setup)
    app.stack.scenes.clear()
    records = RecordsScene(app)
    app.push(records)
    assert records.mat_button.enabled
    records.export_mat()
    (path,) = (tmp_path / "exports").glob("*.mat")
    text = path.read_text()
    assert text.startswith("\n 1 point match\n\n Game 1\n")  # as GNU Backgammon writes it
    assert "Tabula (novice) : 0" in text and "Tabula (beginner) : 0" in text
    # A single game, a gammon or a backgammon: in a one-point match each ends the match.
    assert any(f"Wins {won}\n" in text for won in ("1 point", "2 points", "3 points"))


def test_a_match_the_mat_format_cannot_hold_is_refused_with_the_reason(app, tmp_path):
    from game.rules.mat import crawford_problem
    from game.store.records import FinishedGame
    from tests.rules.mat_matches import seeded_match

    # A match without the Crawford rule that doubled in the game .mat takes as Crawford's.
    games, _ = seeded_match(1, 3, crawford=False)
    assert crawford_problem(games)
    for game in games:
        data = game.to_json()
        app.records.add_game(
            FinishedGame(
                "play",
                "backgammon",
                data["options"],
                COMPUTERS_JSON,
                game.seed,
                data["plays"],
                data["result"],
                match_id="m1",
                start={"match": data["match"]},
            )
        )
    records = RecordsScene(app)
    app.push(records)
    assert records.mat_button.enabled
    records.export_mat()
    assert "Could not export the match" in records.message and "Crawford" in records.message
    assert not list((tmp_path / "exports").glob("*.mat"))
    records.draw(app.screen)  # the message is drawn without error, and whole
    from game.ui.widgets import fit_text

    width = app.screen.get_width() - 2 * round(28 * records.scale)  # draw_page's margins
    assert fit_text(records.message, "italic", 15 * records.scale, width) == records.message


def test_the_dice_statistics_count_each_sides_rolls(app):
    from game.ui.scenes.dice_stats import DiceScene, tally_games

    games = [
        {
            "variant": "backgammon",
            "options": {},
            "player_side": 0,
            "plays": [
                {"side": 0, "action": "roll", "dice": [3, 3]},
                {"side": 1, "action": "roll", "dice": [6, 1]},
                {"side": 0, "action": "play", "dice": [3, 3], "play": "8/5(2) 6/3(2)"},
                {"side": 0, "action": "roll", "dice": [2, 5]},
            ],
        },
        {  # seven-faced dice are left out
            "variant": "el_mundo",
            "options": {"faces": 7},
            "player_side": 0,
            "plays": [{"side": 0, "action": "roll", "dice": [7, 1, 2]}],
        },
        {  # no single person: everyone else's
            "variant": "anglicorum",
            "options": {},
            "player_side": None,
            "plays": [{"side": 0, "action": "roll", "dice": [1, 1, 1]}],
        },
    ]
    mine, others = tally_games(games)
    assert (mine.rolls, mine.faces, mine.pairs, mine.doubles) == (2, [0, 1, 2, 0, 1, 0], 2, 1)
    assert (others.rolls, others.faces, others.pairs) == (2, [4, 0, 0, 0, 0, 1], 1)
    lopsided = tally_games(
        [{**games[0], "plays": [{"side": 0, "action": "roll", "dice": [6, 6]}] * 40}]
    )[0]
    assert lopsided.p_value() < 1e-6
    scene = DiceScene(app)
    app.push(scene)
    app.step(1 / 60)
    assert scene.tallies[0].rolls == 0  # this app's records hold no games


def test_a_replay_offers_no_concede_and_makes_up_no_result(app):
    """Esc in a replay: the pause menu has no Concede; a Concede that reaches the board
    anyway leaves the record as it is (no result, no results scene)."""
    from game.play.session import PauseChoice
    from game.rules.replay import replay_from_json
    from game.ui.scenes.pause import PauseScene

    board = BoardScene(app)
    app.push(board, replay_from_json(small_replay()))
    app.step(1 / 60)
    press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    assert pause.concede_button not in pause.buttons
    assert [b.label for b in pause.buttons] == ["Resume", "Rules", "Settings", "Quit to menu"]
    app.pop(PauseChoice.CONCEDE)
    for _ in range(120):
        app.step(1 / 60)
    assert not board.state.is_over and board.state.result is None
    assert app.stack.top is board
    # A game played (not replayed) still offers Concede.
    game = BoardScene(app)
    app.push(game, GameSetup("backgammon", seats=COMPUTERS, seed=3))
    app.step(1 / 60)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top.concede_button in app.stack.top.buttons


def test_a_replay_draws_the_play_just_stepped_and_names_seats_as_in_play(app):
    """Stepping a replay, the play just stepped through is drawn on the board (its arcs,
    as in play), and the seats are named as the board named them in play: a person by
    the colour ("Ivory"), the computer "Crimson (computer, expert)"."""
    from game.rules.replay import replay_from_json
    from game.ui.render import board_trail, board_words

    board = BoardScene(app)
    app.push(board, replay_from_json(small_replay(entries=8)))
    app.step(1 / 60)
    names = [board.side_name(side) for side in range(2)]
    colours = [board.theme.sides[side].name for side in range(2)]
    assert names == [colours[0], f"{colours[1]} (computer, expert)"]
    played = 0
    for _ in range(8):
        press(app, pygame.K_RIGHT)
        run_until(app, lambda: not board.busy, 10)
        last = board.log[-1]
        if last["action"] == "play" and last["play"] != "pass":
            played += 1
            side = last["side"]
            assert board_trail.trails_shown(board) == [side]
            assert board_trail.trail_lines(board, side)
            with_trail = pygame.Surface(app.screen.get_size())
            board.draw(with_trail)
            shown = dict(board.last_plays)
            board.last_plays.clear()
            without = pygame.Surface(app.screen.get_size())
            board.draw(without)
            board.last_plays.update(shown)
            assert pygame.image.tobytes(with_trail, "RGB") != pygame.image.tobytes(without, "RGB")
        words = board_words.prompt(board, board.state)
        assert "(player)" not in words
    assert played >= 2
