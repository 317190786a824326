"""Ludus Duodecim Scriptorum, the Roman "game of twelve markings".

This is a reconstruction, after H. J. R. Murray (A History of Board-Games
Other Than Chess, 1951): no Roman rule text survives, only boards and
allusions. The game tells the player so.

The board has three rows of twelve points. Both sides enter their men from
the hand into the middle row and travel it in the same direction (pos 1-12:
there my pos k is the opponent's pos k), then go round the two outer rows in
opposite directions: side 0 the far row then the near row, side 1 the near
row then the far row (pos 13-36: there my pos k is the opponent's pos
49 - k). Cells: the middle row is cells 0-11, the far row 12-23 and the near
row 24-35.

Fifteen men each, all in hand at the start, and three dice. The dice may be
used singly or summed into one jump by one man, which is checked only where
it lands (it may pass over closed points); a die is never divided. A die or
a sum enters a man only into the middle row, and every waiting man (in hand
or hit) enters before any man moves on. Bearing off starts once all fifteen
stand in the last row (pos 25-36) and needs an exact die or sum.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import compress
from typing import ClassVar

from game.rules.outcome import Kind, Outcome
from game.rules.play import Play, Step
from game.rules.position import Position
from game.rules.search import Board, DiceRule, summed_dice
from game.rules.variants.base import Source, Variant

TRACK = 36  # three rows of twelve
MIDDLE = 12  # pos 1-12: the middle row, shared by both sides in the same direction
TURN = 49  # on the outer rows my pos k is the opponent's pos TURN - k

# The opponent's pos on the cell of each pos of the mover (the same for both
# sides; 0 for the bar and off, which face nothing).
FACING = tuple(
    pos if 1 <= pos <= MIDDLE else TURN - pos if MIDDLE < pos <= TRACK else 0
    for pos in range(TRACK + 2)
)


class Duodecim(Variant):
    id: ClassVar[str] = "duodecim"
    name: ClassVar[str] = "Ludus Duodecim Scriptorum"
    order: ClassVar[int] = 10
    track_length: ClassVar[int] = TRACK
    cells: ClassVar[int] = TRACK
    bear_from: ClassVar[int] = 25
    uses_hand: ClassVar[bool] = True
    default_dice_rule: ClassVar[DiceRule] = DiceRule.MOST
    sources: ClassVar[tuple[Source, ...]] = (
        Source(
            "H. J. R. Murray",
            "A History of Board-Games Other Than Chess",
            "1951",
            "a reconstruction: no Roman rule text survives",
        ),
        Source(
            "a modern blog post",
            "Ludus Duodecim Scriptorum: Game of 12 Markings",
            "",
            "history only",
        ),
    )

    @property
    def dice_count(self) -> int:
        return 3

    # -- geometry -------------------------------------------------------------

    def cell(self, side: int, pos: int) -> int:
        """Cell of ``side``'s ``pos``: the middle row alike, then the outer rows crosswise.

        Side 0 goes far row (cells 12-23) then near row (24-35); side 1 near
        row (35 down to 24) then far row (23 down to 12).
        """
        if not 1 <= pos <= self.track_length:
            raise ValueError(f"pos {pos} is not on the track")
        if side == 0 or pos <= MIDDLE:
            return pos - 1
        return TURN - 1 - pos

    def facing_pos(self, side: int, pos: int, other: int) -> int | None:
        """The same cell on ``other``'s track: pos k in the middle row, else 49 - k."""
        if side == other:
            return pos
        if not 1 <= pos <= self.track_length:
            return None
        return pos if pos <= MIDDLE else TURN - pos

    # -- the game ---------------------------------------------------------------

    def start_position(self) -> Position:
        """Every man in hand, the board empty: the men come on by the dice."""
        row = (0,) * (self.track_length + 2)
        return Position((row, row), 0, (self.men, self.men), (0, 0))

    def dice_units(
        self, left: tuple[int, ...]
    ) -> Iterator[tuple[int, tuple[int, ...], tuple[int, ...]]]:
        """Each die singly, or any group of the remaining dice summed into one jump."""
        return summed_dice(left)

    def generate_plays(self, position: Position, dice: Sequence[int]) -> list[Play]:
        """Every distinct legal play of ``dice`` for ``position.to_act``.

        The rules are those of the hooks (``dice_units``, ``entry_targets``,
        the shared ``landing``, ``may_bear_off``), written out for this board:
        with three dice and all their sums the general search is too slow for
        whole games (a test checks that this one finds what a plain search
        over the hooks finds). It differs from ``search.search_plays`` in
        three ways, none of which changes the plays:

        - a board reached again with the same dice left (and the same last
          step) is searched once;
        - two steps that can be made in either order to the same end are
          tried in one order only (the lower from-to first): two entries, or
          two moves unless the second moves on the man the first moved or
          bears off when the first brought a man home;
        - where two sequences leave the same position (one play), the one
          that uses the most dice stands for it: the 3 of a 3-1-2 and the
          summed 1+2 may end alike with the other dice dead, and that play
          uses two dice, not one (the general search keeps whichever it met
          first, so it depends on the order of the dice).
        """
        found = _search(self, position, dice)
        most = max(used for used, _ in found.values())
        plays = [Play(p) for used, p in found.values() if used == most]
        return self.filter_plays(position, plays)

    def entry_targets(self, board: Board, die: int) -> Sequence[int]:
        """A die or a sum enters a man only into the middle row: pos d for d <= 12."""
        return (die,) if die <= MIDDLE else ()

    def may_bear_off(self, board: Board, src: int, die: int) -> bool:
        """All fifteen in pos 25-36 and none waiting; an exact die or sum only."""
        mine = board.mine
        if board.hand[board.side] or any(mine[0 : self.bear_from]):
            return False
        return die == self.off_pos - src

    def is_stuck(self, position: Position, side: int) -> bool:
        """``side`` has no legal first step for any value one step can use.

        A summed jump makes every value from 1 to three dice's worth (18) a
        possible first step, and a jump passes over closed points: a side
        that no single die can move may still move with a sum. (So no game
        ever deadlocks: a man short of the last row, or one waiting to enter,
        has at least twelve landing points, and fifteen men close at most
        seven; a side all in the last row can always bear off exactly.)
        """
        board = Board(self, position.with_to_act(side))
        values = range(1, self.dice_count * self.faces + 1)
        return not any(any(True for _ in self.legal_steps(board, v)) for v in values)

    def outcome(self, position: Position, mover: int) -> Outcome | None:
        """A single game (1 point) to the side that has borne off all fifteen."""
        if position.off(mover) < self.men:
            return None
        return Outcome(mover, Kind.SINGLE, 1)


