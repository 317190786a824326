"""The starting sets shipped for every game with a trained evaluation: each file reads
back whole, records its seed and command, each drill's state is one the rules engine
accepts with a play to find, its best play is legal and ranked first, and the second
best gives something away; Tabula's holds Zeno's throw. A damaged drill in a file is
left out, the rest kept."""

from __future__ import annotations

import json

import pytest

from game.ai.players import has_levels
from game.play.advice import DOUBTFUL
from game.rules import match as m
from game.rules.errors import RulesError
from game.rules.serial import state_from_json
from game.rules.variants import VARIANTS
from game.study.starters import read_starters, starters, starters_path

GAMES = [vid for vid in VARIANTS if has_levels(vid)]
ZENO = {6: 7, 9: 1, 10: 2, 19: 2, 20: 2, 23: 1}
OTHER = {8: 2, 11: 2, 12: 2, 13: 1, 14: 2, 15: 2, 18: 2, 21: 2}


def test_every_game_ships_a_starting_set():
    assert len(GAMES) == 12
    assert all(starters_path(vid).is_file() for vid in GAMES)


@pytest.mark.parametrize("variant_id", GAMES)
def test_a_starting_set_reads_back_whole_and_every_best_play_is_legal(variant_id):
    data = json.loads(starters_path(variant_id).read_text(encoding="utf-8"))
    assert isinstance(data["seed"], int) and "tools/make_drills.py" in data["command"]
    drills = starters(variant_id, 5.0)
    assert len(drills) == len(data["drills"]) and 10 <= len(drills) <= 15
    assert len({d.key for d in drills}) == len(drills)
    for drill in drills:
        state = state_from_json(drill.state)  # the rules engine's own checks
        assert state.phase is m.Phase.MOVE and state.variant.id == variant_id
        assert drill.source == "starter" and drill.is_due(5.0)
        plays = m.legal_plays(state)
        best = drill.best_play()
        after = state.variant.apply_play(state.position, best)
        assert any(state.variant.apply_play(state.position, p) == after for p in plays)
        assert drill.ranking[0] == (drill.best, 0.0) and drill.loss_of(best) == 0.0
        if len(drill.ranking) > 1:
            assert drill.ranking[1][1] >= DOUBTFUL  # the second best gives something away
            assert all(loss >= 0.0 for _, loss in drill.ranking)


def test_tabulas_set_holds_zenos_throw_with_its_one_play():
    zeno = [d for d in starters("tabula") if tuple(d.game_state().dice) == (2, 5, 6)]
    assert zeno
    state = zeno[0].game_state()
    side = state.to_act
    board = state.position.board
    assert {p: n for p, n in enumerate(board[side]) if n and 0 < p < 25} == ZENO
    assert {p: n for p, n in enumerate(board[1 - side]) if n and 0 < p < 25} == OTHER
    assert zeno[0].best == "10/16 19/24 20/22" and zeno[0].ranking == (("10/16 19/24 20/22", 0.0),)


def test_a_damaged_drill_in_a_starting_set_is_left_out():
    data = json.loads(starters_path("fevga").read_text(encoding="utf-8"))
    data["drills"][0]["state"] = {"variant": "fevga"}
    data["drills"][1]["source"] = "mistake"
    data["drills"][2] = "nonsense"
    assert len(read_starters(data, "fevga")) == len(data["drills"]) - 3
    with pytest.raises(ValueError):
        read_starters(data, "nard")  # a file of another game


def test_an_answer_is_judged_by_the_ranking_by_where_it_leaves_the_men():
    """A play written in other words (its moves in another order) is found by the
    position it leaves."""
    for drill in starters("backgammon"):
        state = drill.game_state()
        best = drill.best_play()
        turned = tuple(reversed(best))
        try:
            same = state.variant.apply_play(state.position, turned) == (
                state.variant.apply_play(state.position, best)
            )
        except RulesError:
            continue
        if turned != best and same:
            assert drill.loss_of(turned) == 0.0
            return
    pytest.skip("no drill whose best play reads the same reversed")


@pytest.mark.parametrize(
    "ranking", [{"13/9": 0.0}, [["13/9"]], [[5, 0.0]], [["13/9", "much"]], [["x" * 600, 0.0]]]
)
def test_a_stored_ranking_that_cannot_be_read_is_refused(ranking):
    from game.study.drills import DrillError, drill_from_json

    data = dict(starters("backgammon")[0].to_json(), ranking=ranking)
    with pytest.raises(DrillError, match=r"ranking|play|loss"):
        drill_from_json(data)


def test_the_study_jobs_ranking_becomes_the_drills():
    from game.study.drills import DrillError, ranking_from_hint

    assert ranking_from_hint([["13/9 6/5", 0.4, 0.0], ["24/20", 0.3, 0.1]]) == (
        ("13/9 6/5", 0.0),
        ("24/20", 0.1),
    )
    assert ranking_from_hint([["13/9 6/5", 0.0], ["24/20", 0.1]]) == (
        ("13/9 6/5", 0.0),
        ("24/20", 0.1),
    )
    for bad in (None, [], [["13/9"]], [["13/9", 1, 2, 3]], "13/9", [["13/9", "x"]]):
        with pytest.raises(DrillError):
            ranking_from_hint(bad)
