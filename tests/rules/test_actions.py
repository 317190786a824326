"""Actions: every decision as a value, made through one door."""

from __future__ import annotations

import random

import pytest

from game.rules import actions as a
from game.rules import find_variant
from game.rules import match as m
from game.rules.errors import RulesError

VARIANTS = [
    ("backgammon", {"cube": True, "beavers": True}),
    ("lombardorum", {}),
    ("anglicorum", {}),
    ("quinze_tablas", {}),
    ("el_mundo", {}),
    ("duodecim", {}),
]


def _playout(variant_id: str, options: dict[str, object], seed: int) -> list[m.GameState]:
    """A game played by choosing among ``legal_actions`` at random (chance by
    ``chance_outcomes``' probabilities), every state kept."""
    rng = random.Random(seed)
    state = m.new_game(find_variant(variant_id, options), rng)
    states = [state]
    for _ in range(400):
        if state.is_over:
            break
        legal = a.legal_actions(state)
        assert legal, state
        if a.is_chance(state) and rng.random() < 0.9:
            outcomes = a.chance_outcomes(state)
            action: a.Action = rng.choices([r for r, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            choices = [x for x in legal if not isinstance(x, a.Resign) or rng.random() < 0.05]
            action = rng.choice(choices)
        entry = a.action_to_json(state, action)
        back = a.action_from_json(state, entry)
        after = a.apply_action(state, action)
        # It reads back as itself, or as an action that leads to the same state (applying
        # an equal action again would only repeat the search for its play).
        assert back == action or a.apply_action(state, back) == after, entry
        state = after
        states.append(state)
    return states


@pytest.mark.parametrize(("variant_id", "options"), VARIANTS, ids=[v for v, _ in VARIANTS])
def test_every_listed_action_applies_and_its_json_reads_back(
    variant_id: str, options: dict[str, object]
) -> None:
    for seed in range(3):
        states = _playout(variant_id, options, seed)
        assert len(states) > 1


@pytest.mark.parametrize(("variant_id", "options"), VARIANTS, ids=[v for v, _ in VARIANTS])
def test_chance_outcomes_sum_to_one_and_include_fixed_dice(
    variant_id: str, options: dict[str, object]
) -> None:
    variant = find_variant(variant_id, options)
    state = m.GameState(variant, variant.start_position())
    outcomes = a.chance_outcomes(state)
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    for roll, _ in outcomes:
        assert roll.dice[variant.thrown_dice :] == variant.fixed_dice
        a.apply_action(state, roll)  # each applies


def test_the_roll_phase_lists_double_and_the_rolls() -> None:
    bg = find_variant("backgammon", {"cube": True})
    state = m.GameState(bg, bg.start_position())
    legal = a.legal_actions(state)
    assert a.Double() in legal
    assert a.Roll((6, 6)) in legal and a.Roll((2, 1)) in legal
    assert a.Resign(3) in legal
    taking = a.apply_action(state, a.Double())
    assert a.legal_actions(taking) == [a.Take(), a.Drop()]


def test_roll_by_hand_is_kept_in_the_record_and_applies_alike() -> None:
    bg = find_variant("backgammon")
    state = m.GameState(bg, bg.start_position())
    by_hand = a.Roll((3, 1), by_hand=True)
    entry = a.action_to_json(state, by_hand)
    assert entry == {"side": 0, "action": "roll", "dice": [3, 1], "manual": True}
    assert a.action_from_json(state, entry) == by_hand
    assert a.apply_action(state, by_hand) == a.apply_action(state, a.Roll((3, 1)))


def test_roll_through_the_convenience_matches_throw() -> None:
    bg = find_variant("backgammon")
    state = m.GameState(bg, bg.start_position())
    assert a.roll(state, random.Random(5)) == a.apply_action(
        state, a.throw(state, random.Random(5))
    )


def test_impossible_actions_are_refused() -> None:
    bg = find_variant("backgammon")
    state = m.GameState(bg, bg.start_position())
    for bad in (a.Take(), a.Accept(), a.NameDie(3), a.Roll((7, 1)), a.Roll(()), a.Concede(5)):
        assert not a.is_legal(state, bad)
        with pytest.raises(RulesError):
            a.apply_action(state, bad)
    for entry in (
        {"action": "fly"},
        {"action": "roll", "dice": "31"},
        {"action": "resign", "level": True},
    ):
        with pytest.raises(a.ActionError):
            a.action_from_json(state, entry)


def test_concede_names_its_own_side() -> None:
    bg = find_variant("backgammon")
    state = m.GameState(bg, bg.start_position())
    entry = a.action_to_json(state, a.Concede(1))
    assert entry == {"side": 1, "action": "concede"}
    assert a.apply_action(state, a.action_from_json(state, entry)).winner == 0


def test_opened_refuses_a_tie_and_starts_the_higher() -> None:
    bg = find_variant("backgammon")
    with pytest.raises(RulesError):
        m.opened(bg, (4, 4))
    state = m.opened(bg, (2, 5))
    assert state.on_roll == 1 and state.dice == (5, 2) and state.phase is m.Phase.MOVE
    seeded = m.new_game(bg, random.Random(3))
    assert seeded == m.opened(bg, seeded.opening)


@pytest.mark.parametrize(("variant_id", "options"), VARIANTS, ids=[v for v, _ in VARIANTS])
def test_decisions_are_the_legal_actions_but_plays_and_rolls(
    variant_id: str, options: dict[str, object]
) -> None:
    for state in _playout(variant_id, options, 7)[:60]:
        expected = [
            x for x in a.legal_actions(state) if not isinstance(x, a.Move | a.Roll)
        ]
        assert a.decisions(state) == expected
