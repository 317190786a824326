"""The features Plakoto's and Fevga's networks read beside the board (game.ai.features)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from game.ai.arena import random_decisions
from game.ai.encode import GAME_FEATURE_SETS, Scheme
from game.ai.evaluate import Evaluator
from game.ai.features import FEVGA_FEATURES, PLAKOTO_FEATURES
from game.ai.network import Network
from game.ai.players import network_for
from game.ai.train import widened
from game.rules.errors import PositionError
from game.rules.position import Position
from game.rules.variants import VARIANTS, find_variant

PLAKOTO = find_variant("plakoto")
# Plakoto's features by place: pinned by pos (0-22), count, danger, reach of pos 1, exposed.
COUNT, DANGER, REACH, EXPOSED = 23, 24, 25, 26
FEVGA = find_variant("fevga")


def board(men: dict[int, int]) -> tuple[int, ...]:
    row = [0] * 26
    for pos, n in men.items():
        row[pos] = n
    return tuple(row)


def side_features(scheme: Scheme, position: Position, count: int) -> np.ndarray:
    """The last ``count`` inputs of each side (its features), side to act first."""
    x: np.ndarray = scheme.encode([position])[0].reshape(scheme.players, -1)[:, -count:]
    return x


def one_on_one() -> tuple[Position, Position]:
    """One man of each side on a cell (side 0's pos 10, side 1's pos 15): side 0's man
    pinned, then side 1's."""
    rows = (board({1: 14, 10: 1}), board({1: 14, 15: 1}))
    mine = Position(rows, 0, (0, 0), (1 << 10, 0))
    theirs = Position(rows, 0, (0, 0), (0, 1 << 15))
    return mine, theirs


def test_plakoto_tells_who_pins_whom_where_one_man_of_each_side_shares_a_point():
    """The units (and the flags' first six bits) see both positions alike; the network
    that reads the features does not."""
    mine, theirs = one_on_one()
    for position in (mine, theirs):
        PLAKOTO.validate(position)
    plain = Scheme.for_variant(PLAKOTO, features=0)
    featured = Scheme.for_variant(PLAKOTO)
    assert np.array_equal(plain.encode([mine]), plain.encode([theirs]))  # the gap
    assert not np.array_equal(featured.encode([mine]), featured.encode([theirs]))
    f = side_features(featured, mine, PLAKOTO_FEATURES)
    assert f[0, 10 - 1] == 1.0 and f[0, :23].sum() == 1.0  # side 0's man on pos 10
    assert f[0, COUNT] == pytest.approx(1 / 6)  # one man pinned
    assert f[1, : COUNT + 1].sum() == 0.0
    g = side_features(featured, theirs, PLAKOTO_FEATURES)
    assert g[1, 15 - 1] == 1.0 and g[0, : COUNT + 1].sum() == 0.0


def flipped_pins(position: Position) -> list[Position]:
    """``position`` with the pin of each one-on-one cell given to the other side (those
    the rules accept)."""
    found = []
    for side in (0, 1):
        other = 1 - side
        for pos in range(2, 24):
            if not position.flags[side] >> pos & 1:
                continue
            if position.board[side][pos] != 1 or position.board[other][25 - pos] != 1:
                continue
            flags = list(position.flags)
            flags[side] &= ~(1 << pos)
            flags[other] |= 1 << (25 - pos)
            twin = Position(position.board, position.to_act, position.hand, tuple(flags))
            try:
                PLAKOTO.validate(twin)
            except PositionError:
                continue
            found.append(twin)
    return found


def test_plakoto_positions_that_differ_only_in_who_is_pinned_encode_apart():
    """Every position of random games with a one-on-one pin, against its twin with the
    pin the other way round: the class of the gap above, on positions play reaches."""
    scheme = Scheme.for_variant(PLAKOTO)
    pairs = 0
    for game in range(12):
        for state, _ in random_decisions(PLAKOTO, random.Random(game), choices=1):
            for twin in flipped_pins(state.position):
                pairs += 1
                x = scheme.encode([state.position, twin])
                assert not np.array_equal(x[0], x[1]), (state.position, twin)
    assert pairs >= 5  # the games do reach such pins


def test_plakoto_counts_the_rolls_that_pin_a_lone_free_man():
    """Side 0's lone man on pos 20 is 4 pips from side 1's men on their pos 1 (side 0's
    pos 24): rolls with a 4, 1-3, 2-2 and 1-1 reach it. A man behind all of theirs
    (they move toward side 0's pos 1) or a pinned one is not in danger."""
    scheme = Scheme.for_variant(PLAKOTO)
    exposed = Position((board({1: 14, 20: 1}), board({1: 15})), 0)
    PLAKOTO.validate(exposed)
    danger = side_features(scheme, exposed, PLAKOTO_FEATURES)[0, DANGER]
    assert danger == pytest.approx(15 / 36)  # 11 with a 4, 1-3 and 3-1, 2-2, 1-1
    safe = Position((board({1: 14, 24: 1}), board({3: 15})), 0)
    PLAKOTO.validate(safe)
    assert side_features(scheme, safe, PLAKOTO_FEATURES)[0, DANGER] == 0.0
    mine, _ = one_on_one()
    assert side_features(scheme, mine, PLAKOTO_FEATURES)[0, DANGER] == 0.0


