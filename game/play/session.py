"""What the scenes hand each other: a game's setup and its summary.

Setup -> Board: a ``GameSetup`` (variant, options, seats, seed).
Board -> Results: a ``GameSummary`` (the setup, the last state, statistics, and
for the campaign the medal earned and the next level).
Board -> Pause (overlay) -> Board: a ``PauseChoice`` popped back.
"""

from __future__ import annotations

import enum
import logging
import random
from dataclasses import asdict, dataclass, field
from typing import Any

from game.ai.levels import LEVELS
from game.i18n import _
from game.level_names import level_word
from game.play.advice import TutorTally
from game.play.saved_dice import LOST_WORDS, lock_dice, unlock_dice
from game.rules.dice import check_contribution
from game.rules.errors import RulesError
from game.rules.match import GameState, MatchScore
from game.rules.replay import read_first_state
from game.rules.serial import state_from_json, state_to_json
from game.rules.tavli import TavliError, cycle_to_json, read_cycle
from game.rules.variants import find_variant, options_as_stored
from game.study.rated import RatingChange

_log = logging.getLogger(__name__)

WORST_KEPT = 3  # the worst plays a practice game's summary shows (and a save keeps)


def level_available(level: str, variant_id: str | None = None) -> bool:
    """Levels a computer seat can play: novice (random legal plays) everywhere; the
    trained levels where the variant has a trained evaluation (shipped weights).
    The setup shows the others as not yet ready."""
    if level == "novice":
        return True
    if variant_id is None:
        return False
    from game.ai.players import has_levels

    return has_levels(variant_id)


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits at one side: a person, or the computer at a level."""

    human: bool = True
    level: str = "novice"
    name: str = ""

    def label(self, side_name: str) -> str:
        if self.name:
            return self.name
        return side_name if self.human else computer_label(side_name, self.level)


@dataclass(frozen=True, slots=True)
class GameSetup:
    variant_id: str
    options: dict[str, Any] = field(default_factory=dict)
    seats: tuple[Seat, ...] = (Seat(), Seat(human=False))
    seed: int | None = None  # None: a fresh seed is drawn when the game starts
    mode: str = "local"  # "local", "practice" or "campaign"
    hints: bool = False  # practice: hints on request
    level: str = ""  # campaign: the level's id
    match_id: str = ""  # the games of one match (or session) share it; "" until it starts
    manual_dice: bool = False  # every throw is entered by hand (physical dice)
    # With a seed given: the player's contribution to the dice ("": the seed alone).
    # With no seed, the board draws one and asks the player for a contribution.
    contribution: str = ""
    # A Tavli match to 3, 5 or 7 (``game.rules.tavli``); 0: not one. With it,
    # ``variant_id`` is the game in turn (the first game's setup says "portes").
    tavli: int = 0
    # A first state of the game's own, as JSON (a campaign level's position and throw:
    # Zeno's); None: the variant's start and an opening throw.
    first: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        # Every option named, chosen or default: a setup saved now says which rules its
        # game is played under, so that a default changed later (``OptionSpec.before``)
        # never changes a game already begun. Unknown ids and options are let through
        # here; ``find_variant`` refuses them where the game starts.
        try:
            full = dict(find_variant(self.variant_id, self.options).options)
        except RulesError:
            return
        object.__setattr__(self, "options", full)


def tavli_setup(
    length: int, seats: tuple[Seat, ...] = (Seat(), Seat(human=False)), **kw: Any
) -> GameSetup:
    """The setup of a new Tavli match to ``length`` (raises ``TavliError``)."""
    from game.rules.tavli import CYCLE, start_match

    start_match(length)
    return GameSetup(CYCLE[0], {}, seats, tavli=length, **kw)


@dataclass(frozen=True, slots=True)
class Judged:
    """A person's play the tutor judged: the state it was made in, the play, the best
    play, and what it gave away."""

    state: GameState
    play: Any  # game.rules.play.Play
    best: Any
    loss: float


CUBE_ACTIONS = ("double", "no double", "take", "drop", "beaver")


@dataclass(frozen=True, slots=True)
class CubeCall:
    """A computer seat's cube decision in practice, beside the expert's advice on it (the
    advice the chances panel shows): ``agreed`` when the seat did what the expert does;
    else a deliberate error of its level."""

    side: int
    turn: int
    level: str
    action: str  # one of CUBE_ACTIONS: what the seat did
    advice: str  # the expert's advice, "No double, take"
    agreed: bool

    def words(self, name: str) -> str:
        """ "Turn 16: Crimson doubled where the expert's advice was No double, take", in
        the language in use."""
        from game.play.analysis import advice_words

        did = {
            "double": _("{name} doubled"),
            "no double": _("{name} did not double"),
            "take": _("{name} took the double"),
            "drop": _("{name} passed the double"),
            "beaver": _("{name} beavered"),
        }[self.action].format(name=name)
        advice = advice_words(self.advice)
        if self.agreed:
            return _("Turn {turn}: {did}, as the expert advised ({advice})").format(
                turn=self.turn + 1, did=did, advice=advice
            )
        # TRANSLATORS: {level} is the computer's strength ("expert", "novice")
        return _(
            "Turn {turn}: {did} where the expert's advice was {advice}: a deliberate error of "
            "the {level} level"
        ).format(turn=self.turn + 1, did=did, advice=advice, level=level_word(self.level))


def cube_call_to_json(call: CubeCall) -> dict[str, Any]:
    return asdict(call)


def cube_call_from_json(obj: Any) -> CubeCall:
    """A cube decision read back (raises ValueError)."""
    if not isinstance(obj, dict):
        raise ValueError("a saved cube decision cannot be read")
    try:
        call = CubeCall(**obj)
    except TypeError:
        raise ValueError("a saved cube decision cannot be read") from None
    kinds = (int, int, str, str, str, bool)
    values = (call.side, call.turn, call.level, call.action, call.advice, call.agreed)
    if not all(type(v) is k for v, k in zip(values, kinds, strict=True)):
        raise ValueError("a saved cube decision cannot be read")
    if call.action not in CUBE_ACTIONS or call.side < 0 or call.turn < 0:
        raise ValueError("a saved cube decision cannot be read")
    return call


@dataclass(frozen=True, slots=True)
class GameSummary:
    """How a game went, for the results scene."""

    setup: GameSetup
    state: GameState  # the final state (result, score)
    seed: int
    turns: int
    hits: tuple[int, ...]  # men each side hit
    pips: tuple[int, ...]  # pips each side still had to travel at the end
    match_over: bool = True  # False: the match goes on (a "next game" button)
    # Practice: the tutor's judgements of each side's plays (None: a side it did not
    # judge, a computer's); empty when the tutor was off.
    tutor: tuple[TutorTally | None, ...] = ()
    # What each side did (``game.rules.actions.action_to_json``), for the records.
    log: tuple[dict[str, Any], ...] = ()
    # How the game began in its match: {"match": MatchScore, "starter": side or None}.
    start: dict[str, Any] = field(default_factory=dict)
    # Practice: the plays the tutor judged; and every state of the game (for the luck).
    judged: tuple[Judged, ...] = ()
    states: tuple[GameState, ...] = ()
    # Practice: the computer seats' cube decisions beside the expert's advice.
    cube_calls: tuple[CubeCall, ...] = ()
    # Campaign: the medal the level earned (0: goal missed; None: not a campaign
    # game, or the match goes on) and the level the results lead to ("" for none).
    medal: int | None = None
    next_level: str = ""
    # The player's rating in this game before and after it (None: not a rated game).
    rating: RatingChange | None = None


class PauseChoice(enum.StrEnum):
    RESUME = "resume"
    CONCEDE = "concede"
    MENU = "menu"
    QUIT = "quit"


MODES = ("local", "practice", "campaign")


def setup_to_json(setup: GameSetup) -> dict[str, Any]:
    return {
        "variant": setup.variant_id,
        "options": dict(setup.options),
        "seats": [{"human": s.human, "level": s.level, "name": s.name} for s in setup.seats],
        "seed": setup.seed,
        "mode": setup.mode,
        "hints": setup.hints,
        "level": setup.level,
        "match_id": setup.match_id,
        "manual_dice": setup.manual_dice,
        "contribution": setup.contribution,
        **({"tavli": setup.tavli} if setup.tavli else {}),
        **({"first": dict(setup.first)} if setup.first is not None else {}),
    }


def setup_from_json(obj: Any) -> GameSetup:
    """A setup read back (raises ``ValueError`` saying what is wrong)."""
    if not isinstance(obj, dict):
        raise ValueError("the setup is not an object")
    variant_id = obj.get("variant")
    options = obj.get("options")
    if not isinstance(variant_id, str) or not isinstance(options, dict):
        raise ValueError("the setup has no variant and options")
    # An option the saved game predates keeps the rule it was played under.
    options = options_as_stored(variant_id, options)
    variant = find_variant(variant_id, options)  # raises for unknown ids and options
    seats_raw = obj.get("seats")
    if not isinstance(seats_raw, list) or len(seats_raw) != variant.players:
        raise ValueError("the setup's seats do not fit the variant")
    seats = []
    for seat in seats_raw:
        if (
            not isinstance(seat, dict)
            or not isinstance(seat.get("human"), bool)
            or seat.get("level") not in LEVELS
            or not isinstance(seat.get("name", ""), str)
        ):
            raise ValueError(f"a seat cannot be read: {seat!r}")
        seats.append(Seat(seat["human"], seat["level"], seat.get("name", "")))
    seed = obj.get("seed")
    mode = obj.get("mode")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise ValueError("the setup's seed is not a number")
    if mode not in MODES or not isinstance(obj.get("hints"), bool):
        raise ValueError("the setup's mode cannot be read")
    level, match_id = obj.get("level", ""), obj.get("match_id", "")
    manual = obj.get("manual_dice", False)
    if not isinstance(level, str) or not isinstance(match_id, str) or not isinstance(manual, bool):
        raise ValueError("the setup's level cannot be read")
    contribution = check_contribution(obj.get("contribution", ""))  # DiceError: a ValueError
    tavli = obj.get("tavli", 0)
    if tavli:
        from game.rules.tavli import CYCLE, LENGTHS

        if tavli not in LENGTHS or isinstance(tavli, bool) or variant_id not in CYCLE:
            raise ValueError(f"the setup's Tavli match cannot be read: {tavli!r:.20}")
    first = obj.get("first")
    if first is not None:
        first = read_first_state(first, variant_id)
    return GameSetup(
        variant_id,
        options,
        tuple(seats),
        seed,
        mode,
        obj["hints"],
        level,
        match_id,
        manual,
        contribution,
        tavli,
        first,
    )


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A game in progress as the board left it after a play: enough to go on with the
    same dice (the generator's state) from the same state."""

    setup: GameSetup
    seed: int
    rng_state: Any  # random.Random.getstate()
    state: GameState
    log: tuple[dict[str, Any], ...]
    hits: tuple[int, ...]
    tally: dict[int, TutorTally]
    ai_rng_state: Any = None  # the computer seats' generator
    start: dict[str, Any] = field(default_factory=dict)  # see GameSummary.start
    # Practice: the plays the tutor judged that gave away most (``worst_judged``).
    judged: tuple[Judged, ...] = ()
    # The opening throw the game began with (the past, shown on the board): kept so
    # that a game whose dice cannot be unlocked goes on with it (``saved_dice``).
    opening_thrown: tuple[int, ...] = ()
    # What the board must say when it resumes the game ("" for nothing): that its dice
    # could not be unlocked and are new (never saved).
    notice: str = ""
    # Practice: the computer seats' cube decisions beside the expert's advice.
    cube_calls: tuple[CubeCall, ...] = ()

    def describe(self) -> str:
        """ "Backgammon against the computer (expert), turn 12", in the language in use."""
        from game.names import game_name, tavli

        name = game_name(self.setup.variant_id)
        match = self.state.match
        if match.cycle:  # "Tavli to 5, game 2: Plakoto ..."
            name = _("{tavli} to {length}, game {n}: {game}").format(
                tavli=tavli(), length=match.length, n=match.game + 1, game=name
            )
        levels = [s.level for s in self.setup.seats if not s.human]
        turn = self.state.turn + 1
        if levels:
            strongest = level_word(max(levels, key=LEVELS.index))
            return _("{game} against the computer ({level}), turn {turn}").format(
                game=name, level=strongest, turn=turn
            )
        return _("{game}, turn {turn}").format(game=name, turn=turn)

    def replay(self, seats: tuple[dict[str, Any], ...] = ()) -> Any:
        """The game's record so far as a ``game.rules.replay.Replay`` (its seed, opening,
        match and the player's contribution to the dice)."""
        from game.rules.replay import Replay

        opening = self.start.get("opening")
        return Replay(
            self.setup.variant_id,
            dict(self.setup.options),
            self.seed,
            tuple(self.log),
            seats,
            match=self.start.get("match"),
            starter=self.start.get("starter"),
            opening=tuple(opening) if opening else None,
            contribution=self.start.get("contribution", ""),
            first=self.start.get("first"),
        )


