"""A whole game judged afterwards: every decision, the luck of every throw, the chances
over the game, and a performance rating for each side (pure: no window, no store).

Each decision is judged by the expert (``game.ai.players``): a play by the expert's
ranking with its look-ahead (the tutor's measure, ``play_loss``), on a count of
positions and never on the clock, so the same game always gets the same analysis; a
cube decision by the cube's analysis (``game.ai.cube``). A loss is what the decision
gives away against the best one, in the game's own units: expected points of a game
at a cube of 1 when two sides play (a cube decision's loss is per unit of the cube,
and in a match its loss of match-winning chance turned into those units as GNU
Backgammon does), the chance to win in El Mundo. Each is graded by the tutor's
thresholds (``game.play.advice``: doubtful, bad, very bad).

The luck of a throw is ``game.ai.luck.roll_luck``: its best play's value less the
average roll's. The chances over the game are the evaluation's chance to win for
each side before every turn (and the result at the end).

The performance rating (PR) is the backgammon world's: 500 times a side's average
loss over its decisions that were real choices (a play with more than one different
result, a take or a pass, and a cube turn where the side doubled or should have);
0 is perfect play, and about 5 is a world-class game. For games without a cube it is
the same figure over the plays alone, so a PR in Fevga means what it means in
backgammon: half a thousandth of a game given away a decision, on average.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.ai import cube as c
from game.ai import met
from game.ai.budget import Budget, positions_for
from game.ai.evaluate import Evaluator
from game.ai.luck import measurable, roll_luck
from game.ai.players import cubeless, evaluator_for, has_levels, play_loss
from game.i18n import N_
from game.play import advice
from game.play.advice import grade
from game.rules import actions as a
from game.rules import match as m
from game.rules.errors import RulesError
from game.rules.notation import format_turn
from game.rules.replay import Replay, ReplayError, apply_entry, first_state

PR_SCALE = 500.0  # PR: 500 times the average loss a real decision
# The tutor's words, mildest first (game.play.advice lists them with their thresholds).
GRADES = tuple(word for _, word in reversed(advice.GRADES))


class AnalysisStopped(Exception):
    """The analysis was stopped before it was done (``stop`` was set)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One judged decision: the record's entry ``entry`` (0-based) made by ``side``."""

    entry: int
    side: int
    kind: str  # "play", "double" (the choice to double or not), "take" (take, pass, beaver)
    chosen: str  # the play's notation, or "Double", "No double", "Take", "Pass", "Beaver"
    best: str  # the expert's choice, in the same words
    loss: float  # what ``chosen`` gives away against ``best`` (0 when they agree)
    dice: tuple[int, ...] = ()
    choices: int = 1  # the different plays the dice allowed (1: forced, not counted)
    luck: float | None = None  # the luck of the throw this play moved (plays only)

    @property
    def grade(self) -> str | None:
        """The tutor's word for the loss ("doubtful", "bad", "very bad"), None if good."""
        return grade(self.loss)

    @property
    def counted(self) -> bool:
        """Whether the decision was a real choice (it counts towards the rating)."""
        if self.kind == "play":
            return self.choices > 1
        if self.kind == "double":
            return self.chosen == "Double" or self.best == "Double"
        return True

    def to_json(self) -> dict[str, Any]:
        return {
            "entry": self.entry,
            "side": self.side,
            "kind": self.kind,
            "dice": list(self.dice),
            "chosen": self.chosen,
            "best": self.best,
            "loss": round(self.loss, 6),
            "grade": self.grade,
            "choices": self.choices,
            "luck": None if self.luck is None else round(self.luck, 6),
        }


@dataclass(frozen=True, slots=True)
class Point:
    """The chances before the turn that begins at state ``state`` (0-based): each side's
    chance to win by the evaluation (the result itself at the end)."""

    state: int
    chances: tuple[float, ...]


