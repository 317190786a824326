"""Things in their places on the board (issue 22): the resignation buttons off the
board, the match score that says whose points are whose, the marks of a double's
moves, El Mundo's stacks and its message clear of the men."""

from __future__ import annotations

import math
from dataclasses import replace

import pygame

from game.play.session import GameSetup, Seat
from game.ui.render import board_hud
from game.ui.scenes.board import BoardScene
from game.ui.theme import side_colours


def board(app, setup) -> BoardScene:
    scene = BoardScene(app)
    app.push(scene, setup)
    return scene


def test_the_match_score_shows_each_sides_points_beside_a_swatch_of_its_men(app):
    setup = GameSetup("backgammon", {"match_length": 5}, seats=(Seat(), Seat()), seed=4)
    scene = board(app, setup)
    app.step(1 / 60)
    scene.game.states[-1] = replace(scene.state, match=replace(scene.state.match, score=(3, 1)))
    places = board_hud.score_places(scene)
    assert [side for side, _, _ in places] == [0, 1]
    fx = scene.view.layout.frame[0]
    surface = pygame.Surface(app.size)
    board_hud.draw_score(surface, scene)
    for side, swatch, label in places:
        assert swatch.right < fx and label.right < fx  # in the side column
        other = places[1 - side][1]
        # Each side's points stand by its own swatch, not the other's.
        assert abs(label.centerx - swatch.centerx) < abs(label.centerx - other.centerx)
        colour = surface.get_at(swatch.center)[:3]
        body = side_colours(scene.theme, side).body
        assert sum(abs(a - b) for a, b in zip(colour, body, strict=True)) < 120, (side, colour)
    money = board(app, GameSetup("backgammon", seats=(Seat(), Seat()), seed=4))
    app.step(1 / 60)
    assert board_hud.score_places(money) == []  # a money game at 0-0 shows no score


def test_a_doubles_moves_are_marked_and_the_made_ones_dimmed():
    """Every double of backgammon from the start: one mark per move the play can make,
    the made ones first and dimmed, one more dimmed per step; none for a plain throw."""
    from types import SimpleNamespace

    from game.play.turn import TurnInput
    from game.rules import match as m
    from game.rules.variants import find_variant
    from game.ui.render.board_marks import move_marks

    variant = find_variant("backgammon", {"cube": False})
    start = m.GameState(variant, variant.start_position(), m.Phase.ROLL)
    for value in range(1, 7):
        state = replace(start, phase=m.Phase.MOVE, dice=(value, value))
        turn = TurnInput(state, m.legal_plays(state))
        scene = SimpleNamespace(turn=turn, state=state, shown_dice=(value, value))
        longest = max(len(play) for play in turn.plays)
        assert move_marks(scene) == [False] * longest
        for made in range(1, longest + 1):
            src = sorted(turn.sources())[0]
            move = next(mv for mv in turn.moves_from(src).values() if len(mv.steps) == 1)
            turn.make(move)
            assert move_marks(scene) == [True] * made + [False] * (longest - made)
    plain = replace(start, phase=m.Phase.MOVE, dice=(6, 4))
    turn = TurnInput(plain, m.legal_plays(plain))
    assert move_marks(SimpleNamespace(turn=turn, state=plain, shown_dice=(6, 4))) == []
    other = SimpleNamespace(turn=turn, state=replace(plain), shown_dice=(4, 4))
    assert move_marks(other) == []  # not the turn of the state shown


