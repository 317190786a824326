"""Doubling-cube decisions for backgammon from a cubeless evaluation.

The network gives five cubeless chances for the side on roll (see
``game.ai.encode``); the cube turns them into three values, as GNU Backgammon
reports them: no double, double/take and double/pass. The cube is the side on
roll's to turn in the ROLL phase; in the TAKE phase the same side has just
doubled, and its opponent reads the same analysis to take, pass or beaver.

Money play uses Rick Janowski's cube-efficiency interpolation ("Take-points
in money games", 1993): the cubeful equity is ``x * live + (1 - x) * dead``,
where ``dead`` is the cubeless equity (the cube is never turned again) and
``live`` is the equity of a fully live cube, a piecewise-linear function of
the winning chance between the take point and the cash point, both computed
from the position's average win ``W`` and loss ``L`` (gammons included):

* take point ``TP = (L - 1/2) / (W + L + 1/2)``,
* cash point ``CP = (L + 1) / (W + L + 1/2)``,

and ``x`` is the cube life (about 2/3: the share of the way from a dead cube
to a perfectly efficient one that real positions go). The formulas are those
of GNU Backgammon's ``Cl2CfMoney``. The Jacoby rule (gammons count single
until the cube is turned) applies with a centred cube; beavers let the
doubled side take and redouble at once when it is the favourite after the
take.

Match play works in match winning chances (MWC) from the table of
``game.ai.met``: each result (a single win, gammon or backgammon, each way,
at the cube's value) becomes the chance to win the match from the score it
leads to, a win that reaches the match length counting as the match won (so
the cube is dead for a side that needs no more than the cube's value, and
the gain of a double is capped at the length). The dead-cube MWC is their
average; the live-cube MWC comes from the table's own continuous model (Keeler
and Spencer, as Zadeh took it to match play) run with this position's
gammon rates, with the take points of every cube level found from the table;
the two are mixed with the same cube life ``x``, Janowski's interpolation in
MWC space as GNU Backgammon's ``Cl2CfMatch`` does. The Crawford game has no
cube; after it the cube is live again, and the model makes the trailer
double at once and keeps the leader (for whom the cube is dead) from doubling.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from game.ai import met
from game.ai.encode import equity
from game.rules import match as m
from game.rules.actions import Beaver, Drop, Take
from game.rules.match import GameState

CUBE_LIFE = 0.68  # Janowski's x: 0 a dead cube, 1 a perfectly efficient one
_EPS = 1e-7


@dataclass(frozen=True)
class CubeAnalysis:
    """The side on roll's values for the three cube actions, and the proper action.

    Money play: equities per unit of the present cube value (double/pass is
    1.0). Match play: the side on roll's chances to win the match.
    """

    no_double: float  # the on-roll side's value if it does not double
    double_take: float  # if it doubles and the opponent takes (or beavers, when ``beaver``)
    double_pass: float  # if it doubles and the opponent passes
    taker_favourite: bool = False  # money, beavers allowed: the taker is the favourite

    @property
    def double(self) -> bool:
        """Proper to double: the opponent's best answer still gains on not doubling."""
        return min(self.double_take, self.double_pass) > self.no_double

    @property
    def take(self) -> bool:
        """The opponent should take (or beaver): taking costs the doubler more than passing."""
        return self.double_take <= self.double_pass

    @property
    def too_good(self) -> bool:
        """Better to play on (for a gammon) than to double the opponent out."""
        return self.double_pass < self.no_double

    @property
    def beaver(self) -> bool:
        """Money play with beavers: the taker should take and redouble at once."""
        return self.taker_favourite

    def words(self) -> str:
        """The proper cube action in GNU Backgammon's words, e.g. "Double, take"."""
        answer = "beaver" if self.beaver else "take" if self.take else "pass"
        if self.double:
            return f"Double, {answer}"
        if self.too_good:
            return f"Too good, {answer}"
        return f"No double, {answer}"


# -- inputs ---------------------------------------------------------------------------


