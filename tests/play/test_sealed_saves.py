"""A sealed game in progress is saved so that the records book alone does not tell the
rolls to come, yet resumes with exactly the dice it would have thrown; when the key of
its saved dice is missing or damaged, the game goes on with new dice, says so, and is
marked as no longer checkable -- never lost, never a crash.

The attacker's test reads everything in the book of a sealed game in progress (every
number, every text that could be a number, every generator state, the contribution)
and tries to predict the next rolls from it, as a tester did before (8 of 8)."""

from __future__ import annotations

import contextlib
import json
import random
import shutil
import sqlite3
import stat
from types import SimpleNamespace

import pytest
from tabletop import person, play_on

from game.play import events as ev
from game.play.session import GameSetup, Seat, saved_from_json, saved_to_json
from game.play.table import Table
from game.rules.dice import dice_stream, seed_seal
from game.rules.dice_box import BoxError, WrongKeyError, key_id, lock, new_key, unlock
from game.rules.replay import apply_entry, first_state, replay_states
from game.rules.replay import main as replay_main
from game.store import dice_key
from game.store.records import Records
from game.ui.dice_seal import seal_lines, seed_note
from game.ui.progress import finished_game, replay_of
from game.ui.saving import SaveKeeper

PEOPLE = (Seat(), Seat(human=False))
SEALED = {
    "backgammon": GameSetup("backgammon", {"cube": False}, PEOPLE),
    "lombardorum": GameSetup("lombardorum", seats=PEOPLE),
    "el_mundo": GameSetup("el_mundo", seats=(Seat(), Seat(human=False)) * 2),
}


class FirstChoice:
    """A person's choices that depend on the position alone: the first legal play, the
    lowest die (so that a resumed game is played as the unbroken one was)."""

    def choice(self, options):
        return options[0]

    def randint(self, low, high):
        return low


def book(folder):
    """A window's records and save-keeper on a real book in ``folder``."""
    app = SimpleNamespace(records=Records.open(folder / "records.sqlite"))
    return app, SaveKeeper(app)


def sealed_table(setup, keeper):
    """A sealed game (a fresh seed, the player's throw mixed in) saving to ``keeper``."""
    table = Table(setup, ask_throw=True, keep=keeper.keep_current)
    table.begin()
    acts = person(FirstChoice())
    play_on(table, lambda t: not t.throw_wanted and len(t.log) >= 1, acts)
    return table, acts


def rolls_in(log) -> list[tuple[int, ...]]:
    return [tuple(e["dice"]) for e in log if e.get("action") == "roll"]


def play_rolls(table, acts, count: int) -> list[tuple[int, ...]]:
    """Play on until ``count`` more rolls are thrown (or the game ends): those rolls."""
    before = len(rolls_in(table.log))
    play_on(table, lambda t: t.finished or len(rolls_in(t.log)) >= before + count, acts)
    return rolls_in(table.log)[before:]


# -- the attacker ---------------------------------------------------------------------------


def everything_in(db_path) -> list:
    """Every value of every row of every table of the book, JSON texts read as JSON."""
    db = sqlite3.connect(db_path)
    try:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        values = []
        for table in tables:
            for row in db.execute(f"SELECT * FROM {table}"):
                for value in row:
                    values.append(value)
                    if isinstance(value, str):
                        with contextlib.suppress(ValueError):
                            values.append(json.loads(value))
        return values
    finally:
        db.close()


def walk(value):
    yield value
    if isinstance(value, dict):
        for inner in value.values():
            yield from walk(inner)
    elif isinstance(value, list | tuple):
        for inner in value:
            yield from walk(inner)


def candidate_generators(values, saved_json):
    """Every generator the book could hold: each whole number (and text read as one,
    decimal or hex) as a seed, alone or with each contribution found, positioned after
    the recorded plays; each generator state found, as it is."""
    numbers, texts, states = set(), {""}, []
    for value in walk(values):
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            numbers.add(value)
        elif isinstance(value, str):
            texts.add(value)
            for base in (10, 16):
                with contextlib.suppress(ValueError):
                    numbers.add(int(value.removeprefix("0x"), base))
        elif isinstance(value, list) and len(value) == 3 and isinstance(value[1], list):
            states.append(value)
    for state in states:
        rng = random.Random()
        try:
            rng.setstate((state[0], tuple(state[1]), state[2]))
        except (TypeError, ValueError, OverflowError):
            continue
        yield rng
    contributions = [t for t in texts if t.startswith("t=") or t == ""]
    for seed in (n for n in numbers if n.bit_length() <= 1024):  # a seed has 128 bits
        for contribution in contributions:
            rng = dice_stream(seed, contribution)
            if positioned(rng, saved_json):
                yield rng


