"""The dice of a saved game: locked in the save, and what happens when they cannot be
unlocked.

A game in progress is saved (``game.play.session.saved_to_json``) with its seed and its
two generators' states (the dice's and the computer seats') locked in a box under the
key the game keeps apart from the records book (``game.rules.dice_box``,
``game.store.dice_key``): the book alone does not tell the rolls to come. Saves from
before the box (version 1) keep them in plain text and still resume.

When the box cannot be opened (the key file missing, damaged or made afresh, the box
changed), the game is not lost: it goes on from the same position with fresh dice (a
new seed nobody has seen), the rolls made so far are kept as given (as dice entered by
hand are: a replay takes them as they were and draws none of them from a seed), the
opening throw too, and the game is marked ``lost_dice``: it can no longer be checked
against the seal shown before it. ``LOST_WORDS`` says so on the board.
"""

from __future__ import annotations

import random
from typing import Any

from game.i18n import N_
from game.rules.dice import new_seed
from game.rules.dice_box import BoxError, lock, unlock

LOCKED = ("seed", "rng", "ai_rng")  # what tells the dice to come
# (English in the log and the saved game; marked for the board, which says it translated)
LOST_WORDS = N_(
    "Resumed with new dice: dice.key is missing or damaged, so this game can no longer "
    "be checked against its seal"
)


def bound_to(setup_json: Any) -> str:
    """What a save's box is bound to: its game (a box moved to another game is refused)."""
    setup = setup_json if isinstance(setup_json, dict) else {}
    return f"{setup.get('match_id', '')}:{setup.get('variant', '')}"


def lock_dice(data: dict[str, Any], key: bytes) -> dict[str, Any]:
    """A save's JSON (version 1) with its dice locked under ``key`` (version 2)."""
    locked = {name: data[name] for name in LOCKED}
    out = {k: v for k, v in data.items() if k not in LOCKED}
    out["dice"] = lock(key, locked, bound_to(data.get("setup")))
    out["version"] = 2
    return out


def unlock_dice(
    obj: dict[str, Any], key: bytes | None, key_problem: str = ""
) -> tuple[dict[str, Any], str]:
    """A save's JSON with its dice in plain text, as version 1 has them, and "" -- or,
    when the box cannot be opened, the save with fresh dice and why they are fresh."""
    if obj.get("version") != 2:
        return obj, ""
    try:
        if key is None:
            raise BoxError(key_problem or "the key of the saved dice is missing")
        inner = unlock(key, obj.get("dice"), bound_to(obj.get("setup")))
        if not isinstance(inner, dict) or set(inner) != set(LOCKED):
            raise BoxError("the box of the saved dice is damaged")
    except BoxError as exc:
        return fresh_dice(obj), str(exc)
    out = {k: v for k, v in obj.items() if k != "dice"}
    out.update(inner)
    out["version"] = 1
    return out, ""


def fresh_dice(obj: dict[str, Any]) -> dict[str, Any]:
    """The save going on with new dice: a fresh seed, the rolls so far and the opening
    throw kept as given, the game marked as no longer checkable."""
    seed = new_seed()
    out = {k: v for k, v in obj.items() if k != "dice"}
    out.update(
        version=1,
        seed=seed,
        rng=_json_state(random.Random(seed)),
        ai_rng=_json_state(random.Random(seed ^ 0xA1A1)),
    )
    log = obj.get("log")
    if isinstance(log, list):
        out["log"] = [
            {**e, "manual": True} if isinstance(e, dict) and e.get("action") == "roll" else e
            for e in log
        ]
    start = dict(obj["start"]) if isinstance(obj.get("start"), dict) else {}
    thrown = obj.get("opening_thrown")
    if start.get("opening") is None and start.get("first") is None and thrown:
        start["opening"] = thrown  # the opening throw as it fell, drawn from no seed
    start.update(contribution="", lost_dice=True)
    out["start"] = start
    return out


def _json_state(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]
