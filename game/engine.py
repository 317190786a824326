"""The engine protocol: one JSON request a line in, one JSON answer a line out.

``python -m game.engine`` (or ``tabula-engine``) serves the rules engine and
the AI to tools, tests and benchmarks, the way chess engines speak UCI. Every
answer has ``ok``; a request that cannot be served gets ``{"ok": false,
"error": ...}`` and the engine reads on. See docs/ENGINE.md.
"""

from __future__ import annotations

import json
import math
import random
import sys
import time
import traceback
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import IO, Any

from game.ai.levels import LEVELS
from game.rules import actions as a
from game.rules import match as m
from game.rules import tavli
from game.rules.errors import RulesError, excerpt
from game.rules.notation import format_turn, parse_play
from game.rules.play import Play
from game.rules.serial import check_writable, state_from_json, state_to_json
from game.rules.variants import VARIANTS, find_variant
from game.rules.variants.base import Variant


class RequestError(ValueError):
    """A request that is not well formed."""


Handler = Callable[[dict[str, Any]], dict[str, Any]]


def _seed(request: dict[str, Any]) -> int:
    seed = request.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RequestError(f"'seed' must be a whole number, got {excerpt(seed)}")
    return seed


def _state(request: dict[str, Any]) -> m.GameState:
    if "state" not in request:
        raise RequestError("the request has no 'state'")
    return state_from_json(request["state"])


def _written(state: m.GameState) -> dict[str, Any]:
    """``state`` as the answer writes it; refused (``StateError``) past what a state read
    in may record (``serial.check_writable``), so that every state the engine answers
    with reads back."""
    check_writable(state)
    return state_to_json(state)


def _variants(_request: dict[str, Any]) -> dict[str, Any]:
    listing = []
    for cls in VARIANTS.values():
        variant = cls()
        listing.append(
            {
                "id": cls.id,
                "name": cls.name,
                "players": cls.players,
                "dice": variant.dice_count,
                "faces": variant.faces,
                "options": {
                    spec.name: {
                        "default": spec.default,
                        "values": list(spec.values),
                        "label": spec.label,
                        "description": spec.description,
                    }
                    for spec in cls.option_specs
                },
            }
        )
    listing.append(_TAVLI_LISTING)
    return {"variants": listing}


# The protocol's ``tavli``: not a variant of the registry but a match whose games are
# Portes, Plakoto and Fevga in turn (game.rules.tavli); its one option is the length.
_TAVLI_LISTING: dict[str, Any] = {
    "id": tavli.MATCH_ID,
    "name": "Tavli (Portes, Plakoto and Fevga in turn)",
    "players": 2,
    "dice": 2,
    "faces": 6,
    "options": {
        "match_length": {
            "default": tavli.DEFAULT_LENGTH,
            "values": list(tavli.LENGTHS),
            "label": "Match length",
            "description": "The points a side needs to win the match.",
        }
    },
}


def _tavli_match(options: dict[str, Any]) -> tuple[Variant, m.MatchScore]:
    """``new`` of ``tavli``: the match's first game, Portes, and the match's score."""
    unknown = sorted(set(options) - {"match_length"})
    if unknown:
        raise RequestError(f"tavli has no option {excerpt(unknown[0])} (options: match_length)")
    match = tavli.start_match(options.get("match_length", tavli.DEFAULT_LENGTH))
    return tavli.variant_in_turn(match), match


def _new(request: dict[str, Any]) -> dict[str, Any]:
    if "variant" not in request:
        raise RequestError("'new' needs a 'variant'")
    options = request.get("options")
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise RequestError(f"'options' must be an object, got {excerpt(options)}")
    # "tavli" begins a Tavli match (its first game, Portes); "next" goes on to the
    # cycle's next game (game.rules.tavli).
    match: m.MatchScore | None = None
    if request["variant"] == tavli.MATCH_ID:
        variant, match = _tavli_match(options)
    else:
        variant = find_variant(request["variant"], options)
    state = m.new_game(variant, random.Random(_seed(request)), match)
    return {"state": _written(state)}


def _roll(request: dict[str, Any]) -> dict[str, Any]:
    state = _state(request)
    if state.phase is not m.Phase.ROLL:
        raise RequestError(f"no roll is due: the game is in the {state.phase.value} phase")
    if "dice" in request:
        dice = request["dice"]
        if not isinstance(dice, list):
            raise RequestError(f"'dice' must be a list, got {excerpt(dice)}")
        return {"state": _written(a.apply_action(state, a.Roll(tuple(dice), by_hand=True)))}
    return {"state": _written(a.roll(state, random.Random(_seed(request))))}


