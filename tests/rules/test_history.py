"""A game's record: each decision's entry, as saved games and replays keep it.

The entries are made by ``actions.action_to_json`` from the state the decision was
made in; their form is the one records in the field have (``{"side", "action",
...}``), so these tests pin it down literally.
"""

from __future__ import annotations

import random

from game.rules import actions as a
from game.rules import match as m
from game.rules.play import Play
from game.rules.variants import find_variant


def entry(state: m.GameState, action: a.Action) -> dict[str, object]:
    return a.action_to_json(state, action)


def test_a_backgammon_game_is_told_move_by_move() -> None:
    variant = find_variant("backgammon", {"beavers": True})
    rng = random.Random(4)
    state = m.new_game(variant, rng)
    side = state.to_act
    # The opening throw is played by the starter.
    plays = m.legal_plays(state)
    told = entry(state, a.Move(plays[0]))
    assert told["action"] == "play" and told["dice"] == list(state.dice)
    assert isinstance(told["play"], str) and "/" in told["play"] and told["side"] == side
    after = a.apply_action(state, a.Move(plays[0]))
    assert entry(after, a.Double()) == {"side": after.to_act, "action": "double"}
    doubled = a.apply_action(after, a.Double())
    for answer in (a.Take(), a.Beaver(), a.Drop()):
        assert entry(doubled, answer) == {"side": doubled.to_act, "action": answer.name}
    thrown = a.throw(after, rng)
    assert entry(after, thrown) == {
        "side": after.to_act,
        "action": "roll",
        "dice": list(thrown.dice),
    }
    rolled = a.apply_action(after, thrown)
    assert entry(rolled, a.Resign(2)) == {"side": rolled.to_act, "action": "resign", "level": 2}
    offer = a.apply_action(rolled, a.Resign(2))
    assert entry(offer, a.Accept()) == {"side": offer.to_act, "action": "accept"}
    assert entry(offer, a.Reject()) == {"side": offer.to_act, "action": "reject"}


def test_a_play_is_told_in_notation_with_its_dice() -> None:
    variant = find_variant("backgammon")
    state = m.opened(variant, (3, 1))
    play = next(
        p for p in m.legal_plays(state) if a.action_to_json(state, a.Move(p))["play"] == "8/5 6/5"
    )
    assert entry(state, a.Move(play)) == {
        "side": 0,
        "action": "play",
        "dice": [3, 1],
        "play": "8/5 6/5",
    }
    assert a.action_from_json(state, entry(state, a.Move(play))) == a.Move(play)


def test_a_play_that_cannot_move_is_told_and_read_back() -> None:
    variant = find_variant("backgammon")
    start = variant.start_position()
    # Side 0 on the bar against a closed board: 6-6 cannot enter.
    rows = [list(row) for row in start.board]
    rows[0] = [0] * 26
    rows[0][0], rows[0][1] = 2, 13
    rows[1] = [0] * 26
    rows[1][19:25] = [2, 2, 2, 2, 2, 5]
    position = type(start)(tuple(tuple(r) for r in rows), 0, start.hand, start.flags)
    state = m.GameState(variant, position, m.Phase.MOVE, (6, 6))
    assert m.legal_plays(state) == [Play(())]
    told = entry(state, a.Move(Play(())))
    assert told["action"] == "play" and told["dice"] == [6, 6]
    assert a.action_from_json(state, told) == a.Move(Play(()))


def test_dice_entered_by_hand_are_marked_manual() -> None:
    variant = find_variant("backgammon")
    state = m.GameState(variant, variant.start_position())
    assert entry(state, a.Roll((5, 2), by_hand=True)) == {
        "side": 0,
        "action": "roll",
        "dice": [5, 2],
        "manual": True,
    }


def test_a_concession_names_the_side_that_concedes_not_the_side_to_act() -> None:
    variant = find_variant("backgammon")
    state = m.GameState(variant, variant.start_position())
    assert state.to_act == 0
    assert entry(state, a.Concede(1)) == {"side": 1, "action": "concede"}
    assert entry(state, a.Concede(0)) == {"side": 0, "action": "concede"}


def test_a_roll_is_told_with_the_fixed_die_the_rules_add() -> None:
    # Anglicorum adds a constant 6 to every throw: the record has always kept the
    # dice as they stand after the roll, the 6 included.
    variant = find_variant("anglicorum", {"third_die": "six"})
    state = m.GameState(variant, variant.start_position())
    thrown = a.Roll((4, 2))
    told = entry(state, thrown)
    assert told == {"side": 0, "action": "roll", "dice": [4, 2, 6]}
    assert list(a.apply_action(state, thrown).dice) == told["dice"]
    back = a.action_from_json(state, told)
    assert a.apply_action(state, back) == a.apply_action(state, thrown)


def test_a_named_die_is_told() -> None:
    variant = find_variant("anglicorum", {"third_die": "player"})
    state = m.new_game(variant, random.Random(2))
    while state.phase is not m.Phase.CHOOSE:
        if state.phase is m.Phase.ROLL:
            state = a.roll(state, random.Random(3))
        else:
            state = a.apply_action(state, a.Move(m.legal_plays(state)[0]))
    rolled = entry(m.GameState(variant, state.position), a.Roll(state.dice))
    assert rolled["dice"] == list(state.dice)  # two thrown, the third to be named
    assert entry(state, a.NameDie(6)) == {"side": state.to_act, "action": "name_die", "value": 6}