def _clean(probs: np.ndarray) -> np.ndarray:
    """The five outputs as floats in [0, 1], each no more than the chance it refines."""
    y = np.asarray(probs, dtype=np.float64).reshape(-1)
    if y.shape != (5,):
        raise ValueError(f"five cubeless chances are needed, got shape {np.shape(probs)}")
    y = np.clip(y, 0.0, 1.0)
    win = y[0]
    y[1] = min(y[1], win)
    y[2] = min(y[2], y[1])
    y[3] = min(y[3], 1.0 - win)
    y[4] = min(y[4], y[3])
    return y


def _splits(y: np.ndarray) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
    """The shares of wins and of losses that are single, gammon and backgammon."""
    win, wg, wbg, lg, lbg = (float(v) for v in y)
    lose = 1.0 - win
    wins = ((win - wg) / win, (wg - wbg) / win, wbg / win) if win > _EPS else (1.0, 0.0, 0.0)
    losses = ((lose - lg) / lose, (lg - lbg) / lose, lbg / lose) if lose > _EPS else (1.0, 0.0, 0.0)
    return wins, losses


# -- money play -----------------------------------------------------------------------


def money_equity(y: np.ndarray, owner: int, cube_life: float, jacoby: bool = False) -> float:
    """Janowski's cubeful money equity per cube unit for the side on roll.

    ``owner`` is ``met.CENTRED``, ``met.MINE`` or ``met.THEIRS``; ``jacoby``
    (only with a centred cube) makes gammons count single until the cube is
    turned, as in GNU Backgammon's ``Cl2CfMoney``/``MoneyLive``.
    """
    y = _clean(y)
    p = float(y[0])
    gammons = not (jacoby and owner == met.CENTRED)
    dead = float(equity(y)) if gammons else 2.0 * p - 1.0
    if p <= _EPS or p >= 1.0 - _EPS:
        return dead  # the game is decided: the cube has nothing left to do
    w = 1.0 + float(y[1] + y[2]) / p
    loss = 1.0 + float(y[3] + y[4]) / (1.0 - p)
    live = _money_live(p, w, loss, owner, gammons)
    return cube_life * live + (1.0 - cube_life) * dead


def _money_live(p: float, w: float, loss: float, owner: int, gammons: bool) -> float:
    """Janowski's fully live cube: linear between the take point and the cash point.

    Below the take point and above the cash point the side plays on for a
    gammon (towards -L at p = 0 and +W at p = 1), unless gammons do not count.
    """
    tp = (loss - 0.5) / (w + loss + 0.5)  # the side on roll's own take point
    cp = (loss + 1.0) / (w + loss + 0.5)  # its cash point (1 - the opponent's take point)
    if owner == met.CENTRED:
        if p < tp:
            return -loss + (loss - 1.0) * p / tp if gammons else -1.0
        if p < cp:
            return -1.0 + 2.0 * (p - tp) / (cp - tp)
        return 1.0 + (w - 1.0) * (p - cp) / (1.0 - cp) if gammons else 1.0
    if owner == met.MINE:
        if p < cp:
            return -loss + (1.0 + loss) * p / cp
        return 1.0 + (w - 1.0) * (p - cp) / (1.0 - cp)
    if p < tp:  # the opponent owns the cube
        return -loss + (loss - 1.0) * p / tp
    return -1.0 + (w + 1.0) * (p - tp) / (1.0 - tp)


def _money(state: GameState, y: np.ndarray, owner: int, cube_life: float) -> CubeAnalysis:
    options = state.variant.options
    jacoby = bool(options.get("jacoby", False)) and state.cube.value == 1
    no_double = money_equity(y, owner, cube_life, jacoby)
    double_take = 2.0 * money_equity(y, met.THEIRS, cube_life)
    favourite = bool(options.get("beavers", False)) and double_take < 0.0
    if favourite:
        double_take *= 2.0  # beavered: the cube at four times its value, still the taker's
    return CubeAnalysis(no_double, double_take, 1.0, favourite)


# -- match play -----------------------------------------------------------------------


