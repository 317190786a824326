"""Set up a position (Route.EDITOR): men placed by clicks and drags on any game's board,
every position read by the rules engine (a refusal shown, the actions disabled), a
Position ID typed, Play it out at exactly that position, a rollout with progress and
Stop beside the window, the menu's way in, and every pinned window size drawn whole."""

from __future__ import annotations

import time
from dataclasses import replace

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scene_kit import Below, FakeBoard, click, open_app, reset_app, resize  # tests/ui on the path

from game.play.session import GameSetup
from game.play.table import Table
from game.rules.serial import state_from_json, state_to_json
from game.rules.variants import VARIANTS
from game.study.rollout import summarise
from game.ui.routes import EditorStart, Route
from game.ui.scenes.editor import EditorScene
from game.ui.scenes.menu import MenuScene

SIZES = ((800, 500), (1280, 800), (3840, 2160), (1000, 1200))  # test_layout_pinned's


@pytest.fixture(scope="module")
def started_app(tmp_path_factory):
    yield from open_app(tmp_path_factory)


@pytest.fixture
def app(started_app):
    app = reset_app(started_app)
    yield app
    for scene in app.stack.scenes:
        if isinstance(scene, EditorScene):
            scene.end_job()
    resize(app, (1280, 800))


@pytest.fixture
def fake_board(monkeypatch):
    from game.ui import router

    FakeBoard.payloads = []
    board = router.SCENES[Route.BOARD]
    monkeypatch.setitem(router.SCENES, Route.BOARD, replace(board, scene=FakeBoard))
    return FakeBoard


def editor(app, variant_id: str = "backgammon", state=None) -> EditorScene:
    app.push(Below(app))
    app.go(Route.EDITOR, EditorStart(variant_id, state))
    scene = app.stack.top
    assert isinstance(scene, EditorScene)
    frame(app, scene)
    return scene


def frame(app, scene) -> None:
    scene.update(0.05)
    scene.draw(app.screen)


def centre(scene: EditorScene, key) -> tuple[int, int]:
    """A point inside the spot ``key`` (its first man's place)."""
    spot = scene.view.layout.spots[key]
    return round(spot.base[0]), round(spot.base[1])


def cell_of(scene: EditorScene, side: int, pos: int):
    return ("cell", scene.edit.variant.cell(side, pos))


def drag(app, start, end) -> None:
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for at in (mid, end):
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))


def test_the_menu_opens_the_editor_from_study_in_practices_slot(app):
    for size in SIZES:
        resize(app, size)
        while app.stack.scenes:
            app.stack.scenes.pop().on_exit()
        menu = MenuScene(app)
        app.push(menu)
        study = menu.study_button
        practice = next(b for b in menu.buttons if b.label == "Practice")
        others = [b.rect for b in menu.buttons if b is not study]
        assert study.rect.y == practice.rect.y and study.rect.left > practice.rect.right
        assert study.rect.collidelist(others) == -1
        assert app.screen.get_rect().contains(study.rect)
        # Practice and Study share one slot of the column: together as wide as the others
        # (as Records and Drills share theirs).
        records = next(b for b in menu.buttons if b.label == "Records")
        shared = (study, practice, records, menu.drills_button)
        column = [b.rect for b in menu.buttons if b not in shared]
        assert len({r.x for r in column}) == 1 and len({r.width for r in column}) == 1
        assert practice.rect.left == column[0].left and study.rect.right == column[0].right
    resize(app, (1280, 800))
    while app.stack.scenes:
        app.stack.scenes.pop().on_exit()
    menu = MenuScene(app)
    app.push(menu)
    click(app, menu.study_button.rect.center)
    assert isinstance(app.stack.top, EditorScene)


def test_left_click_puts_right_click_takes_off_and_a_drag_moves(app):
    scene = editor(app, "backgammon")
    edit = scene.edit
    six = cell_of(scene, 0, 19)  # side 0's 6-point: five men
    click(app, centre(scene, six), button=3)
    assert edit.board[0][19] == 4 and edit.off(0) == 1
    five = cell_of(scene, 0, 20)
    click(app, centre(scene, five))  # the side chosen is side 0
    assert edit.board[0][20] == 1 and edit.off(0) == 0
    click(app, centre(scene, five))  # no man left to put: the reason is said
    assert edit.board[0][20] == 1 and "All 15 men" in scene.note
    drag(app, centre(scene, five), centre(scene, cell_of(scene, 0, 22)))
    assert edit.board[0][20] == 0 and edit.board[0][22] == 1
    state, _ = edit.check()
    assert scene.state == state is not None
    # A man dragged off the board is taken off; one dragged from the tray is put on.
    drag(app, centre(scene, cell_of(scene, 0, 22)), (5, 5))
    assert edit.board[0][22] == 0 and edit.off(0) == 1
    drag(app, centre(scene, ("off", 0)), centre(scene, cell_of(scene, 0, 23)))
    assert edit.board[0][23] == 1 and edit.off(0) == 0
    frame(app, scene)


