"""Backgammon matches in the Jellyfish ``.mat`` text format, as GNU Backgammon writes it.

``mat_text`` writes Tabula's replays of a match the way GNU Backgammon's own
``export match mat`` does, byte for byte: a header (``; [Key "Value"]``
comments, then `` 5 point match``), and per game a `` Game N`` line, the
players' scores, and numbered lines of two columns (side 0 on the left from
column 5, side 1 on the right from column 33)::

      1)                             63: 24/18 18/15
      2)  Doubles => 2                Takes
      3) 33: 8/5 8/5 6/3 6/3         52: 13/11 14/9
      9)  Drops                       Wins 1 point

Every step of a play is written one die at a time (``24/18 18/15``), the bar
as 25 and off as 0, ``*`` after the first step that lands on a blot; a game
ends with ``Wins N point(s)`` in the winner's column. A resignation is the
winner's ``Wins`` line while the game still goes on (a rejected one is not
recorded). The format always assumes the Crawford rule: a match played
without it is refused (``MatError``) when it doubled in the game GNU
Backgammon would take as the Crawford game.

``read_mat`` reads such a file back into replays (one per game, dice entered
by hand), checking every play against the rules, in time linear in the file.

``python -m game.rules.mat REPLAY.json [...] [-o OUT.mat]`` converts saved
replays (the games of one backgammon match, in order) to a ``.mat`` file.
"""

from __future__ import annotations

import enum
import os
import random
import re
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.rules import match as m
from game.rules.notation import format_play, parse_play
from game.rules.outcome import Kind
from game.rules.play import Play
from game.rules.replay import Replay, ReplayError, apply_entry, replay_states
from game.rules.variants import find_variant

RIGHT = 33  # the column where side 1's records start
BAR, OFF = 0, 25  # a backgammon side's pos of its bar and of off


class MatError(ReplayError):
    """A ``.mat`` text that cannot be read, or games that cannot be written as one."""


@dataclass(frozen=True)
class MatMatch:
    """A match read from a ``.mat`` file: its games as replays, and what the file said."""

    length: int
    names: tuple[str, str]
    games: tuple[Replay, ...]
    comments: tuple[str, ...] = ()  # the header lines, ``; [EventDate "2026.11.25"]``

    def text(self) -> str:
        return mat_text(self.games, self.names, self.comments)


# -- writing ---------------------------------------------------------------------


class _Kind(enum.Enum):
    MOVE = "move"
    ROLLED = "rolled"  # dice thrown, then the side resigned
    DOUBLE = "double"
    BEAVER = "beaver"
    TAKE = "take"
    DROP = "drop"
    RESIGN = "resign"


@dataclass(frozen=True)
class _Record:
    kind: _Kind
    side: int  # who acts (for RESIGN: who resigns)
    text: str = ""  # MOVE and ROLLED: ``63: 24/18 18/15 ``
    level: int = 0  # RESIGN: 1 single, 2 gammon, 3 backgammon


def mat_point(pos: int) -> str:
    """A pos of the side moving as ``.mat`` names it: the bar 25, off 0, a point its number."""
    return str(25 - pos)


def mat_move(state: m.GameState, entry: Mapping[str, Any]) -> str:
    """A play as GNU Backgammon writes it in ``.mat``: ``63: 24/18 18/15 `` (a space after
    each step but the fourth), in the order the record's text gives the steps when it
    names them one by one (as a file GNU Backgammon wrote does), else in its canonical
    order."""
    play = parse_play(state.variant, state.position, state.dice, entry["play"])
    steps = _steps_as_written(state, play, str(entry["play"]))
    theirs = state.position.board[1 - state.position.to_act]
    words, landed = [], set()
    for k, (src, dst) in enumerate(steps):
        hit = dst != OFF and theirs[25 - dst] > 0 and dst not in landed
        landed.add(dst)
        words.append(f"{mat_point(src)}/{mat_point(dst)}{'*' if hit else ''}{' ' if k < 3 else ''}")
    return f"{state.dice[0]}{state.dice[1]}: " + "".join(words)