def _notation(state: m.GameState, play: Play) -> str:
    """A play's notation; in El Mundo with the dice it hands on (``3/12 [6]``)."""
    return format_turn(state.variant, state.dice, play)


_RESIGN_WORDS = {"resign": 1, "resign single": 1, "resign gammon": 2, "resign backgammon": 3}
_RESIGNATION = {1: "resign", 2: "resign gammon", 3: "resign backgammon"}


def _word(state: m.GameState, action: a.Action) -> str:
    """The protocol's word for ``action`` made in ``state``: a play's notation,
    ``choose N``, ``resign gammon``, ``roll`` or the action's name (``take``...)."""
    match action:
        case a.Move(play=play):
            return _notation(state, play)
        case a.NameDie(value=value):
            return f"choose {value}"
        case a.Resign(level=level):
            return _RESIGNATION.get(level, "resign")
        case a.Roll():
            return "roll"
    return action.name


def _listed(state: m.GameState) -> list[a.Action]:
    """The decisions ``legal`` lists: the plays, or the answers to a double or a
    resignation, or the values of a named die (never a roll, a double or a resignation:
    those are asked for by name)."""
    listed: list[a.Action] = [
        act for act in a.legal_actions(state) if not isinstance(act, a.Roll | a.Double | a.Resign)
    ]
    if not listed:
        if state.phase is m.Phase.ROLL:
            raise RequestError("the dice have not been thrown: send 'roll' first")
        raise RequestError("the game is over")
    return listed


def _moves(state: m.GameState) -> list[dict[str, Any]]:
    """Every legal move of the side that decides: plays, or cube/resign answers."""
    listed = _listed(state)
    plays = [act.play for act in listed if isinstance(act, a.Move)]
    return [
        {"notation": _word(state, act), "state": _written(a.apply_action(state, act, plays))}
        for act in listed
    ]


def _legal(request: dict[str, Any]) -> dict[str, Any]:
    return {"moves": _moves(_state(request))}


def _action_of(state: m.GameState, notation: str) -> a.Action:
    """The action a ``play`` request's words name in ``state`` (raises ``RequestError``
    where the phase has no such answer, ``RulesError`` for a play that is not legal)."""
    word = " ".join(notation.lower().split())
    if word == "double":
        return a.Double()
    if word in _RESIGN_WORDS:
        return a.Resign(_RESIGN_WORDS[word])
    if state.phase is not m.Phase.MOVE:
        for act in a.legal_actions(state) if state.phase is not m.Phase.ROLL else ():
            if word == _word(state, act):
                return act
        raise RequestError(f"{excerpt(notation)} cannot be played in the {state.phase.value} phase")
    return a.Move(parse_play(state.variant, state.position, state.dice, notation))


def _play(request: dict[str, Any]) -> dict[str, Any]:
    state = _state(request)
    notation = request.get("notation")
    if not isinstance(notation, str):
        raise RequestError(f"'notation' must be a string, got {excerpt(notation)}")
    return {"state": _written(a.apply_action(state, _action_of(state, notation)))}


def _level(request: dict[str, Any]) -> str:
    level = request.get("level", "novice")
    if level not in LEVELS:
        raise RequestError(f"unknown level {excerpt(level)} (levels: {', '.join(LEVELS)})")
    return str(level)


def _best(request: dict[str, Any]) -> dict[str, Any]:
    level = _level(request)
    state = _state(request)
    seed = _seed(request)
    started = time.perf_counter()
    if level == "novice" and state.phase is m.Phase.MOVE:  # the same pick, one state encoded
        plays = m.legal_plays(state)
        chosen = a.Move(random.Random(seed).choice(plays))
        after = a.apply_action(state, chosen, plays)
        move = {"notation": _word(state, chosen), "state": _written(after)}
    elif level == "novice" and state.phase is not m.Phase.ROLL:
        move = random.Random(seed).choice(_moves(state))
    else:
        move = _decision_move(state, level, seed)
    ms = round((time.perf_counter() - started) * 1000, 3)
    return {"move": move, "ms": ms}


