"""The safe readers refuse every hostile kind of file with one line naming it."""

from __future__ import annotations

import json
import random

import pytest
from hostile import deadline, make_hostile  # tests/ is on the path (conftest's folder)

from game.paths import levels_dir
from game.rules.safe_read import (
    BadNumber,
    FileRefused,
    NotARegularFile,
    NotText,
    TooDeep,
    TooLarge,
    display_name,
    loads_json,
    loads_toml,
    one_line,
    read_json,
    read_toml,
    toml_shape,
)

LIMIT = 300_000  # the deep files are 200,000 bytes


@pytest.mark.parametrize("suffix", [".json", ".toml"])
def test_every_hostile_file_is_refused_with_one_line_naming_it(tmp_path, suffix):
    names = make_hostile(tmp_path, suffix, LIMIT)
    read = read_json if suffix == ".json" else read_toml
    expected = {
        "deep": TooDeep,
        "oversize": TooLarge,
        "not-utf8": NotText,
        "folder": NotARegularFile,
        "fifo": NotARegularFile,
        "zero": NotARegularFile,
        "bad-name": FileRefused,
    }
    assert "fifo" in names and "zero" in names  # the machine makes them (not Windows)
    for path in sorted(tmp_path.iterdir()):
        kind = next(k for k, shown in names.items() if display_name(path) == shown)
        with deadline(5), pytest.raises(FileRefused) as caught:
            read(path, LIMIT)
        message = str(caught.value)
        assert isinstance(caught.value, expected[kind]), (kind, message)
        assert isinstance(caught.value, ValueError)
        assert message.startswith(names[kind] + ": "), message
        assert message == one_line(message) and len(message) <= 200


def test_the_device_and_the_pipe_are_named_as_such(tmp_path):
    make_hostile(tmp_path, ".json", LIMIT)
    with deadline(5):
        for name, words in [
            ("fifo", "a pipe (FIFO)"),
            ("zero", "a device"),
            ("folder", "a folder"),
        ]:
            with pytest.raises(
                NotARegularFile, match=words.replace("(", r"\(").replace(")", r"\)")
            ):
                read_json(tmp_path / f"{name}.json", LIMIT)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"seed": 1e999}', "1e999, too large to be finite"),
        ('{"seed": -1e999}', "-1e999, too large to be finite"),
        ("[NaN]", "holds NaN"),
        ("[Infinity]", "holds Infinity"),
        ('{"a": [-Infinity]}', "holds -Infinity"),
        ("[" + "9" * 5000 + "]", "5,000 digits"),
        ("[" + "9" * 101 + "]", "101 digits"),
        ("[0." + "1" * 500 + "]", "502 characters"),
    ],
)
def test_json_numbers_must_be_finite_and_of_few_digits(text, words):
    with pytest.raises(BadNumber) as caught:
        loads_json(text, "x.json")
    assert str(caught.value).startswith("x.json: ") and words in str(caught.value)


def test_json_reads_ordinary_numbers_and_strings_with_brackets():
    text = '{"a": [1, -2.5e3, 0.1], "b": "[[[{{{\\"]]", "c": {"d": [[]]}, "e": 2e308}'
    with pytest.raises(BadNumber):  # 2e308 is past the largest float
        loads_json(text, "x.json")
    value = loads_json(text.replace("2e308", "1e308"), "x.json")
    assert value["b"] == '[[[{{{"]]' and value["a"] == [1, -2500.0, 0.1]


def _depth(value):
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    return 0


