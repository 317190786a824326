"""The computer's levels, on one trained evaluation per variant.

- ``novice``: a random legal play (seeded).
- ``beginner``, ``intermediate``, ``advanced``: the evaluation with a
  deterministic error added to each play's value. The error depends only on
  the level and the position the play leaves (as GNU Backgammon does it), so
  the same position always gets the same misjudgement, and it shrinks from
  level to level.
- ``expert``: no error, and a look-ahead: for the most promising plays (a move
  filter) it averages, over the next side's rolls, the value left after that
  side's best reply. How many plays it looks at is bounded by the work it may
  do (the replies it generates), so a three-dice variant looks at fewer plays
  than backgammon. The whole look-ahead spends a ``Budget`` (game.ai.budget): a
  count of positions (per variant), so the same position always gets the same
  answer, and a wall-clock backstop for a busy machine; where it runs out, the
  plays it reached rank first.
  In backgammon (and Portes) it looks a roll deeper at more plays (up to 12
  within 0.4 of the best), then two rolls deep at its best six plays when more
  than one is within 0.12 of the best: the next side's best reply to each of its
  rolls, then its own best play for each of its own.

Values are the "expected result" for the side that plays: expected points for
two sides (a cube of 1), the chance to win for El Mundo's four.
"""

from __future__ import annotations

import json
import random
import zlib
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import NamedTuple

import numpy as np

from game.ai.budget import Budget
from game.ai.encode import Scheme
from game.ai.evaluate import Evaluator, name_die
from game.ai.levels import LEVELS, Level, level_of
from game.ai.network import Network
from game.rules import actions as a
from game.rules import match as m
from game.rules.dice import chance_outcomes
from game.rules.errors import RulesError
from game.rules.play import Play
from game.rules.position import Position
from game.rules.variants import find_variant
from game.rules.variants.base import Variant

NOISE = {"beginner": 0.30, "intermediate": 0.12, "advanced": 0.035, "expert": 0.0}


class Filter(NamedTuple):
    """Which plays the expert looks at a roll deeper: at most ``candidates``, among those
    within ``window`` of the best, until the replies generated reach ``work``."""

    candidates: int
    window: float
    work: int


EXPERT_FILTER = Filter(8, 0.25, 4000)
# Backgammon's (and Portes', on its network) wider filter: judged by GNU Backgammon at
# 2 plies on 300 positions of its own 0-ply games, a filter of 12 within 0.4 (and six
# plays two rolls deep, below) erred 2.93 +- 0.62 mEMG a move against 3.82 +- 0.71 for
# 8 within 0.25 and three deep (paired, -0.89 +- 0.53), in about 1.5 times the time.
EXPERT_FILTERS = {"backgammon": Filter(12, 0.4, 8000)}
# Plays the expert then looks at two rolls deep, per variant (where it was measured to
# pay for its time: backgammon), among those within this much of the best.
EXPERT_DEEP = {"backgammon": 6}
EXPERT_DEEP_WINDOW = 0.12


class LevelUnavailable(RulesError):
    """A trained level asked of a variant that has no network."""


class Ranked(NamedTuple):
    """A play, its value for the side that makes it, and whether the look-ahead saw it."""

    play: Play
    value: float
    deep: bool = False


def weights_path(variant_id: str, options: dict[str, object] | None = None) -> Path:
    """Where a variant's network lives: ``{id}.npz`` for its default rules, and
    ``{id}--name=value.npz`` for a set of options that changes the game enough to
    have a network of its own."""
    from game.paths import asset

    pairs = sorted((options or {}).items())
    tail = "".join(f"--{name}={json.dumps(value).strip(chr(34))}" for name, value in pairs)
    return asset("weights", f"{variant_id}{tail}.npz")


def _options_of(path: Path, variant_id: str) -> dict[str, object] | None:
    """The options a weights file is for (None: not a file of this variant)."""
    stem = path.stem
    if stem == variant_id:
        return {}
    if not stem.startswith(variant_id + "--"):
        return None
    options: dict[str, object] = {}
    for pair in stem[len(variant_id) + 2 :].split("--"):
        name, sep, text = pair.partition("=")
        if not sep:
            return None
        try:
            options[name] = json.loads(text)
        except json.JSONDecodeError:
            options[name] = text  # a word, such as Anglicorum's third_die=six
    return options


