# Two commands set everything up on a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
# Headless tests. Bytecode is kept (in the ignored __pycache__ folders) even where the
# environment turns it off: otherwise every test worker, and every process a test starts,
# compiles all of Tabula and rewrites every test's asserts again (collection 10 s, not 3 s).
TESTENV := PYTHONDONTWRITEBYTECODE= SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: play test quick bench bench-ladder bench-ratings bench-uct bench-gnubg lint types clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# The translation catalogues: each language's .po (in git) compiled to its .mo (not).
CATALOGUES := $(patsubst %.po,%.mo,$(wildcard assets/locale/*/LC_MESSAGES/tabula.po))
$(CATALOGUES): %.mo: %.po $(STAMP)
	$(PY) -m tools.catalogues compile

play: $(STAMP) $(CATALOGUES)
	$(PY) -m game

# One test worker more than the cores: a test waiting on a process it started (a kill and
# resume, a rollout's workers, the wheel's install) leaves its core to another.
WORKERS := $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) + 1 )))

# Everything CI runs: every test, the lint and the types.
test: $(STAMP) $(CATALOGUES)
	$(TESTENV) $(PY) -m pytest -n $(WORKERS) --dist worksteal
	$(PY) -m ruff check game tests benchmarks tools
	$(PY) -m mypy

# The tests but the slow ones (marked in tests/conftest.py): under a minute on two cores.
quick: $(STAMP) $(CATALOGUES)
	$(TESTENV) $(PY) -m pytest -n $(WORKERS) --dist worksteal -m "not slow"

# The benchmarks' own dependencies (gnubg-nn: GNU Backgammon as the judge).
$(VENV)/.bench: $(STAMP) pyproject.toml
	$(PY) -m pip install --quiet -e '.[test,bench]'
	touch $(VENV)/.bench

# Speed and strength, in under 30 minutes on two cores: every step has a budget. The ladder
# plays each pair of levels for at most 12 s (twelve games now have levels; a few dozen games a pair: a sign, not a verdict), the
# expert meets UCT in a short backgammon match and GNU Backgammon judges 60 positions.
# make bench's ladder writes its level ratings here, beside (never over) the shipped ones.
BENCH_RATINGS ?= /tmp/tabula-bench-level-ratings.json
bench: $(STAMP) $(VENV)/.bench
	$(PY) -m benchmarks.movegen benchmarks/data/backgammon-bench.txt
	$(PY) -m benchmarks.decisions
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m benchmarks.frames
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m benchmarks.frames --variants backgammon --level expert --seconds 30
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m benchmarks.frames --analysis --size 1280x800
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m benchmarks.idle
	$(PY) -m benchmarks.study --seeds 1 2 3
	$(PY) -m benchmarks.ladder --variant all --max-seconds 12 --ratings-out $(BENCH_RATINGS)
	$(PY) -m benchmarks.selfplay --workers 1 2 --seconds 30
	$(PY) -m benchmarks.baseline --variant backgammon --games 10 --max-seconds 180
	$(PY) -m benchmarks.gnubg_error --level expert advanced --positions 60 --plies 2

# The long runs, each behind its own target (hours): the full ladder of every variant, the
# expert against UCT in every game (20 games each, at most 20 minutes a game: a game at
# UCT-1000 takes one to three minutes in pure Python), GNU Backgammon's judgement of 300
# positions of the expert's games, and of 300 of its own 0-ply games: the expert's goal is
# set against GNU Backgammon 0-ply's error on those.
# The later games (Plakoto, Fevga, Portes, Long Nardy, Tabula, Acey-Deucey) more fully: the
# whole ladder in order with 200 games of the expert against the novice (the games it did
# not win named, for benchmarks.lost), and the expert against UCT-1000 with duplicate dice.
LATER_GAMES = plakoto fevga portes nard tabula acey_deucey
bench-ladder: $(STAMP)
	$(PY) -m benchmarks.ladder --variant all --max-seconds 900
	$(PY) -m benchmarks.ladder --variant $(LATER_GAMES) --games 200 --expert-games 200 --show-lost
	$(PY) -m benchmarks.baseline --variant $(LATER_GAMES) --games 20 --max-seconds 1800

# The levels' ratings the player's rating is anchored on (assets/data/level_ratings.json,
# docs/STUDY.md): each level against the one below it in every two-sided game with
# levels, 400 games a pair (100 where the expert plays), at most 15 minutes a pair.
RATED_GAMES = backgammon duodecim tabula quinze_tablas lombardorum anglicorum portes plakoto \
	fevga nard acey_deucey
RUNGS = beginner:novice intermediate:beginner advanced:intermediate expert:advanced
bench-ratings: $(STAMP)
	$(PY) -m benchmarks.ladder --variant $(RATED_GAMES) --pairs $(RUNGS) --games 400 \
		--expert-games 100 --max-seconds 900 --ratings-out assets/data/level_ratings.json

bench-uct: $(STAMP)
	$(PY) -m benchmarks.baseline --games 20 --max-seconds 1200

bench-gnubg: $(STAMP) $(VENV)/.bench
	$(PY) -m benchmarks.gnubg_error --level expert advanced --positions 300 --plies 2
	$(PY) -m benchmarks.gnubg_error --level expert --source gnubg --seed 4 --positions 300 --plies 2

lint: $(STAMP)
	$(PY) -m ruff check game tests benchmarks

# The settings (--strict but for game.ui and game.play) are pyproject.toml's [tool.mypy].
types: $(STAMP)
	$(PY) -m mypy

clean:
	rm -rf $(VENV) build dist .pytest_cache .ruff_cache .mypy_cache .hypothesis
