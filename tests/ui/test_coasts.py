"""The campaign map's coasts: the shipped Natural Earth data has the land, the seas and
the islands where they are; a missing or broken file is a clear error, and the map
still opens without its coasts and says why."""

from __future__ import annotations

import json

import pytest

from game.ui import coasts as coasts_module
from game.ui.coasts import Coasts, CoastsError, default_path, load_coasts, parse_coasts, read_coasts


def inside(point, ring) -> bool:
    """Ray casting: whether ``point`` (lon, lat) is inside the ring."""
    x, y = point
    found = False
    for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            found = not found
    return found


def rings_at(coasts: Coasts, point) -> list[int]:
    return [n for n, ring in enumerate(coasts.land) if inside(point, ring)]


def on_land(coasts: Coasts, point) -> bool:
    in_sea = any(inside(point, ring) for ring in coasts.seas)
    return bool(rings_at(coasts, point)) and not in_sea


SHIPPED = read_coasts(default_path())

LAND = {
    "Rome": (12.5, 41.9),
    "Toledo": (-4.0, 39.9),
    "London": (-0.1, 51.5),
    "Athens": (23.7, 38.0),
    "Lecce, in Italy's heel": (18.17, 40.35),
    "Calabria, its toe": (16.3, 39.0),
    "Peloponnese": (22.2, 37.5),
    "Brittany": (-3.0, 48.2),
    "Jutland": (9.2, 56.2),
    "Tunis": (10.1, 36.7),
}
SEA = {
    "Tyrrhenian": (12.0, 40.0),
    "Adriatic": (15.5, 43.0),
    "Gulf of Taranto": (17.2, 39.8),
    "Ionian": (19.0, 37.0),
    "Aegean": (25.0, 39.0),
    "Bay of Biscay": (-5.0, 45.5),
    "Channel": (-2.0, 50.0),
    "Irish Sea": (-5.0, 53.8),
    "North Sea": (3.0, 55.0),
    "Black Sea": (34.0, 43.5),
    "Gulf of Sidra": (18.5, 31.5),
}
ISLANDS = {
    "Sicily": (14.0, 37.6),
    "Sardinia": (9.0, 40.0),
    "Corsica": (9.1, 42.2),
    "Crete": (24.9, 35.2),
    "Cyprus": (33.0, 35.0),
    "Britain": (-1.5, 52.5),
    "Ireland": (-8.0, 53.3),
    "Mallorca": (2.95, 39.6),
    "Menorca": (4.1, 39.97),
    "Ibiza": (1.4, 38.98),
    "Euboea": (23.8, 38.6),
    "Rhodes": (28.0, 36.2),
}


@pytest.mark.parametrize("name", LAND)
def test_places_are_on_land(name):
    assert on_land(SHIPPED, LAND[name]), name


@pytest.mark.parametrize("name", SEA)
def test_seas_are_water(name):
    assert not on_land(SHIPPED, SEA[name]), name


def test_each_island_is_land_of_its_own():
    mainland = set(rings_at(SHIPPED, LAND["Rome"]))
    seen: dict[int, str] = {}
    for name, point in ISLANDS.items():
        rings = rings_at(SHIPPED, point)
        assert len(rings) == 1, (name, rings)
        assert rings[0] not in mainland, name
        assert rings[0] not in seen, (name, seen.get(rings[0]))
        seen[rings[0]] = name


def test_the_shipped_file_is_small():
    assert default_path().stat().st_size < 60_000
    assert 1_000 < SHIPPED.points < 5_000


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "is not JSON"),
        ("[1, 2]", "expected an object"),
        ('{"seas": []}', "'land' should be a list"),
        ('{"land": []}', "'land' has no rings"),
        ('{"land": [[1, 2, 3, 4, 5]]}', "land[0] should hold longitude, latitude pairs"),
        ('{"land": [[1, 2, 3, 4, "5", 6]]}', "holds '5', not a number"),
        ('{"land": [[1, 2, 3, 4, 5, 9999]]}', "off the globe: (5, 9999)"),
        ('{"land": [[1, 2, 3, 4, 5, 6]], "seas": {}}', "'seas' should be a list"),
    ],
)
def test_a_broken_file_is_a_clear_error(tmp_path, text, words):
    path = tmp_path / "coasts.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CoastsError) as caught:
        read_coasts(path)
    message = str(caught.value)
    assert message.startswith("coasts.json"), message
    assert words in message, message
    assert "\n" not in message


def test_a_good_file_reads_as_degrees():
    data = json.loads('{"land": [[100, 4000, 250, 4000, 250, 4150]]}')
    assert parse_coasts(data, "x.json") == Coasts(land=(((1.0, 40.0), (2.5, 40.0), (2.5, 41.5)),))


def test_a_missing_file_leaves_the_map_without_coasts_and_says_why(app, tmp_path, monkeypatch):
    from game.ui.scenes.campaign import CampaignScene

    load_coasts.cache_clear()
    try:
        with monkeypatch.context() as patch:
            patch.setattr(coasts_module, "default_path", lambda: tmp_path / "coasts.json")
            coasts, problem = load_coasts()
            assert coasts == Coasts()
            assert problem.startswith("The map's coasts could not be read: coasts.json")
            scene = CampaignScene(app)
            app.push(scene)
            app.step(0.05)  # drawn without coasts, not an error screen
            assert app.stack.top is scene
            assert scene.notice() == problem
    finally:
        load_coasts.cache_clear()
    assert load_coasts()[1] == ""  # the shipped file again
