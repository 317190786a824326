"""Match equity: the chance to win a backgammon match from any score, computed, not pasted.

The table is built by dynamic programming over the score with the continuous
model of the doubling cube: Keeler and Spencer's model for money play (E. B.
Keeler, J. Spencer, "Optimal doubling in backgammon", Operations Research 23,
1975) as N. Zadeh carried it to match play ("On doubling in tournament
backgammon", Management Science 23, 1977). A game is the winning chance ``p``
of one side moving as a continuous martingale from 0.5 to 0 or 1; the side
that may double does so when its opponent is at its take point (or earlier
where that is better), the opponent takes or passes, whichever keeps more of
its match chance; the take points at every cube level come from the table
itself at the scores the game can end on, so the whole table is one
recursion from the end of the match back to its start.

Assumptions (the parameters of the model):

* every game starts at ``p = 0.5`` (no edge for the opening roll);
* a fixed share of the wins of either side are gammons: ``gammon_rate``,
  0.26 by default (the rate of Snowie's published table); backgammons are
  left out (they count as gammons);
* the cube is fully live (no market losers, no cube inefficiency);
* the Crawford rule: no doubling in the game after a side first comes
  within one point; after it ("post-Crawford") the cube is live again, and
  the classic post-Crawford recursion (the trailer doubles at once, the
  leader takes, or drops when that is no worse: the free drop) falls out of
  the same model; the leader never doubles, the cube being dead for a side
  that needs no more than the points it already plays for.

Against Snowie's 26% table (rec.games.backgammon, bkgm.com/rgb/rgb.cgi?view+809)
every entry up to 9-away agrees within 2.1 points of match chance; the
largest gaps are in the 2-away row (the 2-away side 1.5-2.1 points lower)
and the post-Crawford trailer's even-away entries (up to 1.5 points higher:
0.500 at 2-away against 0.485; the continuous model has no room for the
leader's free-drop edge).

The same machinery, with the gammon rates of one position, turns cubeless
chances into a live-cube match winning chance: ``CubeModel`` (used by
``game.ai.cube``, in the way GNU Backgammon applies Janowski's interpolation
to match play).
"""

from __future__ import annotations

import enum
from bisect import bisect_right
from collections.abc import Callable, Sequence
from functools import cache

GAMMON_RATE = 0.26  # the share of wins that are gammons (both sides), as in Snowie's table
MAX_AWAY = 25  # the table covers every score of matches up to this length

Point = tuple[float, float]
Curve = tuple[Point, ...]  # vertices (p, value) of a piecewise-linear function on [0, 1]


class Stage(enum.Enum):
    """Where the match is with respect to the Crawford rule."""

    PRE = "pre"  # the Crawford game is still to come (or no side is 1-away yet)
    CRAWFORD = "crawford"  # this game is the Crawford game: no doubling
    FREE = "free"  # post-Crawford, or a match without the Crawford rule: the cube is live


# Cube ownership, seen from the side whose chances are computed ("A").
CENTRED, MINE, THEIRS = 0, 1, -1


# -- piecewise-linear functions ------------------------------------------------------


def evaluate(curve: Curve, p: float) -> float:
    """The value of the piecewise-linear ``curve`` at ``p`` (clamped to [0, 1])."""
    xs = [x for x, _ in curve]
    p = min(max(p, xs[0]), xs[-1])
    i = min(max(bisect_right(xs, p) - 1, 0), len(xs) - 2)
    (x0, y0), (x1, y1) = curve[i], curve[i + 1]
    if x1 <= x0:
        return y1
    return y0 + (y1 - y0) * (p - x0) / (x1 - x0)


def _clip(curve: Curve, level: float, upper: bool) -> list[Point]:
    """Vertices of min(curve, level) (``upper``) or max(curve, level), crossings included."""
    out: list[Point] = []

    def clipped(y: float) -> float:
        return min(y, level) if upper else max(y, level)

    for i, (x0, y0) in enumerate(curve):
        out.append((x0, clipped(y0)))
        if i + 1 < len(curve):
            x1, y1 = curve[i + 1]
            if (y0 - level) * (y1 - level) < 0:
                out.append((x0 + (x1 - x0) * (level - y0) / (y1 - y0), level))
    return out


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _upper_hull(anchor: Point, points: Sequence[Point]) -> list[Point]:
    """The least concave majorant of ``points`` (sorted by p) that starts at ``anchor``."""
    hull = [anchor]
    for q in points:
        while len(hull) >= 2 and _cross(hull[-2], hull[-1], q) >= 0:
            hull.pop()
        hull.append(q)
    return hull


