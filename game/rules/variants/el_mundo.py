"""El Mundo: Alfonso X's game of the world, four players on a round board.

The board is a ring of 24 points in four sections of six, one section per
player (Alfonso's colours: green, red, black, white; sides 0-3). A side's
track is its own section (pos 1-6), the next section anticlockwise (pos 7-12)
and the section opposite its own (pos 13-18), where it bears off. The fourth
section, the one before its own, is a wall it never enters. Men move
anticlockwise and the turn passes to the right, to the side whose section
the mover's men enter next.

Twelve men each, all in hand at the start. For the first four rounds each
side only enters men. Landing on a lone man of another side captures it;
two or more men of one side close a point. If a play can capture a man of
either of the next two players, it must. Dice a player cannot use pass to the
next players in turn as bonus plays (``match.play`` hands them on through
``passes_dice``).

Flags per side: bits 0-2 count the regular turns the side has finished
(up to 4, enough to know when placement ends), bits 3-5 its finishing place
(1-3) when the game is played on for places.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import ClassVar

from game.rules.outcome import Kind, Outcome, Termination
from game.rules.play import Play, Step
from game.rules.position import Position
from game.rules.search import Board
from game.rules.variants.base import OptionSpec, Source, Variant

SECTION = 6
PLACEMENT_ROUNDS = 4
TURNS_MASK = 0b111
PLACE_SHIFT = 3

COLOURS = ("green", "red", "black", "white")


def _high_first(play: Play) -> list[int]:
    return sorted(play.dice_used, reverse=True)


def turns_taken(flags: int) -> int:
    return flags & TURNS_MASK


def place_of(flags: int) -> int:
    """The side's finishing place (1-3), or 0 while it plays."""
    return (flags >> PLACE_SHIFT) & 0b111


