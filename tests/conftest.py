"""Shared test set-up: kernels compile into cache folders keyed by the source, the suite's own.

The kernel fuzz target in tests/fuzz is collected only with --fuzz (`make fuzz`),
so the normal suite stays fast.

The suite runs in parallel (pytest-xdist, `make test`), and its markers
(pyproject.toml) name the slow kinds of test that `make quick` leaves out.
Tests that ask for the Ray cluster are marked `ray` here, and all go to one
xdist worker, one after another (--dist loadgroup), so that a single cluster
serves them all: several workers each starting Ray on two cores would fight
for them.
"""
import atexit
import os
import shutil
import signal
import sys
import tempfile
import threading
from pathlib import Path

import pytest

os.environ["PUZZLE_EXPLORER_TEST_KERNELS"] = "1"  # the suite's own cache folders (see core/run/cache.py)
# Ray starts its workers at nice 15, below everything else: beside the suite's other workers, at nice
# 0 on every core, its actors got next to no processor, and a census of 26,000 positions on two of
# them took 24-39 s instead of 3 s. At the suite's priority they take their share.
os.environ.setdefault("RAY_worker_niceness", "0")

# A shell without job control starts a job in the background (`make test &`) with SIGINT ignored, and
# Python keeps it so: the tests of Ctrl-C would hear nothing, nor would the commands they start. The
# suite hears it as a run in a terminal's foreground does.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN and threading.current_thread() is threading.main_thread():
    signal.signal(signal.SIGINT, signal.default_int_handler)

from puzzle_explorer import core  # noqa: E402,F401  (configures the numba cache before any kernel module loads)
from tests.kernel_cache import use_cache, with_kernels  # noqa: E402

# What the user's cache holds (a cube8 table or tiles databases built by the app, the bench or an
# earlier run) must not decide what a test sees: the run gets a cache folder of its own, with the
# compiled kernels linked in, which the xdist workers inherit and the first process removes.
if not os.environ.get("PUZZLE_EXPLORER_CACHE"):
    _RUN_CACHE = with_kernels(Path(tempfile.mkdtemp(prefix="puzzle-explorer-tests-")))
    os.environ["PUZZLE_EXPLORER_CACHE"] = str(_RUN_CACHE)
    atexit.register(shutil.rmtree, _RUN_CACHE, True)

FUZZ = Path(__file__).resolve().parent / "fuzz"
RAY = "ray_cluster"


def pytest_addoption(parser):
    parser.addoption("--fuzz", action="store_true", default=False,
                     help="collect the kernel fuzz target in tests/fuzz (make fuzz runs it under bounds checks)")


def pytest_xdist_auto_num_workers(config):
    """`-n auto` (make test): one worker more than the cores. The suite's tests wait about a sixth of
    their time, on the worker processes, Ray actors and command-line runs they start and on the
    clock, and a spare worker runs a test in that time (measured here: 400-477 s on 2 workers,
    350 s on 3). The fuzz target's cases compute throughout: one worker a core."""
    from puzzle_explorer.core.run.race import cores
    return cores() + (0 if config.getoption("--fuzz") else 1)


def pytest_ignore_collect(collection_path, config):
    if config.getoption("--fuzz"):
        return None
    path = Path(collection_path).resolve()
    if path == FUZZ or FUZZ in path.parents:
        return True
    return None


@pytest.hookimpl(tryfirst=True)  # before -m selects and xdist groups
def pytest_collection_modifyitems(config, items):
    for item in items:
        if RAY in item.fixturenames:
            item.add_marker(pytest.mark.ray)
            item.add_marker(pytest.mark.xdist_group("ray"))
    _one_cluster_for_all(items)


def _one_cluster_for_all(items):
    """Every test that asks for the cluster runs right after the first one that does, and the Ray
    tests that start a cluster of their own (in the group, without the fixture) after them all: the
    shared cluster starts once, not again after each of those or after the other tests of a file
    (a start is several seconds of two cores). The same order on every xdist worker."""
    shared = [i for i in items if RAY in i.fixturenames]
    if not shared:
        return
    own = [i for i in items if RAY not in i.fixturenames
           and any(m.args == ("ray",) for m in i.iter_markers("xdist_group"))]
    at = items.index(shared[0])
    moved = set(map(id, shared + own))
    rest = [i for i in items if id(i) not in moved]
    before = sum(1 for i in items[:at] if id(i) not in moved)
    items[:] = rest[:before] + shared + own + rest[before:]


@pytest.fixture
def ray_cluster():
    """A real local Ray cluster of two CPUs (skipped where Ray is not installed): started for the
    first test that asks for it and kept for the tests right after it that ask too; the next test
    that does not finds it gone."""
    ray = pytest.importorskip("ray")
    if not ray.is_initialized():
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield


@pytest.fixture
def empty_cache(tmp_path, monkeypatch):
    """An empty cache folder of the test's own: nothing built, no tables or databases."""
    return use_cache(monkeypatch, tmp_path)


def pytest_runtest_teardown(item, nextitem):
    if RAY in item.fixturenames and (nextitem is None or RAY not in nextitem.fixturenames):
        ray = sys.modules.get("ray")
        if ray is not None and ray.is_initialized():
            ray.shutdown()


@pytest.fixture(autouse=True)
def split_whenever_asked(monkeypatch):
    """Every census asked to spread over workers is split, however few: the suite proves the split
    path on two workers and two cores. tests/core/scale/partitioned/test_split_rule.py checks the
    rule that keeps a census on fewer workers than pay in one process."""
    from puzzle_explorer.core.scale import partitioned
    monkeypatch.setattr(partitioned, "SPLIT_FROM", 1)
