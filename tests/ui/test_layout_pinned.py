"""Board geometry pinned: every variant, every viewer, four window sizes, as computed today.

Each layout (frame, spots with their shapes and areas, dice area, name places,
fields, ring) is written out in a canonical form, rounded to 1/10,000 of a
pixel, and hashed; the digests below were made by the layout code before it
was split into smaller functions (issue 21). A refactor must leave every one
of them as it is. If the geometry is changed on purpose, print the new table
with ``python -m tests.ui.test_layout_pinned`` and look at the boards.

Changed on purpose since: El Mundo's (issue 22), its men a little smaller
(``ROUND_R`` 0.078 -> 0.071) so that stacks on neighbouring wedges stand apart; El
Mundo's again (issue 45): the quarter the viewer never enters is numbered by the side
that enters there.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from game.rules.variants import VARIANTS, find_variant
from game.ui.render.layout import BoardLayout, layout_for

SIZES = ((800, 500), (1280, 800), (3840, 2160), (1000, 1200))


def canonical(value: Any) -> Any:
    """Tuples as lists, floats rounded (and -0.0 made 0.0), so that the JSON is stable."""
    if isinstance(value, float):
        return round(value, 4) + 0.0
    if isinstance(value, (tuple, list)):
        return [canonical(v) for v in value]
    return value


def digest(layout: BoardLayout) -> str:
    spots = [
        [
            canonical(key),
            canonical(spot.base),
            canonical(spot.step),
            spot.capacity,
            canonical(spot.shape),
            spot.label,
            canonical(spot.label_at),
            canonical(spot.area),
            spot.slot,
            *([spot.label_side] if spot.label_side >= 0 else []),  # another side's number
        ]
        for key, spot in layout.spots.items()
    ]
    data = [
        layout.geometry,
        canonical(layout.size),
        canonical(layout.frame),
        canonical(layout.radius),
        spots,
        canonical(layout.dice_area),
        [[side, canonical(at)] for side, at in layout.info.items()],
        canonical(layout.unit),
        canonical(layout.die_size),
        canonical(layout.fields),
        canonical(layout.ring),
        layout.viewer,
    ]
    text = json.dumps(data, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def table() -> dict[str, str]:
    out: dict[str, str] = {}
    for vid in VARIANTS:
        variant = find_variant(vid)
        for viewer in range(variant.players):
            for size in SIZES:
                out[f"{vid}/{viewer}/{size[0]}x{size[1]}"] = digest(
                    layout_for(variant, size, viewer)
                )
    return out


PINNED: dict[str, str] = {
    "backgammon/0/800x500": "6af66edf92915d3f",
    "backgammon/0/1280x800": "0e1b1505fa1aa553",
    "backgammon/0/3840x2160": "467e310cb90f3d3c",
    "backgammon/0/1000x1200": "3c921e8b8ce396f4",
    "backgammon/1/800x500": "dbced158134e9f81",
    "backgammon/1/1280x800": "a6c4bb4be9893fac",
    "backgammon/1/3840x2160": "16f6a9284e8c669e",
    "backgammon/1/1000x1200": "6450c90d0895d9e8",
    "duodecim/0/800x500": "513271f0533ec8a5",
    "duodecim/0/1280x800": "1b1e22a2f0a1ba82",
    "duodecim/0/3840x2160": "9d430b29ff4d5b36",
    "duodecim/0/1000x1200": "fbbfde23e6665d23",
    "duodecim/1/800x500": "c1cfa408ad614df8",
    "duodecim/1/1280x800": "1a88b375ae20fa34",
    "duodecim/1/3840x2160": "54a7f4ef262bda72",
    "duodecim/1/1000x1200": "304bb6bfa1b2b6c2",
    "quinze_tablas/0/800x500": "fd9ac20a33824949",
    "quinze_tablas/0/1280x800": "ecd72a1f970085b9",
    "quinze_tablas/0/3840x2160": "f2705883be583c35",
    "quinze_tablas/0/1000x1200": "2ea8ff41aecc8698",
    "quinze_tablas/1/800x500": "a5c27618a0bf9337",
    "quinze_tablas/1/1280x800": "9f541b6c25edd3a3",
    "quinze_tablas/1/3840x2160": "11c25b07400c6709",
    "quinze_tablas/1/1000x1200": "c5a6a6e38dc47643",
    "lombardorum/0/800x500": "93214a15641ff170",
    "lombardorum/0/1280x800": "9606a72bcf8d2ac3",
    "lombardorum/0/3840x2160": "61916d15396b3b8a",
    "lombardorum/0/1000x1200": "059bc8199129bfdc",
    "lombardorum/1/800x500": "2e041f9a9e231631",
    "lombardorum/1/1280x800": "5cfc1405779407c0",
    "lombardorum/1/3840x2160": "d374e08a1071527b",
    "lombardorum/1/1000x1200": "39c4976bb0e08560",
    "el_mundo/0/800x500": "a08ed5e23fa02a7a",
    "el_mundo/0/1280x800": "13314d309bfc2ea8",
    "el_mundo/0/3840x2160": "ead278f449046d0b",
    "el_mundo/0/1000x1200": "b312ee3078447000",
    "el_mundo/1/800x500": "9e4f3f8bed85ffbe",
    "el_mundo/1/1280x800": "411468a6e43a5600",
    "el_mundo/1/3840x2160": "f4bd9b6f66ff851c",
    "el_mundo/1/1000x1200": "8781b3c11733370f",
    "el_mundo/2/800x500": "b77d226153c60536",
    "el_mundo/2/1280x800": "dceb195013feeedb",
    "el_mundo/2/3840x2160": "f97fd140e53edd8b",
    "el_mundo/2/1000x1200": "07b92bbe809eeb3f",
    "el_mundo/3/800x500": "c19cec74793cc009",
    "el_mundo/3/1280x800": "261513c91f78b490",
    "el_mundo/3/3840x2160": "f420c6661ce6e9d4",
    "el_mundo/3/1000x1200": "5d1de7441fd263f0",
    "anglicorum/0/800x500": "fd9ac20a33824949",
    "anglicorum/0/1280x800": "ecd72a1f970085b9",
    "anglicorum/0/3840x2160": "f2705883be583c35",
    "anglicorum/0/1000x1200": "2ea8ff41aecc8698",
    "anglicorum/1/800x500": "a5c27618a0bf9337",
    "anglicorum/1/1280x800": "9f541b6c25edd3a3",
    "anglicorum/1/3840x2160": "11c25b07400c6709",
    "anglicorum/1/1000x1200": "c5a6a6e38dc47643",
    "tabula/0/800x500": "2229819f122abe97",
    "tabula/0/1280x800": "50b7aeed2cb6721e",
    "tabula/0/3840x2160": "278aa0d58fe5a658",
    "tabula/0/1000x1200": "148457bd93ec309c",
    "tabula/1/800x500": "2d596ca983ebc0b1",
    "tabula/1/1280x800": "4d6bd4566d0223b8",
    "tabula/1/3840x2160": "284505aa53c9d80f",
    "tabula/1/1000x1200": "25cb4f39e7b25e85",
    "portes/0/800x500": "6af66edf92915d3f",
    "portes/0/1280x800": "0e1b1505fa1aa553",
    "portes/0/3840x2160": "467e310cb90f3d3c",
    "portes/0/1000x1200": "3c921e8b8ce396f4",
    "portes/1/800x500": "dbced158134e9f81",
    "portes/1/1280x800": "a6c4bb4be9893fac",
    "portes/1/3840x2160": "16f6a9284e8c669e",
    "portes/1/1000x1200": "6450c90d0895d9e8",
    "plakoto/0/800x500": "fd9ac20a33824949",
    "plakoto/0/1280x800": "ecd72a1f970085b9",
    "plakoto/0/3840x2160": "f2705883be583c35",
    "plakoto/0/1000x1200": "2ea8ff41aecc8698",
    "plakoto/1/800x500": "a5c27618a0bf9337",
    "plakoto/1/1280x800": "9f541b6c25edd3a3",
    "plakoto/1/3840x2160": "11c25b07400c6709",
    "plakoto/1/1000x1200": "c5a6a6e38dc47643",
    "fevga/0/800x500": "a0d6d2041454e7e7",
    "fevga/0/1280x800": "9d3783a07c9820cf",
    "fevga/0/3840x2160": "ee501c5f66133f17",
    "fevga/0/1000x1200": "3cd9b89f9a9a57fc",
    "fevga/1/800x500": "16db74adc3fd7e51",
    "fevga/1/1280x800": "9f80f2d7bc527d98",
    "fevga/1/3840x2160": "af116524fd566fe8",
    "fevga/1/1000x1200": "a92a22345f5efc3e",
    "nard/0/800x500": "a0d6d2041454e7e7",
    "nard/0/1280x800": "9d3783a07c9820cf",
    "nard/0/3840x2160": "ee501c5f66133f17",
    "nard/0/1000x1200": "3cd9b89f9a9a57fc",
    "nard/1/800x500": "16db74adc3fd7e51",
    "nard/1/1280x800": "9f80f2d7bc527d98",
    "nard/1/3840x2160": "af116524fd566fe8",
    "nard/1/1000x1200": "a92a22345f5efc3e",
    "acey_deucey/0/800x500": "7c15765721d5861c",
    "acey_deucey/0/1280x800": "e940557804ea4175",
    "acey_deucey/0/3840x2160": "d273ca4a5dd76f45",
    "acey_deucey/0/1000x1200": "ce09d7421767d63d",
    "acey_deucey/1/800x500": "2d596ca983ebc0b1",
    "acey_deucey/1/1280x800": "4d6bd4566d0223b8",
    "acey_deucey/1/3840x2160": "284505aa53c9d80f",
    "acey_deucey/1/1000x1200": "25cb4f39e7b25e85",
}


def test_every_variant_viewer_and_size_is_pinned():
    assert set(table()) == set(PINNED)


@pytest.mark.parametrize("name", sorted(PINNED))
def test_the_geometry_is_what_it_was(name):
    vid, viewer, size = name.split("/")
    w, h = (int(v) for v in size.split("x"))
    assert digest(layout_for(find_variant(vid), (w, h), int(viewer))) == PINNED[name]


def test_the_digest_sees_a_shift_of_a_thousandth_of_a_pixel():
    from dataclasses import replace

    layout = layout_for(find_variant("backgammon"), (800, 500))
    x, y, w, h = layout.frame
    assert digest(replace(layout, frame=(x + 0.001, y, w, h))) != digest(layout)


if __name__ == "__main__":
    for name, value in table().items():
        print(f'    "{name}": "{value}",')
