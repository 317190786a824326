"""Every decision of a game as a value, and the one door through which it is made.

Each kind of decision is a small frozen value: ``Roll(dice, by_hand)`` (the dice
that fell, chance's move or a person's hand), ``Move(play)``, ``NameDie(value)``,
``Double()``, ``Take()``, ``Drop()``, ``Beaver()``, ``Resign(level)``,
``Accept()``, ``Reject()``, ``Concede(side)``. ``legal_actions(state)`` lists what
the side to act may do; ``apply_action(state, action)`` makes one; chance is a
phase like the others (as OpenSpiel has it): ``chance_outcomes(state)`` lists the
rolls that can fall, fixed dice included, with their probabilities, and a thrown
roll is applied like any action. ``roll(state, rng)`` is the convenience on top.

The history, the replays, the engine protocol, the computer players and the
window all speak these values; ``action_to_json`` / ``action_from_json`` give the
JSON of a record's entry, ``{"side": 0, "action": "play", "dice": [3, 1],
"play": "8/5 6/5"}``, the form saved games and replays have always had.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeAlias

from game.rules import match as m
from game.rules.dice import chance_outcomes as dice_outcomes
from game.rules.dice import roll_dice
from game.rules.errors import IllegalPlayError, RulesError
from game.rules.notation import format_turn, parse_play
from game.rules.play import Play

MAX_PLAY_CHARS = 500  # the notation of one play in a record (replays have always read 500)


class ActionError(RulesError):
    """A record's entry that names no action that can be made here."""


@dataclass(frozen=True, slots=True)
class Roll:
    """The dice that fell for the side on roll: the thrown dice (the fixed die of
    Anglicorum is added by the rules) or the whole set. ``by_hand``: a person
    entered them (the record keeps that; the rules treat both alike)."""

    name: ClassVar[str] = "roll"
    dice: tuple[int, ...]
    by_hand: bool = False


@dataclass(frozen=True, slots=True)
class Move:
    """The side on roll plays its dice."""

    name: ClassVar[str] = "play"
    play: Play


@dataclass(frozen=True, slots=True)
class NameDie:
    """The chooser names the die not thrown (Anglicorum's chosen third die), or the
    double the side plays after Acey-Deucey's 1-2 (``value``-``value``)."""

    name: ClassVar[str] = "name_die"
    value: int


@dataclass(frozen=True, slots=True)
class Double:
    """The side on roll offers to double the stakes, before rolling."""

    name: ClassVar[str] = "double"


@dataclass(frozen=True, slots=True)
class Take:
    """The doubled side takes the cube."""

    name: ClassVar[str] = "take"


@dataclass(frozen=True, slots=True)
class Drop:
    """The doubled side refuses the double and loses the game."""

    name: ClassVar[str] = "drop"


@dataclass(frozen=True, slots=True)
class Beaver:
    """Money play: the doubled side takes and at once redoubles, keeping the cube."""

    name: ClassVar[str] = "beaver"


@dataclass(frozen=True, slots=True)
class Resign:
    """The side on roll offers to resign a single (1), gammon (2) or backgammon (3)."""

    name: ClassVar[str] = "resign"
    level: int = 1


@dataclass(frozen=True, slots=True)
class Accept:
    """The side offered a resignation accepts it: the game ends."""

    name: ClassVar[str] = "accept"


@dataclass(frozen=True, slots=True)
class Reject:
    """The side offered a resignation refuses it: play goes on."""

    name: ClassVar[str] = "reject"


@dataclass(frozen=True, slots=True)
class Concede:
    """``side`` leaves the game (at any moment, whoever is to act)."""

    name: ClassVar[str] = "concede"
    side: int


Action: TypeAlias = (
    Roll | Move | NameDie | Double | Take | Drop | Beaver | Resign | Accept | Reject | Concede
)
SIMPLE: dict[str, Action] = {
    a.name: a for a in (Double(), Take(), Drop(), Beaver(), Accept(), Reject())
}
NAMES = ("roll", "play", "name_die", "resign", "concede", *SIMPLE)


