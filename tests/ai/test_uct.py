"""The UCT baseline of the benchmarks: legal, deterministic, and it takes a sure win;
the baseline benchmark plays under rule options."""

from __future__ import annotations

import itertools
import random

import pytest

from benchmarks.baseline import main
from benchmarks.uct import UCTPlayer
from game.ai.arena import random_decisions
from game.rules import match as m
from game.rules.position import position_from_counts
from game.rules.variants import VARIANTS, find_variant

BG = find_variant("backgammon", {"cube": False})


def midgame(variant, plies=6, seed=5):
    """A MOVE-phase state a few random plies into a game."""
    decisions = random_decisions(variant, random.Random(seed))
    return next((s, p) for n, (s, p) in enumerate(decisions) if n >= plies)


def test_legal_and_deterministic():
    state, plays = midgame(BG)
    chosen = [UCTPlayer(BG, simulations=30, seed=7).play(state, plays) for _ in range(2)]
    assert chosen[0] in plays
    assert chosen[0] == chosen[1]


def test_takes_the_win():
    # Both men off with 2-1 wins; 23/24 24/off leaves a man, and the opponent's
    # last man comes off with any roll.
    position = position_from_counts([{24: 1, 23: 1, 25: 13}, {24: 1, 25: 14}], 24)
    state = m.GameState(BG, position, m.Phase.MOVE, (2, 1))
    plays = m.legal_plays(state)
    assert len(plays) == 2
    chosen = UCTPlayer(BG, simulations=30, seed=1).play(state, plays)
    assert BG.outcome(BG.apply_play(position, chosen), 0) is not None


def test_names_a_die_and_plays_el_mundo():
    # Late positions, so that the playouts are short.
    named = find_variant("anglicorum", {"third_die": "opponent"})
    position = position_from_counts([{23: 2, 25: 13}, {22: 2, 25: 13}], 24)
    named.validate(position)
    state = m.GameState(named, position, m.Phase.CHOOSE, (1, 2))
    player = UCTPlayer(named, simulations=20, seed=3)
    assert player.name_die(state) in m.die_choices(state)
    assert player.playouts > 0
    mundo = find_variant("el_mundo")
    row = {13: 1, 18: 1, 19: 10}
    position = position_from_counts([row] * 4, 18, hand=(0,) * 4, flags=(4,) * 4)
    mundo.validate(position)
    # Side 1 plays a 1 that side 0 could not use (a bonus play), then side 2 rolls.
    state = m.GameState(mundo, position.with_to_act(1), m.Phase.MOVE, (1,), roller=0)
    plays = m.legal_plays(state)
    assert len(plays) == 2
    player = UCTPlayer(mundo, simulations=20, seed=3)
    assert player.play(state, plays) in plays
    assert player.playouts > 0


def test_sampled_plays_are_legal():
    # The playouts' step-by-step draw gives only plays the full generator finds
    # (None where the draw strands a die: then the playout generates them all).
    from benchmarks.uct import draw_play

    rng = random.Random(11)
    variants = sorted(VARIANTS)  # every game, each under its default rules
    for variant_id in variants:
        variant = find_variant(variant_id)
        drawn_count = 0
        games = (random_decisions(variant, random.Random(seed)) for seed in range(2, 12))
        for n, (state, plays) in enumerate(itertools.chain.from_iterable(games)):
            if n >= 100:
                break
            drawn = draw_play(variant, state.position, state.dice, rng)
            if drawn is not None:
                drawn_count += 1
                ends = {variant.apply_play(state.position, p) for p in plays}
                assert variant.apply_play(state.position, drawn) in ends, (variant_id, n)
        assert drawn_count >= 25, (variant_id, drawn_count)


def test_the_baseline_plays_under_rule_options_and_counts_games_ended_on_the_first_play(capsys):
    args = ["--variant", "lombardorum", "--games", "2", "--simulations", "4"]
    assert main([*args, "--options", "dice=3"]) == 0
    out = capsys.readouterr().out
    assert "baseline, lombardorum (dice=3): expert against UCT-4" in out
    assert "lombardorum: 2 games; expert won" in out
    with pytest.raises(SystemExit):
        main([*args, "--options", "dice=9"])
    assert "dice" in capsys.readouterr().err


def test_baseline_pieces_add_up_to_the_whole_run(capsys):
    from benchmarks.baseline import run_variant

    whole = run_variant("lombardorum", "novice", 6, 3)
    first = run_variant("lombardorum", "novice", 3, 3)
    rest = run_variant("lombardorum", "novice", 6, 3, first_game=3)
    assert whole[1] == 6 and first[1] == 3 and rest[1] == 3
    assert 0 < whole[0] < 6  # the wins fall in both pieces or either: the sum is a check
    assert first[0] + rest[0] == whole[0]
    assert "(games 3 to 5)" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--first", "-1"])
