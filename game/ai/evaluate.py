"""One variant's trained evaluation applied to plays: the values every level and
the training share.

A play's value is seen by the side that makes it: with two sides the expected
points of the game (a play that wins at once is worth its points), with more
sides the chance to win. Training and the levels differ only in how they rank a play
that ends the game: training always takes a win (``sure_win`` adds a bonus),
hints show its real points.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import TYPE_CHECKING

import numpy as np

from game.ai.bearoff import MEN as BEAROFF_MEN
from game.ai.bearoff import Bearoff
from game.ai.bearoff import database as bearoff_database
from game.ai.encode import Scheme
from game.ai.network import Network
from game.rules.outcome import Outcome
from game.rules.play import Play
from game.rules.position import Position
from game.rules.variants.base import Variant

if TYPE_CHECKING:
    from game.rules.match import GameState


def outcome_value(scheme: Scheme, outcome: Outcome, mover: int) -> float:
    """What a finished game is worth to ``mover`` on the evaluation's scale."""
    if scheme.players == 2:
        if outcome.winner is None:
            return 0.0
        return float(outcome.points if outcome.winner == mover else -outcome.points)
    if outcome.winner is None:
        return 1.0 / scheme.players
    return 1.0 if outcome.winner == mover else 0.0


SLICE = 512  # positions encoded and evaluated at a time


@cache
def one_blas_thread() -> None:
    """Run the network's matrix products on one thread (once per process). On a busy
    two-core machine OpenBLAS's second thread waits on the first: a look-ahead took
    three times as long by the clock and four times the processor time. Nothing
    happens without threadpoolctl (the products then run as numpy sets them up)."""
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # pragma: no cover - a declared dependency
        return
    threadpool_limits(limits=1, user_api="blas")


# The games whose bear-off is backgammon's: fifteen men a side borne off from pos 19-24
# with two dice, doubles played four times, exact or higher from the rearmost man, and
# no contact left once both sides are home (Plakoto's homes face each other; Fevga's and
# Long Nardy's lie apart on the one way round), a win with none of the loser's men off
# counting double. Portes plays on backgammon's network, and so on its database too.
BEAROFF_GAMES = frozenset({"backgammon", "plakoto", "fevga", "nard"})


def bearoffs(boards: np.ndarray) -> np.ndarray:
    """``is_bearoff`` of each backgammon board of ``boards`` (n, 2, 26), at once."""
    home_or_off = ~boards[:, :, :19].any(axis=2)
    return np.asarray((home_or_off & (boards[:, :, 25] < BEAROFF_MEN)).all(axis=1))


def men_home(boards: np.ndarray, bear_from: int) -> np.ndarray:
    """Of each backgammon board of ``boards`` (n, 2, 26): the most men either side has in
    its bearing table (``bear_from`` on) or off."""
    result: np.ndarray = boards[:, :, bear_from:].sum(axis=2).max(axis=1)
    return result


def late_contact(boards: np.ndarray, bear_from: int, home: int) -> np.ndarray:
    """Of each backgammon board of ``boards`` (n, 2, 26; each side's pos p the other's
    25 - p, 0 the bar, 25 off): whether a man must still pass one of the other side's
    and a side has at least ``home`` men in its bearing table (``bear_from`` on) or off
    (``rollout.in_contact`` and ``rollout.late`` at once)."""
    on_board = boards[:, :, :25] > 0
    rear = np.where(on_board.any(axis=2), np.argmax(on_board, axis=2), 25)  # (n, 2)
    contact = rear.sum(axis=1) < 25
    result: np.ndarray = contact & (men_home(boards, bear_from) >= home)
    return result


