"""puzzle_explorer.core.kernels.arrays.distinct: np.unique's answer (sorted distinct values) by a sort and a mask."""
import numpy as np
import pytest

from puzzle_explorer.core.kernels.arrays import distinct


@pytest.mark.parametrize("seed", range(6))
def test_distinct_is_what_np_unique_gives(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(0, 2_000))
    high = int(rng.choice([2, 50, 2**63]))  # many repeats, some, almost none
    values = rng.integers(0, high, n, dtype=np.int64).astype(np.uint64)
    got = distinct(values)
    assert got.dtype == np.uint64 and np.array_equal(got, np.unique(values))


@pytest.mark.parametrize("values", [[], [7], [7, 7], [2**64 - 1, 0, 2**64 - 1]])
def test_distinct_on_degenerate_arrays(values):
    a = np.array(values, dtype=np.uint64)
    assert distinct(a).tolist() == sorted(set(values))
