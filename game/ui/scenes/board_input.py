"""The board's input: clicks, keys, drag and drop, the hint card's and the tutor's
answers, dice entered by hand and the player's throw. Each input becomes a call on the
table (``game.play.table``), whose events the board then shows."""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import _, pgettext
from game.play import replaying
from game.play.advice import HINT_ROWS
from game.play.analysis import can_analyse
from game.play.reasons import NOT_THERE, THEIRS, why_not
from game.play.turn import Move
from game.rules import match as m
from game.rules.position import Position
from game.ui.anim.effects import DiceThrow
from game.ui.cards import covers
from game.ui.dice_entry import DiceEntry
from game.ui.dice_seal import ThrowPrompt
from game.ui.hints import HintCard
from game.ui.render import board_words
from game.ui.routes import Question, Route
from game.ui.scenes import board_lookback
from game.ui.scenes.board_anim import Knocked
from game.ui.tutor_card import TutorCard

# The mixin reads and changes the scene's attributes (typed in BoardScene).
_Base: Any = object

# While a die or Acey-Deucey's double is named, keys 1-6 (and the keypad's) name it.
NAME_KEYS = {getattr(pygame, f"K_{i}"): i for i in range(1, 7)}
NAME_KEYS |= {getattr(pygame, f"K_KP{i}"): i for i in range(1, 7)}