@dataclass(frozen=True)
class GameAnalysis:
    variant_id: str
    players: int
    names: tuple[str, ...]
    decisions: tuple[Decision, ...]
    points: tuple[Point, ...]
    luck_measured: bool
    result: dict[str, Any] | None = None
    notes: tuple[str, ...] = field(default=())

    def side_decisions(self, side: int) -> list[Decision]:
        return [d for d in self.decisions if d.side == side]

    def total_loss(self, side: int) -> float:
        return sum(d.loss for d in self.side_decisions(side))

    def counted(self, side: int) -> int:
        """The side's decisions that were real choices."""
        return sum(1 for d in self.side_decisions(side) if d.counted)

    def rating(self, side: int) -> float | None:
        """The side's performance rating (None where it made no real choice)."""
        n = self.counted(side)
        if not n:
            return None
        return PR_SCALE * sum(d.loss for d in self.side_decisions(side) if d.counted) / n

    def luck(self, side: int) -> float | None:
        """The sum of the luck of the side's throws (None where luck is not measured)."""
        if not self.luck_measured:
            return None
        return sum(d.luck or 0.0 for d in self.side_decisions(side))

    def grade_counts(self, side: int) -> dict[str, int]:
        """How many of the side's decisions earned each grade, mildest first."""
        return {g: sum(1 for d in self.side_decisions(side) if d.grade == g) for g in GRADES}

    def to_json(self) -> dict[str, Any]:
        sides = []
        for side in range(self.players):
            rating = self.rating(side)
            luck = self.luck(side)
            sides.append(
                {
                    "side": side,
                    "name": self.names[side] if side < len(self.names) else f"Side {side + 1}",
                    "decisions": len(self.side_decisions(side)),
                    "counted": self.counted(side),
                    "total_loss": round(self.total_loss(side), 6),
                    "rating": None if rating is None else round(rating, 2),
                    "luck": None if luck is None else round(luck, 6),
                    "errors": self.grade_counts(side),
                }
            )
        return {
            "format": "tabula-analysis",
            "version": 1,
            "variant": self.variant_id,
            "players": self.players,
            "sides": sides,
            "decisions": [d.to_json() for d in self.decisions],
            "chances": [
                {"state": p.state, "chances": [round(x, 6) for x in p.chances]} for p in self.points
            ],
            "result": self.result,
            "notes": list(self.notes),
        }


Progress = Callable[[int, int], None]


def replay_game(replay: Replay) -> tuple[list[m.GameState], list[a.Action]]:
    """Every state of a replay's game and the action between each two (raises
    ``game.rules.replay.ReplayError`` where the record does not follow the rules)."""
    states: list[m.GameState] = []
    actions: list[a.Action] = []
    for _ in replay_steps(replay, states, actions):
        pass
    return states, actions


def replay_steps(
    replay: Replay, states: list[m.GameState], actions: list[a.Action]
) -> Iterator[int]:
    """``replay_game`` a step at a time (a window spreads it over its frames): fills
    ``states`` and ``actions`` and yields the entries done after each one."""
    rng = replay.dice()
    states.append(first_state(replay, rng))
    yield 0
    for n, entry in enumerate(replay.plays):
        if states[-1].is_over:
            raise ReplayError(f"entry {n + 1}: the game was already over")
        try:
            actions.append(a.action_from_json(states[-1], entry))
        except (RulesError, TypeError, ValueError) as exc:
            raise ReplayError(f"entry {n + 1}: {exc}") from None
        states.append(apply_entry(states[-1], entry, rng, n, replay.contribution))
        yield n + 1


def analyse_replay(
    replay: Replay,
    names: Sequence[str] = (),
    progress: Progress | None = None,
    stop: threading.Event | None = None,
) -> GameAnalysis:
    """The analysis of a replay's game (raises ``ReplayError`` where the record does not
    follow the rules, ``AnalysisStopped`` once ``stop`` is set, ``ValueError`` for a
    game no trained evaluation plays)."""
    states, actions = replay_game(replay)
    if not names:
        names = tuple(str(seat.get("name", "")) for seat in replay.seats)
    return analyse_game(states, actions, names, progress, stop)


def analyse_game(
    states: Sequence[m.GameState],
    actions: Sequence[a.Action],
    names: Sequence[str] = (),
    progress: Progress | None = None,
    stop: threading.Event | None = None,
) -> GameAnalysis:
    """The analysis of the game whose states are ``states``, first to last, and
    ``actions[i]`` the action that led from ``states[i]`` to ``states[i + 1]``."""
    if len(actions) != len(states) - 1:
        raise ValueError("a game has one action fewer than it has states")
    variant = states[0].variant
    if not has_levels(variant.id):
        raise ValueError(f"{variant.name} has no trained evaluation to judge it by")
    names = tuple(n or f"Side {i + 1}" for i, n in enumerate(names[: variant.players]))
    names += tuple(f"Side {i + 1}" for i in range(len(names), variant.players))
    ev = evaluator_for(variant)
    lucky = measurable(states[0])
    decisions: list[Decision] = []
    points: list[Point] = []
    for i, action in enumerate(actions):
        if stop is not None and stop.is_set():
            raise AnalysisStopped
        before = states[i]
        if i == 0 or before.phase is m.Phase.ROLL:
            points.append(Point(i, _chances(before)))
        throw = before.roller is None and (i == 0 or states[i - 1].phase is m.Phase.ROLL)
        judged = _judge(before, action, i, throw and lucky, ev, stop)
        if judged is not None:
            decisions.append(judged)
        if progress is not None:
            progress(i + 1, len(actions))
    last = states[-1]
    points.append(Point(len(states) - 1, _chances(last)))
    notes = []  # kept in English with the analysis, marked here, translated where shown
    if not lucky:
        notes.append(N_("The luck of the dice is not measured where a side names a die."))
    if variant.die_chooser is not None:
        notes.append(N_("Naming a die is not judged."))
    return GameAnalysis(
        variant.id,
        variant.players,
        names,
        tuple(decisions),
        tuple(points),
        lucky,
        last.result.to_json() if last.result is not None else None,
        tuple(notes),
    )