_STEP = re.compile(r"(bar|\d+)/(off|\d+)\*?")


def _steps_as_written(state: m.GameState, play: Play, text: str) -> list[tuple[int, int]]:
    """The steps of ``play`` in the order ``text`` names them, where it names each step
    on its own and they make the same play in that order; else in GNU Backgammon's
    canonical order (from the rearmost point, then the rearmost landing)."""
    own = sorted((s.src, s.dst) for s in play)
    words = text.split()
    if len(words) != len(play):
        return own
    names = {"bar": BAR, "off": OFF}
    steps = []
    for word in words:
        found = _STEP.fullmatch(word)
        if found is None:
            return own
        a, b = found.groups()
        src = names.get(a, 25 - int(a) if a.isdigit() else -1)
        dst = names.get(b, 25 - int(b) if b.isdigit() else -1)
        steps.append((src, dst))
    mine = list(state.position.board[state.position.to_act])
    for src, dst in steps:
        if not (0 <= src < dst <= OFF) or mine[src] <= 0:
            return own
        mine[src] -= 1
        mine[dst] += 1
    after = state.variant.apply_play(state.position, play)
    return steps if tuple(mine) == after.board[state.position.to_act] else own


def _records(game: Replay, states: Sequence[m.GameState]) -> list[_Record]:
    """A game's decisions as GNU Backgammon keeps them (a rejected resignation is none)."""
    out: list[_Record] = []
    plays = game.plays
    for n, (state, entry) in enumerate(zip(states, plays, strict=False)):
        action, side = entry.get("action"), int(entry.get("side", 0))
        if action == "play":
            out.append(_Record(_Kind.MOVE, side, mat_move(state, entry)))
        elif action == "resign":
            answer = plays[n + 1].get("action") if n + 1 < len(plays) else None
            if answer == "accept" and state.phase is m.Phase.MOVE:  # thrown, then resigned
                dice = state.dice
                out.append(_Record(_Kind.ROLLED, side, f"{dice[0]}{dice[1]}: "))
        elif action == "double":
            out.append(_Record(_Kind.DOUBLE, side))
        elif action == "take":
            out.append(_Record(_Kind.TAKE, side))
        elif action == "beaver":
            out.append(_Record(_Kind.BEAVER, side))
        elif action == "drop":
            out.append(_Record(_Kind.DROP, side))
        elif action == "accept":
            loser = 1 - side
            out.append(_Record(_Kind.RESIGN, loser, level=state.resign_offer))
        elif action == "concede":
            out.append(_Record(_Kind.RESIGN, side, level=1))
    return out


# What GNU Backgammon writes a game won by bearing off as: its kind times the cube (so
# a gammon at cube 1 is "Wins 2 points" even where the Jacoby rule scores it 1).
_GAME_VALUE = {Kind.SINGLE: 1, Kind.GAMMON: 2, Kind.BACKGAMMON: 3}


def _points(n: int) -> str:
    return f"{n} point{'s' if n > 1 else ''}"


