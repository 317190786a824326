"""Positions as network inputs, and network outputs as values: one scheme per variant.

Every position is encoded from the side to act: its own men first, then the
other sides in turn order. Each side's men are counted on its own track (pos
1 is where its men come on), so the same encoding serves every board; the
way the tracks face each other is fixed per variant and the network learns it.

Per side, for each pos of the track, Tesauro's four units (TD-Gammon): one
man or more, two or more, three or more, and (n - 3) / 2 beyond; then the
bar / 2 and the men off / men. Backgammon stops there (2 x 98 = 196 inputs,
Tesauro's encoding exactly). The historical variants add, per side, the men
still in hand, the pip count (as a share of the most it can be) and six bits
of the variant's flags (Lombardorum's emptied start point, El Mundo's
placement rounds and finishing places).

Backgammon's networks may also read features per side that the raw units
only imply (``features``, 8 or 10; a network's input count tells which it
reads): its pip count, whether the sides are still in contact, how far its
rearmost man has to go, its longest prime, its points in the six in front of
the other side's rearmost man, the share of the 36 rolls that hit one of its
blots (the path's blocks ignored), its blots and its home points made; then
the share of the 36 rolls that carry its rearmost man past the other side's
last made point in the twelve in front of it (landings on the way open), and
its most advanced anchor (a point made in the other side's home or bar point).

Other games' networks may read features of their own in the same place
(``game.ai.features``: Plakoto's pinned men, Fevga's blocks), again told apart by
their input count; a network trained before a game had them reads none.

Outputs. Two sides: five chances for the side to act (it wins; wins two
points or more; three or more; loses two or more; loses three or more), whose
``equity`` is the expected points. El Mundo: each player's chance to win, the
side to act first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from game.ai.features import (
    FEATURES,
    FEVGA_FEATURES,
    PLAKOTO_FEATURES,
    contact_features,
    fevga_features,
    plakoto_features,
)
from game.rules.outcome import Outcome
from game.rules.position import Position
from game.rules.variants.base import Variant

BACKGAMMON_INPUTS = 196
FLAG_BITS = 6
FEATURE_SETS = (FEATURES, 8, 0)  # the counts a backgammon network may read, newest first
# The feature counts each game's networks may read, newest first (the network's id:
# a game its network plays reads that network's features).
GAME_FEATURE_SETS: dict[str, tuple[int, ...]] = {
    "backgammon": FEATURE_SETS,
    # 25: Plakoto's features before the mother's two (a run widened to read them).
    "plakoto": (PLAKOTO_FEATURES, 25, 0),
    "fevga": (FEVGA_FEATURES, 0),
}


def _backgammon_features(boards: np.ndarray, flags: np.ndarray) -> np.ndarray:
    """Backgammon's features (``contact_features``): the board alone tells them."""
    return contact_features(boards)


# Each feature set's function: (boards, flags), both ordered side to act first, to
# (n, sides, its newest count); a scheme reads the first ``Scheme.features`` of them.
FEATURE_FUNCTIONS = {
    "backgammon": _backgammon_features,
    "plakoto": plakoto_features,
    "fevga": fevga_features,
}


