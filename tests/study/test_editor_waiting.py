"""What a set-up position may wait for (a double to answer, Acey-Deucey's turn kept after
the 1-2, a die to name): for every game, everything the editor offers is either a state
the rules engine reads (and the editor reads back as it was set) or plainly refused with
its reason, never a state the engine did not check."""

from __future__ import annotations

import itertools

import pytest

from game.rules import match as m
from game.rules.serial import state_from_json, state_to_json
from game.rules.variants import VARIANTS
from game.study.editing import NO_DIE_NAMED, WAITING_WORDS, PositionEdit

GAMES = [(v, {}) for v in sorted(VARIANTS)] + [
    ("acey_deucey", {"cube": True}),
    ("anglicorum", {"third_die": "player"}),
]


def throws(edit: PositionEdit) -> list[list[int | None]]:
    faces, count = edit.variant.faces, len(edit.dice)
    out: list[list[int | None]] = [[None] * count]
    out += [list(t) for t in itertools.combinations_with_replacement(range(1, faces + 1), count)]
    return out


@pytest.mark.parametrize("variant_id, options", GAMES)
def test_every_waiting_is_a_state_the_engine_read_or_its_reason(variant_id, options) -> None:
    edit = PositionEdit(variant_id, options)
    kinds = edit.waitings()
    assert kinds[0] == "" and set(kinds) <= set(WAITING_WORDS)
    read = 0
    for waiting in kinds:
        for turn in range(edit.players):
            for dice in throws(edit):
                edit.waiting, edit.to_act, edit.dice = waiting, turn, list(dice)
                state, why = edit.check()
                if state is None:
                    assert why and "\n" not in why, (waiting, dice)
                    continue
                read += 1
                assert state == state_from_json(state_to_json(state))
                assert state == state_from_json(edit.to_json())  # what the engine read
                back = PositionEdit(variant_id, options)
                back.load(state)
                assert (back.waiting, back.to_act) == (waiting, turn)
                if waiting == "double":
                    assert state.phase is m.Phase.TAKE and state.on_roll == turn
                    assert state.to_act != turn
                elif waiting:
                    assert state.again == (waiting in ("name", "named", "again"))
    assert read


def test_what_the_games_allow() -> None:
    assert PositionEdit("backgammon").waitings() == ["", "double"]
    assert PositionEdit("acey_deucey").waitings() == ["", "name", "named", "again"]
    assert "double" in PositionEdit("acey_deucey", {"cube": True}).waitings()
    assert PositionEdit("plakoto").waitings() == [""]


def test_a_die_to_name_is_refused_plainly() -> None:
    edit = PositionEdit("anglicorum", {"third_die": "player"})
    assert "die" in edit.waitings()
    edit.waiting = "die"
    assert edit.check() == (None, NO_DIE_NAMED)  # (English: the text as marked)


def test_a_waiting_the_game_has_not_is_refused() -> None:
    edit = PositionEdit("plakoto")
    edit.waiting = "double"
    state, why = edit.check()
    assert state is None and why == "Plakoto has no double to answer"