def distance(p: tuple[int, int], q: tuple[int, int]) -> float:
    return float(((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5)


class BoardInput(_Base):
    """The input half of ``BoardScene`` (a mixin: it reads and changes the scene)."""

    # The scene's attributes this half sets (BoardScene.on_enter gives them values).
    drag_from: tuple[int, int] | None
    drag_at: tuple[int, int] | None
    dice_anim: DiceThrow | None
    shown_dice: tuple[int, ...]
    shown: Position
    wait: float
    selected: int | None
    target: int | None
    second_click: bool
    looking: int | None
    resigning: bool
    hint_card: HintCard | None
    tutor_card: TutorCard | None
    dice_entry: DiceEntry | None
    throw_prompt: ThrowPrompt | None
    queued: list[pygame.event.Event]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.move_list.open and self.move_list_event(event):
            return True
        if self.looking is not None and self.look_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.hint_card is not None:
                self.close_hint()
                return True
            self.app.go(Route.PAUSE, self.pause_menu())
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
            return self.throw_event(event)
        if self.tutor_card is not None:
            return self.tutor_event(event)
        if self.hint_card is not None and self.hint_event(event):
            return True
        return self.board_event(event)

    def board_event(self, event: pygame.event.Event) -> bool:
        """Clicks, drags and keys on the board itself."""
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
            second, self.second_click = self.second_click, False
            if at is not None and distance(start, at) > self.view.layout.radius * 0.6:
                return self.click(event.pos, dragged=True)
            if second and self.selected is not None:
                return self.quick_move(self.selected)
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
            if isinstance(effect, Knocked):
                effect.skip()
        self.wait = min(self.wait, 0.05)

    def replay_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RIGHT, pygame.K_SPACE, pygame.K_RETURN, pygame.K_n):
            replaying.replay_on(self.table)
            return True
        if event.key in (pygame.K_LEFT, pygame.K_p):
            return self.act(replaying.replay_back, self.table)
        if event.key == pygame.K_a:
            self.act(replaying.replay_auto, self.table)
            return True
        return False

    def move_list_event(self, event: pygame.event.Event) -> bool:
        """The open move list takes Escape (closes it), Up, Down and the wheel."""
        total = len(self.log)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_l):
            self.move_list.toggle()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.move_list.scroll(1 if event.key == pygame.K_UP else -1, total)
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.move_list.scroll(event.y, total)
            return True
        return False

    def look_event(self, event: pygame.event.Event) -> bool:
        """While looking back: Left and Right step, any other key or a click comes back
        to the present and does nothing else."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            return board_lookback.look(self, -1 if event.key == pygame.K_LEFT else 1)
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            board_lookback.end(self)
            return True
        return False

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_l:  # the move list
            self.move_list.toggle()
            return True
        if event.key == pygame.K_c:  # the chances and the cube's advice
            self.chances.toggle(self)
            return True
        if event.key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
            return self.key_move(event.key)
        enter = event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if enter and self.selected is not None and self.key_move(event.key):
            return True  # the man picked moves (else Enter rolls or ends the turn)
        if event.key == pygame.K_LEFT and self.replaying is None:
            return board_lookback.look(self, -1)
        if self.replaying is not None:
            return self.replay_key(event)
        if event.key == pygame.K_h:
            return self.toggle_hint()
        if event.key in (pygame.K_BACKSPACE, pygame.K_u):
            return self.undo()
        if event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_r):
            return self.primary()
        if event.key == pygame.K_d:
            return self.ask_double()
        if self.state.phase is m.Phase.CHOOSE and event.key in NAME_KEYS:
            return self.press(f"choose{NAME_KEYS[event.key]}")  # (only a button offered)
        return False

    def primary(self) -> bool:
        """Space / Enter: roll, or end a finished turn (pick up the dice)."""
        if "roll" in self.buttons:
            return self.press("roll")
        if "done" in self.buttons:
            return self.press("done")
        return False

    def press(self, name: str) -> bool:
        # The buttons drawn last can be out of date: inputs that come in one frame (a
        # double click on Roll) are handled before the next drawing.
        if name not in self.buttons or name not in dict(self.wanted_buttons()):
            return False
        self.app.audio.play("click")
        decisions = board_words.button_actions(self.state)
        if name == "roll":
            self.roll()
        elif name in decisions:
            self.resigning = False
            self.apply(decisions[name])
        elif name == "done":
            self.selected = None
            self.act(self.table.pick_up)
        elif name == "hint":
            self.toggle_hint()
        elif name == "undo":
            self.undo()
        elif name == "cancel":
            self.resigning = False
        return True

    def undo(self) -> bool:
        if self.turn is None or self.busy or self.tutor_card is not None:
            return False
        if not self.table.undo_step():
            return False
        self.selected = None
        self.shown = self.turn.position.with_to_act(self.state.to_act)
        return True

    def on_dice(self, point: tuple[int, int]) -> bool:
        """Whether ``point`` is on the dice of the side to act (where they land)."""
        x, y, w, h = self.view.layout.dice_area
        return pygame.Rect(int(x), int(y), int(w), int(h)).collidepoint(point)

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
        if self.human_to_act() and not dragged and self.on_dice(point):
            # A click on the dice throws them, or picks them up to end a finished turn.
            if state.phase is m.Phase.ROLL:
                return self.press("roll")
            if state.phase is m.Phase.MOVE and self.table.waiting_pick_up():
                return self.press("done")
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
            self.drag_from = point  # a drag may start here (again, after a wrong drop)
            self.drag_at = None
            self.target = None
            if self.selected == pos and not dragged:
                self.second_click = True  # released without a drag: played (quick_move)
                return True
            self.selected = pos
            self.app.audio.play("click")
            moves = self.turn.moves_from(pos)
            if len(moves) == 1 and self.variant.off_pos in moves:
                self.drag_from = None
                self.make(moves[self.variant.off_pos])  # the one way it goes is off
            return True
        if not dragged:
            picked, self.selected = self.selected, None
            reason = why_not(self.turn, pos)  # a man that cannot move says why
            if picked is not None and reason in ("", _(THEIRS)):
                reason = _(NOT_THERE)  # a place the man picked up cannot reach
            if reason:
                self.say(reason)
        return False

    def quick_move(self, src: int) -> bool:
        """A second click on the selected man: it moves by the larger die that it can
        (or the only way it can go); where that is not one move, say so."""
        turn = self.turn
        if (
            turn is None
            or not self.human_to_act()
            or self.state.phase is not m.Phase.MOVE
            or src not in turn.sources()
        ):
            return False  # the turn moved on between the press and the release
        moves = turn.moves_from(src)
        single = {dst: mv for dst, mv in moves.items() if len(mv.steps) == 1}
        by_die = sorted(single.values(), key=lambda mv: -mv.steps[0].die)
        if by_die:
            self.make(by_die[0])
        elif len(moves) == 1:
            self.make(next(iter(moves.values())))
        else:
            self.selected = None
            return True
        return True

    def key_move(self, key: int) -> bool:
        """Moves by keys: Tab (Shift+Tab) picks the next man that may move, Up and Down
        its destination (a man with one destination has it chosen at once), Enter makes
        the move."""
        turn = self.turn
        if turn is None or not self.human_to_act() or self.state.phase is not m.Phase.MOVE:
            return False
        if key == pygame.K_TAB:
            sources = sorted(turn.sources())
            if not sources:
                return False
            shift = pygame.key.get_mods() & pygame.KMOD_SHIFT
            at = sources.index(self.selected) if self.selected in sources else -1
            self.selected = sources[(at + (-1 if shift else 1)) % len(sources)]
            targets = sorted(turn.moves_from(self.selected))
            # A man with one place to go has it chosen already: Enter moves it there.
            self.target = targets[0] if len(targets) == 1 else None
            return True
        if self.selected is None:
            return False
        targets = sorted(turn.moves_from(self.selected))
        if self.target not in targets and len(targets) == 1:
            self.target = targets[0]
        if key in (pygame.K_UP, pygame.K_DOWN) and targets:
            at = targets.index(self.target) if self.target in targets else -1
            self.target = targets[(at + (1 if key == pygame.K_DOWN else -1)) % len(targets)]
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.target in targets:
            move = turn.moves_from(self.selected)[self.target]
            self.target = None
            self.make(move)
            return True
        return False

    def ask_double(self) -> bool:
        """D: a double is offered only after a question (a slip of the key costs a cube)."""
        if "double" not in self.buttons:
            return False
        value = self.state.cube.value * 2
        self.app.go(
            Route.CONFIRM,
            Question(
                # TRANSLATORS: the doubling cube: the question before a double is offered
                pgettext("cube", "Double?"),
                _("Offer to double the stakes to {value}?").format(value=value),
                pgettext("cube", "Double"),
                _("Not now"),
                on_yes=lambda: self.press("double"),
            ),
        )
        return True

    def make(self, move: Move) -> None:
        assert self.turn is not None
        side = self.state.to_act
        self.close_hint()  # the person plays on their own
        self.shown = self.turn.position.with_to_act(side)
        self.turn.make(move)
        self.selected = None
        self.animate_steps(side, move.steps)

    # -- the hint card, the tutor, the dice entered by hand, the player's throw ------------

    def toggle_hint(self) -> bool:
        """H or the Hint button: open the hint card (the worker ranks the plays), or close
        it; before there are plays to rank, ``hint_before_move``."""
        if self.hint_card is not None:
            self.close_hint()
            return True
        if self.busy:
            return False
        if not self.hint_offered():
            return self.hint_before_move()
        if not self.advice:
            self.say(self.hint_note())
            return True
        assert self.turn is not None
        card = HintCard(self.state, len(self.turn.plays))
        look = self.table.ask_hint()  # a first look at once; the deeper one follows
        if look is not None:
            card.ranked, card.deep = look.ranked, look.deep
        self.hint_card = card
        self.app.audio.play("click")
        self.fit_board()  # the board makes room for the card's strip
        self.place_cards()
        return True

    def hint_before_move(self) -> bool:
        """H when there are no plays to rank yet (before the roll, or a double to answer,
        in practice): the chances and the cube's advice, as C shows them, where they can
        be worked out; else a plain word on why there is no hint yet."""
        state = self.state
        if not self.setup.hints or self.replaying is not None or not self.human_to_act():
            return False
        if state.phase not in (m.Phase.ROLL, m.Phase.TAKE, m.Phase.CHOOSE):
            return False
        if not self.advice:
            self.say(self.hint_note())
            return True
        if state.phase is not m.Phase.CHOOSE and can_analyse(state):
            if self.chances.shown:  # H again hides them, as C does
                self.chances.toggle(self)
                return True
            self.chances.toggle(self)
            self.say(board_words.hint_before_roll(state, shown=True))
            return True
        self.say(board_words.hint_before_roll(state, shown=False))
        return True

    def close_hint(self) -> None:
        """The hint card goes (if open): the worker's deeper look at it is dropped, and
        the board has the whole window again."""
        if self.hint_card is not None:
            self.table.drop_hint()
        self.hint_card = None
        self.fit_board()

    def hint_ready(
        self, state: m.GameState | None, ranked: list[Any] | None, deep: bool = True
    ) -> None:
        """The worker's deeper ranking is ready (kept by the table for the turn's state):
        it replaces the card's first look. The row chosen follows its play (the top
        row stays the top row), so the board shows what the card says."""
        card = self.hint_card
        if card is None or card.state is not state:
            return  # a ranking of a turn gone by, or of a card closed: never shown
        if ranked is None:
            if card.ranked is None:
                card.error = _("The evaluation could not rank these plays.")
            else:
                card.failed = True  # the first look stands
            return
        card.deepen(ranked, deep)
        self.fit_board()  # a wider card may want a wider strip
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
            self.table.review = None
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
            self.dice_entry = None
            self.act(self.table.enter_dice, list(entry.values))
        return used

    def throw_event(self, event: pygame.event.Event) -> bool:
        """Input while the player's throw is awaited."""
        prompt = self.throw_prompt
        assert prompt is not None
        used = prompt.event(event)
        if prompt.thrown is not None:
            self.app.audio.play("click")
            self.throw_prompt = None
            self.act(self.table.throw_in, prompt.thrown)
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
        if self.tutor_card is None or self.turn is None:
            return False
        self.tutor_card = None
        if not self.act(self.table.take_back):
            return False
        self.app.audio.play("click")
        return True

    def keep(self) -> bool:
        """Keep the flagged play: it is made, and counted against the person."""
        if self.tutor_card is None:
            return False
        self.tutor_card = None
        judgement = self.table.judgement
        if judgement is not None and judgement.state is self.state:
            self.app.audio.play("click")
        return bool(self.act(self.table.keep_play))

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


__all__ = ["BoardInput", "distance"]
