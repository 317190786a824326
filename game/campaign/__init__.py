"""The campaign: chapters of levels read from ``levels/``, and what a player has won.

``Campaign.load()`` reads ``chapters.toml`` and every ``NN-*.toml`` level; a
level file that breaks a rule is reported in ``problems`` (file and field) and
skipped. Which levels are open follows from the medals won: the first level
of the campaign is always open; once it is won the first level of every chapter
opens (the chapters may be played in any order); a level won opens the next
level of its chapter and those in its ``unlocks``. Medals go by the margin of the win
(``medal_for``).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

from game.campaign.levels import (
    Chapter,
    Goal,
    GoalKind,
    Level,
    LevelError,
    SeatSpec,
    read_chapters,
    read_level,
)
from game.i18n import N_, _
from game.rules.outcome import Kind, Outcome
from game.rules.position import Position
from game.rules.variants.base import Variant

log = logging.getLogger(__name__)

MEDALS = ("", "bronze", "silver", "gold")  # as the records keep them
# Each medal as the window names it (``medal_name``).
MEDAL_NAMES = ("", N_("Bronze medal"), N_("Silver medal"), N_("Gold medal"))
# A game's margin, as a share of a side's starting pips (``runner_up_margin``): a win
# by this much earns gold or silver; a salvage goal's loss by at most this much earns
# bronze or silver.
GOLD_MARGIN = 0.45
SILVER_MARGIN = 0.2


@dataclass(frozen=True)
class Campaign:
    chapters: tuple[Chapter, ...]
    levels: tuple[Level, ...]  # in campaign order: chapter order, then file order
    problems: tuple[str, ...] = ()  # one message per level file that was skipped

    @classmethod
    def load(cls, folder: Path | None = None) -> Campaign:
        if folder is None:
            from game.paths import levels_dir

            folder = levels_dir()
        problems: list[str] = []
        try:
            chapters = read_chapters(folder / "chapters.toml")
        except LevelError as exc:
            problems.append(str(exc))
            chapters = ()
        order = {chapter.id: n for n, chapter in enumerate(chapters)}
        levels: list[Level] = []
        for path in sorted(folder.glob("*.toml")):
            if path.name == "chapters.toml":
                continue
            try:
                level = read_level(path)
            except LevelError as exc:
                problems.append(str(exc))
                continue
            if level.chapter not in order:
                problems.append(f"{path.name}: 'chapter' {level.chapter!r} is not in chapters.toml")
                continue
            levels.append(level)
        ids = {level.id for level in levels}
        kept: list[Level] = []
        for level in levels:
            missing = [u for u in level.unlocks if u not in ids]
            if missing:
                problems.append(f"{level.id}.toml: 'unlocks' names no level {missing[0]!r}")
            kept.append(level)
        kept.sort(key=lambda lv: (order[lv.chapter], lv.id))
        for problem in problems:
            log.warning("campaign: %s (skipped)", problem)
        return cls(tuple(chapters), tuple(kept), tuple(problems))

    def level(self, level_id: str) -> Level | None:
        return next((lv for lv in self.levels if lv.id == level_id), None)

    def chapter_levels(self, chapter_id: str) -> list[Level]:
        return [lv for lv in self.levels if lv.chapter == chapter_id]

    def unlocked(self, medals: Mapping[str, int]) -> set[str]:
        """The levels open to a player with ``medals`` (level id -> best medal).

        The first level of the campaign is always open. Once it is won, the first
        level of every chapter opens too, so the chapters can be played in any order
        (a backgammon player need not win the historical games first). Within a
        chapter the levels open in order: a level won opens the next level of its
        chapter and the levels its file ``unlocks``.
        """
        if not self.levels:
            return set()
        first = self.levels[0]
        open_ = {first.id}
        if medals.get(first.id, 0) > 0:
            for chapter in self.chapters:
                levels = self.chapter_levels(chapter.id)
                if levels:
                    open_.add(levels[0].id)
        for chapter in self.chapters:
            levels = self.chapter_levels(chapter.id)
            for level, following in pairwise(levels):
                if medals.get(level.id, 0) > 0:
                    open_.add(following.id)
        for level in self.levels:
            if medals.get(level.id, 0) > 0:
                open_.add(level.id)
                open_.update(level.unlocks)
        return open_ & {lv.id for lv in self.levels}

    def next_level(self, level_id: str, medals: Mapping[str, int]) -> Level | None:
        """The first open level after ``level_id`` not yet won (else the first open one
        after it at all): where the results scene leads."""
        open_ = self.unlocked(medals)
        ids = [lv.id for lv in self.levels]
        if level_id not in ids:
            return None
        later = [lv for lv in self.levels[ids.index(level_id) + 1 :] if lv.id in open_]
        fresh = [lv for lv in later if not medals.get(lv.id)]
        return (fresh or later)[0] if fresh or later else None


def medal_name(medal: int) -> str:
    """The medal ``medal`` (1 bronze to 3 gold) in the player's language ("Gold medal")."""
    return _(MEDAL_NAMES[medal]) if 0 < medal < len(MEDAL_NAMES) else ""


