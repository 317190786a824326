"""Replays: a finished game as a file anyone can check, and the game rebuilt from it.

A replay (JSON) names the variant and options, the seed, the seats, how the
game started within its match (the score, and the side that starts when the
previous game's winner does) and the record of decisions
(``game.rules.actions.action_to_json``)::

    {"format": "tabula-replay", "version": 1, "variant": "backgammon",
     "options": {...}, "seed": 123, "seats": [...],
     "match": {"length": 5, "score": [0, 0], "crawford": false,
               "crawford_done": false},
     "starter": null, "plays": [...], "result": {...}}

``replay_states`` rebuilds every state: the dice come from the seed and the
player's contribution (``game.rules.dice.dice_stream``, drawn for the opening
throw and each roll, as the game drew them), so a replay also proves that the
dice were the seed's; a roll that differs, a play that is not legal, or a
result that does not follow is a ``ReplayError`` naming the entry.

A game that began from a position of its own (a campaign level's: Zeno's throw)
has ``"first"``: its first state (``game.rules.serial.state_to_json``), which the
replay starts from instead of the variant's start and an opening throw.

Version 2 adds ``"contribution"`` (what the player mixed into the dice after
the seal was shown) and ``"seal"`` (the seal the window showed, checked against
the seed); a version 1 replay (a seed alone, 48 bits) reads and checks as before.
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.rules import actions as a
from game.rules import match as m
from game.rules.dice import DiceError, check_contribution, dice_stream, seed_seal
from game.rules.errors import RulesError
from game.rules.reachable import check_reachable
from game.rules.safe_read import FileRefused, read_json
from game.rules.serial import state_from_json, state_to_json
from game.rules.tavli import TavliError, cycle_to_json, read_cycle
from game.rules.variants import find_variant, options_as_stored

FORMAT = "tabula-replay"
VERSION = 2  # written when the player added a contribution to the dice; else 1
VERSIONS = (1, 2)
# Bounds far beyond any game played, so that a hostile file cannot make the check
# run for minutes: a game's decisions, the dice of an opening throw entered by
# hand (ties throw again), a seat's level (a play's notation: actions.MAX_PLAY_CHARS).
MAX_ENTRIES = 10_000
MAX_OPENING_DICE = 200
MAX_LEVEL_CHARS = 40
MAX_BYTES = 5_000_000  # a replay file larger than this is not read (the store's limit too)


class ReplayError(RulesError):
    """A replay file that cannot be read, or whose record does not follow the rules."""


@dataclass(frozen=True)
class Replay:
    variant_id: str
    options: Mapping[str, Any]
    seed: int
    plays: tuple[Mapping[str, Any], ...]
    seats: tuple[Mapping[str, Any], ...] = ()
    match: m.MatchScore | None = None  # None: a new match from the options
    starter: int | None = None  # the side that starts without an opening throw
    opening: tuple[int, ...] | None = None  # an opening throw entered by hand (not the seed's)
    result: Mapping[str, Any] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)  # e.g. when it was played
    contribution: str = ""  # what the player mixed into the dice ("": the seed alone)
    first: Mapping[str, Any] | None = None  # a first state of its own (state JSON)

    def dice(self) -> random.Random:
        """The generator of the game's dice (``game.rules.dice.dice_stream``)."""
        return dice_stream(self.seed, self.contribution)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION if self.contribution else 1,
            "variant": self.variant_id,
            "options": dict(self.options),
            "seed": self.seed,
            "seats": [dict(s) for s in self.seats],
            "starter": self.starter,
            "opening": list(self.opening) if self.opening is not None else None,
            "plays": [dict(p) for p in self.plays],
            "result": dict(self.result) if self.result is not None else None,
        }
        if self.contribution:
            out["contribution"] = self.contribution
            out["seal"] = seed_seal(self.seed)
        if self.first is not None:
            out["first"] = dict(self.first)
        if self.match is not None:
            out["match"] = {
                "length": self.match.length,
                "score": list(self.match.score),
                "crawford": self.match.crawford,
                "crawford_done": self.match.crawford_done,
                **cycle_to_json(self.match),  # a Tavli match: the game in turn
            }
        out.update(self.extra)
        return out


