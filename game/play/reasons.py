"""Why a man a person clicks cannot move: the short reason the board gives instead of
doing nothing (men must enter first, the points it could reach are shut, a capture is
owed, the rules want more of the dice, it may not bear off yet, or its number is too
high to bear it off)."""

from __future__ import annotations

from game.i18n import N_, _
from game.play.turn import TurnInput
from game.rules.search import Board

ENTER_FIRST = N_("Your men waiting to enter must come in first")
DICE_USED = N_("Your dice are all played")
BLOCKED = N_("That man is shut in: every point it could reach is taken")
NOT_HOME = N_("Men bear off only when all are home")
TOO_HIGH = N_("Too high a number to bear that man off from there")
MUST_CAPTURE = N_("A capture is possible, and a capture must be made")
MORE_DICE = N_("Not with that man: the rules make you play as much of the dice as you can")
THEIRS = N_("That man is not yours to move")
NOT_THERE = N_("The man you picked cannot go there")
MOVED_ONCE = N_("That man has moved this turn: each die moves a different man")
NOT_YOURS = ""  # an empty point: nothing to say


def why_not(turn: TurnInput, pos: int) -> str:
    """Why the mover's man on ``pos`` (0: the bar or hand) cannot move now, in the
    board's words and the player's language (the man there is another side's, say so);
    "" when there is nothing to explain (nobody's man there, or it can move)."""
    reason = _why_not(turn, pos)
    return _(reason) if reason else ""


def _why_not(turn: TurnInput, pos: int) -> str:
    """``why_not``'s reason, in English as marked."""
    if pos in turn.sources():
        return ""
    variant = turn.variant
    position = turn.position
    board = Board(variant, position)
    here = board.waiting() if pos == 0 else board.mine[pos] if pos < len(board.mine) else 0
    if not here:
        if 0 < pos <= variant.track_length and board.others_at(pos)[1]:
            return THEIRS  # a click on the other side's man did nothing: say why
        return NOT_YOURS
    left = turn.dice_remaining
    if not left:
        return DICE_USED
    if pos != 0 and board.waiting():
        return ENTER_FIRST
    board.start_turn(turn.steps)
    if pos != 0 and not board.fresh(pos):
        return MOVED_ONCE
    steps = [
        step
        for die in sorted(set(left))
        for step in variant.legal_steps(board, die)
        if step.src == pos
    ]
    if steps:  # legal on its own: a rule about the whole play forbids it
        if variant.may_filter(turn.start, turn.dice) and any(
            step.hit for play in turn.plays for step in play
        ):
            return MUST_CAPTURE
        return MORE_DICE
    if pos + max(left) > variant.track_length and (
        any(board.mine[1 : variant.bear_from]) or board.waiting()
    ):
        return NOT_HOME
    if pos + max(left) > variant.off_pos:
        # All home, and a die would carry it past the edge: the rules want the exact
        # number there (or, in some games, the rearmost man), and every point its
        # other dice reach is taken.
        return TOO_HIGH
    return BLOCKED


__all__ = ["why_not"]
