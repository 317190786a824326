"""The game's record as lines of text for the move list: each side's plays in the
standard notation with the dice they were made with, and the cube, resignations and
named dice in words (``{"action": "play", "dice": [6, 5], "play": "24/13"}`` ->
``"Crimson 6-5: 24/13"``). A roll is shown with the play made of it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.rules import actions as a

WORDS: dict[str, str] = {
    a.Double.name: "doubles",
    a.Take.name: "takes",
    a.Drop.name: "drops",
    a.Beaver.name: "beavers",
    a.Accept.name: "accepts the resignation",
    a.Reject.name: "refuses the resignation",
    a.Concede.name: "concedes",
}
RESIGN_WORDS = {1: "a single game", 2: "a gammon", 3: "a backgammon"}  # what a resignation offers

# What the board says a side did, after its name (the table as it is played, the replay
# with its few words of its own: game.play.replaying.REPLAY_WORDS).
SAID: dict[type[a.Action], Callable[[Any], str]] = {
    a.NameDie: lambda x: f"names a {x.value}",  # (Acey-Deucey's double: ``named_words``)
    a.Double: lambda x: "doubles",
    a.Take: lambda x: "takes",
    a.Drop: lambda x: "drops",
    a.Beaver: lambda x: "beavers",
    a.Accept: lambda x: "accepts",
    a.Reject: lambda x: "refuses: play on",
    a.Resign: lambda x: f"offers to resign {RESIGN_WORDS[x.level]}",
    a.Concede: lambda x: "concedes",
}


def named_words(action: a.NameDie, after_a_play: bool) -> str:
    """What naming a die is said as: Anglicorum's third die "names a 3"; after a play
    (Acey-Deucey's 1-2, ``GameState.again``) the double played four times, "names 3-3"."""
    return f"names {action.value}-{action.value}" if after_a_play else SAID[a.NameDie](action)


def record_lines(log: Sequence[Mapping[str, Any]], names: Sequence[str]) -> list[str]:
    """One line for each decision of ``log`` but the rolls (their dice head the play
    made of them); ``names``: each side's name."""
    lines: list[str] = []
    for n, entry in enumerate(log):
        kind = entry.get("action")
        prior = log[n - 1].get("action") if n else None
        side = entry.get("side", 0)
        name = names[side] if isinstance(side, int) and 0 <= side < len(names) else "?"
        if kind == a.Move.name:
            dice = "-".join(str(d) for d in entry.get("dice", []))
            lines.append(f"{name} {dice}: {entry.get('play', '')}")
        elif kind == a.Resign.name:
            lines.append(f"{name} offers to resign {RESIGN_WORDS.get(entry.get('level', 1), '')}")
        elif kind == a.NameDie.name and prior == a.Move.name:
            # Named after a play (Acey-Deucey's 1-2), not after a throw: a double.
            lines.append(f"{name} names {entry.get('value')}-{entry.get('value')}")
        elif kind == a.NameDie.name:
            lines.append(f"{name} names a {entry.get('value')}")
        elif isinstance(kind, str) and kind in WORDS:
            lines.append(f"{name} {WORDS[kind]}")
    return lines


__all__ = ["RESIGN_WORDS", "SAID", "named_words", "record_lines"]
