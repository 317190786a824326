"""The engine protocol under hostile input: no crash, no hang, one clean answer a line.

Every answer must be ``ok: false`` with a short one-line error that is not an
internal error, or a correct answer: each state it carries passes the engine's
own reading and reads back unchanged. Hypothesis draws the input with a fixed
seed (``derandomize``), so a run in CI is the same run every time. The pieces
(real states, mutations, the answer check) are those of
``python -m benchmarks.fuzz_engine``, which sends many more lines to a real
engine.
"""

from __future__ import annotations

import copy
import io
import json
import random
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.fuzz_corruptions import CORRUPTIONS, REASONS
from benchmarks.fuzz_engine import (
    Engine,
    Sample,
    answer_problems,
    corrupt,
    corrupted,
    make_line,
    mangle,
    nudge,
    reached_states,
    real_request,
    state_problem,
)
from game.engine import MAX_ERROR, MAX_LINE, encode, handle_line, read_lines, serve
from game.rules.errors import RulesError
from game.rules.notation import parse_play
from game.rules.serial import MAX_TURN, MONEY_SCORE_LIMIT, SESSION_SCORE_LIMIT, state_from_json
from game.rules.tavli import MAX_GAME
from game.rules.variants import VARIANTS, find_variant

ROOT = Path(__file__).resolve().parents[1]
SLOW = 10.0  # seconds: an answer slower than this counts as a hang (most take milliseconds)

FUZZ = settings(
    derandomize=True,  # the same examples on every run: CI is reproducible
    database=None,
    deadline=None,  # timed by hand (SLOW), with room for a loaded machine
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.fixture(scope="module")
def samples() -> tuple[Sample, ...]:
    return corpus()


def corpus() -> tuple[Sample, ...]:
    """States of a seeded session of every variant and option set (30 kept a session)."""
    return reached_states(seed=0, limit=30)


def answer(line: str | bytes) -> str:
    """The engine's answer line to ``line``, in process, which must come in time."""
    started = time.perf_counter()
    text = encode(handle_line(line))
    took = time.perf_counter() - started
    assert took < SLOW, f"{took:.1f} s on {line[:200]!r}"
    return text


def clean(line: str | bytes) -> dict[str, Any]:
    text = answer(line)
    problems = answer_problems(text)
    assert not problems, f"{problems} on {line[:300]!r}"
    return json.loads(text)


# -- states play reaches ----------------------------------------------------------------


def game_of(sample: Sample) -> str:
    """The game a sample is of: its variant, or ``tavli`` for a game of a Tavli match."""
    return "tavli" if sample.state["match"].get("cycle") else sample.state["variant"]


def test_every_state_of_seeded_games_of_every_variant_and_option_set_is_read_back(samples):
    variants = {(s.state["variant"], json.dumps(s.state["options"])) for s in samples}
    assert {v for v, _ in variants} == set(VARIANTS) and len(variants) >= 30
    in_tavli = [s.state for s in samples if game_of(s) == "tavli"]
    assert {s["variant"] for s in in_tavli} == {"portes", "plakoto", "fevga"}
    assert {s["match"]["length"] for s in in_tavli} == {3, 5, 7}
    assert any(s["phase"] == "over" and s["match"]["game"] >= 3 for s in in_tavli)
    phases = {s.state["phase"] for s in samples}
    assert phases == {"roll", "move", "choose", "take", "resign", "over"}
    matches = [s.state["match"] for s in samples if s.state["variant"] == "backgammon"]
    assert any(m["crawford"] for m in matches) and any(m["crawford_done"] for m in matches)
    for sample in samples:
        assert state_problem(sample.state) is None, sample.state


# -- hostile lines, in process -------------------------------------------------------------


@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes_get_one_clean_answer(line):
    clean(line)


@FUZZ
@given(st.integers(0, 10**6), st.randoms(use_true_random=False))
def test_mangled_json_gets_one_clean_answer(pick, rng):
    samples = corpus()
    request = real_request(rng, samples[pick % len(samples)])
    clean(mangle(rng, json.dumps(request).encode()))


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, (*path, i))
    return found


