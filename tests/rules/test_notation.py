"""Move notation: writing plays as GNU Backgammon does and reading them back.

Positions are literal. Points in the helpers are standard point numbers, each
side counting its own: 24 is the far end, 1 the last point, 25 the bar and 0 off.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from game.rules.errors import IllegalPlayError, NotationError
from game.rules.gnubg import position_from_id
from game.rules.notation import format_play, format_step, parse_play
from game.rules.play import PASS, Play, Step
from game.rules.position import Position, position_from_counts
from game.rules.variants import find_variant
from game.rules.variants.backgammon import Backgammon
from game.rules.variants.base import Variant

BG = find_variant("backgammon")
DATA = Path(__file__).resolve().parents[1] / "data" / "backgammon-legal.jsonl"
START = {24: 2, 13: 5, 8: 3, 6: 5}


def bg_position(mine: dict[int, int], theirs: dict[int, int]) -> Position:
    """Side 0 on roll; each side's men by its own point numbers (25 the bar, 0 off)."""
    position = position_from_counts(
        [{25 - point: n for point, n in side.items()} for side in (mine, theirs)], 24
    )
    BG.validate(position)
    return position


def step(src: int, dst: int, die: int, hit: bool = False) -> Step:
    """A step of side 0 between standard points (25 the bar, 0 off)."""
    return Step(25 - src, 25 - dst, die, hit)


def legal(position: Position, dice: tuple[int, int], *steps: Step) -> Play:
    """The legal play (as the move generator gives it) that ``steps`` make."""
    after = BG.apply_play(position, Play(steps))
    found = [p for p in BG.generate_plays(position, dice) if BG.apply_play(position, p) == after]
    assert len(found) == 1, steps
    return found[0]


def same_result(position: Position, a: Play, b: Play) -> bool:
    return BG.apply_play(position, a) == BG.apply_play(position, b)


OPENING = BG.start_position()
# A blot of the opponent on side 0's 18-point (the opponent's 7-point).
BLOT_ON_18 = bg_position(START, {6: 5, 7: 1, 8: 2, 13: 5, 24: 2})
# Blots of the opponent on side 0's 18- and 19-points (the opponent's 7- and 6-points).
BLOTS_ON_18_AND_19 = bg_position(START, {7: 1, 6: 1, 2: 13})


# -- writing ---------------------------------------------------------------------


def test_opening_three_one_is_two_moves_from_the_highest_point_down() -> None:
    play = legal(OPENING, (3, 1), step(6, 5, 1), step(8, 5, 3))
    assert format_play(BG, play) == "8/5 6/5"


def test_the_order_of_the_steps_does_not_change_the_notation() -> None:
    assert format_play(BG, Play((step(6, 5, 1), step(8, 5, 3)))) == "8/5 6/5"
    assert format_play(BG, Play((step(8, 5, 3), step(6, 5, 1)))) == "8/5 6/5"
    assert format_play(BG, Play((step(24, 23, 1), step(13, 10, 3)))) == "24/23 13/10"
    assert format_play(BG, Play((step(13, 10, 3), step(24, 23, 1)))) == "24/23 13/10"


def test_one_man_taking_both_dice_is_one_move() -> None:
    play = legal(OPENING, (6, 4), step(24, 18, 6), step(18, 14, 4))
    assert format_play(BG, play) == "24/14"


def test_a_hit_on_the_way_names_the_middle_point_with_a_star() -> None:
    play = legal(BLOT_ON_18, (6, 4), step(24, 18, 6, hit=True), step(18, 14, 4))
    assert format_play(BG, play) == "24/18*/14"


def test_a_middle_point_without_a_hit_is_not_named() -> None:
    play = legal(BLOT_ON_18, (6, 4), step(24, 20, 4), step(20, 14, 6))
    assert format_play(BG, play) == "24/14"


def test_a_hit_at_the_end_of_a_move_is_starred() -> None:
    position = bg_position(START, {6: 5, 8: 3, 13: 4, 15: 1, 24: 2})  # blot on our 10-point
    play = legal(position, (3, 1), step(13, 10, 3, hit=True), step(6, 5, 1))
    assert format_play(BG, play) == "13/10* 6/5"


def test_format_step_writes_from_and_to_with_the_hit() -> None:
    assert format_step(BG, step(13, 10, 3, hit=True)) == "13/10*"
    assert format_step(BG, step(8, 5, 3)) == "8/5"
    assert format_step(BG, step(25, 22, 3)) == "bar/22"
    assert format_step(BG, step(6, 0, 6)) == "6/off"


