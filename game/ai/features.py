"""Features a game's network reads beside the board's units, where the units cannot say
what the game turns on (``encode.Scheme`` appends them to each side's inputs).

Each function takes the boards of ``Scheme.boards`` ordered with the side to act
first, (n, sides, L + 2) men per pos (0 the bar, 1..L the track, L + 1 off), and the
positions' flags in the same order, (n, sides); it returns (n, sides, count).

Plakoto (``plakoto_features``, 27 a side). Who pins whom is kept in the flags, and the
board alone cannot tell it where one man of each side shares a point: a network that
reads only the units (and the flags' first six bits) sees "I pin him" and "he pins
me" alike from pos 6 on. So, per side: whether its man on each of its pos 1-23 is
pinned (23), how many of its men are pinned (a sixth each, at most six), and the share
of the 36 rolls with which the other side can pin one of its lone free men (the
path's closed points ignored, as backgammon's shots feature does). Then the mother:
the experts' games lost to random play were lost by it (benchmarks.lost), the
network rating them won to the end while its last men waited on pos 1 with the
other side's men coming home over them. So: the share of the 36 rolls with which
the other side could land on its pos 1 (the mother's point, were she alone there),
and whether its last one or two men are still on pos 1 with no man of the other side
left on the other's own pos 1 (a pin of the mother then ends the game at once).

Fevga (``fevga_features``, 4 a side). Both sides run the same way round and one man
holds a point, so what decides a game is blocking: per side, its longest run of held
points counted along the other side's track (the run its men must get past), its
points among the six in front of the other side's rearmost man (in the opening, the
block on the other's starting point), whether its first runner has arrived (pos 13
or beyond: until then no second man leaves its start), and its points in the other
side's home (pos 19-24 of the other's track), which the other must bring men past.
"""

from __future__ import annotations

import numpy as np

FEATURES = 10  # backgammon's features per side (``contact_features``)
PLAKOTO_FEATURES = 27
FEVGA_FEATURES = 4
_PIN_POS = np.arange(1, 24)  # pos a man may be pinned on


def plakoto_features(boards: np.ndarray, flags: np.ndarray) -> np.ndarray:
    """Plakoto's features of each side (see the module's notes): (n, 2, PLAKOTO_FEATURES)."""
    n = len(boards)
    pinned = ((flags[:, :, None] >> _PIN_POS[None, None, :]) & 1).astype(np.float32)  # (n,2,23)
    count = np.minimum(pinned.sum(axis=-1, keepdims=True), 6.0) / 6.0
    # Each side seen from its own frame: its men, and the other's on its coordinates
    # (the other's pos q is this side's 25 - q).
    mine = boards.reshape(n * 2, 26)
    other = boards[:, ::-1].reshape(n * 2, 26)[:, ::-1]  # index c: the other's men at c
    their_pins = np.zeros((n * 2, 26), dtype=np.float32)
    their_pins[:, 2:25] = pinned[:, ::-1].reshape(n * 2, 23)[:, ::-1]  # at c = 25 - q
    free_other = (other - their_pins) > 0
    my_pins = np.zeros((n * 2, 26), dtype=bool)
    my_pins[:, 1:24] = pinned.reshape(n * 2, 23) > 0
    # A lone man of mine, free, on a point no man of the other side stands on; pos 24 is
    # the other's starting point, where none of its men ever lands.
    blots = (mine == 1) & ~my_pins & (other == 0)
    blots[:, 24] = False
    danger = _shots(blots[:, 1:25], free_other[:, 1:26]).reshape(n, 2, 1)
    at_start = np.zeros((n * 2, 24), dtype=bool)
    at_start[:, 0] = True
    reach = _shots(at_start, free_other[:, 1:26]).reshape(n, 2, 1)
    last = (mine[:, 1] >= 1) & (mine[:, 1] <= 2) & (other[:, 24] == 0)
    exposed = last.astype(np.float32).reshape(n, 2, 1)
    features = (pinned, count, danger, reach, exposed)
    return np.concatenate(features, axis=-1).astype(np.float32)


# Fevga: my pos for each pos 1..24 of the other side's track (its pos q is my q + 12,
# round the board), and the other's track order of my pos 1..24.
_FEVGA_MINE_AT = np.array([0] + [(q + 11) % 24 + 1 for q in range(1, 25)])
_FEVGA_ORDER = np.array([*range(13, 25), *range(1, 13)])


