# Two commands set everything up on a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: play test bench lint clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m game

test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest
	$(PY) -m ruff check game tests benchmarks

bench: $(STAMP)
	$(PY) -m benchmarks.movegen benchmarks/data/backgammon-bench.txt
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m benchmarks.frames
	$(PY) -m benchmarks.ladder --variant backgammon

lint: $(STAMP)
	$(PY) -m ruff check game tests benchmarks

clean:
	rm -rf $(VENV) build dist .pytest_cache .ruff_cache