def positioned(rng, saved_json) -> bool:
    """``rng`` moved on past the game's record as the game's dice would be: whether the
    record's rolls are the ones it throws (a seed that is not the game's fails here)."""
    from game.rules.replay import Replay

    start = saved_json.get("start") or {}
    replay = Replay(
        saved_json["setup"]["variant"],
        saved_json["setup"]["options"],
        0,
        tuple(saved_json["log"]),
        match=None,
        starter=start.get("starter"),
    )
    try:
        state = first_state(replay, rng)
        for n, entry in enumerate(replay.plays):
            state = apply_entry(state, entry, rng, n)
    except ValueError:
        return False
    return True


def predicted(rng, faces_count: int, count: int) -> list[tuple[int, ...]]:
    return [tuple(rng.randint(1, 6) for _ in range(faces_count)) for _ in range(count)]


@pytest.mark.parametrize("variant", ["backgammon", "lombardorum"])
def test_the_book_of_a_sealed_game_does_not_tell_the_rolls_to_come(tmp_path, variant):
    app, keeper = book(tmp_path)
    table, acts = sealed_table(SEALED[variant], keeper)
    play_rolls(table, acts, 6)
    seed = table.seed
    app.records.db.execute("PRAGMA wal_checkpoint(FULL)")
    copy = tmp_path / "copy.sqlite"  # the book as it stands, copied (shared, sent)
    with sqlite3.connect(copy) as out:
        app.records.db.backup(out)
    coming = play_rolls(table, acts, 8)
    assert len(coming) == 8

    values = everything_in(copy)
    saved_json = app.records.load_current()
    assert saved_json is not None and saved_json["version"] == 2
    hits = 0
    for rng in candidate_generators(values, saved_json):
        guess = predicted(rng, len(coming[0][:2]), 8)
        hits = max(hits, sum(g == c[:2] for g, c in zip(guess, coming, strict=True)))
    assert hits < 8, "the rolls to come were read from the book"
    # Not the seed, in any form, anywhere in the book's files (the log of changes too).
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("records.sqlite*"))
    for form in (str(seed), f"{seed:x}", f"{seed:X}"):
        assert form.encode() not in raw
    # The key is a file of its own, readable by its owner only.
    key_file = tmp_path / dice_key.FILE_NAME
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert dice_key.read_key(tmp_path)[0] is not None


def test_the_seed_is_still_shown_after_the_game(tmp_path):
    _app, keeper = book(tmp_path)
    table, acts = sealed_table(SEALED["backgammon"], keeper)
    play_on(table, None, acts)
    summary = table.summary()
    assert summary.seed == table.seed and summary.start["contribution"]
    assert "not checkable" not in seed_note(summary.seed, summary.start["contribution"])
    # The finished game keeps its seed in the book, and its replay checks with the seal.
    _app.records.add_game(finished_game(summary), clear_current=True)
    game = _app.records.games()[0]
    assert game["seed"] == table.seed
    path = tmp_path / "game.json"
    path.write_text(json.dumps(replay_of(game).to_json()))
    seal = seed_seal(table.seed)
    assert replay_main([str(path), "--seal", seal[:16]]) == 0
    assert replay_main([str(path), "--seal", "0123456789abcdef"]) == 1


@pytest.mark.parametrize("variant", sorted(SEALED))
def test_a_resumed_sealed_game_throws_the_dice_of_the_unbroken_one(tmp_path, variant):
    app, keeper = book(tmp_path)
    table, acts = sealed_table(SEALED[variant], keeper)
    play_rolls(table, acts, 5)
    app.records.db.execute("PRAGMA wal_checkpoint(FULL)")
    later = tmp_path / "later"
    later.mkdir()
    with sqlite3.connect(later / "records.sqlite") as out:  # the book at this play
        app.records.db.backup(out)
    shutil.copy(tmp_path / dice_key.FILE_NAME, later / dice_key.FILE_NAME)
    n = len(table.log)
    play_on(table, lambda t: t.finished or len(t.log) >= n + 40, acts)
    unbroken = list(table.log)

    _app2, keeper2 = book(later)  # the game started again on the book as it was
    saved = keeper2.in_progress()
    assert saved is not None and saved.notice == "" and list(saved.log) == unbroken[:n]
    assert saved.seed == table.seed
    resumed = Table(saved.setup, saved=saved, keep=keeper2.keep_current)
    resumed.begin()
    play_on(resumed, lambda t: t.finished or len(t.log) >= len(unbroken), person(FirstChoice()))
    assert resumed.log == unbroken
    assert len(rolls_in(unbroken[n:])) >= 10