def _search(
    variant: Duodecim, position: Position, dice: Sequence[int]
) -> dict[bytes, tuple[int, tuple[Step, ...]]]:
    """The search of ``Duodecim.generate_plays``: each board the mover can
    leave (its men and the opponent's, as bytes), with the dice the play uses (the
    most, where sequences tie) and one sequence of steps that makes it."""
    side = position.to_act
    # The mover's row with its hand as one more place; the opponent's row.
    mine = [*position.board[side], position.hand[side]]
    theirs = list(position.board[1 - side])
    seen_theirs = [bytes(theirs)]  # changes only when a man is hit
    hand = len(mine) - 1
    facing = FACING
    last, bear_from = variant.track_length, variant.bear_from
    track = range(1, last + 1)
    throw = tuple(sorted(dice, reverse=True))
    full = len(throw)
    units: dict[tuple[int, ...], list[tuple[int, tuple[int, ...], tuple[int, ...]]]] = {}
    found: dict[bytes, tuple[int, tuple[Step, ...]]] = {}
    searched: set[bytes] = set()
    steps: list[Step] = []
    new_step = tuple.__new__  # Step(...) without its Python-level constructor

    def visit(left: tuple[int, ...], before: int, after: int) -> None:
        # ``before``/``after``: where the last step took its man from and to.
        board_key = bytes(mine) + seen_theirs[0]
        node = board_key + bytes((*left, before, after))
        if node in searched:
            return
        searched.add(node)
        spend = units.get(left)
        if spend is None:
            spend = units[left] = list(variant.dice_units(left))
        waiting = mine[0] or mine[hand]
        home = not waiting and not any(mine[1:bear_from])
        # Every waiting man enters (from pos 0, into the middle row) before any man moves on.
        sources = (0,) if waiting else list(compress(track, mine[1 : last + 1]))
        moved = False
        for value, group, rest in spend:
            if waiting and value > MIDDLE:
                continue
            for src in sources:
                dst = src + value
                if dst > last:
                    if not home or dst != last + 1:
                        continue  # bearing off: all home, an exact die or sum only
                    where, hit = 0, False
                else:
                    where = facing[dst]
                    count = theirs[where]
                    if count >= 2:
                        continue
                    hit = count == 1
                moved = True
                # Two steps that could be made in either order to the same
                # end are tried in one order only (the lower from-to first):
                # two entries; or two moves unless the second moves on the
                # man the first moved, or bears off a man the first brought home.
                # (src <= before also means both are entries or both moves.)
                if (
                    src <= before
                    and (src < before or dst < after)
                    and (src == 0 or (src != after and (dst <= last or before >= bear_from)))
                ):
                    continue
                taken = hand if src == 0 and not mine[0] else src
                mine[taken] -= 1
                mine[dst] += 1
                if hit:
                    theirs[where] -= 1
                    theirs[0] += 1
                    kept = seen_theirs[0]
                    seen_theirs[0] = bytes(theirs)
                steps.append(new_step(Step, (src, dst, value, hit, group)))
                if rest:
                    visit(rest, src, dst)
                else:
                    # Every die used. No shorter play leaves this board:
                    # its men would have moved fewer pips.
                    key = bytes(mine) + seen_theirs[0]
                    if key not in found:
                        found[key] = (full, tuple(steps))
                steps.pop()
                if hit:
                    theirs[0] -= 1
                    theirs[where] += 1
                    seen_theirs[0] = kept
                mine[dst] -= 1
                mine[taken] += 1
        if not moved:
            used = full - len(left)
            known = found.get(board_key)
            if known is None or used > known[0]:
                found[board_key] = (used, tuple(steps))

    visit(throw, 0, 0)
    return found
