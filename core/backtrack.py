"""Depth-first backtracking over a mutable puzzle context, with an explicit stack.

The puzzle's hooks decide everything about the problem: `children` lists the
next nodes to try (in order, already pruned), `enter`/`leave` apply and undo
a step on the context, `complete` says whether the path so far is a solution.
The kernel owns the stack, the counting, progress and stopping. A complete
path is a leaf: it is counted and not extended. Nodes are what a state cap
counts here (core.progress.NODE_CAP): the search holds nothing that grows.
"""
import numpy as np

from core import live, ops
from core.arrays import copy_into
from core.jit import kernel
from core.progress import MAX_FRONTIER, SOLUTIONS, due, publish
from core.status import EXHAUSTED, FOUND, STOPPED

FIRST = 0  # stop at the first solution
COUNT = 1  # count every solution


def fixed_bytes(max_depth: int, branch: int, keep: int) -> int:
    """What backtrack holds, all allocated at the start: the stack (children, positions, path)
    and the kept solutions, with the caller's copies of them."""
    rows = max_depth + 1
    return rows * (8 * branch + 24) + 2 * max(keep, 1) * rows * 8


@kernel
def backtrack(ctx, root, max_depth, mode, keep, counters):
    """Search paths from root; returns (code, solution count, kept paths, kept count, nodes).

    Nodes are counted as they are entered, the root included. Up to `keep`
    solutions are copied into the kept array (row i: path of max_depth + 1
    nodes, padded with -1). In FIRST mode the code is FOUND when a solution
    exists; in COUNT mode FOUND means the count is complete. The live
    picture shows the path on the stack and the deepest it has been.
    """
    drawing = live.drawing(counters)
    branch = ops.branching(ctx)
    kids = np.empty((max_depth + 1, branch), dtype=np.int64)
    nk = np.zeros(max_depth + 1, dtype=np.int64)
    pos = np.zeros(max_depth + 1, dtype=np.int64)
    path = np.empty(max_depth + 1, dtype=np.int64)
    kept = np.full((max(keep, 1), max_depth + 1), -1, dtype=np.int64)
    n_kept = 0
    solutions = 0
    nodes = 1
    depth = 0
    deepest = 0  # the longest path held, reported as the peak frontier even if no sample caught it
    path[0] = root
    ops.enter(ctx, root, 0)
    if ops.complete(ctx, root, 0):
        solutions = 1
        kept[0, 0] = root
        n_kept = 1
        ops.leave(ctx, root, 0)
        counters[SOLUTIONS] = 1
        if drawing:
            live.show_stack(counters, live.BACKTRACK, path, 1, 0, 0)
        publish(counters, 1, 0, 0, 1)
        return FOUND, solutions, kept, n_kept, nodes
    if due(counters, nodes):  # a node cap of one: the root alone
        if drawing:
            live.show_stack(counters, live.BACKTRACK, path, 1, 0, 0)
        if publish(counters, nodes, 0, 0, 1):
            ops.leave(ctx, root, 0)
            return STOPPED, solutions, kept, n_kept, nodes
    nk[0] = ops.children(ctx, root, 0, kids[0]) if max_depth > 0 else 0
    while depth >= 0:
        if pos[depth] == nk[depth]:
            ops.leave(ctx, path[depth], depth)
            depth -= 1
            continue
        node = kids[depth, pos[depth]]
        pos[depth] += 1
        depth += 1
        deepest = max(deepest, depth)
        path[depth] = node
        ops.enter(ctx, node, depth)
        nodes += 1
        if ops.complete(ctx, node, depth):
            if n_kept < keep:
                copy_into(kept[n_kept], path, depth + 1)
                n_kept += 1
            solutions += 1
            counters[SOLUTIONS] = solutions
            if mode == FIRST:
                for d in range(depth, -1, -1):
                    ops.leave(ctx, path[d], d)
                if drawing:
                    live.show_stack(counters, live.BACKTRACK, path, depth + 1, depth, deepest)
                publish(counters, nodes, depth, depth, depth + 1)
                return FOUND, solutions, kept, n_kept, nodes
            nk[depth] = 0
        elif depth == max_depth:
            nk[depth] = 0
        else:
            nk[depth] = ops.children(ctx, node, depth, kids[depth])
        pos[depth] = 0
        if due(counters, nodes):
            if drawing:
                live.show_stack(counters, live.BACKTRACK, path, depth + 1, depth, deepest)
            if publish(counters, nodes, depth, depth, depth + 1):
                for d in range(depth, -1, -1):
                    ops.leave(ctx, path[d], d)
                return STOPPED, solutions, kept, n_kept, nodes
    if drawing:  # back at the root: the last picture says how deep the search went
        live.show_stack(counters, live.BACKTRACK, path, 1, 0, deepest)
    publish(counters, nodes, 0, 0, 0)
    counters[MAX_FRONTIER] = max(counters[MAX_FRONTIER], deepest)
    if mode == COUNT or solutions > 0:
        return FOUND, solutions, kept, n_kept, nodes
    return EXHAUSTED, solutions, kept, n_kept, nodes
