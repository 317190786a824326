"""Pills as wide as their names need, on two rows where one is too narrow for them
(the setup's levels: :class:`Pills`)."""

from __future__ import annotations

import pygame

from game.ui.widgets.rows import Segmented
from game.ui.widgets.text import get_font


class Pills(Segmented):
    """Pills each as wide as its name needs (what is left shared out evenly): the setup's
    "Intermediate" is whole where equal fifths cut it short. Where one row is too narrow
    for all the names (a longer language), they go on two rows, each a track of its own
    whose pills share its width; a click still picks any value, Left/Right step as ever."""

    ROW_GAP = 4  # design px between two rows

    def needs(self, scale: float) -> list[int]:
        """Each name's width at ``scale``, set as ``Segmented.draw`` sets the chosen one
        (bold: the widest), with its margins."""
        size = max(11, max(1, round(self.size * scale)))
        font = get_font("bold", size)
        pad = max(1, round(10 * scale))
        return [font.size(self.fmt(v))[0] + pad for v in self.values]

    def rows_for(self, width: int, scale: float) -> list[int]:
        """How many pills on each row for ``width`` px: all on one where they fit, else on
        two split where the wider row is narrowest (the first row the fuller)."""
        needs = self.needs(scale)
        if sum(needs) <= width or len(needs) < 2:
            return [len(needs)]
        best = min(
            range(1, len(needs)),
            key=lambda k: (max(sum(needs[:k]), sum(needs[k:])), -k),
        )
        return [best, len(needs) - best]

    def tracks(self) -> list[pygame.Rect]:
        rows = self.rows_for(self.rect.w, self.scale)
        if len(rows) == 1:
            return [self.rect]
        gap = self.px(self.ROW_GAP)
        h = (self.rect.h - gap * (len(rows) - 1)) // len(rows)
        return [
            pygame.Rect(self.rect.x, self.rect.y + i * (h + gap), self.rect.w, h)
            for i in range(len(rows))
        ]

    def segments(self) -> list[pygame.Rect]:
        needs = self.needs(self.scale)
        out: list[pygame.Rect] = []
        first = 0
        for track, count in zip(self.tracks(), self.rows_for(self.rect.w, self.scale), strict=True):
            row = needs[first : first + count]
            first += count
            spare = track.w - sum(row)
            if spare < 0:  # too narrow even so: equal shares (the names cut)
                row, spare = [0] * count, track.w
            x = float(track.x)
            for need in row:
                x0, x = x, x + need + spare / count
                out.append(pygame.Rect(round(x0), track.y, round(x) - round(x0), track.h))
        return out


__all__ = ["Pills"]
