import numpy as np
import pytest

from puzzle_explorer.core.kernels.counters import SLOTS
from puzzle_explorer.core.kernels.radix import radix_sort


@pytest.mark.parametrize("n,bits", [(0, 10), (1, 5), (1000, 3), (5000, 33), (20000, 63)])
def test_radix_sort_matches_numpy(n, bits):
    rng = np.random.default_rng(n + bits)
    keys = rng.integers(0, 2**bits, n, dtype=np.uint64) if n else np.zeros(0, np.uint64)
    work = keys.copy()
    spare = np.empty(n, dtype=np.uint64)
    result = radix_sort(work, spare, n, np.zeros(SLOTS, dtype=np.int64))
    assert np.array_equal(result[:n], np.sort(keys))
