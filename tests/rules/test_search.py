"""The general search (game.rules.search) that every variant shares.

Backgammon is its proving ground: with the variant's hooks at their shared
defaults, the general search must find exactly GNU Backgammon's plays and
exactly what the fast backgammon generator finds.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.rules.gnubg import position_from_id, position_id
from game.rules.position import position_from_counts
from game.rules.search import search_plays
from game.rules.variants import find_variant

DATA = Path(__file__).resolve().parent.parent / "data"
BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "backgammon-bench.txt"
BG = find_variant("backgammon")
VECTORS = [json.loads(line) for line in (DATA / "backgammon-legal.jsonl").read_text().splitlines()]


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: f"{v['position_id']}-{v['dice']}")
def test_general_search_finds_gnubgs_plays(vector):
    position = position_from_id(vector["position_id"], 0)
    plays = search_plays(BG, position, vector["dice"])
    results = sorted(position_id(BG.apply_play(position, p)) for p in plays)
    if not vector["results"]:
        assert [len(p) for p in plays] == [0]
    else:
        assert results == vector["results"]


def test_general_search_agrees_with_the_fast_generator_on_the_bench_positions():
    lines = BENCH.read_text().split("\n")[:600]
    for line in filter(None, lines):
        pid, d1, d2 = line.split()
        position = position_from_id(pid, 0)
        dice = (int(d1), int(d2))
        fast = {BG.apply_play(position, p) for p in BG.generate_plays(position, dice)}
        general = {BG.apply_play(position, p) for p in search_plays(BG, position, dice)}
        assert fast == general, line


def test_each_result_is_listed_once():
    start = BG.start_position()
    plays = search_plays(BG, start, (1, 1))
    results = [BG.apply_play(start, p) for p in plays]
    assert len(results) == len(set(results))


def test_a_step_that_hits_on_a_resting_point_is_marked():
    # Side 0: a man on pos 1 (the 24-point); side 1: a blot on its pos 18 = our pos 7.
    position = position_from_counts([{1: 1, 25: 14}, {18: 1, 25: 14}], 24)
    plays = search_plays(BG, position, (6, 4))
    through_hit = [p for p in plays if any(s.hit and s.dst == 7 for s in p)]
    assert through_hit, plays
    after = BG.apply_play(position, through_hit[0])
    assert after.board[1][0] == 1  # the blot went to the bar
