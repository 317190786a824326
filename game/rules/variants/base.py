"""What every variant shares: options, geometry, applying plays, the end.

A variant is a class header of data plus a few hooks. Its instances are
immutable: one per set of rule options (``find_variant("lombardorum",
{"dice": 3})``), compared and hashed by id and options.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

from game.rules.errors import IllegalPlayError, OptionError, PositionError, excerpt
from game.rules.outcome import Kind, Outcome, Termination
from game.rules.play import Play, Step
from game.rules.position import Position
from game.rules.search import Board, DiceRule, search_plays, single_dice

OptionValue = bool | int | str


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One rule option: its name, default, allowed values and where it comes from."""

    name: str
    default: OptionValue
    values: tuple[OptionValue, ...]
    label: str
    description: str
    source: str = ""
    # The value a stored game (a save, a replay, a state) that does not name this option
    # was played under: set when an option came later with a default other than the rule
    # before it (``stored_options``). None: such a game takes the default.
    before: OptionValue | None = None

    def check(self, value: Any) -> OptionValue:
        # bool is an int in Python: keep true/false and numbers apart.
        if isinstance(self.default, bool) != isinstance(value, bool) or value not in self.values:
            allowed = ", ".join(repr(v) for v in self.values)
            raise OptionError(
                f"option {self.name!r} cannot be {excerpt(value)} (allowed: {allowed})"
            )
        return value  # type: ignore[no-any-return]


def stored_options(
    specs: Sequence[OptionSpec], options: Mapping[str, Any]
) -> dict[str, Any]:
    """The options of a stored game: ``options`` as written, and for each option it
    does not name that came later with a new default, the rule it was played under."""
    given = dict(options)
    for spec in specs:
        if spec.before is not None and spec.name not in given:
            given[spec.name] = spec.before
    return given


@dataclass(frozen=True, slots=True)
class Source:
    """Where a variant's rules come from."""

    author: str
    work: str
    year: str = ""
    note: str = ""


