"""What a finished game leaves behind: a line in the records, and campaign progress.

``record_finished`` is called once per finished game by the board. It adds the
game to the records database and, when a campaign level is over (its game, or
its match), works out the medal, keeps it, and finds the level to go on to.
A failure to write is logged and shown nowhere else: the player still sees the
results, and the records stay as they were (each write is one transaction).
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import time
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from game.campaign import medal_for
from game.rules.replay import Replay, replay_from_json
from game.store.records import FinishedGame
from game.ui.session import (
    LEVELS,
    GameSummary,
    SavedGame,
    saved_from_json,
    saved_to_json,
    start_to_json,
)

log = logging.getLogger(__name__)


def finished_game(summary: GameSummary) -> FinishedGame:
    setup, state = summary.setup, summary.state
    assert state.result is not None
    seats = setup.seats[: state.variant.players]
    humans = [i for i, seat in enumerate(seats) if seat.human]
    player = humans[0] if len(humans) == 1 else None
    computers = [seat.level for seat in seats if not seat.human]
    tally = summary.tutor[player] if player is not None and summary.tutor else None
    return FinishedGame(
        mode=setup.mode,
        level=setup.level or None,
        variant=state.variant.id,
        options=dict(state.variant.options),
        seats=[
            {"human": s.human} if s.human else {"human": False, "level": s.level} for s in seats
        ],
        seed=summary.seed,
        plays=list(summary.log),
        result=state.result.to_json(),
        player_side=player,
        player_won=None if player is None else state.result.winner == player,
        opponent_level=max(computers, key=LEVELS.index) if computers else None,
        loss_total=tally.loss if tally else None,
        loss_moves=tally.moves if tally else None,
        match_id=setup.match_id,
        start=start_to_json(summary.start) if summary.start else {},
    )


def replay_of(game: Mapping[str, Any]) -> Replay:
    """A finished game from the records (``Records.games``) as a replay."""
    start = game.get("start") or {}
    match = start.get("match")
    contribution = start.get("contribution", "")
    dice = {"contribution": contribution} if contribution else {}  # to_json adds the seal
    return replay_from_json(
        {
            "format": "tabula-replay",
            "version": 2 if contribution else 1,
            "variant": game["variant"],
            "options": game["options"],
            "seed": game["seed"],
            "seats": game["seats"],
            "match": match,
            "starter": start.get("starter"),
            "opening": start.get("opening"),
            "plays": game["plays"],
            "result": game["result"],
            "played": time.strftime("%Y-%m-%d %H:%M", time.localtime(game["finished"])),
            **dice,
        }
    )


def record_finished(app: object, summary: GameSummary) -> GameSummary:
    """Keep ``summary``'s game in the records; for a campaign level that is over, the
    summary comes back with its medal and the next level."""
    records = getattr(app, "records", None)
    if records is None or summary.state.result is None:
        return summary
    try:
        # One transaction: the finished game in, the game in progress out.
        records.add_game(finished_game(summary), clear_current=True)
    except (sqlite3.Error, OSError) as exc:
        log.warning("could not keep the finished game in the records: %s", exc)
    setup = summary.setup
    if setup.mode != "campaign" or not summary.match_over:
        return summary
    campaign = app.campaign  # type: ignore[attr-defined]
    level = campaign.level(setup.level)
    if level is None:
        return summary
    state = summary.state
    medal = medal_for(level, state.variant, state.position, state.result, state.match.score)
    try:
        records.record_attempt(level.id, medal)
        medals = {k: v.medal for k, v in records.progress().items()}
    except (sqlite3.Error, OSError) as exc:
        log.warning("could not keep the campaign progress: %s", exc)
        medals = {level.id: medal}
    following = campaign.next_level(level.id, medals) if medal else None
    return replace(summary, medal=medal, next_level=following.id if following else "")


def save_in_progress(app: object, saved: SavedGame) -> None:
    """Keep the game in progress (a game already over is dropped instead)."""
    records = getattr(app, "records", None)
    if records is None:
        return
    try:
        if saved.state.result is not None:
            return  # record_finished clears it with the finished game
        records.save_current(saved_to_json(saved))
    except (sqlite3.Error, OSError, ValueError) as exc:
        log.warning("could not save the game in progress: %s", exc)


def load_in_progress(app: object) -> SavedGame | None:
    """The game in progress to offer to resume; a saved game that cannot be read is
    dropped with a warning (it never stops the game from starting)."""
    records = getattr(app, "records", None)
    if records is None:
        return None
    try:
        data = records.load_current()
    except sqlite3.Error as exc:
        log.warning("could not read the game in progress: %s", exc)
        return None
    if data is None:
        return None
    try:
        return saved_from_json(data)
    except ValueError as exc:
        log.warning("the saved game cannot be resumed (%s); it was dropped", exc)
        with contextlib.suppress(sqlite3.Error):
            records.clear_current()
        return None