def network_for(variant: Variant | str) -> Network | None:
    """The shipped network that fits a variant best: the one trained for the most of
    its options in force, else the one for its default rules; None if there is none."""
    return _network(find_variant(variant) if isinstance(variant, str) else variant)


_CHOSEN: dict[str, Network] = {}  # use_weights: networks in place of the shipped ones


def use_weights(variant_id: str, path: Path) -> Network:
    """Play ``variant_id`` (under any options) with the weights in ``path`` instead of
    the shipped ones: how a benchmark judges a training run before it ships."""
    net = Network.load(path)
    scheme = Scheme.for_network(find_variant(variant_id), net.inputs)
    if scheme is None or net.outputs != scheme.outputs:
        raise ValueError(f"{path} does not fit {variant_id}'s inputs and outputs")
    use_network(variant_id, net)
    return net


def use_network(variant_id: str, net: Network | None) -> None:
    """Play ``variant_id`` with ``net`` (one ``use_weights`` loaded), or with the shipped
    weights again (None): a benchmark judges two networks' plays side by side so."""
    if net is None:
        _CHOSEN.pop(variant_id, None)
    else:
        _CHOSEN[variant_id] = net
    _network.cache_clear()


@cache
def _network(variant: Variant) -> Network | None:
    if variant.id in _CHOSEN:
        return _CHOSEN[variant.id]
    folder = weights_path(variant.id).parent
    best: tuple[int, Path] | None = None
    for path in sorted(folder.glob(f"{variant.id}*.npz")) if folder.is_dir() else ():
        wanted = _options_of(path, variant.id)
        if wanted is None or any(variant.options.get(k) != v for k, v in wanted.items()):
            continue
        if best is None or len(wanted) > best[0]:
            best = (len(wanted), path)
    if best is None and variant.network_of:
        # None of its own: the network of the game it is played like, for that game's
        # default rules (its options are not this variant's).
        if variant.network_of in _CHOSEN:
            return _CHOSEN[variant.network_of]
        shared = weights_path(variant.network_of)
        best = (0, shared) if shared.is_file() else None
    if best is None:
        return None
    net = Network.load(best[1])
    scheme = Scheme.for_network(variant, net.inputs)
    if scheme is None or net.outputs != scheme.outputs:
        return None
    return net


def evaluator_for(variant: Variant) -> Evaluator:
    net = network_for(variant)
    if net is None:
        raise LevelUnavailable(f"{variant.id} does not have a trained evaluation yet")
    return Evaluator(variant, net)


def has_levels(variant_id: str) -> bool:
    """Whether the trained levels can play ``variant_id`` (else only novice)."""
    return network_for(variant_id) is not None


def _error(level: str, after: Position, players: int = 2) -> float:
    """The level's fixed misjudgement of the position ``after`` (same every time)."""
    sigma = NOISE.get(level, 0.0)
    if not sigma:
        return 0.0
    if players > 2:
        sigma /= 2.0  # a chance to win spans half the range of a single game's points
    key = zlib.crc32(repr((level, after.board, after.to_act, after.hand, after.flags)).encode())
    return random.Random(key).gauss(0.0, sigma)


def _reply_rolls(variant: Variant) -> tuple[tuple[tuple[int, ...], float], ...]:
    """The next side's rolls and their chances. A die named by a player is counted
    as if thrown (the look-ahead does not model the naming)."""
    fixed = variant.fixed_dice
    thrown = variant.dice_count - len(fixed)
    return tuple((dice + fixed, p) for dice, p in chance_outcomes(thrown, variant.faces))


def _replies(
    variant: Variant,
    after: Position,
    rolls: Sequence[tuple[tuple[int, ...], float]],
    budget: Budget,
) -> list[list[Play]] | None:
    """The next side's plays from ``after`` to each of ``rolls``, spent from ``budget``
    roll by roll (None: the budget ran out before they were all found)."""
    groups = []
    for dice, _ in rolls:
        plays = variant.generate_plays(after, dice)
        if not budget.take(len(plays)):
            return None
        groups.append(plays)
    return groups


