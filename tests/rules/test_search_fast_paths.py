"""The general search's shortcuts and the unchecked ``apply_plays`` do what the plain
ways do, on seeded positions of every variant (and option sets that change the search).

- A sequence the search keeps is scored from the dice it left unused (worked out
  once per set of dice left), not from its steps: the two scores must agree for
  every sequence kept, or the search would keep another way of making a play.
- ``Variant.apply_plays`` (the evaluation's hot path) skips ``apply_play``'s checks
  and replays the steps on one working board: the positions must be the same.
"""

from __future__ import annotations

import random

import pytest

from game.rules import match as m
from game.rules import search
from game.rules.position import position_from_counts
from game.rules.variants import find_variant

SETS = (
    ("backgammon", {}),  # its own generator; the general search is asked directly below
    ("duodecim", {}),
    ("quinze_tablas", {}),
    ("quinze_tablas", {"free_entry": True}),
    ("lombardorum", {}),
    ("lombardorum", {"dice": 3}),
    ("el_mundo", {}),
    ("el_mundo", {"free_placement": True, "faces": 7}),
    ("anglicorum", {}),
    ("anglicorum", {"third_die": "player"}),
)


def positions(variant_id, options, count=12, every=5):
    """Every ``every``-th MOVE position of seeded random games (state, legal plays), from
    the first placements to the bearing off, ``count`` of them."""
    variant = find_variant(variant_id, options)
    seed = 700
    while count:
        rng = random.Random(seed)
        state = m.new_game(variant, rng)
        turn = 0
        while not state.is_over and count:
            if state.phase is m.Phase.ROLL:
                state = m.roll(state, rng)
            elif state.phase is m.Phase.CHOOSE:
                state = m.choose_die(state, rng.choice(list(m.die_choices(state))))
            else:
                plays = m.legal_plays(state)
                if turn % every == 0:
                    yield state, plays
                    count -= 1
                turn += 1
                state = m.play(state, rng.choice(plays), plays)
        seed += 1


@pytest.mark.parametrize(("variant_id", "options"), SETS)
def test_a_kept_sequence_is_scored_by_the_dice_it_used(monkeypatch, variant_id, options):
    kept = [0]
    keep = search._keep

    def checked(found, board, left, steps, keep_left, score):
        assert score == search._dice_score(steps), (steps, left)
        kept[0] += 1
        keep(found, board, left, steps, keep_left, score)

    monkeypatch.setattr(search, "_keep", checked)
    for state, _ in positions(variant_id, options):
        search.search_plays(state.variant, state.position, state.dice)
    assert kept[0] > 100


@pytest.mark.parametrize(("variant_id", "options"), SETS)
def test_apply_plays_leaves_what_apply_play_leaves(variant_id, options):
    seen, checked = 0, 0
    for state, plays in positions(variant_id, options):
        variant, before = state.variant, state.position
        one_by_one = [variant.apply_play(before, play) for play in plays]
        assert variant.apply_plays(before, plays) == one_by_one, (before, state.dice)
        seen, checked = seen + 1, checked + len(plays)
    assert seen == 12 and checked > 2 * seen


def test_apply_plays_keeps_the_flags_a_step_sets():
    # Lombardorum: the last man leaves pos 1 (its flag: the start point emptied).
    lombardorum = find_variant("lombardorum")
    start = m.GameState(
        lombardorum,
        position_from_counts([{1: 1, 4: 2, 6: 12}, {1: 15}], 12),
        m.Phase.MOVE,
        (3, 2),
    )
    # El Mundo: the mover's last man comes off (its flag: its place).
    el_mundo = find_variant("el_mundo")
    last_man = m.GameState(
        el_mundo,
        position_from_counts(
            [
                {4: 7, 11: 1, 13: 1, 14: 1, 15: 1, 19: 1},
                {16: 1, 19: 11},
                {0: 1, 4: 3, 11: 5, 13: 1, 17: 2},
                {0: 4, 3: 3, 8: 3, 9: 1, 12: 1},
            ],
            18,
            to_act=1,
            flags=(4, 4, 4, 4),
        ),
        m.Phase.MOVE,
        (5, 3, 1),
    )
    for state in (start, last_man):
        state.variant.validate(state.position)
        before, plays = state.position, m.legal_plays(state)
        one_by_one = [state.variant.apply_play(before, play) for play in plays]
        mover = before.to_act
        assert any(after.flags[mover] != before.flags[mover] for after in one_by_one)
        assert state.variant.apply_plays(before, plays) == one_by_one