@dataclass(frozen=True)
class Evaluator:
    """A network and the scheme that reads its inputs and outputs for one variant."""

    variant: Variant
    net: Network

    @cached_property
    def scheme(self) -> Scheme:
        # Computed once: play_values runs for every roll of the expert's look-ahead.
        # The network's input count says which of the variant's schemes it reads.
        return Scheme.for_network(self.variant, self.net.inputs) or Scheme.for_variant(self.variant)

    @cached_property
    def _backgammon_board(self) -> bool:
        """Backgammon, or a game on its board that its network plays (Portes)."""
        return self.variant.network_id == "backgammon"

    @cached_property
    def bearoff(self) -> Bearoff | None:
        """Backgammon's bear-off database, which answers for the network once both sides
        are bearing off, in backgammon and the games that bear off as it does (None for
        the other variants, or if it is missing)."""
        return bearoff_database() if self.variant.network_id in BEAROFF_GAMES else None

    def outputs(self, positions: Sequence[Position]) -> np.ndarray:
        """The evaluation's outputs for each position, seen by its side to act: the
        network's, or the bear-off database's where it knows the position."""
        # A position reached several ways (the look-ahead meets many twice) is valued once.
        index: dict[Position, int] = {}
        rows = [index.setdefault(p, len(index)) for p in positions]
        if len(index) < len(positions):
            return self._outputs(list(index))[rows]
        return self._outputs(positions)

    def _outputs(self, positions: Sequence[Position]) -> np.ndarray:
        one_blas_thread()
        # In slices: building one slice's arrays holds the interpreter's lock, and a
        # computer seat thinks beside the window's thread (slices keep frames smooth).
        scheme, table, parts = self.scheme, self.bearoff, []
        for start in range(0, max(len(positions), 1), SLICE):
            part = positions[start : start + SLICE]
            boards = scheme.boards(part)
            y = self._evaluate(boards, scheme.encode(part, boards))
            if table is not None:
                for i in np.flatnonzero(bearoffs(boards)).tolist():
                    y[i] = table.outputs(part[i].board, part[i].to_act)
            parts.append(y)
        return np.concatenate(parts)

    def _evaluate(self, boards: np.ndarray, x: np.ndarray) -> np.ndarray:
        """The network's outputs for inputs ``x`` of ``boards`` (n, sides, L + 2): its late
        network's where it has one and the position is late (``late_contact``)."""
        net, late = self.net, self.net.late
        if late is None:
            return net.evaluate(x)
        rows = late_contact(boards, self.variant.bear_from, net.late_home)
        if rows.all():
            return late.evaluate(x)
        y = net.evaluate(x)
        if rows.any():
            y[rows] = late.evaluate(x[rows])
        return y

    def best_values(self, position: Position, groups: Sequence[Sequence[Play]]) -> np.ndarray:
        """The value of the best play of each group (the plays of one roll each, none
        empty) from ``position``, for the side that makes them: ``play_values``' values,
        their greatest per group. Backgammon's men are moved in numpy, the positions
        left never built (the expert's two-roll look-ahead values most of its positions
        so); the other variants build them."""
        plays = [play for group in groups for play in group]
        starts = np.cumsum([0] + [len(group) for group in groups[:-1]])
        if self._backgammon_board and self.scheme.players == 2:
            values = self._backgammon_play_values(position, plays)
        else:
            values = self.play_values(position, plays)[0]
        best: np.ndarray = np.maximum.reduceat(values, starts)
        return best

    def _backgammon_play_values(self, position: Position, plays: Sequence[Play]) -> np.ndarray:
        """``play_values`` of backgammon ``plays`` from ``position``: each side's pos p is
        the other's 25 - p, a man hit goes to its owner's bar (as ``apply_plays``)."""
        side, n = position.to_act, len(plays)
        other = 1 - side
        cells = 2 * 26
        took, put, hit = [], [], []  # flat indices: play * 52 + side * 26 + pos
        for i, play in enumerate(plays):
            base = i * cells + side * 26
            for step in play:
                took.append(base + step[0])
                put.append(base + step[1])
                if step[3]:
                    hit.append(i * cells + other * 26 + 25 - step[1])
        size = n * cells
        moved = np.bincount(put, minlength=size) - np.bincount(took, minlength=size)
        if hit:
            bars = np.asarray(hit) // 26 * 26  # the hit side's pos 0 of the same play
            moved += np.bincount(bars, minlength=size) - np.bincount(hit, minlength=size)
        start = np.array(position.board, dtype=np.int64).reshape(1, cells)
        boards = (moved.reshape(n, cells) + start).astype(np.uint8).reshape(n, 2, 26)
        values = np.empty(n)
        won = boards[:, side, 25] == self.variant.men
        for i in np.flatnonzero(won).tolist():
            after = Position(tuple(map(tuple, boards[i].tolist())), other)
            done = self.variant.outcome(after, side)
            assert done is not None
            values[i] = outcome_value(self.scheme, done, side)
        open_ = np.flatnonzero(~won)
        if len(open_):
            values[open_] = self._board_values(boards[open_], other, side)
        return values

    def _board_values(self, boards: np.ndarray, to_act: int, mover: int) -> np.ndarray:
        """The value for ``mover`` of backgammon boards (n, 2, 26), ``to_act`` to act in
        each: the network's, or the bear-off database's where it knows the position."""
        one_blas_thread()
        scheme, table, parts = self.scheme, self.bearoff, []
        for start in range(0, len(boards), SLICE):
            part = boards[start : start + SLICE]
            sides = np.full(len(part), to_act, dtype=np.intp)
            y = self._evaluate(part, scheme.encode_boards(part, sides))
            if table is not None:
                for i in np.flatnonzero(bearoffs(part)).tolist():
                    y[i] = table.outputs(tuple(map(tuple, part[i].tolist())), to_act)
            parts.append(y)
        y = np.concatenate(parts)
        return scheme.values(y, np.full(len(y), to_act), mover)

    def position_values(self, positions: Sequence[Position], mover: int) -> np.ndarray:
        """The value of each (unfinished) position for ``mover``."""
        if not positions:
            return np.empty(0)
        y = self.outputs(positions)
        return self.scheme.values(y, [p.to_act for p in positions], mover)

    def after_values(
        self,
        afters: Sequence[Position],
        moved: int,
        seen_by: int,
        sure_win: float = 0.0,
    ) -> np.ndarray:
        """The value for ``seen_by`` of each position left by a play of side ``moved``:
        its result where the play ended the game (plus ``sure_win`` when ``seen_by`` won),
        else the network's estimate (all of those in one pass)."""
        values = np.empty(len(afters))
        open_rows: list[int] = []
        for i, after in enumerate(afters):
            done = self.variant.outcome(after, moved)
            if done is None:
                open_rows.append(i)
            else:
                values[i] = outcome_value(self.scheme, done, seen_by)
                if done.winner == seen_by:
                    values[i] += sure_win
        if open_rows:
            values[open_rows] = self.position_values([afters[i] for i in open_rows], seen_by)
        return values

    def play_values(
        self,
        position: Position,
        plays: Sequence[Play],
        sure_win: float = 0.0,
    ) -> tuple[np.ndarray, list[Position]]:
        """The value of each play for the side that makes it, and the positions left.

        A play that ends the game is worth its result, plus ``sure_win`` when won.
        """
        return self.grouped_play_values(position, (plays,), sure_win)[0]

    def grouped_play_values(
        self,
        position: Position,
        groups: Sequence[Sequence[Play]],
        sure_win: float = 0.0,
    ) -> list[tuple[np.ndarray, list[Position]]]:
        """``play_values`` for several sets of plays from one position (the replies to
        each roll), with one pass of the network over all of them."""
        mover = position.to_act
        afters = self.variant.apply_plays(position, [p for plays in groups for p in plays])
        values = self.after_values(afters, mover, mover, sure_win)
        result, start = [], 0
        for plays in groups:
            end = start + len(plays)
            result.append((values[start:end], afters[start:end]))
            start = end
        return result


def best_value(evaluator: Evaluator, position: Position, plays: Sequence[Play]) -> float:
    """The value of the best of ``plays`` for the side that makes them."""
    values, _ = evaluator.play_values(position, plays)
    return float(values.max())


def name_die(evaluator: Evaluator, state: GameState) -> int:
    """The die a side names in Anglicorum's choose phase: the player names the value
    whose best play is worth most to it, the opponent the one worth least to the roller."""
    from game.rules import match as m

    worth = []
    for value in m.die_choices(state):
        chosen = m.choose_die(state, value)
        worth.append((best_value(evaluator, chosen.position, m.legal_plays(chosen)), value))
    if state.variant.die_chooser == "opponent":
        return min(worth)[1]
    return max(worth)[1]
