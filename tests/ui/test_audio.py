"""Synthesized sounds: well-formed waves, the mixer's format, and silence without a device."""

from __future__ import annotations

import logging

import numpy as np
import pygame
import pytest

from game.store.settings import Settings
from game.ui.audio import SOUND_NAMES, Audio, synthesize, to_mixer_array

RATE = 22050  # half rate: the same shapes, made twice as fast


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_each_sound_is_a_clean_stereo_wave(name):
    wave = synthesize(name, RATE)
    assert wave.dtype == np.float32 and wave.ndim == 2 and wave.shape[1] == 2
    assert 0.03 * RATE < len(wave) < 4.0 * RATE
    peak = float(np.max(np.abs(wave)))
    assert 0.2 < peak < 0.9  # audible, and room to spare when sounds overlap
    assert float(np.max(np.abs(wave[0]))) < 1e-3  # faded in: no click at the start
    assert float(np.max(np.abs(wave[-1]))) < 1e-3  # faded out: no click at the end
    assert float(np.max(np.abs(wave[-32:]))) < 0.02 * peak
    assert np.all(np.abs(wave.mean(axis=0)) < 1e-3)  # no DC offset


def test_sounds_are_repeatable_and_dice_and_moves_vary():
    assert np.array_equal(synthesize("dice", RATE), synthesize("dice", RATE))
    dice = [synthesize("dice", RATE, v) for v in range(2)]
    assert dice[0].shape != dice[1].shape or not np.array_equal(dice[0], dice[1])


def test_the_dice_land_about_when_the_thrown_dice_do():
    wave = np.max(np.abs(synthesize("dice", RATE)), axis=1)
    loudest = int(np.argmax(wave)) / RATE
    assert 0.15 < loudest < 0.3  # the first landing of effects.DiceThrow at normal speed
    assert float(np.max(wave[: int(0.12 * RATE)])) < 0.3 * float(wave.max())  # only a shake


def test_unknown_sound_is_an_error():
    with pytest.raises(ValueError, match="unknown sound 'trumpet'"):
        synthesize("trumpet")
    with pytest.raises(ValueError, match="unknown sound"):
        Audio().play("trumpet")


@pytest.mark.parametrize(
    ("size", "channels", "dtype", "shape_tail"),
    [
        (-16, 2, np.int16, (2,)),
        (16, 2, np.uint16, (2,)),
        (-16, 1, np.int16, ()),
        (8, 1, np.uint8, ()),
        (-8, 2, np.int8, (2,)),
        (-32, 2, np.float32, (2,)),
        (-16, 6, np.int16, (6,)),
    ],
)
def test_samples_convert_to_the_mixers_format(size, channels, dtype, shape_tail):
    wave = np.array([[0.0, 0.0], [1.0, -1.0], [0.5, 0.5]], dtype=np.float32)
    out = to_mixer_array(wave, size, channels)
    assert out.dtype == dtype and out.shape == (3, *shape_tail)
    if size == -16 and channels == 2:
        assert out.tolist() == [[0, 0], [32767, -32767], [16384, 16384]]
    if size == 8:
        assert out.tolist() == [128, 128, 192]  # unsigned: silence is the middle
    if channels == 6:
        assert out[:, 2:].max() == 0  # surround channels left silent


def test_without_a_mixer_the_game_is_silent(monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    audio = Audio()
    with caplog.at_level(logging.DEBUG, logger="game.ui.audio"):
        audio.start(Settings())
    assert not audio.available
    assert "no audio device" in caplog.text
    audio.apply(Settings(volume=0.3))
    for name in SOUND_NAMES:
        audio.play(name)  # nothing happens, nothing raises
    audio.stop()


def test_the_dummy_driver_plays_every_sound_at_the_settings_volume():
    pygame.mixer.quit()
    audio = Audio()
    try:
        audio.start(Settings(volume=0.4))
        if not audio.available:
            pytest.skip("the mixer would not start here even with the dummy driver")
        assert set(audio.sounds) == set(SOUND_NAMES)
        for takes in audio.sounds.values():
            for sound in takes:
                assert sound.get_volume() == pytest.approx(0.4, abs=0.01)
                assert sound.get_raw()  # made in the mixer's own format
        for name in SOUND_NAMES:
            audio.play(name)
        audio.apply(Settings(muted=True))
        assert all(s.get_volume() == 0.0 for takes in audio.sounds.values() for s in takes)
        audio.play("dice")  # muted: nothing to hear, nothing raises
    finally:
        audio.stop()
    assert not audio.available
    assert not pygame.mixer.get_init()  # it opened the mixer, so it closed it
