"""Modern backgammon: two dice, doubles four times, the cube and match play.

The mover's pos 1 is its 24-point and pos 24 its ace point; men bear off from
pos 19-24. Notation uses the standard point numbers (25 - pos).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from game.rules.movegen import backgammon_plays
from game.rules.outcome import Kind, Outcome
from game.rules.play import Play
from game.rules.position import Position
from game.rules.search import DiceRule
from game.rules.variants.base import OptionSpec, Source, Variant

START = {1: 2, 12: 5, 17: 3, 19: 5}  # the 24-, 13-, 8- and 6-points


class Backgammon(Variant):
    id: ClassVar[str] = "backgammon"
    name: ClassVar[str] = "Backgammon"
    order: ClassVar[int] = 0
    has_cube: ClassVar[bool] = True
    has_opening_roll_play: ClassVar[bool] = True
    default_dice_rule: ClassVar[DiceRule] = DiceRule.MOST_THEN_HIGHER
    checks_deadlock: ClassVar[bool] = False  # a backgammon game always ends
    result_kinds: ClassVar[frozenset[Kind]] = frozenset({Kind.SINGLE, Kind.GAMMON, Kind.BACKGAMMON})
    sources: ClassVar[tuple[Source, ...]] = (
        Source("Ludii Portal", "Backgammon, standard ruleset", note="after Murray 1951: 122"),
    )
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "match_length",
            0,
            tuple(range(26)),
            "Match length",
            "Points needed to win the match; 0 plays single games for money.",
        ),
        OptionSpec(
            "cube",
            True,
            (True, False),
            "Doubling cube",
            "Players may offer to double the stakes before they roll.",
        ),
        OptionSpec(
            "jacoby",
            False,
            (True, False),
            "Jacoby rule",
            "Money play: gammons and backgammons count single unless the cube was turned.",
        ),
        OptionSpec(
            "beavers",
            False,
            (True, False),
            "Beavers",
            "Money play: a player who is doubled may take and at once redouble, keeping the cube.",
        ),
        OptionSpec(
            "crawford",
            True,
            (True, False),
            "Crawford rule",
            "Match play: no doubling in the first game after a player comes within one point.",
        ),
    )

    @property
    def doubles_repeat(self) -> bool:
        return True

    def point_label(self, pos: int) -> str:
        if pos == 0:
            return "bar"
        if pos == 25:
            return "off"
        return str(25 - pos)

    def start_position(self) -> Position:
        row = tuple(START.get(p, 0) for p in range(26))
        return Position((row, row), 0, (0, 0), (0, 0))

    def generate_plays(self, position: Position, dice: Sequence[int]) -> list[Play]:
        return backgammon_plays(position, dice)

    def apply_plays(self, position: Position, plays: Sequence[Play]) -> list[Position]:
        # The same positions as apply_play, without its checks: each side's pos p is the
        # other's 25 - p, a man hit goes to its owner's bar (pos 0); no hand, no flags.
        side = position.to_act
        other = 1 - side
        mine0, theirs0 = position.board[side], position.board[other]
        afters = []
        for play in plays:
            mine, theirs = list(mine0), list(theirs0)
            for src, dst, _die, hit, _dice in play:
                mine[src] -= 1
                mine[dst] += 1
                if hit:
                    theirs[25 - dst] -= 1
                    theirs[0] += 1
            rows = (tuple(mine), tuple(theirs)) if side == 0 else (tuple(theirs), tuple(mine))
            afters.append(Position(rows, other, position.hand, position.flags))
        return afters

    def outcome(self, position: Position, mover: int) -> Outcome | None:
        if position.off(mover) < self.men:
            return None
        loser = 1 - mover
        row = position.board[loser]
        if row[25]:
            return Outcome(mover, Kind.SINGLE, 1)
        # The winner's home board is the loser's pos 1-6.
        if row[0] or any(row[1:7]):
            return Outcome(mover, Kind.BACKGAMMON, 3)
        return Outcome(mover, Kind.GAMMON, 2)