# -- chance --------------------------------------------------------------------------


def is_chance(state: m.GameState) -> bool:
    """Is the next thing to happen a throw of the dice (the side on roll may still
    double or resign first)?"""
    return state.phase is m.Phase.ROLL


def chance_outcomes(state: m.GameState) -> tuple[tuple[Roll, float], ...]:
    """Every roll that can fall now, fixed dice included, with its probability
    (the thrown dice sorted high to low); ``()`` outside the roll phase."""
    if not is_chance(state):
        return ()
    variant = state.variant
    fixed = variant.fixed_dice
    return tuple(
        (Roll((*dice, *fixed)), p) for dice, p in dice_outcomes(variant.thrown_dice, variant.faces)
    )


def throw(state: m.GameState, rng: random.Random) -> Roll:
    """The roll ``rng`` throws for the side on roll (the thrown dice in the order
    thrown; the rules add any fixed die when it is applied)."""
    m._require(state, m.Phase.ROLL)
    return Roll(roll_dice(rng, state.variant.thrown_dice, state.variant.faces))


def roll(state: m.GameState, rng: random.Random) -> m.GameState:
    """Throw the dice with ``rng`` and apply them: ``apply_action(state, throw(...))``."""
    return apply_action(state, throw(state, rng))


# -- decisions ----------------------------------------------------------------------


def legal_actions(state: m.GameState) -> list[Action]:
    """Everything the side to act may do now.

    In the roll phase: double (where allowed), resign, and each roll that can fall
    (``chance_outcomes``); in the move phase each legal play (one empty play when
    none can move) and resigning; naming each value of the chosen die; take, drop,
    beaver; accept or reject. A side may also ``Concede`` at any moment before the
    game is over; that is not listed.
    """
    actions = decisions(state)
    if state.phase is m.Phase.ROLL:
        actions += [r for r, _ in chance_outcomes(state)]
    elif state.phase is m.Phase.MOVE:
        actions = [*(Move(p) for p in m.legal_plays(state)), *actions]
    return actions


def decisions(state: m.GameState) -> list[Action]:
    """The legal actions but the plays and the rolls: what a button or a word decides
    (quick: no play is searched for)."""
    phase = state.phase
    actions: list[Action] = []
    if phase is m.Phase.ROLL:
        if m.can_double(state):
            actions.append(Double())
        actions += _resignations(state)
    elif phase is m.Phase.MOVE:
        actions += _resignations(state)
    elif phase is m.Phase.CHOOSE:
        actions += [NameDie(v) for v in m.die_choices(state)]
    elif phase is m.Phase.TAKE:
        actions += [Take(), Drop()]
        if m.can_beaver(state):
            actions.append(Beaver())
    elif phase is m.Phase.RESIGN:
        actions += [Accept(), Reject()]
    return actions


def _resignations(state: m.GameState) -> list[Action]:
    levels = tuple(m.RESIGN_KINDS) if state.variant.has_cube else (1,)
    return [Resign(level) for level in levels]


def is_legal(state: m.GameState, action: Action) -> bool:
    """Can ``action`` be made now (``apply_action`` would not raise)?"""
    try:
        apply_action(state, action)
    except RulesError:
        return False
    return True


def apply_action(
    state: m.GameState, action: Action, legal: Sequence[Play] | None = None
) -> m.GameState:
    """The state after ``action`` (raises ``RulesError`` when it cannot be made now).

    ``legal``: for a ``Move``, the legal plays of ``state`` when the caller has them
    already (``m.legal_plays``), so that they are not generated again."""
    match action:
        case Roll(dice=dice):
            return m.set_dice(state, dice)
        case Move(play=play):
            return m.play(state, play, legal)
        case NameDie(value=value):
            return m.choose_die(state, value)
        case Double():
            return m.double(state)
        case Take():
            return m.take(state)
        case Drop():
            return m.drop(state)
        case Beaver():
            return m.beaver(state)
        case Resign(level=level):
            return m.resign(state, level)
        case Accept():
            return m.accept(state)
        case Reject():
            return m.reject(state)
        case Concede(side=side):
            if not 0 <= side < state.variant.players:
                raise IllegalPlayError(f"there is no side {side} to concede")
            return m.concede(state, side)
    raise IllegalPlayError(f"{action!r} is not an action")


