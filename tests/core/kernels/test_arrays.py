"""puzzle_explorer.core.kernels.arrays: distinct, np.unique's answer (sorted distinct values) by a sort and a
mask; thread_scratch, an array no other allocation shares a cache line with."""
import numpy as np
import pytest

from puzzle_explorer.core.kernels.arrays import SCRATCH_PAD, distinct, thread_scratch


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


@pytest.mark.parametrize("n,dtype", [(1, np.int64), (9, np.uint64), (64, np.int64), (3, np.uint8)])
def test_a_thread_s_scratch_shares_no_cache_line(n, dtype):
    a = thread_scratch(n, dtype)
    assert a.shape == (n,) and a.dtype == dtype and a.flags.c_contiguous and not a.any()
    start = a.ctypes.data
    end = start + a.nbytes
    base = a.base
    assert base is not None
    # the bytes around it belong to its own allocation, a line and more on each side
    assert start - base.ctypes.data >= SCRATCH_PAD >= 64
    assert base.ctypes.data + base.nbytes - end >= SCRATCH_PAD
