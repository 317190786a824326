"""The frozen Position: where every man of every side stands, and who acts.

Each side counts the points of its own track from where its men come on:
``pos 1`` is the first point of the track and ``pos L`` the last (L is the
variant's track length). ``pos 0`` is the bar (men that were hit and must come
back on), ``pos L+1`` is off (borne off). Men that have never entered (the
start of El Mundo and Duodecim Scriptorum) are counted in ``hand``.
"""

from __future__ import annotations

from dataclasses import dataclass

BAR = 0


@dataclass(frozen=True, slots=True)
class Position:
    """Per-side counts on each pos of the side's own track.

    ``board[side][pos]``: pos 0 the bar, 1..L the track, L+1 off.
    ``hand[side]``: men not yet entered. ``flags[side]``: variant bits (for
    example Lombardorum's "start point has been emptied").
    """

    board: tuple[tuple[int, ...], ...]
    to_act: int = 0
    hand: tuple[int, ...] = (0, 0)
    flags: tuple[int, ...] = (0, 0)

    @property
    def players(self) -> int:
        return len(self.board)

    @property
    def track_length(self) -> int:
        return len(self.board[0]) - 2

    @property
    def off_pos(self) -> int:
        return len(self.board[0]) - 1

    def bar(self, side: int) -> int:
        return self.board[side][BAR]

    def off(self, side: int) -> int:
        return self.board[side][-1]

    def men(self, side: int) -> int:
        """Every man of ``side``: on the board, on the bar, in hand and off."""
        return sum(self.board[side]) + self.hand[side]

    def men_on_track(self, side: int) -> int:
        return sum(self.board[side][1:-1])

    def pip_count(self, side: int) -> int:
        """Pips ``side`` still has to travel to bear every man off."""
        row = self.board[side]
        off = len(row) - 1
        pips = sum((off - pos) * n for pos, n in enumerate(row[:-1]))
        return pips + off * self.hand[side]

    def with_to_act(self, side: int) -> Position:
        return Position(self.board, side, self.hand, self.flags)

    def __repr__(self) -> str:
        rows = ", ".join(
            "{" + ", ".join(f"{p}: {n}" for p, n in enumerate(row) if n) + "}" for row in self.board
        )
        extra = ""
        if any(self.hand):
            extra += f", hand={self.hand}"
        if any(self.flags):
            extra += f", flags={self.flags}"
        return f"Position([{rows}], to_act={self.to_act}{extra})"


def position_from_counts(
    counts: list[dict[int, int]],
    track_length: int,
    to_act: int = 0,
    hand: tuple[int, ...] | None = None,
    flags: tuple[int, ...] | None = None,
) -> Position:
    """Build a Position from ``{pos: men}`` dicts, one per side (pos 0 bar, L+1 off)."""
    board = []
    for side_counts in counts:
        row = [0] * (track_length + 2)
        for pos, n in side_counts.items():
            row[pos] += n
        board.append(tuple(row))
    players = len(board)
    return Position(
        tuple(board),
        to_act,
        hand if hand is not None else (0,) * players,
        flags if flags is not None else (0,) * players,
    )
