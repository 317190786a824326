"""Could play have reached this state? The checks for a state read from outside.

``serial.state_from_json`` checks that a state is well formed: the right men,
dice that fit the variant, fields that fit the phase. A state pasted by hand or
corrupted on the way can be well formed and still be one that no game reaches;
played on, it would give answers that mean nothing. ``check_reachable`` refuses
those it can tell by what play guarantees:

- flags a variant never sets (only Lombardorum, El Mundo and Plakoto have any), and
  flags that contradict the board;
- an opening throw that was a tie (ties are thrown again), a side on roll that
  does not follow from the opening throw and the plays made, a backgammon game
  whose first play is not of the opening throw, men moved from where the game
  starts them before the first play;
- men off the board while men of the same side have never entered;
- a match score at or past the match length in a game still going, a Crawford
  game or a post-Crawford game that the score does not call for, a Crawford
  flag where the options have no Crawford rule or the game is for money;
- in a Tavli match (a match with a cycle of games) likewise a score at or past
  the length in a game still going, more points than the games already played
  can have scored, a game played with options other than its defaults, and a
  game opened by the last game's winner (no opening throw) whose winner has no
  points;
- men further along their track than the side's plays can have moved them
  (the opening throw known: two-sided games but Acey-Deucey);
- in Long Nardy, more men off a side's head than its plays can have taken
  (one a turn, two on its first turn with 6-6, 4-4 or 3-3), counted from the
  state's ``turn`` (the plays of the game so far);
- a cube that was turned where the options have no cube or in the Crawford
  game, turned but left in the middle, or beyond the highest value play reaches;
- a result that the board, the cube or the match contradict: a win the board
  does not show, points that are not the kind's times the cube, a dropped
  double where none could be offered.

Every state the engine itself produces passes (tests/test_engine_fuzz.py plays
seeded games of every variant and option set to show it). An empty ``opening``
means the history of the game is unknown (a position pasted from GNU
Backgammon): the checks that need it are then skipped.
"""

from __future__ import annotations

from dataclasses import replace

from game.rules import tavli
from game.rules.errors import RulesError
from game.rules.match import RESIGN_KINDS, GameState, MatchScore, Phase, can_double
from game.rules.outcome import Kind, Outcome, Termination
from game.rules.position import Position
from game.rules.variants._nard_common import HEAD
from game.rules.variants.base import Variant
from game.rules.variants.el_mundo import PLACEMENT_ROUNDS, ElMundo, place_of, turns_taken
from game.rules.variants.lombardorum import START_EMPTIED, Lombardorum
from game.rules.variants.long_nardy import FIRST_TURN_DOUBLES, LongNardy
from game.rules.variants.plakoto import Plakoto

# The largest cube play reaches: a double is offered only below 2**14 (``can_double``).
MAX_CUBE = 1 << 14
_RESIGN_LEVEL = {kind: level for level, kind in RESIGN_KINDS.items()}
_EL_MUNDO_FLAG_BITS = 0b111111  # turns taken (bits 0-2) and finishing place (bits 3-5)


class UnreachableStateError(RulesError):
    """A well-formed state that no game of its variant and options can reach."""


def check_reachable(state: GameState) -> None:
    """Raise UnreachableStateError if play cannot have reached ``state``."""
    _check_flags(state)
    _check_hand(state)
    _check_opening(state)
    _check_no_play_made(state)
    _check_fixed_dice(state)
    _check_head(state)
    _check_progress(state)
    if state.variant.has_cube:
        _check_match(state)
        _check_cube(state)
    else:
        if state.result is not None and state.result.winner is not None:
            won = state.match.score[state.result.winner]
            if won < state.result.points:
                raise UnreachableStateError(
                    f"the winner's score {won} is less than the {state.result.points} points "
                    "of the game just won"
                )
        if state.match.cycle:
            _check_cycle_match(state)
    if state.result is not None:
        _check_result(state, state.result)


# -- the board ---------------------------------------------------------------------


