"""Tweens, timelines and the board's effects: exact values in time, leftover time
carried, skip and speed, and effects that are deterministic and draw headless."""

from __future__ import annotations

import random

import pygame
import pytest

from game.ui.anim.effects import DiceThrow, Glow, Impact, Slide, Sparkle, draw_glow
from game.ui.anim.tween import (
    EASES,
    Call,
    Delay,
    Parallel,
    Sequence,
    Timeline,
    Tween,
    ease_in_out_cubic,
    ease_out_back,
    ease_out_bounce,
    ease_out_cubic,
    lerp,
    linear,
)

# -- easing ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(EASES))
def test_every_ease_starts_at_zero_and_ends_at_one(name):
    ease = EASES[name]
    assert ease(0.0) == pytest.approx(0.0, abs=1e-12)
    assert ease(1.0) == pytest.approx(1.0, abs=1e-12)


def test_easing_curves_have_their_shapes():
    assert ease_in_out_cubic(0.5) == pytest.approx(0.5)
    assert ease_in_out_cubic(0.25) == pytest.approx(0.0625)  # 4 t^3: slow out of the start
    assert ease_out_cubic(0.5) == pytest.approx(0.875)  # fast out of the start
    assert max(ease_out_back(i / 100) for i in range(101)) > 1.05  # overshoots
    assert ease_out_bounce(1 / 2.75) == pytest.approx(1.0)  # the first landing
    assert ease_out_bounce(1.5 / 2.75) == pytest.approx(0.75)  # top of the first hop


def test_lerp_takes_floats_and_tuples_but_not_a_mix():
    assert lerp(2.0, 4.0, 0.25) == pytest.approx(2.5)
    assert lerp((0.0, 10.0), (10.0, 0.0), 0.5) == pytest.approx((5.0, 5.0))
    with pytest.raises(ValueError):
        lerp((0.0, 1.0), 2.0, 0.5)
    with pytest.raises(ValueError):
        lerp((0.0, 1.0), (1.0, 2.0, 3.0), 0.5)


# -- tweens ------------------------------------------------------------------------------


def test_a_linear_tween_is_exact_and_returns_leftover_time():
    tween = Tween(2.0, linear)
    assert tween.update(0.5) == 0.0
    assert tween.progress == pytest.approx(0.25)
    assert tween.value(0.0, 10.0) == pytest.approx(2.5)
    assert tween.value((0.0, 0.0), (4.0, 8.0)) == pytest.approx((1.0, 2.0))
    assert tween.update(2.0) == pytest.approx(0.5)  # 1.5 s used, 0.5 s left over
    assert tween.done and tween.value(0.0, 10.0) == 10.0
    assert tween.update(0.3) == pytest.approx(0.3)  # a finished tween uses nothing


def test_an_eased_tween_follows_its_curve_and_lands_exactly():
    tween = Tween(1.0, ease_in_out_cubic)
    tween.update(0.25)
    assert tween.fraction == pytest.approx(0.25)
    assert tween.value(0.0, 100.0) == pytest.approx(6.25)
    tween.update(0.75)
    assert tween.value((3.0, 7.0), (5.0, 9.0)) == (5.0, 9.0)


def test_finish_and_zero_duration_tweens_are_done():
    tween = Tween(3.0)
    tween.finish()
    assert tween.done and tween.progress == 1.0
    empty = Tween(0.0)
    assert empty.done and empty.value(1.0, 2.0) == 2.0
    assert empty.update(0.1) == pytest.approx(0.1)
    with pytest.raises(ValueError):
        Tween(-1.0)


# -- composition -------------------------------------------------------------------------


def test_a_sequence_carries_leftover_time_into_the_next_item():
    first, second = Tween(0.25, linear), Tween(0.25, linear)
    seq = Sequence(first, second)
    assert seq.update(0.3) == 0.0
    assert first.done and second.elapsed == pytest.approx(0.05)
    assert seq.update(0.5) == pytest.approx(0.3)  # 0.2 s finishes it, 0.3 s left
    assert seq.done


def test_parallel_ends_with_its_longest_item_and_returns_what_is_left():
    short, long = Tween(0.2, linear), Tween(0.5, linear)
    par = Parallel(short, long)
    assert par.update(0.3) == 0.0 and short.done and not par.done
    assert par.update(0.3) == pytest.approx(0.1)
    assert par.done


