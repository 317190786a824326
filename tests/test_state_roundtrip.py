"""Every state the engine reaches comes back unchanged through each way it is kept.

A game state leaves the engine three ways, and each must read back what it wrote:

(a) the state JSON: ``state_from_json(state_to_json(s)) == s``, through JSON text;
(b) the engine protocol: ``legal`` on a state the engine printed gives the legal
    moves of the state itself, and every state it prints among them is accepted
    back as the state the move makes (``roll`` likewise in the roll phase);
(c) the records database: what the board keeps of a game in progress
    (``BoardScene.saved``: setup, seeds, state, the record of plays, hits, the
    tutor's tally and worst plays, how the game began) through
    ``Records.save_current`` / ``load_current`` comes back equal, and resumes as
    the board resumes it (``resumed_states``: the game's states rebuilt from its
    record and seed).

The states come from seeded games of every variant under its option sets (every
value of every option at least once, and the combinations that shape the state:
money and match play, the cube, the named third die, play on for places), in
every phase: dice to roll, dice to play, El Mundo's bonus plays (one to three
dice handed on), a named die, the cube offered, taken and beavered,
resignations offered, accepted and refused, conceded games, games over, and the
second game of a match (scores). Every state goes through (a); the first state
of each kind (per option set) through (b) and, where the board would save it,
(c), and so does the play that ends each game among the others; a few more at
random. A coverage check makes sure each kind of state was reached and went
through each check, so that a change of the games cannot quietly empty the
property.

To keep this fast (some seconds), most plays are drawn step by step
(``benchmarks.uct.draw_play``, a legal play found without generating them all).
"""

from __future__ import annotations

import json
import random
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from benchmarks.uct import draw_play
from game.engine import handle
from game.play.advice import TutorTally
from game.play.session import (
    GameSetup,
    Judged,
    SavedGame,
    Seat,
    resumed_states,
    saved_from_json,
    saved_to_json,
    start_to_json,
)
from game.rules import actions as a
from game.rules import match as m
from game.rules.notation import format_turn
from game.rules.play import Play
from game.rules.serial import state_from_json, state_to_json
from game.rules.variants import VARIANTS, find_variant
from game.rules.variants.base import Variant
from game.store.records import Records

# -- the option sets ---------------------------------------------------------------------------

# Backgammon's options mean something only together: the Jacoby rule and beavers in
# money play, the Crawford rule in a match (its length runs to 25: a one-point match,
# Crawford at once, and a five-point one stand for the rest).
BACKGAMMON_SETS: list[dict[str, Any]] = [
    {},
    {"jacoby": True},
    {"beavers": True},
    {"jacoby": True, "beavers": True},
    {"cube": False},
    {"match_length": 1},
    {"match_length": 5},
    {"match_length": 5, "crawford": False},
    {"match_length": 5, "cube": False},
]


def option_sets(variant_id: str) -> list[dict[str, Any]]:
    """The default, every other value of each option on its own, and every option
    changed at once (backgammon: ``BACKGAMMON_SETS``)."""
    if variant_id == "backgammon":
        return BACKGAMMON_SETS
    specs = VARIANTS[variant_id].option_specs
    sets: list[dict[str, Any]] = [{}]
    for spec in specs:
        sets += [{spec.name: value} for value in spec.values if value != spec.default]
    if len(specs) > 1:
        sets.append({s.name: next(v for v in s.values if v != s.default) for s in specs})
    return sets


# -- seeded games with every kind of decision -------------------------------------------------


def play_limit(variant: Variant) -> int | None:
    """How many plays of a game are made before the side on roll concedes (None: the
    game is played to its end). Duodecim Scriptorum's plays are all generated (no
    quick drawing; some ten milliseconds each), and an El Mundo game takes some
    four hundred plays: one option set plays it to the end, the others stop once
    bonus plays of every size have come (by some 150 plays)."""
    if variant.id == "duodecim":
        return 30
    if variant.id == "el_mundo" and variant != find_variant("el_mundo", {"play_on": True}):
        return 160
    return None


