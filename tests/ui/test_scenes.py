"""The menu scenes driven headless: each enters and draws at two sizes, the keyboard reaches
every button, and each hands the right thing on (settings, setups, pause choices, results)."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from scene_kit import (  # tests/ui is on the path (rootdir-less import)
    SCENES,
    Below,
    FakeBoard,
    click,
    enter,
    open_app,
    press,
    reset_app,
    resize,
    summary,
    until_shown,
)

from game.play.session import GameSetup, PauseChoice, Seat
from game.rules.outcome import Kind, Outcome, Termination
from game.rules.variants import VARIANTS, find_variant
from game.ui.routes import NextGame, Route
from game.ui.widgets import (
    Button,
    Choice,
    FocusList,
    Segmented,
    Slider,
    TextBlock,
    Toggle,
    get_font,
)


@pytest.fixture(scope="module")
def started_app(tmp_path_factory):
    yield from open_app(tmp_path_factory)


@pytest.fixture
def app(started_app):
    return reset_app(started_app)


@pytest.fixture
def fake_board(monkeypatch):
    """The router sends Route.BOARD to a FakeBoard (with the board's payload types)."""
    from game.ui import router

    FakeBoard.payloads = []
    board = router.SCENES[Route.BOARD]
    monkeypatch.setitem(router.SCENES, Route.BOARD, replace(board, scene=FakeBoard))
    return FakeBoard


def colours_in(surface, step=23):
    w, h = surface.get_size()
    return {tuple(surface.get_at((x, y)))[:3] for x in range(0, w, step) for y in range(0, h, step)}


@pytest.mark.parametrize("name", SCENES)
def test_each_scene_draws_a_frame_at_both_sizes(app, name):
    scene, _ = enter(app, name)
    until_shown(app, scene)
    for size in ((1280, 800), (800, 500)):
        resize(app, size)
        for _ in range(3):
            app.step(1 / 60)
        assert app.screen.get_size() == size
        assert scene.size == size
        assert len(colours_in(app.screen)) > 40  # a real picture, not a blank fill
        # Every focusable widget lies inside the window.
        for widget in scene.focus.widgets:
            if widget.visible and widget.can_focus:
                assert app.screen.get_rect().contains(widget.rect), widget


@pytest.mark.parametrize("name", SCENES)
def test_the_keyboard_reaches_every_button(app, name):
    scene, _ = enter(app, name)
    buttons = [w for w in scene.focus.widgets if isinstance(w, Button) and w.enabled]
    assert buttons
    reached = set()
    for _ in range(len(scene.focus.widgets) + 2):
        reached.add(id(scene.focus.focused))
        press(app, pygame.K_TAB)
    assert all(id(b) in reached for b in buttons)


def test_locked_levels_are_skipped_and_explain_why(app):
    scene, _ = enter(app, "campaign")
    items = list(scene.items.values())
    assert items[0].enabled and scene.focus.focused is items[0]
    locked = items[1]
    assert not locked.enabled and "The twelve lines" in locked.note
    for _ in range(20):
        press(app, pygame.K_DOWN)
        assert scene.focus.focused.enabled


@pytest.mark.parametrize(
    ("presses", "expected", "payload"),
    [
        (0, "SetupScene", "local"),
        (1, "CampaignScene", None),
        (2, "SetupScene", "practice"),
        (3, "RecordsScene", None),
        (4, "RulesScene", None),
        (5, "SettingsScene", None),
        (6, "EditorScene", None),  # Study: beside Practice, last but Quit for the keys
    ],
)
def test_menu_buttons_open_their_scenes(app, presses, expected, payload):
    enter(app, "menu")
    for _ in range(presses):
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    top = app.stack.top
    assert type(top).__name__ == expected
    if expected == "SetupScene":
        assert top.mode == payload
    if expected == "RulesScene":
        assert top.choose


def test_menu_quit_and_escape(app):
    scene, _ = enter(app, "menu")
    press(app, pygame.K_ESCAPE)  # first Esc: the focus goes to Quit
    assert app.running and scene.focus.focused.label == "Quit"
    press(app, pygame.K_ESCAPE)
    assert not app.running


def test_buttons_click_with_the_mouse_and_sound(app, monkeypatch):
    sounds = []
    monkeypatch.setattr(app.audio, "play", lambda name: sounds.append(name))
    scene, _ = enter(app, "menu")
    practice = next(b for b in scene.buttons if b.label == "Practice")
    app.handle(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=practice.rect.center, rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    assert practice.hovered and scene.focus.focused is practice
    click(app, practice.rect.center)
    assert type(app.stack.top).__name__ == "SetupScene" and app.stack.top.mode == "practice"
    assert sounds == ["click"]


# -- settings ------------------------------------------------------------------------------


def test_settings_changes_go_through_update_settings(app, monkeypatch):
    calls = []
    original = app.update_settings

    def spy(**changes):
        calls.append(changes)
        original(**changes)

    monkeypatch.setattr(app, "update_settings", spy)
    toggles = []
    monkeypatch.setattr(app, "toggle_fullscreen", lambda: toggles.append(True))
    scene, _ = enter(app, "settings")
    assert scene.focus.focused is scene.language  # first: found whatever language is shown
    press(app, pygame.K_DOWN)
    assert scene.focus.focused is scene.fullscreen
    press(app, pygame.K_RETURN)  # full screen
    assert toggles == [True]
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RIGHT)  # animation: normal -> fast
    press(app, pygame.K_DOWN)
    press(app, pygame.K_LEFT)  # volume 0.7 -> 0.65
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)  # mute (the fixture starts muted: now sound on)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RIGHT)  # palette: era -> classic
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RIGHT)  # end the turn when the dice are used
    assert calls == [
        {"animation": "fast"},
        {"volume": 0.65},
        {"muted": False},
        {"palette": "classic"},
        {"end_turn_at_once": True},
    ]
    s = app.settings
    assert (s.animation, s.volume, s.muted, s.palette, s.end_turn_at_once) == (
        "fast",
        0.65,
        False,
        "classic",
        True,
    )
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, Below)


