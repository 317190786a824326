"""game.rules.race: contact over in every variant, and the sure play of a bear-off."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

import pytest

from game.rules import match as m
from game.rules.play import Play, Step
from game.rules.position import Position, position_from_counts
from game.rules.race import contact_over, position_contact_over, sure_play
from game.rules.variants import find_variant

# Every variant, and the options that change how men move or bear off.
VARIANT_OPTIONS = [
    ("backgammon", {}),
    ("duodecim", {}),
    ("quinze_tablas", {}),
    ("quinze_tablas", {"bear_off_race": True}),
    ("el_mundo", {}),
    ("el_mundo", {"play_on": True}),
    ("anglicorum", {}),
    ("anglicorum", {"strict_start_table": True}),
    ("lombardorum", {}),
    ("lombardorum", {"dice": 3, "strict": True}),
]

QUICK = [(v, o) for v, o in VARIANT_OPTIONS if v in ("backgammon", "lombardorum")]


def _playout(variant_id: str, options: dict, seed: int) -> tuple[list[m.GameState], list]:
    """A game of legal plays (no doubling), mostly the one that races furthest, else at
    random (so that games reach their races soon, through hits and blocks): every
    state it passes through, and the play made from each (None for a throw or a die
    named)."""
    rng = random.Random(seed)
    variant = find_variant(variant_id, options)
    state = m.new_game(variant, rng)
    states, made = [state], []
    for _ in range(1500):
        if state.is_over:
            break
        play = None
        if state.phase is m.Phase.ROLL:
            state = m.roll(state, rng)
        elif state.phase is m.Phase.CHOOSE:
            state = m.choose_die(state, rng.randint(1, variant.faces))
        else:
            plays = m.legal_plays(state)
            play = rng.choice(plays)
            if rng.random() < 0.7:
                side = state.on_roll
                ends = variant.apply_plays(state.position, plays)
                play = min(zip(plays, ends, strict=True), key=lambda pe: pe[1].pip_count(side))[0]
            state = m.play(state, play)
        states.append(state)
        made.append(play)
    return states, made


@pytest.mark.parametrize(("variant_id", "options"), QUICK)
def test_once_contact_is_over_in_a_backgammon_or_lombards_game_it_stays_over(variant_id, options):
    """The property below for the two variants whose games are quick to play out."""
    test_once_contact_is_over_no_man_of_that_side_is_ever_hit_or_hits(variant_id, options)


@pytest.mark.parametrize(("variant_id", "options"), VARIANT_OPTIONS)
def test_once_contact_is_over_no_man_of_that_side_is_ever_hit_or_hits(variant_id, options):
    """Whenever contact_over says yes for a side, every later position of the game says
    yes too, that side's pips never grow (none of its men is sent back) and none of its
    plays hits; and seeded games do reach such positions (the property is not empty)."""
    seen = 0
    for seed in range(2):
        states, made = _playout(variant_id, options, seed)
        variant = states[0].variant
        for side in range(variant.players):
            start = next((i for i, s in enumerate(states) if contact_over(s, side)), None)
            if start is None:
                continue
            seen += 1
            pips = states[start].position.pip_count(side)
            for i in range(start, len(made)):
                before, after, play = states[i], states[i + 1], made[i]
                assert contact_over(after, side), (variant_id, seed, side, after.position)
                now = after.position.pip_count(side)
                assert now <= pips, (variant_id, seed, side, after.position)
                pips = now
                if play is not None and before.on_roll == side:
                    assert not play.hits, (variant_id, seed, before.position, play)
    if variant_id != "quinze_tablas":  # its random games end blocked, not in a race
        assert seen, f"no seeded {variant_id} game reached a position without contact"


def test_backgammon_contact_ends_when_the_rearmost_men_have_passed():
    bg = find_variant("backgammon")
    # Side 0's rearmost man on its pos 19 (the 6-point); side 1's rearmost on its pos 7,
    # which is side 0's pos 18: just behind side 0's men, never to meet them again.
    passed = position_from_counts([{19: 5, 25: 10}, {7: 1, 24: 14}], 24)
    assert position_contact_over(bg, passed, 0) and position_contact_over(bg, passed, 1)
    # Side 1's man on its pos 6 faces side 0's pos 19, where side 0's men stand.
    touching = position_from_counts([{19: 5, 25: 10}, {5: 1, 24: 14}], 24)
    assert not position_contact_over(bg, touching, 0)
    # A man on the bar can come in anywhere on its track.
    bar = position_from_counts([{22: 5, 25: 10}, {0: 1, 24: 14}], 24)
    assert not position_contact_over(bg, bar, 0)
    assert not position_contact_over(bg, bg.start_position(), 0)


def test_duodecim_men_in_hand_or_in_the_middle_row_still_meet():
    duo = find_variant("duodecim")
    # Side 0 all on its pos 30 (cell 29 of the near row, cells 24-35), going up to 35.
    # Side 1 runs that row down (its pos 13-24 are cells 35-24) before the far row:
    # from its pos 15 (cell 33) it must pass them; from its pos 20 (cell 28) it has.
    racing = position_from_counts([{30: 15}, {15: 15}], 36)
    assert not position_contact_over(duo, racing, 0)
    passed = position_from_counts([{30: 15}, {20: 15}], 36)
    assert position_contact_over(duo, passed, 0)
    # Side 1 in its far row (pos 25-36 = cells 23..12): apart for good.
    apart = position_from_counts([{30: 15}, {30: 15}], 36)
    assert position_contact_over(duo, apart, 0)
    in_hand = position_from_counts([{30: 15}, {30: 14}], 36, hand=(0, 1))
    assert not position_contact_over(duo, in_hand, 0)


def test_el_mundo_counts_a_man_the_others_may_hit_with_its_whole_track():
    mundo = find_variant("el_mundo")
    off = 19
    flags = (4, 4, 4, 4)

    def pos(*sides: dict[int, int]) -> Position:
        return position_from_counts(
            [{**s, off: 12 - sum(s.values())} for s in sides], 18, 0, (0,) * 4, flags
        )

    # Side 0 home on its pos 15 (cell 14, going on to 17). Side 3's man on its pos 7
    # (cell 0) never comes to cells 12-17 (its wall); sides 1 and 2 all off.
    alone = pos({15: 2}, {}, {}, {7: 1})
    assert position_contact_over(mundo, alone, 0)
    # Side 1's man on its pos 14 (cell 19, going on to 23) is past side 0's men.
    past = pos({15: 2}, {14: 1}, {}, {7: 1})
    assert position_contact_over(mundo, past, 0)
    # ...but side 2's man on its pos 7 (cell 18) may hit it, and it would come back on
    # at side 1's pos 1 (cell 6), from where its track runs through side 0's men.
    exposed = pos({15: 2}, {14: 1}, {7: 1}, {7: 1})
    assert not position_contact_over(mundo, exposed, 0)


def test_quinze_tablas_contact_in_the_race_and_the_lombards_half_board():
    qt = find_variant("quinze_tablas", {"bear_off_race": True})
    race = position_from_counts([{20: 2, 25: 13}, {20: 2, 25: 13}], 24)
    assert position_contact_over(qt, race, 0)
    facing = position_from_counts([{20: 2, 25: 13}, {4: 2, 25: 13}], 24)  # my pos 21
    assert not position_contact_over(qt, facing, 0)
    lom = find_variant("lombardorum")
    apart = position_from_counts([{9: 3, 13: 12}, {10: 3, 13: 12}], 12)  # my 9, theirs 3
    assert position_contact_over(lom, apart, 0)
    behind = position_from_counts([{9: 3, 13: 12}, {2: 3, 13: 12}], 12)  # theirs on my 11
    assert not position_contact_over(lom, behind, 0)


# -- the sure play --------------------------------------------------------------------------


def _state(variant_id: str, counts: list[dict[int, int]], dice, options=None, flags=None):
    variant = find_variant(variant_id, options or {})
    position = position_from_counts(counts, variant.track_length, 0, None, flags)
    variant.validate(position)
    return m.GameState(variant, position, m.Phase.MOVE, tuple(dice))


def _steps(play):
    return sorted((s.src, s.dst) for s in play)


def test_the_play_that_is_sure_to_finish_next_turn_is_made():
    # Men on the 4-, 2- and 1-points, 4-2: 4/off 2/off leaves one man on the 1-point,
    # off next turn whatever the dice; every other play leaves two men or more.
    state = _state("backgammon", [{21: 1, 23: 1, 24: 1, 25: 12}, {24: 15}], (4, 2))
    plays = m.legal_plays(state)
    assert len(plays) > 1
    assert _steps(sure_play(state, plays)) == [(21, 25), (23, 25)]


def test_the_last_men_off_win_now():
    state = _state("backgammon", [{20: 1, 23: 1, 25: 13}, {24: 15}], (5, 2))
    plays = m.legal_plays(state)
    assert _steps(sure_play(state, plays)) == [(20, 25), (23, 25)]


def test_a_choice_that_can_be_argued_is_left_to_the_person():
    # Men on the 6-, 5- and 4-points, 2-1: 6/4/3 leaves 5, 4 and 3 pips from off, 6/4 5/4
    # three on the 4-point; neither is home for sure in two turns.
    state = _state("backgammon", [{19: 1, 20: 1, 21: 1, 25: 12}, {24: 15}], (2, 1))
    assert len(m.legal_plays(state)) > 1 and sure_play(state, m.legal_plays(state)) is None
    # Two men on the 6-point and two on the 5-point, 6-5: off from the 6 and the 5
    # bears off more, but the rule never judges "more" or "lower", only "sure".
    many = _state("backgammon", [{19: 2, 20: 2, 25: 11}, {24: 15}], (6, 5))
    assert len(m.legal_plays(many)) > 1 and sure_play(many, m.legal_plays(many)) is None


def test_no_sure_play_while_contact_lasts_or_men_are_not_home():
    contact = _state("backgammon", [{21: 1, 23: 1, 24: 1, 25: 12}, {3: 1, 24: 14}], (4, 2))
    assert sure_play(contact, m.legal_plays(contact)) is None
    outside = _state("backgammon", [{18: 1, 23: 1, 24: 1, 25: 12}, {24: 15}], (6, 5))
    assert sure_play(outside, m.legal_plays(outside)) is None
    rolling = m.GameState(contact.variant, contact.position, m.Phase.ROLL)
    assert sure_play(rolling, [Play((Step(21, 25, 4),))]) is None


def test_a_forced_play_is_sure_in_an_exact_bear_off_too():
    forced = _state("duodecim", [{31: 1, 37: 14}, {36: 15}], (6, 6, 6))
    plays = m.legal_plays(forced)
    assert [_steps(p) for p in plays] == [[(31, 37)]]
    assert sure_play(forced, plays) == plays[0]


def test_el_mundo_makes_only_forced_and_winning_plays():
    # Side 0's last two men on its pos 17 and 18, 3-2-1: both off (the game won) or not.
    state = _state(
        "el_mundo",
        [{17: 1, 18: 1, 19: 10}, {19: 12}, {19: 12}, {7: 1, 19: 11}],
        (3, 2, 1),
        flags=(4, 4, 4, 4),
    )
    sure = sure_play(state, m.legal_plays(state))
    assert sure is not None
    assert state.variant.apply_play(state.position, sure).off(0) == 12


# -- the rule checked against a plain count of turns -----------------------------------------


def _turns(variant, position: Position, worst: bool, seen: dict) -> int:
    """How many turns side 0 needs to bear off every man: with the worst dice (and its
    best play), or with the best dice; counted plainly over every throw."""
    if position.off(0) == variant.men:
        return 0
    key = (position, worst)
    if key not in seen:
        seen[key] = 99  # no way home (a guard: never reached from a home board)
        rolls = list(combinations_with_replacement(range(1, variant.faces + 1), variant.dice_count))
        each = []
        for dice in rolls:
            plays = variant.generate_plays(position, dice)
            afters = [variant.apply_play(position, p).with_to_act(0) for p in plays if p]
            each.append(1 + min((_turns(variant, a, worst, seen) for a in afters), default=98))
        seen[key] = max(each) if worst else min(each)
    return seen[key]


def _home_boards(variant, men: int):
    off = variant.off_pos
    home = range(max(variant.bear_from, off - 6), off)
    for spots in combinations_with_replacement(home, men):
        counts = [{} for _ in range(variant.players)]
        for spot in spots:
            counts[0][spot] = counts[0].get(spot, 0) + 1
        counts[0][off] = variant.men - men
        for other in counts[1:]:
            other[off] = variant.men
        yield position_from_counts(counts, variant.track_length, 0, None, None)


@pytest.mark.parametrize(
    ("variant_id", "options", "men"),
    [("backgammon", {}, 4), ("duodecim", {}, 2), ("quinze_tablas", {"bear_off_race": True}, 2)],
)
def test_every_sure_play_is_home_no_later_than_any_other(variant_id, options, men):
    """On every board of up to ``men`` men on the last six points and every throw: a
    sure play that is not forced finishes, with the worst dice, no later than any other
    play could with the best; and it leaves a man off."""
    variant = find_variant(variant_id, options)
    rolls = list(combinations_with_replacement(range(1, variant.faces + 1), variant.dice_count))
    seen: dict = {}
    chosen = 0
    for n in range(1, men + 1):
        for position in _home_boards(variant, n):
            for dice in rolls:
                state = m.GameState(variant, position, m.Phase.MOVE, dice)
                plays = m.legal_plays(state)
                sure = sure_play(state, plays)
                afters = {variant.apply_play(position, p).with_to_act(0) for p in plays}
                if sure is None or len(afters) == 1:
                    continue
                chosen += 1
                mine = variant.apply_play(position, sure).with_to_act(0)
                assert mine.off(0) >= 1
                worst = _turns(variant, mine, True, seen)
                for other in afters - {mine}:
                    assert worst <= _turns(variant, other, False, seen), (position, dice)
    assert chosen, "no board had a sure play that was not forced"


def test_in_backgammon_it_is_the_usual_rule_of_the_rearmost_men():
    """For backgammon the cells come to the rule players use: contact is over when each
    side's rearmost man (a man on the bar counts as pos 0) has passed the other's."""
    for seed in range(6):
        states, _ = _playout("backgammon", {}, seed)
        for state in states:
            board = state.position.board
            rear = [next(p for p in range(26) if row[p]) for row in board]
            usual = rear[0] + rear[1] > 25 or 25 in rear
            assert contact_over(state, 0) == usual == contact_over(state, 1), state.position