# Doubles stop where real games stop: beavered again and again, the cube and a money
# session's score would soon outgrow the Match ID's fields (a session past 32767
# points cannot be written as a backgammon state at all: not this test's subject).
MAX_CUBE = 64
SECOND_GAME_PLAYS = 4  # the next game of the match (or session): its start is enough


@dataclass
class Walk:
    """One game being played: its states and what the board would keep of it."""

    variant: Variant
    seed: int  # the seed of the game's dice (each game of a match has its own)
    rng: random.Random  # the dice
    start: dict[str, Any]
    states: list[m.GameState] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)
    rng_states: list[Any] = field(default_factory=list)  # the dice generator at each state
    last_play: tuple[m.GameState, Play] | None = None  # for the tutor's worst plays

    def begin(self, state: m.GameState) -> None:
        self.states.append(state)
        self.rng_states.append(self.rng.getstate())

    def push(self, action: a.Action, legal: list[Play] | None = None) -> None:
        """Make ``action`` in the last state and keep its record entry."""
        before = self.states[-1]
        self.log.append(a.action_to_json(before, action))
        if isinstance(action, a.Move):
            self.last_play = (before, action.play)
        self.begin(a.apply_action(before, action, legal))


@dataclass(frozen=True)
class Visit:
    """A state to check, with the game that led to it: the states, the record of plays,
    and the dice generator the board would save with it."""

    walk: Walk
    state: m.GameState
    history: tuple[m.GameState, ...]
    log: tuple[dict[str, Any], ...]
    rng_state: Any


def resign_levels(variant: Variant) -> tuple[int, ...]:
    return (1, 2, 3) if variant.has_cube else (1,)


def choose_play(state: m.GameState, rng: random.Random, quick: bool) -> tuple[Play, list[Play]]:
    """A random legal play, and the legal plays it was chosen from (just itself when
    it was drawn step by step)."""
    if quick:
        drawn = draw_play(state.variant, state.position, state.dice, rng)
        if drawn is not None:
            return drawn, [drawn]
    legal = m.legal_plays(state)
    return rng.choice(legal), legal


def games(variant: Variant, seed: int, limit: int | None) -> Iterator[Visit]:
    """Every state of the first two games of a seeded match (or session) of
    ``variant``: the first played to its end (or for ``limit`` plays, then
    conceded), the second only begun. Now and then a side doubles (and the other
    takes, beavers or drops) or offers to resign (and the other refuses)."""
    choices = random.Random(seed ^ 0x5A5A)
    quick = variant.id != "duodecim"
    previous: m.GameState | None = None
    for game_no in range(2):
        game_seed = seed * 10 + game_no
        rng = random.Random(game_seed)
        if previous is None:
            first = m.new_game(variant, rng)
            start: dict[str, Any] = {"match": first.match, "starter": None}
        else:
            first = m.next_game(previous, rng)
            start = {"match": first.match, "starter": previous.winner}
        walk = Walk(variant, game_seed, rng, start)
        walk.begin(first)
        allowed = limit if game_no == 0 else SECOND_GAME_PLAYS
        plays = 0
        while True:
            state = walk.states[-1]
            yield Visit(walk, state, tuple(walk.states), tuple(walk.log), walk.rng_states[-1])
            if state.is_over:
                break
            if allowed is not None and plays >= allowed:
                walk.push(a.Concede(state.on_roll))  # enough: the game is given up
            elif state.phase is m.Phase.ROLL:
                if m.can_double(state) and state.cube.value < MAX_CUBE and choices.random() < 0.15:
                    walk.push(a.Double())
                elif choices.random() < 0.02:
                    walk.push(a.Resign(choices.choice(resign_levels(variant))))
                else:
                    walk.push(a.throw(state, rng))
            elif state.phase is m.Phase.TAKE:
                answer = choices.random()
                if m.can_beaver(state) and answer < 0.2:
                    walk.push(a.Beaver())
                else:
                    walk.push(a.Take() if answer < 0.85 else a.Drop())
            elif state.phase is m.Phase.RESIGN:
                walk.push(a.Reject())  # (accepted in ``branches``)
            elif state.phase is m.Phase.CHOOSE:
                walk.push(a.NameDie(choices.choice(m.die_choices(state))))
            elif choices.random() < 0.01:
                walk.push(a.Resign(choices.choice(resign_levels(variant))))
            else:
                chosen, legal = choose_play(state, choices, quick)
                walk.push(a.Move(chosen), legal)
                plays += 1
        previous = walk.states[-1]
        if previous.match.winner is not None:
            return


