"""A Tavli match at the table (no window): Portes, Plakoto and Fevga in turn, each
next game begun from the last (``Table(previous=...)``), saved and resumed."""

from __future__ import annotations

import importlib
import json
from dataclasses import replace

import pytest
from tabletop import COMPUTERS, new_table, play_on

from game.play.session import (
    GameSetup,
    SavedGame,
    saved_from_json,
    saved_to_json,
    setup_from_json,
    setup_to_json,
    tavli_setup,
)
from game.play.table import Table
from game.rules import match as m
from game.rules import tavli
from game.rules.replay import replay_from_json, replay_states
from game.rules.variants import VARIANTS
from game.rules.variants.base import Variant


def variant_class(variant_id: str) -> type[Variant]:
    """The game's class, registered or not yet (its module still ``_portes``...)."""
    if variant_id in VARIANTS:
        return VARIANTS[variant_id]
    module = importlib.import_module(f"game.rules.variants._{variant_id}")
    return next(
        v
        for v in vars(module).values()
        if isinstance(v, type) and issubclass(v, Variant) and vars(v).get("id") == variant_id
    )


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    for variant_id in tavli.CYCLE:
        monkeypatch.setitem(VARIANTS, variant_id, variant_class(variant_id))


def play_match(setup: GameSetup, saves: list[SavedGame] | None = None) -> list[Table]:
    """Every game of the match, played to its end by the computer seats (novices)."""
    tables = [new_table(setup, saves)]
    while True:
        play_on(tables[-1])
        summary = tables[-1].summary()
        if summary.match_over:
            return tables
        # Each game its own dice (a seeded setup's every game would throw the same).
        setup = replace(summary.setup, seed=summary.seed + 1)
        tables.append(new_table(setup, saves, previous=summary.state))
        assert len(tables) < 40, "the match does not end"


def test_a_seeded_tavli_match_to_5_plays_the_games_in_turn_to_the_right_winner():
    tables = play_match(tavli_setup(5, COMPUTERS, seed=3))
    total = [0, 0]
    previous: m.GameState | None = None
    for number, table in enumerate(tables):
        state = table.state
        assert state.variant.id == tavli.CYCLE[number % 3] == table.setup.variant_id
        assert state.match.game == number and state.match.length == 5
        first = table.game.states[0]
        if previous is not None and previous.winner is not None:
            assert first.opening == () and first.on_roll == previous.winner  # the winner starts
            assert table.start["starter"] == previous.winner
        if previous is not None and previous.winner is None:  # a tie: nobody starts
            assert len(first.opening) == 2 and table.start["starter"] is None
        result = state.result
        assert result is not None
        if result.winner is not None:
            total[result.winner] += result.points
        assert list(state.match.score) == total
        # A game's record keeps its place in the match, and (checked for one game of
        # each kind, which takes the time) replays to its end.
        replay = replay_from_json(json.loads(json.dumps(table.saved().replay().to_json())))
        assert replay.match is not None and replay.match.game == number
        if number in (2, 3, 4):
            assert replay_states(replay)[-1] == state
        previous = state
    # Seed 3: six games (the cycle twice), the fifth a tie (both mothers pinned).
    assert len(tables) == 6 and tables[4].state.result.winner is None
    last = tables[-1].state
    assert last.match.winner == total.index(max(total)) and max(total) >= 5 > min(total)
    assert tables[-1].summary().match_over and not tables[-2].summary().match_over


def test_a_tavli_match_saved_in_its_second_game_resumes_there_and_goes_on_to_fevga():
    saves: list[SavedGame] = []
    setup = tavli_setup(7, COMPUTERS, seed=5)
    first = new_table(setup, saves)
    play_on(first)
    second = new_table(first.summary().setup, saves, previous=first.state)
    assert second.variant.id == "plakoto" and second.setup.tavli == 7
    play_on(second, lambda t: t.state.turn >= 12)
    data = json.loads(json.dumps(saved_to_json(saves[-1])))
    assert data["setup"]["tavli"] == 7 and data["state"]["match"]["game"] == 1
    saved = saved_from_json(data)
    assert saved.describe().startswith("Tavli to 7, game 2: Plakoto")
    resumed = new_table(saved.setup, saved=saved)
    assert resumed.state == second.state and resumed.state.match == second.state.match
    play_on(resumed)
    third = new_table(resumed.summary().setup, previous=resumed.state)
    assert third.variant.id == "fevga" and third.state.match.game == 2
    assert third.state.match.score == resumed.state.match.score


def test_a_tavli_setup_reads_back_and_a_wrong_one_is_refused():
    setup = tavli_setup(3, COMPUTERS, seed=1)
    assert setup_from_json(json.loads(json.dumps(setup_to_json(setup)))) == setup
    assert "tavli" not in setup_to_json(GameSetup("backgammon"))  # other setups unchanged
    with pytest.raises(ValueError, match="Tavli match cannot be read"):
        setup_from_json(dict(setup_to_json(setup), tavli=4))
    with pytest.raises(ValueError, match="Tavli match cannot be read"):
        setup_from_json(dict(setup_to_json(setup), variant="backgammon", options={}))
    with pytest.raises(tavli.TavliError, match="played to"):
        Table(GameSetup("portes", seats=COMPUTERS, tavli=4))


def test_the_last_games_setup_played_again_begins_a_new_match_with_portes():
    """The results' "Play again" hands the last game's setup (Fevga's, say) to a new table."""
    setup = GameSetup("fevga", seats=COMPUTERS, tavli=5, match_id="old")
    table = new_table(replace(setup, match_id=""))
    assert table.variant.id == "portes" and table.setup.variant_id == "portes"
    assert table.state.match == tavli.start_match(5)
    with pytest.raises(tavli.TavliError, match="played to"):
        tavli_setup(6)
