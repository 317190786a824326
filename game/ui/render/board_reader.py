"""What the board's drawing and layout read from the board scene, and nothing more.

The modules ``board_words``, ``board_marks``, ``board_preview``, ``board_hud`` and
``board_controls`` take the scene as a ``BoardReader``: every name listed here is read
(never written) by them, so the game's flow may live anywhere that keeps these names
(``game.play`` or the scene). Only ``board_controls.place_cards`` and
``board_controls.place_entry_cards`` change anything, and only where the open cards
go; ``BoardScene.lay_out`` stores the ``Controls`` laid out as ``scene.controls``.

This module does not import pygame (the types are only named for the type checker).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from game.play.session import GameSetup, Seat
    from game.play.turn import TurnInput
    from game.rules import match as m
    from game.rules.play import Play
    from game.rules.position import Position
    from game.rules.replay import Replay
    from game.rules.variants.base import Variant
    from game.ui.anim.effects import DiceThrow
    from game.ui.dice_entry import DiceEntry
    from game.ui.dice_seal import ThrowPrompt
    from game.ui.hints import HintCard
    from game.ui.render.board_view import BoardView
    from game.ui.render.layout import SpotKey
    from game.ui.theme import Theme
    from game.ui.tutor_card import TutorCard


class BoardReader(Protocol):
    """The board scene as its drawing sees it (read-only)."""

    # -- the app and the table ------------------------------------------------------------
    @property
    def app(self) -> Any: ...  # .scale, .size, .campaign.level(id)

    @property
    def variant(self) -> Variant: ...

    @property
    def theme(self) -> Theme: ...

    @property
    def view(self) -> BoardView: ...  # .layout (geometry) and the painting of men and dice

    @property
    def setup(self) -> GameSetup: ...  # .mode, .level, .hints

    @property
    def viewer(self) -> int: ...

    @property
    def seed(self) -> int: ...

    @property
    def contribution(self) -> str: ...

    @property
    def manual(self) -> bool: ...

    @property
    def start(self) -> dict[str, Any]: ...

    @property
    def advice(self) -> bool: ...

    @property
    def replaying(self) -> Replay | None: ...

    @property
    def log(self) -> list[dict[str, Any]]: ...  # the decisions made (a replay's step)

    # -- the game ---------------------------------------------------------------------------
    @property
    def state(self) -> m.GameState: ...

    @property
    def turn(self) -> TurnInput | None: ...

    @property
    def selected(self) -> int | None: ...

    @property
    def resigning(self) -> bool: ...

    @property
    def review(self) -> Any: ...  # not None: the tutor is judging the play made

    @property
    def hint_card(self) -> HintCard | None: ...

    @property
    def last_plays(self) -> dict[int, tuple[Position, Play]]: ...  # each side's last play

    @property
    def last_named(self) -> dict[int, str]: ...  # and in words, the latest last

    @property
    def target(self) -> int | None: ...  # the destination chosen with the keys

    @property
    def looking(self) -> int | None: ...  # looking back at this play (board_lookback)

    def looked_play(self) -> tuple[int, Position, Play] | None: ...  # its side, from, play

    @property
    def tutor_card(self) -> TutorCard | None: ...

    @property
    def dice_entry(self) -> DiceEntry | None: ...

    @property
    def throw_prompt(self) -> ThrowPrompt | None: ...

    @property
    def message(self) -> str: ...

    @property
    def message_time(self) -> float: ...

    @property
    def message_brief(self) -> bool: ...  # gives way once a person is to act

    @property
    def good(self) -> tuple[float, str]: ...  # the tutor's quiet word, and when

    @property
    def t(self) -> float: ...  # seconds since the board opened

    @property
    def pulse_t(self) -> float: ...  # the highlights' pulse's time (it stops at rest)

    # -- what is shown ----------------------------------------------------------------------
    @property
    def ready(self) -> bool: ...  # the board's background is painted

    @property
    def busy(self) -> bool: ...  # something is animating

    @property
    def shown(self) -> Position: ...  # the men at rest as drawn

    @property
    def shown_dice(self) -> tuple[int, ...]: ...

    @property
    def dice_anim(self) -> DiceThrow | None: ...

    @property
    def flying(self) -> dict[Any, tuple[int, Any]]: ...  # men in flight: (side, Slide)

    @property
    def effects(self) -> Sequence[Any]: ...

    @property
    def drag_from(self) -> tuple[int, int] | None: ...

    @property
    def drag_at(self) -> tuple[int, int] | None: ...

    # -- questions ----------------------------------------------------------------------------
    def seat(self, side: int) -> Seat: ...

    def side_name(self, side: int) -> str: ...

    def human_to_act(self) -> bool: ...

    def seal_shown(self) -> bool: ...  # whether the dice's seal belongs on this board

    def hint_offered(self) -> bool: ...

    def hint_note(self) -> str: ...

    def key_of(self, side: int, pos: int, position: Position) -> SpotKey: ...

    def result_words(self, state: m.GameState) -> str: ...

    def dice_text(self, dice: tuple[int, ...]) -> str: ...

    def preview_play(self) -> Play | None: ...  # a play shown over the board (the hint's)


__all__ = ["BoardReader"]