def runner_up_margin(variant: Variant, position: Position, winner: int) -> float:
    """How far behind the best loser was when the game ended: the pips it still had
    to travel less the winner's, as a share of a side's pips at the start."""
    start = variant.start_position().pip_count(0) or 1
    losers = [s for s in range(variant.players) if s != winner]
    behind = min(position.pip_count(s) for s in losers) - position.pip_count(winner)
    return max(0.0, behind / start)


def medal_for(
    level: Level,
    variant: Variant,
    position: Position,
    result: Outcome | None,
    score: Sequence[int] = (),
) -> int:
    """The medal a finished level earns the player: 0 (the goal was missed), 1 bronze,
    2 silver, 3 gold.

    A single game (or a win of the wanted kind) goes by the margin: gold when the
    nearest opponent still had at least 45% of a side's starting pips to travel more
    than the player, silver from 20%; a gammon is silver at least, a backgammon
    gold. A match goes by the opponent's score: gold if nil, silver up to half the
    length. A salvage goal (a lost position: lose by as little as the dice allow) is
    gold for a win; a loss is silver when the player was within 20% of a side's
    starting pips of the winner at the end, bronze within 45%.
    """
    side = level.player_side
    if level.goal.kind is GoalKind.SALVAGE and result is not None and result.winner is not None:
        return _salvage_medal(variant, position, side, result.winner)
    if result is None or result.winner != side:
        return 0
    if level.goal.kind in (GoalKind.MATCH, GoalKind.TAVLI):
        other = max((p for s, p in enumerate(score) if s != side), default=0)
        if other == 0:
            return 3
        return 2 if other * 2 <= level.goal.points else 1
    if level.goal.kind is GoalKind.RESULT and not _is_wanted(level.goal, result.kind):
        return 0
    margin = runner_up_margin(variant, position, side)
    medal = 3 if margin >= GOLD_MARGIN else 2 if margin >= SILVER_MARGIN else 1
    if result.kind is Kind.BACKGAMMON:
        medal = 3
    elif result.kind is Kind.GAMMON:
        medal = max(medal, 2)
    return medal


def _salvage_medal(variant: Variant, position: Position, side: int, winner: int) -> int:
    """The medal of a salvage goal (see ``medal_for``)."""
    if winner == side:
        return 3
    behind = runner_up_margin(variant, position, winner)
    return 2 if behind <= SILVER_MARGIN else 1 if behind <= GOLD_MARGIN else 0


def _is_wanted(goal: Goal, kind: Kind) -> bool:
    wanted = goal.result
    if wanted is Kind.GAMMON:
        return kind in (Kind.GAMMON, Kind.BACKGAMMON)
    if wanted in (Kind.LYMPOLDING, Kind.LURCHING):
        return kind in (Kind.LYMPOLDING, Kind.LURCHING)
    return kind is wanted


__all__ = [
    "MEDALS",
    "MEDAL_NAMES",
    "Campaign",
    "Chapter",
    "Goal",
    "GoalKind",
    "Level",
    "LevelError",
    "SeatSpec",
    "medal_for",
    "medal_name",
]
