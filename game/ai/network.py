"""A small multilayer perceptron in numpy: inputs -> tanh hidden -> sigmoid outputs.

What the inputs and outputs mean is the encoding's business (``encode.Scheme``):
five chances for two-sided games, each player's chance to win for El Mundo.

A backgammon network may carry a second network of the same shape for late contact
positions (``late``, fitted by ``game.ai.late``): the evaluation asks it wherever the
sides are still in contact and one of them has at least ``late_home`` men home or
off (``evaluate.late_contact``), and the first network everywhere else. Training
(``params``, ``gradients``) works on the first network; the second is carried along.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np


@dataclass
class Network:
    w1: np.ndarray  # (inputs, hidden)
    b1: np.ndarray  # (hidden,)
    w2: np.ndarray  # (hidden, outputs)
    b2: np.ndarray  # (outputs,)
    late: Network | None = None  # answers late contact positions (game.ai.late)
    late_home: int = 0  # men home or off on one side that make a contact position late

    @classmethod
    def create(cls, inputs: int, hidden: int, seed: int = 0, outputs: int = 5) -> Network:
        rng = np.random.default_rng(seed)
        return cls(
            (rng.standard_normal((inputs, hidden)) * (1.0 / np.sqrt(inputs))).astype(np.float32),
            np.zeros(hidden, dtype=np.float32),
            (rng.standard_normal((hidden, outputs)) * (1.0 / np.sqrt(hidden))).astype(np.float32),
            np.zeros(outputs, dtype=np.float32),
        )

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(hidden activations, outputs) for a batch of inputs (rows)."""
        h = np.tanh(x @ self.w1 + self.b1)
        y = 1.0 / (1.0 + np.exp(-(h @ self.w2 + self.b2)))
        return h, y

    @property
    def inputs(self) -> int:
        return int(self.w1.shape[0])

    @property
    def outputs(self) -> int:
        return int(self.w2.shape[1])

    def evaluate(self, x: np.ndarray) -> np.ndarray:
        return self.forward(x)[1]

    @property
    def params(self) -> list[np.ndarray]:
        """The weights, in the order ``gradients`` gives theirs."""
        return [self.w1, self.b1, self.w2, self.b2]

    def gradients(self, x: np.ndarray, target: np.ndarray) -> tuple[list[np.ndarray], float]:
        """The gradient of half the squared error (summed over outputs, averaged over
        rows) for each of ``params``, and the mean squared error."""
        h, y = self.forward(x)
        err = y - target
        dz2 = err * y * (1.0 - y)
        dh = (dz2 @ self.w2.T) * (1.0 - h * h)
        n = len(x)
        grads = [(x.T @ dh) / n, dh.mean(axis=0), (h.T @ dz2) / n, dz2.mean(axis=0)]
        return grads, float((err * err).mean())

    def train(self, x: np.ndarray, target: np.ndarray, rate: float) -> float:
        """One gradient step on squared error; returns the mean squared error before it."""
        grads, error = self.gradients(x, target)
        for param, grad in zip(self.params, grads, strict=True):
            param -= rate * grad
        return error

    def save(self, path: Path, record: dict[str, object]) -> None:
        """Weights (.npz) and, beside them, how they were made (.json); both atomic."""
        from game.files import write_json, write_npz

        arrays = dict(zip(NAMES, self.params, strict=True))
        if self.late is not None:
            arrays |= {f"late_{name}": a for name, a in zip(NAMES, self.late.params, strict=True)}
            arrays["late_home"] = np.array(self.late_home)
        write_npz(path, False, **arrays)
        write_json(path.with_suffix(".json"), record)

    @classmethod
    def load(cls, path: Path) -> Network:
        with np.load(path) as data:
            net = cls(*(data[name] for name in NAMES))
            if "late_w1" in data:
                late = cls(*(data[f"late_{name}"] for name in NAMES))
                if late.w1.shape != net.w1.shape or late.w2.shape != net.w2.shape:
                    raise ValueError(f"{path}'s late network is not the shape of its first")
                net.late, net.late_home = late, int(data["late_home"])
            return net


NAMES = ("w1", "b1", "w2", "b2")  # a network's arrays in a weights file


def record_of(path: Path) -> object:
    """The record saved beside ``path``'s weights (its name where there is none)."""
    try:
        return json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return str(path)


def resumed_from(path: Path) -> dict[str, object]:
    """What a record says of the weights a run started from: their path and their record."""
    return {"weights": str(path), "record": record_of(path)}
