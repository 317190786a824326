"""The table: a game in progress without a window.

``Table`` holds the seats, the game (``m.Game``), the dice (the seed, the player's
contribution and the generators' states), the computer's worker thread, the hints
and the tutor's jobs, the record of decisions, saving (through an injected
``keep`` callable) and replays. The window (``game.ui.scenes.board``) gives it a
person's decisions (``apply``, ``roll``, ``enter_dice``, ``throw_in``, ``finish``)
and calls ``advance()`` when nothing is animating; ``poll()`` hands back what
happened as small events (``game.play.events``) for the window to show.

A decision is made at once on the game; its record entry is
``actions.action_to_json`` of the state before it (the format saved games and
replays in the field are written in).
"""

from __future__ import annotations

import logging
import random
import uuid
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from typing import Any

from game.i18n import _
from game.play import events as ev
from game.play import tutoring
from game.play.advice import TutorTally
from game.play.advisers import (
    advice_available,
    decide,
    expert_cube,
    hint_first_look,
    hint_ranking,
    warm_advice,
)
from game.play.analysis import cube_due
from game.play.autoplay import make_sure_play
from game.play.hint_desk import HintDesk
from game.play.record import SAID, named_words
from game.play.replaying import REPLAY_HELP, replay_step
from game.play.session import (
    CubeCall,
    GameSetup,
    GameSummary,
    Judged,
    SavedGame,
    Seat,
    replay_seats,
    resumed_states,
)
from game.play.turn import TurnInput
from game.rules import actions as a
from game.rules import match as m
from game.rules import tavli
from game.rules.dice import dice_stream, new_seed, seed_seal
from game.rules.errors import RulesError
from game.rules.notation import format_turn
from game.rules.play import Play
from game.rules.replay import Replay, first_state
from game.rules.serial import state_from_json
from game.rules.variants import find_variant

log = logging.getLogger(__name__)

PERSON_SAYS = (a.Double, a.Resign, a.Concede, a.Reject)  # heard by the other side


def dice_text(dice: tuple[int, ...]) -> str:
    return "-".join(str(d) for d in dice)


def replay_setup(replay: Replay) -> GameSetup:
    """The setup a replay is watched with: every side played from the record."""
    return GameSetup(
        replay.variant_id,
        dict(replay.options),
        seats=replay_seats(replay),
        seed=replay.seed,
        mode="replay",
    )