def test_identical_moves_of_doubles_are_counted() -> None:
    play = legal(OPENING, (3, 3), step(8, 5, 3), step(8, 5, 3), step(6, 3, 3), step(6, 3, 3))
    assert format_play(BG, play) == "8/5(2) 6/3(2)"


def test_doubles_that_split_and_come_up_are_counted_per_move() -> None:
    play = legal(OPENING, (4, 4), step(24, 20, 4), step(24, 20, 4), step(13, 9, 4), step(13, 9, 4))
    assert format_play(BG, play) == "24/20(2) 13/9(2)"
    play = legal(OPENING, (6, 6), step(24, 18, 6), step(24, 18, 6), step(13, 7, 6), step(13, 7, 6))
    assert format_play(BG, play) == "24/18(2) 13/7(2)"


def test_two_men_running_together_are_chained_each_into_one_move() -> None:
    play = legal(
        OPENING, (4, 4), step(24, 20, 4), step(24, 20, 4), step(20, 16, 4), step(20, 16, 4)
    )
    assert format_play(BG, play) == "24/16(2)"


def test_a_man_that_goes_on_alone_is_one_move_and_its_partner_another() -> None:
    play = legal(OPENING, (3, 3), step(13, 10, 3), step(13, 10, 3), step(10, 7, 3), step(7, 4, 3))
    # Same start: the nearer end first.
    assert format_play(BG, play) == "13/10 13/4"


def test_identical_moves_with_a_hit_are_counted_and_starred() -> None:
    position = bg_position(START, {6: 5, 8: 3, 13: 5, 20: 1, 24: 1})  # blot on our 5-point
    play = legal(
        position, (3, 3), step(8, 5, 3, hit=True), step(8, 5, 3), step(6, 3, 3), step(6, 3, 3)
    )
    assert format_play(BG, play) == "8/5*(2) 6/3(2)"


def test_entering_from_the_bar_is_written_bar() -> None:
    position = bg_position({25: 1, 24: 1, 13: 5, 8: 3, 6: 5}, START)
    play = legal(position, (3, 1), step(25, 22, 3), step(6, 5, 1))
    assert format_play(BG, play) == "bar/22 6/5"
    play = legal(position, (3, 1), step(25, 24, 1), step(24, 21, 3))
    assert format_play(BG, play) == "bar/21"


def test_bearing_off_is_written_off() -> None:
    position = bg_position({6: 2, 5: 13}, {6: 15})
    play = legal(position, (6, 5), step(6, 0, 6), step(5, 0, 5))
    assert format_play(BG, play) == "6/off 5/off"
    play = legal(position, (6, 5), step(6, 0, 6), step(6, 1, 5))
    assert format_play(BG, play) == "6/1 6/off"


def test_no_play_is_written_pass() -> None:
    assert format_play(BG, PASS) == "pass"


# -- reading ---------------------------------------------------------------------


def test_opening_three_one_reads_back() -> None:
    play = legal(OPENING, (3, 1), step(8, 5, 3), step(6, 5, 1))
    assert parse_play(BG, OPENING, (3, 1), "8/5 6/5") == play
    assert parse_play(BG, OPENING, (3, 1), "6/5 8/5") == play
    assert same_result(OPENING, parse_play(BG, OPENING, (1, 3), "8/5 6/5"), play)


def test_a_running_move_reads_with_or_without_its_middle_point() -> None:
    play = legal(OPENING, (6, 4), step(24, 18, 6), step(18, 14, 4))
    for text in ("24/14", "24/18/14", "24/20/14", "24/18 18/14"):
        assert parse_play(BG, OPENING, (6, 4), text) == play


def test_case_and_extra_spaces_do_not_matter() -> None:
    play = legal(OPENING, (6, 4), step(24, 18, 6), step(13, 9, 4))
    for text in ("  24/18   13/9 ", "24 / 18 13/9", "24/18\t13/9"):
        assert parse_play(BG, OPENING, (6, 4), text) == play
    position = bg_position({25: 1, 24: 1, 13: 5, 8: 3, 6: 5}, START)
    play = legal(position, (3, 1), step(25, 22, 3), step(6, 5, 1))
    assert parse_play(BG, position, (3, 1), "BAR/22 6/5") == play
    assert parse_play(BG, position, (3, 1), "Bar/22 6/5") == play


