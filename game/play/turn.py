"""A person's turn, one step at a time (pure: no pygame).

The rules give whole plays; a person moves one man at a time. ``TurnInput``
keeps the steps made so far and answers: which men may move next, where each
may go (one step, or several steps of the same man chained into one move),
whether the turn is complete, and which legal play it is. A step is accepted
only if it begins some legal play: after every step, the plays still
possible are those whose final position can still be reached.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.rules.match import GameState
from game.rules.play import Play, Step, dice_left
from game.rules.position import Position
from game.rules.search import Board
from game.rules.variants.base import Variant

Final = tuple[Position, tuple[int, ...]]


def apply_steps(variant: Variant, position: Position, steps: Sequence[Step]) -> Position:
    """``position`` after ``steps`` by its side to act, the turn not passed on."""
    return variant.apply_play(position, Play(tuple(steps))).with_to_act(position.to_act)


@dataclass(frozen=True, slots=True)
class Move:
    """What a person can do from one spot: the steps of one man to one place."""

    src: int
    dst: int
    steps: tuple[Step, ...]


class TurnInput:
    """The steps a person has made so far this turn, checked against the legal plays."""

    def __init__(self, state: GameState, plays: Sequence[Play]) -> None:
        self.state = state
        self.variant = state.variant
        self.start = state.position
        dice = tuple(state.dice)
        if self.variant.doubles_repeat and len(dice) == 2 and dice[0] == dice[1]:
            dice *= 2  # backgammon's doubles are four steps
        self.dice = dice
        self.plays = list(plays)
        self.moves: list[Move] = []
        self._finals: dict[Final, Play] = {}
        for play in self.plays:
            self._finals.setdefault(self._final_of(play), play)
        self._next: list[tuple[Step, ...]] | None = None

    def _final_of(self, steps: Sequence[Step]) -> Final:
        left = tuple(sorted(dice_left(self.dice, Play(tuple(steps)))))
        keep = left if self.variant.passes_dice else ()
        return apply_steps(self.variant, self.start, steps), keep

    @property
    def steps(self) -> list[Step]:
        """Every step made so far, in order."""
        return [step for move in self.moves for step in move.steps]

    @property
    def position(self) -> Position:
        """Where the men stand after the steps made so far."""
        return apply_steps(self.variant, self.start, self.steps)

    @property
    def dice_remaining(self) -> tuple[int, ...]:
        return dice_left(self.dice, Play(tuple(self.steps)))

    @property
    def is_pass(self) -> bool:
        return all(not p for p in self.plays)

    @property
    def forced(self) -> Play | None:
        """The play when there is only one (a pass included), else None."""
        return self.plays[0] if len(self._finals) == 1 else None

    def continuations(self) -> list[tuple[Step, ...]]:
        """Every way to go on from here that ends in a legal play (cached per step)."""
        if self._next is None:
            self._next = self._search()
        return self._next

    def _search(self) -> list[tuple[Step, ...]]:
        variant = self.variant
        board = Board(variant, self.position)
        done = tuple(self.steps)
        board.start_turn(done)  # where each man moves once, those moved stay
        found: list[tuple[Step, ...]] = []
        path: list[Step] = []

        def visit(left: tuple[int, ...]) -> None:
            if path and self._final_of(done + tuple(path)) in self._finals:
                found.append(tuple(path))
            for value, used, rest in variant.dice_units(left):
                for step in variant.legal_steps(board, value):
                    if used:
                        step = step._replace(dice=used)
                    flags = list(board.flags)
                    token = board.apply(step)
                    variant.after_step(board, step)
                    path.append(step)
                    visit(rest)
                    path.pop()
                    board.flags[:] = flags
                    board.undo(step, token)

        visit(self.dice_remaining)
        return found

    def complete(self) -> Play | None:
        """The legal play made, once no step can go on to another legal play."""
        final = self._final_of(self.steps)
        if final in self._finals and not self.continuations():
            return self._finals[final]
        return None

    def sources(self) -> set[int]:
        """The pos of the mover's men that may move next (0: the bar or hand)."""
        return {seq[0].src for seq in self.continuations()}

    def moves_from(self, src: int) -> dict[int, Move]:
        """Where the man on ``src`` may go next: one step, or its own steps chained.

        For each destination the shortest chain is kept; among equals, the one
        using the fewest dice, then the lowest.
        """
        out: dict[int, Move] = {}
        once = self.variant.moves_each_man_once  # a man's steps never chain there
        for seq in self.continuations():
            if seq[0].src != src:
                continue
            chain: list[Step] = []
            for step in seq:
                if chain and (once or step.src != chain[-1].dst):
                    break
                chain.append(step)
                move = Move(src, step.dst, tuple(chain))
                old = out.get(step.dst)
                if old is None or _rank(move) < _rank(old):
                    out[step.dst] = move
        return out

    def make(self, move: Move) -> None:
        """Make the steps of ``move`` (one of ``moves_from``)."""
        self.moves.append(move)
        self._next = None

    def undo(self) -> Move | None:
        """Take back the last move (a chained move whole); returns it."""
        if not self.moves:
            return None
        self._next = None
        return self.moves.pop()

    def undo_all(self) -> None:
        self.moves.clear()
        self._next = None


def _rank(move: Move) -> tuple[int, int, int]:
    dice = [d for s in move.steps for d in s.dice_used]
    return len(move.steps), len(dice), sum(dice)
