"""Depth-first backtracking over a mutable puzzle context, with an explicit stack.

The puzzle's hooks decide everything about the problem: `children` lists the
next nodes to try (in order, already pruned), `enter`/`leave` apply and undo
a step on the context, `complete` says whether the path so far is a solution.
The kernel owns the stack, the counting, progress and stopping. A complete
path is a leaf: it is counted and not extended. Nodes are what a state cap
counts here (core/kernels/counters.py's NODE_CAP): the search holds nothing that grows.
"""
import numpy as np

from puzzle_explorer.core.kernels import ops, picture
from puzzle_explorer.core.kernels.arrays import copy_into
from puzzle_explorer.core.kernels.codes import CAP, EXHAUSTED, FOUND, STOPPED
from puzzle_explorer.core.kernels.counters import MAX_FRONTIER, SOLUTIONS, due, publish
from puzzle_explorer.core.kernels.jit import helper, kernel

FIRST = 0  # stop at the first solution
COUNT = 1  # count every solution
SPLIT = 2  # stop at a depth and hand out the paths that reach it


def fixed_bytes(max_depth: int, branch: int, keep: int) -> int:
    """What backtrack holds, all allocated at the start: the stack (children, positions, path)
    and the kept solutions, with the caller's copies of them."""
    rows = max_depth + 1
    return rows * (8 * branch + 24) + 2 * max(keep, 1) * rows * 8


@helper
def unwind(ctx, path, depth):
    """Leave the nodes of the path from depth back to the root: the context as it was given."""
    for d in range(depth, -1, -1):
        ops.leave(ctx, path[d], d)


@kernel
def backtrack(ctx, prefix, max_depth, mode, keep, cut, counters):
    """Search paths that begin with prefix (the root alone, or a path a SPLIT run handed out);
    returns (code, solution count, kept paths, kept count, nodes).

    Nodes are counted as they are entered below the prefix, plus the root when the prefix is the
    root alone: so a SPLIT run's nodes and those of the searches from its prefixes add up to one
    search's. Up to `keep` solutions are copied into the kept array (row i: path of max_depth + 1
    nodes, padded with -1). In FIRST mode the code is FOUND when a solution exists; in COUNT mode
    FOUND means the count is complete. SPLIT stops at depth `cut`: every path that reaches it,
    and every solution above it, is a row of kept in search order (solutions are left for the
    search from that prefix to count); CAP when there are more than `keep`. The live picture
    shows the path on the stack and the deepest it has been.
    """
    drawing = picture.drawing(counters)
    branch = ops.branching(ctx)
    kids = np.empty((max_depth + 1, branch), dtype=np.int64)
    nk = np.zeros(max_depth + 1, dtype=np.int64)
    pos = np.zeros(max_depth + 1, dtype=np.int64)
    path = np.empty(max_depth + 1, dtype=np.int64)
    kept = np.full((max(keep, 1), cut + 1 if mode == SPLIT else max_depth + 1), -1, dtype=np.int64)
    n_kept = 0
    solutions = 0
    base = prefix.shape[0] - 1
    nodes = 1 if base == 0 else 0
    for d in range(base + 1):
        path[d] = prefix[d]
        ops.enter(ctx, prefix[d], d)
    depth = base
    deepest = base  # the longest path held, reported as the peak frontier even if no sample caught it
    top = prefix[base]
    if ops.complete(ctx, top, base):  # a leaf: a solution (SPLIT hands it out as a prefix)
        solutions = 0 if mode == SPLIT else 1
        copy_into(kept[0], path, base + 1)
        n_kept = 1
        unwind(ctx, path, base)
        counters[SOLUTIONS] = solutions
        if drawing:
            picture.show_stack(counters, picture.BACKTRACK, path, base + 1, base, base)
        publish(counters, nodes, base, base, base + 1)
        counters[MAX_FRONTIER] = max(counters[MAX_FRONTIER], deepest)
        return FOUND, solutions, kept, n_kept, nodes
    if due(counters, nodes):  # a node cap of one: the root alone
        if drawing:
            picture.show_stack(counters, picture.BACKTRACK, path, base + 1, base, base)
        if publish(counters, nodes, base, base, base + 1):
            unwind(ctx, path, base)
            return STOPPED, solutions, kept, n_kept, nodes
    nk[base] = ops.children(ctx, top, base, kids[base]) if max_depth > base else 0
    pos[base] = 0
    while depth >= base:
        if pos[depth] == nk[depth]:
            if depth == base:
                break
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
        if mode == SPLIT and (depth == cut or ops.complete(ctx, node, depth)):
            if n_kept == keep:
                unwind(ctx, path, depth)
                return CAP, solutions, kept, n_kept, nodes
            copy_into(kept[n_kept], path, depth + 1)
            n_kept += 1
            nk[depth] = 0
        elif ops.complete(ctx, node, depth):
            if n_kept < keep:
                copy_into(kept[n_kept], path, depth + 1)
                n_kept += 1
            solutions += 1
            counters[SOLUTIONS] = solutions
            if mode == FIRST:
                unwind(ctx, path, depth)
                if drawing:
                    picture.show_stack(counters, picture.BACKTRACK, path, depth + 1, depth, deepest)
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
                picture.show_stack(counters, picture.BACKTRACK, path, depth + 1, depth, deepest)
            if publish(counters, nodes, depth, depth, depth + 1):
                unwind(ctx, path, depth)
                return STOPPED, solutions, kept, n_kept, nodes
    unwind(ctx, path, base)
    if drawing:  # back at the root: the last picture says how deep the search went
        picture.show_stack(counters, picture.BACKTRACK, path, base + 1, base, deepest)
    publish(counters, nodes, base, base, 0)
    counters[MAX_FRONTIER] = max(counters[MAX_FRONTIER], deepest)
    if mode != FIRST or solutions > 0:
        return FOUND, solutions, kept, n_kept, nodes
    return EXHAUSTED, solutions, kept, n_kept, nodes
