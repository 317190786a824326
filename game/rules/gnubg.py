"""GNU Backgammon's Position ID and Match ID, both ways.

The Match ID packs the cube, the score and the dice the same way (see
``_FIELDS``); its bit 66, beyond the 66 bits GNU Backgammon's manual lists,
is set when the Jacoby rule is *not* in use, as GNU Backgammon writes it.

The Position ID is an 80-bit key: the men of the side *not* on roll, then of
the side on roll, each from its own 1-point to its 24-point and then the bar:
for each place as many 1-bits as men, then a 0-bit. Bit i is bit (i mod 8) of
byte (i div 8); the 10 bytes are written in base64 without the padding.

Tabula's backgammon pos p is the standard point 25 - p (pos 0 the bar).
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass

from game.rules.errors import PositionError, excerpt
from game.rules.position import Position

_B64 = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")


def _pack(bits: list[int], nbytes: int) -> str:
    raw = bytearray(nbytes)
    for i, bit in enumerate(bits):
        if bit:
            raw[i >> 3] |= 1 << (i & 7)
    return base64.b64encode(bytes(raw)).decode("ascii").rstrip("=")


def _unpack(text: str, nchars: int, nbytes: int, what: str) -> list[int]:
    if not isinstance(text, str) or len(text) != nchars or not set(text) <= _B64:
        raise PositionError(f"{what} must be {nchars} base64 characters, got {excerpt(text)}")
    pad = "=" * (-len(text) % 4)
    try:
        raw = base64.b64decode(text + pad, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise PositionError(f"{what} {excerpt(text)} is not valid base64") from exc
    if len(raw) != nbytes:
        raise PositionError(f"{what} {excerpt(text)} does not decode to {nbytes} bytes")
    return [(raw[i >> 3] >> (i & 7)) & 1 for i in range(nbytes * 8)]


def gnubg_points(position: Position, side: int) -> list[int]:
    """The 25 counts of ``side`` as GNU Backgammon lists them: points 1..24, bar."""
    row = position.board[side]
    return [row[25 - i] for i in range(1, 25)] + [row[0]]


def position_id(position: Position) -> str:
    """GNU Backgammon Position ID of a backgammon position, seen by ``to_act``."""
    if position.players != 2 or position.track_length != 24:
        raise PositionError("a Position ID describes only a two-sided 24-point board")
    on_roll = position.to_act
    bits: list[int] = []
    for side in (1 - on_roll, on_roll):
        for n in gnubg_points(position, side):
            bits.extend([1] * n)
            bits.append(0)
    return _pack(bits, 10)


def position_from_id(pid: str, to_act: int = 0, men: int = 15) -> Position:
    """The backgammon Position a Position ID describes, with ``to_act`` on roll.

    Men not on the board or the bar are off. Raises PositionError for a key
    that is malformed, has more than ``men`` men a side, or puts both sides
    on one point.
    """
    if to_act not in (0, 1):
        raise PositionError(f"to_act must be 0 or 1, got {to_act!r}")
    bits = _unpack(pid, 14, 10, "Position ID")
    places: list[list[int]] = [[], []]
    i = 0
    for which in (0, 1):
        for _ in range(25):
            n = 0
            while i < 80 and bits[i]:
                n += 1
                i += 1
            if i >= 80:
                raise PositionError(f"Position ID {excerpt(pid)} runs out of bits")
            i += 1  # the 0-bit that closes this place
            places[which].append(n)
    if any(bits[i:]):
        raise PositionError(f"Position ID {excerpt(pid)} has stray bits after both sides")
    not_on_roll, on_roll_pts = places
    rows: dict[int, list[int]] = {}
    for side, pts in ((1 - to_act, not_on_roll), (to_act, on_roll_pts)):
        total = sum(pts)
        if total > men:
            raise PositionError(
                f"Position ID {excerpt(pid)} gives a side {total} men (at most {men})"
            )
        row = [0] * 26
        row[0] = pts[24]
        for point in range(1, 25):
            row[25 - point] = pts[point - 1]
        row[25] = men - total
        rows[side] = row
    for p in range(1, 25):
        if rows[0][p] and rows[1][25 - p]:
            raise PositionError(f"Position ID {excerpt(pid)} puts both sides on one point")
    return Position((tuple(rows[0]), tuple(rows[1])), to_act, (0, 0), (0, 0))


class GameState:
    """Values of the Match ID's game-state field."""

    NONE = 0
    PLAYING = 1
    OVER = 2
    RESIGNED = 3
    DROPPED = 4


