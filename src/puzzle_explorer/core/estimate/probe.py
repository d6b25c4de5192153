"""Knuth's estimate of a backtracking search's tree (core/kernels/backtrack.py) before it runs: random
dives from the root through the puzzle's own hooks (core/estimate/dives.py says what the dives mean).
Any family whose search is puzzle_explorer.core.kernels.backtrack gets its estimate here; knights has its own dives
over its pruned search."""
from __future__ import annotations

from typing import Any

import numpy as np

from puzzle_explorer.core.estimate.dives import Estimate, combine, refined, speed
from puzzle_explorer.core.kernels import backtrack, ops
from puzzle_explorer.core.kernels.counters import STOP, new_counters
from puzzle_explorer.core.kernels.jit import kernel, prepare
from puzzle_explorer.core.run.search import Context, backtrack_args

DIVES = 4000
DIVE_CHECK = 4096  # a dive looks at the stop flag every this many steps down


@kernel
def probe(ctx, root, max_depth, dives, seed, counters):
    """`dives` random walks from root down backtrack's tree, each to one of a node's children at
    random: per dive, the nodes and the solutions it stands for (the product of the branchings on
    its way), whose means are unbiased estimates of what backtrack counts from root. Stops early
    at the stop flag: the count returned says how many dives the arrays hold."""
    np.random.seed(seed)
    kids = np.empty(ops.branching(ctx), dtype=np.int64)
    path = np.empty(max_depth + 1, dtype=np.int64)
    node_est = np.zeros(dives, dtype=np.float64)
    sol_est = np.zeros(dives, dtype=np.float64)
    for dive in range(dives):
        if dive % 64 == 0 and counters[STOP] != 0:
            return node_est, sol_est, dive
        node = root
        path[0] = node
        ops.enter(ctx, node, 0)
        weight = 1.0
        total = 1.0
        depth = 0
        while True:
            if depth % DIVE_CHECK == DIVE_CHECK - 1 and counters[STOP] != 0:  # a long dive stops too
                backtrack.unwind(ctx, path, depth)
                return node_est, sol_est, dive
            if ops.complete(ctx, node, depth):  # a leaf, as backtrack counts it
                sol_est[dive] = weight
                break
            count = ops.children(ctx, node, depth, kids) if depth < max_depth else 0
            if count == 0:
                break
            node = kids[np.random.randint(count)]
            weight *= count
            total += weight
            depth += 1
            path[depth] = node
            ops.enter(ctx, node, depth)
        node_est[dive] = total
        backtrack.unwind(ctx, path, depth)
    return node_est, sol_est, dives


def probe_args(ctx: Context, root: int, max_depth: int, dives: int, counters: np.ndarray,
               seed: int = 1) -> tuple[Any, ...]:
    """probe's arguments, of the types it is compiled for."""
    return ctx, np.int64(root), np.int64(max_depth), np.int64(dives), np.int64(seed), counters


def estimate(ctx: Context, root: int, max_depth: int, stop: np.ndarray | None = None, dives: int = DIVES,
             timed: bool = False, limit_s: float | None = None, max_nodes: int | None = None) -> Estimate:
    """The expected nodes and solutions of backtrack's count from root; `stop`: the search's
    counters, whose stop flag ends the dives (they only read it); timed: also measure the
    kernel's speed on this tree (puzzle_explorer.core.estimate.dives.speed), for a time to expect;
    limit_s, max_nodes: the job's time limit and node cap (dives.refined)."""
    counters = new_counters(quiet=True) if stop is None else stop

    def dive(total: int) -> Estimate:
        node_est, sol_est, made = probe(*probe_args(ctx, root, max_depth, total, counters))
        return combine([(node_est[:made], sol_est[:made], 1)], speed_here)

    speed_here = rate(ctx, root, max_depth, stop) if timed else 0.0
    return refined(dive(dives), dive, limit_s, max_nodes)


def rate(ctx: Context, root: int, max_depth: int, job: np.ndarray | None = None) -> float:
    """Nodes per second of backtrack's count on this tree (none once the job's counters say stop)."""
    def args(counters: np.ndarray) -> tuple[Any, ...]:
        return backtrack_args(ctx, root, max_depth, backtrack.COUNT, 1, counters)

    prepare(backtrack.backtrack, *args(new_counters(quiet=True)))  # loading the kernel is no part of its speed
    return speed(lambda counters: int(backtrack.backtrack(*args(counters))[4]), job)
