"""level_of reads a level's name (or a Level) and refuses anything else naming the levels."""

from __future__ import annotations

import pytest

from game.ai.levels import LEVELS, Level, level_of
from game.campaign import Campaign


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_is_read_from_its_name_and_from_itself(level: Level) -> None:
    assert level_of(level.value) is level
    assert level_of(level) is level


@pytest.mark.parametrize("bad", ["grandmaster", "EXPERT", "", 3, None, ["expert"], b"expert"])
def test_anything_else_is_refused_naming_the_levels(bad: object) -> None:
    with pytest.raises(ValueError, match=r"unknown level .*novice, beginner") as caught:
        level_of(bad)
    assert repr(bad)[:40] in str(caught.value)


def test_the_campaign_has_no_next_level_after_the_last() -> None:
    campaign = Campaign.load()
    last = campaign.levels[-1]
    everything = {level.id: 1 for level in campaign.levels}
    assert campaign.next_level(last.id, everything) is None
    assert campaign.next_level("no-such-level", everything) is None
