"""Synthesized sounds: well-formed waves, and silence without an audio device."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.store.settings import Settings
from game.ui.audio import NAMES, RATE, Audio, synthesize


@pytest.mark.parametrize("name", NAMES)
def test_each_sound_is_a_clean_wave(name):
    wave = synthesize(name)
    assert wave.ndim == 1 and 0.03 * RATE < len(wave) < 2.5 * RATE
    assert 0.5 < float(np.max(np.abs(wave))) < 1.0  # loud enough, never clipping
    assert abs(float(wave[0])) < 0.05 and abs(float(wave[-1])) < 0.05  # no click
    assert abs(float(np.mean(wave))) < 0.05  # no offset


def test_unknown_sound_is_an_error():
    with pytest.raises(ValueError, match="unknown sound"):
        synthesize("trumpet")
    with pytest.raises(ValueError):
        Audio().play("trumpet")


def test_without_a_mixer_the_game_is_silent(monkeypatch):
    def broken(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    audio = Audio()
    audio.start(Settings())
    assert not audio.enabled
    for name in NAMES:
        audio.play(name)  # nothing happens, nothing raises
    audio.stop()


def test_mute_and_volume_apply():
    pygame.init()
    try:
        audio = Audio()
        audio.start(Settings(volume=0.4))
        if audio.enabled:
            assert abs(audio.sounds["dice"].get_volume() - 0.4) < 0.01
            audio.apply(Settings(muted=True))
            assert audio.sounds["dice"].get_volume() == 0.0
        audio.play("hit")
        audio.stop()
    finally:
        pygame.quit()
