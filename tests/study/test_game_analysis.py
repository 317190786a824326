"""Whole-game analysis (game.study): every decision judged as the hint ranks it, the
chances over the game the evaluator's, the luck the luck module's, the rating's
arithmetic, stopping, and a replay that breaks the rules refused."""

from __future__ import annotations

import dataclasses
import json
import math
import threading

import pytest
from study_games import played_game  # tests/study is on the path

from game.ai.budget import Budget
from game.ai.luck import roll_luck
from game.ai.players import cubeless, evaluator_for, has_levels, ranked_plays
from game.rules import match as m
from game.rules.notation import format_turn
from game.rules.replay import Replay, ReplayError
from game.rules.variants import VARIANTS
from game.study import analysis as study_analysis
from game.study.analysis import (
    PR_SCALE,
    AnalysisStopped,
    analyse_game,
    analyse_replay,
    replay_game,
)

TRAINED = [v for v in VARIANTS if has_levels(v)]
LOOK = 3_000  # positions a judged play's look-ahead may spend here (the game's own count
# is up to 100,000: the same rules, checked in a tenth of the time)


@pytest.fixture(autouse=True)
def small_look(monkeypatch):
    monkeypatch.setattr(study_analysis, "positions_for", lambda variant: LOOK)
ENTRIES = 14  # a game's first decisions: enough to judge, quick in every variant


def opening(variant_id: str, seed: int = 5, entries: int = ENTRIES) -> Replay:
    replay, _ = played_game(variant_id, seed, max_entries=entries)
    return dataclasses.replace(replay, result=None)


@pytest.mark.parametrize("variant_id", TRAINED)
def test_every_play_is_judged_as_the_hint_ranks_it(variant_id: str) -> None:
    replay = opening(variant_id)
    states, actions = replay_game(replay)
    analysis = analyse_game(states, actions)
    plays = [d for d in analysis.decisions if d.kind == "play"]
    assert plays, "no play judged"
    for d in plays:
        state = states[d.entry]
        legal = m.legal_plays(state)
        assert d.choices == len(legal)
        assert d.loss >= 0.0
        if d.choices == 1:
            assert d.loss == 0.0 and d.chosen == d.best
            continue
        budget = Budget(LOOK, math.inf)
        chosen = actions[d.entry].play  # type: ignore[union-attr]
        ranked = ranked_plays(state, "expert", include=chosen, budget=budget)
        mine = next(r for r in ranked if r.play == chosen)
        assert d.best == format_turn(state.variant, state.dice, ranked[0].play)
        assert d.loss == pytest.approx(max(0.0, ranked[0].value - mine.value))
        if d.chosen == d.best:
            assert d.loss == pytest.approx(0.0)


@pytest.mark.parametrize("variant_id", TRAINED)
def test_the_chances_are_the_evaluators_and_end_at_the_result(variant_id: str) -> None:
    replay, states = played_game(variant_id, 11, max_entries=24)
    analysis = analyse_replay(dataclasses.replace(replay, result=None))
    players = states[0].variant.players
    for point in analysis.points:
        assert len(point.chances) == players
        assert sum(point.chances) == pytest.approx(1.0)
        assert all(0.0 <= p <= 1.0 for p in point.chances)
    turns = [p for p in analysis.points[:-1] if states[p.state].phase is m.Phase.ROLL]
    assert turns, "no turn began in the game"
    if players == 2:
        for point in turns:
            state = states[point.state]
            win = float(cubeless(state, "expert")[0])
            assert point.chances[state.on_roll] == pytest.approx(win)
    assert analysis.points[-1].state == len(states) - 1


def test_a_finished_game_ends_its_chances_at_the_winner() -> None:
    replay, states = played_game("backgammon", 2)
    assert states[-1].result is not None
    analysis = analyse_replay(replay)
    winner = states[-1].result.winner
    assert analysis.points[-1].chances[winner] == 1.0
    assert analysis.result == states[-1].result.to_json()


def test_the_luck_of_each_throw_is_the_luck_modules() -> None:
    replay = opening("backgammon", 4, 30)
    states, actions = replay_game(replay)
    analysis = analyse_game(states, actions)
    ev = evaluator_for(states[0].variant)
    measured = [d for d in analysis.decisions if d.luck is not None]
    assert len(measured) >= 5
    for d in measured:
        state = states[d.entry]
        opening_throw = d.entry == 0 and bool(state.opening)
        assert d.luck == pytest.approx(roll_luck(ev, state.position, state.dice, opening_throw))
    for side in (0, 1):
        expected = sum(d.luck for d in measured if d.side == side)
        assert analysis.luck(side) == pytest.approx(expected)


def test_the_rating_is_500_times_the_average_loss_of_real_choices() -> None:
    replay = opening("portes", 8, 24)
    analysis = analyse_replay(replay)
    for side in (0, 1):
        real = [d for d in analysis.side_decisions(side) if d.counted]
        if not real:
            assert analysis.rating(side) is None
            continue
        average = sum(d.loss for d in real) / len(real)
        assert analysis.rating(side) == pytest.approx(PR_SCALE * average)
        assert all(d.choices > 1 for d in real if d.kind == "play")


def test_cube_decisions_are_judged_in_a_money_game_with_the_cube() -> None:
    found = {"double": 0, "take": 0}
    for seed in range(1, 6):
        replay, _ = played_game("backgammon", seed, max_entries=24)
        analysis = analyse_replay(replay)
        for d in analysis.decisions:
            if d.kind in found:
                found[d.kind] += 1
                assert d.chosen in ("Double", "No double", "Take", "Pass", "Beaver")
                assert d.loss >= 0.0
                assert (d.loss == 0.0) == (d.chosen == d.best) or d.loss < 1e-9
        if all(found.values()):
            break
    assert all(found.values()), found


def test_the_json_reads_back_and_names_every_side() -> None:
    analysis = analyse_replay(opening("el_mundo", 3, 20))
    data = json.loads(json.dumps(analysis.to_json()))
    assert data["format"] == "tabula-analysis" and data["players"] == 4
    assert [s["name"] for s in data["sides"]] == ["Side 1", "Side 2", "Side 3", "Side 4"]
    assert len(data["decisions"]) == len(analysis.decisions)


def test_progress_is_told_and_stop_ends_the_analysis() -> None:
    replay = opening("backgammon", 6, 14)
    seen: list[tuple[int, int]] = []
    analyse_replay(replay, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1][0] == seen[-1][1] == len(replay.plays)
    stop = threading.Event()

    def halt(done: int, total: int) -> None:
        if done == 3:
            stop.set()

    with pytest.raises(AnalysisStopped):
        analyse_replay(replay, progress=halt, stop=stop)


def test_a_record_that_breaks_the_rules_is_refused() -> None:
    replay = opening("backgammon", 6, 10)
    entries = list(replay.plays)
    index = next(i for i, e in enumerate(entries) if i >= 2 and e["action"] == "play")
    entries[index] = {**entries[index], "play": "24/1"}
    with pytest.raises(ReplayError, match=f"entry {index + 1}"):
        analyse_replay(dataclasses.replace(replay, plays=tuple(entries)))