def _check_flags(state: GameState) -> None:
    variant, position = state.variant, state.position
    if isinstance(variant, Lombardorum):
        for side, flag in enumerate(position.flags):
            row = position.board[side]
            if flag & ~START_EMPTIED:
                raise UnreachableStateError(
                    f"lombardorum's only flag is {START_EMPTIED} (start point emptied); "
                    f"side {side} has {flag}"
                )
            # Pos 1 takes no man until it has been emptied, then one (entering with a 1).
            if flag and row[1] > 1:
                raise UnreachableStateError(
                    f"side {side}'s start point was emptied and holds {row[1]} men again"
                )
            # (An empty pos 1 without the flag is read: the rule asks the board, and
            # earlier versions set the flag only when the side moved its last man away.)
    elif isinstance(variant, ElMundo):
        _check_el_mundo_flags(state, variant)
    elif isinstance(variant, Plakoto):
        pass  # its flags are the pinned men: Plakoto.validate checks them against the board
    elif any(position.flags):
        raise UnreachableStateError(
            f"{variant.id} keeps no flags; got {list(position.flags)} (give zeros)"
        )


def _check_el_mundo_flags(state: GameState, variant: ElMundo) -> None:
    position = state.position
    flags = position.flags
    places = []
    for side, flag in enumerate(flags):
        if flag & ~_EL_MUNDO_FLAG_BITS or turns_taken(flag) > PLACEMENT_ROUNDS:
            raise UnreachableStateError(
                f"side {side}'s flags {flag} are not turns taken (0-4) plus 8 times a place (0-3)"
            )
        place = place_of(flag)
        all_off = position.off(side) == variant.men
        if place:
            # (The first side home takes place 1 whether or not the others play on.)
            if place >= variant.players or (place > 1 and not variant.options["play_on"]):
                raise UnreachableStateError(
                    f"side {side} has finishing place {place}, which this game does not give"
                )
            if not all_off:
                raise UnreachableStateError(f"side {side} has a place but men still to bear off")
            places.append(place)
        elif all_off and variant.options["play_on"]:
            raise UnreachableStateError(f"side {side} has borne off every man but has no place")
    if sorted(places) != list(range(1, len(places) + 1)):
        raise UnreachableStateError(f"the finishing places {sorted(places)} are not 1, 2, ...")
    turns = [turns_taken(flag) for flag in flags]
    if variant.in_placement(flags):
        # The rounds of entering only: every man in hand, on the bar or where a die enters it.
        for side in range(variant.players):
            if any(position.board[side][variant.faces + 1 :]):
                raise UnreachableStateError(
                    f"side {side} has men past pos {variant.faces} while men only enter "
                    f"(turns taken {turns})"
                )
    if state.phase is Phase.OVER or places:  # (finished sides take no more turns)
        return
    # Regular turns go round the table: from the side whose turn it is, each side
    # has taken as many turns as it, or one more (up to four, where counting stops).
    current = state.roller if state.roller is not None else position.to_act
    order = [turns[(current + k) % variant.players] for k in range(variant.players)]
    if order != sorted(order) or order[-1] - order[0] > 1:
        raise UnreachableStateError(
            f"turns taken {turns} do not go round the table to side {current}'s turn"
        )
    if state.opening and order[0] < PLACEMENT_ROUNDS:
        starter = state.opening.index(max(state.opening))
        reach = (current - starter) % variant.players
        expected = [
            order[0] + ((side - starter) % variant.players < reach)
            for side in range(variant.players)
        ]
        if turns != expected:
            raise UnreachableStateError(
                f"turns taken {turns} do not fit side {starter} opening the game "
                f"and side {current} having the turn"
            )


def _check_hand(state: GameState) -> None:
    position = state.position
    for side in range(state.variant.players):
        if position.hand[side] and position.off(side):
            raise UnreachableStateError(
                f"side {side} has men off and men in hand: no man bears off before all have entered"
            )


def _check_head(state: GameState) -> None:
    """Long Nardy: at most one man leaves the head (pos 1) a turn, two on a side's first
    turn with 6-6, 4-4 or 3-3. Turns alternate from the starter, so ``turn`` (the plays
    made, passes included) says how many plays each side has made."""
    variant = state.variant
    if not isinstance(variant, LongNardy):
        return
    starter = (state.on_roll - state.turn) % 2
    named = [f"{d}-{d}" for d in sorted(FIRST_TURN_DOUBLES, reverse=True)]
    doubles = f"{', '.join(named[:-1])} or {named[-1]}"
    for side in range(variant.players):
        plays = (state.turn + (side == starter)) // 2
        left = variant.men - state.position.board[side][HEAD]
        most = min(variant.men, plays + 1) if plays else 0
        if left > most:
            men = "1 man" if left == 1 else f"{left} men"
            made = "1 play" if state.turn == 1 else f"{state.turn} plays"
            raise UnreachableStateError(
                f"{men} of side {side} left its head, but after {made} of the game side "
                f"{side} has made {plays}: one man leaves the head a turn (two on a first "
                f"{doubles}), so at most {most}"
            )