@dataclass(frozen=True, slots=True)
class MatchKey:
    """Everything a GNU Backgammon Match ID carries."""

    cube: int = 1
    cube_owner: int = -1  # -1 centred, else the side that owns it
    on_roll: int = 0
    crawford: bool = False
    game_state: int = GameState.PLAYING
    turn: int = 0  # who decides now (differs from on_roll while a double awaits an answer)
    doubled: bool = False
    resignation: int = 0  # 0 none, 1 single, 2 gammon, 3 backgammon
    dice: tuple[int, int] = (0, 0)
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    jacoby: bool = False  # the Jacoby rule is in use (money play only)


_FIELDS = (  # (name, width)
    ("cube_log", 4),
    ("owner", 2),
    ("on_roll", 1),
    ("crawford", 1),
    ("game_state", 3),
    ("turn", 1),
    ("doubled", 1),
    ("resignation", 2),
    ("die0", 3),
    ("die1", 3),
    ("match_length", 15),
    ("score0", 15),
    ("score1", 15),
    ("no_jacoby", 1),  # GNU Backgammon stores "Jacoby not in use" as bit 66
)


def match_id(key: MatchKey) -> str:
    """The 12-character Match ID of ``key``."""
    if key.cube < 1 or key.cube & (key.cube - 1) or key.cube > 1 << 15:
        raise PositionError(f"cube value must be a power of two, got {key.cube!r}")
    values = {
        "cube_log": key.cube.bit_length() - 1,
        "owner": 3 if key.cube_owner == -1 else key.cube_owner,
        "on_roll": key.on_roll,
        "crawford": int(key.crawford),
        "game_state": key.game_state,
        "turn": key.turn,
        "doubled": int(key.doubled),
        "resignation": key.resignation,
        "die0": max(key.dice),  # GNU Backgammon writes the higher die first
        "die1": min(key.dice),
        "match_length": key.match_length,
        "score0": key.score[0],
        "score1": key.score[1],
        "no_jacoby": int(not key.jacoby),
    }
    bits: list[int] = []
    for name, width in _FIELDS:
        v = values[name]
        if not 0 <= v < 1 << width:
            raise PositionError(f"Match ID field {name} out of range: {v!r}")
        bits.extend((v >> b) & 1 for b in range(width))
    return _pack(bits, 9)


def match_from_id(mid: str) -> MatchKey:
    """The situation a Match ID describes; raises PositionError if malformed."""
    bits = _unpack(mid, 12, 9, "Match ID")
    values: dict[str, int] = {}
    i = 0
    for name, width in _FIELDS:
        values[name] = sum(bits[i + b] << b for b in range(width))
        i += width
    if values["owner"] == 2:
        raise PositionError(f"Match ID {excerpt(mid)} names cube owner 2, which does not exist")
    if values["match_length"] == 0 and values["crawford"]:
        raise PositionError(f"Match ID {excerpt(mid)} has a Crawford game in money play")
    if values["game_state"] > 4:
        raise PositionError(
            f"Match ID {excerpt(mid)} has unknown game state {values['game_state']}"
        )
    if values["die0"] > 6 or values["die1"] > 6 or (values["die0"] == 0) != (values["die1"] == 0):
        raise PositionError(f"Match ID {excerpt(mid)} has impossible dice")
    return MatchKey(
        cube=1 << values["cube_log"],
        cube_owner=-1 if values["owner"] == 3 else values["owner"],
        on_roll=values["on_roll"],
        crawford=bool(values["crawford"]),
        game_state=values["game_state"],
        turn=values["turn"],
        doubled=bool(values["doubled"]),
        resignation=values["resignation"],
        dice=(values["die0"], values["die1"]),
        match_length=values["match_length"],
        score=(values["score0"], values["score1"]),
        jacoby=not values["no_jacoby"],
    )
