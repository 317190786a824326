"""Fuzz the engine protocol: ``python -m benchmarks.fuzz_engine --lines N``.

Feeds one real ``python -m game.engine`` N request lines, one at a time,
waiting for each answer: random bytes, mangled JSON, real requests with a
value of the wrong type somewhere, real requests whose state has a field
nudged, and real states corrupted in ways no game reaches. The real states
come from seeded games of every variant and option set (``reached_states``).

It counts:

- crashes: the engine died, or answered with anything but one line of
  strict JSON with a boolean ``ok``, or with an ``internal error``;
- hangs: no answer within ``--timeout`` seconds (the engine is then killed
  and started again);
- corrupt states accepted: a state corrupted so that no game reaches it
  (``benchmarks.fuzz_corruptions``) that the engine served instead of refusing;
- bad states served: an answer whose state the engine's own reader refuses,
  or reads back differently (``answer_problems``).

A clean run has all four at zero. The same ``--seed`` sends the same lines.
``tests/test_engine_fuzz.py`` runs the same pieces in process, briefly.
"""

from __future__ import annotations

import argparse
import copy
import itertools
import json
import os
import random
import selectors
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from benchmarks.fuzz_corruptions import CORRUPTIONS
from game.engine import MAX_ERROR, MAX_LINE
from game.rules import match as m
from game.rules import tavli
from game.rules.notation import format_turn
from game.rules.serial import state_from_json, state_to_json
from game.rules.variants import VARIANTS, find_variant

# -- real states ---------------------------------------------------------------------


GAMES = (*VARIANTS, tavli.MATCH_ID)  # the twelve games and the Tavli match


def option_sets(variant_id: str, full: bool = False) -> list[dict[str, Any]]:
    """The option sets to play: the defaults and each other value of each option alone,
    or (``full``) every combination; backgammon's match lengths cut to 0, 1, 2, 3 and 5.
    A Tavli match has one option, its length."""
    if variant_id == tavli.MATCH_ID:
        return [{}, *({"match_length": n} for n in tavli.LENGTHS if n != tavli.DEFAULT_LENGTH)]
    specs = VARIANTS[variant_id].option_specs

    def values(spec: Any) -> tuple[Any, ...]:
        if spec.name == "match_length":
            return (0, 1, 2, 3, 5)
        return tuple(spec.values)

    if full:
        return [
            {spec.name: v for spec, v in zip(specs, combo, strict=True)}
            for combo in itertools.product(*(values(spec) for spec in specs))
        ]
    sets: list[dict[str, Any]] = [{}]
    for spec in specs:
        sets += [{spec.name: v} for v in values(spec) if v != spec.default]
    if variant_id == "backgammon":  # matches, where Crawford and post-Crawford games happen
        sets += [{"match_length": 3, "crawford": False}, {"match_length": 2, "jacoby": True}]
    return sets


def seeded_game(
    variant_id: str, options: dict[str, Any], seed: int, limit: int, steps: int = 4000
) -> list[Any]:
    """States of a seeded random session: plays, rolls, doubles, takes, drops, beavers,
    resignations, concessions and (matches) the next games, for at most ``steps`` steps.
    Every state of a phase other than roll and move is kept, one in four of the others,
    up to ``limit`` in all.

    Each is ``(state, notation)``: the notation of the play made next, or None."""
    rng = random.Random(seed)
    if variant_id == tavli.MATCH_ID:
        match = tavli.start_match(options.get("match_length", tavli.DEFAULT_LENGTH))
        variant = tavli.variant_in_turn(match)
        state = m.new_game(variant, rng, match)
    else:
        variant = find_variant(variant_id, options)
        state = m.new_game(variant, rng)
    out: list[Any] = []
    for _ in range(steps):
        if len(out) >= limit:
            break
        r = rng.random()
        phase = state.phase
        nxt: m.GameState
        notation = None
        if phase is m.Phase.OVER:
            out.append((state, None))
            if state.match.winner is not None or (state.match.length == 0 and r < 0.5):
                break
            nxt = m.next_game(state, rng)
            variant = nxt.variant  # (Tavli: the next game of the cycle)
        elif phase is m.Phase.ROLL:
            if m.can_double(state) and r < 0.1:
                nxt = m.double(state)
            elif r < 0.005:
                nxt = m.resign(state, rng.choice((1, 2, 3)) if variant.has_cube else 1)
            elif r < 0.006:
                nxt = m.concede(state, rng.randrange(variant.players))
            else:
                nxt = m.roll(state, rng)
        elif phase is m.Phase.MOVE:
            if r < 0.004:
                nxt = m.resign(state, rng.choice((1, 2, 3)) if variant.has_cube else 1)
            else:
                plays = m.legal_plays(state)
                chosen = rng.choice(plays)
                notation = format_turn(variant, state.dice, chosen)
                nxt = m.play(state, chosen, plays)
        elif phase is m.Phase.CHOOSE:
            nxt = m.choose_die(state, rng.choice(list(m.die_choices(state))))
        elif phase is m.Phase.TAKE:
            nxt = m.take(state) if r < 0.6 else m.drop(state) if r < 0.8 else m.take(state)
            if r >= 0.8 and m.can_beaver(state):
                nxt = m.beaver(state)
        else:
            nxt = m.accept(state) if r < 0.3 else m.reject(state)
        ordinary = phase in (m.Phase.ROLL, m.Phase.MOVE) and not state.match.crawford_done
        if phase is not m.Phase.OVER and (not ordinary or rng.random() < 0.25):
            out.append((state, notation))
        state = nxt
    return out