def saved_to_json(saved: SavedGame, key: bytes | None = None) -> dict[str, Any]:
    """The game in progress as JSON; with ``key`` (as the window saves it) its seed and
    generators' states are locked under it (``game.play.saved_dice``), so that the
    records book does not tell the dice to come."""
    version, internal, gauss = saved.rng_state
    ai = saved.ai_rng_state
    data = {
        "start": start_to_json(saved.start),
        "ai_rng": None if ai is None else [ai[0], list(ai[1]), ai[2]],
        "version": 1,
        "setup": setup_to_json(saved.setup),
        "seed": saved.seed,
        "rng": [version, list(internal), gauss],
        "state": state_to_json(saved.state),
        "log": list(saved.log),
        "hits": list(saved.hits),
        "tally": {str(side): asdict(t) for side, t in saved.tally.items()},
        "judged": [judged_to_json(j) for j in worst_judged(saved.judged)],
        "opening_thrown": list(saved.opening_thrown),
        "cube": [cube_call_to_json(c) for c in saved.cube_calls],
    }
    return data if key is None else lock_dice(data, key)


def saved_from_json(obj: Any, key: bytes | None = None, key_problem: str = "") -> SavedGame:
    """A saved game read back (raises ``ValueError`` saying what is wrong). Its dice are
    unlocked with ``key``; where they cannot be (no key, ``key_problem`` says why, or
    another), the game goes on with fresh dice and ``notice`` says so."""
    if not isinstance(obj, dict) or obj.get("version") not in (1, 2):
        raise ValueError("not a saved game this version of Tabula can read")
    obj, lost = unlock_dice(obj, key, key_problem)
    setup = setup_from_json(obj.get("setup"))
    state = state_from_json(obj.get("state"))  # RulesError is a ValueError
    if state.variant.id != setup.variant_id or state.phase.value == "over":
        raise ValueError("the saved state does not belong to the saved setup")
    rng_state = _generator(obj.get("rng"), "dice")
    ai = obj.get("ai_rng")
    ai_state = None if ai is None else _generator(ai, "computer players' seeds")
    log, hits, tally = obj.get("log"), obj.get("hits"), obj.get("tally")
    if not isinstance(log, list) or not all(isinstance(e, dict) for e in log):
        raise ValueError("the saved record of plays cannot be read")
    players = state.variant.players
    if not isinstance(hits, list) or len(hits) != players:
        raise ValueError("the saved hits cannot be read")
    if not isinstance(tally, dict):
        raise ValueError("the saved tutor's tally cannot be read")
    tallies = {}
    for side, fields in tally.items():
        if not side.isdigit() or not isinstance(fields, dict):
            raise ValueError("the saved tutor's tally cannot be read")
        try:
            tallies[int(side)] = TutorTally(**fields)
        except TypeError:
            raise ValueError("the saved tutor's tally cannot be read") from None
    seed = obj.get("seed")
    if not isinstance(seed, int):
        raise ValueError("the saved seed cannot be read")
    start = start_from_json(obj.get("start"), players, setup.variant_id)
    raw_judged = obj.get("judged", [])  # saves of the earlier version have none
    if not isinstance(raw_judged, list):
        raise ValueError("the saved worst plays cannot be read")
    judged = tuple(judged_from_json(j, setup.variant_id) for j in raw_judged)
    thrown = obj.get("opening_thrown", [])  # saves before it have none
    if not isinstance(thrown, list) or not all(type(d) is int for d in thrown):
        raise ValueError("the saved opening throw cannot be read")
    if lost:
        _log.warning("the saved dice cannot be unlocked (%s): the game goes on with new dice", lost)
    notice = LOST_WORDS if lost else ""
    raw_cube = obj.get("cube", [])  # saves of the earlier version have none
    if not isinstance(raw_cube, list):
        raise ValueError("the saved cube decisions cannot be read")
    cube_calls = tuple(cube_call_from_json(c) for c in raw_cube)
    if any(c.side >= players for c in cube_calls):
        raise ValueError("a saved cube decision names a side the game does not have")
    return SavedGame(
        setup,
        seed,
        rng_state,
        state,
        tuple(log),
        tuple(hits),
        tallies,
        ai_state,
        start,
        judged,
        tuple(thrown),
        notice,
        cube_calls,
    )