def test_settings_volume_slider_drags(app):
    scene, _ = enter(app, "settings")
    track = scene.volume.track()
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=track.midleft, button=1))
    app.handle(
        pygame.event.Event(
            pygame.MOUSEMOTION,
            pos=(track.x + track.w // 4, track.centery),
            rel=(0, 0),
            buttons=(1, 0, 0),
        )
    )
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=track.midleft, button=1))
    assert app.settings.volume == pytest.approx(0.25)


# -- setup ---------------------------------------------------------------------------------


def setup_scene(app, mode="local"):
    from game.ui.scenes.setup import SetupScene

    scene = SetupScene(app)
    app.push(scene, mode)
    return scene


def test_setup_defaults_to_backgammon_against_the_computer(app):
    scene = setup_scene(app)
    assert scene.build_setup() == GameSetup(
        "backgammon", {}, (Seat(), Seat(human=False, level="novice")), None, "local", False
    )


def test_setup_for_el_mundo_has_four_seats(app):
    scene = setup_scene(app)
    ids = list(VARIANTS)
    for _ in range(ids.index("el_mundo")):
        press(app, pygame.K_DOWN)  # moving through the list shows each variant
    assert scene.variant_id == "el_mundo"
    setup = scene.build_setup()
    assert setup.variant_id == "el_mundo" and len(setup.seats) == 4
    assert setup.seats[0].human and not any(s.human for s in setup.seats[1:])
    # Seat 3 becomes a person through its switch.
    who = scene.seat_rows[2][1]
    who.set("person")
    assert scene.build_setup().seats[2] == Seat(human=True, level="novice")
    assert not scene.seat_rows[2][2].visible  # no level for a person