@dataclass(frozen=True, slots=True)
class Sample:
    """A state reached in a seeded game, as JSON, and the notation of the play made from it."""

    state: dict[str, Any]
    notation: str | None


@cache
def reached_states(
    seed: int = 0, limit: int = 120, steps: int = 4000, full: bool = False
) -> tuple[Sample, ...]:
    """States of one seeded session of every variant and option set, and of Tavli
    matches (``limit`` states and ``steps`` steps at most each; ``full``: every
    combination of options)."""
    samples = []
    for n, variant_id in enumerate(GAMES):
        for k, options in enumerate(option_sets(variant_id, full)):
            session = seed * 7919 + n * 131 + k
            # Matches run four times as long: Crawford and post-Crawford games come late,
            # and a Tavli match's later games.
            matched = options.get("match_length") or variant_id == tavli.MATCH_ID
            most = limit * 4 if matched else limit
            for state, notation in seeded_game(variant_id, options, session, most, steps):
                samples.append(Sample(state_to_json(state), notation))
    return tuple(samples)


# -- checking answers ------------------------------------------------------------------


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def answer_states(answer: dict[str, Any]) -> list[Any]:
    """Every state an answer carries."""
    states = []
    if "state" in answer:
        states.append(answer["state"])
    if isinstance(answer.get("move"), dict):
        states.append(answer["move"].get("state"))
    for move in answer.get("moves") or ():
        if isinstance(move, dict) and "state" in move:
            states.append(move["state"])
    return states


def state_problem(state: Any) -> str | None:
    """Why ``state`` (served by the engine) is not a correct state, or None: it must pass the
    engine's own reading and read back to the same JSON."""
    try:
        again = state_to_json(state_from_json(state))
    except ValueError as exc:
        return f"served a state it refuses: {exc}"
    if again != state:
        return "served a state that reads back differently"
    return None


def answer_problems(line: str, states: int | None = None) -> list[str]:
    """What is wrong with one answer line: strict JSON, an object with a boolean ``ok``; a
    refusal has a one-line error of at most MAX_ERROR characters and no internal error;
    every state served is correct (``states``: check at most that many, else all)."""
    if not line.endswith("\n") or "\n" in line[:-1]:
        return [f"not one line: {line[:80]!r}"]
    try:
        answer = json.loads(line, parse_constant=_no_constant)
    except ValueError as exc:
        return [f"not strict JSON ({exc}): {line[:80]!r}"]
    if not isinstance(answer, dict) or not isinstance(answer.get("ok"), bool):
        return [f"no boolean 'ok': {line[:80]!r}"]
    if not answer["ok"]:
        error = answer.get("error")
        if not isinstance(error, str) or not error.strip() or len(error) > MAX_ERROR:
            return [f"a refusal without a short error: {line[:80]!r}"]
        if error.startswith("internal error"):
            return [error]
        return []
    found = answer_states(answer)
    if states is not None and len(found) > states:
        found = random.Random(len(line)).sample(found, states)
    return [p for p in map(state_problem, found) if p]


# -- requests ----------------------------------------------------------------------------