def test_an_impossible_position_shows_the_engines_reason_and_disables_the_actions(app):
    scene = editor(app, "portes")
    drag(app, centre(scene, cell_of(scene, 0, 1)), centre(scene, cell_of(scene, 0, 24)))
    assert scene.state is None
    words, refused = scene.status()
    assert refused and "White and Black share a point" in words  # the sides' colours
    assert not scene.hint_button.enabled and not scene.play_button.enabled
    assert not scene.roll_button.enabled
    click(app, scene.play_button.rect.center)
    assert isinstance(app.stack.top, EditorScene)  # nothing started
    frame(app, scene)


def test_a_position_id_typed_in_round_trips(app):
    scene = editor(app, "backgammon")
    app.stack.top.focus.focus(scene.id_field)
    for ch in "sGfwATDgc/ABMA:cIkKAAAAAAAE":
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=0, mod=0, unicode=ch))
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert scene.state is not None
    state_json = state_to_json(scene.state)
    assert state_json["position_id"] == "sGfwATDgc/ABMA"
    assert state_json["match_id"] == "cIkKAAAAAAAE"
    assert "sGfwATDgc/ABMA" in scene.status()[0]
    assert scene.id_field.text == "sGfwATDgc/ABMA:cIkKAAAAAAAE"  # what was typed stays
    frame(app, scene)


def test_play_it_out_starts_a_board_at_exactly_that_position(app, fake_board):
    scene = editor(app, "plakoto")
    drag(app, centre(scene, cell_of(scene, 1, 1)), centre(scene, cell_of(scene, 1, 8)))
    scene.choose_dice((5, 3))
    state = scene.state
    assert state is not None and state.dice == (5, 3)
    scene.choose_level("expert")
    click(app, scene.play_button.rect.center)
    [setup] = fake_board.payloads
    assert isinstance(setup, GameSetup) and setup.mode == "practice"
    assert state_from_json(setup.first) == state
    seats = setup.seats
    assert seats[state.on_roll].human and seats[1 - state.on_roll].level == "expert"
    assert Table(setup).game.state == state  # the board's first state is the one set up


def test_hint_is_the_practice_tables_card_in_its_strip(app):
    """The hint is the board's hint card (its first look at once, the expert's deeper
    ranking from the job), in the strip the board keeps for it, the board laid out
    beside it; a row shows its play on the board, Play it sets up the position after
    it, Close closes it."""
    from game.rules import match as m
    from game.ui.hints import HintCard

    scene = editor(app, "backgammon")
    scene.choose_dice((3, 1))
    assert scene.hint_button.enabled
    click(app, scene.hint_button.rect.center)
    card = scene.hint_card
    assert isinstance(card, HintCard) and card.texts()[0][1] == "8/5 6/5"
    assert not card.deep and card.placed
    assert scene.view.layout.room is not None  # the board beside the card's strip
    assert not card.rect.colliderect(pygame.Rect(scene.view.layout.frame))
    assert scene.board_rect().contains(card.rect)
    deadline = time.monotonic() + 60
    while not card.deep and time.monotonic() < deadline:
        frame(app, scene)
        time.sleep(0.05)
    assert card.deep and card.texts()[0][1] == "8/5 6/5"
    frame(app, scene)
    click(app, card.rows[1].center)
    assert card.chosen == 1
    frame(app, scene)
    before = scene.state
    chosen = card.chosen_play
    click(app, card.buttons["apply"].center)
    assert scene.hint_card is None and scene.view.layout.room is None
    assert scene.state is not None and scene.state.position == m.play(before, chosen).position
    # Another position: the card of this one goes (a match chosen, another game).
    scene.choose_dice((3, 1))
    click(app, scene.hint_button.rect.center)
    assert scene.hint_card is not None
    scene.match_choice.step(1)
    assert scene.hint_card is None and scene.job is None
    click(app, scene.hint_button.rect.center)
    click(app, scene.hint_card.buttons["close"].center)
    assert scene.hint_card is None