def test_setup_builds_a_changed_option(app):
    scene = setup_scene(app)
    match_length = scene.option_widgets[0]
    assert match_length.label == "Match length"
    assert match_length.fmt(0) == "Money game" and match_length.fmt(5) == "Match to 5 points"
    scene.focus.focus(match_length)
    for _ in range(3):
        press(app, pygame.K_RIGHT)
    assert match_length.fmt(match_length.value) == "Match to 3 points"
    scene.select("quinze_tablas")
    free_entry = next(w for w in scene.option_widgets if w.label == "Free entry")
    assert isinstance(free_entry, Toggle)
    free_entry.activate()
    # A setup names every option, the changed one as chosen.
    chosen = scene.build_setup().options
    assert chosen == {**find_variant("quinze_tablas").options, "free_entry": True}
    scene.select("backgammon")  # each variant keeps its own choices
    assert scene.build_setup().options == {**find_variant("backgammon").options, "match_length": 3}


def test_setup_practice_seats_the_player_against_computers(app):
    scene = setup_scene(app, "practice")
    scene.select("el_mundo")
    setup = scene.build_setup()
    assert setup.mode == "practice" and setup.hints
    assert setup.seats[0] == Seat() and all(not s.human for s in setup.seats[1:])
    assert all(who is None for _, who, _ in scene.seat_rows)  # nothing to switch


def test_setup_levels_not_yet_available_are_refused(app, monkeypatch):
    from game.ai import players

    # A variant without shipped weights (whichever have them by now): novice only.
    monkeypatch.setattr(players, "network_for", lambda variant_id: None)
    scene = setup_scene(app)
    scene.select("lombardorum")
    level = scene.seat_rows[1][2]
    assert isinstance(level, Segmented) and level.visible
    assert not level.set("expert")
    assert level.value == "novice"
    assert "has no trained opponent yet" in level.note
    assert "stronger levels arrive" in scene.level_note()
    app.draw()
    practice = setup_scene(app, "practice")
    practice.select("lombardorum")
    assert "no hints" in practice.level_note()


def test_setup_offers_the_trained_levels_where_a_network_exists(app):
    from game.ai.players import has_levels

    scene = setup_scene(app)
    scene.select("backgammon")
    level = scene.seat_rows[1][2]
    assert level.set("expert") == has_levels("backgammon")


def test_setup_start_replaces_it_with_the_board(app, fake_board):
    scene = setup_scene(app)
    scene.select("lombardorum")
    expected = scene.build_setup()
    scene.focus.focus(scene.start_button)
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, FakeBoard)
    assert fake_board.payloads == [expected]


def test_setup_scrolls_the_history_with_page_keys(app):
    scene = setup_scene(app)
    for _ in range(3):
        app.step(1 / 60)
    press(app, pygame.K_PAGEDOWN)
    assert scene.history.target > 0


# -- pause -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("label", "presses", "choice"),
    [
        ("Resume", 1, PauseChoice.RESUME),
        ("Concede", 2, PauseChoice.CONCEDE),
        ("Quit to menu", 1, PauseChoice.MENU),
    ],
)
def test_pause_pops_the_choice(app, label, presses, choice):
    scene, below = enter(app, "pause")
    assert not scene.opaque and below in app.stack.visible()
    button = next(b for b in scene.buttons if b.label == label)
    scene.focus.focus(button)
    for _ in range(presses):
        assert below.results == []
        press(app, pygame.K_RETURN)
    assert below.results == [choice]


def test_pause_escape_resumes_and_concede_asks_twice(app):
    scene, below = enter(app, "pause")
    scene.focus.focus(scene.concede_button)
    press(app, pygame.K_RETURN)
    assert scene.confirming and below.results == []
    press(app, pygame.K_UP)  # looking away cancels the question
    assert not scene.confirming and scene.concede_button.label == "Concede"
    press(app, pygame.K_ESCAPE)
    assert below.results == [PauseChoice.RESUME]


def test_pause_opens_rules_and_settings(app):
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.settings import SettingsScene

    scene, _ = enter(app, "pause")
    scene.focus.focus(scene.rules_button)
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, RulesScene)
    assert app.stack.top.variant_id == "backgammon" and not app.stack.top.choose
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    scene.focus.focus(scene.settings_button)
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, SettingsScene)


