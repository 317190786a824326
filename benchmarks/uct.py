"""A baseline opponent: Monte Carlo tree search with random playouts (UCT).

    python -m benchmarks.uct [--variant V ...] [--simulations 1000] [--positions 3]
                             [--seconds 5] [--seed 1]

For benchmarks only (``benchmarks.baseline`` pits a level against it): it knows
nothing of the game but its rules. Every decision runs ``simulations``
iterations of UCT from the state to decide:

- the root's actions are the legal plays (or, naming a die, the values);
- an action's result is computed once and kept; where the dice come next, a
  roll is sampled (seeded) and the state after it is the child node, one per
  distinct roll (chance nodes by sampling), so the tree follows the real dice;
- a node is created on its first visit, with its legal plays (used at once by
  the playout that starts there, and kept for later visits);
- below the tree a playout makes random legal plays to the end of the game,
  through ``game.rules.match`` where the variant needs its special phases (a
  die named at random, El Mundo's dice handed on), otherwise straight on the
  variant's ``generate_plays`` / ``apply_play`` / ``outcome`` (the same rules,
  without the frozen state's bookkeeping); either way a play is drawn step by
  step (a random die, a random legal step with it, until the dice are spent),
  which is legal whenever every die gets used and El Mundo's forced capture
  cannot object, and only a throw where it may not be falls back to
  generating every play (``draw_play``): with three dice the full generator
  made playouts some ten times slower;
- a finished game is worth 1 to the winner and 0 to the others (a tie 1/n to
  each of n sides); each node's statistics keep the reward of the side that
  decides there, which picks by UCB1 (max^n: every side maximises its own);
- the move made is the root action visited most (ties: the better mean).

Untried actions are tried first, in an order shuffled by the seeded generator,
so the same seed and the same calls give the same decisions.

Run as a module it measures, per variant, the playout rate (random games from
the opening, and playouts during searches) and the time per move of a search.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence

from game.ai.arena import random_decisions
from game.rules import match as m
from game.rules.outcome import Outcome
from game.rules.play import Play, Step
from game.rules.position import Position
from game.rules.search import Board
from game.rules.variants import VARIANTS, find_variant
from game.rules.variants.base import Variant

EXPLORATION = math.sqrt(2)
MAX_PLIES = 20_000  # a playout this long (never seen) is scored as a tie
DRAWS = 4  # draws of a play a whole-play rule refused before a playout generates them all

Reward = tuple[float, ...]
Action = Play | int


class Node:
    """A state where a side decides (a play, or a die to name), and its statistics."""

    __slots__ = (
        "actions",
        "actor",
        "afters",
        "children",
        "counts",
        "state",
        "totals",
        "untried",
        "visits",
    )

    def __init__(self, state: m.GameState, actions: Sequence[Action], rng: random.Random) -> None:
        self.state = state
        self.actor = state.to_act
        self.actions = actions
        n = len(actions)
        self.visits = 0
        self.counts = [0] * n
        self.totals = [0.0] * n
        self.afters: list[m.GameState | None] = [None] * n
        self.children: list[dict[tuple[int, ...] | None, Node]] = [{} for _ in range(n)]
        untried = list(range(n))
        rng.shuffle(untried)
        self.untried = untried  # popped from the end


def actions_of(state: m.GameState) -> list[Action]:
    """What the side deciding in ``state`` may do: its legal plays, or the dice it may name."""
    if state.phase is m.Phase.CHOOSE:
        return list(m.die_choices(state))
    return list(m.legal_plays(state))


class UCTPlayer:
    """UCT with random playouts as an arena player (``game.ai.arena.Player``)."""

    def __init__(
        self,
        variant: Variant,
        simulations: int = 1000,
        seed: int = 0,
        exploration: float = EXPLORATION,
        search_dice: bool = True,
    ) -> None:
        self.variant = variant
        self.simulations = simulations
        self.exploration = exploration
        self.search_dice = search_dice  # name a die by search (else at random)
        self.rng = random.Random(seed)
        # Playouts may skip the frozen state where no special phase can occur.
        self.direct = not variant.passes_dice and variant.die_chooser is None
        players = variant.players
        self._wins = [tuple(1.0 if s == w else 0.0 for s in range(players)) for w in range(players)]
        self._tie = (1.0 / players,) * players
        # Statistics of every search so far.
        self.decisions = 0
        self.playouts = 0
        self.plies = 0
        self.playout_seconds = 0.0
        self.search_seconds = 0.0

    # -- the arena protocol ---------------------------------------------------------

    def play(self, state: m.GameState, plays: list[Play]) -> Play:
        if len(plays) == 1:
            return plays[0]
        return plays[self.search(state, plays)]

    def name_die(self, state: m.GameState) -> int:
        choices = list(m.die_choices(state))
        if not self.search_dice:
            return self.rng.choice(choices)
        return choices[self.search(state, choices)]

    # -- the search -------------------------------------------------------------------

    def search(self, state: m.GameState, actions: Sequence[Action]) -> int:
        """The index in ``actions`` (legal in ``state``) that the search picks."""
        started = time.perf_counter()
        root = Node(state, actions, self.rng)
        for _ in range(self.simulations):
            self._simulate(root)
        counts, totals = root.counts, root.totals
        best = max(
            range(len(actions)),
            key=lambda i: (counts[i], totals[i] / counts[i] if counts[i] else 0.0, -i),
        )
        self.decisions += 1
        self.search_seconds += time.perf_counter() - started
        return best

    def _simulate(self, root: Node) -> None:
        rng = self.rng
        path: list[tuple[Node, int]] = []
        node = root
        while True:
            i = node.untried.pop() if node.untried else self._select(node)
            path.append((node, i))
            after = node.afters[i]
            if after is None:
                after = node.afters[i] = self._apply(node, i)
            if after.phase is m.Phase.OVER:
                assert after.result is not None
                reward = self._reward(after.result)
                break
            if after.phase is m.Phase.ROLL:
                following = m.roll(after, rng)
                key: tuple[int, ...] | None = tuple(sorted(following.dice))
            else:  # El Mundo: dice handed on to the next player
                following, key = after, None
            child = node.children[i].get(key)
            if child is None:
                child = Node(following, actions_of(following), rng)
                node.children[i][key] = child
                reward = self._playout(following, child.actions)
                break
            node = child
        for node, i in path:
            node.visits += 1
            node.counts[i] += 1
            node.totals[i] += reward[node.actor]

    def _select(self, node: Node) -> int:
        """UCB1 for the side deciding at ``node`` (every action tried already)."""
        spread = self.exploration * math.sqrt(math.log(node.visits))
        counts, totals = node.counts, node.totals
        best, best_value = 0, -1.0
        for i in range(len(counts)):
            n = counts[i]
            value = totals[i] / n + spread / math.sqrt(n)
            if value > best_value:
                best, best_value = i, value
        return best

    @staticmethod
    def _apply(node: Node, i: int) -> m.GameState:
        """The state after the ``i``-th action of ``node`` (computed once per action)."""
        state, action = node.state, node.actions[i]
        if state.phase is m.Phase.CHOOSE:
            assert isinstance(action, int)
            return m.choose_die(state, action)
        assert isinstance(action, Play)
        return m.play(state, action, node.actions)  # type: ignore[arg-type]

    def _reward(self, result: Outcome) -> Reward:
        return self._tie if result.winner is None else self._wins[result.winner]

    # -- playouts ---------------------------------------------------------------------

    def _playout(self, state: m.GameState, actions: list[Action]) -> Reward:
        """Random play from ``state`` (whose legal actions are ``actions``) to the end."""
        started = time.perf_counter()
        if self.direct and state.phase is m.Phase.MOVE:
            reward, plies = self._direct_playout(state.position, actions)  # type: ignore[arg-type]
        else:
            reward, plies = self._state_playout(state, actions)
        self.playouts += 1
        self.plies += plies
        self.playout_seconds += time.perf_counter() - started
        return reward

    def _state_playout(self, state: m.GameState, actions: list[Action]) -> tuple[Reward, int]:
        """Through ``game.rules.match``: every phase of every variant."""
        variant, rng = self.variant, self.rng
        choice = rng.choice
        first: list[Action] | None = actions
        plies = 0
        while plies < MAX_PLIES:
            phase = state.phase
            if phase is m.Phase.OVER:
                assert state.result is not None
                return self._reward(state.result), plies
            if phase is m.Phase.ROLL:
                state = m.roll(state, rng)
                continue
            if phase is m.Phase.CHOOSE:
                named = choice(first or m.die_choices(state))
                assert isinstance(named, int)
                state = m.choose_die(state, named)
            elif first is None and (drawn := draw_play(variant, state.position, state.dice, rng)):
                state = m.play(state, drawn, (drawn,))
                plies += 1
            else:
                plays = first if first is not None else m.legal_plays(state)
                state = m.play(state, choice(plays), plays)  # type: ignore[arg-type]
                plies += 1
            first = None
        return self._tie, plies

    def _direct_playout(self, position: Position, plays: list[Play] | None) -> tuple[Reward, int]:
        """On the variant itself (no dice handed on, no die named): the rules of
        ``match.play`` (the end, then a deadlock) without building states."""
        variant, rng = self.variant, self.rng
        choice, randint = rng.choice, rng.randint
        generate, apply, outcome = variant.generate_plays, variant.apply_play, variant.outcome
        deadlocks = variant.checks_deadlock
        thrown, faces, fixed = variant.thrown_dice, variant.faces, variant.fixed_dice
        for plies in range(1, MAX_PLIES + 1):
            mover = position.to_act
            if plays is None:
                dice = tuple([randint(1, faces) for _ in range(thrown)]) + fixed
                drawn = draw_play(variant, position, dice, rng)
                position = apply(position, drawn or choice(generate(position, dice)))
            else:
                position = apply(position, choice(plays))
            result = outcome(position, mover)
            if result is None and deadlocks and variant.is_deadlocked(position, mover):
                result = variant.deadlock_outcome(position, mover)
            if result is not None:
                return self._reward(result), plies
            plays = None
        return self._tie, MAX_PLIES

    def random_game(self) -> int:
        """One playout from the opening (for measuring): the plies it took."""
        state = m.new_game(self.variant, self.rng)
        while state.phase is m.Phase.ROLL:
            state = m.roll(state, self.rng)
        before = self.plies
        self._playout(state, actions_of(state))
        return self.plies - before


def draw_play(
    variant: Variant, position: Position, dice: Sequence[int], rng: random.Random
) -> Play | None:
    """A random legal play drawn step by step (``sample_play``), or None where
    the playout must generate every play to know which are legal.

    A draw that strands a die gives None at once. A variant's last rule on
    whole plays (El Mundo's forced capture) keeps a drawn play where it says
    the rule can drop nothing with these dice (``may_filter``), or where it
    keeps this play whatever else is legal (``keeps_play``: it captures);
    else the play is drawn again, up to ``DRAWS`` times (in El Mundo about
    half the draws make no capture where one may be possible).
    """
    if not variant.may_filter(position, dice):
        return sample_play(variant, position, dice, rng)
    for _ in range(DRAWS):
        drawn = sample_play(variant, position, dice, rng)
        if drawn is None:
            return None
        if variant.keeps_play(position, drawn):
            return drawn
    return None


def sample_play(
    variant: Variant, position: Position, dice: Sequence[int], rng: random.Random
) -> Play | None:
    """A random play that spends every die, drawn step by step; None if the draw
    strands a die (then only the full generator knows which plays are legal).

    A play that uses all the dice is legal under every dice rule of the general
    search (the most dice, then the higher: all of them is the most), so this
    holds for the variants that use that search's hooks, unless a rule on whole
    plays drops it (``draw_play`` asks the variant) or ``allows_result`` refuses
    it (then None). The plays are not drawn
    uniformly: a play reachable by more step orders comes up more often, which
    is still a random playout.
    """
    left = tuple(dice)
    if variant.doubles_repeat and len(left) == 2 and left[0] == left[1]:
        left = left * 2
    board = Board(variant, position)
    if variant.begins_roll:
        variant.begin_roll(board, left)
    board.start_turn()  # where each man moves once a turn, the men moved stay
    after_step = variant.after_step if variant.tracks_flags else None
    steps: list[Step] = []
    while left:
        options = [
            (step._replace(dice=used) if used else step, rest)
            for value, used, rest in variant.dice_units(left)
            for step in variant.legal_steps(board, value)
        ]
        if not options:
            return None
        step, left = options[rng.randrange(len(options))]
        board.apply(step)
        if after_step is not None:
            after_step(board, step)
        steps.append(step)
    if variant.judges_results and not variant.allows_result(position, board, tuple(steps)):
        return None  # refused whole: only the full generator knows what is legal instead
    return Play(steps)


# -- measuring ------------------------------------------------------------------------


def variant_for(variant_id: str, options: dict[str, object] | None = None) -> Variant:
    """The variant as the benchmarks play it: single games (backgammon without the cube)."""
    base: dict[str, object] = {"cube": False} if variant_id == "backgammon" else {}
    return find_variant(variant_id, {**base, **(options or {})})


def sample_states(variant: Variant, count: int, seed: int) -> list[m.GameState]:
    """``count`` decisions (more than one legal play) spread over a seeded random game."""
    found = [state for state, _ in random_decisions(variant, random.Random(seed))]
    if len(found) <= count or count <= 0:
        return found[: max(count, 0)]
    step = len(found) / count
    return [found[int(step * k + step / 2)] for k in range(count)]


def measure(variant_id: str, simulations: int, positions: int, seconds: float, seed: int) -> None:
    variant = variant_for(variant_id)
    timer = UCTPlayer(variant, seed=seed)
    started = time.perf_counter()
    games = plies = 0
    while not games or time.perf_counter() - started < seconds:
        plies += timer.random_game()
        games += 1
    spent = time.perf_counter() - started
    path = "direct" if timer.direct else "through match"
    print(
        f"{variant_id}: random games from the opening ({path}): {games / spent:.1f}/s, "
        f"{plies / games:.0f} plies each, {plies / spent:.0f} plies/s",
        flush=True,
    )
    player = UCTPlayer(variant, simulations, seed)
    moves = []
    for state in sample_states(variant, positions, seed):
        plays = m.legal_plays(state)
        begun = time.perf_counter()
        player.play(state, plays)
        moves.append(time.perf_counter() - begun)
        print(
            f"  turn {state.turn}: {len(plays)} plays, {simulations} simulations "
            f"in {moves[-1]:.2f} s",
            flush=True,
        )
    if moves:
        mean = sum(moves) / len(moves)
        rate = player.playouts / player.playout_seconds if player.playout_seconds else 0.0
        share = player.playout_seconds / player.search_seconds
        print(
            f"  search: {rate:.1f} playouts/s ({player.plies / player.playouts:.0f} plies each, "
            f"{share:.0%} of the time in playouts); {mean:.2f} s a move at {simulations} "
            f"simulations, so about {mean * 1000 / simulations:.2f} s at 1000",
            flush=True,
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.uct")
    parser.add_argument("--variant", nargs="*", default=list(VARIANTS))
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--positions", type=int, default=3, help="searches timed per variant")
    parser.add_argument("--seconds", type=float, default=5.0, help="of random games per variant")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for variant_id in args.variant:
        measure(variant_id, args.simulations, args.positions, args.seconds, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
