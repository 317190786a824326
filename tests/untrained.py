"""Games without a trained evaluation: novice only, no hints, no tutor.

Every registered game has its network now (issue 24 trained the last of them), so the
tests of a game without one hide a real game's network: ``untrained`` (a fixture,
registered in tests/conftest.py) makes ``STANDIN`` look untrained for one test, the way a
game newly added, or an install missing its weights, would be."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.ai import players

UNTRAINED: frozenset[str] = frozenset()  # registered games that ship no network
STANDIN = "acey_deucey"  # the game whose network the ``untrained`` fixture hides


@pytest.fixture
def untrained(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """``STANDIN`` with its network hidden for the test: its id."""
    real = players.network_for

    def hidden(variant):  # type: ignore[no-untyped-def]
        variant_id = variant if isinstance(variant, str) else variant.id
        return None if variant_id == STANDIN else real(variant)

    monkeypatch.setattr(players, "network_for", hidden)
    yield STANDIN