def real_request(rng: random.Random, sample: Sample) -> dict[str, Any]:
    """A request a client could send about ``sample`` (novice and beginner ``best`` only:
    the trained levels' time is another matter)."""
    state = sample.state
    phase = state.get("phase")
    seed = rng.randrange(1 << 32)
    if rng.random() < 0.03:
        return {"cmd": "variants"}
    if rng.random() < 0.05:
        return {
            "cmd": "new",
            "variant": state["variant"],
            "options": state["options"],
            "seed": seed,
        }
    if rng.random() < 0.15:
        level = rng.choice(("novice", "novice", "beginner"))
        return {"cmd": "best", "state": state, "level": level, "seed": seed}
    if phase == "roll":
        if rng.random() < 0.3:
            return {"cmd": "play", "state": state, "notation": rng.choice(("double", "resign"))}
        if rng.random() < 0.3:
            variant = find_variant(state["variant"], state["options"])
            dice = [rng.randint(1, variant.faces) for _ in range(variant.thrown_dice)]
            return {"cmd": "roll", "state": state, "dice": dice}
        return {"cmd": "roll", "state": state, "seed": seed}
    if phase == "move" and sample.notation is not None and rng.random() < 0.6:
        return {"cmd": "play", "state": state, "notation": sample.notation}
    if phase == "over":
        return {"cmd": "next", "state": state, "seed": seed}
    if phase in ("take", "resign", "choose") and rng.random() < 0.5:
        words = {"take": ("take", "drop", "beaver"), "resign": ("accept", "reject")}
        word = rng.choice(words.get(phase, ("choose 1", "choose 6")))
        return {"cmd": "play", "state": state, "notation": word}
    return {"cmd": "legal", "state": state}


ODD_VALUES: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    1,
    2,
    3,
    7,
    25,
    1 << 15,
    1 << 64,
    10**300,
    -(10**40),
    0.5,
    1.0,
    -0.0,
    1e308,
    "",
    " ",
    "x",
    "0",
    "1",
    "pass",
    "bar/off",
    "null",
    "\u0000",
    "\ud800",
    "\u202e",
    "é" * 3,
    "/" * 40,
    "[" * 40,
    [],
    [0],
    [1, 1],
    [6, 6, 6, 6],
    [-1],
    [None],
    [[1]],
    [[]],
    {},
    {"value": 2},
    {"kind": "single"},
    {"length": 3},
)


def _leaves(obj: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path into a JSON value (each dict key and list index, at any depth)."""
    yield path
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield from _leaves(value, (*path, key))
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            yield from _leaves(value, (*path, i))


def _set(obj: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    node = obj
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return obj


def _get(obj: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        obj = obj[step]
    return obj


def wrong_type(rng: random.Random, request: dict[str, Any]) -> dict[str, Any]:
    """``request`` with one value, anywhere in it, replaced by an odd one (a wrong type, an
    extreme number, a strange string); sometimes a key dropped or added instead."""
    request = copy.deepcopy(request)
    paths = list(_leaves(request))[1:]
    path = rng.choice(paths)
    parent = _get(request, path[:-1])
    r = rng.random()
    if r < 0.1 and isinstance(parent, dict):
        del parent[path[-1]]
    elif r < 0.2 and isinstance(parent, dict):
        parent[rng.choice(("id", "extra", "phase", "dice", "match_id", "roller", "board"))] = (
            rng.choice(ODD_VALUES)
        )
    else:
        _set(request, path, copy.deepcopy(rng.choice(ODD_VALUES)))
    return request


NAMES = (
    "roll",
    "move",
    "choose",
    "take",
    "resign",
    "over",
    "single",
    "gammon",
    "backgammon",
    "tie",
    "shutout",
    "lympolding",
    "lurching",
    "last_mover",
    "borne_off",
    "blockade",
    "deadlock",
    "resigned",
    "dropped",
    "conceded",
    *VARIANTS,
)


def nudge(rng: random.Random, request: dict[str, Any]) -> dict[str, Any]:
    """``request`` with one to three values of its state nudged to a nearby value of the same
    type: a number up or down, a flag flipped, a name swapped, a list item dropped or copied.
    Some of these states a game reaches; those the engine must serve correctly."""
    request = copy.deepcopy(request)
    state = request.get("state")
    if not isinstance(state, dict):
        return request
    for _ in range(rng.randint(1, 3)):
        path = rng.choice(list(_leaves(state))[1:])
        value = _get(state, path)
        if isinstance(value, bool):
            _set(state, path, not value)
        elif isinstance(value, int):
            _set(state, path, value + rng.choice((-2, -1, 1, 1, 2, 5)))
        elif isinstance(value, str) and path[-1] not in ("position_id", "match_id"):
            _set(state, path, rng.choice(NAMES))
        elif isinstance(value, str):  # an ID: one character changed
            i = rng.randrange(len(value)) if value else 0
            _set(state, path, value[:i] + rng.choice("AQgw+/") + value[i + 1 :])
        elif isinstance(value, list) and value:
            i = rng.randrange(len(value))
            if rng.random() < 0.5:
                del value[i]
            else:
                value.insert(i, copy.deepcopy(value[i]))
        elif value is None:
            _set(state, path, rng.choice((0, 1, {"value": 2, "owner": 0})))
    return request


JUNK = (b"NaN", b"Infinity", b"-1e999", b"1e999", b'"\\ud800"', b"[" * 50, b"9" * 5000, b"\x00")


def mangle(rng: random.Random, line: bytes) -> bytes:
    """``line`` (JSON text) damaged at the byte level: cut short, bytes dropped, changed,
    repeated or inserted, JSON's unwelcome constants spliced in."""
    data = bytearray(line)
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(data) + 1)
        r = rng.random()
        if r < 0.2:
            del data[i:]
        elif r < 0.4:
            del data[i : i + rng.randint(1, 8)]
        elif r < 0.6 and data:
            data[min(i, len(data) - 1)] = rng.randrange(256)
        elif r < 0.75:
            data[i:i] = data[i : i + rng.randint(1, 20)]
        else:
            data[i:i] = rng.choice(JUNK)
    return bytes(data).replace(b"\n", b" ")


