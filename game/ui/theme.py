"""Each era's look: the colours of its board, men, dice and text.

- ``felt``: the modern board (backgammon): green baize in a mahogany case.
- ``oak``: dark English oak for Ludus Anglicorum and Ludus Lombardorum.
- ``illuminated``: the red, green and gold of Alfonso X's illuminated book
  for Quinze Tablas and El Mundo (El Mundo's men in Alfonso's colours: green,
  red, black and white).
- ``stone``: a Roman board cut in travertine for Duodecim Scriptorum.
- ``byzantine``: Zeno's Tabula: a porphyry case edged in gold, purple silk,
  points of gold leaf and ivory; men of ivory and purple.
- ``walnut``: Long Nardy: a Caucasian walnut board, points inlaid in
  mother-of-pearl and dark wood, a marquetry band round the fields.
- ``kafeneio``: Portes, Plakoto, Fevga (Tavli): the Greek coffee-house board,
  light wood with dark and red inlaid points, white and black men.
- ``navy``: Acey-Deucey: a battleship-grey painted case, canvas, navy-blue and
  white points, rivets along the rails.

A theme's ``style`` says how the painter makes its surfaces.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import N_, _
from game.ui.looks import DEFAULT_THEME, look_of

Colour = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class SideColours:
    """A side's men: body colour, rim, the lit highlight; and its name (``english``, as
    the code marks it; ``name`` in the player's language)."""

    english: str
    body: Colour
    rim: Colour
    light: Colour

    @property
    def name(self) -> str:
        """The side's name in the language in use ("Crimson" in English)."""
        return _(self.english)


@dataclass(frozen=True, slots=True)
class Theme:
    id: str
    name: str
    table: Colour  # behind the board
    frame: Colour  # the case
    frame_light: Colour
    frame_dark: Colour
    field: Colour  # the playing surface
    field_dark: Colour
    point_a: Colour
    point_b: Colour
    point_edge: Colour
    bar: Colour
    ink: Colour  # text on the field
    text: Colour  # text on the table
    text_dim: Colour
    accent: Colour  # gold: titles, selection
    highlight: Colour  # legal destinations
    danger: Colour
    dice_body: Colour
    dice_pip: Colour
    sides: tuple[SideColours, ...]
    # How the painter makes the board (game.ui.render.painter): "felt", "oak",
    # "illuminated", "stone", "byzantine", "walnut", "kafeneio" or "navy".
    style: str = "felt"


# TRANSLATORS: the sides' names: each side is called by the colour of its men
# ("Crimson to play"); a colour word used as a player's name.
IVORY = SideColours(N_("Ivory"), (236, 226, 204), (178, 160, 128), (255, 250, 238))
EBONY = SideColours(N_("Ebony"), (48, 40, 38), (20, 16, 15), (112, 100, 94))

