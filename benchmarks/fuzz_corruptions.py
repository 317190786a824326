"""States no game reaches, made from states games do reach: the corruptions
``benchmarks.fuzz_engine`` sends, each with what the engine's refusal must name.

Each corruption takes a state as JSON (a copy, free to change) and returns it corrupted,
or None where the corruption does not apply to that state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from game.rules import tavli
from game.rules.position import Position
from game.rules.reachable import most_per_play, progress
from game.rules.variants import VARIANTS, find_variant
from game.rules.variants._nard_common import HEAD, OFF, SHIFT, forbidden_blocks

Corruption = Callable[[random.Random, dict[str, Any]], dict[str, Any] | None]


def _flags(rng: random.Random, s: dict[str, Any]) -> dict[str, Any] | None:
    side = rng.randrange(len(s["flags"]))
    if s["variant"] == "lombardorum":
        s["flags"][side] = rng.choice((2, 3, 4, 1 << 10))
    elif s["variant"] == "el_mundo":
        s["flags"][side] = rng.choice((5, 6, 7, 64, 1 << 9)) | s["flags"][side]
    else:
        s["flags"][side] = rng.choice((1, 2, 7, 1 << 16))
    return s


def _tied_opening(rng: random.Random, s: dict[str, Any]) -> dict[str, Any] | None:
    if not s["opening"]:
        return None
    top = max(s["opening"])
    s["opening"] = [top] * len(s["opening"])
    return s


def _turn_parity(rng: random.Random, s: dict[str, Any]) -> dict[str, Any] | None:
    if not s["opening"] or len(s["opening"]) != 2:
        return None
    s["turn"] += rng.choice((1, 3))
    return s


def _men_off_with_hand(rng: random.Random, s: dict[str, Any]) -> dict[str, Any] | None:
    sides = [i for i, n in enumerate(s["hand"]) if n > 1]  # (one man in hand stays)
    if not sides:
        return None
    side = rng.choice(sides)
    s["hand"][side] -= 1
    s["board"][side][-1] += 1
    return s


def _score_past_length(rng: random.Random, s: dict[str, Any]) -> dict[str, Any] | None:
    length = s["match"]["length"]
    if not length or s["phase"] == "over":
        return None
    s["match"]["score"][rng.randrange(2)] = length + rng.choice((0, 0, 1, 5))
    return s


def _crawford(rng: random.Random, s: dict[str, Any]) -> dict[str, Any] | None:
    match = s["match"]
    if s["variant"] != "backgammon" or s["phase"] == "over":
        return None
    length, score = match["length"], match["score"]
    if not length or not s["options"]["crawford"]:
        match[rng.choice(("crawford", "crawford_done"))] = True
    elif match["crawford"] or match["crawford_done"]:
        if rng.random() < 0.5:
            match["crawford"] = match["crawford_done"] = True
        else:
            match["crawford"] = match["crawford_done"] = False
    elif length - 1 in score:
        return None  # (a reachable state has crawford or crawford_done set here)
    else:
        match[rng.choice(("crawford", "crawford_done"))] = True
    return s


def _cube(rng: random.Random, s: dict[str, Any]) -> dict[str, Any] | None:
    if s["variant"] != "backgammon":
        return None
    r = rng.random()
    if r < 0.3:
        s["cube"] = {"value": 1 << 15, "owner": rng.randrange(2)}
    elif s["match"]["crawford"] or not s["options"]["cube"]:
        s["cube"] = {"value": rng.choice((2, 4, 64)), "owner": rng.randrange(2)}
    elif s["opening"] and s["turn"] == 0:
        s["cube"] = {"value": 2, "owner": rng.randrange(2)}
    else:
        return None
    return s


def _result(rng: random.Random, s: dict[str, Any]) -> dict[str, Any] | None:
    """A result the board contradicts: a live game declared won on the board, or a
    finished one with its winner, kind or points changed."""
    players = len(s["board"])
    result = s.get("result")
    if result is None:
        if s["variant"] == "el_mundo" and s["options"]["play_on"]:
            return None  # (its results list places: another shape)
        winner = rng.randrange(players)
        s.update(phase="over", dice=[], winner=winner)
        s.pop("roller", None)
        s.pop("resign_offer", None)
        s.pop("resume", None)
        termination = rng.choice(("borne_off", "blockade"))
        s["result"] = {"kind": "single", "points": 1, "winner": winner, "termination": termination}
        return s
    r = rng.random()
    # (Any side may concede: a conceded game's winner may be any other side.)
    if r < 0.4 and result["winner"] is not None and result["termination"] != "conceded":
        result["winner"] = s["winner"] = (result["winner"] + rng.randrange(1, players)) % players
    elif r < 0.7:
        result["points"] += rng.choice((1, 2, 5))
    else:
        result["termination"] = rng.choice(
            [t for t in ("borne_off", "blockade", "deadlock") if t != result["termination"]]
        )
    return s


def _fixed_die(rng: random.Random, s: dict[str, Any]) -> dict[str, Any] | None:
    if s["options"].get("third_die") != "six" or len(s["dice"]) != 3:
        return None
    s["dice"] = [rng.randint(1, 5) for _ in range(3)]
    return s


def _match_length(rng: random.Random, s: dict[str, Any]) -> dict[str, Any] | None:
    if s["variant"] != "backgammon":
        return None
    s["match"]["length"] = (s["match"]["length"] + rng.randint(1, 5)) % 26
    return s


def _starter(s: dict[str, Any]) -> int:
    """The side that started a two-sided game: turns alternate from it."""
    return int((s["on_roll"] - s["turn"]) % 2)


def _head(rng: random.Random, s: dict[str, Any]) -> dict[str, Any] | None:
    """Long Nardy: more men off a side's head than its plays can have taken (one a turn,
    two on its first turn with 6-6, 4-4 or 3-3), the rest of the board kept playable."""
    if s["variant"] != "nard":
        return None
    side = rng.randrange(2)
    plays = (s["turn"] + (side == _starter(s))) // 2
    most = min(15, plays + 1) if plays else 0
    row, other = s["board"][side], s["board"][1 - side]
    left = 15 - row[HEAD]
    if most >= 15:
        return None
    more = most + 1 - left
    if more <= 0:
        return None
    # Onto a point of the side's own (no new block), else onto an open one that makes none.
    spots = [p for p in range(2, OFF) if row[p]] or [
        p for p in range(2, OFF) if not other[SHIFT[p]]
    ]
    for spot in spots:
        board = [list(row), list(other)]
        board[0][HEAD] -= more
        board[0][spot] += more
        rows = (board[0], board[1]) if side == 0 else (board[1], board[0])
        if not forbidden_blocks(Position(tuple(map(tuple, rows)), 0, (0, 0), (0, 0)), side):
            row[HEAD] -= more
            row[spot] += more
            return s
    return None


def _turn_set_back(rng: random.Random, s: dict[str, Any]) -> dict[str, Any] | None:
    """Fewer plays made (``turn`` set back, the side on roll kept) than the men's places
    need: further along than those plays can have moved them. (Two-sided games with the
    opening throw known, Acey-Deucey's chain aside.)"""
    variant = find_variant(s["variant"], s["options"])
    if not s["opening"] or variant.players != 2 or variant.names_double_after:
        return None
    position = Position(tuple(map(tuple, s["board"])), 0, tuple(s["hand"]), tuple(s["flags"]))
    start = variant.start_position()
    moved = [progress(variant, position, side) - progress(variant, start, side) for side in (0, 1)]
    starter = s["opening"].index(max(s["opening"]))
    for turn in range(2 - s["turn"] % 2, s["turn"], 2):
        plays = [(turn + (side == starter)) // 2 for side in (0, 1)]
        if any(moved[side] > most_per_play(variant) * plays[side] for side in (0, 1)):
            s["turn"] = turn
            return s
    return None


def _second_runner(rng: random.Random, s: dict[str, Any]) -> dict[str, Any] | None:
    """Fevga: a second man off a side's start before its first runner has reached the
    opponent's start (or passed it, with the option)."""
    if s["variant"] != "fevga":
        return None
    side = rng.randrange(2)
    row, other = s["board"][side], s["board"][1 - side]
    goal = 14 if s["options"].get("runner_passes_start") else 13
    more = 2 - (15 - row[HEAD])
    if any(row[goal:]) or more <= 0:
        return None
    open_points = [p for p in range(2, 7) if not other[SHIFT[p]]]
    if not open_points:
        return None
    row[HEAD] -= more
    row[rng.choice(open_points)] += more  # (a man or two on pos 2-6: no block, no prime)
    return s


def _free_pinned(rng: random.Random, s: dict[str, Any]) -> dict[str, Any] | None:
    """Plakoto: a lone man marked pinned with no opponent man on its point."""
    if s["variant"] != "plakoto":
        return None
    for side in rng.sample(range(2), 2):
        row, other = s["board"][side], s["board"][1 - side]
        free = [p for p in range(1, 24) if row[p] == 1 and not other[25 - p]]
        if free:
            s["flags"][side] |= 1 << rng.choice(free)
            return s
    return None


def _in_tavli(s: dict[str, Any]) -> bool:
    return bool(s["match"].get("cycle"))


def _tavli_points(rng: random.Random, s: dict[str, Any]) -> dict[str, Any] | None:
    """A Tavli score the games already played cannot have given (two points a game at
    most), each side still short of the length."""
    match = s["match"]
    if not _in_tavli(s) or s["phase"] == "over":
        return None
    total = tavli.MOST_POINTS * match["game"] + 1
    top = match["length"] - 1
    if total > 2 * top:
        return None
    first = rng.randint(max(0, total - top), min(top, total))
    match["score"] = [first, total - first]
    return s


def _tavli_options(rng: random.Random, s: dict[str, Any]) -> dict[str, Any] | None:
    """A game of a Tavli match played with an option other than its default."""
    if not _in_tavli(s):
        return None
    spec = rng.choice(VARIANTS[s["variant"]].option_specs)
    s["options"][spec.name] = rng.choice([v for v in spec.values if v != spec.default])
    return s


def _tavli_starter(rng: random.Random, s: dict[str, Any]) -> dict[str, Any] | None:
    """A later game of a Tavli match opened without an opening throw (so by the last
    game's winner) by a side with no points."""
    if not _in_tavli(s) or not s["match"]["game"] or s["opening"] or s["phase"] == "over":
        return None
    s["match"]["score"][_starter(s)] = 0
    return s


def _no_play_made(rng: random.Random, s: dict[str, Any]) -> dict[str, Any] | None:
    """The plays made set back to none (``turn`` 0, the opening throw known) while the men
    have moved. (Backgammon's own checks of its first play speak first there.)"""
    if not s["opening"] or s["turn"] < 2 or s["turn"] % 2 or s.get("again"):
        return None
    if s["variant"] == "backgammon":
        return None
    s["turn"] = 0
    return s


CORRUPTIONS: dict[str, Corruption] = {
    "flags a variant does not have": _flags,
    "a tied opening throw": _tied_opening,
    "the side on roll against the opening and the plays made": _turn_parity,
    "men off while men wait in hand": _men_off_with_hand,
    "a score at or past the match length in a game going": _score_past_length,
    "Crawford fields the score or the options rule out": _crawford,
    "a cube the options, the Crawford game or the start rule out": _cube,
    "a result the board contradicts": _result,
    "Anglicorum's fixed six missing": _fixed_die,
    "a match length the options do not have": _match_length,
    "more men off Long Nardy's head than the plays made can take": _head,
    "a Tavli score more than the games played can give": _tavli_points,
    "a Tavli game with options other than its defaults": _tavli_options,
    "a Tavli game opened by the last winner, who has no points": _tavli_starter,
    "men moved with no play made": _no_play_made,
    "men further along than the plays made can move them": _turn_set_back,
    "a second Fevga man off the start before the first runner arrives": _second_runner,
    "a Plakoto man marked pinned with nobody on its point": _free_pinned,
}
# What each of these refusals names (a regular expression), for the tests.
REASONS: dict[str, str] = {
    "more men off Long Nardy's head than the plays made can take": "left its head",
    "a Tavli score more than the games played can give": "score at most",
    "a Tavli game with options other than its defaults": "default options",
    "a Tavli game opened by the last winner, who has no points": "yet it had no points",
    "men moved with no play made": "no play has been made",
    # (In Long Nardy the head may speak first: fewer plays also take fewer men off it.)
    "men further along than the plays made can move them": "further along|left its head",
    "a second Fevga man off the start before the first runner arrives": "first runner arrives",
    "a Plakoto man marked pinned with nobody on its point": "no opponent man on its point",
}