def _game_text(
    number: int, names: Sequence[str], states: Sequence[m.GameState], records: Sequence[_Record]
) -> str:
    """One game laid out as GNU Backgammon's ``ExportGameJF`` lays it out."""
    score = states[0].match.score
    left = f"{names[0]} : {score[0]}"
    out = [f" Game {number}\n", f" {left:<31}{names[1]} : {score[1]}\n"]
    last = states[-1]
    finished_by_move = bool(records) and records[-1].kind is _Kind.MOVE and last.is_over
    cube, i, rolled = 1, 0, False
    for n, rec in enumerate(records):
        odd = i & 1
        if rec.kind is _Kind.MOVE:
            rolled = False
            text = rec.text
        elif rec.kind in (_Kind.DOUBLE, _Kind.BEAVER):
            cube *= 2
            text = f" {'Doubles' if rec.kind is _Kind.DOUBLE else 'Beavers'} => {cube}"
        elif rec.kind is _Kind.TAKE:
            text = " Takes"
        elif rec.kind is _Kind.DROP:
            gap = "\n      " if odd else " " * 23
            text = f" Drops{gap}Wins {_points(cube // 2)}"
        elif rec.kind is _Kind.RESIGN:
            won = f"Wins {_points(rec.level * cube)}\n"
            if rec.side == 1:
                text = ("\n" if odd ^ rolled else "") + "      " + won
            else:
                text = (" " if odd ^ rolled else " " * (24 if odd else 34)) + won
        else:  # ROLLED
            text = rec.text
            rolled = True
        if i == 0 and rec.kind is _Kind.MOVE and rec.side == 1:
            out.append("  1)" + " " * 29)
            i += 1
            odd = 1
        if odd or rec.kind is _Kind.RESIGN:
            out.append(text)
            if rec.kind is not _Kind.ROLLED:
                out.append("\n")
        elif rec.kind is not _Kind.ROLLED:
            out.append(f"{(i >> 1) + 1:3d}) {text:<27} ")
        else:
            out.append(f"{(i >> 1) + 1:3d}) {text:<3}")
        if rec.kind is _Kind.DROP:
            out.append("\n" if odd else "\n\n")
        if finished_by_move and n == len(records) - 1 and last.result is not None:
            pad = " " * 34 if odd else "\n      "
            out.append(f"{pad}Wins {_points(_GAME_VALUE[last.result.kind] * cube)}\n\n")
        i += 1
    return "".join(out)


def crawford_problem(games: Sequence[Replay]) -> str | None:
    """Why these games cannot be said in ``.mat`` (which assumes the Crawford rule), or None.

    A match played without the Crawford rule reads back the same unless a side
    doubled in the game that GNU Backgammon takes as the Crawford game (the first
    one where exactly one side needs one point)."""
    first = games[0]
    length = first.match.length if first.match else int(first.options.get("match_length", 0))
    if not length or bool(first.options.get("crawford", True)):
        return None
    for number, game in enumerate(games, 1):
        score = game.match.score if game.match else (0, 0)
        if (score[0] == length - 1) != (score[1] == length - 1):
            if any(e.get("action") == "double" for e in game.plays):
                return (
                    f"played without the Crawford rule, which .mat assumes: game {number} "
                    "doubles where .mat forbids it (export replays instead)"
                )
            return None
    return None


def mat_text(
    games: Sequence[Replay],
    names: Sequence[str] = ("Player 1", "Player 2"),
    comments: Sequence[str] = (),
) -> str:
    """The games of a backgammon match (or money session) in ``.mat`` text, laid out as
    GNU Backgammon writes it. Raises ``MatError`` for games the format cannot hold."""
    if not games:
        raise MatError("no games to export")
    if any(g.match is not None and g.match.cycle for g in games):
        raise MatError(
            "a Tavli match (Portes, Plakoto and Fevga in turn) cannot be written as .mat, "
            "which holds backgammon games only: export its replays instead"
        )
    if any(g.variant_id != "backgammon" for g in games):
        raise MatError("the .mat format holds backgammon games only")
    problem = crawford_problem(games)
    if problem is not None:
        raise MatError(problem)
    first = games[0]
    length = first.match.length if first.match else int(first.options.get("match_length", 0))
    shown = [_name(name, n) for n, name in enumerate(names[:2])]
    parts = [f"{line}\n" for line in comments]
    parts.append(f"\n {length} point match\n\n")
    previous: m.GameState | None = None
    for number, game in enumerate(games, 1):
        states = replay_states(game)
        if previous is not None and (
            previous.result is None or previous.match.score != states[0].match.score
        ):
            was = "-".join(map(str, previous.match.score))
            now = "-".join(map(str, states[0].match.score))
            raise MatError(
                f"game {number} starts at {now}, but game {number - 1} ended at {was}"
                f"{'' if previous.result else ' (unfinished)'}: give the games of one match, "
                "in order"
            )
        parts.append(_game_text(number, shown, states, _records(game, states)))
        previous = states[-1]
    return "".join(parts)


