"""The menus' widgets: buttons, choices, toggles, sliders, text blocks and panels.

Every size derives from a scale (1.0 at 1280x800, see :func:`ui_scale`): a
scene lays its widgets out with ``widget.place(rect, scale)`` whenever the
window changes, and each widget draws itself to fit its rectangle. Expensive
pieces (rounded, gilded boxes drawn supersampled; blurred shadows; rendered
text) are cached per size, so a frame costs a few blits.

Keyboard and mouse go through a :class:`FocusList`: arrows and Tab move the
focus, Enter or Space activates, Left/Right change a choice or a slider, the
mouse hovers (which moves the focus too) and clicks. It plays the ``click``
sound through the callable it is given whenever a widget acts.

The modules: ``style`` (colours, scale, mixing), ``text`` (fonts and text),
``drawing`` (boxes, shadows, glows, rules), ``widget`` (the protocol and a
label), ``buttons``, ``rows`` (choices, toggles, sliders, segmented rows),
``textblock`` (long scrolling text), ``panels`` (framed panels and the overlay
card) and ``focus``. The menu scenes' base, ``WidgetScene``, lives beside the
scenes (``game.ui.scenes.widget_scene``).
"""

from __future__ import annotations

from game.ui.widgets.buttons import Button
from game.ui.widgets.drawing import (
    dim,
    draw_glow,
    draw_rule,
    draw_shadow,
    draw_token,
    glow_sprite,
    rounded_box,
    soft_shadow,
)
from game.ui.widgets.focus import FocusList
from game.ui.widgets.panels import Panel, Title, draw_overlay_panel, draw_panel
from game.ui.widgets.rows import Choice, Row, Segmented, Slider, Toggle
from game.ui.widgets.style import (
    DEFAULT_STYLE,
    MIN_TEXT,
    SUPERSAMPLE,
    Colour,
    Style,
    approach,
    mix,
    ui_scale,
)
from game.ui.widgets.text import (
    draw_text,
    fit_size,
    fit_text,
    get_font,
    has_glyph,
    text_surface,
    text_width,
    typeset,
    wrap_spaced,
    wrap_words,
)
from game.ui.widgets.textblock import TextBlock, has_initial
from game.ui.widgets.widget import Label, Widget

_mix = mix  # the old private name, still imported by game.ui.scenes.board

__all__ = [
    "DEFAULT_STYLE",
    "MIN_TEXT",
    "SUPERSAMPLE",
    "Button",
    "Choice",
    "Colour",
    "FocusList",
    "Label",
    "Panel",
    "Row",
    "Segmented",
    "Slider",
    "Style",
    "TextBlock",
    "Title",
    "Toggle",
    "Widget",
    "approach",
    "dim",
    "draw_glow",
    "draw_overlay_panel",
    "draw_panel",
    "draw_rule",
    "draw_shadow",
    "draw_text",
    "draw_token",
    "fit_size",
    "fit_text",
    "get_font",
    "glow_sprite",
    "has_glyph",
    "has_initial",
    "mix",
    "rounded_box",
    "soft_shadow",
    "text_surface",
    "text_width",
    "typeset",
    "ui_scale",
    "wrap_spaced",
    "wrap_words",
]