def _decision_move(state: m.GameState, level: str, seed: int) -> dict[str, Any]:
    """The computer's decision as a move: a play, ``choose N``, or a cube or resignation
    answer; before the roll ``double`` or ``roll`` (the dice then thrown with ``seed``)."""
    from game.ai.players import decide

    if state.is_over:
        raise RequestError("the game is over")
    action = decide(state, level, seed)
    if action is None:
        return {"notation": "roll", "state": _written(a.roll(state, random.Random(seed)))}
    return {"notation": _word(state, action), "state": _written(a.apply_action(state, action))}


def _hint(request: dict[str, Any]) -> dict[str, Any]:
    """The trained evaluation's view: every play ranked (MOVE), or the cube analysis (the
    roll phase, or a double offered, where the options play with the cube)."""
    from game.ai import players

    state = _state(request)
    count = request.get("count", 5)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise RequestError(f"'count' must be a whole number of at least 1, got {excerpt(count)}")
    if state.phase is m.Phase.MOVE:
        ranked = players.ranked_plays(state, "expert")
        best = ranked[0].value
        return {
            "unit": "points" if state.variant.players == 2 else "chance",
            "moves": [
                {
                    "notation": _notation(state, r.play),
                    "value": round(r.value, 4),
                    "loss": round(best - r.value, 4),
                    "deep": r.deep,
                }
                for r in ranked[:count]
            ],
        }
    if state.phase in (m.Phase.ROLL, m.Phase.TAKE) and state.variant.options.get("cube", False):
        from game.ai import cube

        analysis = cube.analyse(state, players.cubeless(state))
        return {
            "unit": "points" if state.money else "match",
            "cube": {
                "no_double": round(analysis.no_double, 4),
                "double_take": round(analysis.double_take, 4),
                "double_pass": round(analysis.double_pass, 4),
                "action": analysis.words(),
            },
        }
    raise RequestError(f"no hint in the {state.phase.value} phase")


MAX_ANALYSED = 2_000  # a replay's entries the analyse request judges, at most (a long game
# of Long Nardy has a few hundred; each play costs up to a second of the expert's look)


def _analyse(request: dict[str, Any]) -> dict[str, Any]:
    """A finished game (or a game so far) judged by the expert: ``game.study``'s analysis
    of the replay in ``replay`` (its JSON form, as Records exports it)."""
    from game.rules.replay import ReplayError, replay_from_json
    from game.study.analysis import analyse_replay

    if "replay" not in request:
        raise RequestError("the request has no 'replay'")
    try:
        replay = replay_from_json(request["replay"])
    except ReplayError as exc:
        raise RequestError(str(exc)) from None
    if len(replay.plays) > MAX_ANALYSED:
        raise RequestError(
            f"the replay has {len(replay.plays):,} entries; analyse takes at most {MAX_ANALYSED:,}"
        )
    try:
        analysis = analyse_replay(replay)
    except ValueError as exc:  # ReplayError too: a record that does not follow the rules
        raise RequestError(str(exc)) from None
    return {"analysis": analysis.to_json()}


MAX_ROLLOUT = 10_000  # games a rollout request plays, at most (about 0.1 s a backgammon game)


def _rollout(request: dict[str, Any]) -> dict[str, Any]:
    """``games`` games from ``state`` by the expert's quick play (``game.study.rollout``):
    each side's mean result with its 95% interval, and its chances of each kind of win."""
    from game.study.rollout import rollout

    state = _state(request)
    games = request.get("games", 100)
    if isinstance(games, bool) or not isinstance(games, int):
        raise RequestError(f"'games' must be a whole number, got {excerpt(games)}")
    if not 1 <= games <= MAX_ROLLOUT:
        raise RequestError(f"'games' must be 1 to {MAX_ROLLOUT:,}, got {games:,}")
    try:
        result = rollout(state, games, _seed(request))
    except ValueError as exc:
        raise RequestError(str(exc)) from None
    return {"rollout": result.to_json()}


def _next(request: dict[str, Any]) -> dict[str, Any]:
    state = _state(request)
    return {"state": _written(m.next_game(state, random.Random(_seed(request))))}


HANDLERS: dict[str, Handler] = {
    "variants": _variants,
    "new": _new,
    "roll": _roll,
    "legal": _legal,
    "play": _play,
    "best": _best,
    "hint": _hint,
    "analyse": _analyse,
    "rollout": _rollout,
    "next": _next,
}


