"""What Long Nardy and Fevga share: one track both sides run the same way round.

Each side's fifteen men start on its pos 1, and the two starting points stand
at diagonally opposite corners: the opponent's pos 1 is my pos 13, and in
general my pos p is the opponent's pos p + 12 (round 24). Both run pos 1-24
and bear off from pos 19-24 (the quarter where the opponent started). There is
no hitting: a single man holds a point, so no man ever goes to the bar.

The block rule of both games: a side may not hold six points in a row
(counted along the opponent's track, so across the mover's own 24/1 seam but
not across the opponent's) unless an opponent man is already past them (ahead
of them on its track, or borne off). It is checked after every step: a step
that would leave such a block is not legal, even if a later die would break
it. A block once made legally stays legal (the man past it only runs on), so
no position play reaches has a forbidden block, and ``validate`` refuses one.

Board cells: side 0's pos p is cell 24 - p (as in backgammon: its pos 1 is
its 24-point), side 1's pos p is cell (12 - p) mod 24, so side 1 starts on
side 0's 12-point and both run down the cells, round the seam from cell 0 to
cell 23 (side 1 passes it between its pos 12 and 13).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from game.rules.errors import PositionError
from game.rules.outcome import Kind, Outcome
from game.rules.play import Step
from game.rules.position import Position
from game.rules.search import Board, DiceRule
from game.rules.variants.base import Variant

HEAD = 1  # every man starts here: the head
TRACK = 24
OFF = TRACK + 1
HALF = 12  # the opponent's pos 1 is my pos 1 + HALF
BLOCK = 6  # six points in a row make the forbidden block

# My pos p as the opponent's pos (and back: the shift by half the board is its own inverse).
SHIFT = tuple(0 if p == 0 else (p + HALF - 1) % TRACK + 1 for p in range(OFF))


Row = list[int] | tuple[int, ...]


def blocks_without_passer(mine: Row, theirs: Row, at: int) -> bool:
    """Do ``mine`` hold a run of six or more points through ``at`` (my pos), counted along
    the opponent's track, with no opponent man past its far end (on the board or off)?"""
    if not mine[at]:
        return False
    q = SHIFT[at]
    low = q
    while low > 1 and mine[SHIFT[low - 1]]:
        low -= 1
    high = q
    while high < TRACK and mine[SHIFT[high + 1]]:
        high += 1
    return high - low + 1 >= BLOCK and not any(theirs[high + 1 : OFF + 1])


def forbidden_blocks(position: Position, side: int) -> list[tuple[int, int]]:
    """Every run of six or more points ``side`` holds with no opponent man past it, as
    (first, last) of the opponent's pos (the block as the opponent meets it)."""
    mine, theirs = position.board[side], position.board[1 - side]
    found = []
    q = 1
    while q <= TRACK:
        if not mine[SHIFT[q]]:
            q += 1
            continue
        low = q
        while q < TRACK and mine[SHIFT[q + 1]]:
            q += 1
        if q - low + 1 >= BLOCK and not any(theirs[q + 1 : OFF + 1]):
            found.append((low, q))
        q += 1
    return found


class SameWay(Variant):
    """Two sides, fifteen men each on its pos 1, running the same way round; no hitting."""

    track_length: ClassVar[int] = TRACK
    cells: ClassVar[int] = TRACK
    men: ClassVar[int] = 15
    bear_from: ClassVar[int] = 19
    default_dice_rule: ClassVar[DiceRule] = DiceRule.MOST_THEN_HIGHER
    double_kind: ClassVar[Kind] = Kind.GAMMON  # the win of two points (the loser bore off none)

    @property
    def doubles_repeat(self) -> bool:
        return True

    @property
    def blocks_banned(self) -> bool:
        """Is the six-point block with no opponent man past it forbidden (Fevga's option)?"""
        return True

    # -- geometry -------------------------------------------------------------

    def cell(self, side: int, pos: int) -> int:
        if not 1 <= pos <= TRACK:
            raise ValueError(f"pos {pos} is not on the track")
        return (TRACK - pos - HALF * side) % TRACK

    def facing_pos(self, side: int, pos: int, other: int) -> int | None:
        if side == other:
            return pos
        if not 1 <= pos <= TRACK:
            return None
        return SHIFT[pos]

    def start_position(self) -> Position:
        row = tuple(self.men if p == HEAD else 0 for p in range(OFF + 1))
        return Position((row, row), 0, (0, 0), (0, 0))

    # -- steps ------------------------------------------------------------------

    def landing(self, board: Board, pos: int, entering: bool) -> tuple[bool, bool]:
        """No hitting: one opponent man holds a point."""
        return board.others_at(pos)[1] == 0, False

    def legal_steps(self, board: Board, die: int) -> Iterator[Step]:
        # No man is ever on the bar: every step is on the track.
        mine = board.mine
        theirs = board.rows[1 - board.side]
        for step in self.track_steps(board, die):
            if not self.may_leave(board, step.src):
                continue
            if step.dst <= TRACK:
                mine[step.src] -= 1
                mine[step.dst] += 1
                broken = self.breaks_rule(mine, theirs, step.dst)
                mine[step.src] += 1
                mine[step.dst] -= 1
                if broken:
                    continue
            yield step

    def may_leave(self, board: Board, src: int) -> bool:
        """May a man leave ``src`` now (checked before the step: the head rules)?"""
        return True

    def breaks_rule(self, mine: list[int], theirs: list[int], dst: int) -> bool:
        """Would the mover's men ``mine``, just come to ``dst``, break a rule of holding
        points (checked after every step)? Only a block through ``dst`` is new."""
        return self.blocks_banned and blocks_without_passer(mine, theirs, dst)

    # -- positions and the end ----------------------------------------------------

    def validate(self, position: Position) -> None:
        super().validate(position)
        for side in range(self.players):
            row = position.board[side]
            if row[0]:
                raise PositionError(
                    f"{self.id} has no hitting, so no man is on the bar; side {side} has {row[0]}"
                )
            self.validate_side(position, side)

    def validate_side(self, position: Position, side: int) -> None:
        """Refuse what no play of ``side`` leaves (rules checked after every step)."""
        if self.blocks_banned:
            blocks = forbidden_blocks(position, side)
            if blocks:
                low, high = blocks[0]
                raise PositionError(
                    f"side {side} holds {high - low + 1} points in a row (the opponent's pos "
                    f"{low}-{high}) with no opponent man past them, which no play leaves"
                )

    def outcome(self, position: Position, mover: int) -> Outcome | None:
        if position.off(mover) < self.men:
            return None
        if position.off(1 - mover) == 0:
            return Outcome(mover, self.double_kind, 2)
        return Outcome(mover, Kind.SINGLE, 1)
