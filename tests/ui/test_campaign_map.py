"""The campaign as a map: a mark per level at its chapter's place, chosen by mouse or
keyboard; marks laid out before any frame is drawn; every chapter open once the first
level is won."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.ui.campaign_map import Chart, route_points
from game.ui.scenes.campaign import CampaignScene, LevelIntroScene


def click(app, pos):
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle(pygame.event.Event(kind, button=1, pos=pos))


def press(app, key):
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def enter_map(app) -> CampaignScene:
    scene = CampaignScene(app)
    app.push(scene)  # laid out on enter: no frame drawn yet
    return scene


def test_clicking_an_open_mark_opens_its_card_and_a_locked_one_does_nothing(app):
    scene = enter_map(app)
    click(app, scene.items["02-a-game-in-the-forum"].rect.center)  # locked
    assert app.stack.top is scene
    click(app, scene.items["01-the-twelve-lines"].rect.center)
    card = app.stack.top
    assert isinstance(card, LevelIntroScene) and card.level.id == "01-the-twelve-lines"


def test_a_marks_title_is_clickable_too(app):
    scene = enter_map(app)
    mark = scene.items["01-the-twelve-lines"]
    assert not mark.rect.collidepoint(mark.label_rect.center)
    click(app, mark.label_rect.center)
    assert isinstance(app.stack.top, LevelIntroScene)


def test_winning_the_first_level_opens_every_chapter_on_the_map(app):
    app.records.record_attempt("01-the-twelve-lines", 2)
    scene = enter_map(app)
    firsts = {c.id: app.campaign.chapter_levels(c.id)[0].id for c in app.campaign.chapters}
    assert all(scene.items[i].enabled for i in firsts.values())
    assert not scene.items["11-a-gammon"].enabled
    assert "“The modern board”" in scene.items["11-a-gammon"].note
    reached = set()
    for _ in range(len(scene.items) + 2):  # the keyboard walks the open marks
        press(app, pygame.K_DOWN)
        reached.add(scene.focus.focused.label)
    assert "The modern board" in reached and "A gammon" not in reached
    click(app, scene.items["10-the-modern-board"].rect.center)
    assert app.stack.top.level.id == "10-the-modern-board"


@pytest.mark.parametrize("size", [(1280, 800), (800, 500), (1920, 1080)])
def test_marks_sit_on_the_chart_apart_and_follow_a_resize(app, size):
    scene = enter_map(app)
    scene.on_resize(size)
    chart = scene.chart.rect
    marks = list(scene.items.values())
    for mark in marks:
        assert chart.contains(mark.rect), mark
        assert chart.contains(mark.label_rect), mark
    for a, b in itertools.combinations(marks, 2):
        assert not a.rect.colliderect(b.rect), (a, b)
        assert not a.label_rect.colliderect(b.label_rect), (a, b)
        assert not a.label_rect.colliderect(b.rect), (a, b)
    assert scene.back_button.rect.bottom <= size[1]


def test_each_chapter_is_at_its_place(app):
    scene = enter_map(app)
    chart = scene.chart
    rome = chart.point((12.5, 41.9))
    toledo = chart.point((-4.0, 39.9))
    london = chart.point((-0.1, 51.5))

    def near(level_id, place, within):
        centre = scene.items[level_id].rect.center
        return abs(centre[0] - place[0]) <= within and abs(centre[1] - place[1]) <= within

    assert near("01-the-twelve-lines", rome, 2)
    assert near("04-the-half-emperor", toledo, 40)
    assert near("09-shut-out", london, 40)
    modern = scene.items["10-the-modern-board"].rect.center
    assert modern[0] < chart.point((-10.0, 45.0))[0]  # out in the ocean, to the west


def test_route_points_are_spread_evenly():
    chart = Chart.fit(pygame.Rect(0, 0, 1200, 700), 1.0)
    for chapter in ("rome", "castile", "england", "modern", "nowhere"):
        for count in (1, 2, 3, 5):
            points = route_points(chart, chapter, count)
            assert len(points) == count
            gaps = [abs(a[0] - b[0]) + abs(a[1] - b[1]) for a, b in itertools.pairwise(points)]
            assert all(g > 0 for g in gaps), (chapter, count, points)


# What makes the chart's lands known at a glance: no level mark or title may hide them.
LANDMARKS = {
    "Sicily": (14.0, 37.6),
    "Sardinia": (9.0, 40.0),
    "Corsica": (9.1, 42.2),
    "Crete": (24.9, 35.2),
    "Cyprus": (33.0, 35.0),
    "Ireland": (-8.0, 53.3),
    "Mallorca": (2.95, 39.6),
    "Italy's heel": (18.2, 40.2),
    "Italy's toe": (16.1, 38.5),
    "the Peloponnese": (22.2, 37.5),
    "Wales": (-3.8, 52.3),
    "Cornwall": (-4.9, 50.3),
}


@pytest.mark.parametrize("size", [(1280, 800), (800, 500), (1920, 1080)])
def test_no_mark_hides_an_island_or_a_landmark(app, size):
    scene = enter_map(app)
    scene.on_resize(size)
    for name, place in LANDMARKS.items():
        at = scene.chart.point(place)
        for mark in scene.items.values():
            assert not mark.rect.collidepoint(at), (name, mark.label)
            assert not mark.label_rect.collidepoint(at), (name, mark.label)


def test_the_later_chapters_are_at_their_places(app):
    scene = enter_map(app)
    chart = scene.chart
    byzantium = chart.point((29.0, 41.0))
    first = scene.items["14-zenos-table"].rect.center
    assert abs(first[0] - byzantium[0]) <= 2 and abs(first[1] - byzantium[1]) <= 2
    for level_id in ("16-the-head", "17-a-mars"):  # beyond the Black Sea, to the east
        assert scene.items[level_id].rect.centerx > chart.point((37.0, 45.0))[0]
    athens, smyrna = chart.point((23.7, 38.0)), chart.point((27.1, 38.4))
    for level_id in ("18-the-doors", "19-the-pin", "20-the-run", "21-a-tavli-match"):  # Aegean
        x = scene.items[level_id].rect.centerx
        assert athens[0] - 25 <= x <= smyrna[0], level_id
