# Two commands set everything up on a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: play test quick bench lint types clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m game

# Everything CI runs: every test, the lint and the types.
test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -n auto
	$(PY) -m ruff check game tests benchmarks
	$(PY) -m mypy

# The tests but the slow ones (marked in tests/conftest.py): under a minute on two cores.
quick: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -n auto -m "not slow"

# The benchmarks' own dependencies (gnubg-nn: GNU Backgammon as the judge).
$(VENV)/.bench: $(STAMP) pyproject.toml
	$(PY) -m pip install --quiet -e '.[test,bench]'
	touch $(VENV)/.bench

bench: $(STAMP) $(VENV)/.bench
	$(PY) -m benchmarks.movegen benchmarks/data/backgammon-bench.txt
	$(PY) -m benchmarks.decisions
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m benchmarks.frames
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m benchmarks.frames --variants backgammon --level expert --seconds 30
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m benchmarks.idle
	$(PY) -m benchmarks.ladder --variant all --max-seconds 900
	$(PY) -m benchmarks.baseline --variant backgammon lombardorum --games 100 --max-seconds 1800
	$(PY) -m benchmarks.gnubg_error --level expert advanced --positions 300 --plies 2

lint: $(STAMP)
	$(PY) -m ruff check game tests benchmarks

# The settings (--strict but for game.ui and game.play) are pyproject.toml's [tool.mypy].
types: $(STAMP)
	$(PY) -m mypy

clean:
	rm -rf $(VENV) build dist .pytest_cache .ruff_cache .mypy_cache .hypothesis
