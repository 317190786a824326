"""A game's decisions as plain values, told from the states before and after each.

The window, the records and (later) replays keep a game as the list of what
each side did: ``{"side": 0, "action": "roll", "dice": [3, 1]}``, then
``{"side": 0, "action": "play", "dice": [3, 1], "play": "8/5 6/5"}``, and so on
for the cube (``double``, ``take``, ``beaver``, ``drop``), resignations
(``resign`` with its ``level``, ``accept``, ``reject``), a named die
(``name_die`` with its ``value``) and a conceded game (``concede``).
"""

from __future__ import annotations

from typing import Any

from game.rules import match as m
from game.rules.notation import format_turn
from game.rules.play import Play

Entry = dict[str, Any]


def decision(
    before: m.GameState,
    after: m.GameState,
    play: Play | None = None,
    conceder: int | None = None,
) -> Entry:
    """What the side deciding in ``before`` did to reach ``after`` (``play``: the play
    made, when ``before`` is a move; ``conceder``: the side that gave the game up, which
    need not be the side to act)."""
    side = before.to_act
    phase = before.phase
    if after.result is not None and after.result.termination == "conceded":
        return {"side": side if conceder is None else conceder, "action": "concede"}
    if after.phase is m.Phase.RESIGN and phase is not m.Phase.RESIGN:
        return {"side": side, "action": "resign", "level": after.resign_offer}
    if phase is m.Phase.MOVE:
        if play is None:
            raise ValueError("a move's entry needs the play that was made")
        text = format_turn(before.variant, before.dice, play)
        return {"side": side, "action": "play", "dice": list(before.dice), "play": text}
    if phase is m.Phase.CHOOSE:
        return {"side": side, "action": "name_die", "value": after.dice[-1]}
    if phase is m.Phase.RESIGN:
        return {"side": side, "action": "accept" if after.result is not None else "reject"}
    if phase is m.Phase.TAKE:
        if after.result is not None:
            return {"side": side, "action": "drop"}
        beaver = after.cube.value == 4 * before.cube.value
        return {"side": side, "action": "beaver" if beaver else "take"}
    if after.phase is m.Phase.TAKE:
        return {"side": side, "action": "double"}
    return {"side": side, "action": "roll", "dice": list(after.dice)}