CUBE_WORDS = {a.Double: "Double", a.Take: "Take", a.Drop: "Pass", a.Beaver: "Beaver"}


def _judge(
    before: m.GameState,
    action: a.Action,
    i: int,
    throw: bool,
    ev: Evaluator,
    stop: threading.Event | None,
) -> Decision | None:
    """The decision ``action`` made in ``before`` judged (None: not one the analysis
    judges: a roll with no cube turn, naming a die, a resignation)."""
    variant = before.variant
    if isinstance(action, a.Move):
        plays = m.legal_plays(before)
        chosen = action.play
        luck = None
        if throw:
            opening = i == 0 and bool(before.opening)
            luck = roll_luck(ev, before.position, before.dice, opening)
        if len(plays) > 1:
            budget = Budget(positions_for(variant), math.inf, stop=stop)
            loss, ranked = play_loss(before, chosen, budget)
            if stop is not None and stop.is_set():
                raise AnalysisStopped
            best = ranked[0].play
        else:
            loss, best = 0.0, chosen
        return Decision(
            i,
            before.to_act,
            "play",
            format_turn(variant, before.dice, chosen),
            format_turn(variant, before.dice, best),
            loss,
            tuple(before.dice),
            len(plays),
            luck,
        )
    if variant.players != 2:
        return None
    if (
        before.phase is m.Phase.ROLL
        and m.can_double(before)
        and isinstance(action, a.Double | a.Roll)
    ):
        chosen_word = "Double" if isinstance(action, a.Double) else "No double"
        analysis = c.analyse(before, cubeless(before, "expert"))
        values = {
            "Double": min(analysis.double_take, analysis.double_pass),
            "No double": analysis.no_double,
        }
        best_word = "Double" if analysis.double else "No double"
        loss = max(0.0, values[best_word] - values[chosen_word])
        return Decision(i, before.to_act, "double", chosen_word, best_word, _per_cube(before, loss))
    if before.phase is m.Phase.TAKE and type(action) in (a.Take, a.Drop, a.Beaver):
        chosen_word = CUBE_WORDS[type(action)]
        analysis = c.analyse(before, cubeless(before, "expert"))  # the doubler's view
        if analysis.beaver and m.can_beaver(before):
            best_word = "Beaver"
        else:
            best_word = "Take" if analysis.take else "Pass"
        # The taker's loss: what its answer gives the doubler beyond the best answer
        # (a beaver is judged as the take it includes).
        given = analysis.double_pass if chosen_word == "Pass" else analysis.double_take
        loss = max(0.0, given - min(analysis.double_take, analysis.double_pass))
        return Decision(i, before.to_act, "take", chosen_word, best_word, _per_cube(before, loss))
    return None


def _per_cube(state: m.GameState, loss: float) -> float:
    """A cube decision's loss per unit of the cube: money values are per unit already;
    in a match a loss of match-winning chance is turned into those units as GNU
    Backgammon does (twice the loss over the gap between winning and losing a game at
    the present cube)."""
    if state.money:
        return loss
    side = state.position.to_act
    length, score = state.match.length, state.match.score
    away, other = length - score[side], length - score[1 - side]
    stage = c._stage(state, away, other)
    table = met.table()
    value = state.cube.value
    gap = met.after_game(table.equity, away - value, other, stage) - (
        1.0 - met.after_game(table.equity, other - value, away, stage)
    )
    return 2.0 * loss / gap if gap > 1e-9 else loss


def _chances(state: m.GameState) -> tuple[float, ...]:
    """Each side's chance to win at ``state`` (the result once it is over)."""
    variant = state.variant
    if state.result is not None:
        winner = state.result.winner
        if winner is None:
            return tuple(1.0 / variant.players for _ in range(variant.players))
        return tuple(1.0 if s == winner else 0.0 for s in range(variant.players))
    if variant.players == 2:
        win = float(cubeless(state, "expert")[0])
        return (win, 1.0 - win) if state.on_roll == 0 else (1.0 - win, win)
    ev = evaluator_for(variant)
    position = state.position.with_to_act(state.on_roll)
    values = [float(ev.position_values([position], side)[0]) for side in range(variant.players)]
    total = sum(values)
    return tuple(v / total for v in values) if total > 0 else tuple(values)


__all__ = [
    "GRADES",
    "PR_SCALE",
    "AnalysisStopped",
    "Decision",
    "GameAnalysis",
    "Point",
    "analyse_game",
    "analyse_replay",
    "replay_game",
]