def test_a_rollout_beside_the_window_shows_progress_and_stops(app):
    scene = editor(app, "backgammon")
    scene.choose_games(3000)
    click(app, scene.roll_button.rect.center)
    job = scene.job
    assert job is not None and scene.stop_button.enabled
    deadline = time.monotonic() + 60
    while job.done == 0 and time.monotonic() < deadline:
        frame(app, scene)
        time.sleep(0.05)
    assert job.done > 0 and "Rolling out:" in scene.answer_lines()[0][0]
    click(app, scene.stop_button.rect.center)
    while scene.job is not None and time.monotonic() < deadline:
        frame(app, scene)
        time.sleep(0.05)
    answer = scene.rollout
    assert answer is not None and answer["stopped"] and 0 < answer["games"] < 3000
    assert any("of 3000, stopped" in text for text, _ in scene.answer_lines())
    frame(app, scene)


@pytest.mark.parametrize("size", SIZES)
def test_the_editor_draws_whole_at_every_pinned_size(app, cut, size):
    resize(app, size)
    for variant_id in ("backgammon", "plakoto", "el_mundo", "duodecim", "tabula"):
        while app.stack.scenes:
            app.stack.scenes.pop().on_exit()
        scene = editor(app, variant_id)
        if variant_id == "backgammon":
            scene.choose_match(7)
            scene.choose_cube((64, 1))
            scene.choose_dice((6, 6))
            scene.ask_hint()
            scene.end_job()
            frame(app, scene)
        # A rollout's words for every kind of win the game has (the games' own kinds).
        scene.close_hint()
        scene.rollout = summarise(scene.state, [], 3000, 1).to_json()
        frame(app, scene)
        screen = app.screen.get_rect()
        shown = [w for w in scene.widgets() if w.visible and w is not scene.stop_button]
        for n, widget in enumerate(shown):
            assert screen.contains(widget.rect), (variant_id, widget)
            others = [o.rect for o in shown[n + 1 :]]
            assert widget.rect.collidelist(others) == -1, (variant_id, widget)
        assert scene.answer_top < scene.answer_bottom < scene.back_button.rect.top
    assert cut == []


CLICKS = st.lists(
    st.tuples(
        st.sampled_from(("left", "right", "drag", "side", "turn", "dice")),
        st.integers(0, 1279),
        st.integers(0, 799),
        st.integers(0, 1279),
        st.integers(0, 799),
    ),
    max_size=25,
)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(variant_id=st.sampled_from(sorted(VARIANTS)), clicks=CLICKS)
def test_any_clicks_leave_a_position_the_engine_reads_or_its_reason_shown(app, variant_id, clicks):
    while app.stack.scenes:
        app.stack.scenes.pop().on_exit()
    scene = editor(app, variant_id)
    for kind, x, y, x2, y2 in clicks:
        if kind == "left":
            click(app, (x, y))
        elif kind == "right":
            click(app, (x, y), button=3)
        elif kind == "drag":
            drag(app, (x, y), (x2, y2))
        elif kind == "side":
            scene.side_choice.step(1)
        elif kind == "turn":
            scene.turn_choice.step(1)
        else:
            scene.dice_choice.step(x % 7)
        if not isinstance(app.stack.top, EditorScene):
            return  # a click reached Play it out or Esc: the editor was left
        edit = scene.edit
        for side in range(edit.players):
            assert 0 <= edit.placed(side) <= edit.variant.men
        state, reason = edit.check()
        assert scene.state == state
        if state is None:
            words, refused = scene.status()
            assert refused and scene.named(reason) in words
    scene.end_job()
    frame(app, scene)


def test_a_rollouts_words_name_the_cube_only_where_the_game_has_one():
    from game.ui.editor_panel import rollout_lines

    answer = {
        "games": 10,
        "asked": 10,
        "stopped": False,
        "sides": [
            {"side": 0, "mean": 0.5, "ci95": [0.25, 0.75], "win": 0.7, "gammon": 0.1},
            {"side": 1, "mean": -0.5, "ci95": [-0.75, -0.25], "win": 0.3, "gammon": 0.0},
        ],
    }
    plain = rollout_lines(answer, ["White", "Black"])
    assert plain[0] == "White: +0.500  (95%: +0.250 to +0.750)"
    assert plain[1] == "wins 70.0%  ·  gammon 10.0%"
    assert plain[-1] == "10 games; in points a game"
    assert rollout_lines(answer, ["White", "Black"], cube=True)[-1].endswith("at a cube of 1")


