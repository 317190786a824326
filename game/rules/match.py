"""A game in progress: phases, dice, the doubling cube, resigning, matches.

``GameState`` is frozen; every transition (``roll``, ``play``, ``double``,
``take``, ...) returns a new state and leaves the old one as it was, so a
game's history is a list of states and undo is "keep the old one". ``Game``
is the one mutable object: that list.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from game.rules.dice import opening_roll, roll_dice
from game.rules.errors import IllegalPlayError, RulesError
from game.rules.outcome import Kind, Outcome, Termination
from game.rules.play import Play, dice_left
from game.rules.position import Position
from game.rules.variants.base import Variant


class Phase(enum.StrEnum):
    """What happens next."""

    ROLL = "roll"  # the side on roll throws (and may double first)
    MOVE = "move"  # the side on roll plays its dice
    # A side names the die not thrown (Anglicorum's chosen third die), or the double
    # it plays after Acey-Deucey's 1-2 (``GameState.again``).
    CHOOSE = "choose"
    TAKE = "take"  # the side doubled takes, drops (or beavers)
    RESIGN = "resign"  # the side offered a resignation accepts or rejects it
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Cube:
    """The doubling cube: its value and who owns it (-1: centred)."""

    value: int = 1
    owner: int = -1


@dataclass(frozen=True, slots=True)
class MatchScore:
    """A match to ``length`` points (0: money play, scores just add up)."""

    length: int = 0
    score: tuple[int, ...] = (0, 0)  # one entry per side
    crawford: bool = False  # this game is the Crawford game: no doubling
    crawford_done: bool = False  # the Crawford game has been played
    # A match whose games cycle through variants (Tavli: ``game.rules.tavli``): their
    # ids in turn, and the games played before this one; () and 0 for any other match.
    cycle: tuple[str, ...] = ()
    game: int = 0

    @property
    def winner(self) -> int | None:
        if self.length:
            for side, points in enumerate(self.score):
                if points >= self.length:
                    return side
        return None


RESIGN_KINDS = {1: Kind.SINGLE, 2: Kind.GAMMON, 3: Kind.BACKGAMMON}


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything about one game at one moment."""

    variant: Variant
    position: Position
    phase: Phase = Phase.ROLL
    dice: tuple[int, ...] = ()
    cube: Cube = field(default_factory=Cube)
    match: MatchScore = field(default_factory=MatchScore)
    result: Outcome | None = None
    resign_offer: int = 0  # 1 single, 2 gammon, 3 backgammon while phase is RESIGN
    resume: Phase = Phase.ROLL  # the phase to go back to when a resignation is rejected
    # Turns played so far in this game: one a play, but Acey-Deucey's 1-2 chain (the
    # 1-2, the double named, the throws again) is one turn, counted when it passes.
    turn: int = 0
    opening: tuple[int, ...] = ()  # the opening throw, one die per side
    # El Mundo: while dice the roller could not use are played as a bonus by
    # the next players, the side whose regular turn it is (else None).
    roller: int | None = None
    # Acey-Deucey: the side on roll keeps its turn after playing the 1-2
    # (``Variant.names_double_after``): it names a double (CHOOSE, no dice), plays it
    # (MOVE, the double named) and throws again (ROLL). Thrown dice clear it.
    again: bool = False

    @property
    def on_roll(self) -> int:
        """The side whose turn it is."""
        return self.position.to_act

    @property
    def to_act(self) -> int:
        """The side that decides next (the other side answers a double or resignation)."""
        if self.phase in (Phase.TAKE, Phase.RESIGN) or (
            self.phase is Phase.CHOOSE and self.variant.die_chooser == "opponent"
        ):
            return self.variant.next_to_act(self.position)
        return self.position.to_act

    @property
    def winner(self) -> int | None:
        return self.result.winner if self.result else None

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def money(self) -> bool:
        return self.match.length == 0


# -- starting ----------------------------------------------------------------


def match_from_options(variant: Variant) -> MatchScore:
    length = int(variant.options.get("match_length", 0))
    return MatchScore(length=length, score=(0,) * variant.players)


def new_game(
    variant: Variant,
    rng: random.Random,
    match: MatchScore | None = None,
    starter: int | None = None,
) -> GameState:
    """The start of a game with the opening throw made.

    Each side throws one die and the higher starts; in backgammon the starter
    plays those two numbers, elsewhere it throws afresh. ``starter`` (the
    winner of the previous game of a match, outside backgammon) skips the
    opening throw.
    """
    start = variant.start_position()
    match = match if match is not None else match_from_options(variant)
    if starter is not None and not variant.has_opening_roll_play:
        return GameState(variant, start.with_to_act(starter), Phase.ROLL, match=match)
    _, throws = opening_roll(rng, variant.faces, variant.players)
    return opened(variant, throws, match)


