"""A position set up by hand, for any of the twelve games (pure: the editor scene's model).

``PositionEdit`` holds what the editor shows: each side's men on its own track (pos 0
the bar, 1..L the points; the rest off, or in hand where the game has a hand), whose
turn it is, the dice (none: the side is to roll), and for a game with the cube its
value and owner and the match's length and score. Every edit keeps the counts legal
(never more men of a side on the board than the game has); whatever else is wrong
with a position (two sides on one point, a man off while others of its side are far
from home, a score past the match ...) is for the rules engine to say: ``check``
builds the state JSON and reads it with ``game.rules.serial.state_from_json``, which
runs the reachability checks, and gives the state or the engine's reason.

The history of an edited game is unknown: its state has no opening throw (so the
checks that need one are skipped, as for a position pasted from GNU Backgammon) and
counts many turns played, unless the men stand where the game starts them.
"""

from __future__ import annotations

from typing import Any

from game.i18n import N_, _, ngettext
from game.names import game_name
from game.rules import match as m
from game.rules.errors import RulesError
from game.rules.serial import state_from_json, state_to_json
from game.rules.variants import find_variant
from game.rules.variants.base import Variant
from game.rules.variants.el_mundo import ElMundo
from game.rules.variants.plakoto import Plakoto

# What the position may be waiting for beside a throw or a play (``PositionEdit.waiting``),
# as the rules engine's state has it: a double offered and not yet answered; Acey-Deucey's
# turn kept after the 1-2 (the double to name, the named double to play, the throw
# again); a die still to be named (Anglicorum, where its option names the third die).
# Marked here, translated where shown (the editor's choice); the refusals below are made in
# the language in use, as the editor shows them at once.
WAITING_WORDS = {
    "": N_("Nothing more"),
    "double": N_("A double to answer"),
    "name": N_("A double to name (1-2)"),
    "named": N_("The named double (1-2)"),
    "again": N_("A throw again (1-2)"),
    "die": N_("A die to name"),
}
# What a game without it says of a waiting chosen ({game}: the game's name).
NOT_IN_GAME = {
    "double": N_("{game} has no double to answer"),
    "name": N_("{game} has no double to name (1-2)"),
    "named": N_("{game} has no named double (1-2)"),
    "again": N_("{game} has no throw again (1-2)"),
    "die": N_("{game} has no die to name"),
}
# TRANSLATORS: "To roll" is the editor's choice of dice for a side still to throw
BEFORE_THE_THROW = {
    "double": N_("A double to answer is offered before the throw: set the dice to To roll"),
    "name": N_("A double to name (1-2) comes before any dice: set the dice to To roll"),
    "again": N_("A throw again (1-2) comes before any dice: set the dice to To roll"),
}
NO_DIE_NAMED = N_("A die still to be named is not set up here: set the throw with the die named")
TURNS_PLAYED = 100  # the turn count of an edited mid-game position (its history unknown)
CUBE_VALUES = (1, 2, 4, 8, 16, 32, 64)
MATCH_LENGTHS = (0, 1, 3, 5, 7, 9, 11, 13, 15, 17, 21, 25)


