"""The results' words: who won, how, the points, the places, the tutor's tally.

Pure text from a :class:`~game.play.session.GameSummary` (the side names come from the
variant's theme), shared by the results and the practice summary.
"""

from __future__ import annotations

from dataclasses import replace

from game.campaign import MEDALS
from game.play.advice import TutorTally, chance_game
from game.play.session import GameSummary, Seat
from game.rules import tavli
from game.rules.outcome import Kind, Termination
from game.ui.theme import side_colours, theme_for

KIND_WORDS = {
    Kind.SINGLE: "",
    Kind.GAMMON: "a gammon",
    Kind.BACKGAMMON: "a backgammon",
    Kind.SHUTOUT: "by a shut-out",
    Kind.LYMPOLDING: "by lympolding",
    Kind.LURCHING: "by lurching",
    Kind.LAST_MOVER: "as the last mover",
    Kind.MARS: "a mars",
    Kind.MOTHER: "by pinning the mother",
    Kind.TIE: "",
}


KIND_HOW = {
    Kind.SINGLE: "First to bear off every man.",
    Kind.GAMMON: "The loser had not borne off a single man.",
    Kind.BACKGAMMON: "The loser had borne off no man and still had one on the bar or in "
    "the winner's home table.",
    Kind.SHUTOUT: "The opponent had a man to bring in and found every entry point shut.",
    Kind.LYMPOLDING: "The opponent had a man on the bar that no throw could bring in.",
    Kind.LURCHING: "The opponent could not move at all, whatever the dice.",
    Kind.LAST_MOVER: "Neither side could move any more, and the winner had moved last.",
    Kind.MARS: "The loser had not borne off a single man.",
    Kind.MOTHER: "The loser's last man on its starting point was pinned there.",
    Kind.TIE: "Neither side could ever move again.",
}

# A tie for another reason than a game nobody can move in.
TIE_HOW = {
    Termination.MOTHER: "Both mothers were pinned: the last man of each side on its starting "
    "point.",
}


PLACES = ("First", "Second", "Third", "Fourth", "Fifth", "Sixth")


def judged(summary: GameSummary) -> list[tuple[int, TutorTally]]:
    """The sides whose plays the tutor judged (practice), with its tally."""
    return [
        (side, tally)
        for side, tally in enumerate(summary.tutor)
        if tally is not None and tally.moves > 0
    ]


def loss_text(summary: GameSummary, tally: TutorTally | None) -> str:
    """A side's average loss per judged move: ``0.021 points``, or ``1.2% to win`` (El
    Mundo: of the chance to win)."""
    if tally is None or not tally.moves:
        return "-"
    if chance_game(summary.state.variant.players):
        return f"{100 * tally.average:.1f}% to win"
    return f"{tally.average:.3f} points"


def tutor_words(summary: GameSummary) -> str:
    """The tutor's count of a practice game's mistakes, in a sentence."""
    sides = judged(summary)
    if not sides:
        return ""
    parts = []
    for side, tally in sides:
        counts = (
            f"{tally.moves} move{'s' if tally.moves != 1 else ''}: {tally.doubtful} doubtful, "
            f"{tally.bad} bad, {tally.very_bad} very bad"
        )
        if tally.taken_back:
            counts += f" ({tally.taken_back} taken back)"
        who = f"{side_name(summary, side)}, " if len(sides) > 1 else ""
        parts.append(who + counts)
    return "Tutor on " + "  ·  ".join(parts)


def side_name(summary: GameSummary, side: int) -> str:
    """The seat's own name, else its side's colour (Ivory, Crimson, Green...)."""
    seats = summary.setup.seats
    seat = seats[side] if side < len(seats) else Seat(human=False)
    if seat.name:
        return seat.name
    theme = theme_for(summary.setup.variant_id)
    return side_colours(theme, side).name


def seat_words(summary: GameSummary, side: int) -> str:
    seats = summary.setup.seats
    seat = seats[side] if side < len(seats) else Seat(human=False)
    if seat.human:
        humans = sum(1 for s in seats if s.human)
        return "You" if humans == 1 and summary.setup.mode != "replay" else "Person"
    return f"Computer, {seat.level}"