def _lower_hull(points: Sequence[Point], anchor: Point) -> list[Point]:
    """The greatest convex minorant of ``points`` (sorted by p) that ends at ``anchor``."""
    hull: list[Point] = []
    for q in (*points, anchor):
        while len(hull) >= 2 and _cross(hull[-2], hull[-1], q) <= 0:
            hull.pop()
        hull.append(q)
    return hull


def solve_game(
    lose: float, win: float, doubling: Sequence[Point], doubled: Sequence[Point]
) -> Curve:
    """A's value as a function of its winning chance p in the continuous model.

    ``lose`` and ``win`` are A's values when the game ends at p = 0 and 1
    without a further double. ``doubling`` is A's value if it doubles at p
    (its opponent then takes or passes, whichever is worse for A), empty when
    A may not double; ``doubled`` is A's value if the opponent doubles at p
    (A takes or passes, whichever is better), empty when it may not.

    The value is a Dynkin game on a martingale: linear where neither side
    doubles, the least concave majorant of A's doubling values and ``win``
    above that region, the greatest convex minorant of the opponent's below
    it. The two boundaries depend on each other, so they are found by
    alternating the two hulls until they agree (two or three rounds).
    """
    inner_a = [q for q in doubling if 0.0 < q[0] < 1.0]
    inner_b = [q for q in doubled if 0.0 < q[0] < 1.0]
    left: Point = (0.0, lose)
    upper: list[Point] = [left, (1.0, win)]
    lower: list[Point] = [left, (1.0, win)]
    for _ in range(64):
        upper = _upper_hull(left, [q for q in inner_a if q[0] > left[0]] + [(1.0, win)])
        right = upper[1]
        lower = _lower_hull([(0.0, lose)] + [q for q in inner_b if q[0] < right[0]], right)
        if lower[-2] == left:
            break
        left = lower[-2]
    return tuple(lower[:-1] + upper[1:])


# -- the model of a game at a score ---------------------------------------------------


Equity = Callable[[int, int, Stage], float]


def after_game(equity: Equity, a: int, b: int, stage: Stage) -> float:
    """A's match chance when a game of ``stage`` has just ended at ``a``/``b`` away."""
    if a <= 0:
        return 1.0
    if b <= 0:
        return 0.0
    if a == 1 and b == 1:
        return 0.5
    if stage is Stage.CRAWFORD:
        stage = Stage.FREE
    elif stage is Stage.PRE and min(a, b) == 1:
        stage = Stage.CRAWFORD
    return equity(a, b, stage)


class CubeModel:
    """Live-cube match winning chances for one pair of gammon rates.

    ``win_split`` and ``lose_split`` are the shares of A's wins (losses) that
    are single, gammon and backgammon; ``equity`` gives the match chance at
    the start of a game (a match equity table). ``curve`` is A's match chance
    as a function of p for a cube of value ``cube`` owned by ``owner``
    (``CENTRED``, ``MINE`` or ``THEIRS``): the live-cube value of Janowski's
    interpolation, and at the table's own rates, the table's recursion.
    """

    def __init__(
        self, equity: Equity, win_split: Sequence[float], lose_split: Sequence[float]
    ) -> None:
        self.equity = equity
        self.win_split = tuple(win_split)
        self.lose_split = tuple(lose_split)
        self._curves: dict[tuple[int, int, int, int, Stage], Curve] = {}

    def outcome(self, a: int, b: int, cube: int, stage: Stage) -> tuple[float, float]:
        """A's match chance when it wins the game (averaged over the kinds of win) and loses."""
        win = sum(
            share * after_game(self.equity, a - k * cube, b, stage)
            for k, share in enumerate(self.win_split, 1)
            if share
        )
        lose = sum(
            share * after_game(self.equity, a, b - k * cube, stage)
            for k, share in enumerate(self.lose_split, 1)
            if share
        )
        return win, lose

    def may_double(self, side: int, a: int, b: int, cube: int, owner: int, stage: Stage) -> bool:
        """May ``side`` (MINE or THEIRS) usefully double? The cube is dead for a side
        that already wins the match by winning a single game at this value."""
        if stage is Stage.CRAWFORD or owner not in (CENTRED, side):
            return False
        away = a if side == MINE else b
        return away > cube

    def curve(self, a: int, b: int, cube: int, owner: int, stage: Stage) -> Curve:
        """A's match chance as a function of p (see the class docstring)."""
        key = (a, b, cube, owner, stage)
        found = self._curves.get(key)
        if found is not None:
            return found
        win, lose = self.outcome(a, b, cube, stage)
        doubling: list[Point] = []
        doubled: list[Point] = []
        if self.may_double(MINE, a, b, cube, owner, stage):
            taken = self.curve(a, b, 2 * cube, THEIRS, stage)
            doubling = _clip(taken, after_game(self.equity, a - cube, b, stage), upper=True)
        if self.may_double(THEIRS, a, b, cube, owner, stage):
            taken = self.curve(a, b, 2 * cube, MINE, stage)
            doubled = _clip(taken, after_game(self.equity, a, b - cube, stage), upper=False)
        result = solve_game(lose, win, doubling, doubled)
        self._curves[key] = result
        return result