def test_the_star_chooses_between_the_hitting_and_the_quiet_way() -> None:
    hitting = legal(BLOT_ON_18, (6, 4), step(24, 18, 6, hit=True), step(18, 14, 4))
    quiet = legal(BLOT_ON_18, (6, 4), step(24, 20, 4), step(20, 14, 6))
    assert parse_play(BG, BLOT_ON_18, (6, 4), "24/18*/14") == hitting
    assert parse_play(BG, BLOT_ON_18, (6, 4), "24/14") == quiet


def test_naming_a_point_where_a_blot_stands_means_hitting_it() -> None:
    hitting = legal(BLOT_ON_18, (6, 4), step(24, 18, 6, hit=True), step(18, 14, 4))
    assert parse_play(BG, BLOT_ON_18, (6, 4), "24/18/14") == hitting
    assert parse_play(BG, BLOT_ON_18, (6, 4), "24/18* 18/14") == hitting


def test_a_hit_at_the_end_reads_without_its_star() -> None:
    position = bg_position(START, {6: 5, 8: 3, 13: 4, 15: 1, 24: 2})
    play = legal(position, (3, 1), step(13, 10, 3, hit=True), step(6, 5, 1))
    assert parse_play(BG, position, (3, 1), "13/10* 6/5") == play
    assert parse_play(BG, position, (3, 1), "13/10 6/5") == play


def test_a_move_that_could_hit_either_of_two_blots_must_say_which() -> None:
    via_18 = legal(BLOTS_ON_18_AND_19, (6, 5), step(24, 18, 6, hit=True), step(18, 13, 5))
    via_19 = legal(BLOTS_ON_18_AND_19, (6, 5), step(24, 19, 5, hit=True), step(19, 13, 6))
    assert parse_play(BG, BLOTS_ON_18_AND_19, (6, 5), "24/18*/13") == via_18
    assert parse_play(BG, BLOTS_ON_18_AND_19, (6, 5), "24/19/13") == via_19
    with pytest.raises(NotationError, match=r"'24/13' could be '24/18\*/13' or '24/19\*/13'"):
        parse_play(BG, BLOTS_ON_18_AND_19, (6, 5), "24/13")


def test_doubles_read_with_counts() -> None:
    play = legal(OPENING, (3, 3), step(8, 5, 3), step(8, 5, 3), step(6, 3, 3), step(6, 3, 3))
    assert parse_play(BG, OPENING, (3, 3), "8/5(2) 6/3(2)") == play
    assert parse_play(BG, OPENING, (3, 3), "8/5 8/5 6/3 6/3") == play
    assert parse_play(BG, OPENING, (3, 3), "6/3 (2) 8/5 (2)") == play
    play = legal(
        OPENING, (4, 4), step(24, 20, 4), step(24, 20, 4), step(20, 16, 4), step(20, 16, 4)
    )
    assert parse_play(BG, OPENING, (4, 4), "24/16(2)") == play
    assert parse_play(BG, OPENING, (4, 4), "24/20/16(2)") == play


def test_bar_and_off_read_as_words_or_as_numbers() -> None:
    position = bg_position({25: 1, 24: 1, 13: 5, 8: 3, 6: 5}, START)
    play = legal(position, (3, 1), step(25, 22, 3), step(6, 5, 1))
    assert parse_play(BG, position, (3, 1), "bar/22 6/5") == play
    assert parse_play(BG, position, (3, 1), "25/22 6/5") == play
    position = bg_position({6: 2, 5: 13}, {6: 15})
    play = legal(position, (6, 5), step(6, 0, 6), step(5, 0, 5))
    assert parse_play(BG, position, (6, 5), "6/off 5/off") == play
    assert parse_play(BG, position, (6, 5), "6/0 5/0") == play
    assert parse_play(BG, position, (6, 5), "6/OFF 5/Off") == play


def test_pass_reads_when_nothing_can_be_played() -> None:
    # One man on the bar against a closed board.
    position = bg_position({25: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 5})
    assert BG.generate_plays(position, (6, 6)) == [PASS]
    assert parse_play(BG, position, (6, 6), "pass") == PASS
    assert parse_play(BG, position, (6, 6), " PASS ") == PASS
    with pytest.raises(IllegalPlayError, match="'bar/19'"):
        parse_play(BG, position, (6, 6), "bar/19")


