"""The registered games that have no trained evaluation yet (issue 23 brought them; the
next issue trains them): novice only, no hints, no tutor. A game leaves this list when
its weights ship (tests/ai/test_players.py then wants them to load)."""

UNTRAINED = frozenset({"acey_deucey"})
