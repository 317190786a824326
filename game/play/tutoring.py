"""The tutor at the table (practice): a person's complete play is judged before it is
made; a play that gives away too much waits for Take back or Keep.

The judgement runs in the table's tutor worker (``Table.adviser``) from the moment
the play is complete and waits for the dice to be picked up (``judge_early``), so the
verdict comes while the play can still be taken back. These functions act on a
``game.play.table.Table`` as ``game.play.replaying`` does.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from game.i18n import _
from game.play import events as ev
from game.play.advice import TutorTally, chance_game, grade, points_text, share_text
from game.play.advisers import tutor_judgement
from game.play.session import Judged
from game.rules import match as m
from game.rules.play import Play

if TYPE_CHECKING:
    from game.play.table import Table

log = logging.getLogger(__name__)


def judges(table: Table) -> bool:
    """Whether the tutor judges the person's turn in progress (not a forced one)."""
    return table.advice and table.turn is not None and table.turn.forced is None


def review(table: Table, play: Play) -> None:
    """The person's complete ``play`` goes to the tutor (the judgement begun early, if it
    is of this play): the window says the tutor is checking, and the verdict follows."""
    state = table.state
    early, table.early = table.early, None
    if early is not None and early[0] is state and early[1] == play:
        # The judgement begun when the play was complete: the turn waits for it, so a
        # bad play is always shown with Take back before the game goes on.
        job = early[2]
    else:
        job = table.adviser().submit(tutor_judgement, state, play)
    table.review = (state, play)
    table.review_job = job
    table._tell(ev.ReviewAsked())
    poll_review(table)  # at once when the judgement is ready


def judge_early(table: Table, state: m.GameState) -> None:
    """A person's play waits for the dice to be picked up: the tutor starts on it."""
    turn = table.turn
    if not judges(table) or turn is None:
        return
    play = turn.complete()
    if play is None or not table.waiting_pick_up():
        return
    early = table.early
    if early is None or early[0] is not state or early[1] != play:
        from_hint = table.hints.judgement(state, play)
        if from_hint is not None:  # the hint's ranking already judged it
            job: Future[tuple[float, list[Any]]] = Future()
            job.set_result(from_hint)
        else:
            job = table.adviser().submit(tutor_judgement, state, play)
        table.early = (state, play, job)


def take_back(table: Table) -> bool:
    """Undo the whole play the tutor flagged: the person plays the roll again."""
    judgement = table.judgement
    if judgement is None or table.turn is None:
        return False
    side = judgement.state.to_act
    table.judgement = None
    table.tally[side] = table.tally.get(side, TutorTally()).took_back()
    table.turn.undo_all()
    table._tell(ev.TurnReset())
    table.say(_("Taken back: play the roll again"))
    return True


def keep_play(table: Table) -> bool:
    """Keep the flagged play: it is made, and counted against the person."""
    judgement = table.judgement
    if judgement is None:
        return False
    table.judgement = None
    if judgement.state is not table.state:
        return True
    _count(table, judgement.state, judgement.play, judgement.best, judgement.loss)
    table.commit(judgement.play, animate=False)
    return True


def poll_review(table: Table) -> None:
    """The tutor's judgement of the play made: a good play goes on at once; one that
    gives away 0.03 or more waits for Take back or Keep."""
    job, under_review = table.review_job, table.review
    if job is None or under_review is None or not job.done():
        return
    table.review = None
    table.review_job = None
    state, play = under_review
    turn = table.turn
    if state is not table.state or turn is None or turn.complete() != play:
        return  # stale: the play changed meanwhile
    try:
        loss, ranked = job.result()
    except Exception:
        log.exception("the tutor could not judge the play")
        table.commit(play, animate=False)
        return
    word = grade(loss)
    best = ranked[0].play if ranked else play
    if word is not None:
        table.judgement = ev.Judgement(state, play, loss, best, word, ranked)
        table._tell(ev.ReviewReady(table.judgement))
        return
    _count(table, state, play, best, loss)
    word = _("Best play")
    if loss >= 0.0005:
        chance = chance_game(table.variant.players)
        lost = share_text(loss) if chance else points_text(loss)
        word = _("Good play: {loss} short of the best").format(loss=lost)
    table._tell(ev.Praised(word))
    table.commit(play, animate=False)


def _count(table: Table, state: m.GameState, play: Play, best: Play, loss: float) -> None:
    """The play made is kept in the tutor's tally and the plays judged."""
    side = state.to_act
    table.tally[side] = table.tally.get(side, TutorTally()).add(loss)
    table.judged.append(Judged(state, play, best, loss))