class PositionEdit:
    """The position being set up, and every edit the editor makes to it."""

    def __init__(self, variant_id: str, options: dict[str, Any] | None = None) -> None:
        self.reset(variant_id, options)

    # -- starting over ------------------------------------------------------------------

    def reset(self, variant_id: str, options: dict[str, Any] | None = None) -> None:
        """The game's start position, side 0 to roll, no cube turned, money play."""
        self.variant: Variant = find_variant(variant_id, options or {})
        start = self.variant.start_position()
        self.board = [list(row) for row in start.board]
        self.hand = list(start.hand)
        self.rest_in_hand = self.variant.uses_hand
        self.to_act = 0
        self.dice: list[int | None] = [None] * self.variant.dice_count
        self.cube_value = 1
        self.cube_owner = -1
        self.score = [0] * self.variant.players
        self.under: dict[int, int] = {}  # Plakoto: a shared cell's pinned side
        self.waiting = ""  # what the position waits for (WAITING_WORDS), "" nothing more
        self._settle()

    def clear(self) -> None:
        """Every man off the board (off, or in hand where the game has one)."""
        for row in self.board:
            for pos in range(self.variant.off_pos):
                row[pos] = 0
        self.under.clear()
        self._settle()

    def load(self, state: m.GameState) -> None:
        """Take a state's position, turn, dice, cube and score (a pasted Position ID)."""
        variant = state.variant
        self.variant = variant
        position = state.position
        self.board = [list(row) for row in position.board]
        self.hand = list(position.hand)
        self.rest_in_hand = variant.uses_hand and any(position.hand)
        self.to_act = state.on_roll
        dice = list(state.dice) if state.phase is m.Phase.MOVE else []
        self.dice = [*dice, *[None] * (variant.dice_count - len(dice))][: variant.dice_count]
        self.cube_value, self.cube_owner = state.cube.value, state.cube.owner
        self.score = list(state.match.score) + [0] * (variant.players - len(state.match.score))
        self.under = {}
        self.waiting = ""
        if state.phase is m.Phase.TAKE:
            self.waiting, self.to_act = "double", state.on_roll
        elif state.again:
            named = state.phase is m.Phase.MOVE
            self.waiting = (
                "name" if state.phase is m.Phase.CHOOSE else "named" if named else "again"
            )
        elif state.phase is m.Phase.CHOOSE:
            self.waiting = "die"
        if isinstance(variant, Plakoto):
            for side in range(2):
                for pos in range(1, variant.track_length + 1):
                    if position.flags[side] >> pos & 1:
                        self.under[variant.cell(side, pos)] = side

    # -- the men ---------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.variant.players

    def placed(self, side: int) -> int:
        """The side's men on the board and the bar."""
        return sum(self.board[side][: self.variant.off_pos])

    def rest(self, side: int) -> int:
        """The side's men not on the board: off, or in hand."""
        return self.variant.men - self.placed(side)

    def off(self, side: int) -> int:
        return self.board[side][self.variant.off_pos]

    def pos_of(self, side: int, cell: int) -> int | None:
        """Side ``side``'s pos of board cell ``cell`` (None: not on its track)."""
        for pos in range(1, self.variant.track_length + 1):
            if self.variant.cell(side, pos) == cell:
                return pos
        return None

    def men_at(self, cell: int) -> list[int]:
        """Each side's men on board cell ``cell``."""
        out = []
        for side in range(self.players):
            pos = self.pos_of(side, cell)
            out.append(0 if pos is None else self.board[side][pos])
        return out

    def add(self, side: int, pos: int) -> str:
        """One more man of ``side`` on its ``pos`` (0: the bar). "" when done, else why not
        (every man of the side is on the board already)."""
        if not 0 <= pos < self.variant.off_pos:
            return _("Men are put on the points or the bar")
        if self.rest(side) <= 0:
            men = self.variant.men
            return ngettext(
                "All {n} man of that side is on the board",
                "All {n} men of that side are on the board",
                men,
            ).format(n=men)
        if pos and isinstance(self.variant, Plakoto):
            cell = self.variant.cell(side, pos)
            others = [s for s, n in enumerate(self.men_at(cell)) if n and s != side]
            if self.under.get(cell) == side:
                return _("A pinned man stands alone: no man of its side joins it")
            if others and cell not in self.under and not self.board[side][pos]:
                self.under[cell] = others[0]  # the man there first is pinned by this one
        self.board[side][pos] += 1
        self._settle()
        return ""

    def remove(self, side: int, pos: int) -> bool:
        """One man of ``side`` off its ``pos`` (to off, or to the hand); whether one was."""
        if not 0 <= pos < self.variant.off_pos or not self.board[side][pos]:
            return False
        self.board[side][pos] -= 1
        if pos and isinstance(self.variant, Plakoto):
            cell = self.variant.cell(side, pos)
            if sum(1 for n in self.men_at(cell) if n) < 2:
                self.under.pop(cell, None)
        self._settle()
        return True

    def remove_top(self, cell: int, prefer: int) -> bool:
        """A right click on ``cell``: one man of ``prefer`` if it has one there, else of the
        other side standing there."""
        men = self.men_at(cell)
        sides = [prefer] + [s for s in range(self.players) if s != prefer]
        for side in sides:
            pos = self.pos_of(side, cell)
            if men[side] and pos is not None:
                return self.remove(side, pos)
        return False

    def move(self, side: int, src: int, dst: int) -> str:
        """A dragged man: one of ``side`` from ``src`` to ``dst`` (pos, 0 the bar)."""
        if src == dst:
            return ""
        if not 0 <= src < self.variant.off_pos or not self.board[side][src]:
            return _("No man of that side stands there")
        self.remove(side, src)
        why = self.add(side, dst)
        if why:
            self.add(side, src)  # put it back: nothing changes
        return why

    def set_rest_in_hand(self, in_hand: bool) -> None:
        self.rest_in_hand = bool(in_hand) and self.variant.uses_hand
        self._settle()

    def _settle(self) -> None:
        """The men not on the board: off, or in hand."""
        off = self.variant.off_pos
        for side in range(self.players):
            rest = self.variant.men - self.placed(side)
            if self.rest_in_hand:
                self.hand[side], self.board[side][off] = rest, 0
            else:
                self.hand[side], self.board[side][off] = 0, rest

    # -- turn, dice, cube, score ---------------------------------------------------------------

    @property
    def has_cube(self) -> bool:
        return self.variant.has_cube

    @property
    def match_length(self) -> int:
        return int(self.variant.options.get("match_length", 0))

    def set_match_length(self, length: int) -> None:
        if "match_length" not in self.variant.options:
            return
        self.variant = find_variant(
            self.variant.id, {**self.variant.options, "match_length": length}
        )
        if not length:
            self.score = [0] * self.players

    def set_die(self, index: int, value: int | None) -> None:
        if 0 <= index < len(self.dice):
            self.dice[index] = value

    def waitings(self) -> list[str]:
        """What a position of this game can be waiting for (``WAITING_WORDS``' keys)."""
        variant = self.variant
        out = [""]
        if variant.has_cube and variant.options.get("cube", False):
            out.append("double")
        if variant.names_double_after:
            out += ["name", "named", "again"]
        if variant.die_chooser is not None:
            out.append("die")
        return out

    @property
    def to_roll(self) -> bool:
        return all(d is None for d in self.dice)

    # -- the state -----------------------------------------------------------------------------

    def flags(self) -> list[int]:
        """The flags the game keeps, from the board: Plakoto's pinned men, El Mundo's turns
        (all its placing rounds played, once the men have left the start); none elsewhere."""
        variant = self.variant
        if isinstance(variant, Plakoto):
            flags = [0, 0]
            for cell, side in self.under.items():
                men = self.men_at(cell)
                pos = self.pos_of(side, cell)
                if all(men) and pos is not None:
                    flags[side] |= 1 << pos
            return flags
        if isinstance(variant, ElMundo) and not self.at_start():
            from game.rules.variants.el_mundo import PLACEMENT_ROUNDS

            return [PLACEMENT_ROUNDS] * self.players
        return [0] * self.players

    def at_start(self) -> bool:
        start = self.variant.start_position()
        return [list(r) for r in start.board] == self.board and list(start.hand) == self.hand

    def to_json(self) -> dict[str, Any]:
        """The state JSON of the position set up (not yet checked)."""
        dice = [d for d in self.dice if d is not None]
        phase = "move" if dice else "roll"
        to_act = self.to_act
        extra: dict[str, Any] = {}
        if self.waiting == "double":  # the side on roll doubled; the other answers
            phase, to_act = "take", (self.to_act + 1) % self.players
            extra["on_roll"] = self.to_act
        elif self.waiting in ("name", "named", "again"):
            extra["again"] = True
            if self.waiting == "name":
                phase = "choose"
        elif self.waiting == "die":
            phase = "choose"
        out: dict[str, Any] = {
            "variant": self.variant.id,
            "options": dict(self.variant.options),
            "to_act": to_act,
            **extra,
            "phase": phase,
            "dice": dice,
            "board": [list(row) for row in self.board],
            "hand": list(self.hand),
            "flags": self.flags(),
            "turn": 0 if self.at_start() and not dice else TURNS_PLAYED,
        }
        if self.has_cube:
            owner = None if self.cube_owner < 0 else self.cube_owner
            out["cube"] = {"value": self.cube_value, "owner": owner}
        out["match"] = {"length": self.match_length, "score": list(self.score)}
        return out

    def check(self) -> tuple[m.GameState | None, str]:
        """The state the rules engine reads from ``to_json``, or None and its reason."""
        dice = [d for d in self.dice if d is not None]
        if dice and len(dice) != len(self.dice):
            return None, _("Set every die, or none for a side to roll")
        why = self.waiting_refusal(bool(dice))
        if why:
            return None, why
        try:
            return state_from_json(self.to_json()), ""
        except (RulesError, ValueError, TypeError, KeyError) as exc:
            return None, plain(str(exc), self.variant)

    def waiting_refusal(self, thrown: bool) -> str:
        """Why what the position waits for does not go with the dice set ("" when it
        does); the rules engine checks the rest."""
        waiting = self.waiting
        if waiting and waiting not in self.waitings():
            return _(NOT_IN_GAME[waiting]).format(game=game_name(self.variant.id))
        if waiting == "die":
            return _(NO_DIE_NAMED)
        if waiting in BEFORE_THE_THROW and thrown:
            return _(BEFORE_THE_THROW[waiting])
        if waiting == "named" and not thrown:
            return _("Set the double named after the 1-2 as the dice")
        return ""

    def read_ids(self, position_id: str, match_id: str = "") -> str:
        """Backgammon: take a GNU Backgammon Position ID (and Match ID); "" when taken,
        else the engine's reason (nothing changes)."""
        text: dict[str, Any] = {"variant": "backgammon", "position_id": position_id.strip()}
        if match_id.strip():
            text["match_id"] = match_id.strip()
        try:
            state = state_from_json(text)
        except (RulesError, ValueError, TypeError, KeyError) as exc:
            return plain(str(exc))
        self.load(state)
        return ""

    def position_id(self) -> str:
        """The Position ID of the position set up (backgammon, when it checks)."""
        state, _ = self.check()
        if state is None or state.variant.id != "backgammon":
            return ""
        return str(state_to_json(state).get("position_id", ""))


def plain(reason: str, variant: Variant | None = None) -> str:
    """The engine's reason as a sentence: a capital first, the game by its name."""
    reason = reason.strip()
    if variant is not None:
        reason = reason.replace(f"{variant.id} ", f"{variant.name} ")
        reason = reason.replace(f"{variant.id}'s", f"{variant.name}'s")
    return reason[:1].upper() + reason[1:] if reason else _("The rules refuse this position")


__all__ = ["CUBE_VALUES", "MATCH_LENGTHS", "WAITING_WORDS", "PositionEdit", "plain"]