# -- results -----------------------------------------------------------------------------------


def test_results_show_a_tie(app):
    from game.ui.scenes.results import headline, how_words

    scene, _ = enter(app, "results_tie")
    assert headline(scene.summary) == "A tie"
    assert how_words(scene.summary) == "Neither side could ever move again."
    assert scene.leaves == []  # no celebration
    assert [b.label for b in scene.buttons] == ["Play again", "Menu"]


def test_results_show_a_win_and_go_on_with_the_match(app, fake_board):
    from game.ui.scenes.results import headline, points_words

    scene, _ = enter(app, "results_win")
    assert headline(scene.summary) == "Ivory wins a gammon"
    assert points_words(scene.summary) == "2 points  ·  Match to 5: Ivory 3, Crimson 1"
    assert scene.leaves  # gold leaf falls for the winner
    assert [b.label for b in scene.buttons] == ["Play again", "Next game", "Menu"]
    assert scene.focus.focused.label == "Next game"
    press(app, pygame.K_RETURN)
    assert fake_board.payloads == [NextGame(scene.summary.setup, scene.summary.state)]


def test_gold_leaf_falls_only_when_a_person_won_or_only_computers_played(app):
    """Every seating of a two-sided game and both winners: the leaf falls when the winner
    is a person, or nobody at the table is; never for the people's loss."""
    from game.ui.scenes.results import ResultsScene, celebrates

    base = summary("win")
    for people in ((True, True), (True, False), (False, True), (False, False)):
        seats = tuple(Seat(human=h) for h in people)
        for winner in (0, 1):
            result = replace(base.state.result, winner=winner)
            ended = replace(
                base,
                setup=replace(base.setup, seats=seats),
                state=replace(base.state, result=result),
            )
            wanted = people[winner] or not any(people)
            assert celebrates(ended) == wanted, (people, winner)
            scene = ResultsScene(app)
            app.push(scene, ended)
            assert bool(scene.leaves) == wanted
            app.pop()
    scene, _ = enter(app, "results_mundo")  # a computer won El Mundo, the person lost
    assert scene.leaves == []


def test_results_play_again_uses_a_fresh_seed(app, fake_board):
    scene, _ = enter(app, "results_win")
    scene.play_again_button.activate()
    (payload,) = fake_board.payloads
    assert payload == replace(scene.summary.setup, seed=None)


def test_results_play_again_asks_for_a_new_throw_too(app, fake_board):
    # A game given a seed and a contribution: the next one has neither (new sealed dice,
    # and the player's new throw mixed into them).
    scene, _ = enter(app, "results_win")
    setup = replace(scene.summary.setup, seed=5, contribution="t=7 old")
    scene.summary = replace(scene.summary, setup=setup)
    scene.play_again_button.activate()
    (payload,) = fake_board.payloads
    assert payload.seed is None and payload.contribution == ""


def test_results_name_el_mundo_places_and_menu_goes_home(app):
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.results import headline, places_words

    scene, _ = enter(app, "results_mundo")
    assert headline(scene.summary) == "Black wins"
    assert (
        places_words(scene.summary) == "First Black  ·  Second Green  ·  Third White  ·  Fourth Red"
    )
    for _ in range(200):
        scene.update(1 / 30)
    assert scene.leaves == []  # the celebration ends
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene) and len(app.stack.scenes) == 1


def test_results_words_for_a_concession():
    from game.ui.scenes.results import how_words

    s = summary("win")
    state = replace(s.state, result=Outcome(0, Kind.SINGLE, 1, Termination.CONCEDED))
    assert how_words(replace(s, state=state)) == "Crimson conceded the game."


# -- rules -------------------------------------------------------------------------------------


