"""A small network of the right shape for any variant, in place of the shipped weights:
the hint and tutor tests need an evaluation, not a strong one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from game.ai import players
from game.ai.encode import Scheme
from game.ai.network import Network
from game.rules.variants import find_variant


def use_small_networks(monkeypatch: pytest.MonkeyPatch) -> Callable[[Any], Network]:
    """Make ``players.network_for`` give each variant a small fresh network (one per
    variant, kept for the test); returns the stand-in."""
    nets: dict[str, Network] = {}

    def network_for(variant: Any) -> Network:
        variant_id = getattr(variant, "id", variant)
        if variant_id not in nets:
            scheme = Scheme.for_variant(find_variant(variant_id))
            nets[variant_id] = Network.create(scheme.inputs, 8, 5, scheme.outputs)
        return nets[variant_id]

    monkeypatch.setattr(players, "network_for", network_for)
    return network_for