def actor(state: m.GameState, action: Action) -> int:
    """The side that makes ``action`` in ``state`` (a concession names its own)."""
    return action.side if isinstance(action, Concede) else state.to_act


# -- the record's JSON ----------------------------------------------------------------


def action_to_json(state: m.GameState, action: Action) -> dict[str, Any]:
    """The record's entry for ``action`` made in ``state``: ``{"side", "action", ...}``."""
    entry: dict[str, Any] = {"side": actor(state, action), "action": action.name}
    match action:
        case Roll(dice=dice, by_hand=by_hand):
            entry["dice"] = list(rolled_dice(state, dice))
            if by_hand:
                entry["manual"] = True
        case Move(play=play):
            entry["dice"] = list(state.dice)
            entry["play"] = format_turn(state.variant, state.dice, play)
        case NameDie(value=value):
            entry["value"] = value
        case Resign(level=level):
            entry["level"] = level
    return entry


def rolled_dice(state: m.GameState, dice: tuple[int, ...]) -> tuple[int, ...]:
    """The dice as they stand once ``dice`` are rolled in ``state``: the thrown dice
    with any fixed die added (Anglicorum's 6), as ``match.set_dice`` adds it. The
    record keeps these, as it always has."""
    variant = state.variant
    if len(dice) == variant.thrown_dice < variant.dice_count:
        return (*dice, *variant.fixed_dice)
    return dice


def action_from_json(state: m.GameState, entry: Mapping[str, Any]) -> Action:
    """The action a record's entry names in ``state`` (raises ``ActionError``; a play's
    notation that names no legal play raises ``RulesError``). The dice of a roll are
    read, not checked: ``apply_action`` checks them, and a replay checks a seeded
    roll against its seed."""
    name = entry.get("action")
    if name == "roll":
        return Roll(_dice(entry), by_hand=bool(entry.get("manual", False)))
    if name == "play":
        if _dice(entry) != state.dice:
            raise ActionError(f"the dice are {list(state.dice)}, not {entry.get('dice')}")
        text = entry.get("play")
        if not isinstance(text, str):
            raise ActionError("the play is missing")
        if len(text) > MAX_PLAY_CHARS:
            raise ActionError(f"the play's notation is {len(text):,} characters long")
        return Move(parse_play(state.variant, state.position, state.dice, text))
    if name == "name_die":
        return NameDie(_whole(entry, "value", 0))
    if name == "resign":
        return Resign(_whole(entry, "level", 1))
    if name == "concede":
        return Concede(_whole(entry, "side", -1))
    if isinstance(name, str) and name in SIMPLE:
        return SIMPLE[name]
    raise ActionError(f"unknown action {name!r}")


def _dice(entry: Mapping[str, Any]) -> tuple[int, ...]:
    dice = entry.get("dice", [])
    if not isinstance(dice, list | tuple) or len(dice) > 8:
        raise ActionError(f"the dice must be a short list of numbers, not {dice!r:.60}")
    if not all(isinstance(d, int) and not isinstance(d, bool) for d in dice):
        raise ActionError(f"the dice must be whole numbers, not {dice!r:.60}")
    return tuple(dice)


def _whole(entry: Mapping[str, Any], key: str, default: int) -> int:
    value = entry.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ActionError(f"'{key}' must be a whole number, not {value!r:.40}")
    return value


__all__ = [
    "NAMES",
    "Accept",
    "Action",
    "ActionError",
    "Beaver",
    "Concede",
    "Double",
    "Drop",
    "Move",
    "NameDie",
    "Reject",
    "Resign",
    "Roll",
    "Take",
    "action_from_json",
    "action_to_json",
    "actor",
    "apply_action",
    "chance_outcomes",
    "decisions",
    "is_chance",
    "is_legal",
    "legal_actions",
    "roll",
    "rolled_dice",
    "throw",
]