def worst_judged(judged: Any, count: int = WORST_KEPT) -> list[Judged]:
    """The judged plays that gave away the most, worst first (ones that gave away
    nothing are not mistakes)."""
    plays = [j for j in judged if j.loss >= 0.0005]
    return sorted(plays, key=lambda j: -j.loss)[:count]


def judged_to_json(judged: Judged) -> dict[str, Any]:
    from game.rules.notation import format_turn

    state = judged.state
    return {
        "state": state_to_json(state),
        "play": format_turn(state.variant, state.dice, judged.play),
        "best": format_turn(state.variant, state.dice, judged.best),
        "loss": judged.loss,
    }


def judged_from_json(obj: Any, variant_id: str) -> Judged:
    """A judged play read back (raises ValueError)."""
    from game.rules.notation import parse_play

    if not isinstance(obj, dict) or not isinstance(obj.get("loss"), (int, float)):
        raise ValueError("the saved worst plays cannot be read")
    state = state_from_json(obj.get("state"))
    play, best = obj.get("play"), obj.get("best")
    if state.variant.id != variant_id or not isinstance(play, str) or not isinstance(best, str):
        raise ValueError("the saved worst plays cannot be read")
    parsed = [parse_play(state.variant, state.position, state.dice, t) for t in (play, best)]
    return Judged(state, parsed[0], parsed[1], float(obj["loss"]))


