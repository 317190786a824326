"""The first window fits the screen, and the size the player leaves it at is kept."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.store.settings import Settings, load_settings
from game.ui.app import App
from game.ui.window_size import (
    ASPECT,
    DEFAULT,
    FRAME_SIDE,
    FRAME_TOP,
    MIN_SIZE,
    SHARE,
    first_size,
    windowed_place,
)

SCREENS = [(1280, 800), (1366, 768), (1920, 1080), (2560, 1440), (3840, 2160), (1024, 768)]
SCREENS += [(3440, 1440), (1080, 1920), (800, 600), (640, 480), (7680, 4320)]


@pytest.mark.parametrize("screen", SCREENS)
def test_the_first_window_takes_about_four_fifths_of_any_screen(screen):
    w, h = first_size(screen)
    assert w <= screen[0] and h <= screen[1]  # it fits
    assert w >= min(MIN_SIZE[0], screen[0]) and h >= min(MIN_SIZE[1], screen[1])
    if w > MIN_SIZE[0] and h > MIN_SIZE[1]:
        assert abs(w / h - ASPECT) < 0.01  # the board's proportions
        # As large as 80% of the screen allows, in one direction or the other.
        assert max(w / screen[0], h / screen[1]) == pytest.approx(SHARE, abs=0.002)


def test_a_large_screen_gets_a_large_window_and_a_small_one_a_small_window():
    assert first_size((3840, 2160)) == (2765, 1728)
    assert first_size((1920, 1080)) == (1382, 864)
    assert first_size((1366, 768)) == (983, 614)
    assert first_size((1024, 768)) == (819, 512)
    assert first_size((640, 480)) == (640, 480)  # the minimum, but never off the screen


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("kept", [(1000, 700), (1280, 800), (2500, 1600), (7680, 4320), (640, 400)])
def test_a_remembered_size_is_used_but_never_larger_than_the_screen(screen, kept):
    w, h = first_size(screen, kept)
    assert w <= screen[0] and h <= screen[1]
    if kept[0] <= screen[0] and kept[0] >= MIN_SIZE[0]:
        assert w == kept[0]
    if kept[1] <= screen[1] and kept[1] >= MIN_SIZE[1]:
        assert h == kept[1]


def test_an_unknown_screen_gives_the_remembered_size_or_the_default():
    assert first_size(None) == DEFAULT
    assert first_size((0, 0)) == DEFAULT
    assert first_size(None, (1000, 700)) == (1000, 700)


def test_the_window_opens_at_the_screens_share_and_its_size_is_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    app = App(persist=True)
    app.settings = replace(app.settings, muted=True)
    assert not app.settings.window_kept  # a first start
    app.start()
    screen = tuple(pygame.display.get_desktop_sizes()[0])
    assert app.size == first_size(screen)
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=900, h=600, size=(900, 600)))
    assert app.size == (900, 600)
    app.stop()

    app = App(persist=True)
    assert app.settings.window_size == (900, 600) and app.settings.window_kept
    app.start()
    assert app.size == (900, 600)  # where the player left it
    app.stop()


def test_a_remembered_size_larger_than_the_screen_is_clamped(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    from game.store.records import Records
    from game.store.settings import save_settings

    records = Records.open()
    save_settings(replace(Settings(), window_size=(5000, 3000), window_kept=True), records)
    records.close()
    app = App(persist=True)
    app.start()
    screen = tuple(pygame.display.get_desktop_sizes()[0])
    # The dummy screen (1024x768) is smaller than 5000x3000: as large as it allows with
    # the window's frame and title bar on it too.
    fitted = windowed_place(screen, (5000, 3000))[0]
    assert app.size == fitted and fitted[0] <= screen[0] and fitted[1] <= screen[1]
    app.stop()
    records = Records.open()
    assert load_settings(records).window_size == fitted  # and it is what is kept now
    records.close()


def test_a_full_screen_window_keeps_its_windowed_size(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    app = App(replace(Settings(), muted=True), persist=False)
    app.start((1000, 640))
    app.fullscreen = True  # the dummy driver has no full screen: as if it were
    app.windowed_size = (1100, 700)
    app.keep_window_size()
    assert app.settings.window_size == (1100, 700) and app.settings.window_kept
    app.stop()


# -- leaving full screen -------------------------------------------------------------------


@given(
    desktop=st.tuples(st.integers(1, 8000), st.integers(1, 5000)),
    size=st.tuples(st.integers(1, 9000), st.integers(1, 6000)),
)
def test_the_window_back_from_full_screen_is_whole_on_the_screen_and_centred(desktop, size):
    (w, h), (x, y) = windowed_place(desktop, size)
    width, height = desktop
    assert w >= 1 and h >= 1
    assert x >= 0 and x + w <= width and y >= 0 and y + h <= height  # every edge on it
    if width >= 640 and height >= 480:  # room for the frame, the title bar and a panel
        assert x >= FRAME_SIDE and x + w <= width - FRAME_SIDE
        assert y >= FRAME_TOP and y + h <= height - FRAME_TOP
        assert abs((x + w / 2) - width / 2) <= 1 and abs((y + h / 2) - height / 2) <= 1
        # As large as asked where it fits, never below the smallest the scenes lay out.
        assert w == min(max(size[0], MIN_SIZE[0]), width - 2 * FRAME_SIDE)
        assert h == min(max(size[1], MIN_SIZE[1]), height - 2 * FRAME_TOP)


def test_the_window_back_from_full_screen_on_a_1280x800_screen():
    assert windowed_place((1280, 800), (1024, 640)) == ((1024, 640), (128, 80))
    assert windowed_place((1280, 800), (1280, 800)) == ((1264, 736), (8, 32))
    assert windowed_place(None, (1280, 800)) == ((1280, 800), None)


def test_leaving_full_screen_places_the_window_centred_every_time(monkeypatch, tmp_path):
    """F11 twice, again and again: the window comes back whole on the screen at the
    same place (it came back lower each time, until half of it was off the screen)."""
    from game.ui import app as app_module

    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    monkeypatch.setattr(app_module, "_desktop_size", lambda: (1280, 800))
    placed: list[tuple[int, int]] = []
    monkeypatch.setattr(app_module, "_place_window", placed.append)
    monkeypatch.setattr(App, "headless", property(lambda self: False))
    app = App(replace(Settings(), muted=True), persist=False)
    app.start((1280, 800))  # a window as large as the screen: it cannot come back so
    try:
        for _ in range(3):
            app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0))
            assert app.fullscreen
            app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0))
            assert not app.fullscreen
        assert placed == [(8, 32)] * 3
        assert app.size == (1264, 736) == app.windowed_size
    finally:
        app.stop()


def test_full_screen_kept_in_the_settings_opens_full_screen(monkeypatch, tmp_path):
    """The setting was read but never used: the size worked out at start made the
    window open windowed every time. A size given (tests, demos) still opens a window."""
    from game.ui import app as app_module

    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    monkeypatch.setattr(app_module, "_desktop_size", lambda: (1280, 800))
    monkeypatch.setattr(App, "headless", property(lambda self: False))
    for size, full in ((None, True), ((1000, 640), False)):
        app = App(replace(Settings(), muted=True, fullscreen=True), persist=False)
        app.start(size)
        try:
            assert app.fullscreen is full
        finally:
            app.stop()