def _name(name: str, side: int) -> str:
    """A player's name as the file can hold it: one line, no colon (it ends the name)."""
    clean = " ".join(str(name).replace(":", " ").split())
    return clean or f"Player {side + 1}"


# -- reading ---------------------------------------------------------------------

_LENGTH = re.compile(r"\s*(\d+) point match\s*$", re.IGNORECASE)
_GAME = re.compile(r"\s*Game (\d+)\s*$", re.IGNORECASE)
_SCORE = re.compile(r"\s*(.*?)\s*:\s*(\d+)\s+(.*?)\s*:\s*(\d+)\s*$")
_NUMBER = re.compile(r"\s*\d+\)")
_ITEM = re.compile(
    r"(?P<move>[1-6][1-6]:(?: +(?:\d{1,2}/\d{1,2}\*?)){0,4})"
    r"|(?P<double>Doubles => \d{1,6})"
    r"|(?P<beaver>Beavers(?: => \d{1,6})?)"
    r"|(?P<take>Takes)"
    r"|(?P<drop>Drops)"
    r"|(?P<wins>Wins \d{1,6} points?(?: and the match)?)",
    re.IGNORECASE,
)
_SPACE = re.compile(r" *")


def _excerpt(line: str) -> str:
    return repr(line.strip()[:60])


def _items(line: str, number: int) -> list[tuple[int, str, str]]:
    """The records of one line as (side, kind, text): a record that starts left of
    column 33, the first on its line, is side 0's; any other is side 1's."""
    found: list[tuple[int, str, str]] = []
    at = 0
    numbered = _NUMBER.match(line)
    if numbered:
        at = numbered.end()
    while True:
        at = _SPACE.match(line, at).end()  # type: ignore[union-attr]
        if at >= len(line):
            return found
        item = _ITEM.match(line, at)
        if item is None:
            bad = line[at : at + 30].strip()
            raise MatError(f"line {number}: cannot read {bad!r} in {_excerpt(line)}")
        side = 0 if not found and at < RIGHT else 1
        if found and found[-1][0] == 1:
            raise MatError(f"line {number}: more than two records in {_excerpt(line)}")
        assert item.lastgroup is not None
        found.append((side, item.lastgroup, item.group()))
        at = item.end()