def opened(variant: Variant, throws: Sequence[int], match: MatchScore | None = None) -> GameState:
    """The start of a game after the opening throw ``throws`` (one die per side, in
    side order; the highest starts). Raises ``RulesError`` for a throw that decides
    nothing (a tie for the highest) or dice the variant does not have: a person's
    opening throw entered by hand and a replay's go through here as a seeded one does.
    """
    throws = tuple(throws)
    if len(throws) != variant.players or not all(
        isinstance(t, int) and not isinstance(t, bool) and 1 <= t <= variant.faces for t in throws
    ):
        raise RulesError(
            f"an opening throw of {variant.id} is one die of 1-{variant.faces} for each of "
            f"{variant.players} sides, not {list(throws)}"
        )
    top = max(throws)
    if throws.count(top) > 1:
        raise RulesError(f"the opening throw {list(throws)} is a tie: throw again")
    first = throws.index(top)
    match = match if match is not None else match_from_options(variant)
    position = variant.start_position().with_to_act(first)
    if variant.has_opening_roll_play:
        dice = (throws[first], *(t for i, t in enumerate(throws) if i != first))
        return GameState(variant, position, Phase.MOVE, dice, match=match, opening=throws)
    return GameState(variant, position, Phase.ROLL, match=match, opening=throws)


# -- dice and plays ------------------------------------------------------------


def _require(state: GameState, *phases: Phase) -> None:
    if state.phase not in phases:
        wanted = " or ".join(p.value for p in phases)
        raise IllegalPlayError(f"that needs the {wanted} phase; the game is in {state.phase.value}")


def roll(state: GameState, rng: random.Random) -> GameState:
    """Throw the dice for the side on roll."""
    _require(state, Phase.ROLL)
    return set_dice(state, roll_dice(rng, state.variant.thrown_dice, state.variant.faces))


def set_dice(state: GameState, dice: Sequence[int]) -> GameState:
    """Use these dice for the side on roll (thrown by hand, or by ``roll``).

    ``dice`` are the dice thrown; where the variant adds a fixed die
    (Anglicorum's constant 6) it is added, and where a side names a die the
    game waits for it (``choose_die``). The whole set of dice may be given
    instead, the fixed or named die included.
    """
    _require(state, Phase.ROLL)
    variant = state.variant
    dice = tuple(dice)
    thrown, full = variant.thrown_dice, variant.dice_count
    if len(dice) not in (thrown, full) or not all(
        isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= variant.faces for d in dice
    ):
        counts = f"{thrown}" if thrown == full else f"{thrown} (or all {full})"
        raise RulesError(
            f"{variant.id} throws {counts} dice of 1-{variant.faces}, got {list(dice)}"
        )
    fixed = variant.fixed_dice
    if len(dice) == full and thrown != full:
        if fixed and dice[thrown:] != fixed:
            raise RulesError(f"{variant.id} adds {list(fixed)} to every throw, got {list(dice)}")
        return replace(state, phase=Phase.MOVE, dice=dice, again=False)
    dice += fixed
    if len(dice) < full:
        return replace(state, phase=Phase.CHOOSE, dice=dice, again=False)
    return replace(state, phase=Phase.MOVE, dice=dice, again=False)


def die_choices(state: GameState) -> range:
    """The values a side may name for the die not thrown (or for the double after
    Acey-Deucey's 1-2: any double, even one that cannot be played)."""
    _require(state, Phase.CHOOSE)
    return range(1, state.variant.faces + 1)


def choose_die(state: GameState, value: int) -> GameState:
    """The chooser names the die not thrown; the side on roll then plays. After
    Acey-Deucey's 1-2 the side names a double: it then plays ``value``-``value``."""
    if value not in die_choices(state) or isinstance(value, bool):
        raise RulesError(f"the die named must be 1-{state.variant.faces}, got {value!r}")
    dice = (value, value) if state.again else (*state.dice, value)
    return replace(state, phase=Phase.MOVE, dice=dice)


def legal_plays(state: GameState) -> list[Play]:
    """Every distinct legal play of the dice (one empty play when none can move)."""
    _require(state, Phase.MOVE)
    return state.variant.generate_plays(state.position, state.dice)


