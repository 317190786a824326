"""Importing replays: every hostile file is one clear message, the good ones still import,
and the check takes time linear in the file."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hostile import (
    deadline,
    make_hostile,
    small_replay,
)  # tests/ is on the path (conftest's folder)

from game.rules import match as m
from game.rules.notation import parse_play
from game.rules.replay import MAX_ENTRIES, ReplayError, replay_from_json, replay_states
from game.rules.safe_read import one_line
from game.rules.variants import find_variant
from game.store.exports import MAX_BYTES, import_replays, read_replay

NOT_FINITE = ("1e999", "-1e999", "NaN", "Infinity", "-Infinity")


def number_paths(value, path=()):
    """The path to every number in a JSON value."""
    if isinstance(value, dict):
        for key, child in value.items():
            yield from number_paths(child, (*path, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from number_paths(child, (*path, i))
    elif isinstance(value, int | float) and not isinstance(value, bool):
        yield path


def with_literal(obj: dict, path: tuple, literal: str) -> str:
    """The JSON text of ``obj`` with the number at ``path`` written as ``literal``."""
    copy = json.loads(json.dumps(obj))
    here = copy
    for key in path[:-1]:
        here = here[key]
    here[path[-1]] = "@@HERE@@"
    return json.dumps(copy).replace('"@@HERE@@"', literal)


def test_the_small_replay_is_good():
    replay_states(replay_from_json(small_replay()))


def test_every_number_field_refuses_nan_and_the_infinities(tmp_path):
    good = small_replay()
    paths = list(number_paths(good))
    assert len(paths) >= 20  # version, seed, match, sides, dice, the cube ...
    bad = []
    for n, path in enumerate(paths):
        for k, literal in enumerate(NOT_FINITE):
            name = f"n{n:02d}-{k}.json"
            (tmp_path / name).write_text(with_literal(good, path, literal))
            bad.append((name, literal))
    (tmp_path / "good.json").write_text(json.dumps(good))
    with deadline(60):
        found, problems = import_replays(tmp_path)
    assert [p.name for p, _ in found] == ["good.json"]
    assert len(problems) == len(bad)
    for (name, literal), message in zip(bad, problems, strict=True):
        assert message.startswith(f"{name}: holds "), message
        assert literal.lstrip("-") in message


def test_every_hostile_file_is_one_message_and_the_good_replay_still_imports(tmp_path):
    names = make_hostile(tmp_path, ".json", MAX_BYTES)
    (tmp_path / "good.json").write_text(json.dumps(small_replay()))
    (tmp_path / "junk.json").write_text("{not json")
    names["junk"] = "junk.json"
    huge_int = small_replay()
    huge_int["seed"] = int("9" * 4000)  # under Python's 4,300 digits: it used to be read
    (tmp_path / "huge-int.json").write_text(json.dumps(huge_int))
    names["huge-int"] = "huge-int.json"
    with deadline(30):
        found, problems = import_replays(tmp_path)
    assert [p.name for p, _ in found] == ["good.json"]
    assert len(problems) == len(names), problems
    for name in names.values():
        (message,) = [p for p in problems if p.startswith(name + ": ")]
        assert message == one_line(message) and len(message) <= 200


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (
            lambda o: o.update(plays=[{"action": "resign", "side": 0}] * (MAX_ENTRIES + 1)),
            "entries",
        ),
        (lambda o: o.update(opening=[1] * 100_001), "'opening'"),
        (lambda o: o.update(seats=[{"human": True}] * 3), "3 seats"),
        (lambda o: o["seats"][1].update(level="x" * 100_000), "'level'"),
        (lambda o: o["seats"][1].update(human=[1]), "'human'"),
        (lambda o: o.update(starter=True), "'starter'"),
        (lambda o: o["plays"][0].update(play="13/10" + " " * 4_000_000 + "24/23"), "characters"),
        (lambda o: o["plays"][1].update(dice=list(range(50_000))), "entry 2"),
        (lambda o: o["match"].update(length=int("9" * 90)), ""),
    ],
)
def test_a_replay_too_big_to_be_a_game_is_refused_at_once(tmp_path, change, words):
    obj = small_replay()
    change(obj)
    path = tmp_path / "big.json"
    path.write_text(json.dumps(obj))
    assert path.stat().st_size < MAX_BYTES
    with deadline(20):
        try:
            read_replay(path)
        except ReplayError as exc:
            message = str(exc)
            assert message.startswith("big.json: ") and words in message
            assert len(message) <= 200
        # A huge match length is a match no one finishes, not a fault: it may read.


def spaced(text: str, spaces: int) -> str:
    return text.replace(" ", " " * spaces).replace("/", " " * spaces + "/" + " " * spaces)


def test_reading_notation_is_linear_in_its_length():
    """A megabyte of spaces in a play's notation is read in well under the deadline;
    the regular expressions that read it before took 75 s for 40,000 spaces and grew
    with the square of the text (a megabyte: about 13 hours)."""
    variant = find_variant("backgammon")
    state = m.new_game(variant, random.Random(1))
    play = m.legal_plays(state)[0]
    from game.rules.notation import format_play

    text = format_play(variant, play)
    for spaces in (1_000_000,):
        padded = spaced(text, spaces // max(1, text.count("/") * 2))
        with deadline(10):
            assert parse_play(variant, state.position, state.dice, padded) == play
        with deadline(10), pytest.raises(ValueError):
            parse_play(variant, state.position, state.dice, "13" + " " * spaces + "x")
        with deadline(10), pytest.raises(ValueError):
            parse_play(variant, state.position, state.dice, "[" + " " * spaces)


def padded(text: str, chars: int) -> str:
    """``text`` with spaces around its slashes, as long as it may be (``chars``)."""
    slots = 2 * text.count("/") + text.count(" ")
    return spaced(text, max(1, (chars - len(text)) // max(1, slots)))


def test_a_replay_of_long_padded_notations_is_checked_in_seconds(tmp_path: Path):
    """Every play padded with spaces to the longest notation read (500 characters): the
    check stays well within the deadline (the quadratic reading took about 0.1 s per
    play of this length, so seconds per game, and hours for a longer text)."""
    obj = small_replay(entries=60)
    for entry in obj["plays"]:
        if entry["action"] == "play" and entry["play"] != "pass":
            entry["play"] = padded(entry["play"], 500)
            assert 400 < len(entry["play"]) <= 500
    path = tmp_path / "padded.json"
    path.write_text(json.dumps(obj))
    with deadline(20):
        replay = read_replay(path)
    assert len(replay.plays) == 60
