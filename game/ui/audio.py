"""The game's sounds, synthesized with numpy when the mixer starts: no sound files.

- ``dice``: two dice shaken in the hand, then falling on wood: hard little
  clicks with a ringing body, the board's hollow answer, bounces that shrink
  and a last rock as they settle (timed like ``effects.DiceThrow`` at normal
  speed: the first landing about 0.2 s in).
- ``move``: a soft wooden *tock*, a man set down on its point.
- ``hit``: a heavier knock, then the struck man clattering to the bar.
- ``bear_off``: a light two-note chime over a faint tock.
- ``win``: a plucked-string arpeggio rising to a ringing major chord.
- ``click``: a small dry tick for the menus.
- ``double``: the doubling cube set down firmly, with a small bounce.

Every sound has a smooth onset and a faded tail (no clicks at either end), no
DC offset, and a peak well under full scale so that a few sounds together do
not clip. ``dice`` and ``move`` come in a few variations, played in turn, so
a long game does not hammer one sample.

:class:`Audio` plays on silently when there is no audio device, when the
mixer will not start, or when numpy is missing (``pygame.sndarray`` needs it):
the game never fails for want of sound.
"""

from __future__ import annotations

import logging
import math
import random
import wave
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

try:
    import numpy as np
except ImportError:  # pragma: no cover - without numpy the game is silent
    np = None  # type: ignore[assignment]

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from game.store.settings import Settings

    Samples = NDArray[Any]

log = logging.getLogger(__name__)

SOUND_NAMES = ("dice", "move", "hit", "bear_off", "win", "click", "double")
VARIATIONS = {"dice": 3, "move": 4}  # the others have one take
MIXER_FORMAT = (44100, -16, 2, 512)  # frequency, size, channels, buffer (low latency)

# -- building blocks ---------------------------------------------------------------------


def _time(seconds: float, rate: int) -> Samples:
    return np.arange(max(1, round(seconds * rate)), dtype=np.float64) / rate


def _mode(t: Samples, freq: float, decay: float, amp: float = 1.0, phase: float = 0.0) -> Samples:
    """A damped sinusoid: one resonance of a struck object (``decay``: seconds to 1/e)."""
    return amp * np.sin(2 * math.pi * freq * t + phase) * np.exp(-t / decay)


def _release(sound: Samples, rate: int, seconds: float) -> Samples:
    """Fade the last ``seconds`` of a note to silence, so cutting it off never clicks."""
    n = min(len(sound), max(1, round(seconds * rate)))
    sound[len(sound) - n :] *= 0.5 + 0.5 * np.cos(np.linspace(0, math.pi, n))
    return sound


def _band_noise(n: int, rate: int, low: float, high: float, rng: random.Random) -> Samples:
    """White noise kept between ``low`` and ``high`` Hz (soft edges), unit RMS."""
    gen = np.random.default_rng(rng.getrandbits(32))
    spectrum = np.fft.rfft(gen.standard_normal(n))
    freqs = np.fft.rfftfreq(n, 1 / rate)
    width = max(1.0, 0.25 * low)
    shape = 1 / (1 + np.exp(-(freqs - low) / width)) / (1 + np.exp((freqs - high) / (0.25 * high)))
    out = np.fft.irfft(spectrum * shape, n)
    rms = float(np.sqrt(np.mean(out * out))) or 1.0
    return out / rms


def _place(buffer: Samples, sound: Samples, at: float, rate: int, pan: float = 0.0) -> None:
    """Add a mono ``sound`` into stereo ``buffer`` from ``at`` seconds, panned -1..1."""
    start = round(at * rate)
    if start >= len(buffer):
        return
    sound = sound[: len(buffer) - start]
    angle = (pan + 1) * math.pi / 4  # constant-power pan
    buffer[start : start + len(sound), 0] += sound * math.cos(angle)
    buffer[start : start + len(sound), 1] += sound * math.sin(angle)


def _reverb(buffer: Samples, rate: int, rng: random.Random, length: float, wet: float) -> Samples:
    """A small room: convolve with decaying, darkening noise (different in each ear)."""
    n = round(length * rate)
    t = np.arange(n) / rate
    out_len = len(buffer) + n - 1
    size = 1 << (out_len - 1).bit_length()
    result = np.zeros((out_len, 2))
    for ch in range(2):
        impulse = _band_noise(n, rate, 150, 5000, rng) * np.exp(-t / (length / 6.5))
        impulse[: round(0.008 * rate)] = 0.0  # the first reflections arrive after a moment
        impulse /= np.sqrt(np.sum(impulse * impulse)) or 1.0
        wet_sig = np.fft.irfft(np.fft.rfft(buffer[:, ch], size) * np.fft.rfft(impulse, size), size)
        result[:, ch] = wet * wet_sig[:out_len]
        result[: len(buffer), ch] += buffer[:, ch]
    return result