def test_calls_run_once_in_order_in_a_sequence():
    seen: list[str] = []
    seq = Sequence(
        Call(lambda: seen.append("a")),
        Delay(0.1),
        Call(lambda: seen.append("b")),
        Call(lambda: seen.append("c")),
    )
    seq.update(0.0)
    assert seen == ["a"]
    seq.update(0.1)
    assert seen == ["a", "b", "c"] and seq.done
    seq.update(1.0)
    seq.skip()
    assert seen == ["a", "b", "c"]


def test_skip_on_nested_items_runs_every_pending_call_once_in_order():
    seen: list[int] = []
    seq = Sequence(
        Call(lambda: seen.append(1)),
        Parallel(Delay(1.0), Sequence(Delay(0.5), Call(lambda: seen.append(2)))),
        Delay(2.0),
        Call(lambda: seen.append(3)),
    )
    seq.update(0.2)
    seq.skip()
    seq.skip()
    assert seen == [1, 2, 3] and seq.done


# -- the timeline --------------------------------------------------------------------------


def test_a_timeline_carries_time_from_one_item_to_the_next():
    seen: list[str] = []
    timeline = Timeline()
    timeline.add(
        Delay(0.3), Call(lambda: seen.append("a")), Delay(0.3), Call(lambda: seen.append("b"))
    )
    timeline.update(0.4)  # the first delay ends, the call runs, 0.1 s of the second passes
    assert seen == ["a"] and timeline.busy
    assert timeline.update(0.3) == pytest.approx(0.1)
    assert seen == ["a", "b"] and not timeline.busy


def test_skip_runs_every_callback_once_in_order():
    seen: list[int] = []
    timeline = Timeline()
    timeline.add(Sequence(Delay(1.0), Call(lambda: seen.append(1))), Call(lambda: seen.append(2)))
    timeline.skip()
    timeline.skip()
    timeline.update(1.0)
    assert seen == [1, 2]


def test_a_callback_may_queue_more_and_skip_runs_that_too():
    seen: list[str] = []
    timeline = Timeline()

    def more() -> None:
        seen.append("first")
        timeline.add(Delay(1.0), Call(lambda: seen.append("queued")))

    timeline.add(Delay(1.0), Call(more))
    timeline.skip()
    assert seen == ["first", "queued"] and not timeline.busy


def test_speed_zero_is_instant_and_speed_two_is_twice_as_fast():
    seen: list[str] = []
    instant = Timeline(0.0)
    instant.add(Delay(5.0), Call(lambda: seen.append("done")))
    instant.update(0.0)
    assert seen == ["done"] and not instant.busy
    fast = Timeline(2.0)
    fast.add(Delay(1.0))
    fast.update(0.45)
    assert fast.busy
    assert fast.update(0.06) == pytest.approx(0.01)  # real seconds left over
    assert not fast.busy
    with pytest.raises(ValueError):
        Timeline(-1.0)


def test_clear_drops_without_running():
    seen: list[int] = []
    timeline = Timeline()
    timeline.add(Delay(1.0), Call(lambda: seen.append(1)))
    timeline.clear()
    timeline.update(2.0)
    assert seen == [] and not timeline.busy


# -- effects ---------------------------------------------------------------------------------


def _throw(seed: int = 7) -> DiceThrow:
    return DiceThrow([3, 5], (100.0, 50.0), [(300.0, 200.0), (360.0, 200.0)], 40.0, 6,
                     random.Random(seed))  # fmt: skip


def test_dice_tumble_then_settle_on_their_values_at_rest():
    throw = _throw()
    assert throw.duration == pytest.approx(0.7)
    shown: set[int] = set()
    while not throw.done:
        throw.update(1 / 60)
        shown.update(value for value, _, _ in throw.dice_states())
    assert len(shown) > 2  # random faces while tumbling
    states = throw.dice_states()
    assert [value for value, _, _ in states] == [3, 5]
    assert [centre for _, centre, _ in states] == [
        pytest.approx((300.0, 200.0)),
        pytest.approx((360.0, 200.0)),
    ]
    assert [angle for _, _, angle in states] == [pytest.approx(0.0), pytest.approx(0.0)]
    assert throw.dice_lifts() == [pytest.approx(0.0), pytest.approx(0.0)]


