"""Tabula, the game of the emperor Zeno (Byzantium, c. 480).

Agathias' epigram (Greek Anthology IX 482) describes one position of it: Zeno
threw 2, 5 and 6 and had to break his men into eight blots. R. G. Austin
(1934) read the board from it: twenty-four points, three dice, fifteen men a
side that all start off the board, and both sides moving the same way round
one track.

By default both sides share that track: they enter on pos 1-6 and bear off
from pos 19-24, so my pos p is the opponent's pos p (one cell). With the
option ``contrary`` they move in opposite directions as in the later tables
games: my pos p is the opponent's pos 25 - p.

Every roll must use as many of the three dice as it can; there is no
higher-die rule and doubles and triples give no extra moves. A lone man is
hit and goes back off the board. The men off the board are of two kinds,
kept apart in the position: men hit (``board[side][0]``, the bar) enter
before any other man moves, while men never yet entered (``hand[side]``)
may wait. Both enter with die d on pos d. Bearing off starts once all
fifteen are in pos 19-24 and none is off the board: an exact throw, or a
higher one for the rearmost man; with ``exact_bear_off``, exact throws only.
Bearing off all fifteen wins a single game (1 point).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import ClassVar

from game.rules.outcome import Kind, Outcome
from game.rules.play import Play, Step
from game.rules.position import Position
from game.rules.search import Board, DiceRule
from game.rules.variants.base import OptionSpec, Source, Variant

TRACK = 24
OFF = TRACK + 1
BEAR_FROM = 19
HAND = TRACK + 2  # the search keeps the men in hand after the row: one more place
# The opponent's pos on the cell of each pos of the mover (0 for the bar and off).
SHARED = tuple(pos if 1 <= pos <= TRACK else 0 for pos in range(TRACK + 2))
CONTRARY = tuple(OFF - pos if 1 <= pos <= TRACK else 0 for pos in range(TRACK + 2))


class Tabula(Variant):
    id: ClassVar[str] = "tabula"
    name: ClassVar[str] = "Tabula"
    order: ClassVar[int] = 15  # c. 480: after Rome's Duodecim, before Alfonso's games
    uses_hand: ClassVar[bool] = True
    default_dice_rule: ClassVar[DiceRule] = DiceRule.MOST  # no higher-die rule
    result_kinds: ClassVar[frozenset[Kind]] = frozenset({Kind.SINGLE, Kind.TIE})
    sources: ClassVar[tuple[Source, ...]] = (
        Source(
            "Agathias",
            "Greek Anthology IX 482",
            "6th century",
            "the epigram on Zeno's throw of 2-5-6",
        ),
        Source(
            "R. G. Austin",
            "Zeno's Game of τάβλη (Journal of Hellenic Studies 54)",
            "1934",
            "the board read from the epigram: both sides move the same way",
        ),
        Source("H. J. R. Murray", "A History of Board-Games Other Than Chess", "1951"),
    )
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "contrary",
            False,
            (True, False),
            "Contrary directions",
            "The two sides move round the board in opposite directions, as in the later "
            "tables games, instead of both the same way on one track.",
            "decided here: the movement of the later tables games, against Austin's reading",
        ),
        OptionSpec(
            "exact_bear_off",
            False,
            (True, False),
            "Exact bear-off",
            "A man bears off only with the exact number; a higher die never bears off "
            "the rearmost man.",
            "decided here (as the reconstruction of Duodecim Scriptorum)",
        ),
    )

    @property
    def dice_count(self) -> int:
        return 3

    # -- geometry -------------------------------------------------------------

    def cell(self, side: int, pos: int) -> int:
        """Board cell of ``side``'s ``pos``: one track for both (pos p is cell p - 1),
        or with ``contrary`` the shared default (side 0's pos p is cell 24 - p)."""
        if self.options["contrary"]:
            return super().cell(side, pos)
        if not 1 <= pos <= self.track_length:
            raise ValueError(f"pos {pos} is not on the track")
        return pos - 1

    def facing_pos(self, side: int, pos: int, other: int) -> int | None:
        """The same cell on ``other``'s track: pos p itself, or 25 - p with ``contrary``."""
        if self.options["contrary"]:
            return super().facing_pos(side, pos, other)
        return pos

    # -- the game ---------------------------------------------------------------

    def start_position(self) -> Position:
        """Every man in hand, the board empty."""
        row = (0,) * (self.track_length + 2)
        return Position((row, row), 0, (self.men, self.men), (0, 0))

    def generate_plays(self, position: Position, dice: Sequence[int]) -> list[Play]:
        """Every distinct legal play of ``dice`` for ``position.to_act``.

        The rules are those of the hooks (``legal_steps``, the shared landing,
        ``may_bear_off``), written out for this board: three dice and men in
        hand beside men on the track make the general search too slow for whole
        games (a test checks that both find the same plays). A board reached
        again with the same dice left is searched once; where several sequences
        leave one position, the one that uses the most dice stands for it.
        """
        found = _search(self, position, dice)
        most = max(used for used, _ in found.values())
        return [Play(steps) for used, steps in found.values() if used == most]

    def legal_steps(self, board: Board, die: int) -> Iterator[Step]:
        """Hit men (on the bar) enter before anything else moves; men never yet
        entered (in hand) may enter or wait while the men on the track move."""
        if board.mine[0]:
            yield from self.entering_steps(board, die)
            return
        if board.hand[board.side]:
            yield from self.entering_steps(board, die)
        yield from self.track_steps(board, die)

    def may_bear_off(self, board: Board, src: int, die: int) -> bool:
        """All fifteen in pos 19-24, none off the board; exact only with ``exact_bear_off``."""
        if self.options["exact_bear_off"]:
            mine = board.mine
            if board.hand[board.side] or any(mine[0 : self.bear_from]):
                return False
            return die == self.off_pos - src
        return super().may_bear_off(board, src, die)

    def outcome(self, position: Position, mover: int) -> Outcome | None:
        """A single game (1 point) to the side that has borne off all fifteen."""
        if position.off(mover) < self.men:
            return None
        return Outcome(mover, Kind.SINGLE, 1)


def _search(
    variant: Tabula, position: Position, dice: Sequence[int]
) -> dict[bytes, tuple[int, tuple[Step, ...]]]:
    """The search of ``Tabula.generate_plays``: each board the mover can leave (its
    row with its hand, and the opponent's row, as bytes), with the most dice a
    sequence that leaves it uses, and that sequence."""
    side = position.to_act
    mine = [*position.board[side], position.hand[side]]
    theirs = list(position.board[1 - side])
    seen_theirs = [bytes(theirs)]  # changes only when a man is hit
    facing = CONTRARY if variant.options["contrary"] else SHARED
    exact = bool(variant.options["exact_bear_off"])
    throw = tuple(sorted(dice, reverse=True))
    full = len(throw)
    found: dict[bytes, tuple[int, tuple[Step, ...]]] = {}
    searched: set[bytes] = set()
    steps: list[Step] = []
    new_step = tuple.__new__  # Step(...) without its Python-level constructor

    def visit(left: tuple[int, ...]) -> None:
        board_key = bytes(mine) + seen_theirs[0]
        node = board_key + bytes(left)
        if node in searched:
            return
        searched.add(node)
        # Hit men (on the bar) enter before anything moves; men in hand may wait.
        if mine[0]:
            sources = [0]
        else:
            sources = [pos for pos in range(1, OFF) if mine[pos]]
            if mine[HAND]:
                sources.insert(0, 0)
        # Bearing off: every man in pos 19-24; the rearmost may take a higher die.
        home = not mine[HAND] and not mine[0] and not any(mine[1:BEAR_FROM])
        rearmost = next((pos for pos in range(BEAR_FROM, OFF) if mine[pos]), OFF)
        moved = False
        tried = 0
        for i, die in enumerate(left):
            if tried >> die & 1:
                continue
            tried |= 1 << die
            rest = left[:i] + left[i + 1 :]
            for src in sources:
                dst = src + die
                where = 0
                hit = False
                if dst > TRACK:
                    if not home or (dst != OFF and (exact or src != rearmost)):
                        continue
                    dst = OFF
                else:
                    where = facing[dst]
                    count = theirs[where]
                    if count >= 2:
                        continue
                    hit = count == 1
                moved = True
                taken = HAND if src == 0 and not mine[0] else src
                mine[taken] -= 1
                mine[dst] += 1
                if hit:
                    theirs[where] -= 1
                    theirs[0] += 1
                    kept = seen_theirs[0]
                    seen_theirs[0] = bytes(theirs)
                steps.append(new_step(Step, (src, dst, die, hit, ())))
                if rest:
                    visit(rest)
                else:
                    key = bytes(mine) + seen_theirs[0]
                    if key not in found or found[key][0] < full:
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

    visit(throw)
    return found