def fevga_features(boards: np.ndarray, flags: np.ndarray) -> np.ndarray:
    """Fevga's features of each side (see the module's notes): (n, 2, FEVGA_FEATURES)."""
    del flags  # Fevga keeps nothing in them
    n = len(boards)
    mine = boards.reshape(n * 2, 26)
    other = boards[:, ::-1].reshape(n * 2, 26)  # the other side's men on its own pos
    held = mine[:, _FEVGA_ORDER] >= 1  # (rows, 24) along the other's track
    last_gap = np.maximum.accumulate(np.where(held, -1, np.arange(24)), axis=1)
    longest = np.where(held, np.arange(24) - last_gap, 0).max(axis=1)
    pos = np.arange(1, 25)
    rear = np.where(other[:, 1:25] > 0, pos, 25).min(axis=1)  # its rearmost (25: none)
    ahead = rear[:, None] + np.arange(1, 7)[None, :]  # its next six pos
    inside = ahead <= 24
    at = _FEVGA_MINE_AT[np.minimum(ahead, 24)]
    block = ((np.take_along_axis(mine, at, axis=1) >= 1) & inside).sum(axis=1)
    runner = mine[:, 13:26].sum(axis=1) > 0
    their_home = (mine[:, 7:13] >= 1).sum(axis=1)  # my pos 7-12: its pos 19-24
    features = np.stack(
        (
            np.minimum(longest, 6) / 6.0,
            block / 6.0,
            runner.astype(np.float32),
            their_home / 6.0,
        ),
        axis=-1,
    ).astype(np.float32)
    return features.reshape(n, 2, FEVGA_FEATURES)


def _roll_reach() -> np.ndarray:
    """(36, 24): whether each roll (ordered) can carry a man ``d`` = 1..24 pips on an
    open path: either die, their sum; a double one to four times its value."""
    reach = np.zeros((36, 24), dtype=np.float32)
    for r in range(36):
        a, b = r // 6 + 1, r % 6 + 1
        steps = [a * k for k in range(1, 5)] if a == b else [a, b, a + b]
        for d in steps:
            reach[r, d - 1] = 1.0
    return reach


ROLL_REACH = _roll_reach()
# SHOT_FROM[k - 1, d - 1]: where a man d pips behind a blot at k stands (c - 1, c = k + d).
SHOT_FROM = np.arange(24)[:, None] + np.arange(1, 25)[None, :]


def _escape_landings() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every landing of one man for each of the 36 rolls (ordered), by each route:
    (distance, the four distances whose landings must be open, padded with 25: an
    always-open column; the roll)."""
    landings: list[tuple[int, tuple[int, ...], int]] = []
    for r in range(36):
        a, b = r // 6 + 1, r % 6 + 1
        if a == b:
            for k in range(1, 5):
                landings.append((a * k, tuple(a * j for j in range(1, k + 1)), r))
        else:
            landings += [(a, (a,), r), (b, (b,), r), (a + b, (a, a + b), r), (a + b, (b, a + b), r)]
    distance = np.array([d for d, _, _ in landings])
    need = np.array([[*steps, *(25,) * (4 - len(steps))] for _, steps, _ in landings]) - 1
    roll = np.zeros((len(landings), 36), dtype=np.float32)
    roll[np.arange(len(landings)), [r for _, _, r in landings]] = 1.0
    return distance, need, roll


LANDING_DISTANCE, LANDING_NEEDS, LANDING_ROLL = _escape_landings()


def _distinct(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For rows identified by ``keys``: the first row of each distinct key, and which of
    those each row is (a batch of look-ahead positions repeats most features' inputs)."""
    _, first, which = np.unique(keys, return_index=True, return_inverse=True)
    return first, which.reshape(-1)


_BITS24 = np.left_shift(np.int64(1), np.arange(24, dtype=np.int64))
_BITS25 = np.left_shift(np.int64(1), np.arange(25, dtype=np.int64))


def escapes(rear: np.ndarray, blocks: np.ndarray) -> np.ndarray:
    """``_escapes``, worked out once for each distinct row (it depends on nothing else)."""
    keys = (blocks[:, 1:25].astype(np.int64) @ _BITS24) | (rear.astype(np.int64) << 24)
    first, which = _distinct(keys)
    if len(first) == len(rear):
        return _escapes(rear, blocks)
    result: np.ndarray = _escapes(rear[first], blocks[first])[which]
    return result


