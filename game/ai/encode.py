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

Outputs. Two sides: five chances for the side to act (it wins; wins two
points or more; three or more; loses two or more; loses three or more), whose
``equity`` is the expected points. El Mundo: each player's chance to win, the
side to act first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from game.rules.outcome import Outcome
from game.rules.position import Position
from game.rules.variants.base import Variant

BACKGAMMON_INPUTS = 196
FLAG_BITS = 6


@dataclass(frozen=True)
class Scheme:
    """How one variant's positions become inputs and its outputs become values."""

    players: int
    track: int  # track length L
    men: int  # men per side
    extras: bool  # hand, pips and flags (every variant but backgammon)

    @classmethod
    def for_variant(cls, variant: Variant) -> Scheme:
        start = variant.start_position()
        return cls(
            players=start.players,
            track=start.track_length,
            men=start.men(0),
            extras=variant.id != "backgammon",
        )

    @property
    def side_inputs(self) -> int:
        return 4 * self.track + 2 + (2 + FLAG_BITS if self.extras else 0)

    @property
    def inputs(self) -> int:
        return self.players * self.side_inputs

    @property
    def outputs(self) -> int:
        return 5 if self.players == 2 else self.players

    # -- inputs ------------------------------------------------------------------

    def encode(self, positions: Sequence[Position]) -> np.ndarray:
        """The inputs of every position (rows), each seen by its side to act."""
        n, sides, length = len(positions), self.players, self.track
        boards = np.array([p.board for p in positions], dtype=np.float32)  # (n, sides, L+2)
        to_act = np.array([p.to_act for p in positions], dtype=np.intp)
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
        return np.concatenate(parts, axis=-1).reshape(n, self.inputs)

    # -- outputs -----------------------------------------------------------------

    def values(self, y: np.ndarray, to_act: Sequence[int] | np.ndarray, mover: int) -> np.ndarray:
        """The value for ``mover`` of positions whose outputs (rows) are ``y``, each seen by
        the side to act there: expected points with two sides; the chance to win with more."""
        to_act = np.asarray(to_act)
        if self.players == 2:
            eq = equity(y)
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


def equity(y: np.ndarray) -> np.ndarray:
    """Expected points for the side to act from the five outputs (rows)."""
    win, wg, wbg, lg, lbg = (y[..., i] for i in range(5))
    result: np.ndarray = 2.0 * win - 1.0 + wg + wbg - lg - lbg
    return result


def flip(y: np.ndarray) -> np.ndarray:
    """The five outputs seen by the other side."""
    return np.stack([1.0 - y[..., 0], y[..., 3], y[..., 4], y[..., 1], y[..., 2]], axis=-1)


def encode_backgammon(position: Position) -> np.ndarray:
    """The 196 inputs of ``position`` from the side to act (Tesauro's encoding)."""
    return BACKGAMMON.encode([position])[0]


BACKGAMMON = Scheme(players=2, track=24, men=15, extras=False)
