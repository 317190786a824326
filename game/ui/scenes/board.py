"""The board: a game in progress, played by any mix of people and computer seats.

The rules move first and the picture follows (STYLE habit 8): every roll and
play is made on the ``GameState`` at once, and the timeline replays it (the
dice tumble, each step of each man slides along its track, a hit knocks the
man to the bar with an impact and a sound). What is drawn at rest is
``self.shown``, which each animation brings up to date as it ends, so the
picture never runs ahead of what the player has seen.

A person moves by clicking a man and then a highlighted destination, or by
dragging it there; a step is accepted only if it begins a legal play
(``TurnInput``). Right-click or Backspace takes back the last move of the
turn. Forced plays and passes are made for the person, with a message.
Computer seats think in a worker thread, so the board keeps animating;
their plays come at a watchable pace. A click or a key during an animation
finishes it at once, and the click is not lost: it is handled afterwards.

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
import logging
import math
import random
import uuid
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from typing import Any

import pygame

from game.rules import actions as a
from game.rules import match as m
from game.rules.dice import dice_stream, new_seed, seed_seal
from game.rules.history import decision
from game.rules.notation import parse_play
from game.rules.outcome import Kind
from game.rules.play import Play, Step
from game.rules.position import Position
from game.rules.replay import (
    OutOfDice,
    Replay,
    ReplayError,
    ScriptedDice,
    apply_entry,
    first_state,
)
from game.rules.variants import find_variant
from game.ui.advice import HINT_ROWS, TutorTally, chance_game, grade, moves_of
from game.ui.anim.effects import DiceThrow, Impact, Slide, Sparkle
from game.ui.anim.tween import Call, Delay, Timeline
from game.ui.assets import font
from game.ui.dice_entry import DiceEntry
from game.ui.dice_seal import ThrowPrompt, asks_throw, mixed_words, seal_lines
from game.ui.hints import GOOD_COLOUR, HintCard, TutorCard, Verdict, covers, place_card
from game.ui.progress import record_finished, save_in_progress
from game.ui.render.board_view import BoardView
from game.ui.render.layout import SpotKey, path, spot_key
from game.ui.routes import NextGame, Route
from game.ui.scenes.base import Scene
from game.ui.session import (
    GameSetup,
    GameSummary,
    Judged,
    PauseChoice,
    SavedGame,
    Seat,
    replay_label,
    replay_seats,
    resumed_states,
)
from game.ui.theme import side_colours, theme_for
from game.ui.turn import Move, TurnInput
from game.ui.widgets import (
    Style,
    _mix,
    draw_shadow,
    draw_text,
    get_font,
    rounded_box,
    wrap_words,
)

log = logging.getLogger(__name__)

STEP_TIME = 0.085  # seconds per point a man slides past, at normal speed
THINK_PAUSE = 0.35  # a computer seat's pause before it rolls or moves
END_PAUSE = 1.2  # the last position stays on screen before the results
REPLAY_PAUSE = 0.7  # between decisions when a replay plays on by itself
REPLAY_HELP = "Replay: Right or Space for the next move, Left to go back, A to play on"
REPLAY_WORDS = {
    "double": "doubles",
    "take": "takes",
    "beaver": "beavers",
    "drop": "drops",
    "resign": "offers to resign",
    "accept": "accepts",
    "reject": "refuses",
    "concede": "concedes",
}

KIND_WORDS = {
    Kind.SINGLE: "wins",
    Kind.GAMMON: "wins a gammon",
    Kind.BACKGAMMON: "wins a backgammon",
    Kind.SHUTOUT: "wins by a shut-out",
    Kind.LYMPOLDING: "wins by lympolding",
    Kind.LURCHING: "wins by lurching",
    Kind.LAST_MOVER: "wins as the last to move",
}


def advice_available(variant_id: str) -> bool:
    """Whether hints and the tutor can judge ``variant_id`` (a trained evaluation)."""
    from game.ai.players import has_levels

    try:
        return has_levels(variant_id)
    except Exception:  # unreadable weights: no advice, but the game goes on
        log.exception("could not load the evaluation of %s", variant_id)
        return False


def hint_ranking(state: m.GameState) -> list[Any]:
    """The hint's ranking of every legal play (worker thread)."""
    from game.ai.players import ranked_plays

    return ranked_plays(state, "expert")


def tutor_judgement(state: m.GameState, play: Play) -> tuple[float, list[Any]]:
    """What ``play`` gives away against the best, and the ranking (worker thread)."""
    from game.ai.players import play_loss

    return play_loss(state, play)


def computer_decision(state: m.GameState, level: str, seed: int) -> a.Action | None:
    """What a computer seat does now, in any phase: through ``game.ai`` at its level, or
    as a novice where the variant has no trained evaluation."""
    from game.ai.players import LevelUnavailable, decide

    try:
        return decide(state, level, seed)
    except LevelUnavailable:
        return decide(state, "novice", seed)


def computer_play(state: m.GameState, level: str, seed: int) -> Play:
    """The play a computer seat chooses (the MOVE phase)."""
    action = computer_decision(state, level, seed)
    assert isinstance(action, a.Move)
    return action.play