def test_plakoto_sees_the_mother_waiting_as_the_other_side_comes_home():
    """Side 0's last two men on pos 1, side 1's men off their start, nine borne off and six
    4 pips from side 0's pos 1 (their pos 24): the mother's point is in reach of the
    rolls with a 4, 1-3, 2-2 and 1-1, and she is exposed; at the start she is not."""
    scheme = Scheme.for_variant(PLAKOTO)
    late = Position((board({1: 2, 23: 13}), board({20: 6, 25: 9})), 0)
    PLAKOTO.validate(late)
    f = side_features(scheme, late, PLAKOTO_FEATURES)
    assert f[0, REACH] == pytest.approx(15 / 36) and f[0, EXPOSED] == 1.0
    # Side 0's men 1 pip from side 1's pos 1 reach it with a 1; none of side 1 is there.
    assert f[1, REACH] == pytest.approx(11 / 36) and f[1, EXPOSED] == 0.0
    start = side_features(scheme, PLAKOTO.start_position(), PLAKOTO_FEATURES)
    assert start[:, REACH].tolist() == [0.0, 0.0] and start[:, EXPOSED].tolist() == [0.0, 0.0]


def test_fevga_features_of_a_position_of_play():
    """Side 0 holds pos 1, 6-9, 12, 21 and 24; side 1 holds its 2, 5, 7, 10, 11, 15, 16,
    22 and 23 (its pos q is side 0's q + 12 round the board)."""
    position = Position(
        (
            board({1: 1, 6: 1, 7: 3, 8: 1, 9: 2, 12: 2, 21: 2, 24: 3}),
            board({2: 2, 5: 2, 7: 1, 10: 1, 11: 2, 15: 1, 16: 1, 22: 1, 23: 4}),
        ),
        0,
    )
    FEVGA.validate(position)
    f = side_features(Scheme.for_variant(FEVGA), position, FEVGA_FEATURES)
    # Side 0: its run 6-9 (four), none of side 1's next six from its pos 2 (side 0's
    # 15-20), its runner arrived, four of its pos 7-12 (side 1's home).
    assert f[0] == pytest.approx([4 / 6, 0.0, 1.0, 4 / 6])
    # Side 1: runs of two at most, its 15 and 16 among side 0's pos 2-7 (its 14-19),
    # three of its pos 7-12.
    assert f[1] == pytest.approx([2 / 6, 2 / 6, 1.0, 3 / 6])
    start = side_features(Scheme.for_variant(FEVGA), FEVGA.start_position(), FEVGA_FEATURES)
    assert start == pytest.approx(np.array([[1 / 6, 0.0, 0.0, 0.0]] * 2))


@pytest.mark.parametrize("variant", [PLAKOTO, FEVGA], ids=lambda v: v.id)
def test_networks_before_the_features_still_play_and_widen_to_read_them(variant):
    """A network's input count says which scheme it reads: one trained before the
    features reads none, and widened to read them it evaluates as before."""
    plain = Scheme.for_variant(variant, features=0)
    featured = Scheme.for_variant(variant)
    assert featured.features == GAME_FEATURE_SETS[variant.id][0] > 0
    assert Scheme.for_network(variant, plain.inputs) == plain
    assert Scheme.for_network(variant, featured.inputs) == featured
    net = Network.create(plain.inputs, 8, 4, plain.outputs)
    wide = widened(net, plain, featured)
    positions = [
        state.position
        for n, (state, _) in enumerate(random_decisions(variant, random.Random(3)))
        if n % 5 == 0
    ]
    before, after = Evaluator(variant, net), Evaluator(variant, wide)
    assert before.scheme == plain and after.scheme == featured
    assert np.allclose(before.outputs(positions), after.outputs(positions), atol=1e-6)
    shipped = network_for(variant)
    assert shipped is not None and Scheme.for_network(variant, shipped.inputs) is not None


def positions_of_play(variant_id: str) -> list[Position]:
    """Every fifth decision's position of a random game of the variant, its start first."""
    variant = find_variant(variant_id)
    decisions = random_decisions(variant, random.Random(7), choices=1)
    return [variant.start_position()] + [
        state.position for n, (state, _) in enumerate(decisions) if n % 5 == 0
    ]


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_every_feature_count_a_network_may_read_encodes_to_its_input_count(variant_id):
    """Whatever count of its game's features a scheme reads (a network trained before the
    newest set reads fewer), every position encodes to exactly ``scheme.inputs``."""
    variant = find_variant(variant_id)
    positions = positions_of_play(variant_id)
    for count in GAME_FEATURE_SETS.get(variant.network_id, (0,)):
        scheme = Scheme.for_variant(variant, features=count)
        assert Scheme.for_network(variant, scheme.inputs) == scheme
        assert scheme.encode(positions).shape == (len(positions), scheme.inputs)
