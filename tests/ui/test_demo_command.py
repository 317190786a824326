"""``python -m game --demo VARIANT --seconds S``: it lasts S seconds of the clock, headless
too (it ran 20 s of Tabula in 1.7 s); its saved frame shows a game in progress with men
moved, however short the demo, in every game; ``--help`` lists the games."""

from __future__ import annotations

import time

import pygame
import pytest

from game.__main__ import main, variant_named
from game.rules.variants import VARIANTS
from game.ui.app import App


def frames_saved(monkeypatch) -> list[dict]:
    """What the board showed when each screenshot was taken (the test's own look)."""
    seen: list[dict] = []
    real = App.screenshot

    def watch(app, path):
        board = app.stack.top
        first = board.game.states[0].position
        shown = board.shown
        seen.append(
            {
                "variant": board.variant.id,
                "moved": (shown.board, shown.hand) != (first.board, first.hand),
                "still": not board.busy,
                "over": board.game.state.is_over,
                "time": app.time,
            }
        )
        real(app, path)

    monkeypatch.setattr(App, "screenshot", watch)
    return seen


def test_a_demo_lasts_its_seconds_by_the_clock(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    seen = frames_saved(monkeypatch)
    started = time.monotonic()
    out = tmp_path / "tabula.png"
    assert (
        main(["--demo", "tabula", "--seconds", "2", "--screenshot", str(out), "--seed", "3"]) == 0
    )
    took = time.monotonic() - started
    assert took >= 2.0, f"a 2-second demo ended after {took:.2f} s"
    assert seen and seen[0]["time"] >= 2.0
    assert pygame.image.load(str(out)).get_size() == (1280, 800)


def on_app_time(monkeypatch) -> None:
    """Demos run a frame at a time without waiting for the clock (the clock's own test
    is the one above): what is shown is the same, sooner."""
    real = App.run

    def run(app, **kwargs):
        real(app, **{**kwargs, "fixed_step": True})

    monkeypatch.setattr(App, "run", run)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_short_demo_shows_men_moved_in_every_game(tmp_path, monkeypatch, variant):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    seen = frames_saved(monkeypatch)
    on_app_time(monkeypatch)
    out = tmp_path / f"{variant}.png"
    assert main(["--demo", variant, "--seconds", "0.3", "--screenshot", str(out)]) == 0
    assert len(seen) == 1 and seen[0]["variant"] == variant
    frame = seen[0]
    assert frame["moved"] and frame["still"] and not frame["over"], frame
    assert out.stat().st_size > 0


def test_help_lists_every_game(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    text = " ".join(capsys.readouterr().out.split())  # argparse wraps the lines
    for vid, variant in VARIANTS.items():
        assert vid in text
        assert variant.name.lower() in text.lower()


def test_a_demo_takes_a_game_by_its_name():
    for vid, variant in VARIANTS.items():
        assert variant_named(variant.name) == vid
        assert variant_named(vid.upper()) == vid
    assert variant_named("Long Nardy") == variant_named("long_nardy") == "nard"
    assert variant_named("acey-deucey") == "acey_deucey"
    assert variant_named("chess") == "chess"  # left for find_variant to refuse


def test_an_unknown_game_names_the_known_ones(capsys):
    with pytest.raises(SystemExit):
        main(["--demo", "chess"])
    err = capsys.readouterr().err
    assert "unknown variant 'chess'" in err and "nard" in err


def test_a_demo_speaks_the_language_asked_and_refuses_an_unknown_one(tmp_path, monkeypatch, capsys):
    """(For the README's pictures of a Greek and a Russian board.)"""
    from game import i18n

    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    seen = frames_saved(monkeypatch)
    on_app_time(monkeypatch)
    spoken: list[str] = []
    real = App.stop

    def stop(app):
        spoken.append(i18n.language())
        real(app)

    monkeypatch.setattr(App, "stop", stop)
    try:
        out = str(tmp_path / "el.png")
        assert (
            main(["--demo", "portes", "--seconds", "0.3", "--language", "el", "--screenshot", out])
            == 0
        )
    finally:
        i18n.set_language("en")
    assert seen and spoken == ["el"]
    with pytest.raises(SystemExit):
        main(["--demo", "portes", "--language", "xx"])
    assert "invalid choice: 'xx'" in capsys.readouterr().err
