"""benchmarks.gnubg_error sorts the judged positions into contact, race and bear-off."""

from __future__ import annotations

from benchmarks.gnubg_error import kind_of
from game.rules.position import position_from_counts
from game.rules.variants import find_variant

BG = find_variant("backgammon")


def test_positions_are_sorted_by_kind():
    assert kind_of(BG.start_position()) == "contact"
    # Side 0's men on its pos 20 and 22 (home), side 1's on its pos 22 = side 0's pos 3.
    bear_off = position_from_counts([{20: 5, 25: 10}, {22: 3, 25: 12}], 24)
    assert kind_of(bear_off) == "bear-off"
    race = position_from_counts([{12: 5, 25: 10}, {22: 3, 25: 12}], 24)
    assert kind_of(race) == "race"  # side 0's men at 12 are past side 1's rearmost (3)
    assert kind_of(race.with_to_act(1)) == "bear-off"
    behind = position_from_counts([{2: 1, 25: 14}, {22: 3, 25: 12}], 24)
    assert kind_of(behind) == "contact"  # side 0's man at 2 has side 1's men at 3 ahead
    on_bar = position_from_counts([{0: 1, 25: 14}, {19: 3, 25: 12}], 24)
    assert kind_of(on_bar) == "contact" and kind_of(on_bar.with_to_act(1)) == "contact"


def test_the_expert_is_set_beside_gnubg_0_ply_on_the_same_positions():
    from benchmarks.gnubg_error import Tally, against_gnubg0

    expert = Tally(errors=[0.002, 0.0, 0.004])
    gnubg0 = Tally(errors=[0.003, 0.0, 0.006])
    line = against_gnubg0(expert, gnubg0)
    assert "2.00 against 3.00 mEMG a move" in line
    assert "paired difference -1.00 ± 0.58" in line
    assert "0.67 of its error" in line
    assert "(2.40 here)" in line