class Variant:
    """Base class of every variant. Subclasses set the class data and hooks."""

    id: ClassVar[str]
    name: ClassVar[str]
    order: ClassVar[int] = 50  # place in listings: backgammon 0, then by the age of the source
    players: ClassVar[int] = 2
    track_length: ClassVar[int] = 24
    cells: ClassVar[int] = 24
    men: ClassVar[int] = 15
    die_faces: ClassVar[int] = 6  # faces of each die (options may change it: ``faces``)
    bear_from: ClassVar[int] = 19  # first pos of the bearing table
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    sources: ClassVar[tuple[Source, ...]] = ()
    has_cube: ClassVar[bool] = False
    # The variant whose trained network plays this one where it has none of its own
    # (Portes: backgammon's, the same game without the cube); "": its own only.
    network_of: ClassVar[str] = ""
    uses_hand: ClassVar[bool] = False  # men start in hand, off the board
    result_kinds: ClassVar[frozenset[Kind]] = frozenset({Kind.SINGLE, Kind.TIE})
    has_opening_roll_play: ClassVar[bool] = False  # the starter plays the opening dice
    # Acey-Deucey's 1-2 (the dice high to low): once played, the side names a double,
    # plays it and throws again (``match.GameState.again``); () for no such throw.
    names_double_after: ClassVar[tuple[int, ...]] = ()

    __slots__ = ("_key", "options")

    options: Mapping[str, OptionValue]
    _key: tuple[str, tuple[tuple[str, OptionValue], ...]]

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        given = dict(options or {})
        specs = {spec.name: spec for spec in self.option_specs}
        unknown = sorted(set(given) - set(specs))
        if unknown:
            known = ", ".join(specs) or "none"
            raise OptionError(f"{self.id} has no option {excerpt(unknown[0])} (options: {known})")
        chosen = {name: spec.check(given.get(name, spec.default)) for name, spec in specs.items()}
        object.__setattr__(self, "options", MappingProxyType(chosen))
        object.__setattr__(self, "_key", (self.id, tuple(sorted(chosen.items()))))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Variant) and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __repr__(self) -> str:
        return f"find_variant({self.id!r}, {dict(self.options)!r})"

    # -- data that options may change ---------------------------------------

    @property
    def dice_count(self) -> int:
        return 2

    @property
    def doubles_repeat(self) -> bool:
        """Doubles are played four times (backgammon only)."""
        return False

    @property
    def faces(self) -> int:
        """Faces of each die (El Mundo has an option of seven)."""
        return self.die_faces

    @property
    def thrown_dice(self) -> int:
        """How many dice are thrown; the rest of ``dice_count`` are fixed or chosen."""
        return self.dice_count

    @property
    def fixed_dice(self) -> tuple[int, ...]:
        """Dice added to every throw with a fixed value (Anglicorum's constant 6)."""
        return ()

    @property
    def die_chooser(self) -> str | None:
        """Who names the dice not thrown: None, "player" or "opponent" (Anglicorum)."""
        return None

    @property
    def passes_dice(self) -> bool:
        """Dice the mover cannot use pass to the next players (El Mundo).

        Plays that leave the same board but hand on different dice then differ.
        """
        return False

    @property
    def off_pos(self) -> int:
        return self.track_length + 1

    # -- geometry -------------------------------------------------------------

    def cell(self, side: int, pos: int) -> int:
        """Board cell (0..cells-1) of ``side``'s ``pos`` (1..L).

        The default is two sides moving contrary on one track: side 0's pos p
        is cell L - p, side 1's pos p is cell p - 1.
        """
        if not 1 <= pos <= self.track_length:
            raise ValueError(f"pos {pos} is not on the track")
        return self.track_length - pos if side == 0 else pos - 1

    def facing_pos(self, side: int, pos: int, other: int) -> int | None:
        """The pos on ``other``'s track of the cell that is ``side``'s ``pos``."""
        if side == other:
            return pos
        return self.track_length + 1 - pos

    def point_label(self, pos: int) -> str:
        """How notation names a pos of the mover's track (0 bar, L+1 off)."""
        if pos == 0:
            return "bar"
        if pos == self.off_pos:
            return "off"
        return str(pos)

    # -- the game ---------------------------------------------------------------

    def start_position(self) -> Position:
        raise NotImplementedError

    def validate(self, position: Position) -> None:
        """Raise PositionError if ``position`` cannot happen in this variant."""
        if position.players != self.players:
            raise PositionError(f"{self.id} has {self.players} sides, got {position.players}")
        if any(len(row) != self.track_length + 2 for row in position.board):
            raise PositionError(f"{self.id} rows must have {self.track_length + 2} places")
        if not 0 <= position.to_act < self.players:
            raise PositionError(f"to_act must be 0..{self.players - 1}, got {position.to_act}")
        if len(position.hand) != self.players or len(position.flags) != self.players:
            raise PositionError("hand and flags need one entry per side")
        for side in range(self.players):
            if any(n < 0 for n in position.board[side]) or position.hand[side] < 0:
                raise PositionError(f"side {side} has a negative number of men")
            if position.hand[side] and not self.uses_hand:
                raise PositionError(f"{self.id} has no men in hand; side {side} has some")
            if position.men(side) != self.men:
                raise PositionError(
                    f"side {side} has {position.men(side)} men; {self.id} has {self.men}"
                )
        seen: dict[int, int] = {}
        for side in range(self.players):
            for pos in range(1, self.track_length + 1):
                if position.board[side][pos]:
                    cell = self.cell(side, pos)
                    if cell in seen and seen[cell] != side:
                        raise PositionError(f"sides {seen[cell]} and {side} share a point")
                    seen[cell] = side

    def generate_plays(self, position: Position, dice: Sequence[int]) -> list[Play]:
        """Every distinct legal play of ``dice`` for ``position.to_act``."""
        return search_plays(self, position, dice)

    # -- hooks of the general search (defaults: RULES.md's shared rules) -----

    default_dice_rule: ClassVar[DiceRule] = DiceRule.MOST
    checks_deadlock: ClassVar[bool] = True  # a game nobody can move in is a tie

    @property
    def dice_rule(self) -> DiceRule:
        """How the dice must be used (options may change it)."""
        return self.default_dice_rule

    def legal_steps(self, board: Board, die: int) -> Iterator[Step]:
        """Every legal step with ``die`` for the side that moves on ``board``.

        Men waiting on the bar (or in hand) enter before any other man moves.
        """
        if board.waiting():
            yield from self.entering_steps(board, die)
            return
        yield from self.track_steps(board, die)

    def entering_steps(self, board: Board, die: int) -> Iterator[Step]:
        """Steps of a waiting man (bar or hand) onto the track with ``die``."""
        for dst in self.entry_targets(board, die):
            ok, hit = self.landing(board, dst, entering=True)
            if ok:
                yield Step(0, dst, die, hit)

    def track_steps(self, board: Board, die: int) -> Iterator[Step]:
        """Steps of the men on the track with ``die``: moving on, or bearing off."""
        mine = board.mine
        moved = board.moved  # men that moved this turn stay (``moves_each_man_once``)
        last = self.track_length
        for src in range(1, last + 1):
            if not mine[src] or (moved is not None and mine[src] <= moved[src]):
                continue
            dst = src + die
            if dst <= last:
                ok, hit = self.landing(board, dst, entering=False)
                if ok:
                    yield Step(src, dst, die, hit)
            elif self.may_bear_off(board, src, die):
                yield Step(src, last + 1, die, False)

    def entry_targets(self, board: Board, die: int) -> Sequence[int]:
        """Where a waiting man may enter with ``die``: pos d."""
        return (die,) if die <= self.track_length else ()

    def landing(self, board: Board, pos: int, entering: bool) -> tuple[bool, bool]:
        """(may the mover land on ``pos``, does it hit a lone man there)."""
        _, count = board.others_at(pos)
        if count >= 2:
            return False, False
        return True, count == 1

    def may_bear_off(self, board: Board, src: int, die: int) -> bool:
        """Bear off from ``src`` with ``die``: all men home, exact, or rearmost."""
        mine = board.mine
        if board.hand[board.side] or any(mine[0 : self.bear_from]):
            return False
        need = self.track_length + 1 - src
        if die == need:
            return True
        return die > need and not any(mine[self.bear_from : src])

    def after_step(self, board: Board, step: Step) -> None:
        """Update variant flags after a step (Lombardorum's start point)."""

    @property
    def tracks_flags(self) -> bool:
        """The variant overrides ``after_step`` (the search may skip it otherwise)."""
        return type(self).after_step is not Variant.after_step

    @property
    def network_id(self) -> str:
        """The game whose network plays this one: ``network_of``, else its own id."""
        return self.network_of or self.id

    @property
    def backgammon_points(self) -> int:
        """What the third kind of win scores where one exists (backgammon's 3): an
        evaluation trained on backgammon counts its third output only where it is 3."""
        return 3

    @property
    def moves_each_man_once(self) -> bool:
        """Does each man move at most once a turn, one die each (Quinze Tablas' reading
        "each die moves a single man")? The search then counts the men moved
        (``Board.moved``) and ``track_steps`` leaves them where they stand."""
        return False

    def begin_roll(self, board: Board, dice: tuple[int, ...]) -> None:
        """See the whole roll before the search: ``dice`` as they will be played
        (doubles already repeated where the variant repeats them), ``board`` the
        position before any step. A variant may set ``board.turn`` to a mapping of
        what the roll allows, for ``legal_steps`` to read: e.g. on the first turn a
        6-6 lets two men leave the head. ``board.turn`` stays as set while the
        search runs. Where no roll began it is empty (``apply_play`` replays legal
        steps, ``is_stuck`` asks whether any die could move): ``legal_steps`` must
        then allow what the variant allows without it."""

    @property
    def begins_roll(self) -> bool:
        """The variant overrides ``begin_roll`` (the search skips it otherwise)."""
        return type(self).begin_roll is not Variant.begin_roll

    def allows_result(self, position: Position, board: Board, steps: tuple[Step, ...]) -> bool:
        """Is a complete candidate play allowed, judged on its whole result? Called
        for every sequence of ``steps`` that cannot go on, before the dice rule:
        ``position`` is the position before the play, ``board`` the board after it
        (read it, do not change it). A play refused here is no candidate and does not
        count for the dice rule; a shorter sequence whose every way on is refused is a
        candidate in its place. Judge the resulting position (plays that leave the
        same board are searched once), e.g. Long Nardy's rule that no six-point
        prime may stand with no opposing man ahead of it."""
        return True

    @property
    def judges_results(self) -> bool:
        """The variant overrides ``allows_result`` (the search skips it otherwise)."""
        return type(self).allows_result is not Variant.allows_result

    def dice_units(
        self, left: tuple[int, ...]
    ) -> Iterator[tuple[int, tuple[int, ...], tuple[int, ...]]]:
        """How the remaining dice may be spent in one step: (value, dice summed, rest).

        The default spends each die singly; Duodecim Scriptorum also sums
        groups of dice into one jump (``search.summed_dice``).
        """
        return single_dice(left)

    def filter_plays(self, position: Position, plays: list[Play]) -> list[Play]:
        """A last rule on whole plays after the dice rule (El Mundo's forced capture)."""
        return plays

    def may_filter(self, position: Position, dice: Sequence[int]) -> bool:
        """Could ``filter_plays`` drop a play of ``dice`` here? A variant with a
        filter may say no quickly where it knows the filter keeps every play, so
        that a play drawn step by step (the benchmarks' random playouts) is
        legal without generating them all."""
        return type(self).filter_plays is not Variant.filter_plays

    def keeps_play(self, position: Position, play: Play) -> bool:
        """Does ``filter_plays`` keep this legal play whatever else is legal?
        (Without a filter, always; El Mundo keeps a capturing play.)"""
        return type(self).filter_plays is Variant.filter_plays

    def apply_play(self, position: Position, play: Play) -> Position:
        """The position after ``play`` (which must be legal), with the turn passed on."""
        board = Board(self, position)
        side = position.to_act
        for step in play:
            mine = board.mine
            if not (0 <= step.src < len(mine) and 0 < step.dst < len(mine)):
                raise IllegalPlayError(f"{step} leaves the track")
            if step.src == 0 and not mine[0] and not board.hand[side]:
                raise IllegalPlayError(f"no man of side {side} waits to enter for {step}")
            if step.src and not mine[step.src]:
                raise IllegalPlayError(f"no man of side {side} on pos {step.src} for {step}")
            if step.hit and board.others_at(step.dst)[1] != 1:
                raise IllegalPlayError(f"{step} marks a hit where no lone man stands")
            board.apply(step)
            self.after_step(board, step)
        return Position(
            tuple(tuple(row) for row in board.rows),
            self.next_to_act(position),
            tuple(board.hand),
            tuple(board.flags),
        )

    def apply_plays(self, position: Position, plays: Sequence[Play]) -> list[Position]:
        """The positions after each of ``plays``, which ``generate_plays`` made for this
        position: ``apply_play``'s, without its checks (the evaluation's hot path)."""
        board = Board(self, position)
        to_act = self.next_to_act(position)
        after_step = self.after_step if self.tracks_flags else None
        rows, hand, flags = position.board, position.hand, position.flags
        afters = []
        for play in plays:
            board.rows = [list(row) for row in rows]
            board.hand = list(hand)
            board.flags = list(flags)
            for step in play:
                board.apply(step)
                if after_step is not None:
                    after_step(board, step)
            afters.append(
                Position(
                    tuple(tuple(row) for row in board.rows),
                    to_act,
                    tuple(board.hand),
                    tuple(board.flags),
                )
            )
        return afters

    def is_stuck(self, position: Position, side: int) -> bool:
        """``side`` has no legal first step for any die value (RULES: deadlock)."""
        board = Board(self, position.with_to_act(side))
        return not any(
            any(True for _ in self.legal_steps(board, die)) for die in range(1, self.faces + 1)
        )

    def is_deadlocked(self, position: Position, mover: int) -> bool:
        """Nobody can ever move again: the side to act, then ``mover``, have no step."""
        return self.is_stuck(position, position.to_act) and self.is_stuck(position, mover)

    def turn_over(self, position: Position, roller: int) -> Position:
        """The position once ``roller``'s turn (and any bonus plays) is done (El Mundo)."""
        return position

    def next_to_act(self, position: Position) -> int:
        return (position.to_act + 1) % self.players

    def outcome(self, position: Position, mover: int) -> Outcome | None:
        """How the game ended after ``mover``'s play, or None while it goes on."""
        raise NotImplementedError

    def deadlock_outcome(self, position: Position, mover: int) -> Outcome:
        """The result when nobody can ever move again after ``mover``'s play: a tie.

        (Quinze Tablas has an option under which the last side to move wins.)
        """
        return Outcome(None, Kind.TIE, 0, Termination.DEADLOCK)


@dataclass(frozen=True)
class VariantInfo:
    """What the ``variants`` request lists."""

    id: str
    name: str
    players: int
    dice: int
    options: dict[str, dict[str, Any]] = field(default_factory=dict)
