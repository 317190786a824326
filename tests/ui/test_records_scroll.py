"""The records' statistics scroll when they do not fit their panel (eleven games at five
levels make up to 55 rows): none is cut off out of reach, and the last line says so."""

from __future__ import annotations

import pygame

from game.store.records import Statistic
from game.ui.scenes import records as records_scene
from game.ui.scenes.records import RecordsScene, more_words

LEVELS = ("novice", "beginner", "intermediate", "advanced", "expert")


def many_statistics() -> list[Statistic]:
    from game.rules.variants import VARIANTS

    return [Statistic(variant, level, 3, 1, 0.01) for variant in VARIANTS for level in LEVELS]


def drawn_texts(monkeypatch) -> list[str]:
    texts: list[str] = []
    real = records_scene.draw_text

    def watch(surface, text, *args, **kwargs):
        texts.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(records_scene, "draw_text", watch)
    return texts


def open_records(app, monkeypatch, stats):
    monkeypatch.setattr(app.records, "statistics", lambda: stats)
    scene = RecordsScene(app)
    app.push(scene)
    scene.update(0.05)
    return scene


def key(scene, k):
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def test_every_statistic_can_be_scrolled_into_view(app, monkeypatch):
    stats = many_statistics()
    scene = open_records(app, monkeypatch, stats)
    texts = drawn_texts(monkeypatch)
    scene.draw(app.screen)
    assert 0 < scene.stats_rows < len(stats)
    assert any(t.endswith("more below (scroll, PgUp/PgDn)") for t in texts)
    seen = set(texts)
    for _ in range(len(stats)):
        key(scene, pygame.K_PAGEDOWN)
        scene.draw(app.screen)
        seen.update(texts)
    names = {f"{app_name(s.variant)}, {s.opponent_level.capitalize()}" for s in stats}
    assert names <= seen  # every row was shown at some point
    assert scene.stats_first == len(stats) - scene.stats_rows
    texts.clear()
    scene.relayout()  # paint the still parts (the statistics among them) afresh
    scene.draw(app.screen)
    assert any(t.startswith(f"{scene.stats_first} above") for t in texts)
    key(scene, pygame.K_PAGEUP)
    assert scene.stats_first < len(stats) - scene.stats_rows


def test_statistics_that_fit_have_no_scroll_line(app, monkeypatch):
    scene = open_records(app, monkeypatch, many_statistics()[:3])
    texts = drawn_texts(monkeypatch)
    scene.draw(app.screen)
    assert scene.stats_first == 0
    assert not any("(scroll" in t for t in texts)
    key(scene, pygame.K_PAGEDOWN)
    assert scene.stats_first == 0


def test_the_scroll_line_names_what_is_out_of_sight():
    assert more_words(0, 4) == "4 more below (scroll, PgUp/PgDn)"
    assert more_words(5, 2) == "5 above · 2 more below (scroll, PgUp/PgDn)"


def app_name(variant_id: str) -> str:
    from game.rules.variants import VARIANTS

    return VARIANTS[variant_id].name
