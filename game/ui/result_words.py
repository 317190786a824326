"""The results' words: who won, how, the points, the places, the tutor's tally.

Pure text from a :class:`~game.play.session.GameSummary` (the side names come from the
variant's theme), shared by the results and the practice summary; in the player's
language, looked up each time they are asked for (a change of language shows at once).
"""

from __future__ import annotations

from dataclasses import replace

from game.campaign import medal_name
from game.i18n import N_, _, ngettext, number, percent
from game.level_names import level_name
from game.names import game_name, tavli
from game.play.advice import TutorTally, chance_game
from game.play.session import GameSummary, Seat
from game.rules import tavli as tavli_rules
from game.rules.outcome import Kind, Termination
from game.study.rated import RatingChange
from game.ui.theme import side_colours, theme_for

# The headline for each way of winning, the winner by name.
KIND_WORDS = {
    # TRANSLATORS: the results' headline; {name} is the winning side ("Ivory wins")
    Kind.SINGLE: N_("{name} wins"),
    Kind.GAMMON: N_("{name} wins a gammon"),
    Kind.BACKGAMMON: N_("{name} wins a backgammon"),
    # TRANSLATORS: the historical games: the loser could not move a man at all
    Kind.SHUTOUT: N_("{name} wins by a shut-out"),
    # TRANSLATORS: Ludus Lombardorum's win by blocking (the old game's own word)
    Kind.LYMPOLDING: N_("{name} wins by lympolding"),
    # TRANSLATORS: Ludus Anglicorum's win by lurching (the old game's own word)
    Kind.LURCHING: N_("{name} wins by lurching"),
    Kind.LAST_MOVER: N_("{name} wins as the last mover"),
    # TRANSLATORS: Long Nardy's double win (the loser bore off no man), its players' word
    Kind.MARS: N_("{name} wins a mars"),
    # TRANSLATORS: Plakoto: the other side's last man at its start is pinned
    Kind.MOTHER: N_("{name} wins by pinning the mother"),
    Kind.TIE: N_("A tie"),
}


KIND_HOW = {
    Kind.SINGLE: N_("First to bear off every man."),
    Kind.GAMMON: N_("The loser had not borne off a single man."),
    Kind.BACKGAMMON: N_(
        "The loser had borne off no man and still had one on the bar or in the winner's home table."
    ),
    Kind.SHUTOUT: N_("The opponent had a man to bring in and found every entry point shut."),
    Kind.LYMPOLDING: N_("The opponent had a man on the bar that no throw could bring in."),
    Kind.LURCHING: N_("The opponent could not move at all, whatever the dice."),
    Kind.LAST_MOVER: N_("Neither side could move any more, and the winner had moved last."),
    Kind.MARS: N_("The loser had not borne off a single man."),
    Kind.MOTHER: N_("The loser's last man on its starting point was pinned there."),
    Kind.TIE: N_("Neither side could ever move again."),
}

# A tie for another reason than a game nobody can move in.
TIE_HOW = {
    Termination.MOTHER: N_(
        "Both mothers were pinned: the last man of each side on its starting point."
    ),
}

# How a two-sided game was given up, the loser by name.
GIVEN_UP = {
    # TRANSLATORS: why the game ended; {name} is the side that gave it up
    Termination.CONCEDED: N_("{name} conceded the game."),
    Termination.RESIGNED: N_("{name} resigned."),
    Termination.DROPPED: N_("{name} refused the double."),
}
# The same when the loser is not one side (more than two played).
GIVEN_UP_UNNAMED = {
    Termination.CONCEDED: N_("The opponent conceded the game."),
    Termination.RESIGNED: N_("The opponent resigned."),
    Termination.DROPPED: N_("The opponent refused the double."),
}

# El Mundo's places, each with the side that took it.
PLACES = (
    # TRANSLATORS: El Mundo's places at the end; {name} is the side ("First Green")
    N_("First {name}"),
    N_("Second {name}"),
    N_("Third {name}"),
    N_("Fourth {name}"),
    N_("Fifth {name}"),
    N_("Sixth {name}"),
)
SEPARATOR = "  ·  "


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
        # TRANSLATORS: a side's average loss per move, of its chance to win ("1.2% to win")
        return _("{share} to win").format(share=percent(tally.average, 1))
    # TRANSLATORS: a side's average loss per move, a number with decimals ("0.021 points")
    return _("{amount} points").format(amount=number(tally.average, 3))


def tutor_words(summary: GameSummary) -> str:
    """The tutor's count of a practice game's mistakes, in a sentence."""
    sides = judged(summary)
    if not sides:
        return ""
    parts = []
    for side, tally in sides:
        counts = ngettext(
            # TRANSLATORS: the tutor's tally of a practice game's moves and their mistakes
            "{n} move: {doubtful} doubtful, {bad} bad, {very_bad} very bad",
            "{n} moves: {doubtful} doubtful, {bad} bad, {very_bad} very bad",
            tally.moves,
        ).format(n=tally.moves, doubtful=tally.doubtful, bad=tally.bad, very_bad=tally.very_bad)
        if tally.taken_back:
            counts = ngettext(
                "{counts} ({n} taken back)", "{counts} ({n} taken back)", tally.taken_back
            ).format(counts=counts, n=tally.taken_back)
        if len(sides) > 1:
            # TRANSLATORS: one side's tally when the tutor judged several ("Ivory, 12 moves: ...")
            counts = _("{name}, {counts}").format(name=side_name(summary, side), counts=counts)
        parts.append(counts)
    return _("Tutor on {tallies}").format(tallies=SEPARATOR.join(parts))


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
        return _("You") if humans == 1 and summary.setup.mode != "replay" else _("Person")
    # TRANSLATORS: who played a side: the computer, at its level ("Computer, Expert")
    return _("Computer, {level}").format(level=level_name(seat.level))


