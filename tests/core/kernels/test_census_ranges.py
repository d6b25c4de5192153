"""A level's merge by key range on many threads (core/kernels/census_ranges.py) against set
arithmetic: the successors of every thread laid out by range and sorted whole, and the ranges'
merge giving every new state once, in order, with its goals, on any number of ranges."""
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from puzzle_explorer.core.kernels.census import merge_ranges
from puzzle_explorer.core.kernels.census_ranges import lay_out, pivots_of, sort_ranges
from puzzle_explorer.core.kernels.counters import SLOTS
from tests.core.graph_puzzle import UNWRITTEN, scattered_goals

STATES = 50_000


@pytest.fixture(scope="module")
def graph():
    return scattered_goals(STATES, 800, seed=31)


def slices_of(rng, sizes, spread):
    """Unsorted successors, one array a thread (with spare room past them), keys below `spread`."""
    out = []
    for m in sizes:
        keys = np.full(m + 3, UNWRITTEN, dtype=np.uint64)
        keys[:m] = rng.integers(0, spread, m, dtype=np.uint64)
        out.append((keys, m))
    return out


@pytest.mark.parametrize("sizes,spread", [
    ((0, 0, 0), STATES),  # nothing expanded
    ((5, 0, 7), STATES),  # a thread with none
    ((1, 1, 1, 1, 1, 1, 1, 1), STATES),  # more ranges than keys
    ((300, 280, 310, 295), 3),  # three keys in all: pivots repeat, most ranges empty
    ((4000, 3500, 4200, 100, 3900), STATES),
    ((20000, 19000, 21000), STATES),  # most successors repeats
])
def test_ranges_lay_out_and_merge_as_sets_say(graph, sizes, spread):
    ctx, goals = graph
    rng = np.random.default_rng(sum(sizes) + spread)
    slices = slices_of(rng, sizes, spread)
    everything = np.concatenate([keys[:m] for keys, m in slices])
    total = everything.shape[0]
    prev = np.unique(rng.integers(0, spread, max(1, total // 3), dtype=np.uint64))
    cur = np.setdiff1d(np.unique(rng.integers(0, spread, max(1, total // 4), dtype=np.uint64)), prev)
    expected = np.setdiff1d(everything, np.union1d(prev, cur)).astype(np.uint64)
    parts = len(sizes)
    with ThreadPoolExecutor(max_workers=parts) as pool:
        pivots = pivots_of(slices, parts)
        assert pivots.shape == (parts - 1,) and np.all(pivots[:-1] <= pivots[1:])
        laid = np.full(total + 2, UNWRITTEN, dtype=np.uint64)
        bounds = lay_out(pool, slices, pivots, laid)
        assert bounds[0] == 0 and bounds[-1] == total and np.all(np.diff(bounds) >= 0)
        for r in range(parts):  # range r holds exactly the keys between its pivots
            part = laid[bounds[r]:bounds[r + 1]]
            if r > 0:
                assert np.all(part >= pivots[r - 1])
            if r < parts - 1:
                assert np.all(part < pivots[r])
        assert np.array_equal(np.sort(laid[:total]), np.sort(everything))
        assert np.all(laid[total:] == UNWRITTEN)
        whole = laid.copy()
        sort_ranges(pool, whole, bounds)
        assert np.array_equal(whole[:total], np.sort(everything))  # each range sorted: all of it is

        nxt = np.full(total + 2, UNWRITTEN, dtype=np.uint64)
        n, found, capped, stopped, written = merge_ranges(
            pool, laid, bounds, pivots, prev, prev.shape[0], cur, cur.shape[0], nxt, [ctx] * parts,
            np.zeros(SLOTS, dtype=np.int64))
    assert (n, capped, stopped) == (expected.shape[0], False, False)
    assert np.array_equal(nxt[:n], expected)
    assert found == sum(int(x) in goals for x in expected)
    assert n <= written <= total and np.all(nxt[written:] == UNWRITTEN)