def branches(visit: Visit, level: int) -> Iterator[Visit]:
    """The states the game did not go to from ``visit``: the side to act concedes; it
    offers to resign at ``level``, and the offer is accepted or refused. Each comes
    with the record of plays that leads to it."""
    state = visit.state
    side = state.to_act
    chains: list[list[a.Action]] = [
        [a.Concede(side)],
        [a.Resign(level)],
        [a.Resign(level), a.Accept()],
        [a.Resign(level), a.Reject()],
    ]
    for chain in chains:
        states, entries = [*visit.history], [*visit.log]
        for action in chain:
            entries.append(a.action_to_json(states[-1], action))
            states.append(a.apply_action(states[-1], action))
        yield Visit(visit.walk, states[-1], tuple(states), tuple(entries), visit.rng_state)


# -- the three round trips ---------------------------------------------------------------------


def as_json_text(value: Any) -> Any:
    """``value`` written as JSON text and read back (what a file or a pipe carries)."""
    return json.loads(json.dumps(value))


def check_state_json(state: m.GameState) -> None:
    data = state_to_json(state)
    back = state_from_json(as_json_text(data))
    assert back == state, (data, back)
    assert state_to_json(back) == data


def ok(request: dict[str, Any]) -> dict[str, Any]:
    answer = handle(as_json_text(request))
    assert answer["ok"], (answer, request)
    return answer


def check_protocol(state: m.GameState) -> None:
    """``legal`` on the printed state lists the state's own moves, and each state it
    prints reads back as the state that move makes; in the roll phase ``roll`` (and
    ``double``) serve it."""
    data = state_to_json(state)
    variant = state.variant
    answer = handle(as_json_text({"cmd": "legal", "state": data}))
    if state.phase is m.Phase.MOVE:
        legal = m.legal_plays(state)
        expected = [
            (format_turn(variant, state.dice, play), m.play(state, play, legal)) for play in legal
        ]
    elif state.phase is m.Phase.TAKE:
        expected = [("take", m.take(state)), ("drop", m.drop(state))]
        if m.can_beaver(state):
            expected.append(("beaver", m.beaver(state)))
    elif state.phase is m.Phase.RESIGN:
        expected = [("accept", m.accept(state)), ("reject", m.reject(state))]
    elif state.phase is m.Phase.CHOOSE:
        expected = [(f"choose {v}", m.choose_die(state, v)) for v in m.die_choices(state)]
    elif state.phase is m.Phase.ROLL:
        # Read back: the refusal is about the dice, not the state.
        assert not answer["ok"] and "dice have not been thrown" in answer["error"], answer
        rolled = ok({"cmd": "roll", "state": data, "seed": 7})["state"]
        assert state_from_json(rolled) == m.roll(state, random.Random(7))
        if m.can_double(state):
            doubled = ok({"cmd": "play", "state": data, "notation": "double"})["state"]
            assert state_from_json(doubled) == m.double(state)
        return
    else:
        assert not answer["ok"] and answer["error"] == "the game is over", answer
        return
    assert answer["ok"], (answer, data)
    got = [(move["notation"], state_from_json(move["state"])) for move in answer["moves"]]
    assert got == expected
    # Two moves are one when they leave the same state (RULES.md's fine points).
    assert len({repr(after) for _, after in got}) == len(got), [name for name, _ in got]