def test_paste_reads_gnu_backgammons_words_and_a_bad_clipboard_changes_nothing(app, monkeypatch):
    from game.ui.scenes import editor as editor_module

    scene = editor(app, "backgammon")
    monkeypatch.setattr(
        editor_module,
        "clipboard_text",
        lambda: "Position ID: sGfwATDgc/ABMA Match ID: cIkKAAAAAAAE",
    )
    click(app, scene.paste_button.rect.center)
    assert scene.state is not None
    assert state_to_json(scene.state)["position_id"] == "sGfwATDgc/ABMA"
    assert scene.dice_choice.value == (5, 2)  # the Match ID's dice, shown in the panel
    before = scene.edit.to_json()
    monkeypatch.setattr(editor_module, "clipboard_text", lambda: "hello there")
    click(app, scene.paste_button.rect.center)
    assert scene.edit.to_json() == before and scene.note.startswith("That ID was not read")
    monkeypatch.setattr(editor_module, "clipboard_text", lambda: "")
    click(app, scene.paste_button.rect.center)
    assert scene.edit.to_json() == before and "clipboard" in scene.note


def test_leaving_the_editor_ends_its_job_and_leaves_nothing_running(app):
    from game.study import jobs

    scene = editor(app, "backgammon")
    scene.choose_games(3000)
    click(app, scene.roll_button.rect.center)
    process = scene.job.process
    assert process is not None and process.is_alive()
    app.pop()
    assert scene.job is None
    process.join(30)
    assert not process.is_alive() and process not in jobs.running()


def test_play_it_out_begins_at_once_with_the_dice_set_and_asks_the_throw_without(
    app, fake_board
):
    """Dice set: the game opens at the position set up, no throw card first. To roll:
    the throw card seals the dice, then the set-up position begins with its side to roll."""
    from game.play import events as ev
    from game.ui.dice_seal import asks_throw

    scene = editor(app, "backgammon")
    scene.choose_dice((6, 5))
    state = scene.state
    click(app, scene.play_button.rect.center)
    setup = fake_board.payloads[-1]
    assert not asks_throw(setup, 2) and "at once" in scene.play_button.help
    table = Table(setup, ask_throw=asks_throw(setup, 2))
    table.begin()
    told = table.poll()
    assert not any(isinstance(e, ev.ThrowAsked) for e in told)
    assert table.game.state == state and table.game.state.dice == (6, 5)
    # To roll: the card first, then this position, its side to roll.
    app.pop()
    scene = editor(app, "backgammon")
    scene.choose_turn(1)
    state = scene.state
    assert "throw card" in scene.play_button.help
    click(app, scene.play_button.rect.center)
    setup = fake_board.payloads[-1]
    table = Table(setup, ask_throw=asks_throw(setup, 2))
    table.begin()
    assert any(isinstance(e, ev.ThrowAsked) for e in table.poll())
    table.throw_in("t=1")
    assert table.game.state.position == state.position and table.game.state.on_roll == 1


def test_a_double_to_answer_is_set_and_a_throw_with_it_is_refused(app):
    scene = editor(app, "backgammon")
    assert scene.waiting_choice.visible
    scene.waiting_choice.step(1)
    assert scene.edit.waiting == "double"
    state = scene.state
    assert state is not None and state.phase.value == "take"
    assert "doubled" in scene.status()[0] and "take or pass" in scene.status()[0]
    scene.choose_dice((3, 1))
    words, refused = scene.status()
    assert scene.state is None and refused and "before the throw" in words
    frame(app, scene)
    plakoto = editor(app, "plakoto")
    assert not plakoto.waiting_choice.visible


def test_the_hint_cards_keys_work_in_the_editor(app):
    """The card says "1-5 or a click: show · Enter: play · H: close": so it is here."""
    from game.rules import match as m

    scene = editor(app, "backgammon")
    scene.choose_dice((3, 1))
    click(app, scene.hint_button.rect.center)
    card = scene.hint_card
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0, unicode="2"))
    assert card.chosen == 1
    before, chosen = scene.state, card.chosen_play
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert scene.hint_card is None
    assert scene.state.position == m.play(before, chosen).position
    scene.choose_dice((6, 6))
    click(app, scene.hint_button.rect.center)
    assert scene.hint_card is not None
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    assert scene.hint_card is None and scene.view.layout.room is None


def test_acey_deuceys_turn_after_the_1_2_is_said_and_asks_no_dice_for_a_hint(app):
    scene = editor(app, "acey_deucey")
    assert scene.edit.waitings() == ["", "name", "named", "again"]
    scene.waiting_choice.step(1)
    words, refused = scene.status()
    assert not refused and "to name a double after the 1-2" in words
    assert "Set the dice" not in words
    scene.choose_dice((4, 4))
    assert scene.state is None and "before any dice" in scene.status()[0]
    scene.waiting_choice.step(1)  # the named double, played
    assert scene.state is not None and scene.state.again and scene.state.dice == (4, 4)
    frame(app, scene)