def test_dice_hop_and_spin_in_flight():
    throw = _throw()
    throw.update(0.1)
    assert max(throw.dice_lifts()) > 5.0
    assert any(abs(angle) > 10.0 for _, _, angle in throw.dice_states())


def test_a_throw_is_deterministic_for_a_seed_and_skips_to_rest():
    a, b = _throw(3), _throw(3)
    for _ in range(12):
        a.update(0.03)
        b.update(0.03)
        assert a.dice_states() == b.dice_states()
    a.skip()
    assert a.done and [v for v, _, _ in a.dice_states()] == [3, 5]


def test_a_throw_rejects_impossible_dice():
    with pytest.raises(ValueError):
        DiceThrow([7], (0, 0), [(1, 1)], 10, 6, random.Random(1))
    with pytest.raises(ValueError):
        DiceThrow([1, 2], (0, 0), [(1, 1)], 10, 6, random.Random(1))


def test_a_slide_visits_each_point_and_lifts_between_them():
    landed: list[int] = []
    slide = Slide([(0.0, 0.0), (100.0, 0.0), (100.0, 50.0)], 0.2, on_land=landed.append)
    assert slide.position() == (0.0, 0.0) and slide.lift() == 0.0
    slide.update(0.1)
    assert slide.position() == pytest.approx((50.0, 0.0))  # half-way: eased symmetric
    assert slide.lift() == pytest.approx(1.0)
    slide.update(0.1)
    assert slide.position() == pytest.approx((100.0, 0.0)) and landed == [1]
    assert slide.update(0.3) == pytest.approx(0.1)
    assert slide.done and slide.position() == (100.0, 50.0) and landed == [1, 2]


def test_skipping_a_slide_lands_it_once_on_every_point_left():
    landed: list[int] = []
    slide = Slide([(0, 0), (1, 0), (2, 0), (3, 0)], 0.2, on_land=landed.append)
    slide.update(0.25)
    slide.skip()
    slide.skip()
    assert landed == [1, 2, 3] and slide.position() == (3.0, 0.0)


def _pixels_changed(before: pygame.Surface, after: pygame.Surface) -> int:
    w, h = before.get_size()
    return sum(
        before.get_at((x, y)) != after.get_at((x, y))
        for x in range(0, w, 3)
        for y in range(0, h, 3)
    )


@pytest.mark.parametrize("effect_type", [Impact, Sparkle])
def test_hit_and_bear_off_effects_draw_then_finish(effect_type):
    pygame.init()
    surface = pygame.Surface((160, 160))
    surface.fill((30, 90, 60))
    blank = surface.copy()
    effect = effect_type((80.0, 80.0), 20.0, (200, 40, 40), random.Random(5))
    effect.update(0.12)
    effect.draw(surface)
    assert _pixels_changed(blank, surface) > 50
    assert effect.update(5.0) > 4.0 and effect.done
    after = blank.copy()
    effect.draw(after)
    assert _pixels_changed(blank, after) == 0


def test_effects_are_deterministic_for_a_seed():
    pygame.init()
    frames = []
    for _ in range(2):
        surface = pygame.Surface((120, 120))
        impact = Impact((60.0, 60.0), 15.0, (220, 220, 200), random.Random(9))
        impact.update(0.1)
        impact.draw(surface)
        frames.append(pygame.image.tobytes(surface, "RGB"))
    assert frames[0] == frames[1]


def test_a_glow_pulses_forever_between_its_levels():
    glow = Glow(period=1.0, low=0.2, high=0.8)
    assert glow.level == pytest.approx(0.2)
    glow.update(0.5)
    assert glow.level == pytest.approx(0.8) and not glow.done
    glow.update(0.5)
    assert glow.level == pytest.approx(0.2)
    glow.skip()
    assert not glow.done
    surface = pygame.Surface((80, 80))
    glow.update(0.5)
    glow.draw(surface, (40.0, 40.0), 30.0, (120, 230, 140))
    assert surface.get_at((40, 40))[1] > 100
    draw_glow(surface, (10.0, 10.0), 0.5, (255, 255, 255))  # too small to draw: no error