class ElMundo(Variant):
    id: ClassVar[str] = "el_mundo"
    name: ClassVar[str] = "El Mundo"
    order: ClassVar[int] = 40
    players: ClassVar[int] = 4
    track_length: ClassVar[int] = 18
    cells: ClassVar[int] = 24
    men: ClassVar[int] = 12
    bear_from: ClassVar[int] = 13
    uses_hand: ClassVar[bool] = True
    result_kinds: ClassVar[frozenset[Kind]] = frozenset({Kind.SINGLE, Kind.TIE})
    sources: ClassVar[tuple[Source, ...]] = (
        Source("Alfonso X", "Libro de los juegos", "1283", "the game of the world"),
        Source("Ludii", "El Mundo", note="free placement"),
    )
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "faces",
            6,
            (6, 7),
            "Seven-sided dice",
            "Alfonso's text gives the dice seven faces; the seed plays with six-sided dice.",
            "Alfonso X",
        ),
        OptionSpec(
            "free_placement",
            False,
            (True, False),
            "Free placement",
            "Entering and moving mix from the first turn instead of four rounds of entering only.",
            "Ludii",
        ),
        OptionSpec(
            "play_on",
            False,
            (True, False),
            "Play on for places",
            "After the first player bears off all twelve, the others play on for second and third.",
            "decided here",
        ),
    )

    @property
    def dice_count(self) -> int:
        return 3

    @property
    def faces(self) -> int:
        return int(self.options["faces"])

    @property
    def passes_dice(self) -> bool:
        return True

    # -- geometry -----------------------------------------------------------------

    def cell(self, side: int, pos: int) -> int:
        """Cells 0-23 anticlockwise; side s's section is cells 6s..6s+5."""
        if not 1 <= pos <= self.track_length:
            raise ValueError(f"pos {pos} is not on the track")
        return (SECTION * side + pos - 1) % self.cells

    def facing_pos(self, side: int, pos: int, other: int) -> int | None:
        """``other``'s pos on the cell of ``side``'s ``pos``; None where it is other's wall."""
        if side == other:
            return pos
        where = (SECTION * (side - other) + pos - 1) % self.cells + 1
        return where if where <= self.track_length else None

    def start_position(self) -> Position:
        empty = (0,) * (self.track_length + 2)
        return Position((empty,) * 4, 0, (self.men,) * 4, (0,) * 4)

    # -- placement and steps ---------------------------------------------------------

    def in_placement(self, flags: list[int] | tuple[int, ...]) -> bool:
        """The first four rounds (and the bonus plays they hand on): entering only."""
        if self.options["free_placement"]:
            return False
        return min(turns_taken(f) for f in flags) < PLACEMENT_ROUNDS

    def legal_steps(self, board: Board, die: int) -> Iterator[Step]:
        mine = board.mine
        in_hand = board.hand[board.side]
        if self.in_placement(board.flags):
            if board.waiting():
                yield from self.entering_steps(board, die)
            return
        # Captured men enter first; men never entered wait only with free placement.
        if mine[0] or (in_hand and not self.options["free_placement"]):
            yield from self.entering_steps(board, die)
            return
        if in_hand:
            yield from self.entering_steps(board, die)
        yield from self.track_steps(board, die)

    def after_step(self, board: Board, step: Step) -> None:
        """Give a side its place when its last man comes off (playing on for places)."""
        side = board.side
        done = step.dst == self.off_pos and board.mine[self.off_pos] == self.men
        if done and not place_of(board.flags[side]):
            place = 1 + sum(1 for f in board.flags if place_of(f))
            board.flags[side] |= place << PLACE_SHIFT

    def filter_plays(self, position: Position, plays: list[Play]) -> list[Play]:
        """Forced capture: a play that captures a man of either next player must be made.

        Plays that leave the same board but hand on different dice differ, except
        where the play ends the game: then the dice go nowhere, and the play is
        listed once (made with the highest dice, as the search keeps a play).
        """
        capturing = [play for play in plays if self.keeps_play(position, play)]
        return self._one_play_per_end(position, capturing or plays)

    def _one_play_per_end(self, position: Position, plays: list[Play]) -> list[Play]:
        side = position.to_act
        to_bear_off = self.men - position.off(side)
        kept: list[Play] = []
        ends: dict[Position, int] = {}  # the board a game-ending play leaves: its place in kept
        for play in plays:
            # Only a play that bears off the mover's last man can end the game.
            if to_bear_off and sum(1 for s in play if s.dst == self.off_pos) == to_bear_off:
                after = self.apply_play(position, play)
                if self.outcome(after, side) is not None:
                    if after in ends:
                        i = ends[after]
                        if _high_first(play) > _high_first(kept[i]):
                            kept[i] = play
                        continue
                    ends[after] = len(kept)
            kept.append(play)
        return kept

    def keeps_play(self, position: Position, play: Play) -> bool:
        """A play that captures a man of either next player is kept whatever else is legal."""
        side = position.to_act
        targets = {(side + 1) % self.players, (side + 2) % self.players}
        board = Board(self, position)
        for step in play:
            _, hit = board.apply(step)
            self.after_step(board, step)
            if hit >= 1000 and hit // 1000 - 1 in targets:
                return True
        return False

    def may_filter(self, position: Position, dice: Sequence[int]) -> bool:
        """Could a play of ``dice`` capture a man of either next player? A quick
        over-estimate: some lone man of theirs lies a sum of some of the dice
        beyond one of the mover's men (or beyond pos 0, where men wait to
        enter). Where it says no, no play captures and the filter keeps every
        play that spends all the dice (it merges only game-ending plays that
        leave dice unused)."""
        side = position.to_act
        last = self.track_length
        mine = position.board[side]
        sources = [pos for pos in range(1, last + 1) if mine[pos]]
        if mine[0] or position.hand[side]:
            sources.append(0)
        reach = {0}
        for die in dice:
            reach |= {r + die for r in reach}
        reach.discard(0)
        for k in (1, 2):
            other = (side + k) % self.players
            theirs = position.board[other]
            for pos in range(1, last + 1):
                if theirs[pos] != 1:
                    continue
                target = self.facing_pos(other, pos, side)
                if target is not None and any(target - src in reach for src in sources):
                    return True
        return False

    # -- turns and the end ------------------------------------------------------------

    def playing(self, position: Position) -> list[int]:
        """The sides still in the game (all four unless playing on for places)."""
        return [s for s in range(self.players) if not place_of(position.flags[s])]

    def next_to_act(self, position: Position) -> int:
        """The next side to the right that is still playing."""
        for k in range(1, self.players + 1):
            side = (position.to_act + k) % self.players
            if not place_of(position.flags[side]):
                return side
        return (position.to_act + 1) % self.players

    def turn_over(self, position: Position, roller: int) -> Position:
        flags = list(position.flags)
        if turns_taken(flags[roller]) < PLACEMENT_ROUNDS:
            flags[roller] += 1
        return Position(position.board, position.to_act, position.hand, tuple(flags))

    def is_deadlocked(self, position: Position, mover: int) -> bool:
        """At the start of a regular turn: no side still playing has any step."""
        return all(self.is_stuck(position, side) for side in self.playing(position))

    def _places(self, position: Position) -> list[int]:
        placed = [(place_of(f), s) for s, f in enumerate(position.flags) if place_of(f)]
        return [s for _, s in sorted(placed)]

    def outcome(self, position: Position, mover: int) -> Outcome | None:
        if not self.options["play_on"]:
            if position.off(mover) == self.men:
                return Outcome(mover, Kind.SINGLE, 1)
            return None
        places = self._places(position)
        if len(places) < self.players - 1:
            return None
        last = [s for s in range(self.players) if s not in places]
        return Outcome(places[0], Kind.SINGLE, 1, places=(*places, *last))

    def deadlock_outcome(self, position: Position, mover: int) -> Outcome:
        places = self._places(position)
        if places:  # playing on: the first home keeps the win
            return Outcome(places[0], Kind.SINGLE, 1, Termination.DEADLOCK, tuple(places))
        return Outcome(None, Kind.TIE, 0, Termination.DEADLOCK)
