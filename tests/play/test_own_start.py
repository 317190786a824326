"""A level that begins from a position of its own (``[start]``): the emperor's throw.

The level file is checked as every saved state is; the game begins there, with the
player to play the throw, and is saved, resumed and replayed from there; the salvage
goal's medal goes by how little the player lost by."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from tabletop import COMPUTERS, new_table, person, play_on

from game.campaign import Campaign, GoalKind, LevelError, medal_for
from game.campaign.levels import read_level
from game.play import events as ev
from game.play.session import (
    SavedGame,
    Seat,
    saved_from_json,
    saved_to_json,
    setup_from_json,
    setup_to_json,
)
from game.play.table import Table
from game.rules import match as m
from game.rules.notation import format_play
from game.rules.outcome import Kind, Outcome
from game.rules.position import position_from_counts
from game.rules.replay import replay_from_json, replay_states
from game.rules.variants import find_variant
from game.ui.result_words import campaign_words
from game.ui.scenes.campaign import level_setup

TABULA = find_variant("tabula")
ZENO = {6: 7, 9: 1, 10: 2, 19: 2, 20: 2, 23: 1}
OTHER = {8: 2, 11: 2, 12: 2, 13: 1, 14: 2, 15: 2, 18: 2, 21: 2}

LEVEL = """
title = "A start"
chapter = "byzantium"
variant = "tabula"
source = "Somebody, Some Book"
intro = "A few words."
unlocks = []

[options]

[[seats]]
kind = "computer"
level = "beginner"

[[seats]]
kind = "player"

[goal]
kind = "salvage"