class StepAnimation:
    """One step of one man on the board: slide along the track, land, maybe hit."""

    def __init__(self, scene: BoardScene, side: int, step: Step) -> None:
        self.scene = scene
        self.side = side
        self.step = step
        self.slide: Slide | None = None
        self._done = False

    @property
    def done(self) -> bool:
        return self._done

    def _begin(self) -> None:
        scene, side, step = self.scene, self.side, self.step
        src_key = scene.key_of(side, step.src, scene.shown)
        count = scene.count_at(src_key, scene.shown)
        start = scene.view.layout.man_centre(src_key, max(count - 1, 0), max(count, 1))
        scene.shown = scene.lift(scene.shown, side, step.src)
        dst_key = scene.key_of(side, step.dst, scene.shown)
        n = scene.count_at(dst_key, scene.shown)
        if step.hit:
            n = 0  # the struck man leaves as this one lands
        end = scene.view.layout.man_centre(dst_key, n, n + 1)
        points = [start]
        if step.src and step.dst <= scene.variant.track_length:
            points += path(scene.variant, scene.view.layout, side, step.src, step.dst)[:-1]
        points.append(end)
        self.slide = Slide(points, STEP_TIME)
        scene.flying[self] = (side, self.slide)

    def update(self, dt: float) -> float:
        if self._done:
            return dt
        if self.slide is None:
            self._begin()
        assert self.slide is not None
        left = self.slide.update(dt)
        if self.slide.done:
            self._land()
        return left

    def skip(self) -> None:
        if self._done:
            return
        if self.slide is None:
            self._begin()
        assert self.slide is not None
        self.slide.skip()
        self._land()

    def _land(self) -> None:
        scene, side, step = self.scene, self.side, self.step
        scene.flying.pop(self, None)
        self._done = True
        if step.hit:
            scene.knock(side, step.dst)
        scene.shown = scene.drop(scene.shown, side, step.dst)
        key = scene.key_of(side, step.dst, scene.shown)
        n = scene.count_at(key, scene.shown)
        centre = scene.view.layout.man_centre(key, n - 1, n)
        if step.dst == scene.variant.off_pos:
            colour = side_colours(scene.view.theme, side).light
            scene.effects.append(Sparkle(centre, scene.view.layout.radius, colour, scene.fx_rng))
            scene.app.audio.play("bear_off")
        elif not step.hit:
            scene.app.audio.play("move")