SEATS = (Seat(), Seat(False, "expert"), Seat(False, "novice", "Ana"), Seat(False, "beginner"))


def saved_game(visit: Visit, judged: bool) -> SavedGame:
    """What the board keeps of the game at ``visit`` (``BoardScene.saved``); with
    ``judged``, the tutor's worst play is the last play made."""
    walk, state = visit.walk, visit.state
    variant = walk.variant
    setup = GameSetup(
        variant.id,
        dict(variant.options),
        SEATS[: variant.players],
        None,
        "practice",
        hints=True,
        match_id=f"5eed{walk.seed}",
    )
    worst: tuple[Judged, ...] = ()
    if judged and walk.last_play is not None:
        before, play = walk.last_play
        worst = (Judged(before, play, play, 0.125),)
    return SavedGame(
        setup,
        walk.seed,
        visit.rng_state,
        state,
        visit.log,
        tuple(range(1, variant.players + 1)),
        {0: TutorTally(moves=3, loss=0.25, doubtful=1, taken_back=1)},
        random.Random(walk.seed ^ 0xA1A1).getstate(),
        walk.start,
        worst,
    )


def check_records(records: Records, visit: Visit, judged: bool, resume: bool) -> None:
    """Saved and loaded through the records, the game in progress comes back equal; with
    ``resume``, the board rebuilds the game's states from it."""
    saved = saved_game(visit, judged)
    written = saved_to_json(saved)
    records.save_current(written)
    loaded = saved_from_json(records.load_current())
    again = saved_to_json(loaded)
    # A worst play comes back as the legal play it names: the same play, though one
    # drawn step by step may have been written in another order of its steps.
    assert {**again, "judged": None} == {**written, "judged": None}
    assert len(loaded.judged) == len(saved.judged)
    for back, kept in zip(loaded.judged, saved.judged, strict=True):
        assert (back.state, back.loss) == (kept.state, kept.loss)
        variant, position = kept.state.variant, kept.state.position
        for one, other in ((back.play, kept.play), (back.best, kept.best)):
            assert variant.apply_play(position, one) == variant.apply_play(position, other)
    assert loaded.state == saved.state
    assert (loaded.setup, loaded.seed, loaded.log, loaded.hits, loaded.tally) == (
        saved.setup,
        saved.seed,
        saved.log,
        saved.hits,
        saved.tally,
    )
    assert (loaded.rng_state, loaded.ai_rng_state) == (saved.rng_state, saved.ai_rng_state)
    assert start_to_json(loaded.start) == start_to_json(saved.start)
    if resume:
        assert resumed_states(loaded) == list(visit.history)


# -- the property ------------------------------------------------------------------------------


def kinds(state: m.GameState) -> set[str]:
    """What sort of state this is, for the coverage check."""
    found = {state.phase.value}
    if state.roller is not None:
        found.add(f"bonus of {len(state.dice)}")
        if state.phase is m.Phase.RESIGN:
            found.add("resign in a bonus play")
    if state.result is not None:
        found.add(f"over: {state.result.termination.value}")
    if any(state.match.score):
        found.add("score")
    if state.cube.value > 1:
        found.add("cube turned")
    if state.again:
        found.add(f"again: {state.phase.value}")
    return found


def sort_of(state: m.GameState) -> tuple[object, ...]:
    """The costly checks take the first state of each sort (per option set), and a
    few more at random: a sort is what ``kinds`` tells apart."""
    return tuple(sorted(kinds(state)))