@dataclass(frozen=True)
class Scheme:
    """How one variant's positions become inputs and its outputs become values."""

    players: int
    track: int  # track length L
    men: int  # men per side
    extras: bool  # hand, pips and flags (every variant but backgammon)
    features: int = 0  # the first this many of its game's features (``GAME_FEATURE_SETS``)
    feature_set: str = ""  # whose features: a network's id in ``GAME_FEATURE_SETS``
    # Does the third output (a backgammon) add a point to the equity? Portes scores a
    # backgammon 2, like a gammon, unless an option says 3.
    third_point: bool = True

    @classmethod
    def for_variant(cls, variant: Variant, features: int | None = None) -> Scheme:
        """The variant's scheme; where its game has features (``GAME_FEATURE_SETS``) it
        reads ``features`` of them a side (all of them unless told otherwise; 0 or
        False: none)."""
        start = variant.start_position()
        # Backgammon's inputs, for backgammon and a game its network plays (Portes).
        backgammon = variant.network_id == "backgammon"
        sets = GAME_FEATURE_SETS.get(variant.network_id, (0,))
        count = sets[0] if features is None else int(features)
        if count not in sets:
            raise ValueError(f"{variant.network_id} has no set of {count} features")
        return cls(
            players=start.players,
            track=start.track_length,
            men=start.men(0),
            extras=not backgammon,
            features=count,
            feature_set=variant.network_id if count else "",
            third_point=variant.backgammon_points >= 3,
        )

    @classmethod
    def for_network(cls, variant: Variant, inputs: int) -> Scheme | None:
        """The variant's scheme a network with ``inputs`` inputs reads (None: none)."""
        for count in GAME_FEATURE_SETS.get(variant.network_id, (0,)):
            scheme = cls.for_variant(variant, features=count)
            if scheme.inputs == inputs:
                return scheme
        return None

    @property
    def side_inputs(self) -> int:
        extras = 2 + FLAG_BITS if self.extras else 0
        return 4 * self.track + 2 + extras + self.features

    @property
    def inputs(self) -> int:
        return self.players * self.side_inputs

    @property
    def outputs(self) -> int:
        return 5 if self.players == 2 else self.players

    # -- inputs ------------------------------------------------------------------

    def boards(self, positions: Sequence[Position]) -> np.ndarray:
        """Every position's men per side and pos: (n, sides, L+2), as small whole numbers
        (no count passes 255: the bytes of the rows are the quickest way in)."""
        joined = b"".join([bytes(row) for p in positions for row in p.board])
        shape = (len(positions), self.players, self.track + 2)
        return np.frombuffer(joined, dtype=np.uint8).reshape(shape)

    def encode(self, positions: Sequence[Position], boards: np.ndarray | None = None) -> np.ndarray:
        """The inputs of every position (rows), each seen by its side to act (``boards``:
        their ``boards``, where the caller has them already)."""
        raw = self.boards(positions) if boards is None else boards
        to_act = np.array([p.to_act for p in positions], dtype=np.intp)
        return self.encode_boards(raw, to_act, positions)

    def encode_boards(
        self, raw: np.ndarray, to_act: np.ndarray, positions: Sequence[Position] = ()
    ) -> np.ndarray:
        """``encode`` from the positions' ``boards`` and sides to act (rows); the positions
        themselves are read only for the hands and flags (``extras``)."""
        n, sides, length = len(raw), self.players, self.track
        boards = raw.reshape(n, sides, length + 2).astype(np.float32)  # (n, sides, L+2)
        order = (to_act[:, None] + np.arange(sides)[None, :]) % sides  # side to act first
        rows = np.arange(n)[:, None]
        boards = boards[rows, order]
        track = boards[:, :, 1 : length + 1]
        units = np.stack(
            (track >= 1, track >= 2, track >= 3, np.maximum(track - 3.0, 0.0) / 2.0), axis=-1
        ).astype(np.float32)
        parts = [
            units.reshape(n, sides, 4 * length),
            boards[:, :, :1] / 2.0,
            boards[:, :, -1:] / self.men,
        ]
        if self.extras:
            hands = np.array([p.hand for p in positions], dtype=np.float32)[rows, order]
            flags = np.array([p.flags for p in positions], dtype=np.intp)[rows, order]
            steps = np.arange(length + 2, dtype=np.float32)[::-1]  # pips from each pos
            pips = (boards * steps).sum(axis=-1) + hands * (length + 1)
            bits = (flags[:, :, None] >> np.arange(FLAG_BITS)) & 1
            parts += [
                hands[:, :, None] / self.men,
                pips[:, :, None] / (self.men * (length + 1)),
                bits.astype(np.float32),
            ]
        if self.features:
            # Backgammon's boards come without their positions: its features need no flags.
            if self.extras:
                game_flags = np.array([p.flags for p in positions], dtype=np.int64)[rows, order]
            else:
                game_flags = np.zeros((n, sides), dtype=np.int64)
            features = FEATURE_FUNCTIONS[self.feature_set](boards, game_flags)
            parts.append(features[:, :, : self.features])
        return np.concatenate(parts, axis=-1).reshape(n, self.inputs)

    def decode_boards(self, x: np.ndarray) -> np.ndarray:
        """The boards (n, sides, L + 2) that ``encode_boards`` read to give the inputs ``x``
        (rows), the side to act first: the men on each pos from its units, the bar and
        the men off. Only for schemes without hands and flags (backgammon's)."""
        if self.extras:
            raise ValueError("inputs with hands and flags are not decoded")
        n, sides, length = len(x), self.players, self.track
        rows = x.reshape(n, sides, self.side_inputs)
        units = rows[:, :, : 4 * length].reshape(n, sides, length, 4)
        boards = np.empty((n, sides, length + 2), dtype=np.int64)
        boards[:, :, 1 : length + 1] = np.rint(units[..., :3].sum(axis=-1) + 2.0 * units[..., 3])
        boards[:, :, 0] = np.rint(rows[:, :, 4 * length] * 2.0)
        boards[:, :, -1] = np.rint(rows[:, :, 4 * length + 1] * self.men)
        return boards

    # -- outputs -----------------------------------------------------------------

    def values(self, y: np.ndarray, to_act: Sequence[int] | np.ndarray, mover: int) -> np.ndarray:
        """The value for ``mover`` of positions whose outputs (rows) are ``y``, each seen by
        the side to act there: expected points with two sides; the chance to win with more."""
        to_act = np.asarray(to_act)
        if self.players == 2:
            eq = equity(y, self.third_point)
            return np.where(to_act == mover, eq, -eq)
        chance: np.ndarray = y[np.arange(len(y)), (mover - to_act) % self.players]
        return chance

    def result(self, outcome: Outcome, seen_by: int) -> np.ndarray:
        """The outputs a finished game should have had, seen by side ``seen_by``."""
        out = np.zeros(self.outputs, dtype=np.float32)
        if outcome.winner is None:
            if self.players == 2:
                out[0] = 0.5
            else:
                out[:] = 1.0 / self.players
            return out
        if self.players == 2:
            points = outcome.points
            if outcome.winner == seen_by:
                out[0] = 1.0
                out[1], out[2] = points >= 2, points >= 3
            else:
                out[3], out[4] = points >= 2, points >= 3
            return out
        out[(outcome.winner - seen_by) % self.players] = 1.0
        return out

    def turn(self, y: np.ndarray, turns: int) -> np.ndarray:
        """Outputs seen by the side ``turns`` places after the one they were seen by."""
        if self.players == 2:
            return flip(y) if turns % 2 else y
        return np.roll(y, -turns, axis=-1)


def equity(y: np.ndarray, third_point: bool = True) -> np.ndarray:
    """Expected points for the side to act from the five outputs (rows); without
    ``third_point`` a backgammon counts as a gammon (Portes)."""
    win, wg, wbg, lg, lbg = (y[..., i] for i in range(5))
    result: np.ndarray = 2.0 * win - 1.0 + wg - lg
    if third_point:
        result = result + wbg - lbg
    return result


def flip(y: np.ndarray) -> np.ndarray:
    """The five outputs seen by the other side."""
    return np.stack([1.0 - y[..., 0], y[..., 3], y[..., 4], y[..., 1], y[..., 2]], axis=-1)


def encode_backgammon(position: Position) -> np.ndarray:
    """The 196 inputs of ``position`` from the side to act (Tesauro's encoding)."""
    inputs: np.ndarray = BACKGAMMON.encode([position])[0]
    return inputs


BACKGAMMON = Scheme(players=2, track=24, men=15, extras=False)
