"""The setup of a game with no trained evaluation yet: Novice only, and it says why."""

from __future__ import annotations

import pytest

from tests.untrained import UNTRAINED


@pytest.mark.parametrize("mode", ["local", "practice"])
def test_the_setup_of_an_untrained_game_offers_novice_only_and_says_why(app, mode, untrained):
    from game.ui.scenes.setup import SetupScene

    scene = SetupScene(app)
    app.push(scene, mode)
    for variant_id in sorted(UNTRAINED | {untrained}):
        scene.select(variant_id)
        level = scene.seat_rows[1][2]
        assert level.visible
        assert not level.set("expert"), variant_id
        assert level.value == "novice"
        assert "This game has no trained opponent yet" in level.note
        assert scene.level_note().startswith("This game has no trained opponent yet")
        assert scene.build_setup().variant_id == variant_id
        app.draw()