def replay_from_json(obj: Any) -> Replay:
    """A replay read from its JSON form (raises ``ReplayError`` saying what is wrong)."""
    if not isinstance(obj, dict):
        raise ReplayError("a replay is a JSON object")
    if obj.get("format") != FORMAT:
        raise ReplayError(f"not a Tabula replay (format {obj.get('format')!r})")
    if obj.get("version") not in VERSIONS:
        raise ReplayError(f"replay version {obj.get('version')!r:.20} is not one this Tabula reads")
    variant_id, options, seed = obj.get("variant"), obj.get("options", {}), obj.get("seed")
    if not isinstance(variant_id, str) or not isinstance(options, dict):
        raise ReplayError("the replay's 'variant' and 'options' cannot be read")
    try:
        options = options_as_stored(variant_id, options)
        variant = find_variant(variant_id, options)
    except RulesError as exc:
        raise ReplayError(f"the replay's variant: {exc}") from None
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ReplayError("the replay's 'seed' must be a whole number")
    plays = obj.get("plays")
    if not isinstance(plays, list) or not all(isinstance(p, dict) for p in plays):
        raise ReplayError("the replay's 'plays' must be a list of objects")
    if len(plays) > MAX_ENTRIES:
        raise ReplayError(f"the replay has {len(plays):,} entries (at most {MAX_ENTRIES:,})")
    seats = obj.get("seats", [])
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        raise ReplayError("the replay's 'seats' must be a list of objects")
    _check_seats(seats, variant.players)
    starter = obj.get("starter")
    if starter is not None and (isinstance(starter, bool) or starter not in range(variant.players)):
        raise ReplayError(f"the replay's 'starter' {starter!r} is not a side")
    match = None
    if obj.get("match") is not None:
        raw = obj["match"]
        try:
            score = tuple(int(s) for s in raw["score"])
            cycle, game = read_cycle(raw, variant_id)
            match = m.MatchScore(
                int(raw["length"]),
                score,
                bool(raw["crawford"]),
                bool(raw["crawford_done"]),
                cycle,
                game,
            )
        except TavliError as error:
            raise ReplayError(f"the replay's 'match' cannot be read: {error}") from None
        except (KeyError, TypeError, ValueError, OverflowError):
            raise ReplayError("the replay's 'match' cannot be read") from None
        if len(score) != variant.players:
            raise ReplayError("the replay's match score does not fit the variant")
    result = obj.get("result")
    if result is not None and not isinstance(result, dict):
        raise ReplayError("the replay's 'result' must be an object")
    opening = obj.get("opening")
    if opening is not None and not (
        isinstance(opening, list)
        and len(opening) <= MAX_OPENING_DICE
        and all(isinstance(d, int) and not isinstance(d, bool) for d in opening)
    ):
        raise ReplayError(
            f"the replay's 'opening' must be a list of at most {MAX_OPENING_DICE} dice"
        )
    contribution = _read_dice(obj, seed)
    first = obj.get("first")
    if first is not None:
        first = dict(read_first_state(first, variant_id, ReplayError))
    known = {"format", "version", "variant", "options", "seed", "plays", "seats", "starter"}
    known |= {"opening", "contribution", "seal", "first"}
    known |= {"match", "result"}
    extra = {k: v for k, v in obj.items() if k not in known}
    return Replay(
        variant_id,
        dict(options),
        seed,
        tuple(plays),
        tuple(seats),
        match,
        starter,
        tuple(opening) if opening is not None else None,
        result,
        extra,
        contribution,
        first,
    )


def read_first_state(
    obj: Any, variant_id: str, error: type[Exception] = ValueError
) -> dict[str, Any]:
    """A game's own first state (``first``: a campaign level's position and throw),
    checked: a state of ``variant_id`` (``game.rules.serial.state_from_json``) with a
    side to move its dice. Raises ``error`` saying what is wrong."""
    if not isinstance(obj, dict):
        raise error("the game's first state must be an object")
    try:
        state = state_from_json(obj)
    except RulesError as exc:
        raise error(f"the game's first state: {exc}") from None
    if state.variant.id != variant_id:
        raise error(f"the game's first state is {state.variant.id}'s, not {variant_id}'s")
    if state.phase is not m.Phase.MOVE or not state.dice:
        raise error("the game's first state must have a side to move the dice thrown")
    return state_to_json(state)


