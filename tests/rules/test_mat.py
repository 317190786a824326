"""Jellyfish .mat files: written as GNU Backgammon writes them, read back, and read by gnubg."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from game.rules import match as m
from game.rules.mat import MatError, main, mat_text, read_mat
from game.rules.replay import Replay, ReplayError, replay_states
from tests.rules.mat_matches import seeded_match

DATA = Path(__file__).resolve().parents[1] / "data" / "mat"
GNUBG_FILES = sorted(DATA.glob("*.mat"))


def test_the_gnubg_files_are_there():
    assert len(GNUBG_FILES) >= 9


@pytest.mark.parametrize("path", GNUBG_FILES, ids=lambda p: p.name)
def test_a_file_gnubg_wrote_reads_and_is_written_again_byte_for_byte(path):
    text = path.read_text(encoding="utf-8")
    match = read_mat(text)
    again = match.text()
    assert again.splitlines() == text.splitlines()  # line by line, for a readable diff
    assert again == text
    # Every game checks against the rules, and the games chain into one match.
    ends = [replay_states(game)[-1] for game in match.games]
    assert all(end.phase is m.Phase.OVER for end in ends)
    for end, game in zip(ends, match.games[1:], strict=False):
        assert end.match.score == game.match.score


def summary(games: list[Replay]) -> list[list[tuple]]:
    """What .mat keeps of each game: dice, positions after each play, the cube, the result."""
    out = []
    for game in games:
        states = replay_states(game)
        rows: list[tuple] = [("start", states[0].match)]
        for before, after, entry in zip(states, states[1:], game.plays, strict=False):
            if entry["action"] == "play":
                rows.append(("play", entry["side"], tuple(before.dice), after.position))
            elif entry["action"] in ("double", "take", "drop", "beaver"):
                rows.append((entry["action"], entry["side"], after.cube))
        result = states[-1].result
        rows.append(("end", result.winner, result.points, states[-1].match.score))
        out.append(rows)
    return out


@pytest.mark.parametrize(
    ("seed", "length", "crawford"),
    [(1, 3, True), (2, 5, True), (3, 0, True), (5, 4, False), (6, 5, True), (7, 1, True)],
)
def test_every_seeded_match_reads_back_as_the_same_games(seed, length, crawford):
    games, last = seeded_match(seed, length, crawford=crawford, resign=0.02, games=2)
    try:
        text = mat_text(games, ("Ivory", "Crimson"))
    except MatError as exc:
        assert not crawford and "Crawford" in str(exc)
        return
    back = read_mat(text)
    assert back.length == length and back.names == ("Ivory", "Crimson")
    assert summary(list(back.games)) == summary(games)
    # Every game read back replays: its start within the match is one the rules reach (a
    # match to 1 point once came back as past its Crawford game, which they refuse).
    ends = [replay_states(game)[-1] for game in back.games]
    assert ends[-1].match.score == last.match.score
    assert back.text() == text


def test_a_drop_by_side_0_is_one_line_as_gnubg_writes_it():
    # Side 1 doubles and side 0 drops: GNU Backgammon writes " Drops" and side 1's
    # "Wins" on one line (two lines made gnubg read a phantom resignation).
    for seed in range(40):
        games, _ = seeded_match(seed, 3, resign=0)
        text = mat_text(games, ("A", "B"))
        lines = text.splitlines()
        drops = [n for n, line in enumerate(lines) if line[5:11] == " Drops"]
        if drops:
            line = lines[drops[0]]
            assert line[34:].startswith("Wins "), line  # " Drops" and 23 spaces
            assert line.endswith(" ") and lines[drops[0] + 1] == ""
            assert read_mat(text).text() == text
            return
    pytest.fail("no seeded match has a drop by side 0")


def test_gnubg_files_cover_drops_by_each_side_takes_resignations_and_crawford():
    every = "".join(p.read_text() for p in GNUBG_FILES)
    assert any(line[5:11] == " Drops" for line in every.splitlines())  # side 0 drops
    assert any(line[33:39] == " Drops" for line in every.splitlines())  # side 1 drops
    assert " Takes" in every and "Beavers" in every
    games = [g for name in ("tabula-3pt-seed5.mat", "selfplay-5pt-seed16.mat")
             for g in read_mat((DATA / name).read_text()).games]
    assert any(_ended(g) == "resigned" for g in games)
    assert any(g.match.crawford for g in games)


def _ended(game: Replay) -> str:
    return str(game.result["termination"]) if game.result else ""


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "no ' N point match'"),
        ("hello\n", "expected ' N point match'"),
        (" 3 point match\n\n 1) 52: 13/8\n", "expected ' Game 1'"),
        (" 3 point match\n\n Game 1\n A : 0   B : 0\n  1) 52: 24/1\n", "24/1"),
        (" 3 point match\n\n Game 1\n A : 0   B : 0\n  1) 52: 13/8 13/11 Oops\n", "Oops"),
        (" 3 point match\n\n Game 1\n A : 0   B : 0\n  1)  Takes\n", "open with a move"),
        (" 3 point match\n\n Game 1\n A : 0   B : 0\n  1) 55: 13/8\n", "double"),
        (" 3 point match\n\n Game 1\n A zero B\n", "scores"),
    ],
)
def test_a_malformed_file_is_a_clear_error_quoting_it(text, words):
    with pytest.raises(MatError, match=words) as caught:
        read_mat(text)
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, ReplayError)


def test_reading_is_linear_in_the_file():
    # Inputs that a quadratic reader (or a backtracking pattern) would take minutes over.
    head = " 3 point match\n\n Game 1\n A : 0   B : 0\n"
    text = (DATA / "selfplay-3pt-seed1.mat").read_text()
    for bad, words in [
        (head + "  1) 52:" + " 13/8" * 200_000, "cannot read"),
        (head + "  1)" + " " * 1_000_000 + "?", "cannot read"),
        (head + "  1) 52: 13/8 13/11" + "\n" * 1_000_000 + " x", "cannot read"),
        ("\n" * 1_000_000, "no ' N point match'"),
    ]:
        start = time.perf_counter()
        with pytest.raises(MatError, match=words):
            read_mat(bad)
        assert time.perf_counter() - start < 5
    start = time.perf_counter()
    assert len(read_mat("\n" * 500_000 + text.replace("\n\n", "\n" * 1000)).games) == 3
    assert time.perf_counter() - start < 10


def test_a_match_without_crawford_that_doubles_in_that_game_is_refused():
    for seed in range(60):
        games, _ = seeded_match(seed, 3, crawford=False, resign=0)
        try:
            mat_text(games)
        except MatError as exc:
            assert "Crawford" in str(exc) and "export replays instead" in str(exc)
            return
    pytest.fail("no seeded match without Crawford doubles in the would-be Crawford game")


def test_only_backgammon_exports():
    from game.rules.variants import find_variant
    from tests.rules.test_replay import record

    with pytest.raises(MatError, match="backgammon games only"):
        mat_text([record(find_variant("lombardorum"), seed=1)[0]])
    with pytest.raises(MatError, match="no games"):
        mat_text([])


def test_the_command_converts_replay_files(tmp_path, capsys):
    games, _ = seeded_match(2, 3, resign=0.02)
    names = []
    for n, game in enumerate(games):
        path = tmp_path / f"g{n}.json"
        path.write_text(json.dumps(game.to_json()))
        names.append(str(path))
    out = tmp_path / "match.mat"
    assert main([*names, "-o", str(out), "--names", "Ivory", "Crimson"]) == 0
    assert out.read_text() == mat_text(games, ("Ivory", "Crimson"))
    assert main(names[:1]) == 0
    assert capsys.readouterr().out.startswith("wrote ")
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert main([str(bad)]) == 1
    assert "bad.json: is not JSON" in capsys.readouterr().err
    assert main([str(tmp_path / "missing.json")]) == 1
    assert "cannot be read" in capsys.readouterr().err
    from game.rules.variants import find_variant
    from tests.rules.test_replay import record

    other = tmp_path / "other.json"
    other.write_text(json.dumps(record(find_variant("lombardorum"), seed=1)[0].to_json()))
    assert main([str(other)]) == 1
    assert "backgammon only" in capsys.readouterr().err


# -- GNU Backgammon itself reads Tabula's exports -------------------------------------


def gnubg_path() -> str | None:
    return shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games:/usr/local/games")


def test_gnubg_imports_tabulas_exports_to_the_same_score(tmp_path):
    gnubg = gnubg_path()
    if gnubg is None:
        if os.environ.get("CI"):
            pytest.fail("GNU Backgammon is missing on CI: .ci/run installs it with apt-get")
        pytest.skip("GNU Backgammon (gnubg) is not installed: apt-get install gnubg")
    wanted: dict[str, tuple[int, int]] = {}
    seen: set[str] = set()
    for seed, length in [(0, 3), (2, 3), (5, 3), (10, 5), (4, 5), (8, 3), (1, 0)]:
        games, last = seeded_match(seed, length, resign=0.02)
        text = mat_text(games, ("Ivory", "Crimson"))
        name = f"t{seed}-{length}.mat"
        (tmp_path / name).write_text(text)
        wanted[name] = tuple(last.match.score)  # type: ignore[assignment]
        for line in text.splitlines():
            seen |= {"drop0"} if line[5:11] == " Drops" else set()
            seen |= {"drop1"} if line[33:39] == " Drops" else set()
        seen |= {"take"} if " Takes" in text else set()
        seen |= {_ended(g) for g in games}
        seen |= {"crawford"} if any(g.match.crawford for g in games) else set()
    assert {"drop0", "drop1", "take", "resigned", "crawford"} <= seen
    run = subprocess.run(
        [gnubg, "-t", "-q", "-p", str(DATA / "gnubg_reexport.py")],
        cwd=tmp_path,
        env={**os.environ, "MATS": ",".join(wanted), "EXPORT": "1", "HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    scores = {}
    for line in run.stdout.splitlines():
        if line.startswith("SCORE "):
            _, name, left, right = line.split()
            scores[name] = (int(left), int(right))
    assert scores == wanted, run.stdout[-2000:] + run.stderr[-2000:]
    for name in wanted:
        ours = (tmp_path / name).read_text()
        theirs = (tmp_path / f"{name}.gnubg").read_text()
        body = "".join(line for line in theirs.splitlines(True) if not line.startswith(";"))
        assert body.splitlines() == ours.splitlines(), name


def test_a_game_over_score_mismatch_is_refused():
    text = (DATA / "selfplay-3pt-seed1.mat").read_text()
    broken = text.replace(" gnubg : 0                      root : 2", " gnubg : 0   root : 1", 1)
    with pytest.raises(MatError, match="the game before ended at 0-2"):
        read_mat(broken)


def test_a_damaged_file_is_read_or_refused_with_a_mat_error_never_a_crash():
    import random

    texts = [p.read_text() for p in GNUBG_FILES]
    rng = random.Random(20)
    alphabet = " \n:/*)0123456789DropsTakesWinsGame"
    for _ in range(25):
        lines = rng.choice(texts).split("\n")
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(lines))
            op = rng.random()
            if op < 0.4 and lines[i]:
                j = rng.randrange(len(lines[i]))
                lines[i] = lines[i][:j] + rng.choice(alphabet) + lines[i][j + 1 :]
            elif op < 0.6:
                del lines[i]
            elif op < 0.8:
                lines.insert(i, rng.choice(lines))
            else:
                lines[i], lines[-1 - i] = lines[-1 - i], lines[i]
        try:
            read_mat("\n".join(lines))
        except MatError as exc:
            assert str(exc)


def test_games_out_of_order_and_awkward_names_are_handled_at_export():
    games, _ = seeded_match(2, 3, resign=0)
    assert len(games) > 1
    with pytest.raises(MatError, match="give the games of one match, in order"):
        mat_text([games[1], games[0]])
    text = mat_text(games, ("Ann: the\nfirst", ""))
    assert " Ann the first : 0" in text and "Player 2 : 0" in text
    assert read_mat(text).names == ("Ann the first", "Player 2")
