"""Breadth-first search with parent links: shortest paths in moves."""
import numpy as np

from puzzle_explorer.core.kernels import ops, picture
from puzzle_explorer.core.kernels.codes import CAP, EXHAUSTED, FOUND, STOPPED
from puzzle_explorer.core.kernels.counters import CHECK_EVERY, publish
from puzzle_explorer.core.kernels.hashset import is_full, new_set, set_add, set_grow, table_bytes
from puzzle_explorer.core.kernels.jit import kernel
from puzzle_explorer.core.kernels.paths import NO_PATH, trace

FIRST_ROOM = 1 << 15  # states the hash set holds before it first grows (512 KiB of table)


def peak_bytes(cap: int) -> int:
    """The most bfs holds under a state cap: two node arrays, the hash set, the path it returns."""
    table_peak, table_final = table_bytes(cap, 8)
    return 16 * cap + max(table_peak, table_final + 8 * cap)


@kernel
def bfs(starts, ctx, cap, counters):
    """Search from starts until a goal; returns (code, states of a shortest path).

    Nodes live in two arrays of `cap` entries (pages are only touched as
    used); the goal test happens when a state is generated. The live picture
    shows the path to the node just expanded, and each finished level's size.
    """
    drawing = picture.drawing(counters)
    out = np.empty(ops.branching(ctx), dtype=np.uint64)
    states = np.empty(cap, dtype=np.uint64)
    parents = np.empty(cap, dtype=np.int64)
    # sized for a small search at once: doubling from the smallest table re-inserts every key
    # again, a fifth of a 25,000-state search's time
    keys = new_set(max(starts.shape[0], min(cap, FIRST_ROOM)))
    count = 0
    for s in starts:
        if set_add(keys, s):
            if count >= cap:
                return CAP, NO_PATH
            states[count] = s
            parents[count] = -1
            count += 1
            if is_full(keys, count):
                keys = set_grow(keys, counters)
                if is_full(keys, count):  # not grown: a stop was asked, and a full table never ends a probe
                    publish(counters, 0, count, 0, count)
                    return STOPPED, NO_PATH
            if ops.is_goal(s, ctx):
                if drawing:
                    picture.show_tree_path(counters, picture.BFS, states, parents, count - 1, 0, 0)
                publish(counters, 0, count, 0, count)
                return FOUND, trace(states, parents, count - 1)
    head = 0
    level_end = count
    depth = 0
    if drawing:
        picture.add_history(counters, count)
    while head < count:
        if head == level_end:
            depth += 1
            if drawing:
                picture.add_history(counters, count - level_end)
            level_end = count
        n = ops.expand(states[head], ctx, out)
        for j in range(n):
            t = out[j]
            if set_add(keys, t):
                if count >= cap:
                    publish(counters, head + 1, count - head, depth, count)
                    return CAP, NO_PATH
                states[count] = t
                parents[count] = head
                count += 1
                if is_full(keys, count):
                    keys = set_grow(keys, counters)
                    if is_full(keys, count):  # a stop cut the growth short: a full table would never end a probe
                        publish(counters, head, count - head, depth, count)
                        return STOPPED, NO_PATH
                if ops.is_goal(t, ctx):
                    if drawing:
                        picture.show_tree_path(counters, picture.BFS, states, parents, count - 1, depth + 1,
                                            count - level_end)
                    publish(counters, head + 1, count - head, depth + 1, count)
                    return FOUND, trace(states, parents, count - 1)
        head += 1
        if head % CHECK_EVERY == 0:
            if drawing:
                picture.show_tree_path(counters, picture.BFS, states, parents, head - 1, depth, count - level_end)
            if publish(counters, head, count - head, depth, count):
                return STOPPED, NO_PATH
    publish(counters, head, 0, depth, count)
    return EXHAUSTED, NO_PATH