@dataclass
class _GameReader:
    """One game being read: its entries, checked against the rules as they come."""

    variant: Any
    match: m.MatchScore
    number: int
    entries: list[dict[str, Any]]
    state: m.GameState | None = None
    opening: tuple[int, int] | None = None
    scored: bool = False  # the players' score line was read

    def add(self, entry: dict[str, Any], where: str) -> None:
        assert self.state is not None
        try:
            self.state = apply_entry(self.state, entry, random.Random(0), len(self.entries))
        except ReplayError as exc:
            raise MatError(f"{where}: {exc}") from None
        self.entries.append(entry)

    def record(self, side: int, kind: str, text: str, where: str) -> None:
        if self.state is not None and self.state.is_over:
            if kind == "wins":
                points = int(text.split()[1])
                result = self.state.result
                if result is not None and (result.points != points or result.winner != side):
                    raise MatError(
                        f"{where}: the game ends with side {result.winner} winning "
                        f"{_points(result.points)}"
                    )
                return
            raise MatError(f"{where}: game {self.number} is already over")
        if self.state is None:
            if kind != "move":
                raise MatError(f"{where}: game {self.number} must open with a move")
            dice = (int(text[0]), int(text[1]))
            if dice[0] == dice[1]:
                raise MatError(f"{where}: an opening throw cannot be a double")
            high, low = max(dice), min(dice)
            self.opening = (high, low) if side == 0 else (low, high)
            start = m.opened(self.variant, self.opening, self.match)
            self.state = start
            self._play(side, text, where)
            return
        state = self.state
        if kind == "move":
            if state.phase is m.Phase.ROLL:
                thrown = [int(text[0]), int(text[1])]
                self.add({"side": side, "action": "roll", "dice": thrown, "manual": True}, where)
            self._play(side, text, where)
        elif kind == "double":
            self.add({"side": side, "action": "double"}, where)
            value = int(text.split()[-1])
            if value != 2 * state.cube.value:
                raise MatError(f"{where}: the cube is at {state.cube.value}, not {value // 2}")
        elif kind in ("take", "drop", "beaver"):
            self.add({"side": side, "action": kind}, where)
        else:  # wins: the other side resigned
            self._resign(side, int(text.split()[1]), where)

    def _play(self, side: int, text: str, where: str) -> None:
        state = self.state
        assert state is not None
        if state.phase is not m.Phase.MOVE or state.to_act != side:
            raise MatError(f"{where}: it is not side {side}'s move")
        words = text.split()[1:]
        names = {"25": "bar", "0": "off"}
        steps = []
        for word in words:
            a, b = word.rstrip("*").split("/")
            steps.append(f"{names.get(a, a)}/{names.get(b, b)}{'*' if word.endswith('*') else ''}")
        dice = list(state.dice)
        if not steps:
            legal = m.legal_plays(state)
            if len(legal) == 1:
                notation = format_play(state.variant, legal[0])
                self.add({"side": side, "action": "play", "dice": dice, "play": notation}, where)
            # else: thrown, then a resignation follows
            return
        play = " ".join(steps)
        self.add({"side": side, "action": "play", "dice": dice, "play": play}, where)

    def _resign(self, winner: int, points: int, where: str) -> None:
        state = self.state
        assert state is not None
        loser = 1 - winner
        cube = state.cube.value
        level = 1 if points <= cube else 2 if points <= 2 * cube else 3
        if points != level * cube:
            raise MatError(f"{where}: {_points(points)} is no resignation with the cube at {cube}")
        if state.to_act == loser and state.phase in (m.Phase.ROLL, m.Phase.MOVE):
            self.add({"side": loser, "action": "resign", "level": level}, where)
            self.add({"side": winner, "action": "accept"}, where)
        elif level == 1:
            self.add({"side": loser, "action": "concede"}, where)
        else:
            raise MatError(f"{where}: side {loser} resigns out of turn")

    def replay(self) -> Replay:
        result = self.state.result if self.state is not None else None
        return Replay(
            self.variant.id,
            dict(self.variant.options),
            0,
            tuple(self.entries),
            match=self.match,
            opening=self.opening,
            result=result.to_json() if result is not None else None,
        )


def read_mat(text: str) -> MatMatch:
    """The games of a ``.mat`` file as replays (raises ``MatError`` quoting the line)."""
    lines = text.splitlines()
    comments: list[str] = []
    n = 0
    while n < len(lines) and (not lines[n].strip() or lines[n].lstrip()[:1] in (";", "#")):
        if lines[n].strip():
            comments.append(lines[n].rstrip("\r"))
        n += 1
    if n == len(lines):
        raise MatError("not a .mat file: no ' N point match' line")
    found = _LENGTH.match(lines[n])
    if found is None:
        raise MatError(
            f"line {n + 1}: not a .mat file: expected ' N point match', got {_excerpt(lines[n])}"
        )
    length = int(found.group(1))
    options: dict[str, Any] = {"match_length": length, "cube": True, "crawford": True}
    if length == 0:
        options["beavers"] = True
    try:
        variant = find_variant("backgammon", options)
    except ValueError as exc:
        raise MatError(f"line {n + 1}: {exc}") from None
    games: list[Replay] = []
    names: tuple[str, str] = ("Player 1", "Player 2")
    reader: _GameReader | None = None
    previous: m.GameState | None = None
    for k in range(n + 1, len(lines)):
        line = lines[k].rstrip("\r\n")
        where = f"line {k + 1}"
        if not line.strip():
            continue
        game = _GAME.match(line)
        if game is not None:
            if reader is not None:
                previous = _close(reader, games, where)
            reader = _GameReader(variant, m.MatchScore(), int(game.group(1)), [])
            continue
        if reader is None:
            raise MatError(f"{where}: expected ' Game 1', got {_excerpt(line)}")
        if not reader.scored:
            reader.scored = True
            score = _SCORE.match(line)
            if score is None:
                raise MatError(f"{where}: expected the players' scores, got {_excerpt(line)}")
            names = (score.group(1), score.group(3))
            start = (int(score.group(2)), int(score.group(4)))
            reader.match = _match_score(length, start, previous, where)
            continue
        for side, kind, item in _items(line, k + 1):
            reader.record(side, kind, item, f"{where} {_excerpt(line)}")
    if reader is None:
        raise MatError("the file has no games")
    _close(reader, games, "the end of the file")
    return MatMatch(length, names, tuple(games), tuple(comments))


