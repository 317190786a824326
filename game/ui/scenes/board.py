"""The board: a game in progress, played by any mix of people and computer seats.

The game itself is the table's (``game.play.table.Table``: the seats, the dice, the
computer's worker, hints and the tutor, saving, replays); the board is its window.
The rules move first and the picture follows (STYLE habit 8): every decision is made
on the table at once, and the table's events (``game.play.events``) become the
timeline (the dice tumble, each step of each man slides along its track, a hit
knocks the man to the bar with an impact and a sound). What is drawn at rest is
``self.shown``, which each animation brings up to date as it ends, so the picture
never runs ahead of what the player has seen.

A person moves by clicking a man and then a highlighted destination, or by
dragging it there; a step is accepted only if it begins a legal play
(``TurnInput``). Right-click or Backspace takes back the last move of the
turn, the last one too: a finished play waits until the person picks up the
dice (a click on them, Space, Enter or Done; the setting "End the turn when the
dice are used" ends it at once instead). Forced plays and passes are made for
the person, with a message; with the setting "Bear off automatically" so is a sure
play of a bear-off (``game.play.autoplay``), as the person's own steps.
Computer seats think in the table's worker thread, so the board keeps animating;
their plays come at a watchable pace. A click or a key during an animation
finishes it at once, and the click is not lost: it is handled afterwards
(``game.ui.scenes.board_input``).

Practice (``setup.hints``), where the variant has a trained evaluation: a
Hint button (H) opens a card with the best plays of the roll, ranked (a first
look at once, replaced by the worker's deeper look when it is ready; 1-5 or
a click shows one on the board, Enter plays it, H or Esc closes); and the
tutor judges each play the person makes before the turn passes, offering to
take back one that gives away 0.03 or more (Backspace) or to keep it
(Enter). Both think in the worker thread; the tutor's tally of each
person's plays goes to the results.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import replace
from typing import Any, TypeVar

import pygame

from game.i18n import _, ngettext
from game.names import game_name
from game.play import events as ev
from game.play.session import GameSetup, PauseChoice, SavedGame, Seat, replay_label
from game.play.table import Table, dice_text, replay_setup
from game.rules import actions as a
from game.rules import match as m
from game.rules.outcome import Kind, Termination
from game.rules.play import Play, Step
from game.rules.position import Position
from game.rules.replay import Replay
from game.rules.variants import find_variant
from game.ui.anim.effects import DiceThrow, Slide
from game.ui.anim.tween import Timeline
from game.ui.chances_panel import ChancesPanel, draw_chances
from game.ui.dice_entry import DiceEntry
from game.ui.dice_seal import ThrowPrompt, asks_throw
from game.ui.hints import HintCard
from game.ui.move_list import MoveList, card_rect, draw_move_list
from game.ui.progress import record_finished, save_in_progress
from game.ui.render import (
    board_controls,
    board_hud,
    board_marks,
    board_preview,
    board_trail,
    board_words,
)
from game.ui.render.board_view import BoardView
from game.ui.render.layout import SpotKey, spot_key
from game.ui.result_words import KIND_WORDS
from game.ui.routes import NextGame, PauseMenu, Route
from game.ui.scenes import board_idle
from game.ui.scenes.base import Scene
from game.ui.scenes.board_anim import StepAnimation
from game.ui.scenes.board_events import named_play, show_event
from game.ui.scenes.board_input import BoardInput
from game.ui.theme import side_colours, theme_for
from game.ui.tutor_card import TutorCard
from game.ui.widgets import Style

T = TypeVar("T")


def _table_attr(name: str, doc: str) -> Any:
    """A scene attribute that is the table's (read and written through)."""

    def get(scene: BoardScene) -> Any:
        return getattr(scene.table, name)

    def put(scene: BoardScene, value: Any) -> None:
        setattr(scene.table, name, value)

    return property(get, put, doc=doc)