def most_per_play(variant: Variant) -> int:
    """The most pips one play moves a side's men: every die at its highest, a double
    four times where doubles are played so."""
    return variant.faces * max(variant.dice_count, 4 if variant.doubles_repeat else 0)


def progress(variant: Variant, position: Position, side: int) -> int:
    """How far along its track ``side``'s men stand: the sum of their pos (a man off
    counts one past the last point; a man in hand or on the bar, nothing)."""
    row, last = position.board[side], variant.track_length
    return sum(pos * row[pos] for pos in range(1, last + 1)) + (last + 1) * row[last + 1]


def _check_progress(state: GameState) -> None:
    """With the opening throw known (so the starter, and each side's plays from ``turn``),
    a side's men stand no further along than its plays can have moved them: each play
    moves them at most ``most_per_play`` pips, a hit only sets a man back. (Not in El
    Mundo, whose sides also play dice handed on, nor in Acey-Deucey, whose 1-2 chain
    is one turn however long.)"""
    variant, opening = state.variant, state.opening
    if not opening or variant.players != 2 or variant.names_double_after:
        return
    starter = opening.index(max(opening))
    start = variant.start_position()
    most = most_per_play(variant)
    for side in range(2):
        plays = (state.turn + (side == starter)) // 2
        moved = progress(variant, state.position, side) - progress(variant, start, side)
        if moved > most * plays:
            made = "1 play" if plays == 1 else f"{plays} plays"
            raise UnreachableStateError(
                f"side {side}'s men stand {moved} pips further along than at the start, "
                f"but in {made} it can have moved them at most {most * plays} "
                f"({most} a play)"
            )


# -- the opening and the dice ---------------------------------------------------------


def _check_opening(state: GameState) -> None:
    opening = state.opening
    if not opening:
        return
    top = max(opening)
    if opening.count(top) > 1:
        raise UnreachableStateError(
            f"the opening throw {list(opening)} is a tie, which is thrown again"
        )
    starter = opening.index(top)
    variant = state.variant
    if variant.players == 2 and state.on_roll != (starter + state.turn) % 2:
        raise UnreachableStateError(
            f"side {starter} opened and {state.turn} plays were made: side "
            f"{(starter + state.turn) % 2} is on roll, not side {state.on_roll}"
        )
    if not variant.has_opening_roll_play or state.turn:
        return
    # Backgammon before the first play: the starter plays the opening throw, no cube yet.
    if state.phase in (Phase.ROLL, Phase.TAKE) or (
        state.phase is Phase.RESIGN and state.resume is not Phase.MOVE
    ):
        raise UnreachableStateError(
            "the first play of a backgammon game is of the opening throw: no roll is due yet"
        )
    if state.dice and sorted(state.dice) != sorted(opening):
        raise UnreachableStateError(
            f"the first play is of the opening throw {list(opening)}, not {list(state.dice)}"
        )
    if state.cube.value != 1:
        raise UnreachableStateError("no double can be offered before the first play")
    result = state.result
    if result is not None and result.termination not in (
        Termination.RESIGNED,
        Termination.CONCEDED,
    ):
        raise UnreachableStateError(f"a game with no play made cannot end {result.termination}")


def _check_no_play_made(state: GameState) -> None:
    """After the opening throw and before the first play (``turn`` 0) the men stand where
    the game starts them. (Acey-Deucey's 1-2 chain is counted as a turn only when it
    passes: during the starter's first chain its own men have moved at turn 0.)"""
    if not state.opening or state.turn:
        return
    start, position = state.variant.start_position(), state.position
    sides = range(state.variant.players)
    if state.variant.names_double_after:
        sides = range(1 - state.on_roll, 2 - state.on_roll)  # the side not on roll only
    for side in sides:
        now = (position.board[side], position.hand[side], position.flags[side])
        if now != (start.board[side], start.hand[side], start.flags[side]):
            raise UnreachableStateError(
                "no play has been made in this game (turn 0, the opening throw known), "
                f"yet side {side}'s men are not where the game starts them"
            )