def test_pass_is_illegal_when_a_play_exists() -> None:
    with pytest.raises(IllegalPlayError, match="'pass'"):
        parse_play(BG, OPENING, (3, 1), "pass")


@pytest.mark.parametrize(
    "text",
    [
        "24/18 13/10",  # the wrong dice
        "8/5",  # one die of two
        "24/21 24/21",  # a 3 twice
        "6/off 6/5",  # bearing off with men outside
        "13/12 6/3",  # onto a point the opponent holds
        "13/16 8/7",  # backwards
        "bar/22 6/5",  # no man on the bar
        "8/5 6/5 6/5",  # three moves for two dice
    ],
)
def test_a_well_formed_but_illegal_play_raises_illegal_play_error(text: str) -> None:
    with pytest.raises(IllegalPlayError) as caught:
        parse_play(BG, OPENING, (3, 1), text)
    assert repr(text) in str(caught.value)


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("24/x 13/10", "24/x"),
        ("24 13/10", "24"),
        ("26/20 6/5", "26/20"),
        ("8/5(0) 6/5", "8/5(0)"),
        ("8/5(2 6/5", "8/5(2"),
        ("24*/21 6/5", "24*/21"),
        ("8/5** 6/5", "8/5**"),
        ("8/5 6/5!", "6/5!"),
        ("pass 8/5", "pass"),
        ("8-5 6-5", "8-5"),
    ],
)
def test_unreadable_text_raises_notation_error_naming_the_bad_part(text: str, bad: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_play(BG, OPENING, (3, 1), text)
    assert f"cannot read {bad!r} in {text!r}" == str(caught.value)


def test_empty_text_raises_notation_error() -> None:
    for text in ("", "   "):
        with pytest.raises(NotationError, match="no play"):
            parse_play(BG, OPENING, (3, 1), text)


# -- both ways -------------------------------------------------------------------


def _data_lines(count: int) -> list[tuple[str, tuple[int, int]]]:
    with DATA.open(encoding="utf-8") as lines:
        rows = [json.loads(line) for line in itertools.islice(lines, count)]
    return [(row["position_id"], tuple(row["dice"])) for row in rows]


@pytest.mark.parametrize(("position_id", "dice"), _data_lines(100))
def test_every_legal_play_reads_back_from_its_notation(
    position_id: str, dice: tuple[int, int]
) -> None:
    position = position_from_id(position_id)
    plays = BG.generate_plays(position, dice)
    texts = [format_play(BG, play) for play in plays]
    assert len(set(texts)) == len(plays), "two plays share a notation"
    for play, text in zip(plays, texts, strict=True):
        back = parse_play(BG, position, dice, text)
        assert back == play, text
        assert same_result(position, back, play)


class Numbered(Backgammon):
    """Backgammon named by pos numbers, as the other variants are."""

    id = "numbered"

    def point_label(self, pos: int) -> str:
        return Variant.point_label(self, pos)


def test_a_variant_named_by_pos_numbers_writes_and_reads_them() -> None:
    variant = Numbered()
    play = legal(OPENING, (3, 1), step(8, 5, 3), step(6, 5, 1))
    assert format_play(variant, play) == "17/20 19/20"
    assert parse_play(variant, OPENING, (3, 1), "17/20 19/20") == play
    position = bg_position({25: 1, 24: 1, 13: 5, 8: 3, 6: 5}, START)
    play = legal(position, (3, 1), step(25, 22, 3), step(6, 5, 1))
    assert format_play(variant, play) == "bar/3 19/20"
    assert parse_play(variant, position, (3, 1), "0/3 19/20") == play
    position = bg_position({6: 2, 5: 13}, {6: 15})
    play = legal(position, (6, 5), step(6, 0, 6), step(5, 0, 5))
    assert format_play(variant, play) == "19/off 20/off"
    assert parse_play(variant, position, (6, 5), "19/25 20/25") == play


@pytest.mark.parametrize("variant", [BG, Numbered()], ids=["backgammon", "numbered"])
def test_every_opening_play_reads_back(variant: Variant) -> None:
    for dice in itertools.combinations_with_replacement(range(1, 7), 2):
        for play in variant.generate_plays(OPENING, dice):
            assert parse_play(variant, OPENING, dice, format_play(variant, play)) == play
