"""What a finished game leaves behind: a line in the records, and campaign progress.

``record_finished`` is called once per finished game by the board. It adds the
game to the records database and, when a campaign level is over (its game, or
its match), works out the medal, keeps it, and finds the level to go on to.
Every write goes through the app's save-keeper (``game.ui.saving``): one that
fails is shown on screen, kept in memory and tried again after the next play;
the records stay as they were meanwhile (each write is one transaction).
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from game.campaign import medal_for
from game.play.session import (
    LEVELS,
    GameSummary,
    SavedGame,
    start_to_json,
)
from game.rules.replay import Replay, replay_from_json
from game.store.rating_book import rate_finished
from game.store.records import FinishedGame, finished_local
from game.study.level_table import shipped
from game.study.rated import RatingChange

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
    local = finished_local(game.get("finished"))  # None: the book holds no possible time
    played = {"played": time.strftime("%Y-%m-%d %H:%M", local)} if local else {}
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
            **played,
            **dice,
        }
    )


def record_finished(app: object, summary: GameSummary) -> GameSummary:
    """Keep ``summary``'s game in the records; for a campaign level that is over, the
    summary comes back with its medal and the next level."""
    from game.ui.saving import keeper

    records = getattr(app, "records", None)
    if records is None or summary.state.result is None:
        return summary
    saves = keeper(app)
    setup = summary.setup
    level = None
    if setup.mode == "campaign" and summary.match_over:
        level = app.campaign.level(setup.level)  # type: ignore[attr-defined]
    finished = finished_game(summary)
    summary = replace(summary, rating=rate_game(records, finished))
    if level is None:
        # One transaction: the finished game in, the game in progress out.
        saves.keep_finished(finished)
        return summary
    state = summary.state
    medal = medal_for(level, state.variant, state.position, state.result, state.match.score)
    saves.keep_finished(finished, (level.id, medal))
    try:
        medals = {k: v.medal for k, v in records.progress().items()}
    except (sqlite3.Error, OSError) as exc:
        log.warning("could not read the campaign progress: %s", exc)
        medals = {}
    medals[level.id] = max(medals.get(level.id, 0), medal)
    following = app.campaign.next_level(level.id, medals) if medal else None  # type: ignore[attr-defined]
    return replace(summary, medal=medal, next_level=following.id if following else "")


def rate_game(records: Any, game: FinishedGame) -> RatingChange | None:
    """The player's rating moved by a finished game against the computer
    (``game.study.rated``); None where the game is not rated, or the rating cannot be
    written (said in the log: the game itself is kept all the same)."""
    try:
        return rate_finished(
            records,
            game.mode,
            game.variant,
            [dict(s) for s in game.seats],
            game.result.get("winner"),
            shipped().ratings,
        )
    except (sqlite3.Error, OSError, ValueError) as exc:
        log.warning("the rating of this %s game could not be kept: %s", game.variant, exc)
        return None


def save_in_progress(app: object, saved: SavedGame) -> None:
    """Keep the game in progress (a game already over is dropped instead); a save that
    fails is kept in memory and shown on screen (``game.ui.saving``)."""
    from game.ui.saving import keeper

    if getattr(app, "records", None) is None:
        return
    keeper(app).keep_current(saved)


def load_in_progress(app: object) -> SavedGame | None:
    """The game in progress to offer to resume (the one in memory while a save is owed);
    a saved game that cannot be read is dropped with a warning (it never stops the
    game from starting)."""
    from game.ui.saving import keeper

    if getattr(app, "records", None) is None:
        return None
    saves = keeper(app)
    saves.flush()
    return saves.in_progress()