def _finish(
    buffer: Samples, rate: int, peak: float, fade_in: float = 0.001, fade_out: float = 0.03
) -> Samples:
    """No DC, raised-cosine fades at both ends, the peak set to ``peak``: float32 (n, 2)."""
    out = buffer - buffer.mean(axis=0)
    n = len(out)
    a = min(n // 4, max(1, round(fade_in * rate)))
    b = min(n // 2, max(1, round(fade_out * rate)))
    out[:a] *= (0.5 - 0.5 * np.cos(np.linspace(0, math.pi, a)))[:, None]
    out[n - b :] *= (0.5 + 0.5 * np.cos(np.linspace(0, math.pi, b)))[:, None]
    top = float(np.max(np.abs(out))) or 1.0
    return (out * (peak / top)).astype(np.float32)


def _trim(buffer: Samples, rate: int, floor: float = 1e-3, tail: float = 0.02) -> Samples:
    """Cut the silence after the last sample louder than ``floor`` of the peak."""
    level = np.max(np.abs(buffer), axis=1)
    loud = np.nonzero(level > floor * (float(level.max()) or 1.0))[0]
    end = min(len(buffer), (int(loud[-1]) if len(loud) else 0) + round(tail * rate))
    return buffer[: max(end, 1)]


# -- the pieces of wood and bone ----------------------------------------------------------


def _die_click(rate: int, rng: random.Random, on_wood: bool = True) -> Samples:
    """One die striking: a hard bright click, plus the board's wooden reply."""
    t = _time(0.12 if on_wood else 0.04, rate)
    n = len(t)
    bright = rng.uniform(0.9, 1.12)
    noise = _band_noise(n, rate, 2500, 11000, rng) * np.exp(-t / 0.0012)
    body = (
        _mode(t, 3150 * bright, 0.010, 0.55, rng.uniform(0, 6.3))
        + _mode(t, 4870 * bright, 0.007, 0.40, rng.uniform(0, 6.3))
        + _mode(t, 7260 * bright, 0.004, 0.30, rng.uniform(0, 6.3))
    )
    sound = 0.5 * noise + body
    if on_wood:
        wood = rng.uniform(0.92, 1.08)
        sound += (
            _mode(t, 182 * wood, 0.045, 0.7)
            + _mode(t, 347 * wood, 0.030, 0.55)
            + _mode(t, 612 * wood, 0.018, 0.4)
            + _band_noise(n, rate, 300, 2500, rng) * np.exp(-t / 0.006) * 0.35
        )
    return _release(sound, rate, 0.3 * len(t) / rate)


def _tock(rate: int, rng: random.Random, pitch: float = 1.0, weight: float = 1.0) -> Samples:
    """A turned wooden man set down on wood: round, short and warm."""
    t = _time(0.22 + 0.15 * weight, rate)
    n = len(t)
    f0 = 540.0 * pitch
    sound = (
        _mode(t, f0, 0.040 * weight, 0.8)
        + _mode(t, f0 * 1.41, 0.024 * weight, 0.45, 0.7)
        + _mode(t, f0 * 2.23, 0.012, 0.25, 1.9)
        + _mode(t, f0 * 3.6, 0.006, 0.12, 0.3)
        + _mode(t, 150.0 * pitch, 0.035 * weight, 0.7 * weight)  # the board's thump
        + _band_noise(n, rate, 200, 3500, rng) * np.exp(-t / 0.0025) * 0.5
    )
    # a soft attack (a felted base, not a snap): 1.5 ms rise
    rise = min(n, round(0.0015 * rate))
    sound[:rise] *= np.linspace(0, 1, rise)
    return _release(sound, rate, 0.3 * len(t) / rate)


def _bell(rate: int, freq: float, length: float, rng: random.Random) -> Samples:
    """A small bell or glass: inharmonic partials that die away at different speeds."""
    t = _time(length, rate)
    partials = ((1.0, 1.0, 0.55), (2.0, 0.30, 0.30), (2.76, 0.25, 0.20), (5.40, 0.08, 0.08))
    sound = np.zeros_like(t)
    for ratio, amp, decay in partials:
        sound += _mode(t, freq * ratio, decay, amp, rng.uniform(0, 6.3))
    attack = min(len(t), round(0.003 * rate))
    sound[:attack] *= np.linspace(0, 1, attack)
    return _release(sound, rate, 0.4 * length)


def _pluck(rate: int, freq: float, length: float, decay: float = 1.1) -> Samples:
    """A plucked gut string (harp, lute): bright at first, mellowing as it rings."""
    t = _time(length, rate)
    sound = np.zeros_like(t)
    where = 0.2  # plucked a fifth of the way along: a warm, slightly hollow tone
    for k in range(1, 13):
        f = k * freq * math.sqrt(1 + 0.00015 * k * k)  # a little stiffness
        if f > rate / 2.2:
            break
        amp = abs(math.sin(k * math.pi * where)) / k**1.2
        tau = decay / (1 + 0.35 * (k - 1) ** 1.4)
        n = min(len(t), round(9 * tau * rate))  # beyond 9 tau it is below -78 dB: skip it
        # a damped sinusoid as powers of one complex step: much cheaper than sin * exp
        step = np.full(n, np.exp(complex(-1 / (tau * rate), 2 * math.pi * f / rate)))
        step[0] = 1.0
        sound[:n] += amp * np.cumprod(step).imag
    attack = min(len(t), round(0.004 * rate))
    sound[:attack] *= np.linspace(0, 1, attack) ** 2
    return _release(sound, rate, 0.4 * length)


def _note(name: str) -> float:
    """Equal-tempered frequency of a note like ``"C5"`` or ``"G4"`` (A4 = 440 Hz)."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}[name[0]]
    return 440.0 * 2 ** ((steps + 12 * (int(name[-1]) - 4)) / 12)


# -- the sounds ----------------------------------------------------------------------------


def _dice(rate: int, rng: random.Random) -> Samples:
    buffer = np.zeros((round(0.85 * rate), 2))
    # shaken in the hand: dice knocking each other, muffled and quiet
    for i in range(4):
        _place(
            buffer,
            _die_click(rate, rng, on_wood=False) * rng.uniform(0.10, 0.18),
            0.015 + i * 0.038 + rng.uniform(-0.008, 0.008),
            rate,
            rng.uniform(-0.2, 0.2),
        )
    # on the table: each die's bounces (the moments of ease_out_bounce over ~0.55 s)
    bounces = (0.364, 0.727, 0.909, 1.0)
    levels = (1.0, 0.55, 0.32, 0.18)
    for die in range(2):
        fall = 0.546 * (1.0 if die == 0 else rng.uniform(0.82, 1.0))
        pan = (-0.35 if die == 0 else 0.35) + rng.uniform(-0.1, 0.1)
        for moment, level in zip(bounces, levels, strict=True):
            at = fall * moment + rng.uniform(-0.006, 0.006)
            _place(buffer, _die_click(rate, rng) * level * rng.uniform(0.8, 1.0), at, rate, pan)
        # rocking to rest on an edge
        for j in range(rng.randint(1, 2)):
            at = fall + 0.03 + 0.03 * j + rng.uniform(0, 0.012)
            _place(buffer, _die_click(rate, rng) * 0.08, at, rate, pan)
    return _finish(_trim(buffer, rate), rate, 0.72)


def _move(rate: int, rng: random.Random) -> Samples:
    buffer = np.zeros((round(0.3 * rate), 2))
    _place(
        buffer, _tock(rate, rng, pitch=rng.uniform(0.93, 1.07)), 0.0, rate, rng.uniform(-0.1, 0.1)
    )
    return _finish(_trim(buffer, rate), rate, 0.55)


def _hit(rate: int, rng: random.Random) -> Samples:
    buffer = np.zeros((round(0.7 * rate), 2))
    knock = _tock(rate, rng, pitch=0.68, weight=1.6)
    crack = _die_click(rate, rng) * 0.45  # two men striking: a hard edge to the knock
    _place(buffer, knock, 0.0, rate)
    _place(buffer, crack, 0.002, rate)
    # the struck man clatters away to the bar
    for i, level in enumerate((0.42, 0.28, 0.18, 0.1)):
        at = 0.11 + 0.07 * i - 0.012 * i * i + rng.uniform(-0.005, 0.005)
        _place(
            buffer,
            _tock(rate, rng, pitch=rng.uniform(1.15, 1.3), weight=0.6) * level,
            at,
            rate,
            0.15 * (i + 1),
        )
    return _finish(_trim(buffer, rate), rate, 0.85)


def _bear_off(rate: int, rng: random.Random) -> Samples:
    buffer = np.zeros((round(1.0 * rate), 2))
    _place(buffer, _tock(rate, rng, pitch=1.2, weight=0.6) * 0.35, 0.0, rate)
    _place(buffer, _bell(rate, _note("E6"), 0.9, rng) * 0.55, 0.01, rate, -0.15)
    _place(buffer, _bell(rate, _note("B6"), 0.8, rng) * 0.40, 0.085, rate, 0.15)
    wet = _reverb(buffer, rate, rng, 0.6, 0.25)
    return _finish(_trim(wet, rate), rate, 0.5, fade_out=0.08)


def _win(rate: int, rng: random.Random) -> Samples:
    buffer = np.zeros((round(3.3 * rate), 2))
    arpeggio = ("G4", "C5", "E5", "G5", "C6")
    for i, name in enumerate(arpeggio):
        pan = -0.5 + i * 0.25
        _place(buffer, _pluck(rate, _note(name), 1.2, 0.6) * 0.7, i * 0.105, rate, pan)
    # the closing chord, strummed upwards, ringing
    for i, name in enumerate(("C4", "G4", "C5", "E5", "G5", "C6")):
        pan = -0.4 + i * 0.16
        level = 0.55 if i else 0.7
        _place(buffer, _pluck(rate, _note(name), 2.6, 1.3) * level, 0.62 + i * 0.018, rate, pan)
    _place(buffer, _bell(rate, _note("C7"), 1.4, rng) * 0.12, 0.64, rate)  # a glint on top
    wet = _reverb(buffer, rate, rng, 1.1, 0.3)
    return _finish(_trim(wet, rate), rate, 0.6, fade_out=0.25)


def _click(rate: int, rng: random.Random) -> Samples:
    t = _time(0.05, rate)
    sound = (
        _mode(t, 1900, 0.006, 0.8)
        + _mode(t, 3300, 0.0035, 0.5, 0.9)
        + _band_noise(len(t), rate, 1500, 8000, rng) * np.exp(-t / 0.0008) * 0.4
    )
    buffer = np.zeros((len(t), 2))
    _place(buffer, sound, 0.0, rate)
    return _finish(_trim(buffer, rate), rate, 0.35, fade_out=0.01)


def _double(rate: int, rng: random.Random) -> Samples:
    buffer = np.zeros((round(0.5 * rate), 2))
    for at, level in ((0.0, 1.0), (0.085, 0.38), (0.13, 0.14)):
        t = _time(0.3, rate)
        cube = (
            _mode(t, 880, 0.028, 0.7, rng.uniform(0, 6.3))
            + _mode(t, 1730, 0.016, 0.45, rng.uniform(0, 6.3))
            + _mode(t, 2650, 0.009, 0.3, rng.uniform(0, 6.3))
            + _mode(t, 205, 0.05, 0.6)
            + _band_noise(len(t), rate, 400, 6000, rng) * np.exp(-t / 0.002) * 0.5
        )
        _place(buffer, _release(cube, rate, 0.1) * level, at, rate, 0.1)
    return _finish(_trim(buffer, rate), rate, 0.7)


_SYNTHS: dict[str, Callable[[int, random.Random], Samples]] = {
    "dice": _dice,
    "move": _move,
    "hit": _hit,
    "bear_off": _bear_off,
    "win": _win,
    "click": _click,
    "double": _double,
}


def synthesize(name: str, rate: int = 44100, variation: int = 0) -> Samples:
    """The named sound as float32 stereo samples, shape (n, 2), within -1..1.

    The same name, rate and variation always give the same samples; they are
    made once per process and shared (the array is read-only).
    """
    if name not in _SYNTHS:
        raise ValueError(f"unknown sound {name!r}; the sounds are {', '.join(SOUND_NAMES)}")
    if np is None:
        raise RuntimeError("synthesizing sounds needs numpy")
    return _synthesized(name, int(rate), int(variation))


@lru_cache(maxsize=64)
def _synthesized(name: str, rate: int, variation: int) -> Samples:
    seed = SOUND_NAMES.index(name) * 1000 + variation
    samples = _SYNTHS[name](rate, random.Random(seed))
    samples.setflags(write=False)
    return samples


def to_mixer_array(samples: Samples, size: int, channels: int) -> Samples:
    """Float stereo samples in the mixer's format (``pygame.mixer.get_init()``'s size, channels).

    Sizes: 8/-8 (unsigned/signed bytes), 16/-16 (unsigned/signed words),
    32/-32 (floats). One channel mixes down; more than two keep left and right
    in front and leave the others silent.
    """
    stereo = np.clip(np.asarray(samples, dtype=np.float64), -1.0, 1.0)
    if channels == 1:
        frames = stereo.mean(axis=1)
    else:
        frames = np.zeros((len(stereo), channels))
        frames[:, :2] = stereo
    if size == -16:
        return np.round(frames * 32767).astype(np.int16)
    if size == 16:
        return np.round(frames * 32767 + 32768).astype(np.uint16)
    if size == -8:
        return np.round(frames * 127).astype(np.int8)
    if size == 8:
        return np.round(frames * 127 + 128).astype(np.uint8)
    if abs(size) == 32:
        return frames.astype(np.float32)
    raise ValueError(f"unsupported mixer sample size {size!r}")


@lru_cache(maxsize=128)
def _mixed(name: str, rate: int, variation: int, size: int, channels: int) -> Samples:
    """A sound in the mixer's format, made once a process (a window opened again, as
    after a change of screen mode, does not make its sounds again)."""
    samples = to_mixer_array(synthesize(name, rate, variation), size, channels)
    samples.setflags(write=False)
    return samples


def write_wav(path: Path, samples: Samples, rate: int = 44100) -> None:
    """Save float stereo samples as a 16-bit WAV (to listen to or inspect a sound)."""
    data = to_mixer_array(samples, -16, 2)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(2)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(data.astype("<i2").tobytes())


# -- the player ----------------------------------------------------------------------------


class Audio:
    """Plays the named sounds at the settings' volume; silent when there is no mixer."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.sounds: dict[str, list[pygame.mixer.Sound]] = {}
        self.rng = rng if rng is not None else random.Random()
        self.volume = 0.0
        self._next: dict[str, int] = {}
        self._owns_mixer = False

    @property
    def available(self) -> bool:
        """True when sounds were made and the mixer is running."""
        return bool(self.sounds)

    def start(self, settings: Settings) -> None:
        """Open the mixer (if there is an audio device) and make the sounds."""
        try:
            if np is None:
                raise RuntimeError("numpy is not installed")
            if not pygame.mixer.get_init():
                frequency, size, channels, buffer = MIXER_FORMAT
                pygame.mixer.init(frequency, size, channels, buffer)
                self._owns_mixer = True
            init = pygame.mixer.get_init()
            if not init:
                raise RuntimeError("the mixer did not start")
            frequency, size, channels = init
            pygame.mixer.set_num_channels(max(16, pygame.mixer.get_num_channels()))
            sounds: dict[str, list[pygame.mixer.Sound]] = {}
            for name in SOUND_NAMES:
                sounds[name] = [
                    pygame.sndarray.make_sound(_mixed(name, frequency, v, size, channels))
                    for v in range(VARIATIONS.get(name, 1))
                ]
            self.sounds = sounds
        except Exception as exc:  # any failure here only costs the sound, never the game
            log.debug("no sound: %s", exc)
            self.sounds = {}
        self.apply(settings)

    def apply(self, settings: Settings) -> None:
        """Take the volume and mute from the settings."""
        self.volume = 0.0 if settings.muted else max(0.0, min(1.0, float(settings.volume)))
        for takes in self.sounds.values():
            for sound in takes:
                sound.set_volume(self.volume)

    def play(self, name: str) -> None:
        """Play a sound by name (see ``SOUND_NAMES``); silently nothing without a mixer."""
        if name not in _SYNTHS:
            raise ValueError(f"unknown sound {name!r}; the sounds are {', '.join(SOUND_NAMES)}")
        takes = self.sounds.get(name)
        if not takes or self.volume <= 0.0:
            return
        index = self._next.get(name, self.rng.randrange(len(takes)))
        self._next[name] = (index + 1) % len(takes)
        try:
            takes[index].play()
        except pygame.error as exc:
            log.debug("could not play %s: %s", name, exc)

    def stop(self) -> None:
        """Stop every sound (and close the mixer if this opened it)."""
        try:
            if pygame.mixer.get_init():
                pygame.mixer.stop()
                if self._owns_mixer:
                    pygame.mixer.quit()
        except pygame.error as exc:
            log.debug("stopping the sound: %s", exc)
        self.sounds = {}
        self._owns_mixer = False
