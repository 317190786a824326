"""What the table tells the window: small frozen values, read by ``Table.poll()``.

The table makes every decision on the game at once (the rules move first); each
event says what happened, so the window can show it: throw the dice, slide the
men, play a sound, say a line. The events of one call come in the order things
happened.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeAlias

from game.rules import actions as a
from game.rules import match as m
from game.rules.play import Play
from game.rules.position import Position


@dataclass(frozen=True, slots=True)
class Said:
    """A line for the message bar; a ``brief`` one gives way to the prompt as soon as a
    person has something to do (the opening throw: the dice shown say it too)."""

    text: str
    brief: bool = False


@dataclass(frozen=True, slots=True)
class Resumed:
    """A saved game goes on: the window says which, in the player's language (the
    session's ``describe()`` is the log's); ``lost_dice``: with new dice, its own
    being lost (``game.play.saved_dice``)."""

    saved: Any  # game.play.session.SavedGame (which imports this module)
    lost_dice: bool = False


@dataclass(frozen=True, slots=True)
class Opened:
    """A game begins at ``state`` (backgammon's starter has the opening throw's dice)."""

    state: m.GameState


@dataclass(frozen=True, slots=True)
class Rolled:
    side: int
    dice: tuple[int, ...]
    by_hand: bool = False


@dataclass(frozen=True, slots=True)
class Played:
    """``side`` made ``play``; ``animate``: its steps are to be shown (a computer's, a
    forced play, a replay's), else the person's own steps are on the board already."""

    side: int
    play: Play
    animate: bool
    before: Position | None = None  # the position the play was made from
    notation: str = ""  # the play in the standard notation (``13/7 8/7``)


@dataclass(frozen=True, slots=True)
class MadeForYou:
    """The setting "Bear off automatically" made a person's play for them: its steps are
    the person's turn now, to be shown sliding from ``before``; the turn still ends as
    a person's does (undo until the dice are picked up, or at once)."""

    side: int
    play: Play
    before: Position


@dataclass(frozen=True, slots=True)
class DiceShown:
    """The dice shown change without a throw (a resumed game, dice handed on)."""

    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Doubled:
    side: int


@dataclass(frozen=True, slots=True)
class Answered:
    """A take, drop or beaver of a double; an accepted or refused resignation."""

    side: int
    action: a.Action


@dataclass(frozen=True, slots=True)
class Named:
    side: int
    value: int


@dataclass(frozen=True, slots=True)
class Resigned:
    side: int
    level: int


@dataclass(frozen=True, slots=True)
class Conceded:
    side: int


@dataclass(frozen=True, slots=True)
class DiceAsked:
    """Physical dice: the throw is to be entered (``opening``: one die each)."""

    title: str
    count: int
    faces: int
    names: tuple[str, ...] = ()
    opening: bool = False


@dataclass(frozen=True, slots=True)
class ThrowAsked:
    """The player's throw is awaited before the first die (the dice's seal shown)."""

    seal: str


@dataclass(frozen=True, slots=True)
class Thrown:
    """The player threw: ``contribution`` went into the dice of the game now open."""

    contribution: str
    opening: bool


@dataclass(frozen=True, slots=True)
class TurnStarted:
    """A person's turn to move begins: a fresh step-by-step input (``Table.turn``)."""

    state: m.GameState


@dataclass(frozen=True, slots=True)
class TurnReset:
    """The person's steps of the turn were taken back (the tutor's Take back)."""


@dataclass(frozen=True, slots=True)
class ReviewAsked:
    """The tutor is judging the person's play (practice)."""


@dataclass(frozen=True, slots=True)
class Judgement:
    """The tutor's judgement of a play that gives away too much (awaits an answer)."""

    state: m.GameState
    play: Play
    loss: float
    best: Play
    grade: str
    ranked: list[Any] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class ReviewReady:
    judgement: Judgement


@dataclass(frozen=True, slots=True)
class Praised:
    """The tutor's quiet word on a good play."""

    word: str


@dataclass(frozen=True, slots=True)
class HintReady:
    """The ranking of ``state``'s plays (None: the evaluation could not rank them):
    the expert's deeper look (``deep``), or the first look a hint shows at once
    (``Table.ask_hint``: every play valued once) while the deeper one is worked out."""

    state: m.GameState | None
    ranked: list[Any] | None
    deep: bool = True


@dataclass(frozen=True, slots=True)
class Rewound:
    """A replay went back to ``state``."""

    state: m.GameState


@dataclass(frozen=True, slots=True)
class Wait:
    """Pacing: ``"think"`` after a computer's decision, ``"forced"`` after a forced play,
    ``"replay"`` between a replay's decisions (``"now"``: the viewer steps)."""

    reason: str


@dataclass(frozen=True, slots=True)
class GameOver:
    state: m.GameState


Event: TypeAlias = (
    Said
    | Resumed
    | Opened
    | Rolled
    | Played
    | MadeForYou
    | DiceShown
    | Doubled
    | Answered
    | Named
    | Resigned
    | Conceded
    | DiceAsked
    | ThrowAsked
    | Thrown
    | TurnStarted
    | TurnReset
    | ReviewAsked
    | ReviewReady
    | Praised
    | HintReady
    | Rewound
    | Wait
    | GameOver
)