@FUZZ
@given(st.integers(0, 10**6), st.randoms(use_true_random=False), st.data())
def test_a_wrong_value_in_any_field_gets_one_clean_answer(pick, rng, data):
    samples = corpus()
    request = copy.deepcopy(real_request(rng, samples[pick % len(samples)]))
    path = data.draw(st.sampled_from(_paths(request)[1:]))
    value = data.draw(JSON_VALUES)
    node = request
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    clean(json.dumps(request))


@FUZZ
@given(st.integers(0, 10**6), st.randoms(use_true_random=False))
def test_nudged_states_are_refused_or_served_correctly(pick, rng):
    samples = corpus()
    clean(json.dumps(nudge(rng, real_request(rng, samples[pick % len(samples)]))))


def refused_for_its_reason(name: str, request: dict[str, Any]) -> None:
    """The corrupted ``request`` gets one clean refusal, naming the corruption's reason
    where ``REASONS`` gives it."""
    reply = clean(json.dumps(request))
    assert reply["ok"] is False, f"accepted ({name}): {json.dumps(request)}"
    if name in REASONS:
        assert re.search(REASONS[name], reply["error"]), (name, reply["error"])


# The corruptions each game's own rules call for (besides those any game can suffer).
OWN_CORRUPTIONS = {
    "nard": {"more men off Long Nardy's head than the plays made can take"},
    "fevga": {"a second Fevga man off the start before the first runner arrives"},
    "plakoto": {"a Plakoto man marked pinned with nobody on its point"},
    "tavli": {
        "a score at or past the match length in a game going",
        "a Tavli score more than the games played can give",
        "a Tavli game with options other than its defaults",
        "a Tavli game opened by the last winner, who has no points",
    },
    "backgammon": {"Crawford fields the score or the options rule out"},
    "anglicorum": {"Anglicorum's fixed six missing"},
}


def test_states_corrupted_so_that_no_game_reaches_them_are_refused(samples):
    """Every corruption, tried on the first sample of each game (the twelve and the
    Tavli match) it applies to: a deterministic sweep, no corruption left untried by the
    luck of a draw."""
    rng = random.Random(20)
    tried: dict[str, set[str]] = {name: set() for name in CORRUPTIONS}
    for name in CORRUPTIONS:
        for sample in samples:
            game = game_of(sample)
            if game in tried[name]:
                continue
            request = corrupted(name, rng, sample)
            if request is None:
                continue
            tried[name].add(game)
            refused_for_its_reason(name, request)
    assert all(tried.values()), tried
    # The corruptions any game can suffer reach every game, and each game's own its game.
    games = set(VARIANTS) | {"tavli"}
    assert {game_of(s) for s in samples} == games
    for name in ("a result the board contradicts", "flags a variant does not have"):
        assert tried[name] == games, (name, games - tried[name])
    assert tried["men moved with no play made"] == games - {"backgammon"}
    # (Not El Mundo, four-sided with dice handed on; not Acey-Deucey, its 1-2 chain.)
    set_back = tried["men further along than the plays made can move them"]
    assert set_back == games - {"el_mundo", "acey_deucey"}, set_back
    for game, own in OWN_CORRUPTIONS.items():
        assert all(game in tried[name] for name in own), (game, own)


@FUZZ
@given(st.integers(0, 10**6), st.randoms(use_true_random=False))
def test_any_state_of_any_game_corrupted_so_that_no_game_reaches_it_is_refused(pick, rng):
    """A reached state of any game (the twelve and Tavli), corrupted in a way drawn
    among those that apply to it, is refused, for its reason where one is named."""
    samples = corpus()
    sample = samples[pick % len(samples)]
    names = list(CORRUPTIONS)
    rng.shuffle(names)
    for name in names:
        request = corrupted(name, rng, sample)
        if request is not None:
            refused_for_its_reason(name, request)
            return


def test_a_random_corruption_is_refused(samples):
    """``corrupt`` (the benchmark's random pick of a corruption) gives a refused request."""
    rng = random.Random(20)
    picked = [corrupt(rng, sample) for sample in samples[::97]]
    assert any(found is not None for found in picked)
    for found in picked:
        if found is not None:
            why, request = found
            assert clean(json.dumps(request))["ok"] is False, f"accepted ({why})"