def test_a_save_from_before_the_box_still_resumes_with_its_dice(tmp_path):
    app, keeper = book(tmp_path)
    table, acts = sealed_table(SEALED["backgammon"], keeper)
    play_rolls(table, acts, 3)
    old = saved_to_json(table.saved())  # as saves were written before the box
    del old["opening_thrown"]
    assert old["version"] == 1 and old["seed"] == table.seed
    coming = play_rolls(table, acts, 6)
    app.records.save_current(old)  # the book holds the old kind of save
    saved = keeper.in_progress()
    assert saved is not None and saved.notice == ""
    resumed = Table(saved.setup, saved=saved)
    resumed.begin()
    assert play_rolls(resumed, person(FirstChoice()), 6) == coming


def test_a_save_from_before_the_box_leaves_no_seed_in_the_book_once_saved_again(tmp_path):
    app, keeper = book(tmp_path)
    table, acts = sealed_table(SEALED["backgammon"], keeper)
    play_rolls(table, acts, 3)
    app.records.save_current(saved_to_json(table.saved()))  # the old kind, seed in plain
    seed = str(table.seed).encode()
    saved = keeper.in_progress()
    resumed = Table(saved.setup, saved=saved, keep=keeper.keep_current)
    resumed.begin()
    play_rolls(resumed, person(FirstChoice()), 2)  # saved again, locked
    app.records.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("records.sqlite*"))
    assert seed not in raw


def test_a_book_that_cannot_be_written_still_resumes_with_its_own_dice(tmp_path):
    app, keeper = book(tmp_path)
    table, acts = sealed_table(SEALED["backgammon"], keeper)
    play_rolls(table, acts, 4)
    app.records.close()
    # Started again on a book that cannot be written (a read-only file or folder): it
    # is read into memory, and the key beside it still opens the saved dice.
    error = sqlite3.OperationalError("attempt to write a readonly database")
    unkept = Records._read_only(tmp_path / "records.sqlite", error)
    assert unkept.unkept
    keeper2 = SaveKeeper(SimpleNamespace(records=unkept))
    saved = keeper2.in_progress()
    assert saved is not None and saved.notice == "" and saved.seed == table.seed
    resumed = Table(saved.setup, saved=saved, keep=keeper2.keep_current)
    resumed.begin()
    assert play_rolls(resumed, person(FirstChoice()), 5) == play_rolls(table, acts, 5)
    again = keeper2.in_progress()  # saved in memory this session, opened again
    assert again is not None and again.notice == ""


def lose_key(folder, how: str) -> None:
    key_file = folder / dice_key.FILE_NAME
    if how == "missing":
        key_file.unlink()
    elif how == "damaged":
        key_file.write_bytes(b"tabula-dice-key 1\nzz" + b"\x00" * 40)
    elif how == "empty":
        key_file.write_bytes(b"")
    elif how == "another key":  # made afresh, as a copied book on another machine finds
        dice_key.write_key(folder, new_key())
    elif how == "a folder":
        key_file.unlink()
        key_file.mkdir()


