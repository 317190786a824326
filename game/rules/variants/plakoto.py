"""Plakoto ("pinning"), the second game of a Greek Tavli match.

Each side's fifteen men start on its pos 1 (the opponent's pos 24); the sides
move in contrary directions (the default cells: my pos p is the opponent's pos
25 - p) and bear off from pos 19-24. Two dice, doubles played four times, as
many dice as possible and then the higher die.

- **No hitting: pinning.** A man landing on a lone opponent man pins it. The
  pinned man cannot move, its point is closed to its own side, and the
  pinner's side may add men there. It is free again when the last pinner
  leaves (moving on or bearing off). A man that pins on a resting point and
  moves on with the next die frees the man at once. A point with two or more
  (free) opponent men is closed.
- **Bearing off** needs all fifteen in pos 19-24 and none of them pinned;
  option ``bear_off_while_pinned``: the free men may bear off while one is
  pinned (the pinned man still counts as the rearmost where it is).
- **The mother** (the last man on a side's pos 1) pinned there: its side loses
  ``mother_points`` (2 by default; option 1 or 3), once the pinning side has no
  man left on its own pos 1; until then play goes on. Both mothers pinned: a
  tie. Both are judged on the position each play leaves.
- Bearing off all fifteen: single 1, gammon 2 (the loser bore off none).

**Who is pinned** is kept in ``Position.flags``: bit p of ``flags[side]`` (p in
1-23) says that ``side``'s man on its pos p is pinned. A pinned man is alone
on its point (its point is closed to its own side) and under one or more
opponent men on the same cell: the board alone cannot tell which of a lone man
and a lone man is pinned, so the flags say it. Pos 24 is never pinned: the men
under it would stand on the opponent's pos 1, which no man of the opponent
ever lands on. ``validate`` checks that the flags and the board agree: every
cell both sides stand on has exactly one pinned man, and every flag marks a
lone man under opponent men.

**Notation**: a pin sends no man away, so a step that pins is not a hit
(``Step.hit`` is false) and is written without GNU Backgammon's ``*``:
``1/7 1/4``. Points are the mover's pos numbers (bearing off to ``off``).

The module's leading underscore keeps it out of the registry until its board,
text and opponents exist.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from game.rules.errors import PositionError
from game.rules.outcome import Kind, Outcome, Termination
from game.rules.play import Step
from game.rules.position import Position
from game.rules.search import Board, DiceRule
from game.rules.variants.base import OptionSpec, Source, Variant

TRACK = 24
OFF = TRACK + 1
START = 1  # every man starts here; the last one left on it is the mother
BEAR_FROM = 19
PIN_BITS = ((1 << TRACK) - 1) & ~1  # bits 1-23: the pos where a man may be pinned
MOTHER_BIT = 1 << START


def pinned_pos(flags: int) -> list[int]:
    """The pos whose bits ``flags`` sets (a side's pinned men, bits 1-23)."""
    return [p for p in range(1, TRACK + 1) if flags >> p & 1]


def mother_pinned(position: Position, side: int) -> bool:
    """Is ``side``'s last man on its pos 1 pinned there?"""
    return bool(position.flags[side] & MOTHER_BIT)


class Plakoto(Variant):
    id: ClassVar[str] = "plakoto"
    name: ClassVar[str] = "Plakoto"
    order: ClassVar[int] = 61  # the later family: after Portes, before Fevga
    track_length: ClassVar[int] = TRACK
    cells: ClassVar[int] = TRACK
    men: ClassVar[int] = 15
    bear_from: ClassVar[int] = BEAR_FROM
    default_dice_rule: ClassVar[DiceRule] = DiceRule.MOST_THEN_HIGHER
    result_kinds: ClassVar[frozenset[Kind]] = frozenset(
        {Kind.SINGLE, Kind.GAMMON, Kind.MOTHER, Kind.TIE}
    )
    sources: ClassVar[tuple[Source, ...]] = (
        Source(
            "Ludii Portal",
            "Plakoto",
            note="the start, trapping, no bearing off with a man trapped at home, the mother",
        ),
        Source("iTavli", "Rules for Plakoto game", note="pinning and the mother"),
        Source(
            "J. Mamoun",
            "Plakoto: introduction, rules and basic strategy",
            "2017",
            note="any number of men may pile on a pinned man; it is free when all have left",
        ),
    )
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "bear_off_while_pinned",
            False,
            (True, False),
            "Bear off while pinned",
            "Once all fifteen are home, the free men may bear off even while one of them "
            "is pinned (the pinned man waits to be freed).",
            "a house rule",
        ),
        OptionSpec(
            "mother_points",
            2,
            (1, 2, 3),
            "Points for the mother",
            "What a side wins when the opponent's mother (its last man on its starting "
            "point) is pinned there and the winner has no man left on its own start.",
            "the double game by default; 1 or 3 as house rules",
        ),
    )

    @property
    def doubles_repeat(self) -> bool:
        return True

    def start_position(self) -> Position:
        row = tuple(self.men if p == START else 0 for p in range(OFF + 1))
        return Position((row, row), 0, (0, 0), (0, 0))

    # -- steps ------------------------------------------------------------------

    def legal_steps(self, board: Board, die: int) -> Iterator[Step]:
        """No man is ever on the bar: every step is on the track. A pinned man stays;
        a man may land where no own man is pinned and at most one opponent man stands
        free (which it pins) or opponent men lie pinned under own men."""
        side = board.side
        mine = board.mine
        theirs = board.rows[1 - side]
        my_pins = board.flags[side]
        for src in range(1, TRACK + 1):
            if not mine[src] or my_pins >> src & 1:
                continue
            dst = src + die
            if dst <= TRACK:
                # Closed: one of my men is pinned there, or two or more opponent men
                # stand there free (a pinned opponent man is always alone).
                if my_pins >> dst & 1 or theirs[OFF - dst] >= 2:
                    continue
                yield Step(src, dst, die, False)
            elif self.may_bear_off(board, src, die):
                yield Step(src, OFF, die, False)

    def landing(self, board: Board, pos: int, entering: bool) -> tuple[bool, bool]:
        """(may the mover land on ``pos``, False: nothing is ever hit)."""
        side = board.side
        closed = board.flags[side] >> pos & 1 or board.rows[1 - side][OFF - pos] >= 2
        return not closed, False

    def may_bear_off(self, board: Board, src: int, die: int) -> bool:
        if board.flags[board.side] and not self.options["bear_off_while_pinned"]:
            return False
        return super().may_bear_off(board, src, die)

    def after_step(self, board: Board, step: Step) -> None:
        """Free the opponent man under ``step.src`` if its last pinner left; pin a lone
        free opponent man at ``step.dst``."""
        side = board.side
        other = 1 - side
        mine = board.mine
        theirs = board.rows[other]
        src, dst = step.src, step.dst
        if 1 <= src <= TRACK and not mine[src]:
            board.flags[other] &= ~(1 << (OFF - src))
        if dst <= TRACK:
            under = OFF - dst
            if theirs[under] == 1:
                board.flags[other] |= 1 << under

    # -- positions ----------------------------------------------------------------

    def validate(self, position: Position) -> None:
        """The shared checks (with each pinned man set aside, so that the only cells
        both sides share are pins), the pins against the board, no man on the bar,
        and no man off while another of its side is outside pos 19-24."""
        shaped = (
            position.players == self.players
            and len(position.flags) == self.players
            and all(len(row) == OFF + 1 for row in position.board)
        )
        if not shaped:
            super().validate(position)  # says what is wrong with the shape
            raise PositionError(f"{self.id} positions have two rows of {OFF + 1} places")
        self._check_pins(position)
        rows = [list(row) for row in position.board]
        for side in range(self.players):
            for p in pinned_pos(position.flags[side]):
                rows[side][p] -= 1
                rows[side][OFF] += 1
        aside = Position(
            tuple(tuple(row) for row in rows), position.to_act, position.hand, position.flags
        )
        super().validate(aside)
        for side in range(self.players):
            row = position.board[side]
            if row[0]:
                raise PositionError(
                    f"{self.id} has no hitting, so no man is on the bar; side {side} has {row[0]}"
                )
            if row[OFF] and any(row[1:BEAR_FROM]):
                raise PositionError(
                    f"side {side} has borne off {row[OFF]} men with men still outside pos "
                    f"{BEAR_FROM}-{TRACK}, which no play leaves"
                )

    def _check_pins(self, position: Position) -> None:
        for side in range(self.players):
            flags = position.flags[side]
            if flags < 0 or flags & ~PIN_BITS:
                raise PositionError(
                    f"side {side}'s flags {flags} are not pinned points (bits 1-23 only)"
                )
            row, theirs = position.board[side], position.board[1 - side]
            for p in pinned_pos(flags):
                if row[p] != 1:
                    raise PositionError(
                        f"side {side}'s man on pos {p} is marked pinned, but a pinned man is "
                        f"alone on its point and side {side} has {row[p]} there"
                    )
                if theirs[OFF - p] < 1:
                    raise PositionError(
                        f"side {side}'s man on pos {p} is marked pinned with no opponent man "
                        "on its point"
                    )
        row0, row1 = position.board
        for p in range(1, TRACK + 1):
            if row0[p] > 0 and row1[OFF - p] > 0:
                pins = (position.flags[0] >> p & 1) + (position.flags[1] >> (OFF - p) & 1)
                if pins != 1:
                    raise PositionError(
                        f"both sides stand on side 0's pos {p}: exactly one man there must be "
                        f"pinned, not {pins}"
                    )

    # -- the end ------------------------------------------------------------------

    def outcome(self, position: Position, mover: int) -> Outcome | None:
        for winner in range(self.players):
            if position.off(winner) == self.men:
                loser = 1 - winner
                if position.off(loser) == 0:
                    return Outcome(winner, Kind.GAMMON, 2)
                return Outcome(winner, Kind.SINGLE, 1)
        mothers = [mother_pinned(position, side) for side in range(self.players)]
        if all(mothers):
            return Outcome(None, Kind.TIE, 0, Termination.MOTHER)
        for loser, pinned in enumerate(mothers):
            winner = 1 - loser
            if pinned and not position.board[winner][START]:
                return Outcome(
                    winner, Kind.MOTHER, int(self.options["mother_points"]), Termination.MOTHER
                )
        return None
