# `make run` opens the app; `make test` runs every test. Both create a virtual environment in
# .venv on first use: `run` installs the app alone, `test` adds the test extras and the dev
# tools, each pinned by constraints.txt. The app opens at once and compiles every solver's
# kernels into the cache in background processes, the family opened first first (a moment when
# done already). `test` compiles them before the suite so that no test waits for the compiler;
# the test suite compiles into cache folders of its own (core/run/cache.py), whose index also
# lists the test puzzles' kernels: its warm-up runs with the checkout on the path so that it can
# read them.
# Tests run in parallel on pytest-xdist workers, one more than the cores: the tests wait on processes
# and the clock about a sixth of the time (tests/conftest.py; WORKERS=4 to choose).
#   make quick   the quick tier while working: no worker processes, Ray, browser or real-time waits
#                (the markers in pyproject.toml), and fewer property-test examples
#   make fuzz    every solver on random boards under numba's bounds checks (tests/fuzz);
#                FUZZ_SHARE=0.3 runs the first 30% of each family's random boards (at least one of
#                each kind): CI does; every kernel of every family still runs under bounds checks,
#                and the run says so ("kernel fuzz: N of N kernels ran")
#   make check   types, lint and the layers' contracts (what .ci/run checks beside the tests)
#   make bench   the solvers against the reference programs in ../shared/peers
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
INSTALL := $(BIN)/python -m pip install --quiet --constraint constraints.txt
WORKERS ?= auto
# property-test examples a test in make quick (make test keeps each test's own)
QUICK_EXAMPLES ?= 20
# the share of the fuzz target's random cases that make fuzz runs (1: all of them)
FUZZ_SHARE ?= 1
PYTEST := $(BIN)/python -m pytest -n $(WORKERS)
# pytest keeps each test module with its asserts rewritten in __pycache__: an environment that
# asks Python to write no bytecode makes every worker rewrite all of them at every start (about 7 s
# of CPU each, of 11 to collect the suite)
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test quick fuzz fuzz-kernels check bench constraints clean

run: $(VENV)/.app
	$(BIN)/puzzle-explorer

test: $(VENV)/.test
	-PYTHONPATH=. PUZZLE_EXPLORER_TEST_KERNELS=1 $(BIN)/puzzle-explorer warm
	$(PYTEST) $(PYTEST_ARGS)

quick: $(VENV)/.test
	-PYTHONPATH=. PUZZLE_EXPLORER_TEST_KERNELS=1 $(BIN)/puzzle-explorer warm
	PROPERTY_EXAMPLES=$(QUICK_EXAMPLES) $(PYTEST) -m "not (processes or ray or browser or realtime)" $(PYTEST_ARGS)

fuzz: fuzz-kernels
	FUZZ_SHARE=$(FUZZ_SHARE) NUMBA_BOUNDSCHECK=1 $(PYTEST) --fuzz tests/fuzz

# the fuzz target's kernels compiled with bounds checks, into cache folders of their own (CI compiles
# them beside the suite)
fuzz-kernels: $(VENV)/.test
	-PYTHONPATH=. NUMBA_BOUNDSCHECK=1 PUZZLE_EXPLORER_TEST_KERNELS=1 $(BIN)/puzzle-explorer warm

check: $(VENV)/.test
	$(BIN)/ruff check src tests bench
	$(BIN)/lint-imports
	$(BIN)/python -m mypy --cache-dir=/dev/null

bench: $(VENV)/.test
	-$(BIN)/puzzle-explorer warm
	$(BIN)/python -m bench

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade 'pip>=25.1'  # 25.1 reads [dependency-groups]

$(VENV)/.app: pyproject.toml constraints.txt | $(BIN)/python
	$(INSTALL) -e .
	touch $@

# --no-compile: pip byte-compiles every module it installs (Ray alone has thousands), half of a fresh
# install's time; Python compiles the few the tests import as they first load them, into the venv
$(VENV)/.test: pyproject.toml constraints.txt | $(BIN)/python
	$(INSTALL) --no-compile -e '.[test]' --group dev
	touch $@ $(VENV)/.app

constraints: $(VENV)/.test
	{ sed -n '1,3p' constraints.txt; $(BIN)/python -m pip freeze --exclude-editable; } > constraints.new
	mv constraints.new constraints.txt

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache
