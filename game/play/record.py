"""The game's record as lines of text for the move list: each side's plays in the
standard notation with the dice they were made with, and the cube, resignations and
named dice in words (``{"action": "play", "dice": [6, 5], "play": "24/13"}`` ->
``"Crimson 6-5: 24/13"``). A roll is shown with the play made of it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.i18n import N_, _
from game.rules import actions as a

# What the move list says a side did, by the record's action name ("{name}": the side).
WORDS: dict[str, str] = {
    # TRANSLATORS: the doubling cube: a side offers to double the stakes
    a.Double.name: N_("{name} doubles"),
    # TRANSLATORS: the doubling cube: a side accepts the double
    a.Take.name: N_("{name} takes"),
    # TRANSLATORS: the doubling cube: a side refuses the double and loses the game
    a.Drop.name: N_("{name} drops"),
    # TRANSLATORS: the doubling cube: a side takes and at once redoubles
    a.Beaver.name: N_("{name} beavers"),
    a.Accept.name: N_("{name} accepts the resignation"),
    a.Reject.name: N_("{name} refuses the resignation"),
    a.Concede.name: N_("{name} concedes"),
}
# What a resignation offers, in the record and as the board says it.
RESIGN_OFFERS: dict[int, str] = {
    1: N_("{name} offers to resign a single game"),
    2: N_("{name} offers to resign a gammon"),
    3: N_("{name} offers to resign a backgammon"),
}


def _said(english: str) -> Callable[[Any, str], str]:
    return lambda action, name: _(english).format(name=name)


# What the board says a side did (the table as it is played, the replay with its few
# words of its own: game.play.replaying.REPLAY_WORDS): each takes the action and the
# side's name.
SAID: dict[type[a.Action], Callable[[Any, str], str]] = {
    # (Acey-Deucey's double: ``named_words``)
    a.NameDie: lambda x, name: _("{name} names a {value}").format(name=name, value=x.value),
    a.Double: _said(WORDS[a.Double.name]),
    a.Take: _said(WORDS[a.Take.name]),
    a.Drop: _said(WORDS[a.Drop.name]),
    a.Beaver: _said(WORDS[a.Beaver.name]),
    a.Accept: _said(N_("{name} accepts")),
    # TRANSLATORS: a side refuses the resignation offered: the game goes on
    a.Reject: _said(N_("{name} refuses: play on")),
    a.Resign: lambda x, name: _(RESIGN_OFFERS[x.level]).format(name=name),
    a.Concede: _said(WORDS[a.Concede.name]),
}


def named_words(action: a.NameDie, after_a_play: bool, name: str) -> str:
    """What ``name`` naming a die is said as: Anglicorum's third die "Ivory names a 3";
    after a play (Acey-Deucey's 1-2, ``GameState.again``) the double played four times,
    "Ivory names 3-3"."""
    if after_a_play:
        value = action.value
        # TRANSLATORS: Acey-Deucey: a side names the double it plays four times ("3-3")
        return _("{name} names {double}").format(name=name, double=f"{value}-{value}")
    return SAID[a.NameDie](action, name)


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
            level = entry.get("level", 1)
            if level in RESIGN_OFFERS:
                lines.append(_(RESIGN_OFFERS[level]).format(name=name))
        elif kind == a.NameDie.name:
            # Named after a play (Acey-Deucey's 1-2), not after a throw: a double.
            named = a.NameDie(entry.get("value", 0))
            lines.append(named_words(named, prior == a.Move.name, name))
        elif isinstance(kind, str) and kind in WORDS:
            lines.append(_(WORDS[kind]).format(name=name))
    return lines


__all__ = ["RESIGN_OFFERS", "SAID", "WORDS", "named_words", "record_lines"]