MAX_LINE = 1 << 20  # bytes in one request line, its end of line not counted (1 MiB)
MAX_ERROR = 400  # characters in one error message


@dataclass(frozen=True, slots=True)
class LongLine:
    """A request line longer than ``MAX_LINE`` bytes, skipped unread: its length."""

    size: int


def read_lines(stream: IO[bytes], limit: int = MAX_LINE) -> Iterator[bytes | LongLine]:
    """The lines of ``stream``; a line longer than ``limit`` bytes as a ``LongLine``,
    read past in pieces so that no more than ``limit`` bytes of it are ever held."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) <= limit or line.endswith(b"\n"):
            yield line
            continue
        size = len(line)
        while not line.endswith(b"\n"):
            line = stream.readline(1 << 16)
            if not line:
                break
            size += len(line)
        yield LongLine(size - line.endswith(b"\n"))


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:40]} is too large")
    return value


def _refusal(message: str) -> dict[str, Any]:
    """``{"ok": false}`` with ``message`` made one line of at most ``MAX_ERROR`` characters."""
    message = " ".join(message.split())
    if len(message) > MAX_ERROR:
        message = message[: MAX_ERROR - 3] + "..."
    return {"ok": False, "error": message or "refused"}


def handle_line(line: str | bytes | LongLine) -> dict[str, Any]:
    """The answer to one request line (a blank one included). Never raises."""
    if isinstance(line, LongLine):
        return _refusal(
            f"the line is {line.size:,} bytes long; a request may have at most {MAX_LINE:,}"
        )
    size = len(line) if isinstance(line, bytes) else len(line.encode("utf-8", "replace"))
    if size > MAX_LINE + 2:  # (room for the end of line)
        return _refusal(f"the line is {size:,} bytes long; a request may have at most {MAX_LINE:,}")
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            return _refusal(f"not UTF-8 text: {exc}")
    if not line.strip():
        return _refusal("an empty line: send one JSON object per line")
    try:
        request = json.loads(line, parse_constant=_no_constant, parse_float=_finite)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError is a ValueError
        return _refusal(f"not JSON: {str(exc)[:200]}")
    return handle(request)


def handle(request: Any) -> dict[str, Any]:
    """The answer to one request (already parsed). Never raises."""
    try:
        if not isinstance(request, dict):
            return _refusal(f"a request must be a JSON object, got {excerpt(request)}")
        answer = _answer(request)
        if "id" in request:
            answer["id"] = request["id"]
        return answer
    except Exception as exc:  # a bug: report it, keep serving
        traceback.print_exc(file=sys.stderr)
        return _refusal(f"internal error ({type(exc).__name__}): {exc}")


def _answer(request: dict[str, Any]) -> dict[str, Any]:
    cmd = request.get("cmd")
    handler = HANDLERS.get(cmd) if isinstance(cmd, str) else None
    if handler is None:
        known = ", ".join(HANDLERS)
        return _refusal(f"unknown cmd {excerpt(cmd)} (known: {known})")
    try:
        return {"ok": True, **handler(request)}
    except (RulesError, RequestError) as exc:
        return _refusal(str(exc))
    except Exception as exc:  # a bug: report it, keep serving
        traceback.print_exc(file=sys.stderr)
        return _refusal(f"internal error ({type(exc).__name__}): {exc}")


def encode(answer: dict[str, Any]) -> str:
    """One answer as one line of strict JSON (no NaN or Infinity). Never raises: an
    answer that cannot be written so (an ``id`` nested too deep to echo) is refused."""
    try:
        return json.dumps(answer, separators=(",", ":"), allow_nan=False) + "\n"
    except (ValueError, TypeError, RecursionError) as exc:
        refusal = _refusal(f"the answer cannot be written as JSON: {exc}")
        return json.dumps(refusal, separators=(",", ":")) + "\n"


def serve(lines: Iterable[str | bytes | LongLine], out: IO[str]) -> None:
    """Answer each line, a blank one included, with one line of JSON, flushed at once."""
    for line in lines:
        out.write(encode(handle_line(line)))
        out.flush()


def main() -> int:
    # Read bytes, so that a line that is not UTF-8 gets an answer of its own
    # instead of ending the engine.
    serve(read_lines(sys.stdin.buffer), sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