def random_bytes(rng: random.Random) -> bytes:
    """A line of random bytes (or blank, or of spaces and tabs)."""
    r = rng.random()
    if r < 0.1:
        return b""
    if r < 0.2:
        return bytes(rng.choice(b" \t\r\x0b\x0c") for _ in range(rng.randint(1, 20)))
    return bytes(rng.randrange(256) for _ in range(rng.randint(1, 200))).replace(b"\n", b"")


# -- states no game reaches --------------------------------------------------------------


def corrupt(rng: random.Random, sample: Sample) -> tuple[str, dict[str, Any]] | None:
    """A request about ``sample``'s state corrupted so that no game reaches it (why, request),
    or None where no corruption applies. The IDs are dropped: the board and the fields say
    what the state is."""
    names = list(CORRUPTIONS)
    rng.shuffle(names)
    for name in names:
        request = corrupted(name, rng, sample)
        if request is not None:
            return name, request
    return None


def corrupted(name: str, rng: random.Random, sample: Sample) -> dict[str, Any] | None:
    """A request about ``sample``'s state corrupted in the way ``name`` (a key of
    ``CORRUPTIONS``) says, or None where that corruption does not apply to it."""
    state = copy.deepcopy(sample.state)
    state.pop("position_id", None)
    state.pop("match_id", None)
    bad = CORRUPTIONS[name](rng, state)
    if bad is None:
        return None
    cmd = {"roll": "roll", "over": "next"}.get(bad["phase"], "legal")
    return {"cmd": cmd, "state": bad, "seed": 1}


# -- lines ---------------------------------------------------------------------------------


KINDS = ("bytes", "mangled", "wrong type", "nudged", "corrupt", "real", "long")
WEIGHTS = (50, 75, 125, 125, 75, 48, 2)  # a long line in 250