def _lookahead(
    ev: Evaluator, after: Position, mover: int, budget: Budget | None = None
) -> tuple[float, int] | None:
    """The value of ``after`` for ``mover`` averaged over the next side's rolls, each
    answered by that side's best play by the evaluation; and the replies generated
    (None: ``budget`` ran out first; no budget: no bound)."""
    variant, scheme = ev.variant, ev.scheme
    budget = budget if budget is not None else Budget.unbounded()
    rolls = _reply_rolls(variant)
    groups = _replies(variant, after, rolls, budget)
    if groups is None:
        return None
    work = sum(len(replies) for replies in groups)
    valued = ev.grouped_play_values(after, groups)
    best = [int(np.argmax(values)) for values, _ in valued]
    if scheme.players == 2:
        worths = [-float(values[b]) for (values, _), b in zip(valued, best, strict=True)]
    else:  # the best reply's value for the mover
        if not budget.take(len(rolls)):
            return None
        replies = [afters[b] for (_, afters), b in zip(valued, best, strict=True)]
        worths = [float(v) for v in ev.after_values(replies, after.to_act, mover)]
    total = sum(chance * worth for (_, chance), worth in zip(rolls, worths, strict=True))
    return total, work


def _deep_lookahead(
    ev: Evaluator, after: Position, mover: int, budget: Budget | None = None
) -> float | None:
    """Two rolls deep (two sides): the value of ``after`` for ``mover`` averaged over the
    next side's rolls, each answered by its best play by the evaluation, and each
    position that leaves averaged over the mover's rolls, each answered by the mover's
    best play (``_lookahead`` from the reply). None: ``budget`` ran out first (no
    budget: no bound)."""
    variant = ev.variant
    budget = budget if budget is not None else Budget.unbounded()
    rolls = _reply_rolls(variant)
    groups = _replies(variant, after, rolls, budget)
    if groups is None:
        return None
    valued = ev.grouped_play_values(after, groups)
    other = after.to_act
    worths = np.empty(len(rolls))
    # The mover's plays from each best reply, for each of its rolls: all of them are
    # generated (and counted) before any is valued, so that none is valued in vain
    # when the budget runs out part way.
    ahead: list[tuple[int, Position, list[list[Play]]]] = []
    for r, (values, afters) in enumerate(valued):
        best = int(np.argmax(values))
        reply = afters[best]
        if variant.outcome(reply, other) is not None:
            worths[r] = -float(values[best])
            continue
        mine = _replies(variant, reply, rolls, budget)
        if mine is None:
            return None
        ahead.append((r, reply, mine))
    for r, reply, mine in ahead:
        total = 0.0
        for value, (_, chance) in zip(ev.best_values(reply, mine), rolls, strict=True):
            total += chance * float(value)
        worths[r] = total
    return float(sum(chance * worth for (_, chance), worth in zip(rolls, worths, strict=True)))


def _rank_below(values: np.ndarray, kept: set[int]) -> None:
    """Lower every value outside ``kept`` to just below the lowest of ``kept`` (in place):
    plays valued less deeply rank below those valued more deeply."""
    floor = min(values[i] for i in kept) - 1e-6
    for i in range(len(values)):
        if i not in kept:
            values[i] = min(values[i], floor)


def _look_deeper(
    ev: Evaluator,
    mover: int,
    values: np.ndarray,
    afters: list[Position],
    looked: list[int],
    count: int,
    wanted: int | None,
    budget: Budget,
) -> None:
    """Value the ``count`` best of the ``looked`` plays (and ``wanted``, a play to judge)
    that are within ``EXPERT_DEEP_WINDOW`` of the best two rolls deep, and rank the
    rest below them (in place). Nothing changes when only one play is that close, nor
    when ``budget`` lets fewer than two of them (or not ``wanted``) be valued so."""
    looked = sorted(looked, key=lambda i: -values[i])
    cut = values[looked[0]] - EXPERT_DEEP_WINDOW
    close = [i for i in looked[:count] if values[i] >= cut]
    if wanted is not None and wanted in looked and values[wanted] >= cut and wanted not in close:
        close.append(wanted)
    if len(close) < 2:
        return
    deeper: dict[int, float] = {}
    for i in close:
        if ev.variant.outcome(afters[i], mover) is not None:
            deeper[i] = float(values[i])
            continue
        value = _deep_lookahead(ev, afters[i], mover, budget)
        if value is None:
            break
        deeper[i] = value
    if len(deeper) < 2 or (wanted in close and wanted not in deeper):
        return  # too few to compare two rolls deep: the one-roll values stand
    for i, value in deeper.items():
        values[i] = value
    _rank_below(values, set(deeper))


