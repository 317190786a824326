"""The computer's play stays on the board until it plays again, and is named in words
(issue 22, point 1): after its men stop sliding (or the animation is skipped) an arc
in its colour runs from where each man started to where it rests."""

from __future__ import annotations

import re
import time

import pygame

from game.play.session import GameSetup, Seat
from game.rules import match as m
from game.ui.render import board_trail, board_words
from game.ui.scenes.board import BoardScene

AGAINST = (Seat(), Seat(human=False, level="novice"))


def tick(scene: BoardScene, until, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not until():
        scene.update(1 / 60)
        assert time.monotonic() < deadline, "the board never got there"


def after_the_computers_play(app) -> BoardScene:
    """A backgammon game against the computer, just after its first play has landed."""
    scene = BoardScene(app)
    app.replace(scene, GameSetup("backgammon", {"cube": False}, AGAINST, seed=3))
    computer = 1

    def landed() -> bool:
        return computer in scene.last_plays and scene.human_to_act() and not scene.busy

    if scene.state.to_act == 0:  # the person opens: any legal play, made at once
        tick(scene, lambda: scene.turn is not None and not scene.busy)
        scene.commit(m.legal_plays(scene.state)[0], animate=False)
    tick(scene, landed)
    return scene


def test_the_computers_last_play_is_drawn_until_it_plays_again(app):
    scene = after_the_computers_play(app)
    assert board_trail.trails_shown(scene) == [1]
    lines = board_trail.trail_lines(scene, 1)
    assert lines and all(len(points) >= 2 for points in lines)
    with_trail = pygame.Surface(app.screen.get_size())
    scene.draw(with_trail)
    shown = dict(scene.last_plays)
    scene.last_plays.clear()
    without = pygame.Surface(app.screen.get_size())
    scene.draw(without)
    scene.last_plays.update(shown)
    assert pygame.image.tobytes(with_trail, "RGB") != pygame.image.tobytes(without, "RGB")


def test_the_computers_play_is_named_in_the_standard_notation(app):
    scene = after_the_computers_play(app)
    said = [e for e in scene.log if e["action"] == "play" and e["side"] == 1][-1]["play"]
    assert f"plays {said}" in scene.message
    assert re.search(r"\d+/\d+", said)


def test_the_words_wait_for_the_men_while_they_slide(app):
    scene = BoardScene(app)
    app.replace(scene, GameSetup("backgammon", {"cube": False}, AGAINST, seed=3))
    tick(scene, lambda: scene.busy and "plays" in scene.message, seconds=60)
    scene.message_time = scene.t - 100  # long said: still shown while its men move
    assert board_words.message_text(scene) == scene.message


def test_the_trail_goes_once_the_person_moves_a_man(app):
    scene = after_the_computers_play(app)
    tick(scene, lambda: "roll" in scene.buttons)
    scene.press("roll")
    tick(scene, lambda: scene.turn is not None and not scene.busy and bool(scene.turn.sources()))
    assert board_trail.trails_shown(scene) == [1]
    src = min(scene.turn.sources())
    scene.make(next(iter(scene.turn.moves_from(src).values())))
    assert board_trail.trails_shown(scene) == []


def test_the_computers_play_stays_named_after_its_message_has_gone(app):
    scene = after_the_computers_play(app)
    said = [e for e in scene.log if e["action"] == "play" and e["side"] == 1][-1]["play"]
    scene.message_time = scene.t - 100  # the message naming it is long gone
    assert board_words.message_text(scene).startswith(f"Crimson played {said}  ·  ")


def test_a_side_that_could_not_move_is_said_so_not_played_pass(app):
    """A pass is named in words ("Crimson could not move"), not as a play of "pass"."""
    from game.play import events as ev
    from game.rules.play import Play
    from game.ui.scenes.board_events import show_event

    scene = after_the_computers_play(app)
    before = scene.state.position
    show_event(scene, ev.Played(1, Play(()), False, before, "pass"))
    assert scene.last_named[1] == "Crimson could not move"
    scene.message_time = scene.t - 100
    assert board_words.message_text(scene).startswith("Crimson could not move  ·  ")


def test_a_man_that_moves_twice_is_one_arc_with_one_head_in_any_step_order(app):
    """13/8 8/2 and 8/2 13/8 are one man's way 13/2: one arc chain ending in one head,
    not an arrow that stops at 8 where another starts (which reads as two men). For
    every legal play of every roll from the start, in every step order the rules
    accept, no man's way ends where another's starts."""
    from itertools import permutations

    from game.rules.errors import RulesError
    from game.rules.play import Play, Step

    scene = after_the_computers_play(app)
    variant = scene.variant
    before = variant.start_position().with_to_act(1)
    for d1 in range(1, 7):
        for d2 in range(d1, 7):
            state = m.GameState(variant, before, m.Phase.MOVE, dice=(d1, d2))
            for play in m.legal_plays(state):
                for order in set(permutations(play)):
                    try:
                        variant.apply_play(before, Play(order))
                    except RulesError:
                        continue
                    moves = board_trail.men_moves(Play(order))
                    ends = {move[-1].dst for move in moves}
                    assert not any(mv[0].src in ends for mv in moves if mv[0].src), order
    reversed_play = Play((Step(17, 23, 6), Step(12, 17, 5)))  # 8/2 13/8
    scene.last_plays[1] = (before, reversed_play)
    lines = board_trail.trail_lines(scene, 1)
    assert len(lines) == 1 and len(lines[0]) == 2
