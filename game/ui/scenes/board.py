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
"""

from __future__ import annotations

import random
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from typing import Any

import pygame

from game.rules import match as m
from game.rules.outcome import Kind
from game.rules.play import Play, Step
from game.rules.position import Position
from game.rules.variants import find_variant
from game.ui.anim.effects import DiceThrow, Impact, Slide, Sparkle
from game.ui.anim.tween import Call, Delay, Timeline
from game.ui.assets import font
from game.ui.render.board_view import BoardView
from game.ui.render.layout import SpotKey, path, spot_key
from game.ui.scenes.base import Scene
from game.ui.session import GameSetup, GameSummary, PauseChoice, Seat
from game.ui.theme import side_colours, theme_for
from game.ui.turn import Move, TurnInput

STEP_TIME = 0.085  # seconds per point a man slides past, at normal speed
THINK_PAUSE = 0.35  # a computer seat's pause before it rolls or moves
END_PAUSE = 1.2  # the last position stays on screen before the results

KIND_WORDS = {
    Kind.SINGLE: "wins",
    Kind.GAMMON: "wins a gammon",
    Kind.BACKGAMMON: "wins a backgammon",
    Kind.SHUTOUT: "wins by a shut-out",
    Kind.LYMPOLDING: "wins by lympolding",
    Kind.LURCHING: "wins by lurching",
    Kind.LAST_MOVER: "wins as the last to move",
}


def computer_play(state: m.GameState, level: str, seed: int) -> Play:
    """The play a computer seat chooses: through ``game.ai`` at its level, or a random
    legal play (novice) where the variant has no trained evaluation yet."""
    from game.ai.players import LevelUnavailable, choose_play

    try:
        return choose_play(state, level, seed)
    except LevelUnavailable:
        return choose_play(state, "novice", seed)


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

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.executor: ThreadPoolExecutor | None = None

    # -- starting ------------------------------------------------------------------

    def on_enter(self, payload: Any = None) -> None:
        previous: m.GameState | None = None
        if isinstance(payload, tuple):
            setup, previous = payload
        elif isinstance(payload, GameSetup):
            setup = payload
        else:
            raise TypeError(f"BoardScene needs a GameSetup, got {payload!r}")
        self.setup = setup
        self.variant = find_variant(setup.variant_id, setup.options)
        self.seed = setup.seed if setup.seed is not None else random.SystemRandom().getrandbits(48)
        self.rng = random.Random(self.seed)
        self.fx_rng = random.Random(self.seed ^ 0x5EED)
        if previous is not None:
            state = m.next_game(previous, self.rng)
        else:
            state = m.new_game(self.variant, self.rng)
        self.game = m.Game(state)
        seats = tuple(setup.seats) + (Seat(human=False),) * self.variant.players
        self.seats: tuple[Seat, ...] = seats[: self.variant.players]
        humans = [i for i, seat in enumerate(self.seats) if seat.human]
        self.viewer = humans[0] if humans else 0
        self.theme = theme_for(self.variant.id, self.app.settings.palette)
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
        self.hits = [0] * self.variant.players
        self.t = 0.0
        self.finished = False
        self.buttons: dict[str, pygame.Rect] = {}
        self.resigning = False  # a person is choosing how much to resign (backgammon)
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

    def prepare(self) -> None:
        """Paint the board's background (up to a few seconds on a 4K screen) in a worker
        thread while the window shows that the board is being laid out; headless runs
        (tests, demos) paint it at once."""
        if self.app.headless:
            self.view.background()
            return
        if self.executor is None:
            self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="board")
        self.preparing = self.executor.submit(self.view.background)

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
                self.push(m.concede(state, loser))
                self.say(f"{self.side_name(loser)} concedes")
        elif result == PauseChoice.MENU:
            self.app.home()
        elif result == PauseChoice.QUIT:
            self.app.quit()

    # -- state -----------------------------------------------------------------------------

    @property
    def state(self) -> m.GameState:
        return self.game.state

    def push(self, state: m.GameState) -> None:
        self.game.push(state)

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
        side = state.to_act
        seat = self.seat(side)
        if state.phase is m.Phase.ROLL:
            if not seat.human:
                self.roll()
            return
        if state.phase is m.Phase.CHOOSE:
            if not seat.human:
                value = self.rng.randint(1, self.variant.faces)
                self.push(m.choose_die(state, value))
                self.say(f"{self.side_name(side)} names a {value}")
                self.wait = THINK_PAUSE
            return
        if state.phase is m.Phase.TAKE:
            if not seat.human:
                self.push(m.take(state))  # novice: always takes
                self.say(f"{self.side_name(side)} takes")
                self.wait = THINK_PAUSE
            return
        if state.phase is m.Phase.RESIGN:
            if not seat.human:
                # Novice: accepts any resignation (the trained levels judge it, issue 5).
                self.push(m.accept(state))
                self.say(f"{self.side_name(side)} accepts")
            return
        if state.phase is m.Phase.MOVE:
            if seat.human:
                self.human_turn()
            else:
                self.computer_turn()

    def roll(self) -> None:
        state = m.roll(self.state, self.rng)
        self.push(state)
        self.throw_dice(state.dice)

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
            forced = self.turn.forced
            if forced is not None:
                name = self.side_name(state.to_act)
                self.say(f"{name} cannot move: pass" if not forced else f"Forced play for {name}")
                self.commit(forced, animate=True)
                self.wait = 0.9
                return
        done = self.turn.complete()
        if done is not None and not (self.app.settings.confirm_turn and self.turn.moves):
            self.commit(done, animate=False)

    def computer_turn(self) -> None:
        state = self.state
        if self.pending is None:
            if self.executor is None:
                self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
            seat = self.seat(state.to_act)
            seed = self.rng.getrandbits(32)
            self.pending = self.executor.submit(computer_play, state, seat.level, seed)
            return
        if not self.pending.done():
            return
        play = self.pending.result()
        self.pending = None
        if not play:
            self.say(f"{self.side_name(state.to_act)} cannot move")
        self.commit(play, animate=True)
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
        self.push(after)
        if after.phase is m.Phase.MOVE and after.roller is not None:
            self.shown_dice = after.dice
            self.say(f"{self.side_name(after.to_act)} may play {self.dice_text(after.dice)}")

    def animate_steps(self, side: int, steps: tuple[Step, ...] | Play) -> None:
        for step in steps:
            self.timeline.add(StepAnimation(self, side, step))

    def show_results(self) -> None:
        from game.ui.scenes.results import ResultsScene

        state = self.state
        summary = GameSummary(
            setup=self.setup,
            state=state,
            seed=self.seed,
            turns=state.turn,
            hits=tuple(self.hits),
            pips=tuple(state.position.pip_count(s) for s in range(self.variant.players)),
            match_over=state.match.length == 0 or state.match.winner is not None,
        )
        if self.app.demo:
            self.on_exit()
            self.on_enter(replace(self.setup, seed=self.rng.getrandbits(32)))
            return
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
        return "-".join(str(d) for d in dice)

    # -- people's input ----------------------------------------------------------------------

    def human_to_act(self) -> bool:
        return not self.state.is_over and self.seat(self.state.to_act).human

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            from game.ui.scenes.pause import PauseScene

            self.app.push(PauseScene(self.app), self.variant.id)
            return True
        if not self.ready:
            return False  # the board is still being laid out
        if self.busy and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            # Finish every animation at once; the input itself is handled afterwards.
            self.skip_animations()
            self.queued.append(event)
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

    def key(self, event: pygame.event.Event) -> bool:
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
        if name not in self.buttons or not self.human_to_act():
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
                self.commit(play, animate=False)
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
        if self.turn is None or self.busy:
            return False
        move = self.turn.undo()
        if move is None:
            return False
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
        self.shown = self.turn.position.with_to_act(side)
        self.turn.make(move)
        self.selected = None
        self.animate_steps(side, move.steps)

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
        view.draw_highlights(surface, self.movable(), self.t, strength=0.35)
        view.draw_highlights(surface, self.highlights(), self.t)
        view.draw_men(surface, self.shown, hidden=hidden, selected=selected)
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
        self.draw_controls(surface)
        self.draw_message(surface)

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
        if self.busy or not self.human_to_act():
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
        if not wanted:
            return
        label_font = font("caps", round(26 * scale))
        mouse = pygame.mouse.get_pos()
        radius = round(8 * scale)
        for (name, text), rect in zip(wanted, self.control_rects(wanted), strict=True):
            hover = rect.collidepoint(mouse)
            shadow = rect.move(0, round(3 * scale))
            pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=radius)
            body = theme.accent if hover else theme.frame
            pygame.draw.rect(surface, body, rect, border_radius=radius)
            pygame.draw.rect(surface, theme.accent, rect, max(1, round(2 * scale)), radius)
            ink = theme.frame_dark if hover else theme.text
            label = label_font.render(text, True, ink)
            surface.blit(label, label.get_rect(center=rect.center))
            self.buttons[name] = rect

    def draw_message(self, surface: pygame.Surface) -> None:
        state = self.state
        text = self.message
        if not text or self.t - self.message_time > 4.0:
            text = self.prompt(state)
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
            return
        if below >= face.get_height() + pad or width - (fx + fw) < 120 * scale:
            # A line at the foot of the window, under the board.
            label = face.render(text, True, self.theme.text)
            box = label.get_rect(midbottom=(width // 2, height - pad))
            back = pygame.Surface(box.inflate(3 * pad, pad).size, pygame.SRCALPHA)
            back.fill((0, 0, 0, 150))
            surface.blit(back, back.get_rect(center=box.center))
            surface.blit(label, box)
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


__all__ = ["BoardScene", "computer_play"]