# -- the table ----------------------------------------------------------------------


class MatchEquityTable:
    """Match winning chances at every score up to ``size`` away, by the model above."""

    def __init__(self, gammon_rate: float = GAMMON_RATE, size: int = MAX_AWAY) -> None:
        if not 0.0 <= gammon_rate < 1.0:
            raise ValueError(f"the gammon rate must be in [0, 1), got {gammon_rate}")
        self.gammon_rate = gammon_rate
        self.size = size
        self._table: dict[tuple[int, int, Stage], float] = {}
        split = (1.0 - gammon_rate, gammon_rate, 0.0)
        model = CubeModel(self._lookup, split, split)
        # Bottom-up by the points still to play, so each game looks up finished entries.
        for total in range(2, 2 * size + 1):
            for a in range(max(1, total - size), min(size, total - 1) + 1):
                b = total - a
                stages = [Stage.FREE]
                if a == 1 and b == 1:
                    self._table[a, b, Stage.FREE] = 0.5
                    continue
                stages.append(Stage.CRAWFORD if min(a, b) == 1 else Stage.PRE)
                for stage in stages:
                    self._table[a, b, stage] = evaluate(model.curve(a, b, 1, CENTRED, stage), 0.5)

    def _lookup(self, a: int, b: int, stage: Stage) -> float:
        if a == 1 and b == 1:
            return 0.5
        try:
            return self._table[a, b, stage]
        except KeyError:
            raise ValueError(
                f"no match equity for {a}-away/{b}-away ({stage.value}): "
                f"the table covers 1-{self.size} away"
            ) from None

    def equity(self, a: int, b: int, stage: Stage = Stage.PRE) -> float:
        """The chance of the side ``a`` away to win against the side ``b`` away, at the start
        of a game (cube centred). With a side 1-away, ``Stage.PRE`` means the Crawford game."""
        if a <= 0:
            return 1.0
        if b <= 0:
            return 0.0
        if a == 1 and b == 1:
            return 0.5
        if min(a, b) == 1 and stage is Stage.PRE:
            stage = Stage.CRAWFORD
        elif min(a, b) > 1 and stage is Stage.CRAWFORD:
            raise ValueError(f"{a}-away/{b}-away cannot be the Crawford game")
        return self._lookup(a, b, stage)


@cache
def _table(gammon_rate: float) -> MatchEquityTable:
    return MatchEquityTable(gammon_rate)


def table(gammon_rate: float = GAMMON_RATE) -> MatchEquityTable:
    """The table for ``gammon_rate`` (built once per rate)."""
    return _table(float(gammon_rate))


def match_equity(
    my_away: int, opp_away: int, crawford: bool = False, post_crawford: bool = False
) -> float:
    """My chance to win the match needing ``my_away`` points to the opponent's ``opp_away``.

    0 away is a match already won (1.0) or lost (0.0). With a side 1-away the
    game is the Crawford game unless ``post_crawford`` is set (as in the
    usual tables, whose 1-away row is the Crawford game); ``crawford`` says
    so explicitly. Matches up to ``MAX_AWAY`` points are covered.
    """
    if crawford and post_crawford:
        raise ValueError("a game cannot be both the Crawford game and after it")
    stage = Stage.FREE if post_crawford else Stage.CRAWFORD if crawford else Stage.PRE
    return table().equity(my_away, opp_away, stage)

