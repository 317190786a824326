"""A small multilayer perceptron in numpy: inputs -> tanh hidden -> sigmoid outputs.

Backgammon's five outputs, for the side to act: it wins; it wins a gammon (or
more); it wins a backgammon; it loses a gammon (or more); it loses a
backgammon. ``equity`` turns them into the expected points of a game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

OUTPUTS = 5


@dataclass
class Network:
    w1: np.ndarray  # (inputs, hidden)
    b1: np.ndarray  # (hidden,)
    w2: np.ndarray  # (hidden, outputs)
    b2: np.ndarray  # (outputs,)

    @classmethod
    def create(cls, inputs: int, hidden: int, seed: int = 0) -> Network:
        rng = np.random.default_rng(seed)
        return cls(
            (rng.standard_normal((inputs, hidden)) * (1.0 / np.sqrt(inputs))).astype(np.float32),
            np.zeros(hidden, dtype=np.float32),
            (rng.standard_normal((hidden, OUTPUTS)) * (1.0 / np.sqrt(hidden))).astype(np.float32),
            np.zeros(OUTPUTS, dtype=np.float32),
        )

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(hidden activations, outputs) for a batch of inputs (rows)."""
        h = np.tanh(x @ self.w1 + self.b1)
        y = 1.0 / (1.0 + np.exp(-(h @ self.w2 + self.b2)))
        return h, y

    def evaluate(self, x: np.ndarray) -> np.ndarray:
        return self.forward(x)[1]

    def train(self, x: np.ndarray, target: np.ndarray, rate: float) -> float:
        """One gradient step on squared error; returns the mean squared error before it."""
        h, y = self.forward(x)
        err = y - target
        dz2 = err * y * (1.0 - y)
        dh = (dz2 @ self.w2.T) * (1.0 - h * h)
        n = len(x)
        self.w2 -= rate * (h.T @ dz2) / n
        self.b2 -= rate * dz2.mean(axis=0)
        self.w1 -= rate * (x.T @ dh) / n
        self.b1 -= rate * dh.mean(axis=0)
        return float((err * err).mean())

    def save(self, path: Path, record: dict[str, object]) -> None:
        """Weights (.npz) and, beside them, how they were made (.json); both atomic."""
        import io

        from game.store.files import write_atomic, write_json

        buffer = io.BytesIO()
        np.savez(buffer, w1=self.w1, b1=self.b1, w2=self.w2, b2=self.b2)
        write_atomic(path, buffer.getvalue())
        write_json(path.with_suffix(".json"), record)

    @classmethod
    def load(cls, path: Path) -> Network:
        with np.load(path) as data:
            return cls(data["w1"], data["b1"], data["w2"], data["b2"])


def equity(y: np.ndarray) -> np.ndarray:
    """Expected points for the side to act from the five outputs (rows)."""
    win, wg, wbg, lg, lbg = (y[..., i] for i in range(OUTPUTS))
    result: np.ndarray = 2.0 * win - 1.0 + wg + wbg - lg - lbg
    return result


def flip(y: np.ndarray) -> np.ndarray:
    """The outputs seen by the other side."""
    return np.stack([1.0 - y[..., 0], y[..., 3], y[..., 4], y[..., 1], y[..., 2]], axis=-1)


def record_text(record: dict[str, object]) -> str:
    return json.dumps(record, indent=2, sort_keys=True)