def _check_seats(seats: list[dict[str, Any]], players: int) -> None:
    """The seats of a replay: at most one per side, ``human`` true or false, ``level``
    a short text (the window shows it)."""
    if len(seats) > players:
        raise ReplayError(f"the replay has {len(seats)} seats for {players} sides")
    for n, seat in enumerate(seats, 1):
        if not isinstance(seat.get("human", False), bool):
            raise ReplayError(f"the replay's seat {n}: 'human' must be true or false")
        level = seat.get("level", "")
        if not isinstance(level, str) or len(level) > MAX_LEVEL_CHARS:
            raise ReplayError(f"the replay's seat {n}: 'level' must be a short text")


def _read_dice(obj: Mapping[str, Any], seed: int) -> str:
    """The replay's contribution to the dice ("" for none), its seal (if it has one)
    checked against the seed (raises ``ReplayError``)."""
    seal = obj.get("seal")
    try:
        contribution = check_contribution(obj.get("contribution", ""))
    except DiceError as exc:
        raise ReplayError(f"the replay's 'contribution': {exc}") from None
    if contribution and obj.get("version") == 1:
        raise ReplayError("a version 1 replay has no 'contribution' (version 2 has)")
    if seal is not None:
        if not isinstance(seal, str):
            raise ReplayError(f"the replay's 'seal' must be hex text, not {type(seal).__name__}")
        if seal.lower() != seed_seal(seed):
            raise ReplayError(
                f"the seed {seed} is not the sealed one: its seal is {seed_seal(seed)}, "
                f"the replay's is {seal!r:.80}"
            )
    return contribution


def first_state(replay: Replay, rng: random.Random) -> m.GameState:
    """The game's first state, its opening throw drawn from ``rng`` (seeded), or the
    opening throw entered by hand (``match.opened``; tied throws before it, one die a
    side each, are passed over as the table passed them)."""
    if replay.first is not None:
        return state_from_json(replay.first)
    return _reachable(_opened(replay, rng))


def _reachable(state: m.GameState) -> m.GameState:
    """``state``, a game's start within the replay's match, checked as a state read in
    (``check_reachable``): a score at or past the length, Crawford fields the score does
    not call for, or a Tavli score its games cannot have given is refused."""
    try:
        check_reachable(state)
    except RulesError as exc:
        raise ReplayError(f"the replay's match: {exc}") from None
    return state


def _opened(replay: Replay, rng: random.Random) -> m.GameState:
    variant = find_variant(replay.variant_id, replay.options)
    skips_opening = replay.starter is not None and not variant.has_opening_roll_play
    if replay.opening is None or skips_opening:
        return m.new_game(variant, rng, replay.match, replay.starter)
    players, dice = variant.players, replay.opening
    for at in range(0, len(dice) - players + 1, players):
        throws = dice[at : at + players]
        for die in throws:
            if isinstance(die, bool) or not 1 <= die <= variant.faces:
                raise ReplayError(f"a die of {die} is not between 1 and {variant.faces}")
        if throws.count(max(throws)) == 1:
            try:
                return m.opened(variant, throws, replay.match)
            except RulesError as exc:
                raise ReplayError(f"the opening throw: {exc}") from None
    raise ReplayError("the opening throw entered by hand does not decide who starts")


def apply_entry(
    state: m.GameState,
    entry: Mapping[str, Any],
    rng: random.Random,
    n: int = 0,
    contribution: str = "",
) -> m.GameState:
    """The state after one recorded decision (``actions.action_from_json``, then
    ``actions.apply_action``); a seeded roll is thrown from ``rng`` and checked against
    the record (``contribution``: the player's, named when a roll differs)."""
    where = f"entry {n + 1}"
    name = entry.get("action")
    side = entry.get("side")
    if side != state.to_act and name != "concede":
        raise ReplayError(f"{where}: side {side!r} acts, but it is side {state.to_act}'s turn")
    try:
        action = a.action_from_json(state, entry)
        if isinstance(action, a.Roll) and not action.by_hand:
            # The record keeps the dice as they stand after the roll (a fixed die included).
            after = a.apply_action(state, a.throw(state, rng))
            if list(after.dice) != list(action.dice):
                source = "the seed throws"
                if contribution:
                    source = "the seed and the contribution throw"
                raise ReplayError(
                    f"{where}: {source} {list(after.dice)}, the record says {entry.get('dice')}"
                )
            return after
        return a.apply_action(state, action)
    except ReplayError:
        raise
    except a.ActionError as exc:
        raise ReplayError(f"{where}: {exc}") from None
    except (RulesError, TypeError, ValueError, OverflowError) as exc:
        raise ReplayError(f"{where} ({name}): {exc}") from None