def resumed_states(saved: SavedGame) -> list[GameState]:
    """Every state of a saved game from its first, rebuilt from its record and seed (for
    the luck of the dice in the practice summary); just the saved state where the
    record does not lead to it."""
    from game.rules.replay import replay_states

    replay = saved.replay()
    try:
        states = replay_states(replay)
    except ValueError:
        return [saved.state]
    return states if states[-1] == saved.state else [saved.state]


def start_to_json(start: dict[str, Any]) -> dict[str, Any]:
    match = start.get("match")
    return {
        "match": None
        if match is None
        else {
            "length": match.length,
            "score": list(match.score),
            "crawford": match.crawford,
            "crawford_done": match.crawford_done,
            **cycle_to_json(match),
        },
        "starter": start.get("starter"),
        "opening": start.get("opening"),
        "contribution": start.get("contribution", ""),
        **({"first": dict(start["first"])} if start.get("first") is not None else {}),
        **({"lost_dice": True} if start.get("lost_dice") else {}),
    }


def start_from_json(obj: Any, players: int, variant_id: str = "") -> dict[str, Any]:
    """The start of a game read back (raises ValueError); {} when there is none."""
    if obj is None:
        return {}
    if not isinstance(obj, dict):
        raise ValueError("the game's start cannot be read")
    raw, starter = obj.get("match"), obj.get("starter")
    if starter is not None and starter not in range(players):
        raise ValueError("the game's starter cannot be read")
    match = None
    if raw is not None:
        try:
            cycle, game = read_cycle(raw, variant_id)  # TavliError: a ValueError
            match = MatchScore(
                int(raw["length"]),
                tuple(int(x) for x in raw["score"]),
                bool(raw["crawford"]),
                bool(raw["crawford_done"]),
                cycle,
                game,
            )
        except TavliError as error:
            raise ValueError(f"the game's match cannot be read: {error}") from None
        except (KeyError, TypeError, ValueError, AttributeError):
            raise ValueError("the game's match score cannot be read") from None
    opening = obj.get("opening")
    if opening is not None and not (
        isinstance(opening, list) and all(isinstance(d, int) for d in opening)
    ):
        raise ValueError("the game's opening throw cannot be read")
    contribution = check_contribution(obj.get("contribution", ""))  # DiceError: a ValueError
    start = {"match": match, "starter": starter, "opening": opening, "contribution": contribution}
    if obj.get("first") is not None:
        start["first"] = read_first_state(obj["first"], variant_id)
    if obj.get("lost_dice") is True:  # new dice after the saved ones were lost
        start["lost_dice"] = True
    return start