def _check_fixed_dice(state: GameState) -> None:
    fixed = state.variant.fixed_dice
    if not fixed or state.phase not in (Phase.MOVE, Phase.RESIGN) or not state.dice:
        return
    rest = list(state.dice)
    for die in fixed:
        if die not in rest:
            raise UnreachableStateError(
                f"{state.variant.id} adds {list(fixed)} to every throw, got {list(state.dice)}"
            )
        rest.remove(die)


# -- backgammon's match and cube --------------------------------------------------------


def _score_before(state: GameState) -> list[int]:
    """The score as it stood when this game began."""
    score = list(state.match.score)
    result = state.result
    if result is not None and result.winner is not None:
        score[result.winner] -= result.points
    return score


def _check_match(state: GameState) -> None:
    variant, match = state.variant, state.match
    length = match.length
    # (A variant with the cube but no match play, Acey-Deucey, has no match_length.)
    option_length = variant.options.get("match_length", 0)
    if length != option_length:
        raise UnreachableStateError(
            f"match length {length} differs from the option match_length {option_length}"
        )
    before = _score_before(state)
    if min(before) < 0:
        raise UnreachableStateError(
            f"the score {list(match.score)} is less than the points of the game just won"
        )
    if not length:
        if match.crawford or match.crawford_done:
            raise UnreachableStateError("money play has no Crawford game")
        return
    for side, points in enumerate(before):
        if points >= length:
            raise UnreachableStateError(
                f"side {side} had {points} points of a match to {length} when this game "
                "began: the match was already over"
            )
    if not variant.options["crawford"] or length == 1:
        if match.crawford or match.crawford_done:
            raise UnreachableStateError(
                "the options play this match without the Crawford rule"
                if length > 1
                else "a match to 1 point has no Crawford game"
            )
        return
    at_one_away = [side for side, points in enumerate(before) if points == length - 1]
    if match.crawford and match.crawford_done:
        raise UnreachableStateError("a game cannot be the Crawford game and come after it")
    if match.crawford and len(at_one_away) != 1:
        raise UnreachableStateError(
            f"the Crawford game is the first after one side reaches {length - 1} of {length}; "
            f"the score was {before}"
        )
    if match.crawford_done and not at_one_away:
        raise UnreachableStateError(
            f"no side has reached {length - 1} of {length}: the Crawford game is not yet played"
        )
    if at_one_away and not (match.crawford or match.crawford_done):
        raise UnreachableStateError(
            f"side {at_one_away[0]} has {length - 1} of {length}: this game is the Crawford "
            "game or comes after it ('crawford' or 'crawford_done')"
        )


def _check_cycle_match(state: GameState) -> None:
    """A Tavli match (``game.rules.tavli``): its games are played with their default
    options, no side had reached the length when this game began, and the games
    already played (``match.game``) scored at most ``tavli.MOST_POINTS`` each."""
    variant, match = state.variant, state.match
    defaults = dict(type(variant)().options)
    if dict(variant.options) != defaults:
        raise UnreachableStateError(
            f"every game of a Tavli match is played with its default options {defaults}, "
            f"not {dict(variant.options)}"
        )
    before = _score_before(state)
    for side, points in enumerate(before):
        if points >= match.length:
            raise UnreachableStateError(
                f"side {side} had {points} points of a Tavli match to {match.length} when "
                "this game began: the match was already over"
            )
    most = tavli.MOST_POINTS * match.game
    if sum(before) > most:
        played = "no game has been played" if not match.game else f"{match.game} games played"
        raise UnreachableStateError(
            f"the score was {'-'.join(map(str, before))} when game {match.game + 1} of the "
            f"Tavli match began, but {played} score at most {most} points in all "
            f"({tavli.MOST_POINTS} a game)"
        )
    if match.game and not state.opening:
        # No opening throw: the last game's winner started this one (a tie is followed
        # by an opening throw).
        starter = (state.on_roll - state.turn) % 2
        if before[starter] == 0:
            raise UnreachableStateError(
                f"side {starter} started game {match.game + 1} of the Tavli match without "
                "an opening throw, so it won the game before, yet it had no points"
            )