def headline(summary: GameSummary) -> str:
    """ "Ivory wins a gammon", "A tie"."""
    result = summary.state.result
    if result is None:
        return "Game over"
    if result.winner is None:
        return "A tie"
    words = KIND_WORDS.get(result.kind, "")
    name = side_name(summary, result.winner)
    return f"{name} wins {words}".strip()


def how_words(summary: GameSummary) -> str:
    """Why the game ended, in a sentence."""
    result = summary.state.result
    if result is None:
        return ""
    players = summary.state.variant.players
    loser = None
    if result.winner is not None and players == 2:
        loser = side_name(summary, 1 - result.winner)
    if result.termination is Termination.CONCEDED:
        return f"{loser or 'The opponent'} conceded the game."
    if result.termination is Termination.RESIGNED:
        return f"{loser or 'The opponent'} resigned."
    if result.termination is Termination.DROPPED:
        return f"{loser or 'The opponent'} refused the double."
    if result.winner is None and result.termination in TIE_HOW:
        return TIE_HOW[result.termination]
    return KIND_HOW.get(result.kind, "")


def points_words(summary: GameSummary) -> str:
    """The points and the match score: "2 points  ·  Match to 5: Ivory 3, Crimson 1"."""
    state = summary.state
    result = state.result
    parts = []
    if result is not None and result.winner is not None:
        parts.append(f"{result.points} point{'s' if result.points != 1 else ''}")
        if state.cube.value > 1:
            parts.append(f"cube at {state.cube.value}")
    match = state.match
    if match.cycle:
        parts.append(tavli_words(summary))
    elif match.length:
        scores = ", ".join(
            f"{side_name(summary, side)} {points}" for side, points in enumerate(match.score)
        )
        parts.append(f"Match to {match.length}: {scores}")
    return "  ·  ".join(parts)


def tavli_words(summary: GameSummary) -> str:
    """A Tavli match after one of its games: "Tavli to 5: Ivory 3, Crimson 1  ·  Next:
    Fevga", or at its end "Ivory wins the Tavli match, 5-2"."""
    match = summary.state.match
    if match.winner is not None:
        score = "-".join(str(points) for points in sorted(match.score, reverse=True))
        return f"{side_name(summary, match.winner)} wins the Tavli match, {score}"
    scores = ", ".join(
        f"{side_name(summary, side)} {points}" for side, points in enumerate(match.score)
    )
    return f"Tavli to {match.length}: {scores}  ·  Next: {next_in_cycle(summary)}"


def next_in_cycle(summary: GameSummary) -> str:
    """The name of the match's next game ("Plakoto"), "" outside an unfinished Tavli match."""
    match = summary.state.match
    if not match.cycle or match.winner is not None:
        return ""
    following = tavli.in_turn(replace(match, game=match.game + 1)) or ""
    return tavli.NAMES.get(following, following)


def campaign_words(summary: GameSummary, title: str = "") -> str:
    """The campaign's verdict: the medal earned, or the goal missed."""
    if summary.medal is None:
        return ""
    if not summary.medal:
        return "Level not won: the goal was missed. Try again!"
    words = f"{MEDALS[summary.medal].capitalize()} medal"
    result = summary.state.result
    humans = [i for i, seat in enumerate(summary.setup.seats) if seat.human]
    if result is not None and humans and result.winner not in humans:
        words += " for losing by little"  # a salvage goal: a lost position played well
    if title:
        return f"{words}  ·  next: {title}"
    return f"{words}  ·  the campaign is complete"


def places_words(summary: GameSummary) -> str:
    """El Mundo played on for places: "First Green · Second Red · ..."."""
    result = summary.state.result
    if result is None or not result.places:
        return ""
    return "  ·  ".join(
        f"{PLACES[i] if i < len(PLACES) else i + 1} {side_name(summary, side)}"
        for i, side in enumerate(result.places)
    )