def _stage(state: GameState, a: int, b: int) -> met.Stage:
    score = state.match
    if score.crawford:
        return met.Stage.CRAWFORD
    crawford_rule = bool(state.variant.options.get("crawford", True))
    if min(a, b) == 1 or score.crawford_done or not crawford_rule:
        return met.Stage.FREE
    return met.Stage.PRE


def _match(state: GameState, y: np.ndarray, owner: int, cube_life: float) -> CubeAnalysis:
    side = state.position.to_act
    length, score = state.match.length, state.match.score
    a, b = length - score[side], length - score[1 - side]
    cube = state.cube.value
    stage = _stage(state, a, b)
    table = met.table()
    wins, losses = _splits(y)
    model = met.CubeModel(table.equity, wins, losses)
    p = float(y[0])

    def cubeful(value: int, holder: int) -> float:
        win, lose = model.outcome(a, b, value, stage)
        dead = p * win + (1.0 - p) * lose
        live = met.evaluate(model.curve(a, b, value, holder, stage), p)
        return cube_life * live + (1.0 - cube_life) * dead

    return CubeAnalysis(
        no_double=cubeful(cube, owner),
        double_take=cubeful(2 * cube, met.THEIRS),
        double_pass=met.after_game(table.equity, a - cube, b, stage),
    )


# -- the interface ---------------------------------------------------------------------


def analyse(state: GameState, probs: np.ndarray, cube_life: float = CUBE_LIFE) -> CubeAnalysis:
    """The cube analysis for the side on roll (``state.position.to_act``).

    ``probs`` are the five cubeless chances seen by that side: in the ROLL
    phase the side that may double, in the TAKE phase the side that has
    doubled. The values are computed whether or not a double is legal now
    (``should_double`` checks that); the cube's value and owner, the match
    score and the ``jacoby``, ``beavers`` and ``crawford`` options are read
    from ``state``.
    """
    if not 0.0 <= cube_life <= 1.0:
        raise ValueError(f"the cube life must be in [0, 1], got {cube_life}")
    y = _clean(probs)
    side, holder = state.position.to_act, state.cube.owner
    owner = met.CENTRED if holder == -1 else met.MINE if holder == side else met.THEIRS
    if state.money:
        return _money(state, y, owner, cube_life)
    return _match(state, y, owner, cube_life)


def should_double(state: GameState, probs: np.ndarray, cube_life: float = CUBE_LIFE) -> bool:
    """Should the side on roll double now? (Never when the rules do not allow it.)"""
    return m.can_double(state) and analyse(state, probs, cube_life).double


def take_decision(
    state: GameState, probs: np.ndarray, cube_life: float = CUBE_LIFE
) -> Take | Drop | Beaver:
    """The doubled side's answer: ``Take()``, ``Drop()`` or ``Beaver()``.

    ``state`` is in the TAKE phase and ``probs`` are still seen by the
    doubler (``state.position.to_act``). A beaver only where ``m.can_beaver``.
    """
    analysis = analyse(state, probs, cube_life)
    if analysis.beaver and m.can_beaver(state):
        return Beaver()
    return Take() if analysis.take else Drop()


def resignation_fair(state: GameState, probs: np.ndarray, cube_life: float = CUBE_LIFE) -> bool:
    """Whether the side offered a resignation should accept it (the RESIGN phase).

    ``probs`` are seen by the side that resigns (the side on roll). The offer is
    accepted when what it scores is worth at least what playing on is worth to
    the side offered it: cubeful points for money play, the chance to win the
    match in a match.
    """
    from game.rules import match as m

    given = m.accept(state).result
    assert given is not None
    analysis = analyse(state, probs, cube_life)  # the resigner's view, not doubling
    if state.money:
        if state.variant.options.get("cube", False):
            playing_on = -analysis.no_double * state.cube.value
        else:  # no cube in play: the game's cubeless worth
            playing_on = -float(equity(_clean(probs))) * state.cube.value
        return given.points >= playing_on - 1e-9
    winner = state.to_act
    length, score = state.match.length, state.match.score
    a, b = length - score[winner], length - score[1 - winner]
    accepted = met.after_game(met.table().equity, a - given.points, b, _stage(state, a, b))
    return accepted >= 1.0 - analysis.no_double - 1e-9
