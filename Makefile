# Two entry points: `make run` opens the app, `make test` runs every test.
# Both create a virtual environment in .venv and install into it on first use, then
# compile every solver's kernels into the cache (once per version of the sources,
# a moment when already done), so that no solve waits for the compiler.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench clean

run: $(STAMP)
	-$(BIN)/puzzle-explorer warm
	$(BIN)/puzzle-explorer

test: $(STAMP)
	-$(BIN)/puzzle-explorer warm
	$(BIN)/python -m pytest

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
