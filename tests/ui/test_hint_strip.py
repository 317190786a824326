"""The hint card hides nothing the player needs (issue 45): at every window size the
layout tests pin, and a portrait one, for every variant's board, the card's rectangle
meets none of the points, the men's places (bars, trays, hands), the names and pip
counts, the dice, the buttons and the message. The board makes room for the card: it
is laid out beside (or above) a strip kept for it while it is open, and has the whole
window again when it closes."""

from __future__ import annotations

import pygame
import pytest
import stepping  # tests/ui is on the path (rootdir-less import)
from scene_kit import resize
from stepping import press, run_until, step
from test_layout import SIZES as LAYOUT_SIZES
from test_layout_pinned import SIZES as PINNED_SIZES

from game.play.session import GameSetup, Seat
from game.rules.variants import VARIANTS
from game.ui.render import board_view
from game.ui.render.lettering import label_box
from game.ui.theme import side_colours
from tests.small_nets import use_small_networks

SIZES = sorted({*PINNED_SIZES, *LAYOUT_SIZES, (800, 1280)})


@pytest.fixture
def quick_paint(monkeypatch):
    """A plain background in place of the painted one (the geometry is what is tested)."""
    monkeypatch.setattr(
        board_view.BoardView, "_paint", lambda self: pygame.Surface(self.layout.size)
    )


def needed(scene) -> dict[str, pygame.Rect]:
    """Everything on the board the player needs to see, by name."""
    layout = scene.view.layout
    out: dict[str, pygame.Rect] = {}

    def rect(x, y, w, h) -> pygame.Rect:
        return pygame.Rect(round(x), round(y), max(1, round(w)), max(1, round(h)))

    for key, spot in layout.spots.items():  # points, bars, trays, hands: the men's places
        xs = [p[0] for p in spot.shape]
        ys = [p[1] for p in spot.shape]
        out[f"spot {key}"] = rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    out["frame"] = rect(*layout.frame)
    out["dice"] = rect(*layout.dice_area)
    position = scene.resting()
    for side in layout.info:
        name = side_colours(scene.theme, side).name
        out[f"name {side}"] = label_box(layout, side, name, f"{position.pip_count(side)} pips")
    for name, at in scene.buttons.items():
        out[f"button {name}"] = at
    for name, (at, _note) in scene.disabled.items():
        out[f"button {name}"] = at
    if scene.message_box.w:
        out["message"] = scene.message_box
    return out


def assert_clear(scene, size) -> None:
    card = scene.hint_card
    assert card is not None
    card.settle()
    window = pygame.Rect((0, 0), size)
    assert window.contains(card.rect), (size, card.rect)
    hidden = [name for name, at in needed(scene).items() if card.rect.colliderect(at)]
    assert not hidden, f"{scene.variant.id} at {size}: the hint card hides {hidden}"


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_the_hint_card_hides_nothing_the_player_needs(app, monkeypatch, quick_paint, variant_id):
    use_small_networks(monkeypatch)
    players = 4 if variant_id == "el_mundo" else 2
    setup = GameSetup(
        variant_id,
        {},
        (Seat(),) + (Seat(human=False),) * (players - 1),
        seed=11,
        mode="practice",
        hints=True,
    )
    scene = stepping.my_turn(app, setup)
    full = scene.view.layout.frame
    for size in SIZES:
        resize(app, size)
        step(app)
        press(app, pygame.K_h)
        card = scene.hint_card
        assert card is not None
        assert_clear(scene, size)
        if size == (1280, 800):  # the deeper look may widen the card: still clear
            assert run_until(app, lambda c=card: c.deep or c.failed, 60)
            step(app, 2)
            assert_clear(scene, size)
        press(app, pygame.K_h)  # closed: the board has the whole window again
        assert scene.hint_card is None and scene.view.layout.room is None
    resize(app, (1280, 800))
    assert scene.view.layout.frame == full


def test_on_a_real_screen_the_card_shows_once_the_board_has_made_room(
    app, monkeypatch, quick_paint
):
    """Where the board's background is painted in the worker (a window on a screen),
    the board stays as it is meanwhile and the card is not drawn over it; then both
    change together."""
    use_small_networks(monkeypatch)
    scene = stepping.my_turn(app, practice_setup())
    monkeypatch.setattr(type(app), "headless", property(lambda self: False))
    before = scene.view
    release = __import__("threading").Event()
    paint = board_view.BoardView._paint
    monkeypatch.setattr(
        board_view.BoardView, "_paint", lambda self: (release.wait(30), paint(self))[1]
    )
    press(app, pygame.K_h)
    card = scene.hint_card
    assert card is not None and not card.placed  # not drawn over the old board
    assert scene.view is before and scene.next_view is not None
    release.set()
    assert run_until(app, lambda: scene.next_view is None, 30)
    assert scene.view is not before and scene.view.layout.room is not None
    assert card.placed
    assert_clear(scene, app.size)


def practice_setup() -> GameSetup:
    return GameSetup(
        "backgammon", {}, (Seat(), Seat(human=False)), seed=11, mode="practice", hints=True
    )


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_the_tutor_s_card_hides_nothing_the_player_needs(
    app, monkeypatch, quick_paint, variant_id
):
    """The tutor's verdict on a bad play has the same strip: the play it speaks of, the
    men, the names and the rest stay in sight, at every size."""
    from test_hints import judge_as

    use_small_networks(monkeypatch)
    judge_as(monkeypatch, 0.2)
    players = 4 if variant_id == "el_mundo" else 2
    setup = GameSetup(
        variant_id,
        {},
        (Seat(),) + (Seat(human=False),) * (players - 1),
        seed=11,
        mode="practice",
        hints=True,
    )
    scene = stepping.my_turn(app, setup)
    turn = scene.turn
    while turn.complete() is None:
        src = sorted(turn.sources())[0]
        scene.make(next(iter(turn.moves_from(src).values())))
        assert run_until(app, lambda: not scene.busy)
    press(app, pygame.K_SPACE)
    assert run_until(app, lambda: scene.tutor_card is not None, 60)
    step(app)
    for size in SIZES:
        resize(app, size)
        step(app)
        card = scene.tutor_card
        assert card is not None and card.placed
        card.settle()
        window = pygame.Rect((0, 0), size)
        assert window.contains(card.rect), (size, card.rect)
        hidden = [name for name, at in needed(scene).items() if card.rect.colliderect(at)]
        assert not hidden, f"{variant_id} at {size}: the tutor's card hides {hidden}"
    press(app, pygame.K_BACKSPACE)  # taken back: the board has the whole window again
    assert scene.tutor_card is None
    step(app)
    assert scene.view.layout.room is None
