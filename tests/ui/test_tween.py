"""Tweens and timelines: exact values in time, leftover time carried, skip and speed."""

from __future__ import annotations

import pytest

from game.ui.anim.tween import (
    Call,
    Delay,
    Sequence,
    Timeline,
    Tween,
    ease_in_out_cubic,
    linear,
)


def test_a_linear_tween_is_exact_and_returns_leftover_time():
    tween = Tween(2.0, linear)
    assert tween.update(0.5) == 0.0
    assert tween.value(0.0, 10.0) == pytest.approx(2.5)
    assert tween.value((0.0, 0.0), (4.0, 8.0)) == pytest.approx((1.0, 2.0))
    assert tween.update(2.0) == pytest.approx(0.5)  # 1.5 s used, 0.5 s left over
    assert tween.done and tween.value(0.0, 10.0) == 10.0


def test_easing_starts_and_ends_where_it_should():
    assert ease_in_out_cubic(0.0) == 0.0 and ease_in_out_cubic(1.0) == 1.0
    assert ease_in_out_cubic(0.5) == pytest.approx(0.5)
    assert ease_in_out_cubic(0.25) < 0.25  # slow out of the start


def test_a_timeline_carries_time_from_one_item_to_the_next():
    seen: list[str] = []
    timeline = Timeline()
    timeline.add(
        Delay(0.3), Call(lambda: seen.append("a")), Delay(0.3), Call(lambda: seen.append("b"))
    )
    timeline.update(0.4)  # the first delay ends, the call runs, 0.1 s of the second passes
    assert seen == ["a"] and timeline.busy
    timeline.update(0.2)
    assert seen == ["a", "b"] and not timeline.busy


def test_skip_runs_every_callback_once_in_order():
    seen: list[int] = []
    timeline = Timeline()
    timeline.add(Sequence(Delay(1.0), Call(lambda: seen.append(1))), Call(lambda: seen.append(2)))
    timeline.skip()
    timeline.skip()
    timeline.update(1.0)
    assert seen == [1, 2]


def test_speed_zero_is_instant_and_speed_two_is_twice_as_fast():
    seen: list[str] = []
    instant = Timeline(0.0)
    instant.add(Delay(5.0), Call(lambda: seen.append("done")))
    instant.update(0.0)
    assert seen == ["done"]
    fast = Timeline(2.0)
    fast.add(Delay(1.0))
    fast.update(0.45)
    assert fast.busy
    fast.update(0.06)
    assert not fast.busy
    with pytest.raises(ValueError):
        Timeline(-1.0)