def ranked_plays(
    state: m.GameState,
    level: str = "expert",
    include: Play | None = None,
    plays: list[Play] | None = None,
    budget: Budget | None = None,
) -> list[Ranked]:
    """Every legal play with its value for the mover, best first (hints use this).

    At ``expert`` the most promising plays, and ``include`` (a play to judge), are
    valued by the look-ahead; plays it did not reach keep their shallow value but
    rank below those it did. In backgammon the best few of those that are close are
    then valued two rolls deep, and rank above the rest the same way.

    The look-ahead spends ``budget`` (the variant's ``Budget`` by default) and stops where
    it runs out: the plays it reached by then are ranked as above. Every play is
    always valued once; if the look-ahead cannot reach ``include``, no play is
    valued more deeply than the others (the tutor compares like with like).
    """
    variant = state.variant
    budget = budget if budget is not None else Budget.for_variant(variant)
    ev = evaluator_for(variant)
    plays = plays if plays is not None else m.legal_plays(state)
    mover = state.position.to_act
    values, afters = ev.play_values(state.position, plays)
    deep = [False] * len(plays)
    if level == "expert" and len(plays) > 1:
        shallow = values.copy()
        wide = EXPERT_FILTERS.get(variant.network_id, EXPERT_FILTER)
        order = [int(i) for i in np.argsort(-values, kind="stable")]
        cut = values[order[0]] - wide.window
        top = [i for i in order[: wide.candidates] if values[i] >= cut]
        wanted = plays.index(include) if include is not None and include in plays else None
        if wanted is not None and wanted not in top:
            top.append(wanted)
        work = 0
        for rank, i in enumerate(top):
            if rank and work >= wide.work and plays[i] != include:
                continue
            if variant.outcome(afters[i], mover) is not None:
                deep[i] = True
                continue
            looked_at = _lookahead(ev, afters[i], mover, budget)
            if looked_at is None:
                break  # out of budget: the plays looked at so far rank first
            values[i], spent = looked_at
            deep[i] = True
            work += spent
        if wanted is not None and not deep[wanted]:
            values, deep = shallow, [False] * len(plays)
        looked = [i for i in range(len(plays)) if deep[i]]
        if looked:
            deeper = EXPERT_DEEP.get(variant.network_id, 0)
            if deeper:
                _look_deeper(ev, mover, values, afters, looked, deeper, wanted, budget)
            _rank_below(values, set(looked))
    ranked = [Ranked(p, float(v), d) for p, v, d in zip(plays, values, deep, strict=True)]
    ranked.sort(key=lambda r: -r.value)
    return ranked


def first_look(state: m.GameState, plays: list[Play] | None = None) -> list[Ranked]:
    """Every legal play (or ``plays``, the legal plays when the caller has them) valued
    once by the evaluation, with no look-ahead, best first: what a hint shows at once
    while the expert's ranking is worked out (a few milliseconds)."""
    plays = plays if plays is not None else m.legal_plays(state)
    values, _ = evaluator_for(state.variant).play_values(state.position, plays)
    ranked = [Ranked(p, float(v)) for p, v in zip(plays, values, strict=True)]
    ranked.sort(key=lambda r: -r.value)
    return ranked