class BoardScene(BoardInput, Scene):
    """A game from the first throw to the result: the table's window."""

    save_warning = True  # a save that fails is said at the top (game.ui.saving)

    # The table's, read (and in tests set) through the scene.
    game = _table_attr("game", "the game record (m.Game)")
    setup = _table_attr("setup", "the game's setup")
    variant = _table_attr("variant", "the variant played")
    seats = _table_attr("seats", "who sits at each side")
    viewer = _table_attr("viewer", "the side the board is drawn for")
    replaying = _table_attr("replaying", "the replay watched, if any")
    manual = _table_attr("manual", "the dice are entered by hand")
    advice = _table_attr("advice", "hints and the tutor can judge this variant")
    turn = _table_attr("turn", "a person's steps of the turn so far")
    review = _table_attr("review", "a play the tutor is judging")
    tally = _table_attr("tally", "the tutor's tally of each person's plays")
    judged = _table_attr("judged", "the person's plays the tutor judged")
    finished = _table_attr("finished", "the end of the game was told")
    log = _table_attr("log", "the record of decisions")
    seed = _table_attr("seed", "the dice's seed")
    contribution = _table_attr("contribution", "the player's throw mixed into the dice")
    start = _table_attr("start", "how this game began within its match")
    rng = _table_attr("rng", "the dice stream")
    ai_rng = _table_attr("ai_rng", "the computer seats' seeds")
    hits = _table_attr("hits", "the men each side struck")
    pending = _table_attr("pending", "a computer seat's decision being worked out")
    executor = _table_attr("executor", "the worker thread")

    table: Table  # the game: set as the scene is entered
    table_type: type[Table] = Table  # (the drills' board makes one that asks, not plays)

    # -- starting ------------------------------------------------------------------

    def on_enter(self, payload: Any = None) -> None:
        previous: m.GameState | None = None
        saved = payload if isinstance(payload, SavedGame) else None
        replay = payload if isinstance(payload, Replay) else None
        if replay is not None:
            setup = replay_setup(replay)
        elif saved is not None:
            setup = saved.setup
        elif isinstance(payload, NextGame):
            setup, previous = payload.setup, payload.previous
        elif isinstance(payload, GameSetup):
            setup = payload
        else:
            raise TypeError(f"BoardScene needs a GameSetup, got {payload!r}")
        players = find_variant(setup.variant_id, setup.options).players
        self.table = self.table_type(
            setup,
            previous=previous,
            saved=saved,
            replay=replay,
            ask_throw=asks_throw(setup, players, demo=self.app.demo),
            keep=self.keep_saved,
            name=self.side_name,
        )
        self.table.end_at_once = self.app.settings.end_turn_at_once
        self.table.auto_bear_off = self.app.settings.auto_bear_off
        self.fx_rng = random.Random(self.seed ^ 0x5EED)  # the effects' own generator
        self.theme = theme_for(self.variant.id, self.app.settings.palette)
        if replay is not None:
            self.seats = (
                tuple(
                    replace(seat, name=replay_label(side_colours(self.theme, i).name, raw))
                    for i, (seat, raw) in enumerate(zip(self.seats, replay.seats, strict=False))
                )
                + self.seats[len(replay.seats) :]
            )
        self.view = BoardView(self.variant, self.theme, self.app.size, self.viewer)
        self.preparing: Future[Any] | None = None
        # The board laid out anew for the hint card's strip, its background being painted.
        self.next_view: tuple[BoardView, Future[Any]] | None = None
        self.fitted_for: Any = None  # the card the board was last laid out beside
        self.prepare()
        self.timeline = Timeline(self.app.settings.speed)
        self.shown: Position = self.state.position
        self.flying: dict[Any, tuple[int, Slide]] = {}
        self.effects: list[Any] = []
        self.dice_anim: DiceThrow | None = None
        self.shown_dice: tuple[int, ...] = ()
        self.dice_entry: DiceEntry | None = None  # physical dice: the throw asked for
        self.throw_prompt: ThrowPrompt | None = None  # the player's throw asked for
        self.selected: int | None = None
        self.drag_from: tuple[int, int] | None = None
        self.drag_at: tuple[int, int] | None = None
        self.wait = 0.3  # seconds before the next automatic action
        self.queued: list[pygame.event.Event] = []
        self.message = ""
        self.message_time = 0.0
        # A message said in answer to an input: the frame that follows may bring the
        # time the window slept before the input, which is not the message's time.
        self.said_now = False
        self.message_brief = False  # the message gives way once a person is to act
        self.t = 0.0
        self.pulse_t = 0.0  # the highlights' pulse: its time stops once the board rests
        self.controls = board_controls.NO_CONTROLS  # the buttons and message (lay_out)
        self.resigning = False  # a person is choosing how much to resign (backgammon)
        self.hint_card: HintCard | None = None
        # Each side's last play, left on the board until it plays again (board_trail).
        self.last_plays: dict[int, tuple[Position, Play]] = {}
        # ... and named ("Crimson played 13/10 13/8"), the latest last (board_words).
        self.last_named: dict[int, str] = {}
        self.last_notation: dict[int, str] = {}  # ... and in notation ("" for a pass)
        self.move_list = MoveList()  # the record in notation, over the board (L)
        self.chances = ChancesPanel()  # the chances and the cube's advice (C)
        self.target: int | None = None  # the selected man's destination chosen by keys
        self.second_click = False  # a press on the selected man: a click plays it
        self.looking: int | None = None  # looking back: which play (board_lookback)
        self.looked: tuple[int, Position, Play] | None = None  # that play: side, from, play
        self.tutor_card: TutorCard | None = None
        self.good: tuple[float, str] = (-math.inf, "")  # the tutor's quiet word, and when
        self.act(self.table.begin)

    def on_language(self) -> None:
        """The words kept from before the change made again in the new language: the
        sides' names of a replay, the last plays named; what was said gives way to the
        prompt (made afresh each frame, as the buttons are)."""
        if self.replaying is not None:
            self.seats = (
                tuple(
                    replace(seat, name=replay_label(side_colours(self.theme, i).name, raw))
                    for i, (seat, raw) in enumerate(
                        zip(self.seats, self.replaying.seats, strict=False)
                    )
                )
                + self.seats[len(self.replaying.seats) :]
            )
        for side in self.last_named:
            notation = self.last_notation.get(side, "")
            name = side_colours(self.theme, side).name
            self.last_named[side] = named_play(name, notation, notation)
        self.message = ""
        for card in (self.hint_card, self.tutor_card):
            if card is not None:
                card.placed = False
        self.lay_out()
        self.place_cards()

    def pause_menu(self) -> PauseMenu:
        """The pause menu for this game: no Concede in a replay."""
        cost = board_words.concede_words(self, self.state)
        return PauseMenu(self.variant.id, concede=self.replaying is None, cost=cost)

    def keep_saved(self, saved: SavedGame) -> None:
        """The table keeps the game in progress after every decision (not a demo's)."""
        if not self.app.demo:
            save_in_progress(self.app, saved)

    def on_exit(self) -> None:
        if hasattr(self, "table"):
            self.table.close()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.next_view = None
        self.view.resize(size, self.board_room())
        self.prepare()
        for card in (self.hint_card, self.tutor_card):
            if card is not None:
                card.placed = False
        self.lay_out()
        self.place_cards()

    def board_room(self) -> tuple[int, int] | None:
        """How much of the window the board and its panels have: all of it, or (the
        tutor's or the hint card open) all but the card's strip
        (``board_controls.hint_strip``)."""
        card = self.tutor_card or self.hint_card
        if card is None:
            return None
        scale = self.app.scale
        size = card.size(scale)
        return board_controls.hint_strip(self.variant, self.app.size, self.viewer, size, scale)[0]

    def fit_board(self) -> None:
        """Lay the board out again when the room it has changes (the hint card opened,
        closed, or grew): the card then goes to its strip. A background not painted yet
        is painted in the worker while the board stays as it is (the card shows once
        the board has made room for it)."""
        self.fitted_for = self.tutor_card or self.hint_card
        room = self.board_room()
        pending = self.next_view
        if pending is not None and pending[0].room == room:
            return  # already on its way
        self.next_view = None
        if room == self.view.room:
            return
        view = BoardView(self.variant, self.theme, self.app.size, self.viewer)
        view.resize(self.app.size, room)
        if self.app.headless or view.painted():
            view.background()
            self.use_view(view)
            return
        self.next_view = (view, self.table.worker().submit(view.background))

    def use_view(self, view: BoardView) -> None:
        """The board laid out anew is the one shown (its background painted)."""
        self.view = view
        self.lay_out()
        self.place_cards()

    def take_next_view(self) -> None:
        """The board laid out anew in the worker, once its background is painted."""
        pending = self.next_view
        if pending is None or not pending[1].done():
            return
        self.next_view = None
        pending[1].result()  # a painting error shows here
        self.use_view(pending[0])

    def prepare(self) -> None:
        """Paint the board's background (up to a few seconds on a 4K screen) in a worker
        thread while the window shows that the board is being laid out; headless runs
        (tests, demos) paint it at once."""
        if self.app.headless or self.view.painted():
            self.view.background()
            return
        self.preparing = self.table.worker().submit(self.view.background)

    @property
    def ready(self) -> bool:
        if self.preparing is not None and self.preparing.done():
            self.preparing.result()  # a painting error shows here
            self.preparing = None
        return self.preparing is None

    def on_resume(self, result: Any = None) -> None:
        self.timeline.speed = self.app.settings.speed
        self.table.end_at_once = self.app.settings.end_turn_at_once
        self.table.auto_bear_off = self.app.settings.auto_bear_off
        theme = theme_for(self.variant.id, self.app.settings.palette)
        if theme != self.theme:
            self.theme = theme
            self.view = BoardView(self.variant, theme, self.app.size, self.viewer)
            self.view.resize(self.app.size, self.board_room())
            self.next_view = None
            self.prepare()
        if result == PauseChoice.CONCEDE:
            state = self.state
            side, resigns = board_words.conceder(self, state)
            if state.is_over or self.replaying is not None:
                pass  # a replay has nothing to give up: no result is made up
            elif resigns:
                # Backgammon: resign a single, gammon or backgammon, which the other
                # side may accept or refuse.
                self.resigning = True
            else:
                self.apply(a.Concede(side))
        elif result == PauseChoice.MENU:
            self.app.home()
        elif result == PauseChoice.QUIT:
            self.app.quit()

    # -- the table -------------------------------------------------------------------------

    @property
    def state(self) -> m.GameState:
        return self.game.state

    @property
    def cube(self) -> m.Cube:
        return self.state.cube

    def act(self, call: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Call the table, then show what happened."""
        result = call(*args, **kwargs)
        self.show_events()
        return result

    def apply(self, action: a.Action) -> None:
        """A person's decision (``Table.apply``), shown."""
        self.act(self.table.apply, action)

    def roll(self) -> None:
        self.act(self.table.roll)

    def commit(self, play: Play, *, animate: bool) -> None:
        self.act(self.table.commit, play, animate=animate)

    def saved(self) -> SavedGame:
        return self.table.saved()

    def seat(self, side: int) -> Seat:
        return self.seats[side]

    def side_name(self, side: int) -> str:
        return self.seats[side].label(side_colours(self.theme, side).name)

    def say(self, text: str, *, brief: bool = False) -> None:
        """Show ``text`` for a while (``brief``: until a person has something to do)."""
        self.message = text
        self.message_time = self.t
        self.message_brief = brief
        self.said_now = True  # its time starts with the frame that follows (``tick``)

    def show_events(self) -> None:
        """Turn the table's events into the board's pictures, sounds and words."""
        for event in self.table.poll():
            self.show(event)

    def show(self, event: ev.Event) -> None:
        show_event(self, event)

    # -- what is drawn at rest -------------------------------------------------------

    def key_of(self, side: int, pos: int, position: Position) -> SpotKey:
        in_hand = pos == 0 and position.board[side][0] == 0 and position.hand[side] > 0
        return spot_key(self.variant, side, pos, in_hand=in_hand)

    # -- the flow of the game ----------------------------------------------------------

    def update(self, dt: float) -> None:
        self.tick(dt)
        self.lay_out()  # the controls follow the state, whatever the frame did

    def tick(self, dt: float) -> None:
        if not self.ready:
            return
        self.t += dt
        if self.said_now:
            self.said_now = False
            self.message_time = self.t
        self.take_next_view()
        self.pulse_t += board_idle.pulse_step(self, dt)
        self.timeline.update(dt)
        self.update_effects(dt)
        self.show_events()  # a hint's ranking, when the worker has it
        self.chances.update(self)
        if self.hint_card is not None and self.hint_card.state is not self.state:
            self.close_hint()
        if self.tutor_card is not None and self.tutor_card.verdict.state is not self.state:
            self.tutor_card = None
        if (self.tutor_card or self.hint_card) is not self.fitted_for:
            self.fit_board()  # a card came or went: the board makes room, or has it back
        for card in (self.hint_card, self.tutor_card):
            if card is not None:
                card.update(dt)
        if self.hint_card is not None:
            self.hint_card.t += dt
        if self.busy:
            return
        if self.queued:
            self.lay_out()  # the buttons as they are now the men have landed (Done)
            events, self.queued = self.queued, []
            for event in events:
                self.handle_event(event)
        if self.looking is not None:
            return  # looking back over the game: the board shows a past position
        self.shown = self.resting()
        if self.wait > 0 and self.timeline.speed:
            self.wait -= dt
            return
        self.act(self.table.advance)
        if not self.busy:  # what the table did with nothing to slide is shown at once
            self.shown = self.resting()

    def update_effects(self, dt: float) -> None:
        speed = self.timeline.speed
        for effect in list(self.effects):
            if speed:
                effect.update(dt * speed)
            else:
                effect.skip()
            if effect.done:
                self.effects.remove(effect)
        if self.dice_anim is not None:
            if speed == 0:
                self.dice_anim.skip()
            else:
                self.dice_anim.update(dt * speed)
            if self.dice_anim.done:
                self.shown_dice = self.dice_anim.values
                self.dice_anim = None

    def looked_play(self) -> tuple[int, Position, Play] | None:
        return self.looked

    def resting(self) -> Position:
        """The position as it stands: the state's, with a person's steps so far."""
        state = self.state
        if self.turn is not None and self.turn.state is state:
            return self.turn.position.with_to_act(state.to_act)
        return state.position

    @property
    def busy(self) -> bool:
        return self.timeline.busy or self.dice_anim is not None or bool(self.flying)

    def animating(self) -> bool:
        return board_idle.animating(self)

    def wake_after(self) -> float | None:
        return board_idle.wake_after(self)

    def animate_steps(self, side: int, steps: tuple[Step, ...] | Play) -> None:
        for step in steps:
            self.timeline.add(StepAnimation(self, side, step))

    def show_results(self) -> None:
        summary = self.table.summary()
        if self.app.demo:
            self.on_exit()
            self.on_enter(replace(self.setup, seed=self.ai_rng.getrandbits(32)))
            return
        if self.replaying is None:
            summary = record_finished(self.app, summary)
        self.app.go(Route.RESULTS, summary, replace=True)

    def result_words(self, state: m.GameState) -> str:
        result = state.result
        if result is None:
            return ""
        if result.winner is None:
            if result.termination is Termination.MOTHER:
                return _("The game is a tie: both mothers are pinned")
            return _("The game is a tie: nobody can move")
        words = _(KIND_WORDS.get(result.kind, KIND_WORDS[Kind.SINGLE]))
        points = ngettext("{n} point", "{n} points", result.points).format(n=result.points)
        return f"{words.format(name=self.side_name(result.winner))} ({points})"

    @staticmethod
    def dice_text(dice: tuple[int, ...]) -> str:
        return dice_text(dice)

    def human_to_act(self) -> bool:
        return self.table.human_to_act()

    def seal_shown(self) -> bool:
        """Whether the seal of the dice belongs on this board (a drill's are given, not thrown)."""
        return True

    # -- hints and the tutor ----------------------------------------------------------------

    def hint_offered(self) -> bool:
        """Whether a Hint button belongs on the board now (enabled or not)."""
        return (
            self.setup.hints
            and self.turn is not None
            and self.turn.state is self.state
            and self.state.phase is m.Phase.MOVE
            and self.human_to_act()
            and self.review is None
            and self.tutor_card is None
        )

    def hint_note(self) -> str:
        return _("No trained evaluation of {game} yet: hints and the tutor arrive with it").format(
            game=game_name(self.variant.id)
        )

    # -- what is drawn, and where the controls go (game.ui.render.board_*) -----------------

    def lay_out(self) -> None:
        """Lay out the buttons, the message and the dice cards for the scene as it stands
        (from ``update`` and ``on_resize``): clicks read this, ``draw`` paints it."""
        board_controls.place_entry_cards(self)
        self.controls = board_controls.layout_controls(self)

    @property
    def buttons(self) -> dict[str, pygame.Rect]:
        """The buttons a click presses now, by name (as laid out)."""
        return self.controls.active

    @property
    def disabled(self) -> dict[str, tuple[pygame.Rect, str]]:
        """The greyed buttons, by name: where, and the note that says why."""
        return self.controls.disabled

    @property
    def message_box(self) -> pygame.Rect:
        return self.controls.message_box

    def wanted_buttons(self) -> list[tuple[str, str]]:
        return board_words.wanted_buttons(self)

    def place_cards(self) -> None:
        """Put the open card where it hides the least of what it is about."""
        board_controls.place_cards(self, self.message_box)

    def preview_points(self, play: Play | None) -> list[tuple[float, float]]:
        return board_marks.preview_points(self, play)

    def preview_play(self) -> Play | None:
        return board_marks.preview_play(self)

    def highlights(self) -> set[SpotKey]:
        return board_marks.highlights(self)

    def movable(self) -> set[SpotKey]:
        return board_marks.movable(self)

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the board as it stands and the controls as laid out (changes nothing)."""
        if not self.ready:
            board_hud.draw_laying_out(surface, self)
            return
        board_preview.draw_field(surface, self)
        board_trail.draw_trails(surface, self)
        board_hud.draw_dice(surface, self)
        board_hud.draw_cube(surface, self)
        board_hud.draw_seal(surface, self)
        board_controls.draw_controls(surface, self, self.controls)
        board_controls.draw_message(surface, self.controls.message)
        board_hud.draw_good(surface, self)
        draw_chances(surface, self, self.chances)
        board_hud.draw_cards(surface, self)
        if self.move_list.open:
            names = [side_colours(self.theme, s).name for s in range(self.variant.players)]
            rect = card_rect(self.view.layout.frame, self.app.scale)
            style = Style.from_theme(self.theme)
            draw_move_list(surface, rect, names, self.log, self.move_list, self.app.scale, style)


__all__ = ["BoardScene"]