def headline(summary: GameSummary) -> str:
    """ "Ivory wins a gammon", "A tie"."""
    result = summary.state.result
    if result is None:
        return _("Game over")
    if result.winner is None:
        return _(KIND_WORDS[Kind.TIE])
    words = KIND_WORDS.get(result.kind, KIND_WORDS[Kind.SINGLE])
    return _(words).format(name=side_name(summary, result.winner))


def how_words(summary: GameSummary) -> str:
    """Why the game ended, in a sentence."""
    result = summary.state.result
    if result is None:
        return ""
    players = summary.state.variant.players
    if result.termination in GIVEN_UP:
        if result.winner is not None and players == 2:
            name = side_name(summary, 1 - result.winner)
            return _(GIVEN_UP[result.termination]).format(name=name)
        return _(GIVEN_UP_UNNAMED[result.termination])
    if result.winner is None and result.termination in TIE_HOW:
        return _(TIE_HOW[result.termination])
    how = KIND_HOW.get(result.kind)
    return _(how) if how else ""


def scores_words(summary: GameSummary) -> str:
    """Each side's score in the match: "Ivory 3, Crimson 1"."""
    return ", ".join(
        # TRANSLATORS: a side's score in a match ("Ivory 3"); joined by commas
        _("{name} {points}").format(name=side_name(summary, side), points=points)
        for side, points in enumerate(summary.state.match.score)
    )


def points_words(summary: GameSummary) -> str:
    """The points and the match score: "2 points  ·  Match to 5: Ivory 3, Crimson 1"."""
    state = summary.state
    result = state.result
    parts = []
    if result is not None and result.winner is not None:
        parts.append(ngettext("{n} point", "{n} points", result.points).format(n=result.points))
        if state.cube.value > 1:
            # TRANSLATORS: the doubling cube's value when the game ended
            parts.append(_("cube at {value}").format(value=state.cube.value))
    match = state.match
    if match.cycle:
        parts.append(tavli_words(summary))
    elif match.length:
        parts.append(
            _("Match to {length}: {scores}").format(
                length=match.length, scores=scores_words(summary)
            )
        )
    return SEPARATOR.join(parts)


def tavli_words(summary: GameSummary) -> str:
    """A Tavli match after one of its games: "Tavli to 5: Ivory 3, Crimson 1  ·  Next:
    Fevga", or at its end "Ivory wins the Tavli match, 5-2"."""
    match = summary.state.match
    if match.winner is not None:
        score = "-".join(str(points) for points in sorted(match.score, reverse=True))
        # TRANSLATORS: the end of a Tavli match; {score} is the winner's, then the loser's ("5-2")
        return _("{name} wins the {tavli} match, {score}").format(
            name=side_name(summary, match.winner), tavli=tavli(), score=score
        )
    return _("{tavli} to {length}: {scores}  ·  Next: {game}").format(
        tavli=tavli(),
        length=match.length,
        scores=scores_words(summary),
        game=next_in_cycle(summary),
    )


def next_in_cycle(summary: GameSummary) -> str:
    """The name of the match's next game ("Plakoto"), "" outside an unfinished Tavli match."""
    match = summary.state.match
    if not match.cycle or match.winner is not None:
        return ""
    following = tavli_rules.in_turn(replace(match, game=match.game + 1)) or ""
    return game_name(following) if following else ""


def campaign_words(summary: GameSummary, title: str = "") -> str:
    """The campaign's verdict: the medal earned, or the goal missed."""
    if summary.medal is None:
        return ""
    if not summary.medal:
        return _("Level not won: the goal was missed. Try again!")
    words = medal_name(summary.medal)
    result = summary.state.result
    humans = [i for i, seat in enumerate(summary.setup.seats) if seat.human]
    if result is not None and humans and result.winner not in humans:
        # A salvage goal: a lost position played well.
        # TRANSLATORS: {medal} is the medal's name ("Bronze medal for losing by little")
        words = _("{medal} for losing by little").format(medal=words)
    if title:
        # TRANSLATORS: after the medal, the campaign's next level by its title
        return words + SEPARATOR + _("next: {title}").format(title=title)
    return words + SEPARATOR + _("the campaign is complete")


def places_words(summary: GameSummary) -> str:
    """El Mundo played on for places: "First Green · Second Red · ..."."""
    result = summary.state.result
    if result is None or not result.places:
        return ""
    return SEPARATOR.join(
        _(PLACES[i]).format(name=side_name(summary, side))
        if i < len(PLACES)
        else f"{i + 1} {side_name(summary, side)}"
        for i, side in enumerate(result.places)
    )


def rating_words(change: RatingChange | None) -> str:
    """The player's new rating in the game and its change: "Your Backgammon rating:
    1184 (+12)" ("" for a game not rated)."""
    if change is None:
        return ""
    step = round(change.after) - round(change.before)
    # TRANSLATORS: after a rated game: the player's rating in that game and its change
    return _("Your {game} rating: {rating} ({change})").format(
        game=game_name(change.variant),
        rating=f"{change.after:.0f}",  # (an Elo rating is written without grouping)
        change=f"{step:+d}",
    )