THEMES: dict[str, Theme] = {
    "felt": Theme(
        "felt",
        "Modern felt",
        table=(22, 26, 24),
        frame=(92, 42, 28),
        frame_light=(140, 72, 48),
        frame_dark=(52, 22, 14),
        field=(28, 92, 58),
        field_dark=(18, 66, 40),
        point_a=(222, 206, 170),
        point_b=(150, 36, 40),
        point_edge=(40, 30, 20),
        bar=(70, 32, 20),
        ink=(240, 232, 210),
        text=(236, 228, 210),
        text_dim=(150, 150, 140),
        accent=(226, 184, 90),
        highlight=(120, 230, 140),
        danger=(230, 80, 70),
        dice_body=(246, 242, 232),
        dice_pip=(30, 26, 24),
        sides=(IVORY, SideColours(N_("Crimson"), (140, 24, 30), (80, 10, 14), (214, 90, 90))),
    ),
    "oak": Theme(
        "oak",
        "English oak",
        table=(24, 20, 18),
        frame=(66, 42, 26),
        frame_light=(104, 72, 44),
        frame_dark=(34, 20, 12),
        field=(120, 84, 50),
        field_dark=(92, 62, 36),
        point_a=(214, 184, 132),
        point_b=(56, 34, 22),
        point_edge=(30, 18, 10),
        bar=(50, 32, 20),
        ink=(244, 228, 196),
        text=(236, 222, 196),
        text_dim=(160, 146, 126),
        accent=(214, 172, 88),
        highlight=(150, 230, 120),
        danger=(224, 84, 64),
        dice_body=(232, 220, 192),
        dice_pip=(40, 26, 18),
        sides=(IVORY, EBONY),
        style="oak",
    ),
    "illuminated": Theme(
        "illuminated",
        "Alfonso's book",
        table=(30, 18, 22),
        frame=(132, 26, 30),
        frame_light=(196, 60, 52),
        frame_dark=(70, 12, 16),
        field=(236, 222, 186),
        field_dark=(214, 196, 152),
        point_a=(32, 110, 70),
        point_b=(170, 34, 38),
        point_edge=(150, 112, 40),
        bar=(110, 20, 26),
        ink=(60, 30, 20),
        text=(240, 226, 196),
        text_dim=(176, 150, 130),
        accent=(222, 180, 70),
        highlight=(40, 160, 220),
        danger=(200, 40, 40),
        dice_body=(244, 234, 210),
        dice_pip=(110, 20, 24),
        sides=(
            SideColours(N_("Green"), (38, 128, 74), (18, 70, 40), (120, 200, 140)),
            SideColours(N_("Red"), (176, 34, 38), (100, 14, 18), (236, 110, 100)),
            SideColours(N_("Black"), (40, 36, 36), (12, 10, 10), (110, 104, 100)),
            SideColours(N_("White"), (240, 232, 214), (170, 156, 130), (255, 252, 244)),
        ),
        style="illuminated",
    ),
    "stone": Theme(
        "stone",
        "Roman stone",
        table=(26, 24, 22),
        frame=(150, 140, 122),
        frame_light=(196, 188, 170),
        frame_dark=(98, 90, 76),
        field=(204, 194, 172),
        field_dark=(176, 166, 144),
        point_a=(118, 106, 88),
        point_b=(118, 106, 88),
        point_edge=(92, 82, 66),
        bar=(160, 150, 130),
        ink=(54, 46, 38),
        text=(232, 226, 214),
        text_dim=(160, 154, 142),
        accent=(206, 168, 96),
        highlight=(70, 150, 220),
        danger=(180, 60, 40),
        dice_body=(226, 214, 186),
        dice_pip=(60, 42, 30),
        sides=(
            SideColours(N_("Bone"), (232, 222, 198), (170, 156, 126), (255, 250, 236)),
            SideColours(N_("Lapis"), (36, 64, 132), (16, 30, 70), (110, 140, 210)),
        ),
        style="stone",
    ),
    "byzantine": Theme(
        "byzantine",
        "Byzantine purple",
        table=(18, 12, 20),
        frame=(96, 28, 56),
        frame_light=(146, 66, 96),
        frame_dark=(54, 14, 34),
        field=(66, 28, 80),
        field_dark=(44, 18, 56),
        point_a=(216, 176, 82),
        point_b=(230, 218, 190),
        point_edge=(150, 112, 40),
        bar=(84, 24, 58),
        ink=(244, 230, 196),
        text=(238, 226, 208),
        text_dim=(172, 152, 164),
        accent=(226, 186, 88),
        highlight=(110, 220, 240),
        danger=(232, 84, 72),
        dice_body=(242, 234, 214),
        dice_pip=(92, 24, 72),
        sides=(
            SideColours(N_("Ivory"), (240, 232, 212), (176, 158, 126), (255, 252, 240)),
            SideColours(N_("Purple"), (78, 18, 76), (42, 6, 40), (176, 92, 172)),
        ),
        style="byzantine",
    ),
    "walnut": Theme(
        "walnut",
        "Caucasian walnut",
        table=(22, 18, 16),
        frame=(86, 52, 30),
        frame_light=(132, 88, 52),
        frame_dark=(40, 22, 12),
        field=(108, 70, 42),
        field_dark=(78, 48, 28),
        point_a=(232, 226, 212),
        point_b=(42, 28, 20),
        point_edge=(30, 18, 10),
        bar=(64, 38, 22),
        ink=(242, 228, 202),
        text=(238, 226, 206),
        text_dim=(164, 148, 128),
        accent=(218, 180, 112),
        highlight=(130, 230, 150),
        danger=(228, 86, 66),
        dice_body=(238, 228, 208),
        dice_pip=(44, 28, 18),
        sides=(
            SideColours(N_("Bone"), (236, 226, 202), (176, 158, 124), (255, 250, 236)),
            SideColours(N_("Ebony"), (46, 36, 32), (18, 14, 12), (116, 104, 96)),
        ),
        style="walnut",
    ),
    "kafeneio": Theme(
        "kafeneio",
        "Greek kafeneio",
        table=(28, 22, 18),
        frame=(146, 98, 56),
        frame_light=(192, 146, 94),
        frame_dark=(92, 58, 30),
        field=(218, 186, 138),
        field_dark=(178, 142, 96),
        point_a=(64, 40, 26),
        point_b=(156, 52, 34),
        point_edge=(60, 36, 20),
        bar=(118, 78, 42),
        ink=(64, 38, 20),
        text=(238, 226, 206),
        text_dim=(166, 150, 130),
        accent=(248, 230, 188),
        highlight=(40, 170, 220),
        danger=(200, 50, 40),
        dice_body=(244, 240, 230),
        dice_pip=(30, 24, 20),
        sides=(
            SideColours(N_("White"), (240, 236, 226), (178, 168, 150), (255, 255, 250)),
            SideColours(N_("Black"), (38, 32, 30), (14, 12, 10), (110, 102, 98)),
        ),
        style="kafeneio",
    ),
    "navy": Theme(
        "navy",
        "Navy grey",
        table=(20, 24, 28),
        frame=(104, 112, 118),
        frame_light=(148, 156, 162),
        frame_dark=(62, 68, 74),
        field=(200, 190, 158),
        field_dark=(158, 148, 120),
        point_a=(30, 46, 94),
        point_b=(236, 234, 226),
        point_edge=(24, 32, 58),
        bar=(86, 94, 100),
        ink=(24, 32, 58),
        text=(228, 232, 236),
        text_dim=(150, 160, 168),
        accent=(240, 200, 84),
        highlight=(255, 150, 40),
        danger=(222, 60, 50),
        dice_body=(244, 244, 240),
        dice_pip=(24, 34, 70),
        sides=(
            SideColours(N_("White"), (242, 242, 238), (170, 172, 170), (255, 255, 255)),
            SideColours(N_("Navy"), (22, 34, 80), (10, 16, 40), (104, 128, 190)),
        ),
        style="navy",
    ),
}
# The classic palette's third and fourth sides (El Mundo): Alfonso's green, deepened so
# that it stands out on the pale points too, and his black.
CLASSIC_MORE = (
    SideColours(N_("Green"), (22, 90, 52), (10, 50, 28), (100, 180, 120)),
    THEMES["illuminated"].sides[2],
)

