"""Sound effects, synthesized at start with numpy: no sound files to ship.

Where there is no audio device (or the mixer cannot start), the game plays
on silently: ``play`` then does nothing. Names: dice, move, hit, bear_off,
win, click, double.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from typing import Any

import numpy as np
import pygame

log = logging.getLogger(__name__)

RATE = 44100
NAMES = ("dice", "move", "hit", "bear_off", "win", "click", "double")


def _t(seconds: float) -> np.ndarray:
    return np.arange(int(RATE * seconds)) / RATE


def _fade(wave: np.ndarray, attack: float = 0.002, release: float = 0.01) -> np.ndarray:
    """Soft edges, so no sound starts or stops with a click."""
    n = len(wave)
    env = np.ones(n)
    a, r = max(1, int(attack * RATE)), max(1, int(release * RATE))
    env[: min(a, n)] = np.linspace(0.0, 1.0, min(a, n))
    env[max(0, n - r) :] = np.minimum(env[max(0, n - r) :], np.linspace(1.0, 0.0, min(r, n)))
    return wave * env


def _knock(freq: float, decay: float, seconds: float, noise: float, rng: np.random.Generator):
    """A struck piece of wood: a damped resonance with a noisy attack."""
    t = _t(seconds)
    body = np.sin(2 * np.pi * freq * t) + 0.45 * np.sin(2 * np.pi * freq * 2.71 * t)
    burst = rng.standard_normal(len(t)) * np.exp(-t / 0.004) * noise
    return _fade((body * np.exp(-t / decay) + burst) * 0.6)


def _dice(rng: np.random.Generator) -> np.ndarray:
    """Dice on wood: a run of small clicks, closer and softer as they settle."""
    out = np.zeros(int(RATE * 0.62))
    at = 0.0
    for i in range(9):
        click = _knock(rng.uniform(1800, 3200), 0.012, 0.05, 0.8, rng)
        start = int(at * RATE)
        end = min(len(out), start + len(click))
        out[start:end] += click[: end - start] * (0.9 ** i)
        at += rng.uniform(0.035, 0.085) * (1.0 - i / 14)
    return _fade(out, release=0.05)


def _move(rng: np.random.Generator) -> np.ndarray:
    return _knock(620, 0.035, 0.16, 0.35, rng)


def _hit(rng: np.random.Generator) -> np.ndarray:
    thump = _knock(170, 0.08, 0.4, 1.0, rng) * 1.2
    crack = _knock(1400, 0.02, 0.4, 0.6, rng) * 0.5
    return _fade(thump + crack, release=0.08)


def _bear_off(rng: np.random.Generator) -> np.ndarray:
    t = _t(0.5)
    tone = sum(
        np.sin(2 * np.pi * f * t) * a for f, a in ((1318.5, 0.5), (1975.5, 0.3), (2637, 0.15))
    )
    return _fade(tone * np.exp(-t / 0.15) * 0.7, release=0.05)


def _win(rng: np.random.Generator) -> np.ndarray:
    """A bright rising arpeggio and a held chord."""
    notes = (523.25, 659.25, 783.99, 1046.5)
    out = np.zeros(int(RATE * 1.6))
    for i, f in enumerate(notes):
        t = _t(1.6 - i * 0.12)
        tone = np.sin(2 * np.pi * f * t) + 0.3 * np.sin(4 * np.pi * f * t)
        tone *= np.exp(-t / 0.6) * 0.25
        start = int(i * 0.12 * RATE)
        out[start : start + len(tone)] += tone[: len(out) - start]
    return _fade(out, release=0.2)


def _click(rng: np.random.Generator) -> np.ndarray:
    return _knock(2400, 0.006, 0.05, 0.3, rng) * 0.6


def _double(rng: np.random.Generator) -> np.ndarray:
    return _fade(_knock(330, 0.06, 0.3, 0.6, rng) + _knock(495, 0.05, 0.3, 0.2, rng) * 0.6)


SYNTHS: dict[str, Callable[[np.random.Generator], np.ndarray]] = {
    "dice": _dice,
    "move": _move,
    "hit": _hit,
    "bear_off": _bear_off,
    "win": _win,
    "click": _click,
    "double": _double,
}


def synthesize(name: str, seed: int = 7) -> np.ndarray:
    """The mono wave of a sound, floats in -1..1 (peak 0.9)."""
    if name not in SYNTHS:
        raise ValueError(f"unknown sound {name!r} (sounds: {', '.join(NAMES)})")
    wave = SYNTHS[name](np.random.default_rng(seed))
    peak = float(np.max(np.abs(wave))) or 1.0
    return wave / peak * 0.9


class Audio:
    """The game's sounds; silent where there is no audio device."""

    def __init__(self) -> None:
        self.sounds: dict[str, Any] = {}
        self.volume = 0.7
        self.muted = False
        self.enabled = False

    def start(self, settings: Any) -> None:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=2)
            init = pygame.mixer.get_init()
            if not init:
                raise pygame.error("the mixer did not start")
            freq, _size, channels = init
            for name in NAMES:
                wave = synthesize(name)
                if freq != RATE:
                    x = np.linspace(0, len(wave) - 1, int(len(wave) * freq / RATE))
                    wave = np.interp(x, np.arange(len(wave)), wave)
                pcm = (wave * 32767).astype(np.int16)
                if channels > 1:
                    pcm = np.repeat(pcm[:, None], channels, axis=1)
                self.sounds[name] = pygame.sndarray.make_sound(np.ascontiguousarray(pcm))
            self.enabled = True
        except (pygame.error, ValueError, NotImplementedError) as exc:
            log.debug("no sound: %s", exc)
            self.sounds.clear()
            self.enabled = False
        self.apply(settings)

    def apply(self, settings: Any) -> None:
        self.volume = float(getattr(settings, "volume", 0.7))
        self.muted = bool(getattr(settings, "muted", False))
        for sound in self.sounds.values():
            sound.set_volume(0.0 if self.muted else self.volume)

    def play(self, name: str) -> None:
        if name not in SYNTHS:
            raise ValueError(f"unknown sound {name!r} (sounds: {', '.join(NAMES)})")
        if self.enabled and not self.muted and name in self.sounds:
            self.sounds[name].play()

    def stop(self) -> None:
        if self.enabled:
            with contextlib.suppress(pygame.error):
                pygame.mixer.stop()
        self.enabled = False