def _shots(blots: np.ndarray, others: np.ndarray) -> np.ndarray:
    """The share of the 36 rolls that hit one of the ``blots`` (rows, 24: pos 1..24) from
    the other side's men (``others``, rows, 25: on this side's pos 1..25), the path's
    blocks ignored. As bits: a blot at k is ``d`` pips from a man at k + d."""
    blot_bits = blots.astype(np.int64) @ _BITS24
    other_bits = others.astype(np.int64) @ _BITS25
    present = np.stack([blot_bits & (other_bits >> d) != 0 for d in range(1, 25)], axis=1)
    shots: np.ndarray = ((present.astype(np.float32) @ ROLL_REACH.T) > 0).mean(axis=1)
    return shots


def _escapes(rear: np.ndarray, blocks: np.ndarray) -> np.ndarray:
    """The share of the 36 rolls that carry a man at ``rear`` (pos 0..24, one per row)
    past the last blocked pos in the twelve in front of it (1.0 with no block there or no
    man), every landing on the way open. ``blocks``: (rows, 26), pos 1..24 blocked."""
    rows = len(rear)
    ahead = rear[:, None].astype(np.intp) + np.arange(1, 25)[None, :]  # distances 1..24
    blocked = np.take_along_axis(blocks, np.minimum(ahead, 25), axis=1) & (ahead <= 24)
    near = blocked[:, :12]
    last = np.where(near.any(axis=1), 12 - np.argmax(near[:, ::-1], axis=1), 0)  # distance
    open_ = np.concatenate((~blocked, np.ones((rows, 1), dtype=bool)), axis=1)  # col 24: pad
    reach = open_[:, LANDING_NEEDS].all(axis=2) & (LANDING_DISTANCE[None, :] > last[:, None])
    share = ((reach.astype(np.float32) @ LANDING_ROLL) > 0).mean(axis=1)
    result: np.ndarray = np.where((last == 0) | (rear >= 25), 1.0, share)
    return result


def contact_features(boards: np.ndarray) -> np.ndarray:
    """Backgammon's features of each side: ``boards`` is (n, 2, 26) men per pos
    (0 the bar, 1..24 the track, 25 off), the side to act first; (n, 2, FEATURES)."""
    n = len(boards)
    # Each side seen from its own frame: its men, and the other's on its coordinates
    # (the other's pos q is this side's 25 - q; its bar this side's 25).
    mine = boards.reshape(n * 2, 26)
    other = boards[:, ::-1].reshape(n * 2, 26)[:, ::-1]  # index c: the other's men at c
    track = mine[:, 1:25]
    made = track >= 2
    pos = np.arange(26, dtype=np.float32)
    rear = np.where(mine[:, :25] > 0, pos[:25], 25.0).min(axis=1)  # 25: none on board
    # The other's rearmost man on this side's coordinates (25: on the bar; 0: none).
    their_rear = np.where(other[:, 1:26] > 0, pos[1:26], 0.0).max(axis=1)
    contact = rear < their_rear
    pips = (mine[:, :25] * (25.0 - pos[:25])).sum(axis=1)
    # Longest run of made points: at each point, the points since the last one not made.
    last_gap = np.maximum.accumulate(np.where(made, -1, np.arange(24)), axis=1)
    longest = np.where(made, np.arange(24) - last_gap, 0).max(axis=1)
    # Made points among the six in front of the other's rearmost man.
    ahead = (pos[1:25][None, :] < their_rear[:, None]) & (
        pos[1:25][None, :] >= their_rear[:, None] - 6.0
    )
    block = (made & ahead).sum(axis=1)
    # Shots: distances from the other's men (coming down) to this side's blots.
    blots = track == 1
    shots = _shots(blots, other[:, 1:26] > 0)  # others: index c - 1 for c = 1..25
    home = made[:, 18:24].sum(axis=1)
    blocks = np.zeros((n * 2, 26), dtype=bool)
    blocks[:, 1:25] = other[:, 1:25] >= 2
    escape = escapes(rear, blocks)
    anchor = np.where(made[:, :7], np.arange(1, 8), 0).max(axis=1)  # pos 1..7: their home, bar
    features = np.stack(
        (
            pips / 167.0,
            contact.astype(np.float32),
            (25.0 - rear) / 25.0,
            np.minimum(longest, 6.0) / 6.0,
            block / 6.0,
            shots * contact,
            np.minimum(blots.sum(axis=1), 6.0) / 6.0,
            home / 6.0,
            escape,
            anchor / 7.0,
        ),
        axis=-1,
    ).astype(np.float32)
    return features.reshape(n, 2, FEATURES)
