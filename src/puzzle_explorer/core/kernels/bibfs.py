"""Bidirectional breadth-first search: from the starts and from every goal state at once.

Requires reversible moves (expand gives predecessors as well as successors).
Both searches share one node store and one map from state to node; a node
remembers its side and depth. Each round expands one whole level of the side
with the smaller frontier; the first state reached by both sides closes a
shortest path (see the note in `bibfs`).
"""
import numpy as np

from puzzle_explorer.core.kernels import ops, picture
from puzzle_explorer.core.kernels.codes import CAP, EXHAUSTED, FOUND, STOPPED
from puzzle_explorer.core.kernels.counters import CHECK_EVERY, publish
from puzzle_explorer.core.kernels.hashset import is_full, map_get_or_put, map_grow, new_map, table_bytes
from puzzle_explorer.core.kernels.jit import kernel
from puzzle_explorer.core.kernels.paths import NO_PATH, join

FORWARD = 0
BACKWARD = 1


def peak_bytes(cap: int) -> int:
    """The most bibfs holds under a state cap: three node arrays, the map, the two half paths and
    the joined path."""
    table_peak, table_final = table_bytes(cap, 16)
    return 24 * cap + max(table_peak, table_final + 16 * cap)


@kernel
def _show(counters, states, parents, info, forward, backward, depth):
    """The live picture: the path from a start to `forward` and from a goal to `backward`."""
    seq = picture.open_picture(counters, picture.BIBFS, depth)
    f_len = info[forward] // 2 + 1
    b_len = info[backward] // 2 + 1
    counters[picture.LENGTH] = f_len
    counters[picture.KEPT] = picture.trace_path(counters, picture.PATH, picture.SIDE_ROOM, states, parents, forward, f_len)
    counters[picture.OTHER] = b_len
    counters[picture.OTHER_KEPT] = picture.trace_path(counters, picture.OTHER_AT, picture.SIDE_ROOM, states, parents,
                                                backward, b_len)
    picture.close_picture(counters, seq)


@kernel
def _show_found(counters, path):
    seq = picture.open_picture(counters, picture.BIBFS, path.shape[0] - 1)
    counters[picture.LENGTH] = path.shape[0]
    counters[picture.KEPT] = picture.copy_path(counters, picture.PATH, picture.SIDE_ROOM, path, path.shape[0])
    counters[picture.OTHER] = 0
    counters[picture.OTHER_KEPT] = 0
    picture.close_picture(counters, seq)


@kernel
def bibfs(starts, goals, ctx, cap, counters):
    """Shortest path from any start to any goal state; returns (code, path states).

    Why the first meeting is optimal: before a level of side X at depth dX is
    expanded, no state has been reached by both sides, so every path is longer
    than dF + dB. A meeting while expanding it joins a path of dX + 1 + b moves
    with b <= dB on the other side, hence exactly dF + dB + 1: the shortest.

    The live picture shows both sides: the path to the node being expanded,
    and the other side's path to the first node of its frontier.
    """
    drawing = picture.drawing(counters)
    out = np.empty(ops.branching(ctx), dtype=np.uint64)
    states = np.empty(cap, dtype=np.uint64)
    parents = np.empty(cap, dtype=np.int64)
    info = np.empty(cap, dtype=np.int64)  # depth * 2 + side
    keys, vals = new_map(starts.shape[0] + goals.shape[0])
    count = 0
    n_starts = 0
    for side in range(2):
        seeds = starts if side == FORWARD else goals
        for s in seeds:
            if count >= cap:
                return CAP, NO_PATH
            other = map_get_or_put(keys, vals, s, count)
            if other >= 0:
                if info[other] % 2 != side:  # a start that is a goal
                    path = np.empty(1, dtype=np.uint64)
                    path[0] = s
                    return FOUND, path
                continue
            states[count] = s
            parents[count] = -1
            info[count] = side
            count += 1
            if is_full(keys, count):
                keys, vals = map_grow(keys, vals, counters)
                if is_full(keys, count):  # not grown: a stop was asked, and a full table never ends a probe
                    publish(counters, 0, count, 0, count)
                    return STOPPED, NO_PATH
        if side == FORWARD:
            n_starts = count
    lo = np.zeros(2, dtype=np.int64)  # current level of each side: nodes lo..hi-1
    hi = np.zeros(2, dtype=np.int64)
    lo[FORWARD], hi[FORWARD] = 0, n_starts
    lo[BACKWARD], hi[BACKWARD] = n_starts, count
    depth = np.zeros(2, dtype=np.int64)
    expanded = 0
    while hi[FORWARD] > lo[FORWARD] and hi[BACKWARD] > lo[BACKWARD]:
        side = FORWARD if hi[FORWARD] - lo[FORWARD] <= hi[BACKWARD] - lo[BACKWARD] else BACKWARD
        level_start = count
        for node in range(lo[side], hi[side]):
            n = ops.expand(states[node], ctx, out)
            for j in range(n):
                t = out[j]
                other = map_get_or_put(keys, vals, t, count)
                if other >= 0:
                    if info[other] % 2 != side:
                        publish(counters, expanded + 1, count - level_start, depth[0] + depth[1] + 1, count)
                        if side == FORWARD:
                            found = join(states, parents, node, states, parents, other)
                        else:
                            found = join(states, parents, other, states, parents, node)
                        if drawing:
                            _show_found(counters, found)
                        return FOUND, found
                    continue
                if count >= cap:
                    publish(counters, expanded, count - level_start, depth[0] + depth[1], count)
                    return CAP, NO_PATH
                states[count] = t
                parents[count] = node
                info[count] = (depth[side] + 1) * 2 + side
                count += 1
                if is_full(keys, count):
                    keys, vals = map_grow(keys, vals, counters)
                    if is_full(keys, count):  # a stop cut the growth short: a full table would never end a probe
                        publish(counters, expanded, count - level_start, depth[0] + depth[1], count)
                        return STOPPED, NO_PATH
            expanded += 1
            if expanded % CHECK_EVERY == 0:
                if drawing:
                    if side == FORWARD:
                        _show(counters, states, parents, info, node, lo[BACKWARD], depth[0] + depth[1])
                    else:
                        _show(counters, states, parents, info, lo[FORWARD], node, depth[0] + depth[1])
                frontier = (hi[0] - lo[0]) + (hi[1] - lo[1]) + count - level_start
                if publish(counters, expanded, frontier, depth[0] + depth[1], count):
                    return STOPPED, NO_PATH
        depth[side] += 1
        lo[side] = level_start
        hi[side] = count
    publish(counters, expanded, 0, depth[0] + depth[1], count)
    return EXHAUSTED, NO_PATH
