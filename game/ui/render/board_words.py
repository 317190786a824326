"""What the board says and offers now: the line under the board and the buttons wanted.

Pure words, without pygame: ``prompt`` is what to tell the player when nothing else was
said lately, ``message_text`` the line shown, ``wanted_buttons`` the buttons a person
has now (name and label), in order. All read the scene through ``BoardReader``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import N_, _, ngettext, pgettext
from game.names import game_name, tavli
from game.rules import actions as a
from game.rules import match as m
from game.rules import tavli as tavli_rules
from game.ui.theme import side_colours

if TYPE_CHECKING:
    from game.ui.render.board_reader import BoardReader

MESSAGE_TIME = 4.0  # seconds a message stays before the prompt comes back
BRIEF_TIME = 1.2  # seconds a brief message stays once a person has something to do
CHECKING = N_("The tutor is checking your play…")  # the dice picked up, the verdict not ready
# TRANSLATORS: buttons: how much a side resigns (a single game, a gammon, a backgammon)
RESIGN_LABELS = {1: N_("Resign single"), 2: N_("Resign gammon"), 3: N_("Resign backgammon")}
# What a resignation gives the other side, in the prompt of the side offered it.
RESIGN_ACCEPT = {
    1: N_("{name}: accept the resignation of a single game, or play on"),
    2: N_("{name}: accept the resignation of a gammon, or play on"),
    3: N_("{name}: accept the resignation of a backgammon, or play on"),
}
# The decisions a button makes at the board: the rest are the side's own (roll, the
# steps of a play, undo, done, hint) or chance's.
DECIDED_BY_BUTTON = (a.Double, a.Take, a.Drop, a.Beaver, a.Accept, a.Reject, a.NameDie, a.Resign)


def match_heading(match: m.MatchScore) -> tuple[str, str]:
    """The side column's heading over the score, and a line under it ("" for none):
    ("Tavli to 5", "Game 2: Plakoto"), ("Match to 5 (Crawford)", ""), ("Money game", "")."""
    if match.cycle:
        turn = tavli_rules.in_turn(match) or ""
        name = game_name(turn) if turn else ""
        return (
            _("{tavli} to {length}").format(tavli=tavli(), length=match.length),
            _("Game {n}: {game}").format(n=match.game + 1, game=name),
        )
    if not match.length:
        # TRANSLATORS: a game played for its stakes alone, not as part of a match
        return _("Money game"), ""
    if match.crawford:
        # TRANSLATORS: the Crawford game: no doubling in the game after a side first comes
        # within one point of winning the match
        return _("Match to {length} (Crawford)").format(length=match.length), ""
    return _("Match to {length}").format(length=match.length), ""


def action_button(action: a.Action, again: bool = False) -> tuple[str, str]:
    """The button of a decision: its name (what ``press`` is given) and its label
    (``again``: Acey-Deucey's double named after the 1-2, "3-3", not a die, "3")."""
    match action:
        case a.NameDie(value=value):
            return f"choose{value}", f"{value}-{value}" if again else str(value)
        case a.Resign(level=level):
            return f"resign{level}", _(RESIGN_LABELS[level])
    return action.name, decision_label(action)


def decision_label(action: a.Action) -> str:
    """The label of a decision's button, in the language in use."""
    match action:
        case a.Double():
            # TRANSLATORS: a button: offer to double the stakes (the doubling cube), not a
            # throw of two like dice
            return pgettext("cube", "Double")
        case a.Take():
            # TRANSLATORS: a button: accept the double offered (the doubling cube)
            return pgettext("cube", "Take")
        case a.Drop():
            # TRANSLATORS: a button: refuse the double offered and lose the game
            return pgettext("cube", "Drop")
        case a.Beaver():
            # TRANSLATORS: a button: accept the double and redouble at once
            return pgettext("cube", "Beaver")
        case a.Accept():
            # TRANSLATORS: a button: accept the resignation offered
            return pgettext("resignation", "Accept")
        case a.Reject():
            # TRANSLATORS: a button: refuse the resignation offered, and play on
            return pgettext("resignation", "Reject")
    return action.name.capitalize()


def button_actions(state: m.GameState) -> dict[str, a.Action]:
    """The decisions buttons can make now, by button name, in the order the rules list
    them (``game.rules.actions.decisions``: no play is searched for)."""
    return {action_button(x)[0]: x for x in a.decisions(state) if isinstance(x, DECIDED_BY_BUTTON)}


def prompt(scene: BoardReader, state: m.GameState) -> str:
    """What the player is to do now (or the result, or who is thinking)."""
    if state.is_over:
        return scene.result_words(state)
    name = scene.side_name(state.to_act)
    if scene.replaying is not None:
        return replay_prompt(scene, name)
    if not scene.seat(state.to_act).human:
        return _("{name} is thinking").format(name=name) if state.phase is m.Phase.MOVE else ""
    if scene.resigning and state.phase in (m.Phase.ROLL, m.Phase.MOVE):
        # TRANSLATORS: {stakes}: what each resignation gives ("a single game is 1 point, ...")
        return _("{name} resigns how much? {stakes}").format(
            name=name, stakes=capital(resign_stakes(state))
        )
    if state.phase is m.Phase.ROLL and state.again:
        # TRANSLATORS: Space is the key
        return _("{name}: roll again (Space)").format(name=name)
    if state.phase is m.Phase.ROLL:
        # TRANSLATORS: Space is the key
        return followed(scene) + _("{name}: roll the dice (Space)").format(name=name)
    if state.phase is m.Phase.TAKE:
        return _("{name}: take or drop the double").format(name=name)
    if state.phase is m.Phase.RESIGN:
        offer = RESIGN_ACCEPT.get(state.resign_offer, RESIGN_ACCEPT[1])
        return _(offer).format(name=name)
    if state.phase is m.Phase.CHOOSE and state.again:
        return _("{name}: name a double to play four times").format(name=name)
    if state.phase is m.Phase.CHOOSE:
        return _("{name}: name the third die").format(name=name)
    if state.phase is m.Phase.MOVE:
        if scene.review is not None:
            return _(CHECKING)
        if scene.tutor_card is not None:
            return _("{name}: take the play back, or keep it").format(name=name)
        if scene.turn is not None and scene.turn.complete() is not None:
            # TRANSLATORS: Space and Backspace are the keys
            return _(
                "{name}: click the dice or press Space to end the turn; Backspace undoes"
            ).format(name=name)
        if scene.turn is not None and scene.turn.moves:
            return f"{name}: {dice_left_words(scene.turn.dice_remaining)}"
        # TRANSLATORS: {dice}: the dice thrown ("6-5")
        return followed(scene) + _("{name} to play {dice}").format(
            name=name, dice=scene.dice_text(state.dice)
        )
    return ""


def hint_before_roll(state: m.GameState, *, shown: bool) -> str:
    """What H says when there are no plays to rank yet: where the chances (and the cube's
    advice, where a cube decision is due) are shown, or why there is no hint yet."""
    if state.phase is m.Phase.TAKE:
        if shown:
            # TRANSLATORS: C is the key
            return _("Hint: your chances and the cube's advice are at the right (C hides them)")
        return _("No hint on this double: there is no evaluation of the cube here")
    if state.phase is m.Phase.CHOOSE:
        return _("No hint while a die is named: the hint ranks the plays once the dice are set")
    if shown:
        if state.variant.has_cube and m.can_double(state):
            # TRANSLATORS: H is the key
            return _(
                "Hint: your chances and the cube's advice are at the right; roll, and H ranks "
                "your plays"
            )
        # TRANSLATORS: H is the key
        return _("Hint: your chances are at the right; roll, and H ranks your plays")
    # TRANSLATORS: Space and H are the keys
    return _("No hint before the roll: roll the dice (Space), then H ranks your plays")


def dice_left_words(left: tuple[int, ...]) -> str:
    """What is still to play once some dice of the turn are used: "3 to play", "3-5 to
    play", and for what remains of a doublet "two more 6s to play"."""
    if len(left) > 1 and len(set(left)) == 1:
        # TRANSLATORS: what remains of a double thrown: {count} more dice showing {face}
        return ngettext(
            "one more {face} to play", "{count} more {face}s to play", len(left)
        ).format(count=len(left), face=left[0])
    # TRANSLATORS: the dice left to play ("3-5")
    return _("{dice} to play").format(dice="-".join(str(d) for d in left))


def trails_shown(scene: BoardReader) -> list[int]:
    """The sides whose last play is drawn now: every side but the one to act, while a
    person is to act and has not moved a man yet, nothing moves and no hint is shown;
    in a replay, the side of the play last stepped through (``last_plays`` keeps the
    latest last)."""
    state = scene.state
    if scene.replaying is not None:
        if scene.busy or scene.looking is not None or not scene.last_plays:
            return []
        return [next(reversed(scene.last_plays))]
    if state.is_over or scene.busy or not scene.human_to_act():
        return []
    if scene.turn is not None and scene.turn.moves:
        return []
    if scene.hint_card is not None or scene.looking is not None:
        return []
    return [side for side in scene.last_plays if side != state.to_act]


def resign_stakes(state: m.GameState) -> str:
    """What each resignation open to the side on roll would give the other side
    ("a single game is 2 points, a gammon is 4 points, a backgammon is 6 points")."""
    offers: list[str] = []
    for action in button_actions(state).values():
        if isinstance(action, a.Resign):
            ended = m.accept(m.resign(state, action.level))
            points = ended.result.points if ended.result is not None else 0
            offers.append(resign_stake(action.level, points))
    return ", ".join(offers)


def resign_stake(level: int, points: int) -> str:
    """What one resignation gives the other side: "a gammon is 4 points"."""
    if level == 3:
        words = ngettext(
            "a backgammon is {points} point", "a backgammon is {points} points", points
        )
    elif level == 2:
        words = ngettext("a gammon is {points} point", "a gammon is {points} points", points)
    else:
        words = ngettext(
            "a single game is {points} point", "a single game is {points} points", points
        )
    return words.format(points=points)


def capital(text: str) -> str:
    """``text`` with its first letter a capital (the rest as it is)."""
    return text[:1].upper() + text[1:]


def conceder(scene: BoardReader, state: m.GameState) -> tuple[int, bool]:
    """Who gives the game up at the pause menu's Concede, and whether they then choose
    how much to resign (a person on roll where there is a cube) rather than concede."""
    side = state.on_roll
    human = scene.seat(side).human
    resigns = scene.variant.has_cube and state.phase in (m.Phase.ROLL, m.Phase.MOVE) and human
    return (side if human else scene.viewer), resigns


def concede_words(scene: BoardReader, state: m.GameState) -> str:
    """What conceding costs, said before the person confirms it: the rules' own result of
    the concession ("Conceding gives Crimson the game: 1 point"), or the resignations
    open where a person on roll resigns instead; "" when nothing can be given up."""
    if state.is_over or scene.replaying is not None:
        return ""
    side, resigns = conceder(scene, state)
    if resigns:
        return _("You choose next how much to resign: {stakes}").format(stakes=resign_stakes(state))
    ended = m.concede(state, side)
    result = ended.result
    if result is None or result.winner is None:
        return ""
    points = result.points
    winner = side_colours(scene.theme, result.winner).name
    kind = str(result.kind)
    if kind == "gammon":
        words = ngettext(
            "Conceding gives {winner} a gammon: {points} point",
            "Conceding gives {winner} a gammon: {points} points",
            points,
        )
    elif kind == "backgammon":
        words = ngettext(
            "Conceding gives {winner} a backgammon: {points} point",
            "Conceding gives {winner} a backgammon: {points} points",
            points,
        )
    else:
        words = ngettext(
            "Conceding gives {winner} the game: {points} point",
            "Conceding gives {winner} the game: {points} points",
            points,
        )
    return words.format(winner=winner, points=points)


def followed(scene: BoardReader) -> str:
    """The other side's last play in words while it is drawn on the board (the latest,
    where several are), to head the person's prompt: what just happened stays said
    after the message naming it has gone."""
    shown = trails_shown(scene)
    named = [words for side, words in scene.last_named.items() if side in shown]
    return f"{named[-1]}  ·  " if named else ""


def replay_prompt(scene: BoardReader, name: str) -> str:
    """A replay's prompt: whose decision comes next and the keys that step to it (nobody
    is thinking: every decision is read from the record)."""
    replay = scene.replaying
    if replay is not None and len(scene.log) >= len(replay.plays):
        # TRANSLATORS: Left is the key
        return _("The record ends here: Left goes back")
    # TRANSLATORS: Right, Space, Left and A are the keys
    return _("{name} next: Right or Space steps on, Left goes back, A plays on").format(name=name)


def message_text(scene: BoardReader) -> str:
    """The line shown: the last thing said, for a few seconds (and while the men it
    speaks of still move: the next prompt waits for them), then the prompt."""
    text = scene.message
    if text and scene.busy:
        return text
    age = scene.t - scene.message_time
    if not text or age > MESSAGE_TIME or (age > BRIEF_TIME and brief_over(scene)):
        text = prompt(scene, scene.state)
    return text


def brief_over(scene: BoardReader) -> bool:
    """A brief message (the opening throw) gives way when a person has something to do:
    nothing moves and the prompt is theirs."""
    return scene.message_brief and not scene.busy and scene.human_to_act()


def wanted_buttons(scene: BoardReader) -> list[tuple[str, str]]:
    """The buttons a person at the board has now: (name, label), in order; none while
    anything moves, a computer acts, or a card asks for the dice."""
    state = scene.state
    if scene.busy or not scene.human_to_act() or scene.dice_entry or scene.throw_prompt:
        return []
    out: list[tuple[str, str]] = []
    actions = button_actions(state).values()
    resigns = [action_button(x) for x in actions if isinstance(x, a.Resign)]
    decisions = [action_button(x, state.again) for x in actions if not isinstance(x, a.Resign)]
    if scene.resigning and state.phase in (m.Phase.ROLL, m.Phase.MOVE):
        return [*resigns, ("cancel", _("Cancel"))]
    if state.phase is m.Phase.ROLL:
        # TRANSLATORS: a button: throw the dice
        out.append(("roll", _("Roll")))
    out += decisions
    if state.phase is not m.Phase.MOVE:
        return out
    if scene.turn is not None:
        if scene.review is not None or scene.tutor_card is not None:
            return []  # the tutor has the word
        if scene.hint_offered() and scene.turn.complete() is None:
            # (not once only the pick-up of the dice is left)
            out.append(("hint", _("Hint")))
        if scene.turn.moves:
            out.append(("undo", _("Undo")))
        if scene.turn.complete() is not None:
            # TRANSLATORS: a button: the play is finished, the turn passes
            out.append(("done", _("Done")))
    return out


__all__ = [
    "BRIEF_TIME",
    "CHECKING",
    "MESSAGE_TIME",
    "action_button",
    "brief_over",
    "button_actions",
    "capital",
    "concede_words",
    "conceder",
    "decision_label",
    "dice_left_words",
    "followed",
    "hint_before_roll",
    "match_heading",
    "message_text",
    "prompt",
    "replay_prompt",
    "resign_stake",
    "resign_stakes",
    "trails_shown",
    "wanted_buttons",
]
