"""An explicit graph as a puzzle, for testing the generic kernels against plain Python."""
from collections import deque, namedtuple

import numpy as np

from puzzle_explorer.core.kernels import ops
from puzzle_explorer.core.kernels.jit import kernel

GraphCtx = namedtuple("GraphCtx", ["offsets", "targets", "goal", "h", "max_degree"])


@kernel
def _expand(state, ctx, out):
    s = np.int64(state)
    n = 0
    for k in range(ctx.offsets[s], ctx.offsets[s + 1]):
        out[n] = np.uint64(ctx.targets[k])
        n += 1
    return n


@kernel
def _is_goal(state, ctx):
    return ctx.goal[np.int64(state)] != 0


@kernel
def _heuristic(state, ctx):
    return ctx.h[np.int64(state)]


@kernel
def _branching(ctx):
    return ctx.max_degree


ops.implement(GraphCtx, expand=_expand, is_goal=_is_goal, heuristic=_heuristic, branching=_branching)


def make_graph(adj: list[list[int]], goals: set[int], h: list[int] | None = None) -> GraphCtx:
    offsets = np.zeros(len(adj) + 1, dtype=np.int64)
    for i, nbrs in enumerate(adj):
        offsets[i + 1] = offsets[i] + len(nbrs)
    targets = np.array([t for nbrs in adj for t in nbrs], dtype=np.int64)
    goal = np.array([1 if i in goals else 0 for i in range(len(adj))], dtype=np.int8)
    hv = np.array(h if h is not None else [0] * len(adj), dtype=np.int64)
    return GraphCtx(offsets, targets, goal, hv, max(1, max((len(a) for a in adj), default=1)))


# what a level's merge leaves in the slots past the states it wrote: tests fill with it, then look
UNWRITTEN = np.uint64(2**64 - 1)


def scattered_goals(states: int, goals: int, seed: int) -> tuple[GraphCtx, set[int]]:
    """States 0..states-1 with no moves, `goals` of them (drawn, repeats merged) goals: what a merge
    of levels looks up, each state's goal flag."""
    rng = np.random.default_rng(seed)
    chosen = {int(x) for x in rng.integers(0, states, goals)}
    return make_graph([[] for _ in range(states)], chosen), chosen


def random_graph(rng, n: int, degree: float, undirected: bool) -> list[list[int]]:
    adj: list[set[int]] = [set() for _ in range(n)]
    edges = int(n * degree / 2)
    for _ in range(edges):
        a, b = int(rng.integers(n)), int(rng.integers(n))
        if a == b:
            continue
        adj[a].add(b)
        if undirected:
            adj[b].add(a)
    return [sorted(s) for s in adj]


def reference_distances(adj: list[list[int]], starts: list[int]) -> dict[int, int]:
    """Plain BFS distances from the starts."""
    dist = {s: 0 for s in starts}
    queue = deque(starts)
    while queue:
        u = queue.popleft()
        for v in adj[u]:
            if v not in dist:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist


def exact_goal_distance(adj: list[list[int]], goals: set[int]) -> list[int]:
    """Distance of every node to the nearest goal (a perfect heuristic); large if none."""
    rev: list[list[int]] = [[] for _ in adj]
    for u, nbrs in enumerate(adj):
        for v in nbrs:
            rev[v].append(u)
    dist = reference_distances(rev, sorted(goals))
    return [dist.get(i, 10**6) for i in range(len(adj))]