# What every variant's games must show, and what some must show besides.
SEEN_EVERYWHERE = {"roll", "move", "resign", "over", "over: conceded", "over: resigned", "score"}
SEEN = {
    "backgammon": {"take", "cube turned", "over: dropped", "over: borne_off"},
    "anglicorum": {"choose", "over: borne_off"},
    "el_mundo": {
        "bonus of 1",
        "bonus of 2",
        "bonus of 3",
        "resign in a bonus play",
        "over: borne_off",
    },
    "lombardorum": {"over: borne_off"},
    "quinze_tablas": {"over: blockade"},
    "duodecim": set(),
    "tabula": {"over: borne_off"},
    "portes": {"over: borne_off"},
    "plakoto": {"over: borne_off", "over: mother"},
    "fevga": {"over: borne_off"},
    "nard": {"over: borne_off"},
    "acey_deucey": {
        "choose",
        "again: choose",
        "again: move",
        "again: roll",
        "again: resign",
        "take",
        "cube turned",
        "over: dropped",
        "over: borne_off",
    },
}
SAMPLE = 1 / 200  # the share of the other states that get the protocol check
RESUME_LENGTH = 40  # one save per option set is resumed, with at most this many decisions


@dataclass
class Checked:
    """The kinds of state reached, and those that went through each costly check."""

    seen: set[str] = field(default_factory=set)
    protocol: set[str] = field(default_factory=set)
    records: set[str] = field(default_factory=set)
    live: set[str] = field(default_factory=set)  # kinds of states not over (the board saves)


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_every_state_reached_round_trips_through_json_the_protocol_and_the_records(
    variant_id: str, tmp_path: Path
) -> None:
    records = Records.open(tmp_path / "records.sqlite")
    checked = Checked()

    def check(visit: Visit, first: bool, resume: bool = False, judged: bool = False) -> None:
        state = visit.state
        found = kinds(state)
        checked.seen |= found
        checked.live |= set() if state.is_over else found
        check_state_json(state)
        if not first:
            return
        check_protocol(state)
        checked.protocol |= found
        if not state.is_over:  # the board keeps no finished game in progress
            check_records(records, visit, judged=judged, resume=resume)
            checked.records |= found

    try:
        for options in option_sets(variant_id):
            variant = find_variant(variant_id, options)
            seed = zlib.crc32(json.dumps([variant_id, options], sort_keys=True).encode())
            pick = random.Random(seed)
            sorts: set[tuple[object, ...]] = set()
            judged = resumed = False
            for visit in games(variant, seed % 100_000, play_limit(variant)):
                state = visit.state
                sort = sort_of(state)
                first = sort not in sorts
                sorts.add(sort)
                if not first and pick.random() < SAMPLE:
                    check_protocol(state)
                before = visit.history[-2] if len(visit.history) > 1 else None
                if state.is_over and before is not None and before.phase is m.Phase.MOVE:
                    check_protocol(before)  # the play that ended the game, among the others
                resume = first and not resumed and len(visit.log) <= RESUME_LENGTH
                judge = first and not judged and visit.walk.last_play is not None
                check(visit, first, resume, judge)
                resumed, judged = resumed or resume, judged or judge
                # The first state of each sort where a side may resign branches off.
                if first and state.phase in (m.Phase.ROLL, m.Phase.MOVE):
                    level = pick.choice(resign_levels(variant))
                    for branch in branches(visit, level):
                        # (A refusal leads back to ``state``: only its record is new.)
                        again = branch.state.phase in (m.Phase.ROLL, m.Phase.MOVE)
                        check(branch, first=not again)
                        if again:
                            check_records(records, branch, judged=False, resume=False)
            assert resumed and judged, f"{variant_id} {options}: no save resumed or judged"
    finally:
        records.close()
    missing = (SEEN_EVERYWHERE | SEEN[variant_id]) - checked.seen
    assert not missing, f"{variant_id}: no state of kind {sorted(missing)} was reached"
    assert checked.protocol == checked.seen, "some kinds of state missed the protocol"
    assert checked.records == checked.live, "some kinds of state missed the records"
