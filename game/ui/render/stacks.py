"""Which men stand on each spot, bottom to top, when two sides may share a cell.

Pure: no pygame. In every game but Plakoto a cell holds the men of one side
at most. In Plakoto a pinned man stays on its point under the opponent's men
that pinned it (``Position.flags[side]`` bit p: ``side``'s man on its pos p
is pinned); the picture stands the pinned man at the bottom of the point and
the pinners on top of it, so that both can be seen and counted. The men
drawing, the animations and the marks all place men by this one order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ui.render.layout import SpotKey, spot_key

if TYPE_CHECKING:
    from game.rules.position import Position
    from game.rules.variants.base import Variant

Pile = tuple[int, int]  # (side, men)


def stacks(variant: Variant, position: Position) -> dict[SpotKey, list[Pile]]:
    """Every spot's men as piles of one side each, bottom first.

    On a cell both sides stand on, a pinned side's man is at the bottom
    (its flag bit for its pos); otherwise the sides keep their order.
    """
    found: dict[SpotKey, list[tuple[bool, int, int]]] = {}
    for side in range(position.players):
        flags = position.flags[side] if side < len(position.flags) else 0
        for pos, count in enumerate(position.board[side]):
            if count:
                key = spot_key(variant, side, pos)
                pinned = key[0] == "cell" and bool(flags >> pos & 1)
                found.setdefault(key, []).append((not pinned, side, count))
        if position.hand[side]:
            key = spot_key(variant, side, 0, in_hand=True)
            found.setdefault(key, []).append((True, side, position.hand[side]))
    return {key: [(side, n) for _, side, n in sorted(piles)] for key, piles in found.items()}


def men_on(variant: Variant, position: Position, key: SpotKey) -> int:
    """All the men standing on ``key`` in ``position``, of every side."""
    return sum(n for _, n in stacks(variant, position).get(key, []))


def below(variant: Variant, position: Position, key: SpotKey, side: int) -> int:
    """The men of other sides standing under ``side``'s pile on ``key`` (a pinned man
    under its pinner's men), or under where its first man would land."""
    total = 0
    for other, n in stacks(variant, position).get(key, []):
        if other == side:
            return total
        total += n
    return total