def make_line(rng: random.Random, samples: tuple[Sample, ...]) -> tuple[str, bytes, str | None]:
    """One line to send: (kind, bytes without the end of line, why it is corrupt or None)."""
    kind = rng.choices(KINDS, WEIGHTS)[0]
    if kind == "bytes":
        return kind, random_bytes(rng), None
    if kind == "long":
        return kind, b'{"cmd": "variants", "pad": "' + b"x" * (MAX_LINE + 10) + b'"}', None
    sample = rng.choice(samples)
    if kind == "corrupt":
        found = corrupt(rng, sample)
        if found is not None:
            why, request = found
            return kind, json.dumps(request).encode(), why
        kind = "nudged"
    request = real_request(rng, sample)
    if kind == "wrong type":
        request = wrong_type(rng, request)
    elif kind == "nudged":
        request = nudge(rng, request)
    text = json.dumps(request, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")
    if kind == "mangled":
        text = mangle(rng, text)
    return kind, text, None


# -- a real engine -----------------------------------------------------------------------------


class Engine:
    """A ``python -m game.engine`` process asked one line at a time, with a time limit."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "game.engine"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        assert self.proc.stdout is not None
        self.fd = self.proc.stdout.fileno()
        os.set_blocking(self.fd, False)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.fd, selectors.EVENT_READ)
        self.pending = b""

    def ask(self, line: bytes, timeout: float) -> str | None:
        """The answer line, or None if none came within ``timeout`` seconds or the engine died."""
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(line + b"\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            return None
        deadline = time.monotonic() + timeout
        while b"\n" not in self.pending:
            left = deadline - time.monotonic()
            if left <= 0 or not self.selector.select(left):
                return None
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:
                return None
            self.pending += chunk
        answer, self.pending = self.pending.split(b"\n", 1)
        return answer.decode("utf-8", "replace") + "\n"

    def close(self) -> None:
        self.selector.close()
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()


@dataclass
class Tally:
    lines: int = 0
    refused: int = 0
    served: int = 0
    crashes: int = 0
    hangs: int = 0
    corrupt_sent: int = 0
    corrupt_accepted: int = 0
    bad_states: int = 0
    slowest: float = 0.0


def run(lines: int, seed: int, timeout: float, limit: int, verbose: bool) -> Tally:
    rng = random.Random(seed)
    samples = reached_states(seed, limit)
    print(f"{len(samples)} reached states of {len(VARIANTS)} variants", file=sys.stderr)
    tally = Tally()
    kinds: Counter[str] = Counter()
    problems: Counter[str] = Counter()
    engine = Engine()
    try:
        for n in range(lines):
            if n and n % 5000 == 0:
                print(f"after {n} lines: {tally}", file=sys.stderr, flush=True)
            kind, line, why = make_line(rng, samples)
            kinds[kind] += 1
            started = time.monotonic()
            answer = engine.ask(line, timeout)
            took = time.monotonic() - started
            tally.lines += 1
            tally.slowest = max(tally.slowest, took)
            if answer is None:
                dead = engine.proc.poll() is not None
                tally.crashes += dead
                tally.hangs += not dead
                problems["died" if dead else "hung"] += 1
                if verbose:
                    print(f"{'died' if dead else 'hung'} on {line[:200]!r}", file=sys.stderr)
                engine.close()
                engine = Engine()
                continue
            found = answer_problems(answer, states=4)
            ok = answer.startswith('{"ok":true')
            tally.served += ok
            tally.refused += not ok
            if why is not None:
                tally.corrupt_sent += 1
                if ok:
                    tally.corrupt_accepted += 1
                    problems[f"accepted: {why}"] += 1
                    if verbose:
                        print(f"accepted ({why}): {line[:400]!r}", file=sys.stderr)
            for problem in found:
                if problem.startswith("served"):
                    tally.bad_states += 1
                else:
                    tally.crashes += 1
                problems[problem[:100]] += 1
                if verbose:
                    print(f"{problem[:200]} on {line[:300]!r}", file=sys.stderr)
    finally:
        engine.close()
    print("lines by kind: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
    for problem, n in problems.most_common(20):
        print(f"  {n:6d}  {problem}")
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=10_000, help="lines to send")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds before a hang")
    parser.add_argument("--states", type=int, default=120, help="states kept a session")
    parser.add_argument("--verbose", action="store_true", help="show each failing line")
    args = parser.parse_args(argv)
    started = time.monotonic()
    tally = run(args.lines, args.seed, args.timeout, args.states, args.verbose)
    seconds = time.monotonic() - started
    print(
        f"lines {tally.lines}: served {tally.served}, refused {tally.refused}; "
        f"crashes {tally.crashes}, hangs {tally.hangs}, "
        f"corrupt states accepted {tally.corrupt_accepted} of {tally.corrupt_sent}, "
        f"bad states served {tally.bad_states}; slowest answer {tally.slowest:.2f} s; "
        f"{seconds:.0f} s in all"
    )
    clean = not (tally.crashes or tally.hangs or tally.corrupt_accepted or tally.bad_states)
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
