"""Helpers for driving a ``Table`` without a window: what the board does each frame
(``advance``, then ``poll``), with the worker's jobs waited for instead of paced."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from game.play import events as ev
from game.play.session import GameSetup, SavedGame, Seat
from game.play.table import Table
from game.rules import actions as a
from game.rules import match as m

COMPUTERS = (Seat(human=False), Seat(human=False))


def new_table(setup: GameSetup, saves: list[SavedGame] | None = None, **kw: Any) -> Table:
    """A table whose saves go to ``saves``; its opening told (``begin``)."""
    keep = saves.append if saves is not None else None
    table = Table(setup, keep=keep, **kw)
    table.begin()
    return table


def wait_for_worker(table: Table) -> None:
    early = table.early[2] if table.early is not None else None
    for job in (table.pending, table.pending_cube, table.review_job, table.hints.job, early):
        if job is not None:
            job.result(timeout=300)


def person(pick: random.Random) -> Callable[[Table], None]:
    """A person who rolls, plays a random legal play, takes every double and refuses
    every resignation."""

    def acts(table: Table) -> None:
        state = table.state
        if state.phase is m.Phase.ROLL:
            table.roll()
        elif state.phase is m.Phase.MOVE:
            table.apply(a.Move(pick.choice(m.legal_plays(state))))
        elif state.phase is m.Phase.TAKE:
            table.apply(a.Take())
        elif state.phase is m.Phase.RESIGN:
            table.apply(a.Reject())
        elif state.phase is m.Phase.CHOOSE:
            table.apply(a.NameDie(pick.randint(1, state.variant.faces)))

    return acts


def play_on(
    table: Table,
    until: Callable[[Table], bool] | None = None,
    person_acts: Callable[[Table], None] | None = None,
    dice: random.Random | None = None,
    limit: int = 20000,
) -> list[ev.Event]:
    """Step the table as the board does until ``until`` holds (else the game's end is
    told); a person's decisions by ``person_acts``, dice by hand from ``dice``."""
    events: list[ev.Event] = []
    done = until or (lambda t: t.finished)
    for _ in range(limit):
        events += table.poll()
        if done(table):
            return events
        if table.dice_wanted is not None:
            assert dice is not None, "the table wants dice entered by hand"
            wanted = table.dice_wanted
            table.enter_dice([dice.randint(1, wanted.faces) for _ in range(wanted.count)])
            continue
        if table.throw_wanted:
            table.throw_in("t=12345 test")
            continue
        if table.human_to_act() and person_acts is not None:
            state = table.state
            if state.phase is not m.Phase.MOVE or table.turn is None:
                if state.phase is m.Phase.MOVE:
                    table.advance()  # the person's turn begins (a forced play is made)
                    continue
                person_acts(table)
                continue
            person_acts(table)
            continue
        table.advance()
        wait_for_worker(table)
    raise AssertionError(f"the game did not go on: {table.state.phase}, {len(table.log)}")