def replay_states(replay: Replay) -> list[m.GameState]:
    """Every state of the game, first to last (raises ``ReplayError``)."""
    rng = replay.dice()
    states = [first_state(replay, rng)]
    for n, entry in enumerate(replay.plays):
        if states[-1].is_over:
            raise ReplayError(f"entry {n + 1}: the game was already over")
        states.append(apply_entry(states[-1], entry, rng, n, replay.contribution))
    last = states[-1]
    if replay.result is not None:
        if last.result is None:
            raise ReplayError("the record ends before the game does")
        if last.result.to_json() != dict(replay.result):
            raise ReplayError(
                f"the record leads to {last.result.to_json()}, not to {dict(replay.result)}"
            )
    return states


def read_replay_json(name: str) -> Any:
    """The JSON of the replay file ``name`` for the command-line checks, read as the
    window reads an import: a regular file only (never a FIFO or a device), bounded in
    size and nesting, finite numbers (raises ``ReplayError``, a ValueError)."""
    try:
        return read_json(Path(name), MAX_BYTES)
    except FileRefused as exc:  # its message begins with the file's name, made printable
        raise ReplayFileError(str(exc)) from None


class ReplayFileError(ReplayError):
    """A replay file that cannot be read at all (the message names the file)."""


def printable(name: str) -> str:
    """A file name as a message can print it (bytes that are not UTF-8 as U+FFFD)."""
    return os.fsencode(name).decode("utf-8", "replace")


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m game.rules.replay FILE``: check a replay file and say what it proves."""
    import argparse
    import sys

    from game.rules.dice import stream_key

    parser = argparse.ArgumentParser(
        prog="python -m game.rules.replay",
        description="Check a Tabula replay: the seed against its seal, every roll against "
        "the seed and the player's contribution, every play against the rules, the "
        "result against the plays.",
    )
    parser.add_argument("file")
    parser.add_argument(
        "--seal",
        default="",
        help="the seal (or its first hex digits) the window showed before the dice",
    )
    args = parser.parse_args(argv)
    noted = args.seal.replace(" ", "").lower()
    try:
        replay = replay_from_json(read_replay_json(args.file))
        if noted and not seed_seal(replay.seed).startswith(noted):
            raise ReplayError(
                f"the seed's seal is {seed_seal(replay.seed)}, not the {args.seal!r} you noted"
            )
        states = replay_states(replay)
    except ReplayFileError as exc:
        print(exc, file=sys.stderr)
        return 1
    except (OSError, ValueError) as exc:  # ReplayError and JSON errors are ValueErrors
        print(f"{printable(args.file)}: {exc}", file=sys.stderr)
        return 1
    rolls = sum(1 for e in replay.plays if e.get("action") == "roll" and not e.get("manual"))
    by_hand = sum(1 for e in replay.plays if e.get("action") == "roll" and e.get("manual"))
    seed = replay.seed
    print(f"variant {replay.variant_id}, seed {seed}")
    print(f"seal {seed_seal(seed)} (SHA-256 of 'tabula-dice-seed:{seed}')")
    if noted:
        print(f"the seal matches the {args.seal!r} you noted")
    if replay.contribution:
        key = stream_key(seed, replay.contribution)
        print(f"the player's contribution {replay.contribution!r} was mixed in:")
        print(f"  key {key} (SHA-256 of 'tabula-dice-stream:{seed}:{replay.contribution}')")
        source = f"random.Random(0x{key})"
    else:
        source = f"random.Random({seed})"
    print(f"{rolls} rolls match {source}; {len(replay.plays)} decisions legal")
    if by_hand:
        print(f"{by_hand} rolls were entered by hand (physical dice, not the seed's)")
    result = states[-1].result
    print(f"result: {result.to_json() if result else 'the game is not over'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