class Table:
    """A game from the first throw to the result, played by any mix of people and
    computer seats; see the module's docstring."""

    def __init__(
        self,
        setup: GameSetup,
        *,
        previous: m.GameState | None = None,
        saved: SavedGame | None = None,
        replay: Replay | None = None,
        ask_throw: bool = False,
        keep: Callable[[SavedGame], None] | None = None,
        name: Callable[[int], str] | None = None,
    ) -> None:
        if not setup.match_id:
            setup = replace(setup, match_id=uuid.uuid4().hex[:16])
        if previous is not None and previous.match.cycle:  # Tavli: the cycle's next game
            match = m.next_match(previous)[0]
            setup = replace(setup, variant_id=tavli.variant_in_turn(match).id, options={})
        elif setup.tavli and saved is None and replay is None:
            # A new Tavli match begins with Portes, whichever game the setup names (the
            # last game's setup played again begins a new match); a wrong length raises.
            tavli.start_match(setup.tavli)
            setup = replace(setup, variant_id=tavli.CYCLE[0], options={})
        self.setup = setup
        self.variant = find_variant(setup.variant_id, setup.options)
        self.replaying = replay
        self.previous = previous
        self.saved_from = saved
        self.keep = keep
        self.name = name or (lambda side: self.seat(side).label(_("Side {n}").format(n=side + 1)))
        self.ask_throw = ask_throw and saved is None and replay is None
        self.manual = setup.manual_dice and replay is None
        # The window's setting: a person's play is made the moment the dice are used
        # (True), or waits until the person picks up the dice (``pick_up``), undo allowed.
        self.end_at_once = False
        # The window's setting "Bear off automatically" (``game.play.autoplay``).
        self.auto_bear_off = False
        self._events: list[ev.Event] = []
        self._dice_seeds(setup, saved, replay)
        self.game = m.Game(self._first_state(saved, replay))
        if saved is not None:
            self.game.states = resumed_states(saved)
        # The opening throw, kept with the saves (``game.play.saved_dice``).
        self.opening_thrown = (saved.opening_thrown if saved else ()) or self.game.states[0].opening
        state = self.state
        # How this game began within its match, for replays (game.rules.replay).
        self.start: dict[str, Any] = (
            saved.start
            if saved is not None
            else {"match": state.match, "starter": previous.winner if previous else None}
        )
        if saved is None and self.own_first():  # replays begin where the game began
            self.start["first"] = setup.first
        if self.contribution:  # kept with the game: its dice are the seed's and this
            self.start["contribution"] = self.contribution
        self.log: list[dict[str, Any]] = list(saved.log) if saved else []
        self.hits = list(saved.hits) if saved else [0] * self.variant.players
        seats = tuple(setup.seats) + (Seat(human=False),) * self.variant.players
        self.seats: tuple[Seat, ...] = seats[: self.variant.players]
        humans = [i for i, seat in enumerate(self.seats) if seat.human]
        self.viewer = humans[0] if humans else 0
        if replay is not None:
            self.viewer = next((i for i, s in enumerate(replay.seats) if s.get("human")), 0)
        self.executor: ThreadPoolExecutor | None = None
        # The tutor judges in a worker of its own from the moment a person's play is
        # complete (``early``): picking up the dice then waits for a judgement not ready
        # yet (a moment), so the verdict always comes while the play can be taken back.
        self.advisor: ThreadPoolExecutor | None = None
        self.early: tuple[m.GameState, Play, Future[tuple[float, list[Any]]]] | None = None
        self.pending: Future[a.Action | None] | None = None  # a computer seat thinking
        # Practice: the expert's decision and advice at a computer seat's cube decision.
        self.pending_cube: Future[tuple[a.Action | None, str]] | None = None
        self.pending_state: m.GameState | None = None  # the state it thinks about
        self.dice_wanted: ev.DiceAsked | None = None  # physical dice: the throw awaited
        self.throw_wanted = False  # the player's throw is awaited
        self.turn: TurnInput | None = None  # a person's steps of the turn so far
        self.finished = False  # the end of the game was told
        self.replay_next = False  # replays: the viewer asked for the next decision
        self.replay_auto = False  # replays: decisions follow one another by themselves
        # Hints and the tutor (practice): the worker's jobs, the tally, the plays judged.
        self.advice = setup.hints and advice_available(self.variant.id)
        self.hints = HintDesk()  # a first look at once, the deeper ranking from the worker
        self.review: tuple[m.GameState, Play] | None = None  # a play the tutor is judging
        self.review_job: Future[tuple[float, list[Any]]] | None = None
        self.judgement: ev.Judgement | None = None  # the tutor awaits Take back or Keep
        self.tally: dict[int, TutorTally] = (
            {side: TutorTally() for side in humans} if self.advice else {}
        )
        if saved is not None and self.advice:
            self.tally.update(saved.tally)
        if self.advice and replay is None:
            self.adviser().submit(warm_advice, self.variant)
        self.judged: list[Judged] = list(saved.judged) if saved is not None else []
        # Practice: each computer seat's cube decision beside the expert's advice.
        self.cube_calls: list[CubeCall] = list(saved.cube_calls) if saved is not None else []

    def _dice_seeds(self, setup: GameSetup, saved: SavedGame | None, replay: Replay | None) -> None:
        """The dice come from the game's seed and the player's contribution alone (so
        they replay every roll); the computer seats' seeds have their own generator."""
        if saved is not None:
            self.seed = saved.seed
            self.contribution = str(saved.start.get("contribution", ""))
        else:
            self.seed = setup.seed if setup.seed is not None else new_seed()
            self.contribution = setup.contribution
        if replay is not None:  # the replay's own dice
            self.seed, self.contribution = replay.seed, replay.contribution
        self.rng = dice_stream(self.seed, self.contribution)
        self.ai_rng = random.Random(self.seed ^ 0xA1A1)
        if saved is not None:
            self.rng.setstate(saved.rng_state)
            if saved.ai_rng_state is not None:
                self.ai_rng.setstate(saved.ai_rng_state)

    def _first_state(self, saved: SavedGame | None, replay: Replay | None) -> m.GameState:
        if saved is not None:
            return saved.state
        if replay is not None:
            return first_state(replay, self.rng)
        if (self.manual and self.needs_opening()) or self.ask_throw:
            # Physical dice: the opening throw is entered first (the game waits); a
            # fresh seed: the player's throw is mixed into the dice first.
            # (A game of its own start shows that position while it waits.)
            first = state_from_json(self.setup.first).position if self.own_first() else None
            position = first or self.variant.start_position()
            return m.GameState(self.variant, position, m.Phase.ROLL, match=self._match())
        if self.previous is not None and self.manual:  # the last game's winner starts
            match, starter = m.next_match(self.previous)
            position = self.variant.start_position().with_to_act(starter or 0)
            return m.GameState(self.variant, position, m.Phase.ROLL, match=match)
        return self._new_game()

    def _match(self) -> m.MatchScore:
        if self.previous is None:
            if self.setup.tavli:
                return tavli.start_match(self.setup.tavli, self.variant.id, self.variant.players)
            return m.match_from_options(self.variant)
        return m.next_match(self.previous)[0]

    def _new_game(self) -> m.GameState:
        if self.previous is not None:
            return m.next_game(self.previous, self.rng)
        if self.own_first():
            return state_from_json(self.setup.first)
        return m.new_game(self.variant, self.rng, self._match())

    def own_first(self) -> bool:
        """Whether the game begins from a state of its own (a campaign level's
        position and throw), not the variant's start and an opening throw."""
        return self.setup.first is not None and self.previous is None

    def needs_opening(self) -> bool:
        """Whether this game starts with an opening throw (not when the last game's
        winner starts a historical game of a match, nor from a position of its own)."""
        if self.own_first():
            return False
        previous = self.previous
        return previous is None or self.variant.has_opening_roll_play or previous.winner is None

    def begin(self) -> None:
        """Tell the window how the game starts (and keep a new game as the one in
        progress); events follow through ``poll()``."""
        state, saved = self.state, self.saved_from
        if saved is not None or self.replaying is not None:
            if state.dice:
                self._tell(ev.DiceShown(state.dice))
            if saved is not None:
                notice = f" ({saved.notice})" if saved.notice else ""
                log.info("Resumed: %s%s", saved.describe(), notice)
                self._tell(ev.Resumed(saved, lost_dice=bool(saved.notice)))
            else:
                self.say(_(REPLAY_HELP))
            return
        if self.manual and self.needs_opening():
            self._ask_opening(_("Opening throw: one die each"))
            self.say(_("Throw one die for each side and enter them"))
            return
        if self.ask_throw:
            self.throw_wanted = True
            self._tell(ev.ThrowAsked(seed_seal(self.seed)))
            self.say(_("Throw the dice: click or press Enter"))
            return
        self._open(state)

    def _ask_opening(self, title: str) -> None:
        names = tuple(self.name(side) for side in range(self.variant.players))
        players, faces = self.variant.players, self.variant.faces
        self.dice_wanted = ev.DiceAsked(title, players, faces, names, opening=True)
        self._tell(self.dice_wanted)

    def _open(self, state: m.GameState) -> None:
        """The game begins: kept as the game in progress, the opening throw shown."""
        self.opening_thrown = tuple(state.opening)
        self.save()  # the new game replaces any game in progress
        self._tell(ev.Opened(state))
        throws = [str(d) for d in state.opening]
        if throws:
            # TRANSLATORS: the opening throw, one die for each side ("3-5", "3-5-2-6")
            opener = _("Opening throw {dice}: {name} starts").format(
                dice="-".join(throws), name=self.name(state.on_roll)
            )
            self.say(opener, brief=True)
        elif self.own_first():
            dice = "-".join(str(d) for d in state.dice)
            self.say(
                _("The game begins from this position: {name} plays {dice}").format(
                    name=self.name(state.to_act), dice=dice
                )
            )

    def throw_in(self, contribution: str) -> None:
        """The player threw: the contribution is mixed with the seed into the dice, and
        the game opens with them."""
        if not self.throw_wanted:
            raise ValueError(f"no throw is awaited, got {contribution!r:.40}")
        self.throw_wanted = False
        self.contribution = contribution
        self.rng = dice_stream(self.seed, contribution)
        state = self._new_game()
        self.game = m.Game(state)
        self.start["match"] = state.match
        self.start["contribution"] = contribution
        self._open(state)
        self._tell(ev.Thrown(contribution, bool(state.opening)))

    def close(self) -> None:
        """The window closes: the worker's jobs are dropped."""
        self.drop_hint()
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = None
        if self.advisor is not None:
            self.advisor.shutdown(wait=False, cancel_futures=True)
            self.advisor = None

    def adviser(self) -> ThreadPoolExecutor:
        if self.advisor is None:
            self.advisor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tutor")
        return self.advisor

    def worker(self) -> ThreadPoolExecutor:
        if self.executor is None:
            self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="board")
        return self.executor

    # -- what the window reads -----------------------------------------------------------

    @property
    def state(self) -> m.GameState:
        return self.game.state

    def seat(self, side: int) -> Seat:
        return self.seats[side]

    def human_to_act(self) -> bool:
        return not self.state.is_over and self.seat(self.state.to_act).human

    def legal_actions(self) -> list[a.Action]:
        """What the side to act may do now (``game.rules.actions.legal_actions``)."""
        return a.legal_actions(self.state)

    def say(self, text: str, *, brief: bool = False) -> None:
        self._tell(ev.Said(text, brief))

    def _tell(self, event: ev.Event) -> None:
        self._events.append(event)

    def poll(self) -> list[ev.Event]:
        """What happened since the last poll, in order (a hint's ranking ready joins)."""
        self._poll_hint()
        events, self._events = self._events, []
        return events

    # -- the record and saving -----------------------------------------------------------

    def _push(self, action: a.Action, after: m.GameState) -> None:
        """``after`` is the game's new state, reached by ``action``: recorded and saved
        (a roll is recorded with all its dice, and marked when entered by hand, or the
        save would not replay)."""
        before = self.state
        if isinstance(action, a.Roll):
            action = a.Roll(after.dice, by_hand=action.by_hand)
        self.log.append(a.action_to_json(before, action))
        self.game.push(after)
        self.save()

    def save(self) -> None:
        """Keep the game in progress (after every decision), so that it can be resumed
        after a crash; a replay is never kept."""
        if self.replaying is not None or self.keep is None:
            return
        self.keep(self.saved())

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
            tuple(self.opening_thrown),
            cube_calls=tuple(self.cube_calls),
        )

    def summary(self) -> GameSummary:
        """The finished game for the results (a replay names the sides as played)."""
        state = self.state
        players = self.variant.players
        summary = GameSummary(
            setup=self.setup,
            state=state,
            seed=self.seed,
            turns=state.turn,
            hits=tuple(self.hits),
            pips=tuple(state.position.pip_count(s) for s in range(players)),
            match_over=state.match.length == 0 or state.match.winner is not None,
            tutor=(tuple(self.tally.get(s) for s in range(players)) if self.tally else ()),
            log=tuple(self.log),
            start=self.start,
            judged=tuple(self.judged),
            states=tuple(self.game.states),
            cube_calls=tuple(self.cube_calls),
        )
        if self.replaying is not None:
            seats = tuple(
                Seat(human=bool(raw.get("human")), level=str(raw.get("level", "novice")))
                for raw in self.replaying.seats
            )
            summary = replace(summary, setup=replace(self.setup, seats=seats))
        return summary

    # -- a person's decisions ------------------------------------------------------------

    def roll(self) -> None:
        """The side on roll throws: from the dice stream, or (physical dice) the throw
        is asked for."""
        state = self.state
        side = state.on_roll
        if self.manual:
            if self.dice_wanted is None:
                name = self.name(side)
                variant = self.variant
                self.dice_wanted = ev.DiceAsked(
                    _("{name} throws").format(name=name), variant.thrown_dice, variant.faces
                )
                self._tell(self.dice_wanted)
                self.say(_("{name}: enter the dice thrown").format(name=name))
            return
        roll = a.throw(state, self.rng)
        after = a.apply_action(state, roll)
        self._push(roll, after)
        self._tell(ev.Rolled(side, after.dice))

    def enter_dice(self, values: tuple[int, ...] | list[int]) -> None:
        """The dice thrown by hand are entered: the throw asked for is made with them
        (an opening throw that ties is asked for again)."""
        wanted = self.dice_wanted
        if wanted is None:
            raise ValueError(f"no dice are awaited, got {list(values)}")
        if wanted.opening:
            try:
                state = m.opened(self.variant, tuple(values), self._match())
            except RulesError:
                self._ask_opening(_("A tie: throw again"))
                self.say(_("The highest dice tie: each side throws again"))
                return
            self.dice_wanted = None
            self.game = m.Game(state)
            self.start["opening"] = list(values)
            self.start["match"] = state.match
            self._open(state)
            return
        self.apply(a.Roll(tuple(values), by_hand=True))
        self.dice_wanted = None

    def apply(self, action: a.Action) -> None:
        """A person's decision, made at once (raises ``RulesError`` and changes nothing
        when it cannot be made now)."""
        state = self.state
        if isinstance(action, a.Move):
            self.commit(action.play, animate=False)
            return
        after = a.apply_action(state, action)
        self._push(action, after)
        self._announce(a.actor(state, action), action, after, PERSON_SAYS)

    def commit(self, play: Play, *, animate: bool) -> None:
        """Make ``play`` in the game (``animate``: the window is to show its steps)."""
        state = self.state
        side = state.to_act
        plays = self.turn.plays if self.turn is not None and self.turn.state is state else None
        after = m.play(state, play, plays)
        self.turn = None
        self.review = None
        self.judgement = None
        notation = format_turn(state.variant, state.dice, play)
        self._tell(ev.Played(side, play, animate, state.position, notation))
        self._push(a.Move(play), after)
        if after.phase is m.Phase.MOVE and after.roller is not None:
            self._tell(ev.DiceShown(after.dice))
            self.say(
                _("{name} may play {dice}").format(
                    name=self.name(after.to_act), dice=dice_text(after.dice)
                )
            )
        elif after.again and after.phase is m.Phase.CHOOSE:
            self._tell(ev.DiceShown(()))  # Acey-Deucey's 1-2 played: no dice till named

    def finish(self, play: Play) -> None:
        """A person's play is complete: the tutor judges it first (practice,
        ``game.play.tutoring``), else it is made at once."""
        if tutoring.judges(self):
            tutoring.review(self, play)
            return
        self.commit(play, animate=False)

    def take_back(self) -> bool:
        """Undo the whole play the tutor flagged: the person plays the roll again."""
        return tutoring.take_back(self)

    def keep_play(self) -> bool:
        """Keep the flagged play: it is made, and counted against the person."""
        return tutoring.keep_play(self)

    def undo_step(self) -> bool:
        """Take back the person's last step of the turn."""
        if self.turn is None or self.judgement is not None:
            return False
        if self.turn.undo() is None:
            return False
        self.review = None  # a play the tutor was judging is no longer the play
        return True

    # -- hints ---------------------------------------------------------------------------

    def ask_hint(self) -> ev.HintReady | None:
        """The hint for the turn as it stands now (``HintDesk.ask``): the deeper ranking
        if the worker has made it, else a first look at once while the worker ranks
        (``HintReady`` follows unless the turn moves on or ``drop_hint`` comes first)."""
        state, turn = self.state, self.turn
        plays = list(turn.plays) if turn is not None and turn.state is state else None
        return self.hints.ask(state, plays, self.worker, hint_first_look, hint_ranking)

    def drop_hint(self) -> None:
        """Nobody waits for the hint's deeper ranking any more (the card closed, the turn
        moved on, the window closes): it is never told."""
        self.hints.drop()

    def join_hint(self, timeout: float | None = None) -> bool:
        """Wait for the hint's deeper ranking (tests and tools: the window never waits)."""
        return self.hints.join(timeout)

    def _poll_hint(self) -> None:
        ready = self.hints.poll(self.state)
        if ready is not None:
            self._tell(ready)

    # -- what comes next -----------------------------------------------------------------

    def advance(self) -> None:
        """Do what comes next when the window shows everything: the end is told, a
        computer seat rolls or decides, a replay steps, a person's turn begins."""
        state = self.state
        if state.is_over:
            if not self.finished:
                self.finished = True
                self._tell(ev.GameOver(state))
            return
        if self.replaying is not None:
            replay_step(self)
            return
        if self.dice_wanted is not None or self.throw_wanted:
            return  # the dice thrown by hand, or the player's throw, are awaited
        if not self.seat(state.to_act).human:
            if state.phase is m.Phase.ROLL and not m.can_double(state):
                self.roll()
            else:
                self._computer_turn()
            return
        if state.phase is m.Phase.MOVE:
            self._human_turn()

    def _human_turn(self) -> None:
        state = self.state
        if self.turn is None or self.turn.state is not state:
            self.turn = TurnInput(state, m.legal_plays(state))
            self._tell(ev.TurnStarted(state))
            forced = self.turn.forced
            if forced is not None:
                name = self.name(state.to_act)
                if forced:  # named, as the computer's plays are: what just happened
                    words = format_turn(state.variant, state.dice, forced)
                    self.say(_("Forced play for {name}: {play}").format(name=name, play=words))
                else:
                    self.say(_("{name} cannot move: pass").format(name=name))
                self.commit(forced, animate=True)
                self._tell(ev.Wait("forced"))
                return
            if self.auto_bear_off and make_sure_play(self):
                return
        if self.review is not None:
            tutoring.poll_review(self)
            return
        if self.judgement is not None and self.judgement.state is state:
            return  # the person answers the tutor first
        done = self.turn.complete()
        if done is not None and (self.end_at_once or not self.turn.moves):
            self.finish(done)
        elif done is not None:
            tutoring.judge_early(self, state)

    def waiting_pick_up(self) -> bool:
        """Whether a person's play is complete and waits for them to pick up the dice
        (the tutor is neither judging it nor waiting for an answer)."""
        turn = self.turn
        return (
            turn is not None
            and turn.state is self.state
            and self.review is None
            and (self.judgement is None or self.judgement.state is not self.state)
            and turn.complete() is not None
        )

    def pick_up(self) -> bool:
        """The person picks up the dice: their complete play is made (the tutor judges it
        first, in practice). False, changing nothing, when no complete play waits."""
        if not self.waiting_pick_up():
            return False
        assert self.turn is not None
        play = self.turn.complete()
        assert play is not None
        self.finish(play)
        return True

    def _computer_turn(self) -> None:
        """A computer seat decides in the worker thread; its decision is made here."""
        state = self.state
        if self.pending is not None and self.pending_state is not state:
            self.pending = self.pending_cube = None  # for a state gone by: asked again
        if self.pending is None:
            seat = self.seat(state.to_act)
            seed = self.ai_rng.getrandbits(32)
            self.pending_state = state
            self.pending = self.worker().submit(decide, state, seat.level, seed)
            if self.advice and cube_due(state):  # practice: measured against the expert
                self.pending_cube = self.worker().submit(expert_cube, state)
            return
        cube = self.pending_cube
        if not self.pending.done() or (cube is not None and not cube.done()):
            return
        action = self.pending.result()
        self.pending = self.pending_cube = None
        if cube is not None:
            self._note_cube(state, action, cube)
        if action is None:
            self.roll()
            return
        self.computer_acts(action)
        self._tell(ev.Wait("think"))

    def _note_cube(
        self,
        state: m.GameState,
        action: a.Action | None,
        job: Future[tuple[a.Action | None, str]],
    ) -> None:
        """A computer seat's cube decision, kept beside the expert's advice on it."""
        try:
            expert, advice = job.result()
        except Exception:
            log.exception("the expert's cube advice could not be worked out")
            return
        if isinstance(action, a.Double) or action is None:
            did = "double" if action is not None else "no double"
        elif isinstance(action, (a.Take, a.Drop, a.Beaver)):
            did = {a.Take: "take", a.Drop: "drop", a.Beaver: "beaver"}[type(action)]
        else:
            return  # not a cube decision (a resignation offered before the roll)
        side = state.to_act
        level = self.seat(side).level
        self.cube_calls.append(CubeCall(side, state.turn, level, did, advice, action == expert))

    def computer_acts(self, action: a.Action) -> None:
        """A computer seat's decision is made, with its words."""
        state = self.state
        side = state.to_act
        name = self.name(side)
        if isinstance(action, a.Move):
            if action.play:
                words = format_turn(state.variant, state.dice, action.play)
                self.say(_("{name} plays {play}").format(name=name, play=words))
            else:
                self.say(_("{name} cannot move").format(name=name))
            self.commit(action.play, animate=True)
            return
        self._push(action, a.apply_action(state, action))
        self._announce(side, action, self.state, tuple(SAID))

    def _announce(
        self,
        side: int,
        action: a.Action,
        after: m.GameState,
        said: tuple[type[a.Action], ...],
    ) -> None:
        """Tell the window what ``side`` did (an event), and say it in words where the
        action is one of ``said`` (a person's own throw or answer needs no words)."""
        match action:
            case a.Roll(by_hand=by_hand):
                self._tell(ev.Rolled(side, after.dice, by_hand))
            case a.Double():
                self._tell(ev.Doubled(side))
            case a.Resign(level=level):
                self._tell(ev.Resigned(side, level))
            case a.Concede():
                self._tell(ev.Conceded(side))
            case a.NameDie(value=value):
                self._tell(ev.Named(side, value))
                if after.again:  # Acey-Deucey's named double, shown as if thrown
                    self._tell(ev.DiceShown((value, value)))
            case _:
                self._tell(ev.Answered(side, action))
        if isinstance(action, a.NameDie) and isinstance(action, said):
            self.say(named_words(action, after.again, self.name(side)))
        elif isinstance(action, said):
            self.say(SAID[type(action)](action, self.name(side)))


__all__ = [
    "Table",
    "advice_available",
    "decide",
    "hint_first_look",
    "hint_ranking",
    "replay_setup",
    "warm_advice",
]
