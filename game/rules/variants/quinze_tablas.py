"""Quinze Tablas, "fifteen tables", from Alfonso X's Libro de los Juegos (1283).

A full board of 24 points and contrary movement (my pos p is the opponent's
pos 25 - p). Each side starts with two men on each of its pos 1-7 and one on
pos 8, so each side's starting men stand on the other's goal, pos 17-24.
Three dice are thrown, with no bonus for doubles or triples, and as many as
possible must be used.

The rule that sets the game apart: **no point ever holds more than two men**,
of either side. A man may come onto an empty point, onto one man of its own,
or onto a lone opponent (hitting it), never onto a point with two men; this
holds for entering and for resting points too, so a side can be blocked by
its own pairs.

The goal is Alfonso's mirror of the start: the first side with all fifteen
men on its pos 17-24 wins; there is no bearing off. A side that must enter a
man and finds every point of its pos 1-6 full loses at once (the shut-out).

Two readings of the modern retelling are the default, because without them the
opening throw decides the game (measured with the trained opponents by
``benchmarks.opening``: 78% of expert games ended within the first two plays):
each die moves a different man (``one_die_per_man``), which keeps every man out
of reach in the opening, and when neither side could move with any throw the
side that moved last wins (``last_mover_wins``; Alfonso's draw is the option),
since under the first reading a third of the games would jam into a draw.
Options: those two, free entry, a bear-off race, only the opponent's points
shutting a side out, and playing on while shut in by one's own pairs.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import ClassVar

from game.rules.errors import PositionError
from game.rules.outcome import Kind, Outcome, Termination
from game.rules.play import Step
from game.rules.position import Position
from game.rules.search import Board
from game.rules.variants.base import OptionSpec, Source, Variant

CAP = 2  # the most men any point may hold, of either side
ENTRY_TABLE = range(1, 7)  # pos 1-6: where a hit man comes back on
GOAL_FROM = 17  # the goal is pos 17-24, the mirror of the start (pos 1-8)
START = {**{pos: 2 for pos in range(1, 8)}, 8: 1}  # six pairs, a seventh, and one


class QuinzeTablas(Variant):
    id: ClassVar[str] = "quinze_tablas"
    name: ClassVar[str] = "Quinze Tablas"
    order: ClassVar[int] = 20
    # Only the bear-off race uses it: the gate of bearing off is the goal,
    # pos 17-24. Pos 19-24 can hold only twelve men under the two-man cap, so
    # a gate there could never open for fifteen (see ``may_bear_off``).
    bear_from: ClassVar[int] = GOAL_FROM
    result_kinds: ClassVar[frozenset[Kind]] = frozenset(
        {Kind.SINGLE, Kind.SHUTOUT, Kind.TIE, Kind.LAST_MOVER}
    )
    sources: ClassVar[tuple[Source, ...]] = (
        Source("Alfonso X", "Libro de los Juegos", "1283", "the quinze tablas, fols. 73-74"),
        Source("a modern player's retelling", "Turning the Tables: Quinze Tablas"),
        Source("Ludii Portal", "Quinze Tablas", note="Eric Piette's reconstruction"),
    )
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "one_die_per_man",
            True,
            (True, False),
            "One die a man",
            "Each die moves a different man: no man takes two dice in one turn, so a "
            "man goes at most six points a turn. Off, one man may take two or three "
            "dice, and the first throw can usually hit and shut out the other side.",
            "a modern retelling, Turning the Tables: each die moves a single piece",
            before=False,
        ),
        OptionSpec(
            "free_entry",
            False,
            (True, False),
            "Free entry",
            "A hit man may come back on any point of the first six that has room for it, "
            "spending any one die.",
            "a modern retelling, Turning the Tables (a house rule)",
        ),
        OptionSpec(
            "bear_off_race",
            False,
            (True, False),
            "Bear-off race",
            "Instead of stopping on the mirror of the start, the men are borne off with "
            "exact throws once all stand there; the first side with every man off wins.",
            "Ludii",
        ),
        OptionSpec(
            "only_opponent_points",
            False,
            (True, False),
            "Only the opponent's points shut out",
            "A hit man loses the game only when the opponent holds all six entry points; "
            "when some are the side's own pairs, it waits for room instead.",
            "decided here: the sources are silent",
        ),
        OptionSpec(
            "play_while_shut",
            False,
            (True, False),
            "Play on while shut in",
            "A side whose hit man finds all six entry points full, some of them its own "
            "pairs, moves its other men meanwhile (so it can open a point) instead of "
            "passing; it enters as soon as a point is open. Goes with only the "
            "opponent's points shutting a side out.",
            "decided here: the sources are silent",
        ),
        OptionSpec(
            "last_mover_wins",
            True,
            (True, False),
            "Last mover wins",
            "When neither side can move any more, the side that moved last wins. "
            "Off, such a game is a draw, as Alfonso has it.",
            "a modern retelling, Turning the Tables",
            before=False,
        ),
    )

    @property
    def dice_count(self) -> int:
        return 3

    def start_position(self) -> Position:
        row = tuple(START.get(pos, 0) for pos in range(self.track_length + 2))
        return Position((row, row), 0, (0, 0), (0, 0))

    def validate(self, position: Position) -> None:
        """The shared checks, the two-man cap, and no man off without the race."""
        super().validate(position)
        for side in range(self.players):
            row = position.board[side]
            full = [pos for pos in range(1, self.track_length + 1) if row[pos] > CAP]
            if full:
                raise PositionError(
                    f"side {side} has {row[full[0]]} men on pos {full[0]}; "
                    f"{self.id} allows at most {CAP}"
                )
            if row[self.off_pos] and not self.options["bear_off_race"]:
                raise PositionError(f"{self.id} bears no man off; side {side} has some off")

    # -- hooks of the general search ------------------------------------------

    def legal_steps(self, board: Board, die: int) -> Iterator[Step]:
        """Men waiting enter first; with ``play_while_shut``, while every entry point
        is full the other men move instead (each step may open a point)."""
        if board.waiting() and not (self.options["play_while_shut"] and self._shut(board)):
            yield from self.entering_steps(board, die)
            return
        yield from self.track_steps(board, die)

    @staticmethod
    def _shut(board: Board) -> bool:
        """Every point of pos 1-6 holds two men (of either side): no die enters."""
        mine = board.mine
        return all(board.others_at(pos)[1] + mine[pos] >= CAP for pos in ENTRY_TABLE)

    @property
    def moves_each_man_once(self) -> bool:
        return bool(self.options["one_die_per_man"])

    def entry_targets(self, board: Board, die: int) -> Sequence[int]:
        """Pos d for die d; with free entry, any pos 1-6 whatever the die."""
        if self.options["free_entry"]:
            return ENTRY_TABLE
        return (die,)

    def landing(self, board: Board, pos: int, entering: bool) -> tuple[bool, bool]:
        """Room on ``pos`` under the two-man cap; a lone opponent there is hit."""
        # Two sides moving contrary: my pos p is the opponent's pos L + 1 - p.
        theirs = board.rows[1 - board.side][self.track_length + 1 - pos]
        if theirs + board.rows[board.side][pos] >= CAP:
            return False, False
        return True, theirs == 1

    def may_bear_off(self, board: Board, src: int, die: int) -> bool:
        """Only in the race: exactly, once every man stands on pos 17-24 (or is off).

        The gate is the goal, pos 17-24 (RULES.md): under the two-man cap pos
        19-24 hold twelve men, never fifteen. Men on pos 17 and 18 leave by a
        step within it before they bear off (no die reaches off from there).
        """
        if not self.options["bear_off_race"]:
            return False  # men never leave pos 17-24
        if board.hand[board.side] or any(board.mine[0 : self.bear_from]):
            return False
        return die == self.track_length + 1 - src

    # -- the end ------------------------------------------------------------------

    def shut_out(self, position: Position, side: int) -> bool:
        """``side`` must enter a man and no pos 1-6 point could take it with any die.

        A point with two men of either side is full (without free entry each
        die names one point, so every die fails only when all six are full).
        With ``only_opponent_points`` only the opponent's pairs shut the side
        out; where some of the points are its own pairs, it waits.
        """
        if not position.board[side][0] + position.hand[side]:
            return False
        board = Board(self, position.with_to_act(side))
        if self.options["only_opponent_points"]:
            return all(board.others_at(pos)[1] >= CAP for pos in ENTRY_TABLE)
        return self._shut(board)

    def outcome(self, position: Position, mover: int) -> Outcome | None:
        """The goal reached by ``mover``, or the side to act shut out.

        The mirror goal (all fifteen on pos 17-24) or, in the race, all fifteen
        off, wins a single game. The shut-out is judged for the side about to
        act, right after the other side's play, and wins for the mover.
        """
        row = position.board[mover]
        if self.options["bear_off_race"]:
            if row[self.off_pos] == self.men:
                return Outcome(mover, Kind.SINGLE, 1)
        elif sum(row[GOAL_FROM : self.off_pos]) == self.men:
            return Outcome(mover, Kind.SINGLE, 1)
        side = position.to_act
        if side != mover and self.shut_out(position, side):
            return Outcome(mover, Kind.SHUTOUT, 1, Termination.BLOCKADE)
        return None

    def deadlock_outcome(self, position: Position, mover: int) -> Outcome:
        """A tie; with ``last_mover_wins`` the side that just played wins; but a side
        that just played and is itself shut out loses by the shut-out.

        The shut-out outranks a tie and the last mover's win (RULES.md's fine
        points): a side that entered a man on its last open point of pos 1-6 with
        another still to enter has shut itself out, and if then nobody can move,
        the game ends as it would have at its next turn. A deadlock is first seen
        right after a play that changed the board (a pass leaves it as it was when
        the check last failed), so ``mover`` is the last side to have moved a man.
        """
        if self.shut_out(position, mover):
            return Outcome(1 - mover, Kind.SHUTOUT, 1, Termination.BLOCKADE)
        if self.options["last_mover_wins"]:
            return Outcome(mover, Kind.LAST_MOVER, 1, Termination.DEADLOCK)
        return super().deadlock_outcome(position, mover)