def play_loss(
    state: m.GameState, chosen: Play, budget: Budget | None = None
) -> tuple[float, list[Ranked]]:
    """How much of the expected result ``chosen`` gives away against the best play
    (the tutor's measure), and the ranking it was judged by."""
    plays = m.legal_plays(state)
    if chosen not in plays:
        after = state.variant.apply_play(state.position, chosen)
        same = [p for p in plays if state.variant.apply_play(state.position, p) == after]
        if not same:
            raise RulesError(f"{chosen!r} is not a legal play")
        chosen = same[0]
    ranked = ranked_plays(state, "expert", include=chosen, budget=budget)
    mine = next(r for r in ranked if r.play == chosen)
    return max(0.0, ranked[0].value - mine.value), ranked


def choose_play(
    state: m.GameState,
    level: str,
    seed: int = 0,
    plays: list[Play] | None = None,
    budget: Budget | None = None,
) -> Play:
    """The play the computer makes at ``level`` (deterministic for a seed); ``plays``
    are the legal plays where the caller has them already; ``budget`` bounds the
    expert's look-ahead (``ranked_plays``)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
    plays = plays if plays is not None else m.legal_plays(state)
    if level == "novice" or len(plays) == 1:
        return random.Random(seed).choice(plays)
    variant = state.variant
    if level == "expert":
        return ranked_plays(state, "expert", plays=plays, budget=budget)[0].play
    ev = evaluator_for(variant)
    values, afters = ev.play_values(state.position, plays)
    for i, after in enumerate(afters):
        values[i] += _error(level, after, variant.players)
    return plays[int(np.argmax(values))]


def choose_die(state: m.GameState, level: str, seed: int = 0) -> int:
    """The value a side names for Anglicorum's third die (the choose phase)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
    if level == "novice":
        return random.Random(seed).choice(m.die_choices(state))
    return name_die(evaluator_for(state.variant), state)


class LevelPlayer:
    """A level as an arena player (benchmarks and checks); its seeds come from ``rng``."""

    def __init__(self, level: str, rng: random.Random) -> None:
        self.level = level
        self.rng = rng

    def play(self, state: m.GameState, plays: list[Play]) -> Play:
        return choose_play(state, self.level, self.rng.getrandbits(32), plays)

    def name_die(self, state: m.GameState) -> int:
        return choose_die(state, self.level, self.rng.getrandbits(32))


def cubeless(state: m.GameState, level: str = "expert") -> np.ndarray:
    """The five cubeless chances for the side on roll, before its roll, with the level's
    fixed error on the chance to win (the cube decisions of lower levels err too)."""
    ev = evaluator_for(state.variant)
    probs: np.ndarray = ev.outputs([state.position.with_to_act(state.on_roll)])[0].astype(
        np.float64
    )
    error = _error(level, state.position)
    probs[0] = min(1.0, max(0.0, probs[0] + error / 2.0))
    return probs


def _accepts(state: m.GameState, level: str) -> bool:
    """Accept a resignation when it gives at least what playing on is worth."""
    from game.ai import cube as c

    if level == "novice" or state.variant.players != 2 or not has_levels(state.variant.id):
        return True
    return c.resignation_fair(state, cubeless(state, level))  # seen by the resigner


def decide(state: m.GameState, level: str, seed: int = 0) -> a.Action | None:
    """The computer's decision at ``level`` in ``state`` (deterministic for a seed).

    ``None`` before the roll when it does not double: the dice are then thrown,
    which is chance's move, not the player's (``game.rules.actions.roll``).
    Novice never doubles, takes every double and accepts every resignation;
    the trained levels judge the cube from the evaluation (``game.ai.cube``).
    """
    level = level_of(level)
    phase = state.phase
    if phase is m.Phase.MOVE:
        return a.Move(choose_play(state, level, seed))
    if phase is m.Phase.CHOOSE:
        return a.NameDie(choose_die(state, level, seed))
    trained = level != Level.NOVICE and has_levels(state.variant.id)
    if phase is m.Phase.ROLL:
        if not (trained and m.can_double(state)):
            return None
        from game.ai import cube as c

        return a.Double() if c.should_double(state, cubeless(state, level)) else None
    if phase is m.Phase.TAKE:
        if not trained:
            return a.Take()
        from game.ai import cube as c

        return c.take_decision(state, cubeless(state, level))
    if phase is m.Phase.RESIGN:
        return a.Accept() if _accepts(state, level) else a.Reject()
    raise RulesError("the game is over: there is nothing to decide")
