"""A finished game watched move by move: the table steps forward and back over a
``Replay`` (its seed's dice drawn again and checked, dice entered by hand taken from
the record)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import N_, _
from game.play import events as ev
from game.play.record import SAID, named_words
from game.rules import actions as a
from game.rules import match as m
from game.rules.errors import RulesError
from game.rules.replay import ReplayError, apply_entry, first_state

# TRANSLATORS: Right, Space, Left and A are the keys
REPLAY_HELP = N_("Replay: Right or Space for the next move, Left to go back, A to play on")

if TYPE_CHECKING:
    from game.play.table import Table

# Where the replay's words differ from the table's (game.play.record.SAID): a refusal
# watched again tells what was done, not what to do next ("play on").
REPLAY_WORDS: dict[type[a.Action], str] = {
    # TRANSLATORS: a replay: the side refused the resignation offered
    a.Reject: N_("{name} refuses"),
}


def replay_words(action: a.Action, after: m.GameState | None = None, name: str = "") -> str:
    """What the replay says ``name`` did (``after``: the state it led to, which tells
    Acey-Deucey's named double from Anglicorum's named die)."""
    kind = type(action)
    if isinstance(action, a.NameDie):
        return named_words(action, after is not None and after.again, name)
    if kind in REPLAY_WORDS:
        return _(REPLAY_WORDS[kind]).format(name=name)
    if kind in SAID:
        return SAID[kind](action, name)
    return f"{name} {action.name}"


def replay_step(table: Table) -> None:
    """Make the next recorded decision when the viewer asks (or by itself)."""
    replay = table.replaying
    assert replay is not None
    if not (table.replay_next or table.replay_auto):
        return
    table.replay_next = False
    n = len(table.log)
    if n >= len(replay.plays):
        table.replay_auto = False
        table.say(_("The record ends here"))
        return
    entry = replay.plays[n]
    state = table.state
    try:
        action = a.action_from_json(state, entry)
        # The seed's rolls are drawn from the table's own dice below; every other
        # decision is checked against the record first.
        seeded = isinstance(action, a.Roll) and not action.by_hand
        after = state if seeded else apply_entry(state, entry, table.rng, n, table.contribution)
    except (ReplayError, RulesError) as exc:
        table.replay_auto = False
        # The rules' own words for what went wrong stay as they are (English).
        table.say(_("The replay stops: {error}").format(error=exc))
        return
    name = table.name(a.actor(state, action))
    # TRANSLATORS: a replay: the decision shown and how many the record holds
    counted = _("{n} of {total}").format(n=n + 1, total=len(replay.plays))
    match action:
        case a.Roll(by_hand=True):
            table.apply(action)
        case a.Roll(dice=dice):
            table.roll()
            if tuple(table.state.dice) != dice:
                table.replay_auto = False
                thrown = "-".join(str(d) for d in table.state.dice)
                table.say(_("The replay stops: the seed throws {dice} here").format(dice=thrown))
        case a.Move(play=play):
            table.commit(play, animate=True)
            played = _("{name} plays {play}").format(name=name, play=entry["play"])
            table.say(f"{played}  ·  {counted}")
        case _:
            table._push(action, after)
            if isinstance(action, a.NameDie) and after.again:  # Acey-Deucey's double
                table._tell(ev.DiceShown((action.value, action.value)))
            table.say(f"{replay_words(action, after, name)}  ·  {counted}")
    table._tell(ev.Wait("replay" if table.replay_auto else "now"))


def replay_back(table: Table) -> bool:
    """Back to before the last play made (and the roll that led to it)."""
    replay = table.replaying
    assert replay is not None
    n = len(table.log)
    plays = [i for i in range(n) if replay.plays[i].get("action") == "play"]
    if not plays:
        return False
    target = plays[-1]
    if target and replay.plays[target - 1].get("action") == "roll":
        target -= 1
    rng = replay.dice()
    states = [first_state(replay, rng)]
    for i, entry in enumerate(replay.plays[:target]):
        states.append(apply_entry(states[-1], entry, rng, i, replay.contribution))
    table.rng = rng
    table.game = m.Game(states[0])
    table.game.states = states
    table.log = [dict(e) for e in replay.plays[:target]]
    table.replay_auto = False
    table.finished = False
    table._tell(ev.Rewound(table.state))
    table.say(_("Back to move {n} of {total}").format(n=target, total=len(replay.plays)))
    return True


def replay_on(table: Table) -> None:
    """The viewer asks for the next decision."""
    table.replay_next = True


def replay_auto(table: Table) -> None:
    """Decisions follow one another by themselves, or stop doing so."""
    table.replay_auto = not table.replay_auto
    table.say(_("Playing on by itself (A stops)") if table.replay_auto else _(REPLAY_HELP))


__all__ = ["REPLAY_WORDS", "replay_auto", "replay_back", "replay_on", "replay_step", "replay_words"]