# -- lines through a real engine ---------------------------------------------------------


def test_a_real_engine_answers_each_of_a_batch_of_hostile_lines_once():
    rng = random.Random(7)
    engine = Engine()
    try:
        lines = [make_line(rng, corpus()) for _ in range(150)]
        lines += [("long", b"x" * (MAX_LINE + 1), None), ("blank", b"", None)]
        for kind, line, why in lines:
            text = engine.ask(line, timeout=60)
            assert text is not None, f"no answer to a {kind} line: {line[:200]!r}"
            assert not answer_problems(text), (answer_problems(text), line[:300])
            if why is not None:
                assert text.startswith('{"ok":false'), f"accepted ({why}): {line!r}"
        assert engine.ask(b'{"cmd": "variants", "id": 1}', timeout=60).startswith('{"ok":true')
    finally:
        engine.close()


def test_a_blank_line_gets_an_answer_so_a_client_never_waits_for_ever():
    done = subprocess.run(
        [sys.executable, "-m", "game.engine"],
        input=b'\n  \t\r\n{"cmd": "variants"}\n',
        capture_output=True,
        cwd=ROOT,
        timeout=60,
    )
    answers = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [a["ok"] for a in answers] == [False, False, True]
    assert "empty line" in answers[0]["error"]


def test_a_line_over_a_megabyte_is_refused_unread_and_the_next_one_served():
    stream = io.BytesIO(b'{"pad": "' + b"x" * (2 * MAX_LINE) + b'"}\n{"cmd": "variants"}\n')
    out = io.StringIO()
    serve(read_lines(stream), out)
    first, second = (json.loads(line) for line in out.getvalue().splitlines())
    assert first["ok"] is False and "at most 1,048,576" in first["error"]
    assert second["ok"] is True
    # Exactly at the limit is read (and refused only for what it says).
    at_limit = b'"' + b"x" * (MAX_LINE - 2) + b'"'
    assert next(read_lines(io.BytesIO(at_limit + b"\n"))) == at_limit + b"\n"


def test_numbers_too_large_for_a_float_are_refused_and_answers_are_strict_json():
    for line in ('{"cmd": "variants", "id": 1e999}', '{"cmd": "new", "seed": -1e400}'):
        text = answer(line)
        assert "Infinity" not in text and not answer_problems(text)
        assert json.loads(text)["ok"] is False


def test_an_error_quotes_only_a_short_excerpt_of_a_long_input():
    state = {"variant": "backgammon", "position_id": "4HPwATDgc/ABMA", "dice": [3, 1]}
    long_requests = [
        {"cmd": "play", "state": state, "notation": "24/23 " * 20_000},
        {"cmd": "legal", "state": {**state, "position_id": "A" * 100_000}},
        {"cmd": "new", "variant": "v" * 100_000},
        {"cmd": "legal", "state": {**state, "dice": list(range(20_000))}},
        {"cmd": "roll", "state": {**state, "dice": []}, "dice": [1] * 20_000},
    ]
    for request in long_requests:
        reply = clean(json.dumps(request))
        assert reply["ok"] is False and len(reply["error"]) <= MAX_ERROR, reply


def test_a_board_with_too_many_men_and_a_position_id_is_refused_cleanly():
    row = [0, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 3, 0, 5, 0, 0, 0, 0, 0, 0]
    state = {"variant": "backgammon", "board": [row, row], "position_id": "4HPwATDgc/ABMA"}
    reply = clean(json.dumps({"cmd": "legal", "state": {**state, "dice": [3, 1]}}))
    assert reply["ok"] is False and "men" in reply["error"]


def test_el_mundo_dice_handed_on_with_thousands_of_digits_are_refused_cleanly():
    request = {"cmd": "new", "variant": "el_mundo", "seed": 2}
    new = clean(json.dumps(request))["state"]
    rolled = clean(json.dumps({"cmd": "roll", "state": new, "seed": 9}))["state"]
    reply = clean(
        json.dumps({"cmd": "play", "state": rolled, "notation": "bar/3 [" + "9" * 4300 + "]"})
    )
    assert reply["ok"] is False and "not dice" in reply["error"]