# Shared palettes a player may prefer over each era's own (Settings.palette).
PALETTE_THEMES = {"classic": "felt", "contrast": "felt"}


def theme_for(variant_id: str, palette: str = "era") -> Theme:
    """The theme for ``variant_id`` under the player's palette setting."""
    if palette == "contrast":
        return _contrast(THEMES["felt"])
    if palette == "classic":
        theme = THEMES["felt"]
        look = look_of(variant_id)
        if look is not None and look.sides > 2:  # four sides need four colours
            from dataclasses import replace

            four = (*theme.sides, *CLASSIC_MORE)
            return replace(theme, sides=four)
        return theme
    look = look_of(variant_id)
    return THEMES[look.theme if look is not None else DEFAULT_THEME]


def _contrast(base: Theme) -> Theme:
    from dataclasses import replace

    return replace(
        base,
        id="contrast",
        name="High contrast",
        field=(10, 60, 30),
        point_a=(250, 250, 250),
        point_b=(250, 170, 0),
        highlight=(0, 255, 255),
        sides=(
            SideColours(N_("White"), (255, 255, 255), (120, 120, 120), (255, 255, 255)),
            SideColours(N_("Black"), (10, 10, 10), (0, 0, 0), (90, 90, 90)),
            SideColours(N_("Red"), (150, 0, 0), (80, 0, 0), (240, 110, 110)),
            SideColours(N_("Blue"), (20, 60, 210), (0, 24, 110), (130, 170, 255)),
        ),
    )


def side_colours(theme: Theme, side: int) -> SideColours:
    return theme.sides[side % len(theme.sides)]
