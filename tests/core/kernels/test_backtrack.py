"""The backtracking kernel against brute force: Hamiltonian paths of small random graphs."""
import itertools
from collections import namedtuple

import numpy as np
import pytest

from puzzle_explorer.core.kernels import ops
from puzzle_explorer.core.kernels.jit import kernel
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import COUNT, FIRST, search_paths
from puzzle_explorer.core.run.status import Status

HamCtx = namedtuple("HamCtx", ["adj", "used", "n", "goal"])  # goal < 0: any end


@kernel
def _children(ctx, node, depth, out):
    k = 0
    for v in range(ctx.n):
        if ctx.adj[node, v] and not ctx.used[v]:
            out[k] = v
            k += 1
    return k


@kernel
def _enter(ctx, node, depth):
    ctx.used[node] = 1


@kernel
def _leave(ctx, node, depth):
    ctx.used[node] = 0


@kernel
def _complete(ctx, node, depth):
    return depth == ctx.n - 1 and (ctx.goal < 0 or node == ctx.goal)


@kernel
def _branching(ctx):
    return ctx.n


ops.implement(HamCtx, children=_children, enter=_enter, leave=_leave, complete=_complete, branching=_branching)


def brute_force(adj, start, goal):
    n = len(adj)
    count = 0
    for perm in itertools.permutations([v for v in range(n) if v != start]):
        path = (start,) + perm
        if goal >= 0 and path[-1] != goal:
            continue
        if all(adj[a][b] for a, b in zip(path, path[1:])):
            count += 1
    return count


@pytest.mark.parametrize("seed", range(15))
def test_counts_match_brute_force(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 8))
    adj = np.zeros((n, n), dtype=np.int8)
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() < 0.6:
                adj[a, b] = adj[b, a] = 1
    goal = int(rng.integers(-1, n))
    ctx = HamCtx(adj, np.zeros(n, dtype=np.int8), n, goal)
    expected = brute_force(adj.tolist(), 0, goal)
    out = search_paths(ctx, 0, n - 1, COUNT, 5, SearchControl())
    assert out.solutions == expected
    assert out.status == (Status.SOLVED if expected else Status.UNSOLVABLE)
    assert len(out.kept) == min(5, expected)
    for path in out.kept:
        assert sorted(path.tolist()) == list(range(n))
        assert all(adj[a, b] for a, b in zip(path[:-1], path[1:]))
    assert not ctx.used.any(), "leave() must undo every enter()"
    first = search_paths(ctx, 0, n - 1, FIRST, 1, SearchControl())
    assert (first.status == Status.SOLVED) == (expected > 0)
    assert not ctx.used.any()


def longest_simple_path(adj, start):
    """Edges on the longest simple path from start, by trying every ordering of every subset."""
    n = len(adj)
    best = 0
    others = [v for v in range(n) if v != start]
    for k in range(1, n):
        for perm in itertools.permutations(others, k):
            path = (start,) + perm
            if all(adj[a][b] for a, b in zip(path, path[1:])):
                best = max(best, k)
    return best


@pytest.mark.parametrize("seed", range(5))
def test_peak_frontier_is_the_longest_path_held(seed):
    """A counting search small enough to finish between two samples still reports how deep it went."""
    rng = np.random.default_rng(100 + seed)
    n = int(rng.integers(3, 7))
    adj = (rng.random((n, n)) < 0.5).astype(np.int8)
    adj = np.triu(adj, 1)
    adj = adj + adj.T
    ctx = HamCtx(adj, np.zeros(n, dtype=np.int8), n, -1)
    out = search_paths(ctx, 0, n - 1, COUNT, 1, SearchControl())
    assert out.stats.max_frontier == longest_simple_path(adj.tolist(), 0)
