"""Set up a position: any game's board, men placed by clicking or dragging, the turn, the
dice (or a side to roll), the cube and the score; then a hint, a game played out from
there against a computer level, or a rollout.

The board is on the left, drawn as the game draws it; the panel on the right holds the
choices, the rules engine's word on the position, the actions and their answers. A left
click on a point puts a man of the side chosen there, a right click takes the top man
off (to off, or to the hand), and a man dragged moves (dragged from the tray: put on;
dropped off the board: taken off). The model is ``game.study.editing.PositionEdit``:
every position is built as the state JSON and read by the rules engine before anything
uses it, and a position the engine refuses shows its reason with the actions disabled.

The hint's deeper ranking and the rollout run in a process of their own
(``game.study.jobs``), so frames stay smooth; leaving the scene ends them.
"""

from __future__ import annotations

import itertools
import re
from functools import partial
from typing import Any

import pygame

from game.ai.levels import LEVELS
from game.ai.players import has_levels
from game.i18n import _, ngettext, number, pgettext
from game.level_names import level_name
from game.names import game_name
from game.play.session import GameSetup, Seat
from game.rules import match as m
from game.rules.position import Position
from game.rules.serial import state_to_json
from game.rules.variants import VARIANTS
from game.study.editing import CUBE_VALUES, MATCH_LENGTHS, WAITING_WORDS, PositionEdit
from game.study.jobs import StudyJob
from game.ui import editor_hint
from game.ui.backdrop import draw_backdrop
from game.ui.dice_seal import auto_contribution
from game.ui.editor_keys import KEYS_HELP, BoardKeys
from game.ui.editor_panel import (
    TextField,
    WideChoice,
    clipboard_text,
    rollout_lines,
    split_ids,
)
from game.ui.hints import HintCard
from game.ui.render.board_view import BoardView
from game.ui.routes import EditorStart, Route
from game.ui.scenes.base import POLL
from game.ui.scenes.editor_layout import draw_scene, place
from game.ui.scenes.widget_scene import WidgetScene
from game.ui.theme import side_colours, theme_for
from game.ui.widgets import Button, Choice, Panel, Style, draw_text, fit_text, get_font, wrap_words

ROLLOUT_GAMES = (100, 300, 1000, 3000)
HINT_ROWS = 6
DRAG = 6  # design px the mouse moves before a press becomes a drag


def dice_values(faces: int, count: int) -> list[tuple[int, ...]]:
    """Every throw of ``count`` dice, highest die first, after () (to roll)."""
    throws = itertools.combinations_with_replacement(range(faces, 0, -1), count)
    return [(), *throws]


