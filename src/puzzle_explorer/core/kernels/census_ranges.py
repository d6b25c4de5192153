"""A census level on more than two threads: its successors cut by key range, one range a thread.

Two threads merge their two sorted slices of successors directly (census.merge_halves). Many
threads cannot: a merge of many sorted slices is one thread's work, or a heap per key. So
with more, the successors are first laid out by key range instead:

- pivots taken from a sample of every thread's successors cut the keys into one range per thread;
- each thread counts its successors in every range, then copies each one to its range's part of
  one array (a range holds the successors of thread 0, then of thread 1, ...);
- each thread sorts one range and merges it against the same keys of the two levels before, into
  the next level's buffer at the range's own offset (a range has at most as many new states as
  successors), and the ranges' new states are moved down after one another.

The ranges are in key order, so the array of successors, each range sorted, is sorted whole: a
level the ranges' merge cannot take (a cap or the memory budget may cut it short) is merged by
one thread from there. Every count is the same as on one thread.
"""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np

from puzzle_explorer.core.kernels.counters import Whole
from puzzle_explorer.core.kernels.jit import Kernel, helper, kernel

SAMPLE = 256  # successors sampled from each thread's slice for the pivots
EMPTY = np.empty(0, dtype=np.uint64)


@helper
def _range_of(key: np.uint64, pivots: np.ndarray) -> np.int64:
    """How many pivots are at most `key`: its range's index."""
    lo = 0
    hi = pivots.shape[0]
    while lo < hi:
        mid = (lo + hi) >> 1
        if pivots[mid] <= key:
            lo = mid + 1
        else:
            hi = mid
    return np.int64(lo)


@kernel
def count_ranges(keys: np.ndarray, m: Whole, pivots: np.ndarray, counts: np.ndarray) -> None:
    """counts[r]: how many of keys[:m] lie in range r."""
    # counted in an array of the thread's own, which no other thread writes: the threads' rows of
    # counts may share a cache line
    own = np.zeros(counts.shape[0], dtype=np.int64)
    for i in range(m):
        own[_range_of(keys[i], pivots)] += 1
    counts[:] = own


@kernel
def scatter_ranges(keys: np.ndarray, m: Whole, pivots: np.ndarray, out: np.ndarray, at: np.ndarray) -> None:
    """Each of keys[:m] to out[at[r]] for its range r, at[r] onwards (at is left as it was)."""
    own = at.copy()  # (the thread's own, as in count_ranges)
    for i in range(m):
        r = _range_of(keys[i], pivots)
        out[own[r]] = keys[i]
        own[r] += 1


def kernels() -> list[Kernel]:
    """These kernels, with arguments of the types the census passes."""
    buf = np.empty(4, dtype=np.uint64)
    at = np.zeros(2, dtype=np.int64)
    return [Kernel("census: count by range", count_ranges, (buf, 0, buf[:1], at)),
            Kernel("census: lay out by range", scatter_ranges, (buf, 0, buf[:1], buf, at))]


def pivots_of(slices: list[tuple[np.ndarray, int]], parts: int) -> np.ndarray:
    """parts - 1 keys, in order, that cut the successors of every slice into about equal ranges."""
    sample = np.concatenate([keys[:m:max(1, m // SAMPLE)] for keys, m in slices if m] or [EMPTY])
    sample.sort()
    if sample.shape[0] == 0:
        return np.zeros(parts - 1, dtype=np.uint64)
    return np.ascontiguousarray(sample[np.arange(1, parts) * sample.shape[0] // parts])


def lay_out(pool: ThreadPoolExecutor, slices: list[tuple[np.ndarray, int]], pivots: np.ndarray,
            out: np.ndarray) -> np.ndarray:
    """Every slice's successors into out by range (out holds them all); returns the ranges' bounds
    (range r is out[bounds[r]:bounds[r + 1]])."""
    parts = pivots.shape[0] + 1
    counts = np.zeros((len(slices), parts), dtype=np.int64)
    list(pool.map(lambda w: count_ranges(slices[w][0], slices[w][1], pivots, counts[w]), range(len(slices))))
    sizes = counts.sum(axis=0)
    bounds = np.zeros(parts + 1, dtype=np.int64)
    np.cumsum(sizes, out=bounds[1:])
    # thread w's part of range r begins after the parts of the threads before it
    at = bounds[:-1] + np.cumsum(counts, axis=0) - counts
    list(pool.map(lambda w: scatter_ranges(slices[w][0], slices[w][1], pivots, out, at[w]), range(len(slices))))
    return bounds


def sort_ranges(pool: ThreadPoolExecutor, keys: np.ndarray, bounds: np.ndarray) -> None:
    """Each range of keys sorted in place, one a thread: keys[:bounds[-1]] is then sorted whole."""
    list(pool.map(lambda r: keys[bounds[r]:bounds[r + 1]].sort(), range(bounds.shape[0] - 1)))


def level_cuts(level: np.ndarray, n: int, pivots: np.ndarray) -> np.ndarray:
    """Where each range begins and ends in a sorted level[:n], as bounds of the same ranges."""
    cuts = np.empty(pivots.shape[0] + 2, dtype=np.int64)
    cuts[0], cuts[-1] = 0, n
    cuts[1:-1] = np.searchsorted(level[:n], pivots) if n else 0
    return cuts
