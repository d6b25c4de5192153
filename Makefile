# Two entry points: `make run` opens the app, `make test` runs every test.
# `make fuzz` runs every solver on random boards under numba's bounds checks (tests/fuzz).
# All create a virtual environment in .venv and install into it on first use, then
# compile every solver's kernels into the cache (once per version of the sources,
# a moment when already done), so that no solve waits for the compiler. The test
# suite has cache folders of its own (core/cache.py), so `make test` and `make fuzz`
# compile into those.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test fuzz bench clean

run: $(STAMP)
	-$(BIN)/puzzle-explorer warm
	$(BIN)/puzzle-explorer

test: $(STAMP)
	-PUZZLE_EXPLORER_TEST_KERNELS=1 $(BIN)/puzzle-explorer warm
	$(BIN)/python -m pytest

fuzz: $(STAMP)
	-NUMBA_BOUNDSCHECK=1 PUZZLE_EXPLORER_TEST_KERNELS=1 $(BIN)/puzzle-explorer warm
	NUMBA_BOUNDSCHECK=1 $(BIN)/python -m pytest --fuzz tests/fuzz

bench: $(STAMP)
	-$(BIN)/puzzle-explorer warm
	$(BIN)/python -m bench

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
