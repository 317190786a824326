"""Positions as network inputs, seen by the side about to roll.

Backgammon uses Tesauro's encoding (TD-Gammon), from the side to act: for
each side (the side to act first) and each of its 24 points four units (one
man or more, two or more, three or more, and (n - 3) / 2 beyond), then men
on the bar / 2 and men off / 15: 2 x (96 + 2) = 196 inputs.
"""

from __future__ import annotations

import numpy as np

from game.rules.position import Position

BACKGAMMON_INPUTS = 196


def encode_backgammon(position: Position) -> np.ndarray:
    """The 196 inputs of ``position`` from the side to act."""
    out = np.zeros(BACKGAMMON_INPUTS, dtype=np.float32)
    me = position.to_act
    for block, side in enumerate((me, 1 - me)):
        row = position.board[side]
        base = block * 98
        for pos in range(1, 25):
            n = row[pos]
            if n:
                i = base + (pos - 1) * 4
                out[i] = 1.0
                if n >= 2:
                    out[i + 1] = 1.0
                    if n >= 3:
                        out[i + 2] = 1.0
                        if n > 3:
                            out[i + 3] = (n - 3) / 2.0
        out[base + 96] = row[0] / 2.0
        out[base + 97] = row[25] / 15.0
    return out