class EditorScene(WidgetScene):
    """The position editor."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.edit = PositionEdit("backgammon")
        self.placing = 0
        self.state: m.GameState | None = None
        self.reason = ""
        self.note = ""  # the last edit's word (a man that could not be put)
        self.job: StudyJob | None = None
        self.hint_card: HintCard | None = None  # the practice table's hint card
        self.rollout: dict[str, Any] | None = None
        self.view: BoardView | None = None
        self.panel = Panel(alpha=230)
        self.press: tuple[tuple[int, int], tuple[str, int], int] | None = None
        self.drag_at: tuple[int, int] | None = None
        self.level = "intermediate"
        self.games = ROLLOUT_GAMES[0]
        self.seed = 1
        # The ID typed is kept through a game chosen or an ID read (built once).
        self.id_field = TextField("", self.read_ids)
        self.label_id_field()
        self.status_top = 0  # where the engine's word and the answers begin (the layout's)
        self.answer_top = 0
        self.answer_bottom = 0  # where the answers end: above Back
        self.keys_box = pygame.Rect(0, 0, 0, 0)  # where the board's keys are said (the layout's)
        # The board by keyboard: a focus stop over it (arrows, + and -, Tab the side).
        self.board_keys = BoardKeys(
            lambda: None if self.view is None else self.view.layout, self.put, self.take_off
        )

    # -- entering, leaving ----------------------------------------------------------------

    def on_enter(self, payload: Any = None) -> None:
        start = payload if isinstance(payload, EditorStart) else EditorStart()
        self.edit = PositionEdit(start.variant_id)
        if start.state is not None:
            from game.rules.serial import state_from_json

            try:
                self.edit.load(state_from_json(start.state))
            except Exception as exc:  # a state that does not read: its reason, the start kept
                self.note = _("That position could not be read: {reason}").format(reason=exc)
        self.build()

    def label_id_field(self) -> None:
        # TRANSLATORS: GNU Backgammon's two codes of a position, as its players know them
        self.id_field.label = _("Position ID:Match ID")
        self.id_field.help = _("A GNU Backgammon Position ID (and Match ID): type it, or Ctrl+V")

    def on_language(self) -> None:
        """Every widget's words made again in the new language, the same one in focus."""
        at = self.focus.index
        self.label_id_field()
        self.board_keys.help = _(KEYS_HELP)
        self.build()
        self.focus.index = at

    def on_exit(self) -> None:
        self.end_job()
        super().on_exit()

    def end_job(self) -> None:
        if self.job is not None:
            self.job.close()
            self.job = None

    # -- the widgets -------------------------------------------------------------------------

    def side_name(self, side: int) -> str:
        return side_colours(self.theme, side).name

    def build(self) -> None:
        """The panel's widgets for the game being set up (its sides, dice, cube)."""
        edit = self.edit
        variant = edit.variant
        self.theme = theme_for(variant.id, self.app.settings.palette)
        self.style = Style.from_theme(self.theme)
        sides = list(range(variant.players))
        self.placing = min(self.placing, variant.players - 1)
        ids = sorted(VARIANTS, key=lambda v: (VARIANTS[v].order, VARIANTS[v].name))
        self.game_choice = WideChoice(
            _("Game"),
            ids,
            variant.id,
            self.choose_game,
            fmt=game_name,
            help=_("The game whose position you set up (its start position)"),
        )
        self.side_choice = Choice(
            # TRANSLATORS: the editor's choice of whose man a click puts on the board
            _("Click puts"),
            sides,
            self.placing,
            self.choose_placing,
            fmt=self.side_name,
            help=_("Left click a point: a man of this side; right click: the top man off"),
        )
        self.turn_choice = Choice(
            pgettext("whose turn", "Turn"),
            sides,
            edit.to_act,
            self.choose_turn,
            fmt=self.side_name,
            help=_("The side whose turn it is"),
        )
        throws = dice_values(variant.faces, len(edit.dice))
        now = tuple(sorted((d for d in edit.dice if d is not None), reverse=True))
        self.dice_choice = Choice(
            _("Dice"),
            throws,
            now if now in throws else (),
            self.choose_dice,
            # TRANSLATORS: the editor's dice not yet thrown: the side on roll is to throw
            fmt=lambda t: "-".join(map(str, t)) if t else _("To roll"),
            help=_("The throw to play, or To roll"),
        )
        waitings = edit.waitings()
        self.waiting_choice = Choice(
            _("Waiting for"),
            waitings,
            edit.waiting if edit.waiting in waitings else "",
            self.choose_waiting,
            fmt=lambda w: _(WAITING_WORDS[w]),
            help=_("What the position waits for: a double to answer, or a turn kept after the 1-2"),
        )
        cubes = [(1, -1)] + [(v, o) for v in CUBE_VALUES[1:] for o in sides]
        self.cube_choice = WideChoice(  # (its values are long: "2, Crimson's")
            _("Cube"),
            cubes,
            (edit.cube_value, edit.cube_owner),
            self.choose_cube,
            fmt=self.cube_words,
            help=_("The cube's value and who owns it"),
        )
        self.match_choice = Choice(
            _("Match"),
            MATCH_LENGTHS,
            edit.match_length,
            self.choose_match,
            # TRANSLATORS: a match's length, or money play (no match)
            fmt=lambda n: ngettext("{n} point", "{n} points", n).format(n=n) if n else _("Money"),
            help=_("Money play, or a match"),
        )
        self.score_choices = [
            Choice(
                self.side_name(side),
                list(range(max(edit.match_length, 1))),
                edit.score[side] if side < len(edit.score) else 0,
                partial(self.choose_score, side),
                help=_("Points won so far in the match"),
            )
            for side in range(2)
        ]
        self.rest_choice = Choice(
            # TRANSLATORS: where the men not on the board are: in hand, or off (borne off)
            _("The rest are"),
            [False, True],
            edit.rest_in_hand,
            self.choose_rest,
            fmt=lambda h: pgettext("men", "In hand") if h else pgettext("men", "Off"),
            help=_("Where the men not on the board are"),
        )
        # TRANSLATORS: the editor's buttons: set up the game's start, take every man off
        self.start_button = Button(
            pgettext("editor", "Start"), self.to_start, size=16, help=_("The game's start")
        )
        self.clear_button = Button(
            _("Clear"), self.clear, size=16, help=_("Every man off the board")
        )
        self.paste_button = Button(
            _("Paste"), self.paste, size=16, help=_("Read the clipboard's ID")
        )
        self.hint_button = Button(_("Hint"), self.ask_hint, size=16, help=_("The plays ranked"))
        self.play_button = Button(
            _("Play it out"), self.play_out, size=16, help=_("A game from here against the level")
        )
        self.roll_button = Button(_("Roll out"), self.start_rollout, size=16)
        self.stop_button = Button(_("Stop"), self.stop_rollout, size=16, help=_("End the rollout"))
        self.back_button = Button(_("Back"), self.back, size=16, help=_("Back to the menu (Esc)"))
        self.level_choice = Choice(
            _("Level"),
            list(LEVELS),
            self.level,
            self.choose_level,
            fmt=level_name,
            help=_("The computer's level for Play it out"),
        )
        self.games_choice = Choice(
            _("Games"),
            list(ROLLOUT_GAMES),
            self.games,
            self.choose_games,
            fmt=number,
            help=_("Games the rollout plays"),
        )
        for widget in self.widgets():
            widget.style = self.style
        self.focus.set([self.board_keys, *self.widgets()])
        self.refresh()
        self.relayout()

    def widgets(self) -> list[Any]:
        return [
            self.game_choice, self.side_choice, self.turn_choice, self.dice_choice,
            self.waiting_choice, self.cube_choice, self.match_choice, *self.score_choices,
            self.rest_choice,
            self.start_button, self.clear_button, self.id_field, self.paste_button,
            self.hint_button, self.play_button, self.roll_button, self.level_choice,
            self.games_choice, self.stop_button, self.back_button,
        ]  # fmt: skip

    def cube_words(self, cube: tuple[int, int]) -> str:
        value, owner = cube
        if owner < 0:
            return _("{value}, in the middle").format(value=value)
        # TRANSLATORS: the cube's value and its owner ("2, Crimson's")
        return _("{value}, {side}'s").format(value=value, side=self.side_name(owner))

    # -- choices ------------------------------------------------------------------------------

    def choose_game(self, variant_id: str) -> None:
        self.end_job()
        self.edit.reset(variant_id)
        self.note = ""
        self.view = None
        self.build()
        self.changed()  # the last position's answers go with it

    def choose_placing(self, side: int) -> None:
        self.placing = side

    def choose_turn(self, side: int) -> None:
        self.edit.to_act = side
        self.changed()

    def choose_dice(self, throw: tuple[int, ...]) -> None:
        self.edit.dice = [*throw] if throw else [None] * len(self.edit.dice)
        self.changed()

    def choose_waiting(self, waiting: str) -> None:
        self.edit.waiting = waiting
        self.changed()

    def choose_cube(self, cube: tuple[int, int]) -> None:
        self.edit.cube_value, self.edit.cube_owner = cube
        self.changed()

    def choose_match(self, length: int) -> None:
        self.edit.set_match_length(length)
        self.edit.score = [min(s, max(length - 1, 0)) for s in self.edit.score]
        self.build()  # the scores' choices follow the length
        self.changed()

    def choose_score(self, side: int, points: int) -> None:
        self.edit.score[side] = points
        self.changed()

    def choose_rest(self, in_hand: bool) -> None:
        self.edit.set_rest_in_hand(in_hand)
        self.changed()

    def choose_level(self, level: str) -> None:
        self.level = level

    def choose_games(self, games: int) -> None:
        self.games = games

    def to_start(self) -> None:
        self.choose_game(self.edit.variant.id)

    def clear(self) -> None:
        self.edit.clear()
        self.changed()

    def paste(self) -> None:
        text = clipboard_text()
        if not text:
            self.note = _("The clipboard has no text: type the ID in the field")
            return
        position_id, match_id = split_ids(text)  # GNU Backgammon's words, or the IDs
        self.id_field.text = ""
        self.id_field.type(f"{position_id}:{match_id}" if match_id else position_id)
        self.read_ids()

    def read_ids(self) -> None:
        position_id, match_id = split_ids(self.id_field.text)
        if not position_id:
            self.note = _("Type or paste a GNU Backgammon Position ID first")
            return
        why = self.edit.read_ids(position_id, match_id)
        if why:
            self.note = _("That ID was not read: {reason}").format(reason=why)
            return
        self.view = None
        self.build()
        self.changed()
        self.note = _("The position of that ID")

    # -- the position -------------------------------------------------------------------------

    def changed(self) -> None:
        """An edit was made: the answers of the last position go, the engine looks again."""
        self.end_job()
        self.close_hint()
        self.rollout = None
        self.refresh()

    def close_hint(self) -> None:
        if self.hint_card is not None:
            self.hint_card = None
            self.fit_hint()

    def fit_hint(self) -> None:
        """The board beside the hint card's strip (or over its whole area)."""
        if self.view is not None:
            board = self.board_rect().size
            editor_hint.fit(self.view, self.hint_card, board, self.scale)

    def refresh(self) -> None:
        self.state, self.reason = self.edit.check()
        state = self.state
        trained = has_levels(self.edit.variant.id)
        playing = state is not None and not state.is_over
        moving = state is not None and state.phase is m.Phase.MOVE
        self.hint_button.enabled = bool(playing and moving and trained)
        self.play_button.enabled = playing
        self.play_button.help = (
            _("A game from here against the level: it begins at once with the dice set")
            if state is not None and state.dice
            else _(
                "A game from here against the level: your throw card seals the dice, then "
                "the side on roll throws"
            )
        )
        self.roll_button.enabled = state is not None and trained
        running = self.job is not None and self.job.kind == "rollout" and not self.job.finished
        self.stop_button.enabled = self.stop_button.visible = running
        for widget in (self.hint_button, self.roll_button):
            if not trained:
                widget.note = _("No trained evaluation for this game")

    def shown_position(self) -> Position:
        edit = self.edit
        return Position(
            tuple(tuple(row) for row in edit.board), edit.to_act, tuple(edit.hand),
            tuple(edit.flags()),
        )  # fmt: skip

    # -- actions ------------------------------------------------------------------------------

    def ask_hint(self) -> None:
        state = self.state
        if state is None or state.phase is not m.Phase.MOVE:
            return
        self.end_job()
        self.rollout = None
        try:
            self.hint_card = editor_hint.open_card(state)
        except Exception as exc:
            self.note = _("No hint: {reason}").format(reason=exc)
            return
        self.fit_hint()
        self.job = StudyJob("hint", {"state": state_to_json(state)}).start()

    def start_rollout(self) -> None:
        if self.state is None:
            return
        self.end_job()
        self.close_hint()
        self.rollout = None
        payload = {"state": state_to_json(self.state), "games": self.games, "seed": self.seed}
        self.job = StudyJob("rollout", payload, total=self.games).start()
        self.refresh()

    def stop_rollout(self) -> None:
        if self.job is not None and self.job.kind == "rollout":
            self.job.stop()

    def play_out(self) -> None:
        """A practice game from exactly this position: you at the side whose turn it is,
        the computer at the level chosen at every other side."""
        state = self.state
        if state is None or state.is_over:
            return
        self.end_job()
        seats = tuple(
            Seat() if side == state.on_roll else Seat(False, self.level)
            for side in range(state.variant.players)
        )
        # Dice set: the game begins at once with them (the later dice from a fresh seed
        # and the clock, as when the throw card is off). To roll: your throw card seals
        # the dice first, then the side on roll throws.
        contribution = auto_contribution() if state.dice else ""
        setup = GameSetup(
            state.variant.id, dict(state.variant.options), seats, mode="practice", hints=True,
            first=state_to_json(state), contribution=contribution,
        )  # fmt: skip
        self.app.go(Route.BOARD, setup)

    # -- input ----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self.hint_key(event.key):
            return True
        if (
            event.type == pygame.KEYDOWN
            and self.focus.focused is self.board_keys
            and event.key == pygame.K_s
        ):
            self.side_choice.step(1)  # S on the board: the other side's men (Tab moves on)
            return True
        if (
            event.type == pygame.KEYDOWN
            and self.focus.focused is self.id_field
            and event.key not in (pygame.K_ESCAPE, pygame.K_TAB, pygame.K_RETURN)
        ):
            if self.id_field.handle_key(event.key, getattr(event, "mod", 0)):
                return True
            typed = getattr(event, "unicode", "")
            if typed and typed.isprintable():
                self.id_field.type(typed)
                return True
        mouse = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
        if event.type in mouse and self.hint_mouse(event):
            return True
        if event.type in mouse and self.board_mouse(event):
            return True
        return super().handle_event(event)

    def hint_key(self, key: int) -> bool:
        """The hint card's keys, as on the board: 1-5 show a play, Enter sets up the
        position after it, H closes the card."""
        card = self.hint_card
        if card is None or self.focus.focused is self.id_field:
            return False
        if pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(card.shown):
            row = key - pygame.K_1
            card.chosen = None if card.chosen == row else row
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and card.chosen_play is not None:
            self.play_hint(card)
            return True
        if key == pygame.K_h:
            self.close_hint()
            return True
        return False

    def play_hint(self, card: HintCard) -> None:
        """Set up the position after the card's chosen play."""
        after = editor_hint.after(card)
        if after is not None:
            self.edit.load(after)
            self.build()
            self.changed()
            self.note = _("The position after that play")

    def hint_mouse(self, event: pygame.event.Event) -> bool:
        """The hint card's rows and buttons (True: the card took the event)."""
        card = self.hint_card
        if card is None or not card.placed:
            return False
        if event.type == pygame.MOUSEMOTION:
            card.hover_at(event.pos)
            return card.rect.collidepoint(event.pos)
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return card.rect.collidepoint(event.pos)
        what = editor_hint.click(card, event.pos)
        if what == "close":
            self.close_hint()
        elif what == "apply":
            self.play_hint(card)
        return bool(what)

    def board_rect(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.size[0] - self.panel.rect.w, self.size[1])

    def spot_at(self, at: tuple[int, int]) -> tuple[str, int] | None:
        if self.view is None or not self.board_rect().collidepoint(at):
            return None
        return self.view.layout.spot_at((float(at[0]), float(at[1])))

    def board_mouse(self, event: pygame.event.Event) -> bool:
        """Clicks and drags on the board (True: the board took the event)."""
        if event.type == pygame.MOUSEMOTION:
            if self.press is not None:
                start = self.press[0]
                far = abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1])
                if self.drag_at is not None or far >= DRAG * self.scale:
                    self.drag_at = event.pos
                return True
            return False
        spot = self.spot_at(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            if spot is None:
                return False
            if event.button == 3:
                self.take_off(spot)
                return True
            if event.button == 1:
                self.press = (event.pos, spot, self.dragged_side(spot))
                self.drag_at = None
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press is not None:
            _at, source, side = self.press
            dragged = self.drag_at is not None
            self.press, self.drag_at = None, None
            if dragged:
                self.drop(source, side, spot)
            elif spot is not None:
                self.put(spot)
            return True
        return False

    def pos_of(self, side: int, spot: tuple[str, int]) -> int | None:
        kind, index = spot
        if kind == "cell":
            return self.edit.pos_of(side, index)
        if kind == "bar" and index == side:
            return 0
        return None

    def dragged_side(self, spot: tuple[str, int]) -> int:
        """Whose man a press on ``spot`` picks up: the side chosen if it has one there."""
        kind, index = spot
        if kind != "cell":
            return index
        men = self.edit.men_at(index)
        if men[self.placing] or not any(men):
            return self.placing
        return next(s for s, n in enumerate(men) if n)

    def put(self, spot: tuple[str, int]) -> None:
        kind, index = spot
        side = index if kind == "bar" else self.placing
        pos = self.pos_of(side, spot)
        if pos is None:
            self.note = _("Men are put on the points or the bar; right click takes one off")
            return
        self.note = self.edit.add(side, pos)
        self.changed()

    def take_off(self, spot: tuple[str, int]) -> None:
        kind, index = spot
        if kind == "cell":
            done = self.edit.remove_top(index, self.placing)
        elif kind == "bar":
            done = self.edit.remove(index, 0)
        else:
            done = False
        self.note = "" if done else _("No man there to take off")
        self.changed()

    def drop(self, source: tuple[str, int], side: int, spot: tuple[str, int] | None) -> None:
        src = self.pos_of(side, source)
        dst = None if spot is None else self.pos_of(side, spot)
        if source[0] in ("off", "hand"):  # from the tray: a man put on
            self.note = self.edit.add(side, dst) if dst is not None else ""
        elif src is None:
            return
        elif dst is None:  # dropped off the board or on a tray: taken off
            self.edit.remove(side, src)
            self.note = ""
        else:
            self.note = self.edit.move(side, src, dst)
        self.changed()

    # -- time -----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.hint_card is not None:
            self.hint_card.update(dt)
        job = self.job
        if job is None or not job.poll():
            return
        if job.finished:
            self.job = None
            if job.error:
                self.note = self.job_words(job.kind, False).format(reason=job.error)
            elif job.result is None:
                self.note = self.job_words(job.kind, True)
            elif job.kind == "hint":
                if self.hint_card is not None:
                    editor_hint.deepen(self.hint_card, job.result)
                    self.fit_hint()  # (the card's rows may change its size)
            else:
                self.rollout = job.result
            self.refresh()

    @staticmethod
    def job_words(kind: str, stopped: bool) -> str:
        """What the panel says of a hint or a rollout that stopped, or failed ({reason})."""
        if kind == "hint":
            return (
                _("The hint was stopped") if stopped else _("The hint could not be made: {reason}")
            )
        if stopped:
            return _("The rollout was stopped")
        return _("The rollout could not be made: {reason}")

    def wake_after(self) -> float | None:
        return POLL if self.job is not None else None

    # -- layout and drawing -----------------------------------------------------------------------

    def layout(self, size: tuple[int, int], scale: float) -> None:
        place(self, size, scale)
        self.fit_hint()

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        draw_scene(self, surface)
        self.focus.draw(surface)

    def paint_static(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)

    # -- words -----------------------------------------------------------------------------------

    def status(self) -> tuple[str, bool]:
        """The engine's word on the position (and whether it is a refusal)."""
        if self.state is None:
            return _("Not a position: {reason}").format(reason=self.named(self.reason)), True
        state = self.state
        if state.is_over:
            return _("The game is over in this position"), False
        side = self.side_name(state.on_roll)
        if state.phase is m.Phase.TAKE:
            words = _("{side} doubled: {other} to take or pass").format(
                side=side, other=self.side_name(state.to_act)
            )
        elif state.phase is m.Phase.CHOOSE:
            if state.again:
                words = _("{side} to name a double after the 1-2").format(side=side)
            else:
                words = _("{side} to name a die").format(side=side)
        elif state.dice:
            if state.again:
                words = _("{side} to play again after the 1-2").format(side=side)
            else:
                words = _("{side} to play").format(side=side)
        elif state.again:
            words = _("{side} to roll again after the 1-2").format(side=side)
        else:
            words = _("{side} to roll").format(side=side)
        parts = [words]
        if state.variant.id == "backgammon":
            found = state_to_json(state).get("position_id", "")
            # TRANSLATORS: GNU Backgammon's code of the position, as its players know it
            parts.append(_("Position ID {code}").format(code=found))
        if state.phase is m.Phase.ROLL and not state.again and has_levels(state.variant.id):
            parts.append(_("Set the dice for a hint"))
        return "  ·  ".join(parts), False

    def named(self, reason: str) -> str:
        """The engine's "side 0" in the window's words: the side's colour."""
        names = [self.side_name(s) for s in range(self.edit.players)]

        def name(found: re.Match[str]) -> str:
            sides = [int(d) for d in found.groups() if d is not None]
            if any(side >= len(names) for side in sides):
                return found.group(0)
            if len(sides) == 2:
                return _("{first} and {second}").format(
                    first=names[sides[0]], second=names[sides[1]]
                )
            return names[sides[0]]

        return re.sub(r"\b[Ss]ides? (\d)(?: and (\d))?\b", name, reason)

    def answer_lines(self) -> list[tuple[str, str]]:
        """What the panel shows under the actions: (words, tone) a line."""
        players = self.edit.players
        if self.job is not None and self.job.kind == "rollout":
            job = self.job
            if job.stopping:
                said = ngettext(
                    "Rolling out: {done} of {total} game (stopping)",
                    "Rolling out: {done} of {total} games (stopping)",
                    job.total,
                )
            else:
                said = ngettext(
                    "Rolling out: {done} of {total} game",
                    "Rolling out: {done} of {total} games",
                    job.total,
                )
            return [(said.format(done=job.done, total=job.total), "text")]
        if self.hint_card is not None:
            said = _(
                "The hint is on the board: click a play to see it there; Play it sets up the "
                "position after it"
            )
            return [(said, "dim")]
        if self.rollout is not None:
            names = [self.side_name(s) for s in range(players)]
            words = rollout_lines(self.rollout, names, self.edit.has_cube)
            return [(line, "text") for line in words]
        return []

    def wrapped(self, text: str, size: float, width: int) -> list[str]:
        return wrap_words(text, get_font("text", size), width)

    def fitted(self, text: str, size: float, width: int) -> str:
        return fit_text(text, "text", size, width)

    def draw_words(
        self, surface: pygame.Surface, text: str, at: tuple[int, int], size: float, colour: Any
    ) -> None:
        draw_text(surface, text, at, role="text", size=size, colour=colour, anchor="topleft")
