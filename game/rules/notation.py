"""Move notation as GNU Backgammon writes it: ``24/18* 13/10``, ``8/5(2)``, ``bar/22``, ``6/off``.

A move names the points one man passes, from where it starts to where it
stops: the steps of one man are chained into one move, and a point in the
middle is named only where the man hit there (``24/18*/14``). ``*`` follows
every point where a blot was hit; ``(n)`` counts identical moves; ``pass`` is
the play of no steps. Points are named by ``variant.point_label`` (the
standard point numbers in backgammon, the pos numbers elsewhere).

Reading resolves the text against the legal plays, by the position they
leave: a move takes a man from the first point it names to the last.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from game.rules.errors import IllegalPlayError, NotationError, excerpt
from game.rules.play import Play, Step, dice_left
from game.rules.position import Position
from game.rules.variants.base import Variant

PASS_TEXT = "pass"

_POINT = re.compile(r"([a-z0-9]+)(\*?)")
_COUNT = re.compile(r"\((\d{1,2})\)$")
_DICE_LIST = re.compile(r"[\d\s]*")
_SPACES = re.compile(r"\s+")


def format_step(variant: Variant, step: Step) -> str:
    """One step as ``from/to``, with ``*`` where it hits: ``13/10*``."""
    label = variant.point_label
    return f"{label(step.src)}/{label(step.dst)}{'*' if step.hit else ''}"


def format_turn(variant: Variant, dice: Sequence[int], play: Play) -> str:
    """The notation of ``play`` made with ``dice``: where the variant hands unused dice on
    (El Mundo), they follow in brackets."""
    handed = dice_left(tuple(dice), play) if variant.passes_dice and play else ()
    return format_play(variant, play, handed)


def format_play(
    variant: Variant, play: Play | Sequence[Step], handed_on: Sequence[int] = ()
) -> str:
    """The standard notation of ``play``: ``24/18*/14 13/10``, ``8/5(2) 6/3(2)``, ``pass``.

    Steps are taken from the rearmost first; a step that starts where an
    earlier one ended continues that man's move, unless each man moves once a
    turn (a step that does not hit is preferred there, so that fewer middle
    points need naming). Moves are
    written from the rearmost start (the bar first), then the nearest end.
    In El Mundo, the dice a play hands on to the next players follow in
    brackets (``1/6 [5]``): plays that leave the same board but hand on
    different dice differ.
    """
    if not play:
        return PASS_TEXT
    off = variant.off_pos
    # Where each man moves once a turn (Quinze Tablas), a step that starts where another
    # ended is another man's: every step is its own move (``1/3 3/8``, not ``1/8``).
    chains = not variant.moves_each_man_once
    steps = sorted(play, key=lambda s: (s.src, s.dst, s.hit))
    used = [False] * len(steps)
    # A move as (src, middle points where the man hit, dst) and whether it hit at dst.
    moves: Counter[tuple[int, tuple[int, ...], int]] = Counter()
    hit_at_end: set[tuple[int, tuple[int, ...], int]] = set()
    for i, first in enumerate(steps):
        if used[i]:
            continue
        used[i] = True
        middle: list[int] = []
        last = first
        for j in range(i + 1, len(steps) if chains else 0):
            if not used[j] and steps[j].src == last.dst and last.dst != off:
                if last.hit:
                    middle.append(last.dst)
                used[j] = True
                last = steps[j]
        key = (first.src, tuple(middle), last.dst)
        moves[key] += 1
        if last.hit:
            hit_at_end.add(key)
    label = variant.point_label
    words = []
    for key in sorted(moves, key=lambda k: (k[0], k[2], k[1])):
        src, middle_hits, dst = key
        text = label(src) + "".join(f"/{label(p)}*" for p in middle_hits) + f"/{label(dst)}"
        if key in hit_at_end:
            text += "*"
        if moves[key] > 1:
            text += f"({moves[key]})"
        words.append(text)
    if handed_on:
        words.append("[" + " ".join(str(d) for d in sorted(handed_on)) + "]")
    return " ".join(words)


def parse_play(variant: Variant, position: Position, dice: Sequence[int], text: str) -> Play:
    """The legal play of ``dice`` in ``position`` that ``text`` names.

    Each move takes a man from the first point it names to the last; the
    play is the legal one that leaves the mover's men just so. Where several
    do (they hit on different points on the way), the one whose hits agree
    with the text wins: with the points marked ``*``, and with the points the
    text names where a blot stands (a man that stops there must hit).

    Raises NotationError for text that cannot be read (or that fits two legal
    plays equally well) and IllegalPlayError for a play that is not legal.
    """
    handed: tuple[int, ...] | None = None
    bracket = _handed_on(text) if isinstance(text, str) else None
    if bracket is not None:
        words = bracket[1].split()
        if any(len(word) > 2 for word in words):  # (int() refuses 4,300 digits or more)
            raise NotationError(f"the dice handed on in {excerpt(text)} are not dice")
        text = bracket[0]
        handed = tuple(sorted(int(word) for word in words))
    moves = _read(variant, text)
    side = position.to_act
    size = variant.off_pos + 1
    target = [0] * size
    marked: set[int] = set()
    named: set[int] = set()
    for points, hits, count in moves:
        target[points[0]] -= count
        target[points[-1]] += count
        marked.update(hits)
        named.update(points[1:])

    plays = variant.generate_plays(position, dice)
    matches = [play for play in plays if _change(variant, position, play, side) == target]
    if handed is not None:
        with_dice = [play for play in matches if _left(dice, play) == handed]
        # A play that ends the game is listed once, whatever dice it leaves (they go
        # nowhere): a record made before may name others.
        matches = with_dice or [p for p in matches if _ends_game(variant, position, p)]
    if not matches:
        shown = "-".join(str(d) for d in dice)
        raise IllegalPlayError(f"{excerpt(text)} is not a legal play of {shown} in this position")
    if len(matches) == 1:
        return matches[0]

    wanted = marked | (named & _blots(variant, position, side))

    def disagreement(play: Play) -> int:
        return len(wanted ^ {step.dst for step in play if step.hit})

    best = min(disagreement(play) for play in matches)
    chosen = [play for play in matches if disagreement(play) == best]
    if len(chosen) > 1 and variant.passes_dice:
        options = " or ".join(repr(format_play(variant, p, _left(dice, p))) for p in chosen)
        raise NotationError(f"{excerpt(text)} could be {options}: name the dice handed on")
    if len(chosen) > 1:
        options = " or ".join(repr(format_play(variant, play)) for play in chosen)
        raise NotationError(
            f"{excerpt(text)} could be {options}: name the point where the man hits"
        )
    return chosen[0]


def _ends_game(variant: Variant, position: Position, play: Play) -> bool:
    return variant.outcome(variant.apply_play(position, play), position.to_act) is not None


# -- reading -------------------------------------------------------------------


def _read(variant: Variant, text: str) -> list[tuple[list[int], set[int], int]]:
    """The moves of ``text``: the points each names, those marked as hits, its count."""
    if not isinstance(text, str):
        raise NotationError(f"notation must be a string, got {excerpt(text)}")
    tidy = _SPACES.sub(_squeeze, text.strip())
    tidy = re.sub(r"\(\s*(\d+)\s*\)", r"(\1)", tidy)
    words = tidy.split()
    if not words:
        raise NotationError(f"no play in {excerpt(text)}")
    if len(words) == 1 and words[0].lower() == PASS_TEXT:
        return []
    names = _point_names(variant)
    moves = []
    for word in words:
        move = _read_move(word.lower(), names)
        if move is None:
            raise NotationError(f"cannot read {excerpt(word)} in {excerpt(text)}")
        moves.append(move)
    return moves


def _handed_on(text: str) -> tuple[str, str] | None:
    """``text`` without the dice it hands on in brackets at its end (``1/6 [5]``), and
    the text of those dice; None when it ends in no such brackets. Linear time (a
    regular expression searched from every space was quadratic)."""
    body = text.rstrip()
    if not body.endswith("]"):
        return None
    start = body.rfind("[")
    if start < 0 or not _DICE_LIST.fullmatch(body, start + 1, len(body) - 1):
        return None
    return body[:start].rstrip(), body[start + 1 : -1]


def _squeeze(found: re.Match[str]) -> str:
    """A run of spaces, dropped next to a ``/`` and before a ``*`` or ``(``: ``13 / 10 *``
    reads ``13/10*``. One pass over the runs keeps reading linear in the text."""
    text = found.string
    before = text[found.start() - 1] if found.start() else ""
    after = text[found.end()] if found.end() < len(text) else ""
    return "" if before == "/" or after in ("/", "*", "(") else found.group()


def _read_move(word: str, names: dict[str, int]) -> tuple[list[int], set[int], int] | None:
    count = 1
    found = _COUNT.search(word)
    if found:
        count = int(found.group(1))
        word = word[: found.start()]
        if count < 1:
            return None
    parts = word.split("/")
    if len(parts) < 2:
        return None
    points: list[int] = []
    hits: set[int] = set()
    for i, part in enumerate(parts):
        point = _POINT.fullmatch(part)
        if point is None or point.group(1) not in names or (i == 0 and point.group(2)):
            return None
        pos = names[point.group(1)]
        points.append(pos)
        if point.group(2):
            hits.add(pos)
    return points, hits, count


@lru_cache(maxsize=64)
def _point_names(variant: Variant) -> dict[str, int]:
    """Every name of every pos (lower case): the variant's labels, read backwards.

    Where the labels of the track are numbers counting by one, the numbers
    just beyond name the bar and off too (backgammon's ``25/22`` and ``6/0``).
    """
    off = variant.off_pos
    labels = [variant.point_label(pos).lower() for pos in range(off + 1)]
    names = {name: pos for pos, name in enumerate(labels)}
    track = labels[1:off]
    if track and all(name.isdigit() for name in track):
        first, last = int(track[0]), int(track[-1])
        step = 1 if last >= first else -1
        if all(int(name) == first + step * i for i, name in enumerate(track)):
            names.setdefault(str(first - step), 0)
            names.setdefault(str(last + step), off)
    return names


# -- resolving -------------------------------------------------------------------


def _left(dice: Sequence[int], play: Play) -> tuple[int, ...]:
    """The dice ``play`` does not use, sorted (the dice El Mundo hands on)."""
    return tuple(sorted(dice_left(tuple(dice), play)))


def _change(variant: Variant, position: Position, play: Play, side: int) -> list[int]:
    """How ``play`` changes the count of ``side``'s men on each pos (men in hand at pos 0)."""
    after = variant.apply_play(position, play)
    change = [a - b for a, b in zip(after.board[side], position.board[side], strict=True)]
    change[0] += after.hand[side] - position.hand[side]
    return change


def _blots(variant: Variant, position: Position, side: int) -> set[int]:
    """The pos (of ``side``'s track) where a lone opposing man stands."""
    found = set()
    track = range(1, variant.track_length + 1)
    for other in range(position.players):
        if other == side:
            continue
        for pos in track:
            where = variant.facing_pos(side, pos, other)
            if where is not None and where in track and position.board[other][where] == 1:
                found.add(pos)
    return found


__all__ = ["PASS_TEXT", "format_play", "format_step", "parse_play"]
