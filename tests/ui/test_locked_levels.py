"""A locked level on the campaign map says what opens it, when hovered and when clicked
("Win “The twelve lines” to open this"), and nothing else changes: no card opens, the
focus stays, the medals stay. (It said nothing either way: a locked mark takes no
focus, and the line under the chart spoke only of the focused level.)"""

from __future__ import annotations

import pygame
import pytest

from game.ui.scenes import campaign as campaign_module
from game.ui.scenes.campaign import CampaignScene


@pytest.fixture
def drawn(monkeypatch):
    """The texts the campaign scene draws."""
    shown: list[str] = []
    real = campaign_module.draw_text

    def watched(surface, text, *args, **kwargs):
        shown.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(campaign_module, "draw_text", watched)
    return shown


def enter_map(app) -> CampaignScene:
    scene = CampaignScene(app)
    app.push(scene)
    return scene


def opener_title(app, level_id):
    campaign = app.campaign
    level = campaign.level(level_id)
    chapter = campaign.chapter_levels(level.chapter)
    n = chapter.index(level)
    return (chapter[n - 1] if n else campaign.levels[0]).title


def locked_ids(scene):
    return [k for k, mark in scene.items.items() if not mark.enabled]


def footer(app, scene, drawn):
    drawn.clear()
    scene.update(0.05)
    scene.draw(app.screen)
    return drawn[-1]  # the line under the chart is the last text drawn


def test_every_locked_level_says_what_opens_it_on_hover(app, drawn):
    scene = enter_map(app)
    locked = locked_ids(scene)
    assert locked, "a new campaign has locked levels"
    for level_id in locked:
        mark = scene.items[level_id]
        focused = scene.focus.focused
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=mark.rect.center, rel=(0, 0)))
        line = footer(app, scene, drawn)
        assert f"Win “{opener_title(app, level_id)}” to open this" in line, (level_id, line)
        assert mark.label in line
        assert scene.focus.focused is focused  # hovering changed nothing else
    # Away from every mark, the line speaks of the focused level again.
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0)))
    assert "to open this" not in footer(app, scene, drawn)


def test_clicking_a_locked_level_says_what_opens_it_and_changes_nothing(app, drawn):
    app.records.record_attempt("01-the-twelve-lines", 1)
    scene = enter_map(app)
    medals = dict(scene.medals)
    focused = scene.focus.focused
    level_id = "11-a-gammon"
    assert level_id in locked_ids(scene)
    mark = scene.items[level_id]
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle(pygame.event.Event(kind, button=1, pos=mark.label_rect.center))
    # The pointer moves away: the word said for the click stays a while.
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0)))
    line = footer(app, scene, drawn)
    assert "Win “The modern board” to open this" in line
    assert app.stack.top is scene and scene.focus.focused is focused
    assert {k: v.medal for k, v in app.records.progress().items()} == medals
    assert scene.wake_after() is not None  # the window wakes to take the word away
    for _ in range(200):
        scene.update(0.05)
    assert "to open this" not in footer(app, scene, drawn)
