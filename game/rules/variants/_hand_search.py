"""The play search of the games whose men start in hand on a 24-point track (Tabula,
Acey-Deucey), written out for speed: men in hand beside men on the track make the
general search (``game.rules.search``) too slow for whole games. Each game's tests
check that both searches find the same plays.

The rules are the hooks' (``legal_steps``, the shared landing and bearing off): hit men
(on the bar, pos 0) enter before anything moves; men never yet entered (in hand, kept
after the row at ``HAND``) may enter or wait; a man lands on any point the opponent
holds with fewer than two men, hitting a lone one; once every man is in pos 19-24 a die
bears off from its exact point, or (unless ``exact``) the rearmost man with a higher die.
"""

from __future__ import annotations

from collections.abc import Iterator

from game.rules.play import Step
from game.rules.position import Position
from game.rules.search import Board
from game.rules.variants.base import Variant

TRACK = 24
OFF = TRACK + 1
BEAR_FROM = 19  # a side's home table is its pos 19-24
HAND = TRACK + 2  # the search keeps the men in hand after the row: one more place
SHARED = tuple(pos if 1 <= pos <= TRACK else 0 for pos in range(TRACK + 2))  # one track
CONTRARY = tuple(OFF - pos if 1 <= pos <= TRACK else 0 for pos in range(TRACK + 2))

Score = tuple[int, tuple[int, ...]]  # dice used, then (``higher``) those dice high to low
Found = dict[bytes, tuple[Score, tuple[Step, ...]]]


def hand_search(
    position: Position,
    throw: tuple[int, ...],
    facing: tuple[int, ...],
    *,
    exact: bool = False,
    higher: bool = False,
    ordered_doubles: bool = False,
) -> Found:
    """Each board the mover can leave with ``throw`` (sorted high to low; a double
    already repeated), as bytes of its row with its hand and the opponent's row, with
    the score of the best sequence that leaves it and that sequence.

    ``facing[p]``: the opponent's pos of my pos ``p``. ``exact``: bearing off needs the
    exact number. ``higher``: a score ranks the dice used after their count (the
    higher-die rule), else the count alone. ``ordered_doubles``: a double's steps are
    searched only in the order of the points they leave (a man moved on again leaves a
    later point): every play has such an order, landing depends on the opponent alone,
    and moving the men furthest back first only lets the bear-off begin sooner.
    """
    side = position.to_act
    mine = [*position.board[side], position.hand[side]]
    theirs = list(position.board[1 - side])
    seen_theirs = [bytes(theirs)]  # changes only when a man is hit
    found: Found = {}
    searched: set[bytes] = set()
    steps: list[Step] = []
    new_step = tuple.__new__  # Step(...) without its Python-level constructor
    whole: Score = (len(throw), throw if higher else ())  # a sequence that plays every die
    ordered = ordered_doubles and len(set(throw)) == 1

    def keep(key: bytes) -> None:
        used = tuple(sorted((step.die for step in steps), reverse=True))
        score: Score = (len(used), used if higher else ())
        known = found.get(key)
        if known is None or score > known[0]:
            found[key] = (score, tuple(steps))

    def visit(left: tuple[int, ...], low: int) -> None:
        board_key = bytes(mine) + seen_theirs[0]
        node = board_key + bytes(left) + bytes((low,))
        if node in searched:
            return
        searched.add(node)
        # Hit men (on the bar) enter before anything moves; men in hand may wait.
        if mine[0]:
            sources = [0]
        else:
            sources = [pos for pos in range(max(low, 1), OFF) if mine[pos]]
            if mine[HAND] and not low:
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
                    visit(rest, src if ordered else 0)
                else:
                    key = bytes(mine) + seen_theirs[0]
                    if key not in found or found[key][0] < whole:
                        found[key] = (whole, tuple(steps))
                steps.pop()
                if hit:
                    theirs[0] -= 1
                    theirs[where] += 1
                    seen_theirs[0] = kept
                mine[dst] -= 1
                mine[taken] += 1
        if not moved:
            keep(board_key)

    visit(throw, 0)
    return found


class EntersFromHand(Variant):
    """A game whose men start in hand (Tabula, Acey-Deucey): the hooks that
    ``hand_search`` writes out for speed, for the general search and the checks."""

    def legal_steps(self, board: Board, die: int) -> Iterator[Step]:
        """Hit men (on the bar) enter before anything else moves; men never yet
        entered (in hand) may enter or wait while the men on the track move."""
        if board.mine[0]:
            yield from self.entering_steps(board, die)
            return
        if board.hand[board.side]:
            yield from self.entering_steps(board, die)
        yield from self.track_steps(board, die)


__all__ = [
    "BEAR_FROM",
    "CONTRARY",
    "HAND",
    "OFF",
    "SHARED",
    "TRACK",
    "EntersFromHand",
    "hand_search",
]
