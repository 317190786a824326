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
turn. Forced plays and passes are made for the person, with a message.
Computer seats think in the table's worker thread, so the board keeps animating;
their plays come at a watchable pace. A click or a key during an animation
finishes it at once, and the click is not lost: it is handled afterwards
(``game.ui.scenes.board_input``).

Practice (``setup.hints``), where the variant has a trained evaluation: a
Hint button (H) opens a card with the best plays of the roll, ranked (1-5 or
a click shows one on the board, Enter plays it, H or Esc closes); and the
tutor judges each play the person makes before the turn passes, offering to
take back one that gives away 0.03 or more (Backspace) or to keep it
(Enter). Both think in the worker thread; the tutor's tally of each
person's plays goes to the results.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import replace
from typing import Any, TypeVar

import pygame

from game.play import events as ev
from game.play.advice import moves_of
from game.play.session import GameSetup, PauseChoice, SavedGame, Seat, replay_label
from game.play.table import Table, dice_text, replay_setup
from game.rules import actions as a
from game.rules import match as m
from game.rules.outcome import Kind
from game.rules.play import Play, Step
from game.rules.position import Position
from game.rules.replay import Replay
from game.rules.variants import find_variant
from game.ui.anim.effects import DiceThrow, Slide
from game.ui.anim.tween import Timeline
from game.ui.assets import font
from game.ui.dice_entry import DiceEntry
from game.ui.dice_seal import ThrowPrompt, asks_throw, seal_lines
from game.ui.hints import GOOD_COLOUR, HintCard, TutorCard, place_card
from game.ui.progress import record_finished, save_in_progress
from game.ui.render.board_view import BoardView
from game.ui.render.layout import SpotKey, spot_key
from game.ui.scenes.base import Scene
from game.ui.scenes.board_anim import StepAnimation
from game.ui.scenes.board_events import show_event
from game.ui.scenes.board_input import BoardInput
from game.ui.theme import side_colours, theme_for
from game.ui.widgets import (
    Style,
    _mix,
    draw_shadow,
    draw_text,
    get_font,
    rounded_box,
    wrap_words,
)

T = TypeVar("T")

