"""The variants' rule options as the window shows them, in the player's language (pure).

The rules name each option in English (``OptionSpec.label``, ``description`` and
``source``), which the engine protocol and the records keep. The setup shows them
translated: every label, description and source of every variant is marked here for the
catalogue (``tests/test_option_names.py`` checks that none is missing), and the
functions below look them up where they are shown. A source that is only a name
("Ludii", "Murray") stays as written in every language, as the sources' names do.
"""

from __future__ import annotations

from typing import Protocol

from game.i18n import N_, _, ngettext

OptionValue = bool | int | str


class Spec(Protocol):
    """What the words need of an option (``game.rules.variants.base.OptionSpec``)."""

    @property
    def name(self) -> str: ...
    @property
    def label(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def source(self) -> str: ...


LABELS: dict[str, str] = {
    "Match length": N_("Match length"),
    "Doubling cube": N_("Doubling cube"),
    "Jacoby rule": N_("Jacoby rule"),
    "Beavers": N_("Beavers"),
    "Crawford rule": N_("Crawford rule"),
    "Contrary directions": N_("Contrary directions"),
    "Exact bear-off": N_("Exact bear-off"),
    "One die a man": N_("One die a man"),
    "Free entry": N_("Free entry"),
    "Bear-off race": N_("Bear-off race"),
    "Only the opponent's points shut out": N_("Only the opponent's points shut out"),
    "Play on while shut in": N_("Play on while shut in"),
    "Last mover wins": N_("Last mover wins"),
    "Dice": N_("Dice"),
    "Strict start table": N_("Strict start table"),
    "Modern use of the dice": N_("Modern use of the dice"),
    "Double for a shut-out": N_("Double for a shut-out"),
    "Seven-sided dice": N_("Seven-sided dice"),
    "Free placement": N_("Free placement"),
    "Play on for places": N_("Play on for places"),
    "Third die": N_("Third die"),
    "Blockade wins": N_("Blockade wins"),
    "Backgammon counts 3": N_("Backgammon counts 3"),
    "Bear off while pinned": N_("Bear off while pinned"),
    "Points for the mother": N_("Points for the mother"),
    "Runner passes the start": N_("Runner passes the start"),
    "Primes allowed": N_("Primes allowed"),
    "Single wins only": N_("Single wins only"),
}
DESCRIPTIONS: frozenset[str] = frozenset(
    {
        N_("Points needed to win the match; 0 plays single games for money."),
        N_("Players may offer to double the stakes before they roll."),
        N_("Money play: gammons and backgammons count single unless the cube was turned."),
        N_("Money play: a player who is doubled may take and at once redouble, keeping the cube."),
        N_("Match play: no doubling in the first game after a player comes within one point."),
        N_(
            "The two sides move round the board in opposite directions, as in the later tables "
            "games, instead of both the same way on one track."
        ),
        N_(
            "A man bears off only with the exact number; a higher die never bears off the "
            "rearmost man."
        ),
        N_(
            "Each die moves a different man: no man takes two dice in one turn, so a man goes "
            "at most six points a turn. Off, one man may take two or three dice, and the first "
            "throw can usually hit and shut out the other side."
        ),
        N_(
            "A hit man may come back on any point of the first six that has room for it, "
            "spending any one die."
        ),
        N_(
            "Instead of stopping on the mirror of the start, the men are borne off with exact "
            "throws once all stand there; the first side with every man off wins."
        ),
        N_(
            "A hit man loses the game only when the opponent holds all six entry points; when "
            "some are the side's own pairs, it waits for room instead."
        ),
        N_(
            "A side whose hit man finds all six entry points full, some of them its own pairs, "
            "moves its other men meanwhile (so it can open a point) instead of passing; it "
            "enters as soon as a point is open. Goes with only the opponent's points shutting "
            "a side out."
        ),
        N_(
            "When neither side can move any more, the side that moved last wins. Off, such a "
            "game is a draw, as Alfonso has it."
        ),
        N_("Two dice, or three as Murray reads Alfonso's 'two or three'."),
        N_("Every point of one's start table holds at most one of one's own men."),
        N_("Use as many dice as possible, and the higher die if only one can be used."),
        N_("Bearing off all men before the opponent bears off any scores two points."),
        N_("Alfonso's text gives the dice seven faces; the seed plays with six-sided dice."),
        N_("Entering and moving mix from the first turn instead of four rounds of entering only."),
        N_("After the first player bears off all twelve, the others play on for second and third."),
        N_(
            "Throw all three dice, or throw two and count the third as a 6, or let the player "
            "or the opponent name the third from 1 to 6."
        ),
        N_("A man may come onto a point of its own start table only while no own man is there."),
        N_(
            "Leaving the opponent unable to enter (lympolding) or to move at all (lurching) "
            "wins the game, instead of only costing the opponent the turn."
        ),
        N_(
            "A win while the loser has borne off none and still has a man on the bar or in the "
            "winner's home table scores 3, as in backgammon, instead of 2 like a gammon."
        ),
        N_(
            "Once all fifteen are home, the free men may bear off even while one of them is "
            "pinned (the pinned man waits to be freed)."
        ),
        N_(
            "What a side wins when the opponent's mother (its last man on its starting point) "
            "is pinned there and the winner has no man left on its own start."
        ),
        N_(
            "The first man must pass the opponent's starting point, not only reach it, before "
            "a second man may leave the start."
        ),
        N_(
            "Six points in a row may be held even with no opponent man past them (one's own "
            "first six points still may never all be held)."
        ),
        N_("Every win scores one point: no gammons or backgammons."),
        N_("Players may offer to double the stakes before they roll, as in backgammon."),
    }
)
SOURCES: frozenset[str] = frozenset(
    {
        N_("decided here: the movement of the later tables games, against Austin's reading"),
        N_("decided here (as the reconstruction of Duodecim Scriptorum)"),
        N_("a modern retelling, Turning the Tables: each die moves a single piece"),
        N_("a modern retelling, Turning the Tables (a house rule)"),
        N_("decided here: the sources are silent"),
        N_("a modern retelling, Turning the Tables"),
        N_("backgammon's rule"),
        N_("decided here"),
        N_("Wikipedia (a constant 6); Murray (named by either player)"),
        N_("a house rule"),
        N_("the double game by default; 1 or 3 as house rules"),
        N_("decided here (a common house rule)"),
    }
)
# Sources that are only names: the same in every language.
NAMED_SOURCES: frozenset[str] = frozenset(
    {"Ludii", "Murray", "Reid", "Alfonso X", "BrainKing", "Murray; Wikipedia"}
)
# Where the setup says it better than the rules' own label.
SETUP_LABELS: dict[str, str] = {"faces": N_("Faces of each die")}
# Better words for some options' values than the values themselves.
VALUES: dict[str, dict[OptionValue, str]] = {
    "faces": {6: N_("Six"), 7: N_("Seven")},
    # TRANSLATORS: how many dice are thrown (an option of Ludus Lombardorum)
    "dice": {2: N_("Two"), 3: N_("Three")},
    "third_die": {
        # TRANSLATORS: the third die (Ludus Anglicorum) is thrown with the others
        "thrown": N_("Thrown"),
        "six": N_("Always a six"),
        "player": N_("Named by the player"),
        "opponent": N_("Named by the opponent"),
    },
}


def option_label(spec: Spec) -> str:
    """The option's name as the setup shows it ("Doubling cube")."""
    english = SETUP_LABELS.get(spec.name) or LABELS.get(spec.label)
    return _(english) if english is not None else spec.label


def option_description(spec: Spec) -> str:
    """What the option does, in a sentence."""
    return _(spec.description) if spec.description in DESCRIPTIONS else spec.description


def option_source(spec: Spec) -> str:
    """Where the option comes from ("" when the rules name none)."""
    return _(spec.source) if spec.source in SOURCES else spec.source


def option_help(spec: Spec) -> str:
    """The help line of the option: what it does, and its source."""
    text = option_description(spec)
    if spec.source:
        text += "  " + _("(Source: {source}.)").format(source=option_source(spec))
    return text


def option_value(spec: Spec, value: OptionValue) -> str:
    """How a value of ``spec`` reads: "Match to 5 points", "Money game", "On", "Seven"."""
    if spec.name == "match_length":
        number = int(value)
        if number == 0:
            return _("Money game")
        return ngettext("Match to {n} point", "Match to {n} points", number).format(n=number)
    words = VALUES.get(spec.name, {})
    if value in words:
        return _(words[value])
    if isinstance(value, bool):
        return _("On") if value else _("Off")
    return str(value).replace("_", " ").capitalize()


__all__ = [
    "DESCRIPTIONS",
    "LABELS",
    "NAMED_SOURCES",
    "SETUP_LABELS",
    "SOURCES",
    "VALUES",
    "option_description",
    "option_help",
    "option_label",
    "option_source",
    "option_value",
]