def _check_cube(state: GameState) -> None:
    cube = state.cube
    if cube.value == 1:
        return
    if cube.value > MAX_CUBE:
        raise UnreachableStateError(f"the cube never goes past {MAX_CUBE}, got {cube.value}")
    if not state.variant.options["cube"]:
        raise UnreachableStateError("the options play without the doubling cube")
    if cube.owner < 0:
        raise UnreachableStateError(
            f"a cube turned to {cube.value} belongs to the side that took it"
        )
    if state.match.crawford:
        raise UnreachableStateError("no double is offered in the Crawford game")


# -- the result -------------------------------------------------------------------------


def _check_result(state: GameState, result: Outcome) -> None:
    variant, position = state.variant, state.position
    termination = result.termination
    if termination in (Termination.RESIGNED, Termination.DROPPED, Termination.CONCEDED):
        # The game ended by a decision: the board is that of a game still going.
        for side in range(variant.players):
            if variant.outcome(position, side) is not None:
                raise UnreachableStateError(
                    f"side {side} has won this position: the game cannot have ended {termination}"
                )
        expected = _decided(state, result)
    else:
        expected = _played_out(state, result)
    if expected is None or (
        expected.winner,
        expected.kind,
        expected.termination,
        expected.places,
    ) != (result.winner, result.kind, result.termination, result.places):
        shown = "no end" if expected is None else _describe(expected)
        raise UnreachableStateError(
            f"the result ({_describe(result)}) contradicts the board, which shows {shown}"
        )
    points = _scaled_points(state, expected)
    if result.points != points:
        raise UnreachableStateError(
            f"a {result.kind} result here scores {points} points, not {result.points}"
        )


def _describe(outcome: Outcome) -> str:
    who = "a tie" if outcome.winner is None else f"side {outcome.winner} wins"
    return f"{who}, {outcome.kind}, {outcome.termination}"


def _decided(state: GameState, result: Outcome) -> Outcome | None:
    """The result of a game ended by a resignation, a dropped double or a concession."""
    variant, position = state.variant, state.position
    if result.termination is Termination.CONCEDED:
        if result.winner is None:
            return None
        return Outcome(result.winner, Kind.SINGLE, 1, Termination.CONCEDED)
    if result.termination is Termination.RESIGNED:
        level = _RESIGN_LEVEL.get(result.kind)
        if level is None or (level > 1 and not variant.has_cube):
            return None
        # The side on roll resigned; the next side accepted.
        return Outcome(variant.next_to_act(position), result.kind, level, Termination.RESIGNED)
    # A dropped double: the side on roll doubled, the other dropped.
    before = replace(
        state,
        phase=Phase.ROLL,
        result=None,
        dice=(),
        match=MatchScore(
            state.match.length,
            tuple(_score_before(state)),
            state.match.crawford,
            state.match.crawford_done,
        ),
    )
    if not can_double(before):
        raise UnreachableStateError("no double could have been offered, so none was dropped")
    return Outcome(position.to_act, Kind.SINGLE, 1, Termination.DROPPED)


def _played_out(state: GameState, result: Outcome) -> Outcome | None:
    """The result the board shows after the last play, as ``match.play`` judges it."""
    variant, position = state.variant, state.position
    if variant.players == 2:
        mover = 1 - position.to_act  # the side that made the last play
    else:
        mover = result.winner if result.winner is not None else position.to_act
    outcome = variant.outcome(position, mover)
    if outcome is None and variant.checks_deadlock and variant.is_deadlocked(position, mover):
        outcome = variant.deadlock_outcome(position, mover)
    return outcome


def _scaled_points(state: GameState, outcome: Outcome) -> int:
    """An outcome's points as ``match._finish`` scores them: the Jacoby rule, then the cube."""
    points = outcome.points
    if (
        state.variant.has_cube
        and outcome.winner is not None
        and outcome.kind in (Kind.GAMMON, Kind.BACKGAMMON)
        and state.money
        and state.variant.options.get("jacoby", False)
        and state.cube.value == 1
    ):
        points = 1
    return points * state.cube.value