@pytest.mark.parametrize("how", ["missing", "damaged", "empty", "another key", "a folder"])
@pytest.mark.parametrize("variant", sorted(SEALED))
def test_a_lost_key_gives_new_dice_says_so_and_loses_nothing(tmp_path, variant, how):
    app, keeper = book(tmp_path)
    table, acts = sealed_table(SEALED[variant], keeper)
    play_rolls(table, acts, 5)
    before = list(table.log)
    app.records.close()
    lose_key(tmp_path, how)

    _app2, keeper2 = book(tmp_path)
    saved = keeper2.in_progress()
    assert saved is not None, "the unfinished game is kept"
    assert saved.state == table.state and len(saved.log) == len(before)
    assert "dice.key" in saved.notice and "new dice" in saved.notice
    assert saved.start["lost_dice"] is True and saved.start["contribution"] == ""
    assert all(e.get("manual") for e in saved.log if e["action"] == "roll")
    resumed = Table(saved.setup, saved=saved, keep=keeper2.keep_current)
    resumed.begin()
    # The board is told that the dice are new (and says it in the player's language).
    told = [e for e in resumed.poll() if isinstance(e, ev.Resumed)]
    assert told and told[0].lost_dice and told[0].saved is saved
    assert resumed.game.states[-1] == table.state
    play_on(resumed, lambda t: t.finished or len(t.log) >= len(before) + 30, person(FirstChoice()))
    # Saved again under a key of its own, still marked; its record replays as it went.
    again = keeper2.in_progress()
    assert again is not None and again.notice == "" and again.start["lost_dice"] is True
    assert rolls_in(again.log)[: len(rolls_in(before))] == rolls_in(before)
    states = replay_states(again.replay())
    assert states[-1] == again.state
    if how != "a folder":  # a new key kept (a folder in its place cannot be written over)
        assert dice_key.read_key(tmp_path)[0] is not None
    assert seal_lines(resumed.seed, "", False, lost=True) == ("New dice:", "not checkable")
    assert "not checkable" in seed_note(resumed.seed, "", lost=True)


def test_a_finished_game_after_a_lost_key_replays(tmp_path):
    app, keeper = book(tmp_path)
    table, acts = sealed_table(SEALED["backgammon"], keeper)
    play_rolls(table, acts, 4)
    for how in ("missing", "another key"):  # the session that saved it knows its key
        lose_key(tmp_path, how)
        same = keeper.in_progress()
        assert same is not None and same.notice == "" and same.seed == table.seed
    app.records.close()
    app, keeper = book(tmp_path)  # started again
    saved = keeper.in_progress()
    assert saved is not None and saved.notice
    resumed = Table(saved.setup, saved=saved, keep=keeper.keep_current)
    resumed.begin()
    play_on(resumed, None, person(FirstChoice()))
    summary = resumed.summary()
    assert summary.start["lost_dice"] is True
    app.records.add_game(finished_game(summary), clear_current=True)
    game = app.records.games()[0]
    assert game["start"]["lost_dice"] is True
    states = replay_states(replay_of(game))
    assert states[-1].result == resumed.state.result


def test_the_box_opens_only_with_its_key_for_its_game():
    key = new_key()
    box = lock(key, {"seed": 12345, "rng": [3, [1, 2], None]}, "game-a")
    assert unlock(key, box, "game-a") == {"seed": 12345, "rng": [3, [1, 2], None]}
    assert "12345" not in json.dumps(box) and box["key"] == key_id(key)
    twice = [lock(key, {"seed": 12345}, "game-a")["data"] for _ in range(2)]
    assert twice[0] != twice[1]  # a fresh nonce each time
    with pytest.raises(WrongKeyError):
        unlock(new_key(), box, "game-a")
    with pytest.raises(BoxError):
        unlock(key, box, "game-b")
    flipped = dict(box, data=("0" if box["data"][0] != "0" else "1") + box["data"][1:])
    for damaged in (flipped, dict(box, check="00"), {"box": 1}, None, dict(box, nonce="zz")):
        with pytest.raises(BoxError):
            unlock(key, damaged, "game-a")


def test_an_unreadable_key_file_is_never_written_over(tmp_path, monkeypatch):
    dice_key.write_key(tmp_path, key := new_key())
    real = dice_key.Path.open

    def refuse(self, *args, **kwargs):
        if self.name == dice_key.FILE_NAME:
            raise PermissionError(13, "Permission denied")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(dice_key.Path, "open", refuse)
    found, why = dice_key.read_key(tmp_path)
    assert found is None and "cannot be read" in why
    assert dice_key.key_for_saving(tmp_path) != key  # a key of the session
    monkeypatch.undo()
    assert dice_key.read_key(tmp_path)[0] == key  # the file is as it was


def test_a_saved_game_bound_to_one_game_refuses_another_games_box(tmp_path):
    _app, keeper = book(tmp_path)
    table, acts = sealed_table(SEALED["backgammon"], keeper)
    play_rolls(table, acts, 2)
    key = keeper.dice_key()
    data = saved_to_json(table.saved(), key)
    other = dict(data, setup=dict(data["setup"], match_id="another"))
    assert saved_from_json(data, key).notice == ""
    assert "new dice" in saved_from_json(other, key).notice
