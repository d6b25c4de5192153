# Two entry points: `make run` opens the app, `make test` runs every test.
# `make fuzz` runs every solver on random boards under numba's bounds checks (tests/fuzz).
# Both create a virtual environment in .venv and install into it on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test fuzz bench clean

run: $(STAMP)
	$(BIN)/puzzle-explorer

test: $(STAMP)
	$(BIN)/python -m pytest

fuzz: $(STAMP)
	NUMBA_BOUNDSCHECK=1 $(BIN)/python -m pytest --fuzz tests/fuzz

bench: $(STAMP)
	$(BIN)/python -m bench

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
