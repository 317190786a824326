"""Backgammon's one-sided bear-off database: the rules of a roll, the shipped table
against a rebuild, the two-sided chances, and the evaluation's use of it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from game.ai import bearoff
from game.ai.bearoff import Bearoff, all_positions, build, roll_results, single_die
from game.ai.evaluate import Evaluator
from game.ai.players import network_for
from game.rules.position import position_from_counts
from game.rules.variants import find_variant

BG = find_variant("backgammon")


def test_a_die_bears_off_from_below_only_from_the_highest_point():
    # Men on the 2- and 4-points (pips from off); a 5 must bear off the man on the 4.
    assert single_die((0, 1, 0, 1, 0, 0), 5) == {(0, 1, 0, 0, 0, 0)}
    # A 3 cannot bear off the man on the 2 while the 4 is higher: it moves the 4 down.
    assert single_die((0, 1, 0, 1, 0, 0), 3) == {(1, 1, 0, 0, 0, 0)}
    assert single_die((0, 1, 0, 1, 0, 0), 2) == {(0, 0, 0, 1, 0, 0), (0, 2, 0, 0, 0, 0)}


def test_a_roll_plays_both_dice_and_doubles_four_times():
    # One man on the 6-point: 5-1 bears it off either way round.
    assert roll_results((0, 0, 0, 0, 0, 1), 5, 1) == {(0,) * 6}
    # 2-1 leaves it on the 3-point.
    assert roll_results((0, 0, 0, 0, 0, 1), 2, 1) == {(0, 0, 1, 0, 0, 0)}
    # 1-1 from two men on the 6: four ones, shared however the side likes.
    assert roll_results((0, 0, 0, 0, 0, 2), 1, 1) == {
        (0, 1, 0, 0, 0, 1),
        (0, 0, 1, 0, 1, 0),
        (0, 0, 0, 2, 0, 0),
    }


def test_the_positions_are_every_placement_of_up_to_fifteen_men():
    positions = all_positions()
    assert len(positions) == len(set(positions)) == 54264  # C(21, 6)
    assert positions[0] == (0,) * 6 and all(sum(p) <= 15 for p in positions)


@pytest.fixture(scope="module")
def shipped() -> Bearoff:
    table = bearoff.database()
    assert table is not None, "assets/bearoff/backgammon.npz is missing"
    return table


def test_the_shipped_table_matches_a_rebuild_of_the_small_positions(shipped):
    # Positions of up to four men only reach positions of up to four men.
    positions, off, _ = build(4)
    for row, counts in enumerate(positions):
        np.testing.assert_allclose(shipped.off[shipped.index[counts]], off[row], atol=2 / 65535)
    # Full boards: each distribution is a whole chance; the first man off too.
    assert np.abs(shipped.off.sum(axis=1) - 1.0).max() < 0.001
    full = [i for i, p in enumerate(all_positions()) if sum(p) == 15]
    assert np.abs(shipped.first[full].sum(axis=1) - 1.0).max() < 0.001


def test_known_one_sided_figures(shipped):
    # One man on the 6-point is off in one roll unless the roll is 1-1, 2-1, 3-1, 4-1
    # or 3-2 (9 of the 36).
    row = shipped.off[shipped.index[(0, 0, 0, 0, 0, 1)]]
    assert row[1] == pytest.approx(27 / 36, abs=1e-4) and row[2] == pytest.approx(9 / 36, abs=1e-4)
    # Fifteen men on the ace point: seven rolls on average, less the doubles' help.
    rolls = np.arange(bearoff.ROLLS_MAX)
    assert 6.9 < float(shipped.off[shipped.index[(15, 0, 0, 0, 0, 0)]] @ rolls) < 7.0
    # Fifteen on the 6-point bear a man off at the first roll with a 6, 5-1, 4-2, 3-3 or
    # 2-2 (17 of 36; 5-2 cannot: the 6-point is higher than the 1 the man would reach).
    first = shipped.first[shipped.index[(0, 0, 0, 0, 0, 15)]]
    assert first[1] == pytest.approx(17 / 36, abs=1e-4)


def test_two_sided_chances(shipped):
    # I (to roll) have one man on my 6-point (pos 19), the other side one on its ace.
    board = position_from_counts([{19: 1, 25: 14}, {24: 1, 25: 14}], 24).board
    y = shipped.outputs(board, 0)
    assert y == pytest.approx([27 / 36, 0.0, 0.0, 0.0, 0.0], abs=1e-4)
    # The other side has 15 men on its 6-point: I win; a gammon if I finish at once
    # (27 of 36), or at my second roll if its first roll bore no man off (19 of 36).
    board = position_from_counts([{19: 1, 25: 14}, {19: 15}], 24).board
    y = shipped.outputs(board, 0)
    assert y[0] == pytest.approx(1.0, abs=1e-4)
    assert y[1] == pytest.approx(27 / 36 + 9 / 36 * 19 / 36, abs=1e-4)
    # Seen from the other side, which rolls first: it cannot finish first, so it loses.
    # It saves the gammon only if a man is off before I finish: its first roll bears one
    # off from the 6-point with a 6, 5-1, 4-2, 3-3 or 2-2 (17 of 36); after that I finish
    # at once 27 times in 36, and else it has one more roll.
    y = shipped.outputs(board, 1)
    assert y[0] == pytest.approx(0.0, abs=1e-4)
    assert 19 / 36 * 27 / 36 - 1e-4 < y[3] < 19 / 36 + 1e-4
    assert y[1] == y[2] == y[4] == 0.0


def test_the_evaluation_answers_bear_offs_from_the_table_and_the_rest_from_the_network(
    shipped,
):
    evaluator = Evaluator(BG, network_for(BG))
    race = position_from_counts([{19: 3, 20: 4, 22: 8}, {20: 5, 23: 10}], 24)
    contact = BG.start_position()
    y = evaluator.outputs([race, contact])
    np.testing.assert_allclose(y[0], shipped.outputs(race.board, 0), atol=1e-6)
    net_y = evaluator.net.evaluate(evaluator.scheme.encode([contact]))[0]
    np.testing.assert_allclose(y[1], net_y, rtol=1e-5)
    # Other variants keep the network everywhere.
    assert Evaluator(find_variant("lombardorum"), network_for("lombardorum")).bearoff is None


BEAROFF_LIKE = ("plakoto", "fevga", "nard")


def random_home(rng: np.random.Generator) -> dict[int, int]:
    """A side with its men on pos 19-24 and off, at least one man left."""
    on = int(rng.integers(1, 16))
    where = rng.integers(19, 25, size=on)
    counts = {int(p): int((where == p).sum()) for p in set(where.tolist())}
    return counts | ({25: 15 - on} if on < 15 else {})


@pytest.mark.parametrize("variant_id", BEAROFF_LIKE)
def test_the_games_that_bear_off_as_backgammon_does_play_each_roll_alike(variant_id):
    """The premise of sharing the table: from a bear-off of random men, every roll leaves
    the same boards of the side that plays in the game as in backgammon."""
    variant = find_variant(variant_id)
    rng = np.random.default_rng(7)
    rolls = [(a, b) for a in range(1, 7) for b in range(a, 7)]
    for _ in range(25):
        position = position_from_counts([random_home(rng), random_home(rng)], 24)
        variant.validate(position)
        for dice in rolls:
            here = {
                variant.apply_play(position, p).board[0]
                for p in variant.generate_plays(position, dice)
            }
            there = {BG.apply_play(position, p).board[0] for p in BG.generate_plays(position, dice)}
            assert here == there, (variant_id, position, dice)


@pytest.mark.parametrize("variant_id", BEAROFF_LIKE)
def test_their_evaluation_answers_bear_offs_from_the_table(variant_id, shipped):
    variant = find_variant(variant_id)
    evaluator = Evaluator(variant, network_for(variant))
    race = position_from_counts([{19: 3, 20: 4, 22: 8}, {20: 5, 23: 10}], 24)
    variant.validate(race)
    np.testing.assert_allclose(
        evaluator.outputs([race])[0], shipped.outputs(race.board, 0), atol=1e-6
    )
    start = variant.start_position()
    net_y = evaluator.net.evaluate(evaluator.scheme.encode([start]))[0]
    np.testing.assert_allclose(evaluator.outputs([start])[0], net_y, rtol=1e-5)


def test_a_damaged_table_is_refused_with_a_message(tmp_path: Path):
    bad = tmp_path / "bearoff.npz"
    bad.write_bytes(b"not a table")
    with pytest.raises(ValueError, match="not a bear-off database"):
        Bearoff.load(bad)
    np.savez(bad, off=np.zeros((3, 32), np.uint16), first=np.zeros((3, 32), np.uint16))
    with pytest.raises(ValueError, match="not 54264 rows"):
        Bearoff.load(bad)