[start]
player = { 6 = 7, 9 = 1, 10 = 2, 19 = 2, 20 = 2, 23 = 1 }
computer = { 8 = 2, 11 = 2, 12 = 2, 13 = 1, 14 = 2, 15 = 2, 18 = 2, 21 = 2 }
dice = [2, 5, 6]
"""


def write(tmp_path: Path, text: str, name: str = "30-a-start.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_emperors_throw_begins_from_zenos_position_with_his_throw_to_play():
    level = Campaign.load().level("23-the-emperors-throw")
    assert level is not None and level.chapter == "byzantium"
    assert level.goal.kind is GoalKind.SALVAGE
    assert "lose by as little as you can" in level.goal.describe()
    table = new_table(level_setup(level))
    state = table.state
    side = level.player_side
    assert state.phase is m.Phase.MOVE and state.dice == (2, 5, 6) and state.to_act == side
    assert state.position == position_from_counts([ZENO, OTHER], 24, side, (0, 0))
    # The throw has one legal play, and it leaves eight of Zeno's men alone.
    plays = m.legal_plays(state)
    assert [format_play(TABULA, p) for p in plays] == ["10/16 19/24 20/22"]
    after = TABULA.apply_play(state.position, plays[0]).board[side]
    assert sum(1 for n in after[1:25] if n == 1) == 8
    said = [e.text for e in table.poll() if isinstance(e, ev.Said)]
    assert any("begins from this position" in t and "plays 2-5-6" in t for t in said), said


def test_the_player_may_sit_on_either_side_of_a_start(tmp_path):
    level = read_level(write(tmp_path, LEVEL))
    assert level.player_side == 1
    state = new_table(level_setup(level)).state
    assert state.to_act == 1 and state.position.board[1][6] == 7
    assert state.position.board[0][8] == 2


def test_a_game_from_its_own_start_saves_resumes_and_replays_to_its_end(tmp_path):
    level = read_level(write(tmp_path, LEVEL))
    setup = replace(level_setup(level), seats=COMPUTERS, seed=5)
    assert setup_from_json(json.loads(json.dumps(setup_to_json(setup)))) == setup
    saves: list[SavedGame] = []
    table = new_table(setup, saves)
    play_on(table, until=lambda t: t.state.turn >= 6)
    saved = saved_from_json(json.loads(json.dumps(saved_to_json(saves[-1]))))
    assert saved.setup.first == setup.first and saved.start["first"] == setup.first
    resumed = new_table(saved.setup, saved=saved)
    assert resumed.state == table.state
    play_on(resumed)
    assert resumed.state.is_over
    record = replay_from_json(json.loads(json.dumps(resumed.saved().replay().to_json())))
    assert record.first == setup.first
    states = replay_states(record)
    assert states[0] == Table(setup).state  # the level's own first state
    assert states[-1] == resumed.state


def test_a_person_plays_the_forced_throw_and_the_game_goes_on():
    level = Campaign.load().level("23-the-emperors-throw")
    assert level is not None
    table = new_table(replace(level_setup(level), seed=3))
    play_on(table, until=lambda t: t.state.turn >= 2, person_acts=person(random.Random(1)))
    first = table.game.states[0]
    assert first.dice == (2, 5, 6)
    assert table.state.turn >= 2 and not table.state.opening


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (("dice = [2, 5, 6]", "dice = [2, 5]"), "'start.dice' must be 3 dice of 1 to 6"),
        (("dice = [2, 5, 6]", "dice = [2, 5, 7]"), "'start.dice' must be 3 dice"),
        (("dice = [2, 5, 6]\n", ""), "'start.dice'"),
        (("6 = 7, 9 = 1", "6 = 7, 26 = 1"), "'start.player': '26' is not a point from 0 to 25"),
        (("6 = 7, 9 = 1", "6 = 7, 9 = 0"), "point 9 must have 1 to 15 men"),
        (("6 = 7, 9 = 1", "6 = 16, 9 = 1"), "point 6 must have 1 to 15 men"),
        (("8 = 2, 11 = 2", "6 = 2, 11 = 2"), "share a point"),
        (("6 = 7, 9 = 1", "6 = 9, 9 = 1"), "'start'"),
        (("dice = [2, 5, 6]", "dice = [2, 5, 6]\nhand = 1"), "unknown field 'start.hand'"),
        (('kind = "salvage"', 'kind = "match"\npoints = 3'), "'goal.kind' match needs"),
        (("[start]\n", "[start.deeper]\n"), "unknown field 'start.deeper'"),
    ],
)
def test_a_malformed_start_names_the_file_and_the_field(tmp_path, change, words):
    old, new = change
    assert old in LEVEL
    path = write(tmp_path, LEVEL.replace(old, new, 1), "30-bad-start.toml")
    with pytest.raises(LevelError) as caught:
        read_level(path)
    message = str(caught.value)
    assert message.startswith("30-bad-start.toml: ") and words in message, message


def test_a_start_is_one_game_not_a_match(tmp_path):
    text = LEVEL.replace('variant = "tabula"', 'variant = "portes"')
    text = text.replace('kind = "salvage"', 'kind = "tavli"\npoints = 3')
    with pytest.raises(LevelError, match="one game, not a match"):
        read_level(write(tmp_path, text))


def test_a_saved_setup_whose_first_state_is_broken_is_refused_with_a_reason():
    level = Campaign.load().level("23-the-emperors-throw")
    assert level is not None
    raw = setup_to_json(level_setup(level))
    for bad, words in [
        ("nonsense", "must be an object"),
        ({**raw["first"], "board": [[0] * 26, [0] * 26]}, "first state"),
        ({**raw["first"], "phase": "roll", "dice": []}, "a side to move"),
        ({**raw["first"], "variant": "backgammon"}, "first state"),
    ]:
        with pytest.raises(ValueError, match=words):
            setup_from_json({**raw, "first": bad})


def test_the_salvage_medal_goes_by_how_little_the_player_lost_by():
    level = Campaign.load().level("23-the-emperors-throw")
    assert level is not None
    side, other = level.player_side, 1 - level.player_side
    start = TABULA.start_position().pip_count(0)

    def finished(behind: float) -> object:
        # The computer has borne off every man; the player's men are ``behind`` of a
        # side's starting pips from home (all of them in hand when 1.0).
        men = round(behind * start)
        counts: list[dict[int, int]] = [{}, {}]
        counts[other] = {25: 15}
        counts[side] = {24: men, 25: 15 - men} if men <= 15 else {}
        hand = [0, 0]
        hand[side] = 15 if men > 15 else 0
        return position_from_counts(counts, 24, side, tuple(hand))

    lost = Outcome(other, Kind.SINGLE, 1)
    assert medal_for(level, TABULA, finished(0.03), lost) == 2
    assert medal_for(level, TABULA, finished(1.0), lost) == 0
    won = Outcome(side, Kind.SINGLE, 1)
    assert medal_for(level, TABULA, TABULA.start_position(), won) == 3


def test_the_results_say_a_medal_was_won_by_losing_by_little():
    level = Campaign.load().level("23-the-emperors-throw")
    assert level is not None
    table = Table(replace(level_setup(level), seats=(Seat(), Seat(human=False))))
    summary = replace(table.summary(), medal=2)
    lost = replace(summary.state, result=Outcome(1, Kind.SINGLE, 1))
    words = campaign_words(replace(summary, state=lost), "Fifteen tables")
    assert words == "Silver medal for losing by little  ·  next: Fifteen tables"
    won = replace(summary.state, result=Outcome(0, Kind.SINGLE, 1))
    assert campaign_words(replace(summary, state=won), "X") == "Silver medal  ·  next: X"


def test_while_the_sealed_dice_wait_for_the_players_throw_the_board_shows_the_start():
    level = Campaign.load().level("23-the-emperors-throw")
    assert level is not None
    table = new_table(level_setup(level), ask_throw=True)
    assert table.throw_wanted and table.state.phase is m.Phase.ROLL
    first = Table(level_setup(level)).state
    assert table.state.position == first.position
    table.throw_in("t=1 a phrase")
    assert table.state == first  # the level's throw, whatever the phrase


HOSTILE = ['""', "[]", "{}", "0", "-1", "1e308", "true", '"x"', "[1, 2, 3, 4]", "{ 0 = 15 }"]
HOSTILE += ["{ 25 = 15 }", '{ "a" = 1 }', "{ 1 = { 2 = 3 } }", "[[2, 5, 6]]", "[0, 0, 0]"]


def test_any_value_in_a_start_field_is_a_level_or_one_clear_message(tmp_path):
    lines = LEVEL.strip().splitlines()
    fields = [n for n, line in enumerate(lines) if n > lines.index("[start]") and " = " in line]
    assert len(fields) == 3
    for n in fields:
        key = lines[n].split(" = ")[0]
        for k, value in enumerate(HOSTILE):
            text = "\n".join([*lines[:n], f"{key} = {value}", *lines[n + 1 :]]) + "\n"
            path = write(tmp_path, text, f"{n:02d}-{k:02d}.toml")
            try:
                read_level(path)
            except LevelError as exc:
                message = str(exc)
                assert message.startswith(path.name + ": ") and "\n" not in message, message
