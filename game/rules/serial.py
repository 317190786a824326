"""Game states to and from plain JSON values (dicts, lists, numbers).

This is the state form of the engine protocol (docs/ENGINE.md). Reading is
strict: anything malformed raises a ``RulesError`` that says what is wrong,
never a TypeError or KeyError.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.rules.errors import PositionError, RulesError, excerpt
from game.rules.gnubg import GameState as IdGameState
from game.rules.gnubg import MatchKey, match_from_id, match_id, position_from_id, position_id
from game.rules.match import RESIGN_KINDS, Cube, GameState, MatchScore, Phase, can_double
from game.rules.outcome import Kind, Outcome, Termination
from game.rules.position import Position
from game.rules.reachable import check_reachable
from game.rules.tavli import MAX_GAME, cycle_to_json, read_cycle
from game.rules.variants import find_stored_variant
from game.rules.variants.base import Variant


class StateError(RulesError):
    """A state object that cannot be read."""


MATCH_ID_SCORE_LIMIT = 1 << 15  # the Match ID holds each score in 15 bits
# The most a state records, far past any game or session played: the plays of one game,
# a score with the cube (each game scores at most 3 x 2**14) and without it. A state past
# them is refused when read; the engine never answers with one (``check_writable``).
MAX_TURN = 1_000_000
MONEY_SCORE_LIMIT = 1 << 40
SESSION_SCORE_LIMIT = 1_000_000


def state_to_json(state: GameState) -> dict[str, Any]:
    """The JSON form of ``state`` (for backgammon with Position ID and Match ID)."""
    pos = state.position
    out: dict[str, Any] = {
        "variant": state.variant.id,
        "options": dict(state.variant.options),
        "to_act": state.to_act,
        "on_roll": state.on_roll,
        "phase": state.phase.value,
        "dice": list(state.dice),
        "winner": state.winner,
        "result": state.result.to_json() if state.result else None,
        "board": [list(row) for row in pos.board],
        "hand": list(pos.hand),
        "flags": list(pos.flags),
        "turn": state.turn,
        "opening": list(state.opening),
    }
    if state.variant.has_cube:
        out["cube"] = {
            "value": state.cube.value,
            "owner": None if state.cube.owner < 0 else state.cube.owner,
        }
    # The score of the session (a match to N in backgammon; games won elsewhere).
    out["match"] = {
        "length": state.match.length,
        "score": list(state.match.score) + [0] * (state.variant.players - len(state.match.score)),
        "crawford": state.match.crawford,
        "crawford_done": state.match.crawford_done,
        **cycle_to_json(state.match),  # a Tavli match: the cycle and the game in turn
    }
    if state.roller is not None:
        out["roller"] = state.roller
    if state.again:
        out["again"] = True
    if state.phase is Phase.RESIGN:
        out["resign_offer"] = state.resign_offer
        out["resume"] = state.resume.value
    if state.variant.id == "backgammon":
        out["position_id"] = position_id(pos)
        key = match_key(state)
        if max(key.score) < MATCH_ID_SCORE_LIMIT:  # a money session can outgrow its 15 bits
            out["match_id"] = match_id(key)
    return out


def check_writable(state: GameState) -> None:
    """Raise ``StateError`` if ``state`` is past what a state read in may record (the
    plays of a game, a Tavli match's games, a score): play can go on past these bounds,
    but its state could not be read back."""
    if state.turn > MAX_TURN:
        raise StateError(
            f"the game has reached {MAX_TURN:,} plays, the most a state records: "
            "it is not played on"
        )
    if state.match.game > MAX_GAME:
        raise StateError(
            f"the match has played {MAX_GAME + 1:,} games, the most a state records: "
            "no game follows"
        )
    limit = MONEY_SCORE_LIMIT if state.variant.has_cube else SESSION_SCORE_LIMIT
    if max(state.match.score, default=0) > limit:
        raise StateError(f"a score has passed {limit:,}, the most a state records")


def match_key(state: GameState) -> MatchKey:
    """The GNU Backgammon Match ID fields of a backgammon state."""
    if state.phase is Phase.OVER and state.result is not None:
        game_state = {
            Termination.RESIGNED: IdGameState.RESIGNED,
            Termination.DROPPED: IdGameState.DROPPED,
        }.get(state.result.termination, IdGameState.OVER)
    else:
        game_state = IdGameState.PLAYING
    dice = (state.dice[0], state.dice[1]) if len(state.dice) == 2 else (0, 0)
    return MatchKey(
        cube=state.cube.value,
        cube_owner=state.cube.owner,
        on_roll=state.on_roll,
        crawford=state.match.crawford,
        game_state=game_state,
        turn=state.to_act,
        doubled=state.phase is Phase.TAKE,
        resignation=state.resign_offer if state.phase is Phase.RESIGN else 0,
        dice=dice,
        match_length=state.match.length,
        score=(state.match.score[0], state.match.score[1]),
        jacoby=state.money and bool(state.variant.options.get("jacoby", False)),
    )


# -- reading --------------------------------------------------------------------


def _int(value: Any, what: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise StateError(f"{what} must be a whole number from {lo} to {hi}, got {excerpt(value)}")
    return value


def _bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise StateError(f"{what} must be true or false, got {excerpt(value)}")
    return value


def _int_list(value: Any, what: str, length: int, lo: int, hi: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != length:
        raise StateError(f"{what} must be a list of {length} numbers, got {excerpt(value)}")
    return tuple(_int(v, f"{what}[{i}]", lo, hi) for i, v in enumerate(value))


def state_from_json(obj: Any) -> GameState:
    """Read a state; raises StateError (or another RulesError) when it is not valid."""
    if not isinstance(obj, dict):
        raise StateError(f"a state must be a JSON object, got {type(obj).__name__}")
    if "variant" not in obj:
        raise StateError("the state has no 'variant'")
    key, options = _read_match_id(obj)
    options = _options_with_match_length(obj, options)
    variant = find_stored_variant(obj["variant"], options)
    players = variant.players

    result = _read_result(obj.get("result"), players)
    phase = _read_phase(obj, result, key)
    to_act_given = obj.get("to_act")
    if to_act_given is not None:
        to_act_given = _int(to_act_given, "to_act", 0, players - 1)
    on_roll = _read_on_roll(obj, key, players, phase, to_act_given)

    position = _read_position(obj, variant, on_roll)
    variant.validate(position)

    cube, match = _read_cube_and_match(obj, variant, key)
    if key is not None and "match" not in obj:
        match = _post_crawford(match, variant, result)
    roller = _read_roller(obj, variant, phase, on_roll)
    again = _read_again(obj, variant, phase)
    _check_dice_list(obj.get("dice"))
    dice = _read_dice(obj, variant, phase, key, bonus=roller is not None, again=again)
    _check_result(result, variant, obj)

    turn = _int(obj.get("turn", 0), "turn", 0, MAX_TURN)
    opening = obj.get("opening", [])
    if not isinstance(opening, list) or len(opening) not in (0, players):
        raise StateError(f"'opening' must be a list of {players} dice or empty")
    opening_t = tuple(_int(d, "opening die", 1, variant.faces) for d in opening)
    resign_offer, resume = _read_resignation(obj, variant, phase, key, dice)

    state = GameState(
        variant,
        position,
        phase,
        dice,
        cube,
        match,
        result,
        resign_offer,
        resume,
        turn,
        opening_t,
        roller,
        again,
    )
    _check_whole(state, to_act_given)
    check_reachable(state)
    return state


def _read_match_id(obj: dict[str, Any]) -> tuple[MatchKey | None, dict[str, Any]]:
    """The state's Match ID (backgammon only), and its options with the match length
    and (money play) the Jacoby rule the ID carries where the state names neither."""
    options = obj.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise StateError(f"'options' must be an object, got {excerpt(options)}")
    if "match_id" not in obj:
        return None, options
    if obj["variant"] != "backgammon":
        raise StateError(f"{excerpt(obj['variant'])} has no Match ID")
    key = match_from_id(obj["match_id"])
    options = dict(options)
    options.setdefault("match_length", key.match_length)
    if key.match_length == 0:
        options.setdefault("jacoby", key.jacoby)
    if key.game_state != IdGameState.PLAYING and obj.get("result") is None:
        raise StateError(
            f"the Match ID {excerpt(obj['match_id'])} says no game is in play; give the 'result'"
        )
    return key, options


def _read_on_roll(
    obj: dict[str, Any],
    key: MatchKey | None,
    players: int,
    phase: Phase,
    to_act_given: int | None,
) -> int:
    """The side on roll: given, from the Match ID, or from the side that acts (which
    answers for the side on roll while a double or resignation waits)."""
    if "on_roll" in obj:
        return _int(obj["on_roll"], "on_roll", 0, players - 1)
    if key is not None:
        return key.on_roll
    if to_act_given is not None:
        answering = phase in (Phase.TAKE, Phase.RESIGN)
        return (to_act_given - 1) % players if answering else to_act_given
    return 0


def _read_roller(obj: dict[str, Any], variant: Variant, phase: Phase, on_roll: int) -> int | None:
    """El Mundo: the side whose unused dice are being played as a bonus (or None)."""
    roller = obj.get("roller")
    if roller is None:
        return None
    roller = _int(roller, "roller", 0, variant.players - 1)
    # A bonus play is made (move), or a resignation offered during it waits for its
    # answer with the dice kept (resign).
    if not variant.passes_dice or phase not in (Phase.MOVE, Phase.RESIGN) or roller == on_roll:
        raise StateError("'roller' names the side whose unused dice are being played")
    return roller


def _read_again(obj: dict[str, Any], variant: Variant, phase: Phase) -> bool:
    """Acey-Deucey: the side on roll keeps its turn after the 1-2 (naming a double,
    playing it, throwing again); a double is named after the 1-2 only."""
    again = _bool(obj.get("again", False), "again")
    if again and (not variant.names_double_after or phase in (Phase.TAKE, Phase.OVER)):
        raise StateError(
            f"'again' (a turn kept after {variant.id}'s 1-2) does not fit the {phase.value} phase"
            if variant.names_double_after
            else f"{variant.id} has no throw after which a side keeps its turn ('again')"
        )
    if phase is Phase.CHOOSE and variant.names_double_after and not again:
        raise StateError(f"{variant.id} names a double only after the 1-2 ('again': true)")
    return again


def _read_resignation(
    obj: dict[str, Any],
    variant: Variant,
    phase: Phase,
    key: MatchKey | None,
    dice: tuple[int, ...],
) -> tuple[int, Phase]:
    """The resignation offered and the phase play resumes in if it is refused
    (``0, ROLL`` outside the resign phase)."""
    if phase is not Phase.RESIGN:
        return 0, Phase.ROLL
    level = obj.get("resign_offer", key.resignation if key else None)
    resign_offer = _int(level, "resign_offer", 1, 3)
    if resign_offer not in RESIGN_KINDS or (resign_offer > 1 and not variant.has_cube):
        raise StateError(f"cannot resign at level {resign_offer}")
    resume = _read_phase_name(obj.get("resume", "move" if dice else "roll"), "resume")
    if resume not in (Phase.ROLL, Phase.MOVE):
        raise StateError("'resume' must be 'roll' or 'move'")
    if (resume is Phase.MOVE) != bool(dice):
        raise StateError("a resignation made after the roll keeps the dice, and only then")
    return resign_offer, resume


def _check_whole(state: GameState, to_act_given: int | None) -> None:
    """Checks of the state as a whole: a double that could have been offered, the side
    named to act, nobody already won while no result is given."""
    if state.phase is Phase.TAKE:
        could = replace(state, phase=Phase.ROLL)
        if not can_double(could):
            raise StateError("no double can have been offered in this state")
    if to_act_given is not None and to_act_given != state.to_act:
        raise StateError(
            f"to_act {to_act_given} does not fit the state (side {state.to_act} decides next)"
        )
    if state.result is None:
        for side in range(state.variant.players):
            if state.variant.outcome(state.position, side) is not None:
                raise PositionError(f"side {side} has already won this position")


def _options_with_match_length(obj: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """A backgammon state's match length stands for the option ``match_length`` where the
    options do not name it (as the Match ID's does), so that the two cannot differ."""
    match = obj.get("match")
    if (
        obj["variant"] == "backgammon"
        and isinstance(match, dict)
        and "length" in match
        and "match_length" not in options
    ):
        return {**options, "match_length": match["length"]}
    return options


def _post_crawford(match: MatchScore, variant: Variant, result: Outcome | None) -> MatchScore:
    """A Match ID marks the Crawford game only: a game of a match with the Crawford rule
    where a side had one point to go when it began, and that is not the Crawford game,
    comes after it."""
    score = list(match.score)
    if result is not None and result.winner is not None and result.winner < len(score):
        score[result.winner] -= result.points
    if (
        match.length > 1
        and variant.options.get("crawford", False)
        and not match.crawford
        and match.length - 1 in score
    ):
        return replace(match, crawford_done=True)
    return match


def _check_dice_list(value: Any) -> None:
    """Refuse a long list of dice before reading it (and quoting it whole)."""
    if isinstance(value, list) and len(value) > 8:
        raise StateError(f"'dice' must be a list of at most 8 dice, got {excerpt(value)}")


def _read_phase_name(value: Any, what: str) -> Phase:
    try:
        return Phase(value)
    except ValueError:
        names = ", ".join(p.value for p in Phase)
        raise StateError(f"{what} must be one of {names}, got {excerpt(value)}") from None


def _read_phase(obj: dict[str, Any], result: Outcome | None, key: MatchKey | None) -> Phase:
    if "phase" in obj:
        phase = _read_phase_name(obj["phase"], "phase")
    elif result is not None:
        phase = Phase.OVER
    elif key is not None and key.doubled:
        phase = Phase.TAKE
    elif key is not None and key.resignation:
        phase = Phase.RESIGN
    elif obj.get("dice") or (key is not None and key.dice[0]):
        phase = Phase.MOVE
    else:
        phase = Phase.ROLL
    if (phase is Phase.OVER) != (result is not None):
        raise StateError("a state has a 'result' exactly when its phase is 'over'")
    return phase


def _read_result(value: Any, players: int) -> Outcome | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise StateError(f"'result' must be null or an object, got {excerpt(value)}")
    try:
        kind = Kind(str(value.get("kind")))
    except ValueError:
        raise StateError(f"unknown result kind {excerpt(value.get('kind'))}") from None
    points = _int(value.get("points"), "result points", 0, 1 << 16)
    winner = value.get("winner")
    if winner is not None:
        winner = _int(winner, "result winner", 0, players - 1)
    try:
        termination = Termination(value.get("termination", "borne_off"))
    except ValueError:
        raise StateError(f"unknown termination {excerpt(value.get('termination'))}") from None
    places = value.get("places", [])
    if not isinstance(places, list) or len(set(map(repr, places))) != len(places):
        raise StateError(f"result places must be a list of distinct sides, got {excerpt(places)}")
    order = tuple(_int(p, "a place", 0, players - 1) for p in places)
    return Outcome(winner, kind, points, termination, order)


def _read_position(obj: dict[str, Any], variant: Variant, on_roll: int) -> Position:
    players = variant.players
    if "board" in obj:
        board = obj["board"]
        width = variant.track_length + 2
        if not isinstance(board, list) or len(board) != players:
            raise StateError(f"'board' must be a list of {players} rows")
        rows = tuple(
            _int_list(row, f"board[{i}]", width, 0, variant.men) for i, row in enumerate(board)
        )
        hand = _int_list(obj.get("hand", [0] * players), "hand", players, 0, variant.men)
        # (Plakoto keeps a bit per pinned pos 1-23: the largest flags of any variant.)
        flags = _int_list(obj.get("flags", [0] * players), "flags", players, 0, 1 << 24)
        position = Position(rows, on_roll, hand, flags)
        if "position_id" in obj:
            if variant.id != "backgammon":
                raise StateError(f"{variant.id} positions have no Position ID; give 'board' only")
            variant.validate(position)  # (a Position ID holds 15 men a side at most)
            if position_id(position) != obj["position_id"]:
                raise StateError("'position_id' and 'board' describe different positions")
        return position
    if "position_id" in obj:
        if variant.id != "backgammon":
            raise StateError(f"{variant.id} positions have no Position ID; give 'board'")
        return position_from_id(obj["position_id"], on_roll, variant.men)
    if obj.get("phase") is None and not obj.get("dice") and not obj.get("turn"):
        return variant.start_position().with_to_act(on_roll)
    raise StateError("the state has neither 'board' nor 'position_id'")


def _read_cube_and_match(
    obj: dict[str, Any], variant: Variant, key: MatchKey | None
) -> tuple[Cube, MatchScore]:
    if not variant.has_cube:
        if "cube" in obj:
            raise StateError(f"{variant.id} has no doubling cube")
        match = MatchScore(score=(0,) * variant.players)
        if "match" in obj:
            m = obj["match"]
            if not isinstance(m, dict):
                raise StateError(f"'match' must be an object, got {excerpt(m)}")
            cycle, game = read_cycle(m, variant.id)  # TavliError: a RulesError
            length = m.get("length", 0) if cycle else 0
            if (
                m.get("length", 0) != length
                or m.get("crawford", False)
                or m.get("crawford_done", False)
            ):
                raise StateError(f"{variant.id} plays no match to N points: length must be 0")
            score = _int_list(
                m.get("score", [0] * variant.players),
                "score",
                variant.players,
                0,
                SESSION_SCORE_LIMIT,
            )
            match = MatchScore(length, score, cycle=cycle, game=game)
        return Cube(), match
    cube = Cube(key.cube, key.cube_owner) if key else Cube()
    length = int(variant.options.get("match_length", 0))
    match = (
        MatchScore(key.match_length, key.score, key.crawford) if key else MatchScore(length=length)
    )
    if "cube" in obj:
        c = obj["cube"]
        if not isinstance(c, dict):
            raise StateError(f"'cube' must be an object, got {excerpt(c)}")
        value = _int(c.get("value", 1), "cube value", 1, 1 << 15)
        if value & (value - 1):
            raise StateError(f"cube value must be a power of two, got {value}")
        owner = c.get("owner")
        owner = -1 if owner is None else _int(owner, "cube owner", 0, 1)
        if value == 1 and owner != -1:
            raise StateError("a cube of 1 is centred (owner null)")
        cube = Cube(value, owner)
    if "match" in obj:
        m = obj["match"]
        if not isinstance(m, dict):
            raise StateError(f"'match' must be an object, got {excerpt(m)}")
        read_cycle(m, variant.id)  # a cycle of games (Tavli) never has a cube: refused
        mlen = _int(m.get("length", length), "match length", 0, 32767)
        # (A score may outgrow the Match ID's 15 bits: a money session's, or a match's
        # once a game with the cube high is won; the state then has no Match ID.)
        score = _int_list(m.get("score", [0, 0]), "match score", 2, 0, MONEY_SCORE_LIMIT)
        match = MatchScore(
            mlen,
            (score[0], score[1]),
            _bool(m.get("crawford", False), "match crawford"),
            _bool(m.get("crawford_done", False), "match crawford_done"),
        )
    if match.length and match.length != length and "options" in obj:
        raise StateError(
            f"match length {match.length} differs from the option match_length {length}"
        )
    return cube, match


def _read_dice(
    obj: dict[str, Any],
    variant: Variant,
    phase: Phase,
    key: MatchKey | None,
    bonus: bool = False,
    again: bool = False,
) -> tuple[int, ...]:
    raw = obj.get("dice")
    if raw is None and key is not None and key.dice[0]:
        raw = list(key.dice)
    if raw is None:
        raw = []
    if not isinstance(raw, list):
        raise StateError(f"'dice' must be a list, got {excerpt(raw)}")
    dice = tuple(_int(d, "a die", 1, variant.faces) for d in raw)
    # While a resignation awaits an answer, the dice of the turn may stand.
    needs = phase in (Phase.MOVE, Phase.CHOOSE) or (phase is Phase.RESIGN and bool(dice))
    if again and phase is not Phase.ROLL:
        # Acey-Deucey after the 1-2: no dice while the double is named, then that double.
        if phase is Phase.CHOOSE:
            if dice:
                raise StateError(f"no dice stand while a double is named, got {list(raw)}")
            return dice
        if needs and (len(dice) != 2 or dice[0] != dice[1]):
            raise StateError(f"after the 1-2 the dice are the double named, got {list(raw)}")
    if phase is Phase.CHOOSE:
        if variant.die_chooser is None or len(dice) != variant.dice_count - 1:
            raise StateError(f"{variant.id} has no die to name with the dice {list(raw)}")
        fixed = variant.fixed_dice
        if fixed and dice[-len(fixed) :] != fixed:
            raise StateError(f"{variant.id} adds {list(fixed)} to every throw")
    elif bonus:
        # A roller that can use none of its dice hands them all on.
        if not 1 <= len(dice) <= variant.dice_count:
            raise StateError(f"a bonus play hands on 1 to {variant.dice_count} dice")
    elif needs and len(dice) != variant.dice_count:
        raise StateError(
            f"{variant.id} plays {variant.dice_count} dice of 1-{variant.faces}, got {list(raw)}"
        )
    if not needs and dice:
        raise StateError(f"no dice are thrown in the {phase.value} phase, got {list(raw)}")
    return dice


def _check_result(result: Outcome | None, variant: Variant, obj: dict[str, Any]) -> None:
    if "winner" in obj and obj["winner"] != (result.winner if result else None):
        raise StateError("'winner' does not agree with 'result'")
    if result is None:
        return
    if result.kind not in variant.result_kinds:
        kinds = ", ".join(k.value for k in variant.result_kinds)
        raise StateError(f"{variant.id} has no result of kind {result.kind.value!r} ({kinds})")
    if (result.winner is None) != (result.kind is Kind.TIE):
        raise StateError("a result has a winner unless it is a tie")
