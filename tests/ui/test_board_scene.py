"""The board scene driven headless: a person's clicks, undo, drag and drop, pause,
full-screen, the demo command, and one computer game from the menu to the results."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from stepping import run_until  # tests/ui is on the path (rootdir-less import)

from game.play.session import GameSetup, PauseChoice, Seat
from game.rules import match as m
from game.store.settings import Settings
from game.ui.app import App
from game.ui.scenes.board import BoardScene

COMPUTERS2 = (Seat(human=False), Seat(human=False))


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    app = App(replace(Settings(), animation="fast", muted=True), persist=False)
    app.start((1280, 800))
    yield app
    app.stop()


def board(app, setup) -> BoardScene:
    scene = BoardScene(app)
    app.push(scene, setup)
    return scene


def test_el_mundo_plays_four_computer_seats_on_a_round_board(app):
    # Whole computer games of every variant, el_mundo's included, are played against
    # the table in tests/play; here the window shows four seats round the board.
    scene = board(app, GameSetup("el_mundo", seats=(Seat(human=False),) * 4, seed=5))
    app.running = True
    assert run_until(app, lambda: scene.state.turn >= 8, seconds=600)
    assert scene.view.layout.geometry == "round"
    assert {entry["side"] for entry in scene.log} == {0, 1, 2, 3}


def click(app, point, button=1):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=button))
    for _ in range(3):
        app.step(1 / 60)


def spot_centre(scene, side, pos):
    key = scene.key_of(side, pos, scene.resting())
    return tuple(int(v) for v in scene.view.layout.spots[key].base)


def test_a_person_moves_by_clicks_and_undoes(app):
    setup = GameSetup("backgammon", options={"cube": False}, seats=(Seat(), Seat()), seed=11)
    scene = board(app, setup)
    app.running = True
    # Roll if the opening throw was not already to play (backgammon: it is).
    assert run_until(app, lambda: scene.turn is not None and not scene.busy)
    state = scene.state
    side = state.to_act
    start = scene.resting()
    src = sorted(scene.turn.sources())[0]
    click(app, spot_centre(scene, side, src))
    assert scene.selected == src
    moves = scene.turn.moves_from(src)
    dst = sorted(moves)[0]
    click(app, spot_centre(scene, side, dst))
    assert run_until(app, lambda: not scene.busy)
    assert scene.turn is not None and scene.turn.moves, "the step was made"
    assert scene.resting() != start
    click(app, (5, 5), button=3)  # right-click: undo
    assert scene.turn.moves == [] and scene.resting() == start


def test_highlighted_destinations_change_the_pixels(app):
    setup = GameSetup("backgammon", options={"cube": False}, seats=(Seat(), Seat()), seed=11)
    scene = board(app, setup)
    app.running = True
    assert run_until(app, lambda: scene.turn is not None and not scene.busy)
    side = scene.state.to_act
    src = sorted(scene.turn.sources())[0]
    dst = sorted(scene.turn.moves_from(src))[0]
    at = spot_centre(scene, side, dst)
    app.draw()
    before = app.screen.get_at(at)
    click(app, spot_centre(scene, side, src))
    app.draw()
    assert app.screen.get_at(at) != before


def test_escape_pauses_and_concede_ends_the_game(app):
    from game.ui.scenes.pause import PauseScene

    scene = board(app, GameSetup("lombardorum", seats=(Seat(), Seat(human=False)), seed=2))
    app.running = True
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    app.step(1 / 60)
    assert isinstance(app.stack.top, PauseScene)
    pause = app.stack.top
    # Asked to be sure, the menu says what conceding costs: the rules' own result.
    expected = m.concede(scene.state, 0).result
    winner = scene.theme.sides[expected.winner].name
    assert pause.cost == f"Conceding gives {winner} the game: {expected.points} point"
    pause.concede()
    pause.update(1 / 60)
    pause.draw(app.screen)
    assert pause.confirming and " ".join(pause.cost_lines) == pause.cost
    assert pause.panel.rect.contains(
        pygame.Rect(pause.panel.rect.x, pause.cost_top, 1, len(pause.cost_lines) * 20)
    )
    app.pop(PauseChoice.CONCEDE)
    assert scene.state.is_over and scene.state.winner == 1
    assert scene.state.result.points == expected.points


def test_full_screen_toggles_without_a_crash(app):
    board(app, GameSetup("duodecim", seats=COMPUTERS2, seed=1))
    app.running = True
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0))
        app.step(1 / 60)
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=900, h=600, size=(900, 600)))
    app.step(1 / 60)
    assert app.size == (900, 600)


def test_demo_command_saves_a_screenshot(tmp_path, monkeypatch):
    from game.__main__ import main

    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    out = tmp_path / "demo.png"
    assert main(["--demo", "anglicorum", "--seconds", "1", "--screenshot", str(out)]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 800)
    # Not a blank frame: many colours.
    colours = {image.get_at((x, y))[:3] for x in range(0, 1280, 40) for y in range(0, 800, 40)}
    assert len(colours) > 20


def test_unknown_demo_variant_is_a_clear_error(capsys):
    from game.__main__ import main

    with pytest.raises(SystemExit):
        main(["--demo", "chess"])
    assert "unknown variant 'chess'" in capsys.readouterr().err


def test_forced_pass_is_played_with_a_message(app):
    # A person with a man on the bar against a closed board: the pass is made for them.
    from game.rules.position import position_from_counts
    from game.rules.variants import find_variant

    bg = find_variant("backgammon", {"cube": False})
    mine = {0: 1, 25: 14}
    theirs = {p: 2 for p in range(19, 25)} | {25: 3}
    pos = position_from_counts([mine, theirs], 24)
    # (A seed given: the board does not wait for the player's throw into the dice.)
    setup = GameSetup("backgammon", options={"cube": False}, seats=(Seat(), Seat()), seed=1)
    scene = board(app, setup)
    scene.game = m.Game(m.GameState(bg, pos, m.Phase.MOVE, (6, 5)))
    app.running = True
    assert run_until(app, lambda: scene.state.turn == 1)
    assert "cannot move" in scene.message


def test_menu_to_results_with_computer_seats(app):
    """The whole way a player goes: menu -> Play -> setup -> Start -> board -> results."""
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.results import ResultsScene
    from game.ui.scenes.setup import SetupScene

    app.update_settings(animation="instant")  # (the way, not the men's flight, is tested)
    app.push(MenuScene(app))
    app.running = True
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    app.step(1 / 60)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    setup.select("lombardorum")
    setup.set_human(0, False)
    setup.set_human(1, False)
    setup.start()
    app.step(1 / 60)
    assert isinstance(app.stack.top, BoardScene)
    assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene), seconds=3000)
    summary_state = app.stack.top.summary.state if hasattr(app.stack.top, "summary") else None
    assert summary_state is None or summary_state.is_over


def test_a_man_can_be_dragged_to_its_destination(app):
    setup = GameSetup("backgammon", options={"cube": False}, seats=(Seat(), Seat()), seed=11)
    scene = board(app, setup)
    app.running = True
    assert run_until(app, lambda: scene.turn is not None and not scene.busy)
    side = scene.state.to_act
    src = sorted(scene.turn.sources())[0]
    dst = sorted(scene.turn.moves_from(src))[0]
    a, b = spot_centre(scene, side, src), spot_centre(scene, side, dst)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    app.step(1 / 60)
    middle = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=middle, rel=(1, 1), buttons=(1, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(1, 1), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    for _ in range(3):
        app.step(1 / 60)
    assert scene.turn is not None and len(scene.turn.moves) == 1
    assert scene.turn.moves[0].dst == dst


def test_backgammon_resignation_offered_and_accepted(app):
    """Concede in backgammon offers a resignation at a level; the computer accepts."""
    setup = GameSetup("backgammon", seats=(Seat(), Seat(human=False)), seed=11)
    scene = board(app, setup)
    app.running = True
    assert run_until(
        app, lambda: scene.seat(scene.state.on_roll).human and not scene.busy, seconds=30
    )
    from game.ui.scenes.pause import PauseScene

    menu = scene.pause_menu()
    assert menu.cost.startswith("You choose next how much to resign: a single game is 1 point")
    assert "a gammon is 2 points" in menu.cost and "a backgammon is 3 points" in menu.cost
    app.push(PauseScene(app), menu)
    app.pop(PauseChoice.CONCEDE)
    assert scene.resigning
    app.step(1 / 60)
    assert "resign2" in scene.buttons
    rect = scene.buttons["resign2"]
    click(app, rect.center)
    assert run_until(app, lambda: scene.state.is_over)
    result = scene.state.result
    assert result.winner == 1 and result.kind.value == "gammon" and result.points == 2


def test_a_click_that_does_nothing_says_why(app):
    """A click on the other side's man says it is not the player's; with a man picked
    up, a click on a place it cannot reach says so (both did nothing, without a word)."""
    from game.play import reasons

    setup = GameSetup("backgammon", options={"cube": False}, seats=(Seat(), Seat()), seed=11)
    scene = board(app, setup)
    app.running = True
    assert run_until(app, lambda: scene.turn is not None and not scene.busy)
    side = scene.state.to_act
    position = scene.turn.start
    theirs = [
        p for p in range(1, 25) if reasons.why_not(scene.turn, p) == reasons.THEIRS
    ]
    assert theirs
    click(app, spot_centre(scene, 1 - side, 25 - theirs[0]))
    assert scene.message == reasons.THEIRS and scene.selected is None
    src = sorted(scene.turn.sources())[0]
    click(app, spot_centre(scene, side, src))
    assert scene.selected == src
    unreachable = [
        p
        for p in range(1, 25)
        if p not in scene.turn.moves_from(src)
        and p not in scene.turn.sources()
        and not position.board[side][p]
    ]
    click(app, spot_centre(scene, side, unreachable[0]))
    assert scene.message == reasons.NOT_THERE and scene.selected is None