KIND_WORDS = {
    Kind.SINGLE: "wins",
    Kind.GAMMON: "wins a gammon",
    Kind.BACKGAMMON: "wins a backgammon",
    Kind.SHUTOUT: "wins by a shut-out",
    Kind.LYMPOLDING: "wins by lympolding",
    Kind.LURCHING: "wins by lurching",
    Kind.LAST_MOVER: "wins as the last to move",
}


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

    # -- starting ------------------------------------------------------------------

    def on_enter(self, payload: Any = None) -> None:
        previous: m.GameState | None = None
        saved = payload if isinstance(payload, SavedGame) else None
        replay = payload if isinstance(payload, Replay) else None
        if replay is not None:
            setup = replay_setup(replay)
        elif saved is not None:
            setup = saved.setup
        elif isinstance(payload, tuple):
            setup, previous = payload
        elif isinstance(payload, GameSetup):
            setup = payload
        else:
            raise TypeError(f"BoardScene needs a GameSetup, got {payload!r}")
        players = find_variant(setup.variant_id, setup.options).players
        self.table = Table(
            setup,
            previous=previous,
            saved=saved,
            replay=replay,
            ask_throw=asks_throw(setup, players, demo=self.app.demo),
            keep=self.keep_saved,
            name=self.side_name,
        )
        self.table.confirm_turn = self.app.settings.confirm_turn
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
        self.t = 0.0
        self.buttons: dict[str, pygame.Rect] = {}
        self.disabled: dict[str, tuple[pygame.Rect, str]] = {}  # drawn greyed, with a note
        self.message_box = pygame.Rect(0, 0, 0, 0)
        self.resigning = False  # a person is choosing how much to resign (backgammon)
        self.hint_card: HintCard | None = None
        self.tutor_card: TutorCard | None = None
        self.good: tuple[float, str] = (-math.inf, "")  # the tutor's quiet word, and when
        self.act(self.table.begin)

    def keep_saved(self, saved: SavedGame) -> None:
        """The table keeps the game in progress after every decision (not a demo's)."""
        if not self.app.demo:
            save_in_progress(self.app, saved)

    def on_exit(self) -> None:
        if hasattr(self, "table"):
            self.table.close()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.view.resize(size)
        self.prepare()
        for card in (self.hint_card, self.tutor_card):
            if card is not None:
                card.placed = False
        self.place_cards()

    def prepare(self) -> None:
        """Paint the board's background (up to a few seconds on a 4K screen) in a worker
        thread while the window shows that the board is being laid out; headless runs
        (tests, demos) paint it at once."""
        if self.app.headless:
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
        self.table.confirm_turn = self.app.settings.confirm_turn
        theme = theme_for(self.variant.id, self.app.settings.palette)
        if theme != self.theme:
            self.theme = theme
            self.view = BoardView(self.variant, theme, self.app.size, self.viewer)
            self.prepare()
        if result == PauseChoice.CONCEDE:
            state = self.state
            side = state.on_roll
            if state.is_over:
                pass
            elif (
                self.variant.has_cube
                and state.phase in (m.Phase.ROLL, m.Phase.MOVE)
                and self.seat(side).human
            ):
                # Backgammon: resign a single, gammon or backgammon, which the other
                # side may accept or refuse.
                self.resigning = True
            else:
                self.apply(a.Concede(side if self.seat(side).human else self.viewer))
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

    def say(self, text: str) -> None:
        self.message = text
        self.message_time = self.t

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
        if not self.ready:
            return
        self.t += dt
        self.timeline.update(dt)
        self.update_effects(dt)
        self.show_events()  # a hint's ranking, when the worker has it
        if self.hint_card is not None and self.hint_card.state is not self.state:
            self.hint_card = None
        if self.tutor_card is not None and self.tutor_card.verdict.state is not self.state:
            self.tutor_card = None
        for card in (self.hint_card, self.tutor_card):
            if card is not None:
                card.update(dt)
        if self.hint_card is not None:
            self.hint_card.t += dt
        if self.busy:
            return
        if self.queued:
            events, self.queued = self.queued, []
            for event in events:
                self.handle_event(event)
        self.shown = self.resting()
        if self.wait > 0 and self.timeline.speed:
            self.wait -= dt
            return
        self.act(self.table.advance)

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

    def resting(self) -> Position:
        """The position as it stands: the state's, with a person's steps so far."""
        state = self.state
        if self.turn is not None and self.turn.state is state:
            return self.turn.position.with_to_act(state.to_act)
        return state.position

    @property
    def busy(self) -> bool:
        return self.timeline.busy or self.dice_anim is not None or bool(self.flying)

    def animate_steps(self, side: int, steps: tuple[Step, ...] | Play) -> None:
        for step in steps:
            self.timeline.add(StepAnimation(self, side, step))

    def show_results(self) -> None:
        from game.ui.scenes.results import ResultsScene

        summary = self.table.summary()
        if self.app.demo:
            self.on_exit()
            self.on_enter(replace(self.setup, seed=self.ai_rng.getrandbits(32)))
            return
        if self.replaying is None:
            summary = record_finished(self.app, summary)
        self.app.replace(ResultsScene(self.app), summary)

    def result_words(self, state: m.GameState) -> str:
        result = state.result
        if result is None:
            return ""
        if result.winner is None:
            return "The game is a tie: nobody can move"
        words = KIND_WORDS.get(result.kind, "wins")
        points = f" ({result.points} point{'s' if result.points != 1 else ''})"
        return f"{self.side_name(result.winner)} {words}{points}"

    @staticmethod
    def dice_text(dice: tuple[int, ...]) -> str:
        return dice_text(dice)

    def human_to_act(self) -> bool:
        return self.table.human_to_act()

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
        return (
            f"No trained evaluation of {self.variant.name} yet: hints and the tutor arrive with it"
        )

    def preview_points(self, play: Play | None) -> list[tuple[float, float]]:
        """Where the men ``play`` moves stand before it and after it (what a card about
        the play should not hide)."""
        if play is None or self.turn is None:
            return []
        layout = self.view.layout
        side = self.state.to_act
        start = self.turn.start
        before = self._piles(start, side)
        after = self._piles(self.variant.apply_play(start, play), side)
        leaving, arriving = self.preview_changes(play)
        out = []
        for changes, piles in ((leaving, before), (arriving, after)):
            for key, n in changes.items():
                if key not in layout.spots:
                    continue
                total = piles[key]
                out += [layout.man_centre(key, i, total) for i in range(total - n, total)]
                out.append(layout.spots[key].base)
        return out

    def men_points(self) -> list[tuple[float, float]]:
        """Where every man at rest stands (what a card should hide least)."""
        layout = self.view.layout
        position = self.shown
        out = []
        for side in range(position.players):
            for pos, count in enumerate(position.board[side]):
                if not count:
                    continue
                key = self.key_of(side, pos, position)
                if key in layout.spots:
                    out += [layout.man_centre(key, i, count) for i in range(count)]
        return out

    def place_cards(self) -> None:
        """Put the open card where it hides the least of what it is about."""
        card: HintCard | TutorCard | None = self.tutor_card or self.hint_card
        if card is None:
            return
        scale = self.app.scale
        size = card.size(scale)
        layout = self.view.layout
        dx, dy, dw, dh = layout.dice_area
        soft = [(dx + dw / 2, dy + dh / 2), *layout.info.values()]
        avoid: list[tuple[float, float]] = []
        if isinstance(card, HintCard):
            # Above all the play shown (else the best); the other plays listed matter less.
            shown = [ranked.play for ranked in card.shown]
            main = card.chosen_play or (shown[0] if shown else None)
            avoid = self.preview_points(main)
            for play in shown:
                if play != main:
                    soft += self.preview_points(play)
            if not shown and self.turn is not None:
                side = self.state.to_act
                position = self.turn.start
                piles = self._piles(position, side)
                for src in self.turn.sources():
                    key = self.key_of(side, src, position)
                    if key in layout.spots:
                        count = piles.get(key, 1)
                        avoid.append(layout.man_centre(key, count - 1, count))
        else:
            verdict = card.verdict
            avoid = self.preview_points(verdict.play) + self.preview_points(verdict.best)
        wanted = self.wanted_buttons()
        blocked = self.control_rects(wanted) if wanted else []
        if self.message_box.w:
            blocked.append(self.message_box)
        xs = [f[0] for f in layout.fields] + [f[0] + f[2] for f in layout.fields]
        ys = [f[1] for f in layout.fields] + [f[1] + f[3] for f in layout.fields]
        field = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)) if xs else None
        dice = pygame.Rect(round(dx), round(dy), round(dw), round(dh))
        rect = place_card(
            size,
            self.app.size,
            layout.frame,
            scale,
            field=field,
            shun=[dice],
            avoid=avoid,
            soft=soft,
            men=self.men_points(),
            blocked=blocked,
            radius=layout.radius,
        )
        card.place(rect, scale)

    # -- drawing ------------------------------------------------------------------------------

    def highlights(self) -> set[SpotKey]:
        if self.turn is None or self.selected is None or not self.human_to_act():
            return set()
        side = self.state.to_act
        position = self.turn.position
        return {self.key_of(side, dst, position) for dst in self.turn.moves_from(self.selected)}

    def movable(self) -> set[SpotKey]:
        if self.turn is None or not self.human_to_act() or self.busy:
            return set()
        side = self.state.to_act
        position = self.turn.position
        return {self.key_of(side, src, position) for src in self.turn.sources()}

    def used_dice(self) -> list[bool]:
        dice = list(self.shown_dice)
        if self.turn is None or self.turn.state is not self.state:
            played = not self.state.dice and bool(dice)
            return [played] * len(dice)
        left = list(self.turn.dice_remaining)
        used = []
        for d in dice:
            if d in left:
                left.remove(d)
                used.append(False)
            else:
                used.append(True)
        return used

    def draw(self, surface: pygame.Surface) -> None:
        view = self.view
        if not self.ready:
            surface.fill(self.theme.table)
            face = font("italic", round(30 * self.app.scale))
            label = face.render(
                f"Laying out the {self.variant.name} board...", True, self.theme.text
            )
            width, height = self.app.size
            surface.blit(label, label.get_rect(center=(width // 2, height // 2)))
            return
        view.draw_board(surface)
        selected = None
        if self.selected is not None and self.turn is not None:
            selected = self.key_of(self.state.to_act, self.selected, self.turn.position)
        hidden: dict[SpotKey, int] = {}
        if self.drag_from is not None and self.drag_at is not None and selected is not None:
            hidden[selected] = 1
        preview = self.preview_play()
        if preview is None:
            view.draw_highlights(surface, self.movable(), self.t, strength=0.35)
            view.draw_highlights(surface, self.highlights(), self.t)
        else:
            leaving, arriving = self.preview_changes(preview)
            view.draw_highlights(surface, leaving, self.t, strength=0.45)
            view.draw_highlights(surface, arriving, self.t)
            for key, n in leaving.items():
                hidden[key] = hidden.get(key, 0) + n
            for key, _other in self.preview_struck(preview):
                hidden[key] = hidden.get(key, 0) + 1
        view.draw_men(surface, self.shown, hidden=hidden, selected=selected)
        if preview is not None:
            self.draw_preview(surface, preview)
        view.draw_labels(surface, self.shown, self.state.on_roll)
        for side, slide in self.flying.values():
            view.draw_man(surface, side, slide.position(), lift=slide.lift())
        if hidden and self.drag_at is not None:
            view.draw_man(surface, self.state.to_act, self.drag_at, lift=1.0)
        for effect in self.effects:
            if hasattr(effect, "draw"):
                effect.draw(surface)
        self.draw_dice(surface)
        self.draw_cube(surface)
        self.draw_seal(surface)
        self.draw_controls(surface)
        self.draw_message(surface)
        self.draw_good(surface)
        self.draw_cards(surface)

    # -- drawing the advice -----------------------------------------------------------------

    def preview_play(self) -> Play | None:
        """The hint's play shown on the board, if one is chosen and nothing moves."""
        card = self.hint_card
        if card is None or self.turn is None or self.turn.moves or self.busy:
            return None
        if card.state is not self.state:
            return None
        return card.chosen_play

    def _piles(self, position: Position, side: int) -> dict[SpotKey, int]:
        """The men of ``side`` per spot, as ``draw_men`` stacks them."""
        piles: dict[SpotKey, int] = {}
        for pos, count in enumerate(position.board[side]):
            if count:
                key = spot_key(self.variant, side, pos)
                piles[key] = piles.get(key, 0) + count
        if position.hand[side]:
            key = spot_key(self.variant, side, 0, in_hand=True)
            piles[key] = piles.get(key, 0) + position.hand[side]
        return piles

    def preview_changes(self, play: Play) -> tuple[dict[SpotKey, int], dict[SpotKey, int]]:
        """The mover's men ``play`` takes from each spot, and brings to each spot."""
        assert self.turn is not None
        side = self.state.to_act
        start = self.turn.start
        before = self._piles(start, side)
        after = self._piles(self.variant.apply_play(start, play), side)
        leaving = {k: n - after.get(k, 0) for k, n in before.items() if after.get(k, 0) < n}
        arriving = {k: n - before.get(k, 0) for k, n in after.items() if before.get(k, 0) < n}
        return leaving, arriving

    def preview_struck(self, play: Play) -> list[tuple[SpotKey, int]]:
        """The blots ``play`` hits: their spot and their side."""
        assert self.turn is not None
        side = self.state.to_act
        start = self.turn.start
        out = []
        for step in play:
            if not step.hit:
                continue
            for other in range(self.variant.players):
                where = self.variant.facing_pos(side, step.dst, other) if other != side else None
                if where is not None and start.board[other][where]:
                    out.append((spot_key(self.variant, other, where), other))
                    break
        return out

    def draw_preview(self, surface: pygame.Surface, play: Play) -> None:
        """The hint's play on the board: the men it moves faded where they stand, a gold
        arc along each man's way, and a ghost of it where it lands."""
        assert self.turn is not None
        view, layout = self.view, self.view.layout
        side = self.state.to_act
        start = self.turn.start
        before = self._piles(start, side)
        after = self._piles(self.variant.apply_play(start, play), side)
        leaving, arriving = self.preview_changes(play)
        for key, other in self.preview_struck(play):
            if key in layout.spots:
                view.draw_man(surface, other, layout.man_centre(key, 0, 1), alpha=80)
        for key, n in leaving.items():
            count = before[key]
            if key[0] in ("off", "hand") or key not in layout.spots:
                continue
            for i in range(count - n, count):
                view.draw_man(surface, side, layout.man_centre(key, i, count), alpha=80)
        # Where each man goes (by way of any blot it hits on the way).
        taken = dict.fromkeys(before, 0)
        landed: dict[SpotKey, int] = {}
        r = layout.radius
        for move in moves_of(play):
            key = self.key_of(side, move[0].src, start)
            if key not in layout.spots:
                continue
            count = before.get(key, 1)
            taken[key] = taken.get(key, 0) + 1
            points = [layout.man_centre(key, max(0, count - taken[key]), count)]
            for step in move:
                dst = spot_key(self.variant, side, step.dst)
                if dst not in layout.spots:
                    continue
                if step is move[-1]:
                    total = after.get(dst, 1)
                    slot = total - arriving.get(dst, 1) + landed.get(dst, 0)
                    landed[dst] = landed.get(dst, 0) + 1
                    points.append(layout.man_centre(dst, min(slot, total - 1), total))
                elif step.hit:  # the man stops where it hits on its way
                    points.append(layout.man_centre(dst, 0, 1))
            self._arcs(surface, points, r)
        for key, n in arriving.items():
            total = after[key]
            if key[0] in ("off", "hand") or key not in layout.spots:
                continue
            for i in range(total - n, total):
                view.draw_man(surface, side, layout.man_centre(key, i, total), alpha=175)

    def _arcs(self, surface: pygame.Surface, points: list[tuple[float, float]], r: float) -> None:
        """Gold arcs through ``points``, bowed towards the board's middle, with a head."""
        fx, fy, fw, fh = self.view.layout.frame
        centre = (fx + fw / 2, fy + fh / 2)
        line: list[tuple[float, float]] = []
        for (ax, ay), (bx, by) in itertools.pairwise(points):
            dist = math.hypot(bx - ax, by - ay)
            if dist < 1:
                continue
            mx, my = (ax + bx) / 2, (ay + by) / 2
            nx, ny = -(by - ay) / dist, (bx - ax) / dist
            if (centre[0] - mx) * nx + (centre[1] - my) * ny < 0:
                nx, ny = -nx, -ny
            bow = min(dist * 0.22, r * 3.0)
            cx, cy = mx + nx * bow, my + ny * bow
            steps = max(8, int(dist / 12))
            for i in range(steps + 1):
                t = i / steps
                u = 1 - t
                x = u * u * ax + 2 * u * t * cx + t * t * bx
                line.append((x, u * u * ay + 2 * u * t * cy + t * t * by))
        if len(line) < 2:
            return
        # Stop short of the ghost's middle: the head rests on it.
        end = line[-1]
        while len(line) > 2 and math.hypot(line[-1][0] - end[0], line[-1][1] - end[1]) < r * 0.5:
            line.pop()
        width = max(2, round(r * 0.14))
        tip_x, tip_y = line[-1]
        back_x, back_y = line[-2]
        d = math.hypot(tip_x - back_x, tip_y - back_y) or 1.0
        ux, uy = (tip_x - back_x) / d, (tip_y - back_y) / d
        head = r * 0.6
        base = (tip_x - ux * head, tip_y - uy * head)
        wing = head * 0.6
        arrow = [
            (tip_x + ux * head * 0.2, tip_y + uy * head * 0.2),
            (base[0] - uy * wing, base[1] + ux * wing),
            (base[0] + uy * wing, base[1] - ux * wing),
        ]
        body = [*line[:-1], base]
        gold = self.theme.accent
        dark = (20, 14, 10)
        for colour, extra, shift in ((dark, 2, 2), (gold, 0, 0)):
            shifted = [(x + shift * 0.5, y + shift) for x, y in body]
            pygame.draw.lines(surface, colour, False, shifted, width + extra)
            for x, y in shifted[1:-1:3]:
                pygame.draw.circle(surface, colour, (x, y), (width + extra) / 2)
            tri = [(x + shift * 0.5, y + shift) for x, y in arrow]
            pygame.draw.polygon(surface, colour, tri)
            pygame.draw.aalines(surface, colour, True, tri)

    def card_style(self) -> Style:
        return Style.from_theme(self.theme)

    def draw_cards(self, surface: pygame.Surface) -> None:
        style = self.card_style()
        if self.dice_entry is not None:
            x, y, w, h = self.view.layout.frame
            self.dice_entry.place((round(x + w / 2), round(y + h / 2)), self.app.scale)
            self.dice_entry.draw(surface, style, self.app.scale)
            return
        if self.throw_prompt is not None:
            x, y, w, h = self.view.layout.frame
            self.throw_prompt.place((round(x + w / 2), round(y + h / 2)), self.app.scale)
            self.throw_prompt.draw(surface, style, self.app.scale)
            return
        if self.tutor_card is not None:
            self.tutor_card.draw(surface, style)
        elif self.hint_card is not None:
            self.hint_card.draw(surface, style)

    def draw_good(self, surface: pygame.Surface) -> None:
        """The tutor's quiet word on a good play: a small tag that fades away."""
        since, word = self.good
        age = self.t - since
        if not word or age > 2.6:
            return
        alpha = round(255 * min(1.0, age / 0.2, (2.6 - age) / 0.8))
        scale = self.app.scale
        size = max(13, round(18 * scale))
        f = get_font("italic", size)
        pad = round(10 * scale)
        w, h = f.size(word)[0] + 2 * pad + round(12 * scale), f.get_height() + pad
        fx, fy, fw, _ = self.view.layout.frame
        rect = pygame.Rect(0, 0, w, h)
        rect.midtop = (round(fx + fw / 2), round(fy + max(6, 10 * scale)))
        box = rounded_box(rect.size, h // 2, (24, 30, 22), GOOD_COLOUR, max(1, round(scale)), 0.85)
        box.set_alpha(round(alpha * 0.9))
        surface.blit(box, rect)
        dot = (rect.x + pad + round(3 * scale), rect.centery)
        ink = _mix((24, 30, 22), GOOD_COLOUR, alpha / 255)
        pygame.draw.circle(surface, ink, dot, max(3, round(4 * scale)))
        draw_text(
            surface,
            word,
            (dot[0] + round(10 * scale), rect.centery - max(1, round(scale))),
            role="italic",
            size=size,
            colour=GOOD_COLOUR,
            anchor="midleft",
            alpha=alpha,
        )

    def draw_dice(self, surface: pygame.Surface) -> None:
        view = self.view
        if self.dice_anim is not None:
            self.dice_anim.draw_shadows(surface)
            size = self.dice_anim.size
            for value, centre, angle in self.dice_anim.dice_states():
                view.draw_die(surface, value, centre, size, angle=angle, faces=self.variant.faces)
            return
        if not self.shown_dice:
            return
        x, y, w, h = view.layout.dice_area
        n = len(self.shown_dice)
        size = min(h * 0.8, w / (n + 1))
        for i, (value, used) in enumerate(zip(self.shown_dice, self.used_dice(), strict=True)):
            centre = (x + w * (i + 1) / (n + 1), y + h / 2)
            view.draw_die(surface, value, centre, size, used=used, faces=self.variant.faces)

    def draw_seal(self, surface: pygame.Surface) -> None:
        """The seal of the dice, under the side column: the seed itself is shown after
        the game, so anyone can check that the dice were fixed before it began."""
        scale = self.app.scale
        fx, fy, _, fh = self.view.layout.frame
        if fx < 60 * scale:
            return
        face = font("italic", round(13 * scale))
        lines = seal_lines(self.seed, self.contribution, self.manual)
        if self.setup.mode == "campaign":
            level = self.app.campaign.level(self.setup.level)
            if level is not None:
                head = font("caps", round(16 * scale))
                goal = font("italic", round(14 * scale))
                width = round(fx - 16 * scale)
                for i, (f, text, colour) in enumerate(
                    (
                        (head, level.title, self.theme.accent),
                        (goal, level.goal.describe(), self.theme.text),
                    )
                ):
                    picture = f.render(text, True, colour)
                    if picture.get_width() > width:
                        picture = pygame.transform.smoothscale_by(
                            picture, width / picture.get_width()
                        )
                    top = 64 if self.variant.has_cube else 0  # under the match score
                    y = round(fy + (top + 20 * i) * scale)
                    surface.blit(picture, picture.get_rect(midtop=(round(fx / 2), y)))
        for i, text in enumerate(lines):
            line = face.render(text, True, self.theme.text)
            line.set_alpha(150)
            y = round(fy + fh - (15 * len(lines) - 15 * i) * scale)
            surface.blit(line, line.get_rect(midtop=(round(fx / 2), y)))

    def draw_cube(self, surface: pygame.Surface) -> None:
        """Backgammon's doubling cube beside the board (centred, or by its owner's name),
        and the score of the match."""
        variant, state, theme = self.variant, self.state, self.theme
        if not variant.has_cube:
            return
        scale = self.app.scale
        fx, fy, _, fh = self.view.layout.frame
        cx = fx / 2
        match = state.match
        words = f"Match to {match.length}" if match.length else "Money game"
        score = " - ".join(str(s) for s in match.score)
        if match.crawford:
            words += " (Crawford)"
        head = font("caps", round(22 * scale)).render(words, True, theme.accent)
        surface.blit(head, head.get_rect(midtop=(round(cx), round(fy + 4 * scale))))
        if match.length or any(match.score):
            line = font("text", round(22 * scale)).render(score, True, theme.text)
            surface.blit(line, line.get_rect(midtop=(round(cx), round(fy + 30 * scale))))
        if not variant.options.get("cube", False):
            return
        cube = state.cube
        offered = state.phase is m.Phase.TAKE
        value = cube.value * 2 if offered else cube.value
        shown = 64 if value == 1 else value
        side = state.to_act if offered else cube.owner
        offset = 0.0 if side < 0 else (0.13 if side == self.viewer else -0.13)
        size = round(self.view.layout.radius * 2.0)
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (round(cx), round(fy + fh * (0.5 + offset)))
        pygame.draw.rect(
            surface, (0, 0, 0), rect.move(0, round(3 * scale)), border_radius=size // 6
        )
        pygame.draw.rect(surface, theme.dice_body, rect, border_radius=size // 6)
        edge = theme.accent if offered else theme.point_edge
        pygame.draw.rect(surface, edge, rect, max(1, round(2 * scale)), border_radius=size // 6)
        label = font("bold", round(size * 0.55)).render(str(shown), True, theme.dice_pip)
        surface.blit(label, label.get_rect(center=rect.center))

    def wanted_buttons(self) -> list[tuple[str, str]]:
        state = self.state
        if self.busy or not self.human_to_act() or self.dice_entry or self.throw_prompt:
            return []
        out: list[tuple[str, str]] = []
        if self.resigning and state.phase in (m.Phase.ROLL, m.Phase.MOVE):
            return [
                ("resign1", "Resign single"),
                ("resign2", "Resign gammon"),
                ("resign3", "Resign backgammon"),
                ("cancel", "Cancel"),
            ]
        if state.phase is m.Phase.RESIGN:
            return [("accept", "Accept"), ("reject", "Reject")]
        if state.phase is m.Phase.ROLL:
            out.append(("roll", "Roll"))
            if m.can_double(state):
                out.append(("double", "Double"))
        elif state.phase is m.Phase.TAKE:
            out += [("take", "Take"), ("drop", "Drop")]
            if m.can_beaver(state):
                out.append(("beaver", "Beaver"))
        elif state.phase is m.Phase.CHOOSE:
            out += [(f"choose{v}", str(v)) for v in m.die_choices(state)]
        elif state.phase is m.Phase.MOVE and self.turn is not None:
            if self.review is not None or self.tutor_card is not None:
                return []  # the tutor has the word
            if self.hint_offered():
                out.append(("hint", "Hint"))
            if self.turn.moves:
                out.append(("undo", "Undo"))
            if self.turn.complete() is not None:
                out.append(("done", "Done"))
        return out

    def control_rects(self, wanted: list[tuple[str, str]]) -> list[pygame.Rect]:
        """Where the buttons go: a column in the panel right of the board when it is wide
        enough, else a row at the foot of the window, above the message line."""
        scale = self.app.scale
        label_font = font("caps", round(26 * scale))
        pad = round(12 * scale)
        height = round(label_font.get_height() + pad)
        width, screen_h = self.app.size
        fx, fy, fw, fh = self.view.layout.frame
        panel = width - (fx + fw)
        widest = max(label_font.size(text)[0] for _, text in wanted) + 2 * pad
        if panel >= max(widest, 110 * scale) + 2 * pad:
            col_w = min(round(panel - 2 * pad), round(max(widest, 150 * scale)))
            x = round(fx + fw + (panel - col_w) / 2)
            total = len(wanted) * height + (len(wanted) - 1) * pad
            y = round(fy + fh / 2 - total / 2)
            return [
                pygame.Rect(x, y + i * (height + pad), col_w, height) for i in range(len(wanted))
            ]
        widths = [label_font.size(text)[0] + 2 * pad for _, text in wanted]
        total = sum(widths) + pad * (len(widths) - 1)
        x = round(width / 2 - total / 2)
        y = round(screen_h - 2.4 * height - pad)
        if self.view.layout.geometry == "round":  # in the middle of the ring, under the dice
            dx, dy, dw, dh = self.view.layout.dice_area
            x = round(dx + dw / 2 - total / 2)
            y = round(dy + dh + pad)
        rects = []
        for w in widths:
            rects.append(pygame.Rect(x, y, w, height))
            x += w + pad
        return rects

    def draw_controls(self, surface: pygame.Surface) -> None:
        theme = self.theme
        scale = self.app.scale
        wanted = self.wanted_buttons()
        self.buttons = {}
        self.disabled = {}
        if not wanted:
            return
        label_font = font("caps", round(26 * scale))
        mouse = pygame.mouse.get_pos()
        radius = round(8 * scale)
        note = ""
        for (name, text), rect in zip(wanted, self.control_rects(wanted), strict=True):
            hover = rect.collidepoint(mouse)
            shadow = rect.move(0, round(3 * scale))
            pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=radius)
            if name == "hint" and not self.advice:
                # No evaluation to ask: the button is there, greyed, and says why.
                pygame.draw.rect(surface, _mix(theme.frame, (40, 40, 40), 0.6), rect, 0, radius)
                edge = _mix(theme.accent, (60, 60, 60), 0.6)
                pygame.draw.rect(surface, edge, rect, max(1, round(scale)), radius)
                label = label_font.render(text, True, _mix(theme.text, (70, 70, 70), 0.6))
                surface.blit(label, label.get_rect(center=rect.center))
                self.disabled[name] = (rect, self.hint_note())
                if hover:
                    note = self.hint_note()
                continue
            on = name == "hint" and self.hint_card is not None
            body = theme.accent if hover or on else theme.frame
            pygame.draw.rect(surface, body, rect, border_radius=radius)
            pygame.draw.rect(surface, theme.accent, rect, max(1, round(2 * scale)), radius)
            ink = theme.frame_dark if hover or on else theme.text
            label = label_font.render(text, True, ink)
            surface.blit(label, label.get_rect(center=rect.center))
            self.buttons[name] = rect
        if note:
            self.draw_note(surface, note, self.disabled["hint"][0])

    def draw_note(self, surface: pygame.Surface, text: str, near: pygame.Rect) -> None:
        """A small tooltip for ``near`` (a disabled button): above it, kept on screen."""
        scale = self.app.scale
        size = max(12, round(16 * scale))
        f = get_font("italic", size)
        pad = max(6, round(12 * scale))
        width = min(f.size(text)[0], round(280 * scale))
        lines = wrap_words(text, f, width)
        w = max(f.size(line)[0] for line in lines) + 2 * pad
        h = len(lines) * f.get_linesize() + pad
        rect = pygame.Rect(0, 0, w, h)
        rect.midbottom = (near.centerx, near.y - round(8 * scale))
        rect.clamp_ip(surface.get_rect().inflate(-round(16 * scale), -round(16 * scale)))
        radius = max(3, round(8 * scale))
        draw_shadow(surface, rect, scale, radius=radius, blur=10, drop=4, alpha=140)
        box = rounded_box(rect.size, radius, (34, 27, 22), self.theme.accent, 1, 0.85)
        surface.blit(box, rect)
        y = rect.y + pad // 2
        for line in lines:
            ink = self.theme.text
            draw_text(surface, line, (rect.x + pad, y), role="italic", size=size, colour=ink)
            y += f.get_linesize()

    def draw_message(self, surface: pygame.Surface) -> None:
        state = self.state
        text = self.message
        if not text or self.t - self.message_time > 4.0:
            text = self.prompt(state)
        self.message_box = pygame.Rect(0, 0, 0, 0)
        if not text:
            return
        scale = self.app.scale
        face = font("italic", round(28 * scale))
        width, height = self.app.size
        fx, fy, fw, fh = self.view.layout.frame
        pad = round(10 * scale)
        below = height - (fy + fh)
        if self.view.layout.geometry == "round":
            # In the middle of the ring, above the dice.
            dx, dy, dw, dh = self.view.layout.dice_area
            face = font("italic", round(min(26 * scale, dh * 0.3)))
            label = face.render(text, True, self.theme.ink)
            if label.get_width() > dw * 1.6:
                label = pygame.transform.smoothscale_by(label, dw * 1.6 / label.get_width())
            box = label.get_rect(midbottom=(round(dx + dw / 2), round(dy - pad / 2)))
            back = pygame.Surface(box.inflate(2 * pad, pad // 2).size, pygame.SRCALPHA)
            back.fill((*self.theme.field, 170))
            surface.blit(back, back.get_rect(center=box.center))
            surface.blit(label, box)
            self.message_box = box.inflate(2 * pad, pad // 2)
            return
        if below >= face.get_height() + pad or width - (fx + fw) < 120 * scale:
            # A line at the foot of the window, under the board.
            label = face.render(text, True, self.theme.text)
            box = label.get_rect(midbottom=(width // 2, height - pad))
            back = pygame.Surface(box.inflate(3 * pad, pad).size, pygame.SRCALPHA)
            back.fill((0, 0, 0, 150))
            surface.blit(back, back.get_rect(center=box.center))
            surface.blit(label, box)
            self.message_box = box.inflate(3 * pad, pad)
            return
        # No room below the board: the panel at its right, word-wrapped, near the top.
        column = round(width - (fx + fw) - 2 * pad)
        lines: list[str] = []
        for word in text.split():
            trial = f"{lines[-1]} {word}" if lines else word
            if lines and face.size(trial)[0] <= column:
                lines[-1] = trial
            else:
                lines.append(word)
        y = round(fy + pad)
        centre = round(fx + fw + (width - (fx + fw)) / 2)
        for line in lines:
            label = face.render(line, True, self.theme.text)
            surface.blit(label, label.get_rect(midtop=(centre, y)))
            y += face.get_linesize()
        self.message_box = pygame.Rect(round(fx + fw), round(fy), column + 2 * pad, y - round(fy))

    def prompt(self, state: m.GameState) -> str:
        if state.is_over:
            return self.result_words(state)
        name = self.side_name(state.to_act)
        if not self.seat(state.to_act).human:
            return f"{name} is thinking" if state.phase is m.Phase.MOVE else ""
        if state.phase is m.Phase.ROLL:
            return f"{name}: roll the dice (Space)"
        if state.phase is m.Phase.TAKE:
            return f"{name}: take or drop the double"
        if state.phase is m.Phase.RESIGN:
            level = {1: "a single game", 2: "a gammon", 3: "a backgammon"}[state.resign_offer]
            return f"{name}: accept the resignation of {level}, or play on"
        if state.phase is m.Phase.CHOOSE:
            return f"{name}: name the third die"
        if state.phase is m.Phase.MOVE:
            if self.review is not None:
                return "The tutor is looking at your play..."
            if self.tutor_card is not None:
                return f"{name}: take the play back, or keep it"
            if self.turn is not None and self.turn.complete() is not None:
                return f"{name}: Done ends the turn (Space), Undo takes back"
            return f"{name} to play {self.dice_text(state.dice)}"
        return ""


__all__ = ["BoardScene"]