class BoardScene(Scene):
    """A game from the first throw to the result."""

    save_warning = True  # a save that fails is said at the top (game.ui.saving)

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.executor: ThreadPoolExecutor | None = None

    # -- starting ------------------------------------------------------------------

    def on_enter(self, payload: Any = None) -> None:
        previous: m.GameState | None = None
        saved: SavedGame | None = None
        self.replaying: Replay | None = None  # a finished game shown move by move
        if isinstance(payload, Replay):
            self.replaying = payload
            setup = GameSetup(
                payload.variant_id,
                dict(payload.options),
                seats=replay_seats(payload),
                seed=payload.seed,
                mode="replay",
            )
        elif isinstance(payload, SavedGame):
            saved = payload
            setup = saved.setup
        elif isinstance(payload, NextGame):
            setup, previous = payload.setup, payload.previous
        elif isinstance(payload, GameSetup):
            setup = payload
        else:
            raise TypeError(f"BoardScene needs a GameSetup, got {payload!r}")
        if not setup.match_id:
            setup = replace(setup, match_id=uuid.uuid4().hex[:16])
        self.setup = setup
        self.variant = find_variant(setup.variant_id, setup.options)
        if saved is not None:
            self.seed = saved.seed
            self.contribution = str(saved.start.get("contribution", ""))
        else:
            self.seed = setup.seed if setup.seed is not None else new_seed()
            replaying = self.replaying
            self.contribution = replaying.contribution if replaying else setup.contribution
        # The dice come from the game's seed and the player's contribution alone (so they
        # replay every roll); the computer seats' seeds and the effects have their own.
        self.rng = dice_stream(self.seed, self.contribution)
        self.ai_rng = random.Random(self.seed ^ 0xA1A1)
        self.fx_rng = random.Random(self.seed ^ 0x5EED)
        if saved is not None:
            self.rng.setstate(saved.rng_state)
            if saved.ai_rng_state is not None:
                self.ai_rng.setstate(saved.ai_rng_state)
            state = saved.state
        elif self.replaying is not None:
            state = first_state(self.replaying, self.rng)
        elif (setup.manual_dice and self.needs_opening(previous)) or self.asks_throw(setup):
            # Physical dice: the opening throw is entered first (the board waits); a
            # fresh seed: the player's throw is mixed into the dice first.
            match = previous.match if previous is not None else m.match_from_options(self.variant)
            state = m.GameState(
                self.variant, self.variant.start_position(), m.Phase.ROLL, match=match
            )
        elif previous is not None:
            state = m.next_game(previous, ScriptedDice([]) if setup.manual_dice else self.rng)  # type: ignore[arg-type]
        else:
            state = m.new_game(self.variant, self.rng)
        self.game = m.Game(state)
        if saved is not None:
            self.game.states = resumed_states(saved)
        # How this game began within its match, for replays (game.rules.replay).
        self.start = (
            saved.start
            if saved is not None
            else {"match": state.match, "starter": previous.winner if previous else None}
        )
        if self.contribution:  # kept with the game: its dice are the seed's and this
            self.start["contribution"] = self.contribution
        self.previous = previous
        self.manual = setup.manual_dice and self.replaying is None
        self.dice_entry: DiceEntry | None = None  # physical dice: the throw asked for
        self.throw_prompt: ThrowPrompt | None = None  # the player's throw asked for
        self.replay_next = False  # replays: the viewer asked for the next decision
        self.replay_auto = False  # replays: decisions follow one another by themselves
        self.log: list[dict[str, Any]] = list(saved.log) if saved else []
        seats = tuple(setup.seats) + (Seat(human=False),) * self.variant.players
        self.seats: tuple[Seat, ...] = seats[: self.variant.players]
        humans = [i for i, seat in enumerate(self.seats) if seat.human]
        self.viewer = humans[0] if humans else 0
        if self.replaying is not None:
            self.viewer = next((i for i, s in enumerate(self.replaying.seats) if s.get("human")), 0)
        self.theme = theme_for(self.variant.id, self.app.settings.palette)
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
        self.view = BoardView(self.variant, self.theme, self.app.size, self.viewer)
        self.preparing: Future[Any] | None = None
        self.prepare()
        self.timeline = Timeline(self.app.settings.speed)
        self.shown: Position = state.position
        self.flying: dict[Any, tuple[int, Slide]] = {}
        self.effects: list[Any] = []
        self.dice_anim: DiceThrow | None = None
        self.shown_dice: tuple[int, ...] = ()
        self.turn: TurnInput | None = None
        self.selected: int | None = None
        self.drag_from: tuple[int, int] | None = None
        self.drag_at: tuple[int, int] | None = None
        self.pending: Future[Play] | None = None
        self.wait = 0.3  # seconds before the next automatic action
        self.queued: list[pygame.event.Event] = []
        self.message = ""
        self.message_time = 0.0
        self.hits = list(saved.hits) if saved else [0] * self.variant.players
        self.t = 0.0
        self.finished = False
        self.buttons: dict[str, pygame.Rect] = {}
        self.disabled: dict[str, tuple[pygame.Rect, str]] = {}  # drawn greyed, with a note
        self.message_box = pygame.Rect(0, 0, 0, 0)
        self.resigning = False  # a person is choosing how much to resign (backgammon)
        # Hints and the tutor (practice): the cards, the worker's jobs, the tally.
        self.advice = setup.hints and advice_available(self.variant.id)
        self.hint_card: HintCard | None = None
        self.hint_job: Future[list[Any]] | None = None
        self.hint_state: m.GameState | None = None  # the state the job or ranking is for
        self.hint_ranked: list[Any] | None = None
        self.review: tuple[m.GameState, Play] | None = None  # a play the tutor is judging
        self.review_job: Future[tuple[float, list[Any]]] | None = None
        self.tutor_card: TutorCard | None = None
        self.tally: dict[int, TutorTally] = (
            {side: TutorTally() for side in humans} if self.advice else {}
        )
        if saved is not None and self.advice:
            self.tally.update(saved.tally)
        # The person's plays the tutor judged (practice); a resumed game brings its worst.
        self.judged: list[Judged] = list(saved.judged) if saved is not None else []
        self.good: tuple[float, str] = (-math.inf, "")  # the tutor's quiet word, and when
        if saved is not None:
            if state.dice:
                self.shown_dice = state.dice
            self.say(f"Resumed: {saved.describe()}")
            return
        if self.replaying is not None:
            if state.dice:
                self.shown_dice = state.dice
            self.say(REPLAY_HELP)
            return
        if self.manual and self.needs_opening(previous):
            names = tuple(self.side_name(side) for side in range(self.variant.players))
            self.dice_entry = DiceEntry(
                "Opening throw: one die each",
                self.variant.players,
                self.variant.faces,
                names,
                opening=True,
            )
            self.say("Throw one die for each side and enter them")
            return
        if self.asks_throw(setup):
            self.throw_prompt = ThrowPrompt(seed_seal(self.seed))
            self.say("The dice are sealed: throw to mix your throw into them")
            return
        self.open_game(state)

    def asks_throw(self, setup: GameSetup) -> bool:
        return asks_throw(setup, self.variant.players, demo=self.app.demo)

    def thrown(self, contribution: str) -> None:
        """The player threw: the contribution is mixed with the seed into the dice, and
        the game opens with them."""
        self.throw_prompt = None
        self.contribution = contribution
        self.rng = dice_stream(self.seed, contribution)
        previous = self.previous
        state = (
            m.next_game(previous, self.rng)
            if previous is not None
            else m.new_game(self.variant, self.rng)
        )
        self.game = m.Game(state)
        self.shown = state.position
        self.start["match"] = state.match
        self.start["contribution"] = contribution
        self.open_game(state)
        mixed = mixed_words(contribution)
        self.say(f"{self.message}  ·  {mixed}" if state.opening else mixed)

    def needs_opening(self, previous: m.GameState | None) -> bool:
        """Whether this game starts with an opening throw (not when the last game's
        winner starts a historical game of a match)."""
        return previous is None or self.variant.has_opening_roll_play

    def open_game(self, state: m.GameState) -> None:
        """The game begins: kept as the game in progress, the opening throw shown."""
        self.save()  # the new game replaces any game in progress
        if state.dice:  # backgammon: the starter plays the opening throw
            self.throw_dice(state.dice)
        throws = [str(d) for d in state.opening]
        opener = ", ".join(throws[:-1]) + " and " + throws[-1] if throws else ""
        if state.opening:
            self.say(f"Opening throw {opener}: {self.side_name(state.on_roll)} starts")

    def on_exit(self) -> None:
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = None

    def on_resize(self, size: tuple[int, int]) -> None:
        self.view.resize(size)
        self.prepare()
        for card in (self.hint_card, self.tutor_card):
            if card is not None:
                card.placed = False
        self.place_cards()

    def worker(self) -> ThreadPoolExecutor:
        if self.executor is None:
            self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="board")
        return self.executor

    def prepare(self) -> None:
        """Paint the board's background (up to a few seconds on a 4K screen) in a worker
        thread while the window shows that the board is being laid out; headless runs
        (tests, demos) paint it at once."""
        if self.app.headless:
            self.view.background()
            return
        self.preparing = self.worker().submit(self.view.background)

    @property
    def ready(self) -> bool:
        if self.preparing is not None and self.preparing.done():
            self.preparing.result()  # a painting error shows here
            self.preparing = None
        return self.preparing is None

    def on_resume(self, result: Any = None) -> None:
        self.timeline.speed = self.app.settings.speed
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
                loser = side if self.seat(side).human else self.viewer
                self.push(m.concede(state, loser), conceder=loser)
                self.say(f"{self.side_name(loser)} concedes")
        elif result == PauseChoice.MENU:
            self.app.home()
        elif result == PauseChoice.QUIT:
            self.app.quit()

    # -- state -----------------------------------------------------------------------------

    @property
    def state(self) -> m.GameState:
        return self.game.state

    def push(
        self,
        state: m.GameState,
        play: Play | None = None,
        conceder: int | None = None,
        manual: bool = False,
    ) -> None:
        """Make ``state`` the game's new state; ``play``: the play that led to it
        (``conceder``: the side that gave the game up; ``manual``: a roll entered by hand,
        marked so before the game is saved, or the save would not replay)."""
        entry = decision(self.state, state, play, conceder)
        if manual:
            entry["manual"] = True
        self.log.append(entry)
        self.game.push(state)
        self.save()

    def save(self) -> None:
        """Keep the game in progress in the records (after every play), so that it can be
        resumed after a crash; a game that is over is not kept."""
        if self.app.demo or self.replaying is not None:
            return
        save_in_progress(self.app, self.saved())

    def saved(self) -> SavedGame:
        """The game in progress as it would be resumed."""
        return SavedGame(
            self.setup,
            self.seed,
            self.rng.getstate(),
            self.state,
            tuple(self.log),
            tuple(self.hits),
            dict(self.tally),
            self.ai_rng.getstate(),
            self.start,
            tuple(self.judged),
        )

    def seat(self, side: int) -> Seat:
        return self.seats[side]

    def side_name(self, side: int) -> str:
        return self.seats[side].label(side_colours(self.theme, side).name)

    def say(self, text: str) -> None:
        self.message = text
        self.message_time = self.t

    # -- what is drawn at rest -------------------------------------------------------

    def key_of(self, side: int, pos: int, position: Position) -> SpotKey:
        in_hand = pos == 0 and position.board[side][0] == 0 and position.hand[side] > 0
        return spot_key(self.variant, side, pos, in_hand=in_hand)

    def count_at(self, key: SpotKey, position: Position) -> int:
        kind, index = key
        if kind == "hand":
            return position.hand[index]
        if kind == "bar":
            return position.board[index][0]
        if kind == "off":
            return position.board[index][-1]
        for side in range(position.players):
            for pos in range(1, self.variant.track_length + 1):
                if position.board[side][pos] and self.variant.cell(side, pos) == index:
                    return position.board[side][pos]
        return 0

    @staticmethod
    def _with(position: Position, side: int, pos: int, change: int, hand: bool) -> Position:
        rows = [list(r) for r in position.board]
        hands = list(position.hand)
        if hand:
            hands[side] += change
        else:
            rows[side][pos] += change
        return Position(
            tuple(tuple(r) for r in rows), position.to_act, tuple(hands), position.flags
        )

    def lift(self, position: Position, side: int, pos: int) -> Position:
        """``position`` with one man of ``side`` taken up from ``pos`` (bar before hand)."""
        from_hand = pos == 0 and position.board[side][0] == 0
        return self._with(position, side, pos, -1, from_hand)

    def drop(self, position: Position, side: int, pos: int) -> Position:
        return self._with(position, side, pos, +1, False)

    def knock(self, side: int, pos: int) -> None:
        """The man struck on ``side``'s ``pos`` flies to its owner's bar, with a bang."""
        variant = self.variant
        for other in range(variant.players):
            where = variant.facing_pos(side, pos, other) if other != side else None
            if where is None or not self.shown.board[other][where]:
                continue
            key = self.key_of(other, where, self.shown)
            centre = self.view.layout.man_centre(key, 0, 1)
            self.shown = self._with(self.shown, other, where, -1, False)
            bar = ("bar", other)
            n = self.count_at(bar, self.shown)
            end = self.view.layout.man_centre(bar, n, n + 1)
            colour = side_colours(self.theme, other).body
            self.effects.append(Impact(centre, self.view.layout.radius, colour, self.fx_rng))
            self.app.audio.play("hit")
            self.hits[side] += 1
            flight = _Knocked(self, other, Slide([centre, end], 0.35))
            self.flying[flight] = (other, flight.slide)
            self.effects.append(flight)
            return

    # -- the flow of the game ----------------------------------------------------------

    def update(self, dt: float) -> None:
        if not self.ready:
            return
        self.t += dt
        self.timeline.update(dt)
        speed = self.timeline.speed
        for effect in list(self.effects):
            if speed:
                effect.update(dt * speed)
            else:
                effect.skip()
            if effect.done:
                self.effects.remove(effect)
        if self.dice_anim is not None:
            if self.timeline.speed == 0:
                self.dice_anim.skip()
            else:
                self.dice_anim.update(dt * self.timeline.speed)
            if self.dice_anim.done:
                self.shown_dice = self.dice_anim.values
                self.dice_anim = None
        self.poll_hint()
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
        self.advance()

    def resting(self) -> Position:
        """The position as it stands: the state's, with a person's steps so far."""
        state = self.state
        if self.turn is not None and self.turn.state is state:
            return self.turn.position.with_to_act(state.to_act)
        return state.position

    @property
    def busy(self) -> bool:
        return self.timeline.busy or self.dice_anim is not None or bool(self.flying)

    def advance(self) -> None:
        """Do what comes next when nothing is animating: a computer acts, or wait."""
        state = self.state
        if state.is_over:
            if not self.finished:
                self.finished = True
                if state.winner is not None:
                    self.app.audio.play("win")
                self.say(self.result_words(state))
                self.timeline.add(Delay(END_PAUSE), Call(self.show_results))
            return
        if self.replaying is not None:
            self.replay_step()
            return
        if self.dice_entry is not None or self.throw_prompt is not None:
            return  # the dice thrown by hand, or the player's throw, are awaited
        side = state.to_act
        seat = self.seat(side)
        if not seat.human:
            if state.phase is m.Phase.ROLL and not m.can_double(state):
                self.roll()
            else:
                self.computer_turn()
            return
        if state.phase is m.Phase.MOVE:
            self.human_turn()

    def roll(self) -> None:
        if self.manual:
            if self.dice_entry is None:
                side = self.state.on_roll
                self.dice_entry = DiceEntry(
                    f"{self.side_name(side)} throws", self.variant.thrown_dice, self.variant.faces
                )
                self.say(f"{self.side_name(side)}: enter the dice thrown")
            return
        state = m.roll(self.state, self.rng)
        self.push(state)
        self.throw_dice(state.dice)

    def entered(self) -> None:
        """The dice entry card is complete: the throw is made with those dice."""
        entry = self.dice_entry
        assert entry is not None and entry.done
        self.dice_entry = None
        if entry.opening:
            self.enter_opening(list(entry.values))
            return
        state = m.set_dice(self.state, entry.values)
        self.push(state, manual=True)
        self.throw_dice(state.dice)

    def enter_opening(self, values: list[int]) -> None:
        previous = self.previous
        try:
            dice = ScriptedDice(values)
            state = (
                m.next_game(previous, dice)  # type: ignore[arg-type]
                if previous is not None
                else m.new_game(self.variant, dice)  # type: ignore[arg-type]
            )
        except OutOfDice:
            names = tuple(self.side_name(side) for side in range(self.variant.players))
            self.dice_entry = DiceEntry(
                "A tie: throw again", self.variant.players, self.variant.faces, names, opening=True
            )
            self.say("The highest dice tie: each side throws again")
            return
        self.game = m.Game(state)
        self.shown = state.position
        self.start["opening"] = values
        self.start["match"] = state.match
        self.open_game(state)

    def throw_dice(self, dice: tuple[int, ...]) -> None:
        layout = self.view.layout
        x, y, w, h = layout.dice_area
        size = min(h * 0.8, w / (len(dice) + 1))
        rest = [(x + w * (i + 1) / (len(dice) + 1), y + h / 2) for i in range(len(dice))]
        start = (x + w * 0.1, y + h * 1.6) if self.state.on_roll == self.viewer else (x, y - h)
        self.shown_dice = ()
        self.dice_anim = DiceThrow(dice, start, rest, size, self.variant.faces, self.fx_rng)
        if self.timeline.speed == 0:
            self.dice_anim.skip()
        self.app.audio.play("dice")

    def human_turn(self) -> None:
        state = self.state
        if self.turn is None or self.turn.state is not state:
            self.turn = TurnInput(state, m.legal_plays(state))
            self.selected = None
            self.close_hint()
            forced = self.turn.forced
            if forced is not None:
                name = self.side_name(state.to_act)
                self.say(f"{name} cannot move: pass" if not forced else f"Forced play for {name}")
                self.commit(forced, animate=True)
                self.wait = 0.9
                return
        if self.review is not None:
            self.poll_review()
            return
        if self.tutor_card is not None:
            return  # the person answers the tutor first
        done = self.turn.complete()
        if done is not None and not (self.app.settings.confirm_turn and self.turn.moves):
            self.finish(done)

    def finish(self, play: Play) -> None:
        """A person's play is complete: the tutor judges it first (practice), else it is
        made at once."""
        state = self.state
        if self.advice and self.turn is not None and self.turn.forced is None:
            self.close_hint()
            self.review = (state, play)
            self.review_job = self.worker().submit(tutor_judgement, state, play)
            return
        self.commit(play, animate=False)

    def computer_turn(self) -> None:
        """A computer seat decides in the worker thread; its decision is made here."""
        state = self.state
        if self.pending is None:
            seat = self.seat(state.to_act)
            seed = self.ai_rng.getrandbits(32)
            self.pending = self.worker().submit(computer_decision, state, seat.level, seed)
            return
        if not self.pending.done():
            return
        action = self.pending.result()
        self.pending = None
        name = self.side_name(state.to_act)
        match action:
            case None:
                self.roll()
                return
            case a.Move(play=play):
                if not play:
                    self.say(f"{name} cannot move")
                self.commit(play, animate=True)
            case a.NameDie(value=value):
                self.push(a.apply_action(state, action))
                self.say(f"{name} names a {value}")
            case a.Double():
                self.push(a.apply_action(state, action))
                self.app.audio.play("double")
                self.say(f"{name} doubles")
            case a.Take() | a.Drop() | a.Beaver():
                self.push(a.apply_action(state, action))
                self.say(f"{name} {'drops' if action.name == 'drop' else action.name + 's'}")
            case a.Accept():
                self.push(a.apply_action(state, action))
                self.say(f"{name} accepts")
            case a.Reject():
                self.push(a.apply_action(state, action))
                self.say(f"{name} refuses: play on")
        self.wait = THINK_PAUSE

    def commit(self, play: Play, *, animate: bool) -> None:
        """Make ``play`` in the game; replay its steps on the board if ``animate``."""
        state = self.state
        side = state.to_act
        plays = self.turn.plays if self.turn is not None and self.turn.state is state else None
        after = m.play(state, play, plays)
        if animate:
            self.animate_steps(side, play)
        self.turn = None
        self.selected = None
        self.close_hint()
        self.tutor_card = None
        self.review = None
        self.push(after, play)
        if after.phase is m.Phase.MOVE and after.roller is not None:
            self.shown_dice = after.dice
            self.say(f"{self.side_name(after.to_act)} may play {self.dice_text(after.dice)}")

    def animate_steps(self, side: int, steps: tuple[Step, ...] | Play) -> None:
        for step in steps:
            self.timeline.add(StepAnimation(self, side, step))

    def show_results(self) -> None:
        state = self.state
        summary = GameSummary(
            setup=self.setup,
            state=state,
            seed=self.seed,
            turns=state.turn,
            hits=tuple(self.hits),
            pips=tuple(state.position.pip_count(s) for s in range(self.variant.players)),
            match_over=state.match.length == 0 or state.match.winner is not None,
            tutor=(
                tuple(self.tally.get(s) for s in range(self.variant.players)) if self.tally else ()
            ),
            log=tuple(self.log),
            start=self.start,
            judged=tuple(self.judged),
            states=tuple(self.game.states),
        )
        if self.replaying is not None:  # the results name the sides as they were played
            seats = tuple(
                Seat(human=bool(raw.get("human")), level=str(raw.get("level", "novice")))
                for raw in self.replaying.seats
            )
            summary = replace(summary, setup=replace(self.setup, seats=seats))
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
            return "The game is a tie: nobody can move"
        words = KIND_WORDS.get(result.kind, "wins")
        points = f" ({result.points} point{'s' if result.points != 1 else ''})"
        return f"{self.side_name(result.winner)} {words}{points}"

    @staticmethod
    def dice_text(dice: tuple[int, ...]) -> str:
        return "-".join(str(d) for d in dice)

    # -- people's input ----------------------------------------------------------------------

    def human_to_act(self) -> bool:
        return not self.state.is_over and self.seat(self.state.to_act).human

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.hint_card is not None:
                self.close_hint()
                return True
            self.app.go(Route.PAUSE, self.variant.id)
            return True
        if not self.ready:
            return False  # the board is still being laid out
        if self.busy and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            # Finish every animation at once; the input itself is handled afterwards.
            self.skip_animations()
            self.queued.append(event)
            return True
        if self.dice_entry is not None:
            return self.dice_event(event)
        if self.throw_prompt is not None:
            used = self.throw_prompt.event(event)
            if self.throw_prompt.thrown is not None:
                self.app.audio.play("click")
                self.thrown(self.throw_prompt.thrown)
            return used
        if self.tutor_card is not None:
            return self.tutor_event(event)
        if self.hint_card is not None and self.hint_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 3:
                return self.undo()
            if event.button == 1:
                return self.click(event.pos)
        if event.type == pygame.MOUSEMOTION and self.drag_from is not None:
            self.drag_at = event.pos
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag_from is not None:
            start, self.drag_from, at = self.drag_from, None, self.drag_at
            self.drag_at = None
            if at is not None and _distance(start, at) > self.view.layout.radius * 0.6:
                return self.click(event.pos, dragged=True)
            return True
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        return False

    def skip_animations(self) -> None:
        self.timeline.skip()
        if self.dice_anim is not None:
            self.dice_anim.skip()
            self.shown_dice = self.dice_anim.values
            self.dice_anim = None
        for effect in list(self.effects):
            if isinstance(effect, _Knocked):
                effect.skip()
        self.wait = min(self.wait, 0.05)

    def replay_step(self) -> None:
        """A replay: make the next recorded decision when the viewer asks (or by itself)."""
        replay = self.replaying
        assert replay is not None
        if not (self.replay_next or self.replay_auto):
            return
        self.replay_next = False
        n = len(self.log)
        if n >= len(replay.plays):
            self.replay_auto = False
            self.say("The record ends here")
            return
        entry = replay.plays[n]
        state = self.state
        action = entry.get("action")
        after = state
        by_hand = action == "roll" and bool(entry.get("manual"))  # not the seed's dice
        if action != "roll" or by_hand:  # the seed's rolls are drawn from self.rng below
            try:
                after = apply_entry(state, entry, self.rng, n, self.contribution)
            except ReplayError as exc:
                self.replay_auto = False
                self.say(f"The replay stops: {exc}")
                return
        name = self.side_name(int(entry.get("side", 0)))
        if by_hand:
            self.push(after, manual=True)
            self.throw_dice(after.dice)
        elif action == "roll":
            self.roll()
            if list(self.state.dice) != list(entry.get("dice", [])):
                self.replay_auto = False
                self.say(f"The replay stops: the seed throws {list(self.state.dice)} here")
        elif action == "play":
            play = parse_play(self.variant, state.position, state.dice, entry["play"])
            self.commit(play, animate=True)
            self.say(f"{name} plays {entry['play']}  ·  {n + 1} of {len(replay.plays)}")
        else:
            self.push(after, conceder=int(entry["side"]) if action == "concede" else None)
            words = REPLAY_WORDS.get(str(action), str(action))
            self.say(f"{name} {words}  ·  {n + 1} of {len(replay.plays)}")
        self.wait = REPLAY_PAUSE if self.replay_auto else 0.0

    def replay_back(self) -> bool:
        """A replay: back to before the last play made (and the roll that led to it)."""
        replay = self.replaying
        assert replay is not None
        n = len(self.log)
        plays = [i for i in range(n) if replay.plays[i].get("action") == "play"]
        if not plays:
            return False
        target = plays[-1]
        if target and replay.plays[target - 1].get("action") == "roll":
            target -= 1
        rng = replay.dice()
        states = [first_state(replay, rng)]
        for i, entry in enumerate(replay.plays[:target]):
            states.append(apply_entry(states[-1], entry, rng, i, replay.contribution))
        self.rng = rng
        self.game = m.Game(states[0])
        self.game.states = states
        self.log = [dict(e) for e in replay.plays[:target]]
        self.replay_auto = False
        self.finished = False
        self.shown = self.state.position
        self.shown_dice = self.state.dice
        self.say(f"Back to move {target} of {len(replay.plays)}")
        return True

    def replay_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RIGHT, pygame.K_SPACE, pygame.K_RETURN, pygame.K_n):
            self.replay_next = True
            return True
        if event.key in (pygame.K_LEFT, pygame.K_p):
            return self.replay_back()
        if event.key == pygame.K_a:
            self.replay_auto = not self.replay_auto
            self.say("Playing on by itself (A stops)" if self.replay_auto else REPLAY_HELP)
            return True
        return False

    def key(self, event: pygame.event.Event) -> bool:
        if self.replaying is not None:
            return self.replay_key(event)
        if event.key == pygame.K_h:
            return self.toggle_hint()
        if event.key in (pygame.K_BACKSPACE, pygame.K_u):
            return self.undo()
        if event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_r):
            return self.primary()
        if event.key == pygame.K_d:
            return self.press("double")
        return False

    def primary(self) -> bool:
        """Space / Enter: roll, or end a finished turn."""
        if "roll" in self.buttons:
            return self.press("roll")
        if "done" in self.buttons:
            return self.press("done")
        return False

    def press(self, name: str) -> bool:
        state = self.state
        # The buttons drawn last can be out of date: inputs that come in one frame (a
        # double click on Roll) are handled before the next drawing.
        if name not in self.buttons or name not in dict(self.wanted_buttons()):
            return False
        self.app.audio.play("click")
        if name == "roll":
            self.roll()
        elif name == "double":
            self.push(m.double(state))
            self.app.audio.play("double")
            self.say(f"{self.side_name(state.on_roll)} doubles")
        elif name == "take":
            self.push(m.take(state))
        elif name == "drop":
            self.push(m.drop(state))
        elif name == "beaver":
            self.push(m.beaver(state))
        elif name == "done" and self.turn is not None:
            play = self.turn.complete()
            if play is not None:
                self.finish(play)
        elif name == "hint":
            self.toggle_hint()
        elif name == "undo":
            self.undo()
        elif name.startswith("resign"):
            self.resigning = False
            level = int(name.removeprefix("resign"))
            self.push(m.resign(state, level))
            words = {1: "a single game", 2: "a gammon", 3: "a backgammon"}[level]
            self.say(f"{self.side_name(state.on_roll)} offers to resign {words}")
        elif name == "cancel":
            self.resigning = False
        elif name == "accept":
            self.push(m.accept(state))
        elif name == "reject":
            self.push(m.reject(state))
            self.say(f"{self.side_name(state.to_act)} refuses: play on")
        elif name.startswith("choose"):
            self.push(m.choose_die(state, int(name.removeprefix("choose"))))
        return True

    def undo(self) -> bool:
        if self.turn is None or self.busy or self.tutor_card is not None:
            return False
        move = self.turn.undo()
        if move is None:
            return False
        self.review = None  # a play the tutor was judging is no longer the play
        self.selected = None
        self.shown = self.turn.position.with_to_act(self.state.to_act)
        return True

    def pos_at(self, point: tuple[int, int], side: int) -> int | None:
        """The mover's pos under ``point`` (0 for its bar or hand, L+1 for its tray)."""
        key = self.view.layout.spot_at(point)
        if key is None:
            return None
        kind, index = key
        if kind in ("bar", "hand"):
            return 0 if index == side else None
        if kind == "off":
            return self.variant.off_pos if index == side else None
        for pos in range(1, self.variant.track_length + 1):
            if self.variant.cell(side, pos) == index:
                return pos
        return None

    def click(self, point: tuple[int, int], dragged: bool = False) -> bool:
        for name, rect in self.buttons.items():
            if rect.collidepoint(point):
                return self.press(name)
        state = self.state
        if state.phase is m.Phase.ROLL and self.human_to_act():
            x, y, w, h = self.view.layout.dice_area
            if pygame.Rect(int(x), int(y), int(w), int(h)).collidepoint(point):
                return self.press("roll")
        if self.turn is None or not self.human_to_act() or state.phase is not m.Phase.MOVE:
            return False
        pos = self.pos_at(point, state.to_act)
        if pos is None:
            if not dragged:
                self.selected = None
            return False
        if self.selected is not None:
            moves = self.turn.moves_from(self.selected)
            if pos in moves:
                self.make(moves[pos])
                return True
        if pos in self.turn.sources():
            if self.selected == pos and not dragged:
                self.selected = None
                return True
            self.selected = pos
            # A single destination is played at once on a second click of the same man
            self.drag_from = point
            self.drag_at = None
            self.app.audio.play("click")
            return True
        if not dragged:
            self.selected = None
        return False

    def make(self, move: Move) -> None:
        assert self.turn is not None
        side = self.state.to_act
        self.close_hint()  # the person plays on their own
        self.shown = self.turn.position.with_to_act(side)
        self.turn.make(move)
        self.selected = None
        self.animate_steps(side, move.steps)

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

    def toggle_hint(self) -> bool:
        """H or the Hint button: open the hint card (the worker ranks the plays), or close it."""
        if self.hint_card is not None:
            self.close_hint()
            return True
        if not self.hint_offered() or self.busy:
            return False
        if not self.advice:
            self.say(self.hint_note())
            return True
        assert self.turn is not None
        state = self.state
        card = HintCard(state, len(self.turn.plays))
        if self.hint_state is state and self.hint_ranked is not None:
            card.ranked = self.hint_ranked
        elif self.hint_state is not state or self.hint_job is None:
            self.hint_state = state
            self.hint_ranked = None
            self.hint_job = self.worker().submit(hint_ranking, state)
        self.hint_card = card
        self.app.audio.play("click")
        self.place_cards()
        return True

    def close_hint(self) -> None:
        self.hint_card = None

    def poll_hint(self) -> None:
        """Take the worker's ranking when it is ready (kept for the turn's state)."""
        job = self.hint_job
        if job is None or not job.done():
            return
        self.hint_job = None
        try:
            ranked = job.result()
        except Exception:
            log.exception("the hint could not rank the plays")
            ranked = None
        card = self.hint_card
        if ranked is None:
            self.hint_state = None
            if card is not None:
                card.error = "The evaluation could not rank these plays."
            return
        self.hint_ranked = ranked
        if card is not None and card.state is self.hint_state:
            card.ranked = ranked
            # Move the card only if it hides the best play (or does not fit any more).
            spots = self.preview_points(card.shown[0].play if card.shown else None)
            if card.size(card.scale) != card.target.size or covers(
                card.target, spots, self.view.layout.radius * 0.6
            ):
                self.place_cards()

    def choose_hint(self, index: int) -> bool:
        """Show the hint's ``index``-th play on the board (steps made so far are taken
        back: the hint is for the whole roll)."""
        card = self.hint_card
        if card is None or not 0 <= index < len(card.shown):
            return False
        card.chosen = index
        if self.turn is not None and self.turn.moves:
            self.turn.undo_all()
            self.review = None
            self.selected = None
            self.shown = self.resting()
        self.app.audio.play("click")
        spots = self.preview_points(card.chosen_play)
        if covers(card.target, spots, self.view.layout.radius * 0.6):
            self.place_cards()
        return True

    def apply_hint(self) -> bool:
        """Make the chosen hint's play for the person, its men sliding into place."""
        card = self.hint_card
        play = card.chosen_play if card is not None else None
        if play is None or self.turn is None or card is None or card.state is not self.state:
            return False
        side = self.state.to_act
        self.close_hint()
        self.turn.undo_all()
        self.selected = None
        self.shown = self.turn.position.with_to_act(side)
        for step in play:
            self.turn.make(Move(step.src, step.dst, (step,)))
        self.animate_steps(side, play)
        self.app.audio.play("click")
        return True

    def hint_event(self, event: pygame.event.Event) -> bool:
        """Input for the open hint card; False lets the board have it."""
        card = self.hint_card
        assert card is not None
        if event.type == pygame.MOUSEMOTION:
            card.hover_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = card.hit(event.pos)
            if hit is None:
                return False
            kind, what = hit
            if kind == "row":
                if card.chosen == what:
                    return self.apply_hint()  # a second click on the shown play makes it
                return self.choose_hint(what)
            if kind == "button" and what == "apply":
                return self.apply_hint()
            if kind == "button" and what == "close":
                self.close_hint()
            return True  # a click on the card never reaches the board under it
        if event.type == pygame.MOUSEBUTTONUP and card.rect.collidepoint(event.pos):
            self.drag_from = self.drag_at = None
            return True
        if event.type != pygame.KEYDOWN:
            return False
        numbers = {getattr(pygame, f"K_{i}"): i - 1 for i in range(1, HINT_ROWS + 1)}
        numbers |= {getattr(pygame, f"K_KP{i}"): i - 1 for i in range(1, HINT_ROWS + 1)}
        if event.key in numbers:
            return self.choose_hint(numbers[event.key])
        if event.key in (pygame.K_UP, pygame.K_DOWN) and card.shown:
            step = -1 if event.key == pygame.K_UP else 1
            now = card.chosen if card.chosen is not None else (-1 if step > 0 else 0)
            return self.choose_hint((now + step) % len(card.shown))
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return card.chosen_play is not None and self.apply_hint()
        return False

    def poll_review(self) -> None:
        """The tutor's judgement of the play made: a good play goes on at once; one that
        gives away 0.03 or more waits for Take back or Keep."""
        job, review = self.review_job, self.review
        if job is None or review is None or not job.done():
            return
        self.review = None
        self.review_job = None
        state, play = review
        turn = self.turn
        if state is not self.state or turn is None or turn.complete() != play:
            return  # stale: the play changed meanwhile
        side = state.to_act
        try:
            loss, ranked = job.result()
        except Exception:
            log.exception("the tutor could not judge the play")
            self.commit(play, animate=False)
            return
        word = grade(loss)
        best = ranked[0].play if ranked else play
        if word is None:
            self.tally[side] = self.tally.get(side, TutorTally()).add(loss)
            self.judged.append(Judged(state, play, best, loss))
            word = "Best play"
            if loss >= 0.0005:
                lost = f"{100 * loss:.1f}%" if chance_game(self.variant.players) else f"{loss:.3f}"
                word = f"Good play: {lost} short of the best"
            self.good = (self.t, word)
            self.commit(play, animate=False)
            return
        self.tutor_card = TutorCard(Verdict(state, play, loss, best, word, ranked))
        self.place_cards()

    def dice_event(self, event: pygame.event.Event) -> bool:
        """Input while the dice thrown by hand are entered: nothing else happens."""
        entry = self.dice_entry
        assert entry is not None
        used = False
        if event.type == pygame.KEYDOWN:
            used = entry.key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            used = entry.click(event.pos)
        if entry.done:
            self.app.audio.play("click")
            self.entered()
        return used

    def tutor_event(self, event: pygame.event.Event) -> bool:
        """Input while the tutor waits for an answer: Take back or Keep, nothing else."""
        card = self.tutor_card
        assert card is not None
        if event.type == pygame.MOUSEMOTION:
            card.hover_at(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return self.take_back()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = card.hit(event.pos)
            if hit == ("button", "takeback"):
                return self.take_back()
            if hit == ("button", "keep"):
                return self.keep()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_BACKSPACE, pygame.K_u, pygame.K_t):
                return self.take_back()
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_k):
                return self.keep()
        return False

    def take_back(self) -> bool:
        """Undo the whole play the tutor flagged: the person plays the roll again."""
        card = self.tutor_card
        if card is None or self.turn is None:
            return False
        side = card.verdict.state.to_act
        self.tutor_card = None
        self.tally[side] = self.tally.get(side, TutorTally()).took_back()
        self.turn.undo_all()
        self.selected = None
        self.shown = self.resting()
        self.app.audio.play("click")
        self.say("Taken back: play the roll again")
        return True

    def keep(self) -> bool:
        """Keep the flagged play: it is made, and counted against the person."""
        card = self.tutor_card
        if card is None:
            return False
        verdict = card.verdict
        self.tutor_card = None
        if verdict.state is not self.state:
            return True
        side = verdict.state.to_act
        self.tally[side] = self.tally.get(side, TutorTally()).add(verdict.loss)
        self.judged.append(Judged(verdict.state, verdict.play, verdict.best, verdict.loss))
        self.app.audio.play("click")
        self.commit(verdict.play, animate=False)
        return True

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


class _Knocked:
    """A struck man flying to its bar (an effect: it does not hold up the game)."""

    def __init__(self, scene: BoardScene, side: int, slide: Slide) -> None:
        self.scene = scene
        self.side = side
        self.slide = slide

    @property
    def done(self) -> bool:
        return self.slide.done

    def update(self, dt: float) -> float:
        left = self.slide.update(dt)
        if self.slide.done:
            self._land()
        return left

    def skip(self) -> None:
        self.slide.skip()
        self._land()

    def _land(self) -> None:
        if self.scene.flying.pop(self, None) is not None:
            self.scene.shown = self.scene.drop(self.scene.shown, self.side, 0)


def _distance(a: tuple[int, int], b: tuple[int, int]) -> float:
    return float(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5)


__all__ = ["BoardScene", "computer_decision", "computer_play"]