def _generator(value: Any, what: str) -> Any:
    """A random.Random state read back from JSON (raises ValueError)."""
    if not (isinstance(value, list) and len(value) == 3 and isinstance(value[1], list)):
        raise ValueError(f"the saved {what} cannot be read")
    state = (value[0], tuple(value[1]), value[2])
    try:
        random.Random().setstate(state)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"the saved {what} cannot be read") from None
    return state


def replay_seats(replay: Any) -> tuple[Seat, ...]:
    """The seats of a replayed game: every side is played from the record."""
    seats = []
    for raw in replay.seats:
        level = raw.get("level", "novice")
        seats.append(Seat(human=False, level=level if level in LEVELS else "novice"))
    return tuple(seats)


def replay_label(colour: str, raw: Any) -> str:
    """A replayed side's name, as the board named it in play: "Ivory" for a person,
    "Crimson (computer, expert)" for the computer (``Seat.label``)."""
    if not isinstance(raw, dict) or raw.get("human", True):
        return colour
    return computer_label(colour, str(raw.get("level", "novice")))


def computer_label(side_name: str, level: str) -> str:
    """A computer seat's name on the board: "Crimson (computer, expert)"."""
    # TRANSLATORS: a side the computer plays, and its strength ("expert")
    return _("{name} (computer, {level})").format(name=side_name, level=level_word(level))
