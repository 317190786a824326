"""benchmarks.versus: how a trained network is judged against the shipped one."""

from __future__ import annotations

import re

import pytest

from benchmarks.versus import main
from game.ai.players import weights_path


def test_two_networks_play_and_the_share_is_reported(capsys):
    net = str(weights_path("lombardorum"))
    assert main(["lombardorum", net, net, "--games", "4", "--options", "dice=3"]) == 0
    out = capsys.readouterr().out
    found = re.search(r"won (\d+\.\d)% of 4 games", out)
    assert found and float(found.group(1)) in (0.0, 25.0, 50.0, 75.0, 100.0)
    assert "'dice': 3" in out and "(even: 50%)" in out


def test_an_unknown_option_is_refused():
    net = str(weights_path("lombardorum"))
    with pytest.raises(Exception, match="colour"):
        main(["lombardorum", net, net, "--options", "colour=red"])