@pytest.mark.parametrize(
    "text",
    [
        " " * 400_000 + "x",
        "24" + " " * 400_000 + "/",
        "24/" + " " * 400_000 + "*",
        "[" + " 1" * 200_000 + " x]",
        "(" * 200_000,
        "1" + " " * 400_000 + "]",
    ],
)
def test_notation_is_read_in_linear_time(text):
    variant = find_variant("el_mundo")
    position = variant.start_position()
    started = time.perf_counter()
    with pytest.raises(RulesError):
        parse_play(variant, position, (1, 2, 3), text)
    # Quadratic reading of 400,000 characters takes minutes; linear, milliseconds.
    assert time.perf_counter() - started < 2.0


# -- at the bounds of what a state records ------------------------------------------------


def at_caps(state: dict[str, Any], back: int) -> dict[str, Any]:
    """``state`` with its counters ``back`` short of the most a state records (or about
    that): the plays of the game (the side on roll kept), a Tavli match's games (the game
    in turn kept), the scores of a session. The Position ID and Match ID are dropped."""
    state = copy.deepcopy(state)
    state.pop("position_id", None)
    state.pop("match_id", None)
    state["turn"] = MAX_TURN - back - (MAX_TURN - back - state["turn"]) % 2
    match = state["match"]
    if match.get("cycle"):
        top = MAX_GAME - back
        match["game"] = top - (top - match["game"]) % len(match["cycle"])
    elif not match["length"]:
        limit = MONEY_SCORE_LIMIT if "cube" in state else SESSION_SCORE_LIMIT
        winner = state["winner"] if state["winner"] is not None else 0
        match["score"][winner] = limit - back
    return state


def test_every_state_the_engine_answers_with_at_its_bounds_reads_back(samples):
    """The first state to play and the first game over of each game (the twelve and
    Tavli), at the bounds of what a state records and one short of them: every state
    the engine answers with reads back (``clean``), and where the answer would pass
    them (one more play, Tavli's next game) it is refused with the reason."""
    seen: set[tuple[str, str]] = set()
    capped: set[str] = set()
    for sample in samples:
        game, phase = game_of(sample), sample.state["phase"]
        if phase not in ("move", "over") or (game, phase) in seen:
            continue
        if phase == "move" and (sample.state["turn"] - MAX_TURN) % 2:
            continue  # (the turn's parity says who started: kept, it could not reach the cap)
        if sample.state.get("again") or sorted(sample.state["dice"]) == [1, 2]:
            continue  # (Acey-Deucey's 1-2 chain: a turn counted only when it passes)
        match = sample.state["match"]
        ends = game != "tavli" or max(match["score"]) >= match["length"]
        if phase == "over" and match["length"] and ends:
            continue  # (a backgammon match's next game, or none: not this test's subject)
        seen.add((game, phase))
        for back in (0, 1):
            state = at_caps(sample.state, back)
            state_from_json(state)  # (read: the bounds are not passed)
            cmd = "legal" if phase == "move" else "next"
            reply = clean(json.dumps({"cmd": cmd, "state": state, "seed": 1}))
            if not reply["ok"]:
                assert back == 0 and "the most a state records" in reply["error"], reply
                capped.add(game)
    assert {game for game, _ in seen} == set(VARIANTS) | {"tavli"}
    # A play past the plays a state records is refused in every game, and so is the game
    # after the last a Tavli state records.
    assert capped == set(VARIANTS) | {"tavli"}, set(VARIANTS) | {"tavli"} - capped


@FUZZ
@given(st.integers(0, 10**6), st.integers(0, 3), st.randoms(use_true_random=False))
def test_any_request_about_a_state_near_the_bounds_is_answered_with_states_that_read_back(
    pick, back, rng
):
    samples = corpus()
    sample = samples[pick % len(samples)]
    near = Sample(at_caps(sample.state, back), sample.notation)
    clean(json.dumps(real_request(rng, near)))