def test_the_resignation_buttons_stand_off_the_board_at_every_size(app):
    """Concede in backgammon: Resign single / gammon / backgammon / Cancel go in the
    panel beside the board (on two lines, smaller, where it is narrow), never over its
    points and men, at 1280x800 and other sizes; and each still answers its click."""
    from scene_kit import resize
    from stepping import run_until

    from game.ui.assets import font
    from game.ui.render.board_controls import button_font

    setup = GameSetup("backgammon", seats=(Seat(), Seat()), seed=11)
    scene = board(app, setup)
    assert run_until(app, lambda: scene.human_to_act() and not scene.busy, seconds=30)
    scene.resigning = True
    for size in ((1280, 800), (1024, 768), (1920, 1080), (800, 600), (1000, 1200), (1600, 900)):
        resize(app, size)
        app.step(1 / 60)
        layout = scene.view.layout
        case = pygame.Rect(*(round(v) for v in layout.frame))
        fields = [pygame.Rect(*(round(v) for v in f)) for f in layout.fields]
        buttons = scene.controls.buttons
        assert [b.name for b in buttons] == ["resign1", "resign2", "resign3", "cancel"]
        for i, button in enumerate(buttons):
            rect = button.rect
            assert not rect.colliderect(case), (size, button.name, rect, case)
            assert rect.collidelist(fields) == -1, (size, button.name)
            assert app.screen.get_rect().contains(rect), (size, button.name, rect)
            assert not rect.colliderect(scene.message_box), (size, button.name)
            assert all(not rect.colliderect(b.rect) for b in buttons[i + 1 :]), size
            face = font("caps", button.size) if button.size else button_font(app.scale)
            for line in button.lines:
                assert face.size(line)[0] <= rect.w, (size, line)
            assert len(button.lines) * face.get_linesize() <= rect.h, (size, button.name)
        assert scene.buttons["resign2"] == buttons[1].rect  # a click there resigns a gammon


def el_mundo_layouts():
    from game.rules.variants import find_variant
    from game.ui.render.layout import layout_for

    variant = find_variant("el_mundo")
    for size in ((800, 500), (1280, 800), (3840, 2160), (1000, 1200)):
        for viewer in range(variant.players):
            yield variant, layout_for(variant, size, viewer)


def test_el_mundos_stacks_on_neighbouring_wedges_stand_apart():
    """Every pair of neighbouring wedges, every stack height up to all of a side's men
    (squeezed beyond the wedge's capacity): the men of one never touch the other's."""
    for variant, layout in el_mundo_layouts():
        r = layout.radius
        for cell in range(variant.cells):
            a, b = ("cell", cell), ("cell", (cell + 1) % variant.cells)
            for count in range(1, variant.men + 1):
                ours = [layout.man_centre(a, i, count) for i in range(count)]
                theirs = [layout.man_centre(b, i, count) for i in range(count)]
                gap = min(math.dist(p, q) for p in ours for q in theirs)
                assert gap >= 2 * r * 1.1, (layout.size, layout.viewer, cell, count, gap / r)


def test_el_mundos_message_stays_in_the_hub_off_the_men(app):
    """Short and long lines over El Mundo's dice, at several sizes: the message's box
    never covers a place a man can stand on the ring."""
    from scene_kit import resize

    from game.ui.render.board_controls import button_places, layout_message

    scene = board(app, GameSetup("el_mundo", seats=(Seat(),) * 4, seed=5))
    app.step(1 / 60)
    lines = (
        "Forced play for Red",
        "Green: roll the dice (Space)",
        "Green: Done ends the turn (Space), Undo takes back",
        "Opening throw 6, 5, 3 and 2: Green (computer, expert) starts  ·  mixed in",
        "White played bar/2 bar/3 bar/4  ·  Green: roll the dice (Space)",
    )
    for size in ((1280, 800), (800, 500), (1000, 1200)):
        resize(app, size)
        layout = scene.view.layout
        r = layout.radius
        men = [
            layout.man_centre(("cell", cell), i, spot.capacity)
            for cell in range(24)
            for spot in [layout.spots[("cell", cell)]]
            for i in range(spot.capacity)
        ]
        for text in lines:
            scene.message, scene.message_time, scene.t = text, scene.t, scene.t
            message = layout_message(scene)
            assert message is not None and message.back is not None
            box = message.back
            for x, y in men:
                nearest = (min(max(x, box.left), box.right), min(max(y, box.top), box.bottom))
                assert math.dist((x, y), nearest) > r, (size, text, (x, y), box)
            for line in message.lines:  # still readable
                assert line.size >= 10 * app.scale, (size, text, line.size)
            if text.startswith("White played"):  # the play, then the prompt (the dot gone)
                assert [line.text for line in message.lines] == text.split("  ·  "), text
        # The buttons under the dice keep off the men too.
        wanted = [("hint", "Hint"), ("undo", "Undo"), ("done", "Done")]
        for place in button_places(scene, wanted):
            box = place.rect
            for x, y in men:
                nearest = (min(max(x, box.left), box.right), min(max(y, box.top), box.bottom))
                assert math.dist((x, y), nearest) > r, (size, (x, y), box)