def play(state: GameState, chosen: Play, legal: Sequence[Play] | None = None) -> GameState:
    """Make a legal play; the turn passes, or the game ends."""
    _require(state, Phase.MOVE)
    variant = state.variant
    plays = legal if legal is not None else legal_plays(state)
    if chosen not in plays:
        after = _result_of(variant, state.position, chosen)
        match = [
            p
            for p in plays
            if after is not None and _result_of(variant, state.position, p) == after
        ]
        if not match:
            raise IllegalPlayError(f"{chosen!r} is not a legal play of {list(state.dice)}")
        chosen = match[0]
    mover = state.position.to_act
    dice_before = state.dice
    after = variant.apply_play(state.position, chosen)
    outcome = variant.outcome(after, mover)
    if outcome is None and not chosen.is_pass:
        keeps = _keeps_turn(state)
        if keeps is not None:
            position = after.with_to_act(mover)
            return replace(state, position=position, phase=keeps, dice=(), again=True)
    state = replace(state, position=after, dice=(), turn=state.turn + 1, again=False)
    if outcome is None and variant.passes_dice:
        return _hand_on(state, mover, dice_left(dice_before, chosen))
    # RULES: if the side to act could move with no die, and then neither
    # could the side that just played, nobody ever can: a tie.
    if outcome is None and variant.checks_deadlock and variant.is_deadlocked(after, mover):
        outcome = variant.deadlock_outcome(after, mover)
    if outcome is not None:
        return _finish(state, outcome)
    return replace(state, phase=Phase.ROLL)


def _keeps_turn(state: GameState) -> Phase | None:
    """Acey-Deucey's 1-2 chain, once a play that moved a man is made: after the 1-2
    the side names a double (CHOOSE), after the double named it throws again (ROLL);
    otherwise (None) the turn passes. (A play that moves no man ends the turn.)"""
    chain = state.variant.names_double_after
    if not chain:
        return None
    if state.again:
        return Phase.ROLL
    if tuple(sorted(state.dice, reverse=True)) == chain:
        return Phase.CHOOSE
    return None


def _hand_on(state: GameState, mover: int, left: tuple[int, ...]) -> GameState:
    """El Mundo: dice the mover could not use pass round the table as bonus plays.

    Each next player in turn plays what it can of them (not a turn of its
    own); what nobody can use is lost after the third player; then the turn
    of the player after the roller begins.
    """
    variant = state.variant
    roller = state.roller if state.roller is not None else mover
    position = state.position
    receiver = mover
    for _ in range(variant.players - 1):
        receiver = variant.next_to_act(position.with_to_act(receiver))
        if receiver == roller or not left:
            break
        turn = position.with_to_act(receiver)
        plays = variant.generate_plays(turn, left)
        if any(plays):
            return replace(state, position=turn, phase=Phase.MOVE, dice=left, roller=roller)
    position = variant.turn_over(position, roller)
    position = position.with_to_act(variant.next_to_act(position.with_to_act(roller)))
    state = replace(state, position=position, phase=Phase.ROLL, dice=(), roller=None)
    if variant.checks_deadlock and variant.is_deadlocked(position, roller):
        return _finish(state, variant.deadlock_outcome(position, roller))
    return state


def _result_of(variant: Variant, position: Position, chosen: Play) -> Position | None:
    try:
        return variant.apply_play(position, chosen)
    except (RulesError, IndexError):
        return None


def _finish(state: GameState, outcome: Outcome) -> GameState:
    """End the game: scale by the cube (and the Jacoby rule) and score it."""
    points = outcome.points
    if outcome.winner is not None and outcome.kind in (Kind.GAMMON, Kind.BACKGAMMON):
        jacoby = state.money and state.variant.options.get("jacoby", False)
        if jacoby and state.cube.value == 1:
            points = 1
    points *= state.cube.value
    outcome = replace(outcome, points=points)
    score = list(state.match.score)
    score += [0] * (state.variant.players - len(score))
    if outcome.winner is not None and outcome.winner < len(score):
        score[outcome.winner] += points
    match = replace(state.match, score=tuple(score))
    # A game over has no dice, no resignation offered and no bonus play under way
    # (nor does its state JSON: it would not read back the same).
    return replace(
        state,
        phase=Phase.OVER,
        result=outcome,
        match=match,
        dice=(),
        resign_offer=0,
        resume=Phase.ROLL,
        roller=None,
        again=False,
    )


# -- the doubling cube -----------------------------------------------------------


def can_double(state: GameState) -> bool:
    """May the side on roll offer a double now (before rolling)?"""
    variant = state.variant
    if not variant.has_cube or not variant.options.get("cube", False):
        return False
    # (Not before Acey-Deucey's throw again: the cube is offered as a turn begins.)
    if state.phase is not Phase.ROLL or state.match.crawford or state.again:
        return False
    side = state.position.to_act
    if state.cube.owner not in (-1, side) or state.cube.value >= 1 << 14:
        return False
    return not (state.match.length and state.match.score[side] >= state.match.length)


def double(state: GameState) -> GameState:
    """The side on roll offers to double the stakes; the other side answers."""
    if not can_double(state):
        raise IllegalPlayError("a double cannot be offered now")
    return replace(state, phase=Phase.TAKE)


