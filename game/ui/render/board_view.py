"""The board painter: the case, the field, the men, the dice, the labels.

Everything is drawn in code at the window's own resolution, so it is as
sharp on a 4K screen as in a small window. The background (table, case,
field, points, numbers) is painted once per size with numpy into one
surface: procedural wood with rails mitred at the corners, baize, parchment
with gold rules, travertine with carved fields. Men and dice are lit sprites
(a height field turned into normals and shaded from the top left), made once
per side and size and cached.

Each theme's look comes from its ``style``: ``felt`` (and the shared palettes)
a mahogany case with baize, ``oak`` English oak with inlaid points,
``illuminated`` Alfonso's red, green and gold on parchment, ``stone`` a Roman
slab with the old inscription LEVATE DALOCV LVDERE NESCIS IDIOTA RECEDE cut
into its fields; for the games still to come, ``byzantine`` porphyry, purple
silk and gold leaf, ``walnut`` a Caucasian walnut board inlaid with
mother-of-pearl, ``kafeneio`` the Greek coffee-house board of light wood with
inlaid points, ``navy`` battleship-grey paint and canvas.

``BoardView`` is the one object the scenes use; the work is done in:

- :mod:`~game.ui.render.painter`: the background (table, case, fields), with
  :mod:`~game.ui.render.points` (points and fields),
  :mod:`~game.ui.render.round_board` (El Mundo's disc and map) and
  :mod:`~game.ui.render.ornaments` (each theme's gilding, inlay, hinges, rosettes);
- :mod:`~game.ui.render.materials` and :mod:`~game.ui.render.raster`: textures
  and the numpy canvas they are painted on;
- :mod:`~game.ui.render.men`, :mod:`~game.ui.render.dice`: the sprites and
  their drawing; :mod:`~game.ui.render.lettering`: numbers, names, pips.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

import pygame

from game.ui.render.board_marks import piles
from game.ui.render.dice import PIPS, Dice, die_shadow, die_sprite
from game.ui.render.layout import BoardLayout, Point, SpotKey, layout_for
from game.ui.render.lettering import (
    INSCRIPTION,
    Lettering,
    draw_labels,
    inscription,
    point_numbers,
    tray_names,
)
from game.ui.render.men import Men, man_sprite, shadow_sprite, slab_sprite
from game.ui.render.painter import Painter
from game.ui.render.raster import HALF, LIGHT, Array, mask_surfaces
from game.ui.theme import Colour, Theme

if TYPE_CHECKING:
    from game.rules.position import Position
    from game.rules.variants.base import Variant

__all__ = [
    "HALF",
    "INSCRIPTION",
    "LIGHT",
    "PIPS",
    "Array",
    "BoardView",
    "die_shadow",
    "die_sprite",
    "man_sprite",
    "shadow_sprite",
    "slab_sprite",
]

# Painted backgrounds of the last few boards, so that going back to a board
# or to a window size is instant (a 4K background takes a second or two).
_BACKGROUNDS: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
_KEEP_BACKGROUNDS = 4


class BoardView:
    """Draws one variant's board for one theme and window size, seen from ``viewer``."""

    def __init__(
        self, variant: Variant, theme: Theme, size: tuple[int, int], viewer: int = 0
    ) -> None:
        self.variant = variant
        self.theme = theme
        self.viewer = viewer
        self._men = Men(theme)
        self._dice = Dice(theme)
        self._letters = Lettering()
        self.resize(size)

    def resize(self, size: tuple[int, int], room: tuple[int, int] | None = None) -> None:
        """Fit the board to a new window area (the background is painted again); with
        ``room``, into that much of it from its top left (``layout_for``)."""
        self.size = (int(size[0]), int(size[1]))
        self.room = room
        self.layout: BoardLayout = layout_for(self.variant, self.size, self.viewer, room)
        self._background: pygame.Surface | None = None
        self._masks: dict[SpotKey, tuple[pygame.Surface, pygame.Surface, tuple[int, int]]] = {}
        self._men.resize()

    # -- the background --------------------------------------------------------------

    def background(self) -> pygame.Surface:
        """The painted background of the whole area (cached per board, theme and size)."""
        if self._background is None:
            key = (self.variant, self.theme, self.size, self.viewer, self.room)
            surface = _BACKGROUNDS.get(key)
            if surface is None:
                surface = self._paint()
                _BACKGROUNDS[key] = surface
                while len(_BACKGROUNDS) > _KEEP_BACKGROUNDS:
                    _BACKGROUNDS.popitem(last=False)
            else:
                _BACKGROUNDS.move_to_end(key)
            self._background = surface
        return self._background

    def painted(self) -> bool:
        """Whether the background is ready at once (painted before, or kept)."""
        key = (self.variant, self.theme, self.size, self.viewer, self.room)
        return self._background is not None or key in _BACKGROUNDS

    def _paint(self) -> pygame.Surface:
        painter = Painter(self.layout, self.theme, self.variant)
        surface = painter.paint()
        point_numbers(surface, self.layout, self.theme)
        if self.layout.geometry == "rows" and painter.style == "stone":
            inscription(surface, self.layout, self.theme)
        if pygame.display.get_surface() is not None:
            surface = surface.convert()
        return surface

    def draw_board(self, surface: pygame.Surface) -> None:
        """The table, the case, the field, the points and their numbers."""
        surface.blit(self.background(), (0, 0))

    # -- men ---------------------------------------------------------------------------

    def draw_man(
        self,
        surface: pygame.Surface,
        side: int,
        centre: Point,
        *,
        lift: float = 0.0,
        alpha: int = 255,
        radius: float | None = None,
    ) -> None:
        """One man with its shadow; ``lift`` (0..1) raises it off the board."""
        r = radius if radius is not None else self.layout.radius
        self._men.draw_man(surface, side, centre, r, lift=lift, alpha=alpha)

    def draw_men(
        self,
        surface: pygame.Surface,
        position: Position,
        *,
        hidden: Mapping[SpotKey, int] | None = None,
        selected: SpotKey | None = None,
    ) -> None:
        """Every man of ``position`` at rest, less ``hidden[key]`` men per spot.

        Men in trays (borne off, or in hand) stand on edge; a stack taller
        than its spot is squeezed and shows its count; ``selected``'s top man
        is lifted in a gold glow.
        """
        self._men.draw_men(
            surface,
            self.layout,
            self.variant,
            position,
            self._letters,
            hidden=hidden or {},
            selected=selected,
        )

    # -- highlights --------------------------------------------------------------------

    def draw_highlights(
        self, surface: pygame.Surface, keys: Iterable[SpotKey], t: float, *, strength: float = 1.0
    ) -> None:
        """Spots lit in the theme's highlight colour, pulsing gently with time ``t`` (seconds).

        Legal destinations at full ``strength``; a fainter one marks, say, the
        men that can move.
        """
        pulse = 0.5 + 0.5 * math.sin(t * 2 * math.pi / 1.3)
        strength = max(0.0, min(1.0, strength))
        for key in keys:
            if key not in self.layout.spots:
                continue
            masks = self._masks.get(key)
            if masks is None:
                spot = self.layout.spots[key]
                masks = mask_surfaces(spot.shape, self.theme.highlight, self.layout.radius * 0.35)
                self._masks[key] = masks
            fill, edge, at = masks
            fill.set_alpha(round((55 + 55 * pulse) * strength))
            edge.set_alpha(round((150 + 105 * pulse) * strength))
            surface.blit(fill, at)
            surface.blit(edge, at)

    # -- dice ----------------------------------------------------------------------------

    def draw_die(
        self,
        surface: pygame.Surface,
        value: int,
        centre: Point,
        size: float,
        *,
        angle: float = 0.0,
        used: bool = False,
        faces: int = 6,
        colours: tuple[Colour, Colour] | None = None,
    ) -> None:
        """A die showing ``value`` (1..faces, up to 7) turned by ``angle`` degrees (in
        ``colours``, body and pips, instead of the theme's dice colours when given)."""
        self._dice.draw(
            surface, value, centre, size, angle=angle, used=used, faces=faces, colours=colours
        )

    # -- names and pips ---------------------------------------------------------------------

    def draw_labels(self, surface: pygame.Surface, position: Position, to_act: int) -> None:
        """Each side's name and pip count at its place; the side to act in gold, underlined;
        the trays' names where no men cover them."""
        if self.variant.uses_hand:
            filled = {
                key: count
                for side in range(position.players)
                for key, count in piles(self.variant, position, side).items()
            }
            tray_names(surface, self.layout, self.theme, filled)
        draw_labels(surface, self.layout, self.theme, position, to_act, self._letters, self._men)
