"""A* with a bucket queue: optimal when the puzzle's heuristic is admissible.

Moves cost one each, so f = g + h is a small integer and the open list is an
array of buckets, one linked list of nodes per f value, popped last-in first
out (deepest first among equals). A state reached again by a shorter path
gets a fresh node; the stale node is skipped when it surfaces.
"""
import numpy as np

from puzzle_explorer.core.kernels import ops, picture
from puzzle_explorer.core.kernels.arrays import copy_into
from puzzle_explorer.core.kernels.codes import CAP, EXHAUSTED, FOUND, MEMORY, STOPPED
from puzzle_explorer.core.kernels.counters import CHECK_EVERY, publish
from puzzle_explorer.core.kernels.hashset import is_full, map_get, map_grow, map_put, new_map, table_bytes
from puzzle_explorer.core.kernels.jit import kernel
from puzzle_explorer.core.kernels.paths import NO_PATH, trace

BUCKET_SHARE = 16  # the bucket heads may take 1/16 of the budget
# per f value allowed: its head (8 bytes), the array rounded up to a power of two (x2) and the
# old array alive while it doubles (x1.5)
BUCKET_BYTES = 24


def peak_bytes(cap: int) -> int:
    """The most astar holds under a node cap besides the buckets: four node arrays, the map,
    the path it returns."""
    table_peak, table_final = table_bytes(cap, 16)
    return 32 * cap + max(table_peak, table_final + 8 * cap)


def bucket_room(budget: int) -> int:
    """How many f values the bucket heads may cover within their share of the budget."""
    return max(1024, budget // BUCKET_SHARE // BUCKET_BYTES)


@kernel
def _more_buckets(heads, f):
    """heads with room for f (doubled as needed), new buckets empty."""
    size = heads.shape[0]
    while f >= size:
        size *= 2
    if size == heads.shape[0]:
        return heads
    bigger = np.full(size, -1, dtype=np.int64)
    copy_into(bigger, heads, heads.shape[0])
    return bigger


@kernel
def _show(counters, states, parents, g, node, ctx):
    """The live picture: the path to `node`, its g and h."""
    gn = g[node]
    hn = ops.heuristic(states[node], ctx)
    counters[picture.G] = gn
    counters[picture.H] = hn
    picture.show_tree_path(counters, picture.ASTAR, states, parents, node, gn, 0)


@kernel
def astar(starts, ctx, cap, max_buckets, counters):
    """Shortest path from any start to a goal; returns (code, path states).

    At most `cap` nodes, and f values below `max_buckets` (MEMORY past either:
    the bucket heads are an array indexed by f). The live picture shows the
    path to the node just expanded, with its g and h.
    """
    drawing = picture.drawing(counters)
    out = np.empty(ops.branching(ctx), dtype=np.uint64)
    states = np.empty(cap, dtype=np.uint64)
    parents = np.empty(cap, dtype=np.int64)
    g = np.empty(cap, dtype=np.int64)
    nxt = np.empty(cap, dtype=np.int64)
    heads = np.full(256, -1, dtype=np.int64)
    keys, vals = new_map(starts.shape[0])
    count = 0
    distinct = 0
    open_size = 0
    fmin = heads.shape[0]
    for s in starts:
        if count >= cap:
            return CAP, NO_PATH
        if map_get(keys, vals, s) >= 0:
            continue
        f = ops.heuristic(s, ctx)
        if f >= ops.DEAD_END:
            continue
        map_put(keys, vals, s, count)
        distinct += 1
        if f >= max_buckets:
            return MEMORY, NO_PATH
        heads = _more_buckets(heads, f)
        states[count] = s
        parents[count] = -1
        g[count] = 0
        nxt[count] = heads[f]
        heads[f] = count
        fmin = min(fmin, f)
        count += 1
        open_size += 1
    expanded = 0
    while open_size > 0:
        while heads[fmin] < 0:
            fmin += 1
        node = heads[fmin]
        heads[fmin] = nxt[node]
        open_size -= 1
        s = states[node]
        if map_get(keys, vals, s) != node:
            continue  # superseded by a shorter path
        if ops.is_goal(s, ctx):
            if drawing:
                _show(counters, states, parents, g, node, ctx)
            publish(counters, expanded, open_size, fmin, distinct)
            return FOUND, trace(states, parents, node)
        n = ops.expand(s, ctx, out)
        gc = g[node] + 1
        for j in range(n):
            t = out[j]
            known = map_get(keys, vals, t)
            if known >= 0 and g[known] <= gc:
                continue
            h = ops.heuristic(t, ctx)
            if h >= ops.DEAD_END:
                continue
            if count >= cap:
                publish(counters, expanded, open_size, fmin, distinct)
                return CAP, NO_PATH
            if known < 0:
                distinct += 1
            map_put(keys, vals, t, count)
            if is_full(keys, distinct):
                keys, vals = map_grow(keys, vals, counters)
                if is_full(keys, distinct):  # a stop cut the growth short: a full table would never end a probe
                    publish(counters, expanded, open_size, fmin, distinct)
                    return STOPPED, NO_PATH
            f = gc + h
            if f >= max_buckets:
                publish(counters, expanded, open_size, fmin, distinct)
                return MEMORY, NO_PATH
            heads = _more_buckets(heads, f)
            states[count] = t
            parents[count] = node
            g[count] = gc
            nxt[count] = heads[f]
            heads[f] = count
            if f < fmin:
                fmin = f
            count += 1
            open_size += 1
        expanded += 1
        if expanded % CHECK_EVERY == 0:
            if drawing:
                _show(counters, states, parents, g, node, ctx)
            if publish(counters, expanded, open_size, fmin, distinct):
                return STOPPED, NO_PATH
    publish(counters, expanded, 0, fmin, distinct)
    return EXHAUSTED, NO_PATH
