"""Shared test set-up: kernels compile into cache folders keyed by the source, the suite's own.

The kernel fuzz target in tests/fuzz is collected only with --fuzz (`make fuzz`),
so the normal suite stays fast.
"""
import os
from pathlib import Path

import pytest

os.environ["PUZZLE_EXPLORER_TEST_KERNELS"] = "1"  # the suite's own cache folders (see core/run/cache.py)

from puzzle_explorer import core  # noqa: E402,F401  (configures the numba cache before any kernel module loads)

FUZZ = Path(__file__).resolve().parent / "fuzz"


def pytest_addoption(parser):
    parser.addoption("--fuzz", action="store_true", default=False,
                     help="collect the kernel fuzz target in tests/fuzz (make fuzz runs it under bounds checks)")


def pytest_ignore_collect(collection_path, config):
    if config.getoption("--fuzz"):
        return None
    path = Path(collection_path).resolve()
    if path == FUZZ or FUZZ in path.parents:
        return True
    return None


@pytest.fixture(scope="module")
def ray_cluster():
    """A real local Ray cluster of two CPUs for one module's tests (skipped where Ray is not installed)."""
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()
