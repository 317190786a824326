"""Hints and the practice tutor, in words and numbers (pure: no pygame).

The trained evaluation (``game.ai.players``) values each play by its
"expected result" for the side that makes it: the points it can expect from
the game when two sides play (a cube of 1: +1 is a sure single win, -2 a sure
gammon lost), its chance to win when El Mundo's four play. A hint lists the
best plays with their values and how far each falls behind the best; the
tutor grades the play a person made by what it gives away against the best:

    under 0.03   good (the turn goes on)
    0.03         doubtful
    0.06         bad
    0.12         very bad

The same thresholds serve El Mundo, where 0.03 is three points of chance to win.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.i18n import N_, _, ngettext, number, percent
from game.rules import match as m
from game.rules.notation import format_turn
from game.rules.play import Play, Step

HINT_ROWS = 5  # plays a hint lists, at most
DOUBTFUL, BAD, VERY_BAD = 0.03, 0.06, 0.12
GRADES = ((VERY_BAD, "very bad"), (BAD, "bad"), (DOUBTFUL, "doubtful"))
# The grades as a player reads them (the English words above are the records' and the
# tallies' keys): in a sentence, and as a card's title.
# TRANSLATORS: the tutor's grade of a play that gives something away
GRADE_WORDS = {"doubtful": N_("doubtful"), "bad": N_("bad"), "very bad": N_("very bad")}
# TRANSLATORS: the tutor's grade of a play, as the title of its card
GRADE_TITLES = {"doubtful": N_("Doubtful"), "bad": N_("Bad"), "very bad": N_("Very bad")}
MINUS = "\u2212"  # a true minus sign: as wide as the plus


def grade(loss: float) -> str | None:
    """The tutor's word for a play that gives away ``loss``; None for a good play."""
    for threshold, word in GRADES:
        if loss >= threshold:
            return word
    return None


def grade_word(word: str) -> str:
    """A grade (``grade``'s word) in the language in use."""
    return _(GRADE_WORDS[word]) if word in GRADE_WORDS else word


def chance_game(players: int) -> bool:
    """Whether values are chances to win (El Mundo's four) rather than expected points."""
    return players > 2


def value_text(value: float, players: int) -> str:
    """A play's value as shown: ``+0.186`` points, or ``41.2%`` chance to win."""
    if chance_game(players):
        return share_text(value)
    if abs(value) < 0.0005:
        return points_text(0)
    return f"{'+' if value > 0 else MINUS}{points_text(abs(value))}"


def points_text(value: float) -> str:
    """Points with three decimals, the locale's way (rounded as Python rounds floats, not
    as the decimal ``str`` would: 0.0005 is a shade over and shows 0.001)."""
    return number(round(value, 3), 3)


def share_text(share: float) -> str:
    """A share (0-1) as a percentage with one decimal, the locale's way (rounded as
    ``points_text`` rounds)."""
    return percent(round(100 * share, 1) / 100, 1)


def difference_text(difference: float, players: int) -> str:
    """How far a play falls behind the best: ``−0.042`` (points) or ``−4.2%``; a
    difference that rounds to nothing is ``0.000`` (``0.0%``), without a minus."""
    if chance_game(players):
        nothing = round(100 * abs(difference), 1) == 0
        shown = share_text(0 if nothing else abs(difference))
    else:
        nothing = round(abs(difference), 3) == 0
        shown = points_text(0 if nothing else abs(difference))
    return shown if nothing else f"{MINUS}{shown}"


def loss_words(loss: float, players: int) -> str:
    """The tutor's measure in a phrase: ``0.085 points`` or ``8.5% of your chance to win``."""
    if chance_game(players):
        return _("{share} of your chance to win").format(share=share_text(loss))
    one = abs(loss - 1) < 5e-4
    # TRANSLATORS: an amount of points with three decimals ("0.085 points")
    return ngettext("{points} point", "{points} points", 1 if one else 2).format(
        points=points_text(loss)
    )


def unit_note(players: int) -> str:
    """What the numbers of a hint mean, for the foot of its panel."""
    if chance_game(players):
        return _("Your chance to win the game after each play.")
    return _("Expected points from the game after each play.")


def look_words(variant_id: str, deep: bool) -> str:
    """How deeply a hint's plays were looked at, for its panel: the first look shown at
    once, or the expert's deeper look that replaces it (naming how far ahead)."""
    if not deep:
        return _("First look: each play as it stands")
    from game.ai.players import EXPERT_DEEP

    if EXPERT_DEEP.get(variant_id):
        return _("Deeper look: the leading plays up to two rolls ahead")
    return _("Deeper look: the leading plays a roll ahead")


def play_text(state: m.GameState, play: Play) -> str:
    """A play's notation (``24/18* 13/10``); in El Mundo with the dice it hands on."""
    return format_turn(state.variant, state.dice, play)


def moves_of(play: Play) -> list[tuple[Step, ...]]:
    """The play as the moves of single men: each run of steps that one man makes
    (a step continues the man that arrived where it starts), in the play's order."""
    moves: list[list[Step]] = []
    for step in play:
        for move in moves:
            if move[-1].dst == step.src and step.src != 0:
                move.append(step)
                break
        else:
            moves.append([step])
    return [tuple(move) for move in moves]


@dataclass(frozen=True, slots=True)
class TutorTally:
    """The tutor's judgements of one person's plays in a game (the plays made, not
    those taken back)."""

    moves: int = 0  # plays judged (forced plays and passes are not)
    loss: float = 0.0  # what they gave away in all
    doubtful: int = 0
    bad: int = 0
    very_bad: int = 0
    taken_back: int = 0  # plays the tutor flagged that the person took back

    def add(self, loss: float) -> TutorTally:
        word = grade(loss)
        return replace(
            self,
            moves=self.moves + 1,
            loss=self.loss + loss,
            doubtful=self.doubtful + (word == "doubtful"),
            bad=self.bad + (word == "bad"),
            very_bad=self.very_bad + (word == "very bad"),
        )

    def took_back(self) -> TutorTally:
        return replace(self, taken_back=self.taken_back + 1)

    @property
    def average(self) -> float:
        """The average loss per judged play."""
        return self.loss / self.moves if self.moves else 0.0

    @property
    def errors(self) -> int:
        return self.doubtful + self.bad + self.very_bad


__all__ = [
    "BAD",
    "DOUBTFUL",
    "GRADE_TITLES",
    "GRADE_WORDS",
    "HINT_ROWS",
    "VERY_BAD",
    "TutorTally",
    "chance_game",
    "difference_text",
    "grade",
    "grade_word",
    "look_words",
    "loss_words",
    "moves_of",
    "play_text",
    "points_text",
    "share_text",
    "unit_note",
    "value_text",
]