def can_beaver(state: GameState) -> bool:
    return (
        state.phase is Phase.TAKE
        and state.money
        and bool(state.variant.options.get("beavers", False))
        and state.cube.value < 1 << 13
    )


def take(state: GameState) -> GameState:
    """The doubled side takes: the cube doubles and is theirs."""
    _require(state, Phase.TAKE)
    cube = Cube(state.cube.value * 2, state.to_act)
    return replace(state, phase=Phase.ROLL, cube=cube)


def beaver(state: GameState) -> GameState:
    """Money play: take and at once redouble, keeping the cube (value x4)."""
    if not can_beaver(state):
        raise IllegalPlayError("a beaver is not allowed now")
    cube = Cube(state.cube.value * 4, state.to_act)
    return replace(state, phase=Phase.ROLL, cube=cube)


def drop(state: GameState) -> GameState:
    """The doubled side refuses: it loses the game at the cube's present value."""
    _require(state, Phase.TAKE)
    doubler = state.position.to_act
    return _finish(state, Outcome(doubler, Kind.SINGLE, 1, Termination.DROPPED))


# -- resigning ---------------------------------------------------------------------


def resign(state: GameState, level: int = 1) -> GameState:
    """The side on roll offers to resign a single (1), gammon (2) or backgammon (3)."""
    _require(state, Phase.ROLL, Phase.MOVE)
    if level not in RESIGN_KINDS or (level > 1 and not state.variant.has_cube):
        raise IllegalPlayError(f"cannot resign at level {level!r}")
    return replace(state, phase=Phase.RESIGN, resign_offer=level, resume=state.phase)


def accept(state: GameState) -> GameState:
    """The other side accepts the resignation: the game ends."""
    _require(state, Phase.RESIGN)
    winner = state.to_act
    kind = RESIGN_KINDS[state.resign_offer]
    outcome = Outcome(winner, kind, state.resign_offer, Termination.RESIGNED)
    return _finish(state, outcome)


def reject(state: GameState) -> GameState:
    """The other side refuses the resignation: play goes on."""
    _require(state, Phase.RESIGN)
    return _resumed(state)


def _resumed(state: GameState) -> GameState:
    """Back to the phase the resignation was offered in, the offer gone (outside the
    resign phase ``resign_offer`` and ``resume`` keep their defaults: the state JSON
    writes them only there)."""
    return replace(state, phase=state.resume, resign_offer=0, resume=Phase.ROLL)


def concede(state: GameState, side: int) -> GameState:
    """``side`` leaves the game; the next side wins a single game."""
    if state.is_over:
        raise IllegalPlayError("the game is already over")
    winner = (side + 1) % state.variant.players
    return _finish(state, Outcome(winner, Kind.SINGLE, 1, Termination.CONCEDED))


# -- matches -------------------------------------------------------------------------


def next_game(state: GameState, rng: random.Random) -> GameState:
    """The next game of the match (or money session) after ``state`` ended."""
    match, starter = next_match(state)
    variant = state.variant
    if match.cycle:  # Tavli: the next game of the cycle
        from game.rules.tavli import variant_in_turn

        variant = variant_in_turn(match)
    return new_game(variant, rng, match, starter)


def next_match(state: GameState) -> tuple[MatchScore, int | None]:
    """The match score the next game starts from after ``state`` ended (the Crawford
    game marked), and the side that starts it without an opening throw (the winner,
    outside backgammon; else None). A match with a cycle (Tavli) goes on to the
    cycle's next game, which has no cube and so no Crawford game."""
    _require(state, Phase.OVER)
    old = state.match
    if old.winner is not None:
        raise RulesError(f"the match is over: side {old.winner} reached {old.length}")
    if old.cycle:
        from game.rules.tavli import variant_in_turn

        match = replace(old, game=old.game + 1)
        opening_play = variant_in_turn(match).has_opening_roll_play
        return match, None if opening_play else state.winner
    crawford_rule = bool(state.variant.options.get("crawford", True))
    crawford = (
        old.length > 0
        and crawford_rule
        and not old.crawford_done
        and not old.crawford
        and any(s == old.length - 1 for s in old.score)
    )
    match = replace(old, crawford=crawford, crawford_done=old.crawford_done or old.crawford)
    starter = None if state.variant.has_opening_roll_play else state.winner
    return match, starter


class Game:
    """A game record: the list of states (undo pops the last)."""

    def __init__(self, state: GameState) -> None:
        self.states: list[GameState] = [state]

    @property
    def state(self) -> GameState:
        return self.states[-1]

    def push(self, state: GameState) -> GameState:
        self.states.append(state)
        return state

    def undo(self) -> GameState:
        if len(self.states) > 1:
            self.states.pop()
        return self.state