def _close(reader: _GameReader, games: list[Replay], where: str) -> m.GameState:
    if reader.state is None:
        raise MatError(f"{where}: game {reader.number} has no moves")
    if games and games[-1].result is None:
        raise MatError(f"{where}: game {len(games)} ended without a winner")
    games.append(reader.replay())
    return reader.state


def _match_score(
    length: int, score: tuple[int, int], previous: m.GameState | None, where: str
) -> m.MatchScore:
    """The match score a game starts at: the file's, checked against the game before."""
    if previous is None:
        crawford = bool(length) and (score[0] == length - 1) != (score[1] == length - 1)
        done = (  # a match to 1 point has no Crawford game, so none is done
            length > 1
            and (score[0] == length - 1) == (score[1] == length - 1)
            and (length - 1 in score)
        )
        return m.MatchScore(length, score, crawford, done)
    if previous.result is None:
        raise MatError(f"{where}: the game before did not end")
    old = previous.match
    if old.score != score:
        raise MatError(
            f"{where}: the score is {score[0]}-{score[1]}, but the game before "
            f"ended at {old.score[0]}-{old.score[1]}"
        )
    if old.winner is not None:
        raise MatError(f"{where}: the match was already over")
    crawford = (
        length > 0
        and not old.crawford_done
        and not old.crawford
        and any(s == length - 1 for s in old.score)
    )
    return m.MatchScore(length, score, crawford, old.crawford_done or old.crawford)


# -- the command -----------------------------------------------------------------


def write_text_atomic(path: str, text: str) -> None:
    """Write ``text`` to ``path`` so that a reader sees the old file or the new, never half."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".mat")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m game.rules.mat REPLAY.json [...] [-o OUT.mat]``: replays to ``.mat``."""
    import argparse
    import sys

    from game.rules.replay import (
        ReplayFileError,
        printable,
        read_replay_json,
        replay_from_json,
    )

    parser = argparse.ArgumentParser(
        prog="python -m game.rules.mat",
        description="Convert Tabula replay files (the games of one backgammon match, in "
        "order) to a Jellyfish .mat file, laid out as GNU Backgammon writes it.",
    )
    parser.add_argument("replays", nargs="+", metavar="REPLAY.json")
    parser.add_argument("-o", "--output", help="the .mat file to write (default: print it)")
    parser.add_argument("--names", nargs=2, default=("Player 1", "Player 2"), metavar="NAME")
    args = parser.parse_args(argv)
    games = []
    for name in args.replays:
        shown = printable(name)
        try:
            replay = replay_from_json(read_replay_json(name))
            replay_states(replay)
        except ReplayFileError as exc:  # names the file itself
            print(exc, file=sys.stderr)
            return 1
        except ValueError as exc:  # ReplayError
            print(f"{shown}: not a replay Tabula can check: {exc}", file=sys.stderr)
            return 1
        if replay.variant_id != "backgammon":
            kind = replay.variant_id
            print(f"{shown}: a {kind} game; .mat holds backgammon only", file=sys.stderr)
            return 1
        games.append(replay)
    try:
        text = mat_text(games, args.names)
    except ReplayError as exc:
        print(f"cannot write .mat: {exc}", file=sys.stderr)
        return 1
    if args.output is None:
        sys.stdout.write(text)
        return 0
    try:
        write_text_atomic(args.output, text)
    except OSError as exc:
        print(f"{args.output}: cannot be written ({exc})", file=sys.stderr)
        return 1
    print(f"wrote {args.output} ({len(games)} game{'s' if len(games) != 1 else ''})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
