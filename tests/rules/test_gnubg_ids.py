"""GNU Backgammon Position IDs and Match IDs, against GNU Backgammon's own data.

``tests/data/backgammon-legal.jsonl`` was produced with GNU Backgammon's library:
for each Position ID and roll, the sorted Position IDs of every distinct legal
play. The other vectors are those of ENGINE-PROTOCOL.md.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from game.rules.errors import PositionError
from game.rules.gnubg import (
    GameState,
    MatchKey,
    match_from_id,
    match_id,
    position_from_id,
    position_id,
)
from game.rules.movegen import backgammon_plays
from game.rules.play import Play, Step
from game.rules.position import Position
from game.rules.variants.backgammon import Backgammon

BG = Backgammon()
DATA = Path(__file__).resolve().parent.parent / "data" / "backgammon-legal.jsonl"
CASES = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]
ALL_IDS = sorted({c["position_id"] for c in CASES} | {r for c in CASES for r in c["results"]})


def row(points: dict[int | str, int]) -> tuple[int, ...]:
    """A Tabula row from GNU Backgammon point counts (``"bar"`` for the bar); the rest off."""
    out = [0] * 26
    for point, n in points.items():
        out[0 if point == "bar" else 25 - int(point)] += n
    out[25] = 15 - sum(out)
    return tuple(out)


def encode(not_on_roll: dict[int | str, int], on_roll: dict[int | str, int]) -> str:
    """A Position ID built straight from the protocol's description (no engine code)."""
    bits: list[int] = []
    for side in (not_on_roll, on_roll):
        for place in [*range(1, 25), "bar"]:
            bits += [1] * side.get(place, 0) + [0]
    assert len(bits) <= 80, "too many men for a Position ID"
    raw = bytearray(10)
    for i, bit in enumerate(bits):
        raw[i // 8] |= bit << (i % 8)
    return base64.b64encode(bytes(raw)).decode("ascii").rstrip("=")


# -- legal plays against GNU Backgammon ---------------------------------------


@pytest.mark.parametrize(
    "case",
    CASES,
    ids=[f"{i}-{c['position_id']}-{c['dice'][0]}{c['dice'][1]}" for i, c in enumerate(CASES)],
)
def test_legal_play_results_match_gnubg(case: dict) -> None:
    position = position_from_id(case["position_id"], 0)
    dice = case["dice"]
    searches = {
        "variant": BG.generate_plays(position, dice),
        "plain search": backgammon_plays(position, dice, shortcuts=False),
    }
    for name, plays in searches.items():
        if not case["results"]:
            assert plays == [Play(())], name
            continue
        got = [position_id(BG.apply_play(position, play)) for play in plays]
        assert sorted(set(got)) == case["results"], name
        assert len(got) == len(set(got)), f"{name}: a position is listed twice"


# -- Position ID ----------------------------------------------------------------

START = {6: 5, 8: 3, 13: 5, 24: 2}
VECTORS = [
    ("4HPwATDgc/ABMA", START, START),
    (
        "4PPgAiDgc/ABMA",
        {6: 5, 8: 4, 13: 3, 14: 1, "bar": 1},
        {7: 5, 9: 3, 14: 5, "bar": 2},
    ),
    ("sGfwATDgc/ABMA", {5: 2, 6: 4, 8: 2, 13: 5, 24: 2}, START),
]


@pytest.mark.parametrize("to_act", [0, 1])
@pytest.mark.parametrize(("pid", "not_on_roll", "on_roll"), VECTORS, ids=[v[0] for v in VECTORS])
def test_position_id_vector_decodes_to_its_board_and_back(
    pid: str, not_on_roll: dict, on_roll: dict, to_act: int
) -> None:
    board = [row(not_on_roll), row(not_on_roll)]
    board[to_act] = row(on_roll)
    expected = Position(tuple(board), to_act, (0, 0), (0, 0))
    assert encode(not_on_roll, on_roll) == pid  # the helper reads the protocol the same way
    assert position_from_id(pid, to_act) == expected
    assert position_id(expected) == pid


def test_start_position_is_the_first_vector() -> None:
    assert position_id(BG.start_position()) == "4HPwATDgc/ABMA"
    assert position_from_id("4HPwATDgc/ABMA", 0) == BG.start_position()


def test_opening_31_played_8_5_6_5_gives_the_third_vector() -> None:
    start = BG.start_position()
    play = Play((Step(17, 20, 3), Step(19, 20, 1)))  # 8/5 6/5
    assert position_id(BG.apply_play(start, play)) == "sGfwATDgc/ABMA"
    results = {position_id(BG.apply_play(start, p)) for p in BG.generate_plays(start, (3, 1))}
    assert "sGfwATDgc/ABMA" in results


def test_every_position_id_in_the_data_decodes_and_encodes_back() -> None:
    assert len(ALL_IDS) > 1000
    for pid in ALL_IDS:
        for to_act in (0, 1):
            position = position_from_id(pid, to_act)
            BG.validate(position)
            assert position.to_act == to_act
            assert position_id(position) == pid


def _with_bit(pid: str, bit: int) -> str:
    raw = bytearray(base64.b64decode(pid + "=="))
    raw[bit // 8] |= 1 << (bit % 8)
    return base64.b64encode(bytes(raw)).decode("ascii").rstrip("=")


MALFORMED = {
    "empty": "",
    "13 characters": "4HPwATDgc/ABM",
    "15 characters": "4HPwATDgc/ABMAA",
    "padded": "4HPwATDgc/ABMA==",
    "bad character !": "4HPwATDgc/AB!A",
    "url-safe alphabet": "4HPwATDgc_ABMA",
    "padding inside": "4HPwATDgc/AB=A",
    "space": "4HPwATDgc ABMA",
    "non-ascii": "4HPwATDgc/ABMé",
    "all ones (runs out of bits)": "//////////////",
    "16 men not on roll": encode({6: 16}, {6: 14}),
    "16 men on roll": encode({6: 14}, {6: 16}),
    "16 men on the bar": encode({"bar": 16}, {6: 1}),
    "both sides on one point": encode({6: 1}, {19: 1}),
    "both sides on one point, full sides": encode({6: 15}, {19: 15}),
    "both sides on the 24/1 point": encode({24: 2, 6: 13}, {1: 1, 6: 14}),
    "stray bit after both sides": _with_bit(encode({6: 1}, {6: 1}), 79),
}


@pytest.mark.parametrize("pid", MALFORMED.values(), ids=MALFORMED.keys())
def test_malformed_position_id_raises_position_error(pid: str) -> None:
    with pytest.raises(PositionError):
        position_from_id(pid, 0)


def test_non_string_position_id_raises_position_error() -> None:
    with pytest.raises(PositionError):
        position_from_id(None, 0)  # type: ignore[arg-type]


def test_fifteen_men_a_side_on_facing_points_is_accepted() -> None:
    # Not-on-roll's 6-point is on-roll's 19-point: the 18-point beside it is free.
    pid = encode({6: 15}, {18: 15})
    position = position_from_id(pid, 0)
    BG.validate(position)
    assert position_id(position) == pid


# -- Match ID -------------------------------------------------------------------

# The fields each vector's description names. GNU Backgammon also writes bit
# 66, "the Jacoby rule is not in use": set in its match-play vectors, clear in
# its money-play ones (Jacoby on), so the money vectors carry jacoby=True.
MATCH_VECTORS = [
    (
        "MAHqAAAAAAAE",
        {"cube": 1, "cube_owner": -1, "on_roll": 0, "dice": (4, 2), "match_length": 7},
        False,
    ),
    (
        "EQHqADAAEAAE",
        {
            "cube": 2,
            "cube_owner": 1,
            "on_roll": 0,
            "dice": (4, 2),
            "match_length": 7,
            "score": (3, 2),
        },
        False,
    ),
    (
        "EYHqADAAEAAE",
        {
            "cube": 2,
            "cube_owner": 1,
            "on_roll": 0,
            "dice": (5, 2),
            "match_length": 7,
            "score": (3, 2),
        },
        False,
    ),
    (
        "cIkFAAAAAAAA",
        {"cube": 1, "cube_owner": -1, "on_roll": 1, "dice": (3, 1), "match_length": 0},
        True,
    ),
    (
        "MAEAAAAAAAAA",
        {"cube": 1, "cube_owner": -1, "on_roll": 0, "dice": (0, 0), "match_length": 0},
        True,
    ),
]
# What every vector shares: a game in play, nobody doubling or resigning, the
# player on roll also the one to decide, 0-0 unless said, no Crawford game.
SHARED = {
    "crawford": False,
    "game_state": GameState.PLAYING,
    "doubled": False,
    "resignation": 0,
    "score": (0, 0),
}
MATCH_IDS = [v[0] for v in MATCH_VECTORS]


def described(fields: dict) -> dict:
    return {**SHARED, "turn": fields["on_roll"], **fields}


@pytest.mark.parametrize(("mid", "fields", "jacoby"), MATCH_VECTORS, ids=MATCH_IDS)
def test_match_id_vector_decodes_to_the_described_fields(
    mid: str, fields: dict, jacoby: bool
) -> None:
    got = match_from_id(mid)
    assert {name: getattr(got, name) for name in described(fields)} == described(fields)


@pytest.mark.parametrize(("mid", "fields", "jacoby"), MATCH_VECTORS, ids=MATCH_IDS)
def test_match_id_vector_decodes_and_encodes_back_unchanged(
    mid: str, fields: dict, jacoby: bool
) -> None:
    assert match_id(match_from_id(mid)) == mid


@pytest.mark.parametrize(("mid", "fields", "jacoby"), MATCH_VECTORS, ids=MATCH_IDS)
def test_match_id_vector_encodes_from_its_fields(mid: str, fields: dict, jacoby: bool) -> None:
    key = MatchKey(**described(fields), jacoby=jacoby)
    assert match_id(key) == mid
    assert match_from_id(mid) == key


def test_match_id_writes_the_higher_die_first() -> None:
    key = MatchKey(on_roll=1, turn=1, dice=(1, 3), jacoby=True)
    assert match_id(key) == "cIkFAAAAAAAA"


MALFORMED_MATCH = {
    "11 characters": "MAHqAAAAAAA",
    "13 characters": "MAHqAAAAAAAEA",
    "bad character": "MAHqAAAAAA!E",
    "cube owner 2": "IAEAAAAAAAAA",
    "die 7 (with a 1)": "MIEHAAAAAAAA",
    "Crawford game in money play": "sAEAAAAAAAAA",
}


@pytest.mark.parametrize("mid", MALFORMED_MATCH.values(), ids=MALFORMED_MATCH.keys())
def test_malformed_match_id_raises_position_error(mid: str) -> None:
    with pytest.raises(PositionError):
        match_from_id(mid)