def _random_json(rng, depth=0):
    roll = rng.random()
    if depth < 6 and roll < 0.3:
        return [_random_json(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    if depth < 6 and roll < 0.6:
        keys = ['a"[', "{b}", "]\\", "c"]
        return {rng.choice(keys) + str(i): _random_json(rng, depth + 1) for i in range(3)}
    return rng.choice([1, 2.5, None, True, '"[{', "]}\\\\", "x\\"])


def test_json_is_refused_exactly_when_it_nests_deeper_than_the_limit():
    rng = random.Random(5)
    for _ in range(600):
        value = _random_json(rng)
        text = json.dumps(value)
        for limit in (2, 3, 4):
            if _depth(value) > limit:
                with pytest.raises(TooDeep):
                    loads_json(text, "x.json", max_depth=limit)
            else:
                assert loads_json(text, "x.json", max_depth=limit) == value


def test_nesting_just_under_the_limit_reads_and_just_over_is_refused():
    assert loads_json("[" * 32 + "]" * 32, "x.json") is not None
    with pytest.raises(TooDeep, match="more than 32 deep"):
        loads_json("[" * 33 + "]" * 33, "x.json")
    with pytest.raises(TooDeep):  # an unclosed string does not hide the brackets before it
        loads_json('{"a": ' + "[" * 100 + '"', "x.json")


def test_json_of_very_many_arrays_is_refused_as_it_is_read():
    """A million small arrays made the garbage collector's full collections stop the
    window for a third of a second each; past the limit the file is refused."""
    text = "[" + "[1]," * 1_000 + "[]]"  # 1,002 arrays
    with pytest.raises(TooLarge, match="more than 1,001 arrays and objects"):
        loads_json(text, "x.json", max_containers=1_001)
    assert len(loads_json(text, "x.json", max_containers=1_002)) == 1_001
    with pytest.raises(TooLarge, match="more than 100,000 arrays"):  # the default
        loads_json("[" * 30 + "[]," * 100_001 + "[]" + "]" * 30, "x.json")


@pytest.mark.parametrize(
    ("text", "error", "words"),
    [
        ("a = inf\n", BadNumber, "inf"),
        ("a = -inf\n", BadNumber, "inf"),
        ("[t]\nb = [nan]\n", BadNumber, "nan"),
        ("a = " + "9" * 5000 + "\n", BadNumber, "cannot be read"),
        ("a = " + "[" * 100_000 + "]" * 100_000 + "\n", TooDeep, "100,000 deep"),
        ("a = " + "{b = " * 50 + "1" + "}" * 50 + "\n", TooDeep, "50 deep"),
        ("a" + ".a" * 30_000 + " = 1\n", TooDeep, "30,001 parts"),
        ("[" + ".".join(["t"] * 40) + "]\n", TooDeep, "40 parts"),
        ('a = "unclosed\n', FileRefused, "not valid TOML"),
    ],
)
def test_toml_refuses_deep_nesting_long_dotted_keys_and_infinite_numbers(text, error, words):
    with deadline(10), pytest.raises(error) as caught:
        loads_toml(text, "01-x.toml")
    assert str(caught.value).startswith("01-x.toml: ") and words in str(caught.value)


def test_toml_strings_and_comments_do_not_count_as_keys_or_nesting():
    text = (
        'intro = "One. Two. Three. Four. Five. Six. Seven. Eight. Nine. Ten. Eleven. Twelve. '
        'Thirteen. Fourteen. Fifteen. Sixteen. Seventeen. [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["\n'
        "# a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n"
        "lit = 'a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t'\n"
        'ml = """\nx.y.z.a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q = 1 ""quoted""\n"""\n'
        "mll = '''\na.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t''''\n"
        'x."a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q".y = 1.5\n'
    )
    assert toml_shape(text) == (0, 2)
    table = loads_toml(text, "01-x.toml")
    assert table["x"]["a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q"]["y"] == 1.5


def test_every_shipped_level_file_passes_the_scan():
    for path in sorted(levels_dir().glob("*.toml")):
        assert read_toml(path, 64_000) == loads_toml(path.read_text(), path.name)


def test_a_byte_order_mark_is_allowed_and_messages_are_printable(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf[1, 2]")
    assert read_json(path, LIMIT) == [1, 2]
    assert one_line("a\nb\x1b[31m\udcff" + "x" * 500).startswith("a?b?[31m?x")
    assert len(one_line("x" * 500)) == 200