def test_rules_list_chooses_a_variant_and_the_text_scrolls(app):
    scene, _ = enter(app, "rules")
    first = next(iter(VARIANTS))
    assert scene.variant_id == first and scene.items[first].selected
    press(app, pygame.K_DOWN)
    second = list(VARIANTS)[1]
    assert scene.variant_id == second
    assert scene.text.paragraphs[0] == ("title", scene.text.paragraphs[0][1])
    press(app, pygame.K_PAGEDOWN)
    assert scene.text.target > 0
    press(app, pygame.K_END)
    assert scene.text.target == scene.text.max_scroll
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    assert scene.text.target < scene.text.max_scroll
    press(app, pygame.K_HOME)
    for _ in range(60):
        scene.update(1 / 60)
    assert scene.text.scroll == 0


def test_rules_of_one_variant_name_its_sources(app):
    scene, _ = enter(app, "rules_one")
    assert not scene.items and scene.focus.focused is scene.text
    kinds = [kind for kind, _ in scene.text.paragraphs]
    assert "heading" in kinds and "source" in kinds
    assert any("Murray" in text for kind, text in scene.text.paragraphs if kind == "source")
    press(app, pygame.K_DOWN)  # Up/Down scroll the text while there is more
    assert scene.text.target > 0


# -- widgets -------------------------------------------------------------------------------------


def test_text_block_wraps_within_its_width(app):
    block = TextBlock(
        [
            ("title", "A title"),
            ("lead", "Lorem ipsum dolor sit amet " * 40),
            ("body", "word " * 300),
        ]
    )
    block.place(pygame.Rect(0, 0, 300, 200), 1.0)
    assert block.content_height > 200 and block.max_scroll > 0
    for line in block.lines:
        width = get_font(line.role, line.size).size(line.text)[0]
        assert line.x + width <= block.text_width
    assert block.lines[1].initial == "L" and block.lines[1].x > 0  # a decorated initial
    surface = pygame.Surface((400, 300))
    block.draw(surface)


def test_focus_list_skips_disabled_and_hidden_widgets():
    a, b, c = Button("A"), Button("B", enabled=False), Button("C")
    d = Button("D")
    d.visible = False
    focus = FocusList([a, b, c, d])
    assert focus.focused is a
    focus.move(1)
    assert focus.focused is c
    focus.move(1)
    assert focus.focused is a  # wraps round


def test_choice_slider_and_segmented_values():
    seen = []
    choice = Choice("Dice", (2, 3), 2, seen.append)
    choice.handle_key(pygame.K_RIGHT)
    choice.handle_key(pygame.K_RIGHT)
    assert seen == [3, 2]
    slider = Slider("Volume", 0.52, seen.append, step=0.05)
    assert slider.value == 0.5
    slider.handle_key(pygame.K_END)
    assert slider.value == 1.0 and seen[-1] == 1.0
    segmented = Segmented(("a", "b", "c"), "a", seen.append, allowed=lambda v: v != "b")
    segmented.handle_key(pygame.K_RIGHT)
    assert segmented.value == "c"  # "b" is skipped


def test_backdrop_is_cached_per_size(app):
    from game.ui.backdrop import backdrop

    assert backdrop((320, 200)) is backdrop((320, 200))
    assert backdrop((320, 200)).get_size() == (320, 200)


def test_the_focused_button_is_drawn_lit(app):
    scene, _ = enter(app, "menu")
    practice = next(b for b in scene.buttons if b.label == "Practice")

    def pixels():
        for _ in range(30):
            app.step(1 / 60)
        area = practice.rect.inflate(8, 8)
        return [tuple(app.screen.get_at((x, area.centery))) for x in range(area.x, area.right)]

    before = pixels()
    scene.focus.focus(practice)
    after = pixels()
    assert before != after
    # Lit: brighter on average.
    assert sum(map(sum, after)) > sum(map(sum, before))


def test_coming_back_into_the_variant_list_keeps_the_chosen_variant(app):
    scene = setup_scene(app)
    scene.select("quinze_tablas")
    scene.focus.focus(scene.back_button)
    for _ in range(len(scene.focus.widgets)):
        press(app, pygame.K_TAB)
        if isinstance(scene.focus.focused, Button) and scene.focus.focused.kind == "item":
            break
    assert scene.focus.focused is scene.items["quinze_tablas"]
    assert scene.variant_id == "quinze_tablas"
