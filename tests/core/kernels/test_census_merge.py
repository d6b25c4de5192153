"""The census's merge of a level against set arithmetic: every new state once, in order, the goals
among them counted, capped at its room, nothing written past the states it returns."""
import numpy as np
import pytest

from puzzle_explorer.core.kernels.census import MERGE_BLOCK, merge_level
from puzzle_explorer.core.kernels.counters import SLOTS
from tests.core.graph_puzzle import UNWRITTEN, scattered_goals

STATES = 400_000  # keys spread thin: most successors are new, so the level soon has room for whole blocks


@pytest.fixture(scope="module")
def graph():
    return scattered_goals(STATES, 3000, seed=30)


def drawn(rng, n: int, unique: bool) -> np.ndarray:
    keys = np.sort(rng.integers(0, STATES, n, dtype=np.uint64))
    return np.unique(keys) if unique else keys


@pytest.mark.parametrize("na,nb", [(0, 0), (1, 0), (0, 7), (40, 3), (5000, 0),
                                   (2 * MERGE_BLOCK + 5, MERGE_BLOCK // 2), (MERGE_BLOCK, 3 * MERGE_BLOCK)])
def test_merge_level_is_the_new_states_in_order(graph, na, nb):
    ctx, goals = graph
    rng = np.random.default_rng(na * 7 + nb)
    a, b = drawn(rng, na, False), drawn(rng, nb, False)  # successors: repeats within and across
    prev, cur = drawn(rng, na // 3 + 2, True), drawn(rng, nb // 3 + 5, True)
    if na + nb:  # the last successor is old: nothing may be left written after the last new one
        prev = np.union1d(prev, [max(a[-1:].max(initial=0), b[-1:].max(initial=0))]).astype(np.uint64)
    expected = np.setdiff1d(np.union1d(a, b), np.union1d(prev, cur)).astype(np.uint64)
    for room in (na + nb + 4, expected.shape[0] + 3, expected.shape[0], expected.shape[0] // 2, MERGE_BLOCK + 1, 1, 0):
        nxt = np.full(na + nb + 4, UNWRITTEN, dtype=np.uint64)
        n, found, capped, stopped = merge_level(a, na, b, nb, prev, prev.shape[0], cur, cur.shape[0], nxt, ctx,
                                                room, np.zeros(SLOTS, dtype=np.int64))
        want = min(room, expected.shape[0])
        assert (n, capped, stopped) == (want, room < expected.shape[0], False), room
        assert np.array_equal(nxt[:n], expected[:n]), room
        assert found == sum(int(x) in goals for x in expected[:n]), room
        assert np.all(nxt[n:] == UNWRITTEN), room
